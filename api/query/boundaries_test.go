package query

import "testing"

func TestBoundaryAutocompleteGolden(t *testing.T) {
	golden(t, "boundaries_autocomplete", BoundaryAutocomplete{Text: "exe", Size: 10}.Body())
	golden(t, "boundaries_autocomplete_types", BoundaryAutocomplete{Text: "St Davids", Types: []string{"ward", "town"}, Size: 5}.Body())
}
