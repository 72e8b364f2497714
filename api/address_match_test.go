package api

import (
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestAddressMatchScore(t *testing.T) {
	house := &mappings.Address{BuildingNumber: "12", StreetName: "High Street"}
	flat := &mappings.Address{SubBuilding: "Flat 3", BuildingNumber: "12", StreetName: "High Street"}
	named := &mappings.Address{BuildingName: "Rose Cottage", StreetName: "Mill Lane"}
	cases := []struct {
		text string
		a    *mappings.Address
		lo   float64
		hi   float64
	}{
		{"12 High Street", house, 1, 1},
		{"12 high st, Exeter", house, 1, 1},
		{"14 High Street", house, 0, 0.4},         // another house
		{"High Street", house, 0, 0.6},            // no number: below the threshold
		{"Flat 3, 12 High Street", flat, 1, 1},    // the flat itself
		{"Flat 3, 12 High Street", house, 0, 0.6}, // not the whole house
		{"12 High Street", flat, 0, 0.8},          // the flat is not named
		{"Rose Cottage, Mill Lane", named, 1, 1},  // a named house
		{"Rose Cottage", named, 0.5, 0.5},         // street missing
		{"Nothing like it", named, 0, 0},
	}
	for _, c := range cases {
		got := addressMatchScore(c.text, c.a)
		if got < c.lo || got > c.hi {
			t.Errorf("%q vs %+v: score %.2f, want %.2f..%.2f", c.text, *c.a, got, c.lo, c.hi)
		}
	}
}

// TestAmenityTypesDocumented keeps the types enum of amenities/nearby in
// the OpenAPI document equal to the amenity catalogue.
func TestAmenityTypesDocumented(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	op := doc["paths"].(map[string]any)["/amenities/nearby"].(map[string]any)["get"].(map[string]any)
	for _, p := range op["parameters"].([]any) {
		pm, _ := p.(map[string]any)
		if pm["name"] != "types" {
			continue
		}
		enum := pm["schema"].(map[string]any)["items"].(map[string]any)["enum"].([]any)
		want := amenityTypes()
		if len(enum) != len(want) {
			t.Fatalf("types enum has %d values, the catalogue %d", len(enum), len(want))
		}
		for i := range want {
			if enum[i] != want[i] {
				t.Errorf("types enum[%d] = %v, catalogue %s", i, enum[i], want[i])
			}
		}
		return
	}
	t.Fatal("amenities/nearby has no types parameter")
}
