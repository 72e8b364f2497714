package query

import "testing"

func TestPostcodeSuccessors(t *testing.T) {
	golden(t, "postcode_successors_near", PostcodeSuccessors("EX1 1", &GeoPoint{Lat: 50.72, Lon: -3.52}, 3))
	golden(t, "postcode_successors_no_location", PostcodeSuccessors("EX1 1", nil, 3))
}

func TestPostcodeMovedTo(t *testing.T) {
	golden(t, "properties_postcode_moved_to", PostcodeMovedTo("EX1 1AS", 10))
	golden(t, "postcodes_live", LivePostcodes([]string{"EX1 1AB", "EX1 1AD"}))
}
