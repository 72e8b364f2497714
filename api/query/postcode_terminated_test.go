package query

import "testing"

func TestPostcodeSuccessors(t *testing.T) {
	golden(t, "postcode_successors_near", PostcodeSuccessors("EX1 1", &GeoPoint{Lat: 50.72, Lon: -3.52}, 3))
	golden(t, "postcode_successors_no_location", PostcodeSuccessors("EX1 1", nil, 3))
}
