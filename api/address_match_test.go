package api

import (
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
)

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

// TestAddressMatchHandler: the handler sends the matcher's searches,
// answers the quality block with the older fields beside it, and needs no
// postcode.
func TestAddressMatchHandler(t *testing.T) {
	src := `{"uprn":7,"building_number":"4","street_name":"Percy Mews","town_name":"Exeter","post_town":"Exeter","postcode":"EX1 1BA","full_address":"4 Percy Mews, Exeter, EX1 1BA","house_number":"4"}`
	var sent int
	be := &fakeBackend{MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
		sent += len(items)
		r := &search.Response{}
		r.Hits.Hits = []search.Hit{{ID: "7", Source: json.RawMessage(src)}}
		return []*search.Response{r}, nil
	}}
	s := newTestServer(t, be)
	for _, c := range []struct{ target, status, pc string }{
		{"/api/address/match?address=4+Percy+Mews&postcode=EX1+1BA", "matched", "EX1 1BA"},
		{"/api/address/match?address=4+percy+mews,+exeter", "matched", ""},
		{"/api/address/match?address=4+Percy+Mews&postcode=EX11BB", "matched", "EX1 1BB"},
		{"/api/address/match?address=6+Percy+Mews&postcode=EX1+1BA", "no_match", "EX1 1BA"},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", c.target, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", c.target, rec.Code, rec.Body)
		}
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		var wantPC any = c.pc
		if c.pc == "" {
			wantPC = nil // no postcode submitted: null, never ""
		}
		if body["status"] != c.status || body["postcode"] != wantPC {
			t.Errorf("%s: %s", c.target, rec.Body)
		}
		for _, k := range []string{"uprn", "address", "confidence", "match_type", "recommendation", "reasons", "parsed", "candidates", "matched_address", "match_level"} {
			if _, ok := body[k]; !ok {
				t.Errorf("%s: no %s in %s", c.target, k, rec.Body)
			}
		}
	}
	// The postcode's addresses for the three rows with a postcode (the
	// first settled by them), the filtered retrieval for the other three
	// (two accepted by it), and for the row not accepted the candidate
	// query alone (its words are the candidate's as spelt: no second
	// search with typos allowed).
	if sent != 7 {
		t.Errorf("%d searches, want 7", sent)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/address/match?address=4+Percy+Mews&postcode=nope", nil))
	if rec.Code != 422 {
		t.Errorf("bad postcode: %d", rec.Code)
	}
}
