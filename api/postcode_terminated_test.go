package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// terminatedBackend holds one terminated postcode (EX1 1AS, 2019-06) and
// answers the successor search with two live postcodes of its sector.
func terminatedBackend(t *testing.T) *fakeBackend {
	t.Helper()
	term := mappings.Postcode{Postcode: "EX1 1AS", PostcodeKey: "EX11AS", Outcode: "EX1", Sector: "EX1 1", Area: "EX",
		Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.52}, Terminated: "201906", IsTerminated: true, Country: "E"}
	tb, _ := json.Marshal(term)
	succ := func(pc string, dist float64) search.Hit {
		src, _ := json.Marshal(map[string]any{"postcode": pc})
		d, _ := json.Marshal(dist)
		return search.Hit{ID: pc, Source: src, Sort: []json.RawMessage{d}}
	}
	return &fakeBackend{
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			if strings.HasSuffix(index, mappings.IndexPostcodes) && id == "EX1 1AS" {
				return tb, true, nil
			}
			return nil, false, nil
		},
		SearchFn: func(index string, body any) (*search.Response, error) {
			if strings.HasSuffix(index, mappings.IndexPostcodes) {
				b, _ := json.Marshal(body)
				if !strings.Contains(string(b), `"is_terminated":false`) || !strings.Contains(string(b), `"sector":"EX1 1"`) {
					t.Errorf("successor search %s", b)
				}
				return resp(2, succ("EX1 1AT", 84.4), succ("EX1 1AB", 230)), nil
			}
			return resp(0), nil
		},
	}
}

func TestTerminatedPostcodeLookup(t *testing.T) {
	rec := do(t, newTestServer(t, terminatedBackend(t)), http.MethodGet, "/api/v1/address/postcode/EX1%201AS", "")
	var out struct {
		Count      int                 `json:"count"`
		Terminated string              `json:"terminated"`
		Successors []postcodeSuccessor `json:"successors"`
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
	if out.Terminated != "2019-06" || out.Count != 0 || len(out.Successors) != 2 || out.Successors[0].Postcode != "EX1 1AT" ||
		out.Successors[0].Basis != successorNearestInSector || out.Successors[0].DistanceM == nil || *out.Successors[0].DistanceM != 84 {
		t.Errorf("lookup of a terminated postcode: %s", rec.Body)
	}
}

func TestTerminatedPostcodeNeedsLive(t *testing.T) {
	for _, path := range []string{
		"/api/v1/schools/nearby?postcode=EX1%201AS",
		"/api/v1/crime?postcode=EX11AS",
		"/api/v1/deprivation?postcode=EX1%201AS",
		"/api/v1/planning/search?postcode=EX1%201AS",
		"/api/v1/address/find?q=1%20high&postcode=EX1%201AS",
		"/api/v1/amenities/nearby?postcode=EX1%201AS",
		"/api/v1/demographics?postcode=EX1%201AS",
		"/api/v1/fuel-stations/ev?postcode=EX1%201AS",
		"/api/v1/healthcare/gps?postcode=EX1%201AS",
		"/api/v1/listed-buildings?postcode=EX1%201AS",
		// These look the postcode up in their own dataset first: nothing
		// there is the 410, not a 404.
		"/api/v1/broadband?postcode=EX1%201AS",
		"/api/v1/council_tax_band?postcode=EX1%201AS&building_number=1",
	} {
		rec := do(t, newTestServer(t, terminatedBackend(t)), http.MethodGet, path, "")
		var out struct {
			Error struct {
				Code    string `json:"code"`
				Details struct {
					Terminated string              `json:"terminated"`
					Successors []postcodeSuccessor `json:"successors"`
				} `json:"details"`
			} `json:"error"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		if rec.Code != http.StatusGone || out.Error.Code != CodePostcodeTerminated || out.Error.Details.Terminated != "2019-06" ||
			len(out.Error.Details.Successors) != 2 {
			t.Errorf("%s: %d %s, want 410 postcode_terminated with successors", path, rec.Code, rec.Body)
		}
	}
}

// TestTerminatedPostcodeUPRNHistory: when the properties' directory history
// says where the terminated postcode's UPRNs went, those live postcodes are
// the successors (with how many UPRNs moved to each, most first), a
// terminated one among them is left out, and the sector fallback is not
// asked; every endpoint shows the same list.
func TestTerminatedPostcodeUPRNHistory(t *testing.T) {
	fb := terminatedBackend(t)
	sector := fb.SearchFn
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		b, _ := json.Marshal(body)
		switch {
		case strings.HasSuffix(index, mappings.IndexProperties):
			if !strings.Contains(string(b), `"postcode_history.postcode":"EX1 1AS"`) {
				t.Errorf("history search %s", b)
			}
			r := resp(0)
			r.Aggregations = map[string]json.RawMessage{"moved_to": json.RawMessage(
				`{"buckets":[{"key":"EX1 1AB","doc_count":2},{"key":"EX1 1ZZ","doc_count":1},{"key":"EX1 1AD","doc_count":1}]}`)}
			return r, nil
		case strings.Contains(string(b), `"terms":{"postcode"`):
			if !strings.Contains(string(b), `"is_terminated":false`) {
				t.Errorf("live postcode search %s", b)
			}
			live := func(pc string, lat float64) search.Hit {
				src, _ := json.Marshal(map[string]any{"postcode": pc, "location": map[string]float64{"lat": lat, "lon": -3.52}})
				return search.Hit{ID: pc, Source: src}
			}
			return resp(2, live("EX1 1AD", 50.721), live("EX1 1AB", 50.72)), nil // EX1 1ZZ is terminated too
		case strings.Contains(string(b), `"sector"`):
			t.Errorf("sector fallback asked although the history named successors: %s", b)
		}
		return sector(index, body)
	}
	srv := newTestServer(t, fb)
	want := `[{"postcode":"EX1 1AB","basis":"uprn_history","distance_m":0,"uprns":2},{"postcode":"EX1 1AD","basis":"uprn_history","distance_m":111,"uprns":1}]`
	for _, path := range []string{"/api/v1/address/postcode/EX1%201AS", "/api/v1/schools/nearby?postcode=EX1%201AS", "/api/v1/crime?postcode=EX11AS"} {
		rec := do(t, srv, http.MethodGet, path, "")
		var out struct {
			Successors json.RawMessage `json:"successors"`
			Error      struct {
				Details struct {
					Successors json.RawMessage `json:"successors"`
				} `json:"details"`
			} `json:"error"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		got := out.Successors
		if got == nil {
			got = out.Error.Details.Successors
		}
		if string(got) != want {
			t.Errorf("%s: %d successors %s, want %s", path, rec.Code, got, want)
		}
	}
}
