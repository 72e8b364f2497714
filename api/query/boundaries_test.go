package query

import "testing"

func TestBoundaryAutocompleteGolden(t *testing.T) {
	golden(t, "boundaries_autocomplete", BoundaryAutocomplete{Text: "exe", Size: 10}.Body())
	golden(t, "boundaries_autocomplete_types", BoundaryAutocomplete{Text: "St Davids", Types: []string{"ward", "town"}, Size: 5}.Body())
}

func TestBoundaryPlacesGolden(t *testing.T) {
	golden(t, "boundaries_places", BoundaryPlaces{BBox: BBox{MinLon: -0.95, MinLat: 60.70, MaxLon: -0.75, MaxLat: 60.82},
		Types: []string{"town", "locality", "street"}, Size: 201}.Body())
}
