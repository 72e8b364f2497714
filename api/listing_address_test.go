package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestListingAddress(t *testing.T) {
	linked := mappings.Listing{ID: "L1", UPRN: 10, DisplayAddress: "High Street, Exeter", Postcode: "EX1 1AE"}
	unlinked := mappings.Listing{ID: "L2", DisplayAddress: "12 High St, Exeter", Postcode: "EX1 1AE"}
	vague := mappings.Listing{ID: "L3", DisplayAddress: "Exeter", Postcode: "EX1 1AE"}
	a10, a12 := addr(10, "", "", "10", "High Street"), addr(12, "", "", "12", "High Street")
	docs := map[string]any{"listings/L1": linked, "listings/L2": unlinked, "listings/L3": vague, "addresses/10": a10}
	fb := propertyBackend(t, docs, nil)
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		if index != "addresses" {
			return resp(0), nil
		}
		b := string(mustJSON(t, body))
		if strings.Contains(b, `"numbers":"12"`) {
			return resp(1, hit(t, "12", a12)), nil
		}
		return resp(1, hit(t, "10", a10)), nil
	}
	s := newTestServer(t, fb)
	for _, tc := range []struct {
		id     string
		status int
		uprn   float64
		method string
	}{{"L1", 200, 10, "linked"}, {"L2", 200, 12, "address_match"}, {"L3", 404, 0, ""}} {
		rec := do(t, s, "POST", "/api/listing-address/", `{"listing_id":"`+tc.id+`"}`)
		if rec.Code != tc.status {
			t.Fatalf("%s: %d %s", tc.id, rec.Code, rec.Body)
		}
		if tc.status == 200 {
			m := decodeMap(t, rec.Body.Bytes())
			if m["uprn"].(float64) != tc.uprn || m["method"] != tc.method || m["confidence"].(float64) < 0.5 {
				t.Errorf("%s: %v", tc.id, m)
			}
		}
	}
}

func TestMatchConfidence(t *testing.T) {
	a := addr(1, "", "", "12", "High Street")
	if c := matchConfidence("12 High St, Exeter", &a, 1); c < 0.9 {
		t.Errorf("abbreviated street: %v", c)
	}
	if c := matchConfidence("High Street, Exeter", &a, 3); c >= listingAddressMinConfidence {
		t.Errorf("no number: %v", c)
	}
	_ = errors.New
}
