package api

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// nearbyFake answers postcode and property lookups for EX1 1AE and UPRN
// 100040000001 (both at Exeter), and 404 for anything else.
func nearbyFake() *fakeBackend {
	exeter := &mappings.GeoPoint{Lat: 50.7236, Lon: -3.5275}
	return &fakeBackend{
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			switch {
			case strings.HasSuffix(index, mappings.IndexPostcodes) && id == "EX1 1AE":
				b, _ := json.Marshal(mappings.Postcode{Postcode: "EX1 1AE", Location: exeter})
				return b, true, nil
			case strings.HasSuffix(index, mappings.IndexProperties) && id == "100040000001":
				b, _ := json.Marshal(mappings.Property{UPRN: 100040000001, Location: exeter})
				return b, true, nil
			}
			return nil, false, nil
		},
		CountFn: func(index string, body any) (int64, error) {
			if strings.Contains(string(mustJSONAny(body)), `"42"`) {
				return 1, nil
			}
			return 0, nil
		},
	}
}

func mustJSONAny(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// newNearbyServer builds a server with an index prefix and a fixed clock.
func newNearbyServer(t *testing.T, fb *fakeBackend) *Server {
	t.Helper()
	fb.T = t
	return NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), IndexPrefix: "t1-",
		Now: func() time.Time { return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) }})
}

func TestNearbyErrors(t *testing.T) {
	tests := []struct {
		url    string
		status int
		code   string
	}{
		// live-listings/search
		{"/api/v1/live-listings/search/?page_size=0", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?page_size=101", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?page=0", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?page=400&page_size=30", 422, CodePageTooDeep},
		{"/api/v1/live-listings/search/?page=101&page_size=100", 422, CodePageTooDeep},
		{"/api/v1/live-listings/search/?sort=price", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?boundary_id=abc", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?boundary_id=-4", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?boundary_id=42&uprn=100040000001", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?boundary_id=99", 404, CodeNotFound},
		{"/api/v1/live-listings/search/?uprn=abc", 400, CodeInvalidUPRN},
		{"/api/v1/live-listings/search/?uprn=100040009999", 404, CodeNotFound},
		{"/api/v1/live-listings/search/?radius_km=1", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?uprn=100040000001&radius_km=6", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?transaction_type=Lease", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?property_type=Detached,Castle", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?bedrooms=3&max_bedrooms=2", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?bedrooms=51", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?min_price=500000&max_price=100000", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?min_price=-1", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?bbox=1,2,3", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?new_builds_only=maybe", 422, CodeInvalidParams},
		{"/api/v1/live-listings/search/?reduced_only=2", 422, CodeInvalidParams},
		// live-listings/clusters
		{"/api/v1/live-listings/clusters/?bbox=-3.6,50.7,-3.5,50.75", 422, CodeInvalidParams},
		{"/api/v1/live-listings/clusters/?zoom=23&bbox=-3.6,50.7,-3.5,50.75", 422, CodeInvalidParams},
		{"/api/v1/live-listings/clusters/?zoom=12", 422, CodeInvalidParams},
		{"/api/v1/live-listings/clusters/?zoom=12&bbox=-3.5,50.7,-3.6,50.75", 422, CodeInvalidParams},
		{"/api/v1/live-listings/clusters/?zoom=12&boundary_id=7", 404, CodeNotFound},
		// schools/nearby
		{"/api/v1/schools/nearby", 422, CodeInvalidParams},
		// Several location forms: the most specific wins (no 422); invalid values of any form are refused.
		{"/api/v1/schools/nearby?postcode=EX1+1AE&lat=95&lng=-3.5", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?lat=", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?lat=50.7", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?lat=50.7", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?lat=91&lng=0", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?uprn=100040000001", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?postcode=XYZ", 422, CodeInvalidPostcode},
		{"/api/v1/schools/nearby?postcode=EX9+9ZZ", 404, CodeNotFound},
		{"/api/v1/schools/nearby?postcode=EX1+1AE&radius=0.05", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?postcode=EX1+1AE&radius=5.1", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?postcode=EX1+1AE&limit=0", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?postcode=EX1+1AE&limit=51", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?postcode=EX1+1AE&phase=Infant", 422, CodeInvalidParams},
		{"/api/v1/schools/nearby?postcode=EX1+1AE&ofsted=Bad", 422, CodeInvalidParams},
		// amenities/nearby
		{"/api/v1/amenities/nearby", 422, CodeInvalidParams},
		{"/api/v1/amenities/nearby?postcode=EX1+1AE&types=rocket", 422, CodeInvalidParams},
		{"/api/v1/amenities/nearby?uprn=100040000001&lat=50.7&lng=", 422, CodeInvalidParams},
		{"/api/v1/amenities/nearby?uprn=abc", 400, CodeInvalidUPRN},
		{"/api/v1/amenities/nearby?uprn=100040009999", 404, CodeNotFound},
		{"/api/v1/amenities/nearby?uprn=100040000001&types=gp,spa", 422, CodeInvalidParams},
		{"/api/v1/amenities/nearby?uprn=100040000001&radius_km=0.05", 422, CodeInvalidParams},
		{"/api/v1/amenities/nearby?uprn=100040000001&radius_km=10.5", 422, CodeInvalidParams},
		{"/api/v1/amenities/nearby?uprn=100040000001&limit=101", 422, CodeInvalidParams},
		// catalogue
		{"/api/v1/amenities/zoo/?postcode=EX1+1AE", 404, CodeNotFound},
		{"/api/v1/amenities/fuel/?postcode=EX1+1AE", 404, CodeNotFound},
		{"/api/v1/healthcare/vets/?postcode=EX1+1AE", 404, CodeNotFound},
		{"/api/v1/fuel-stations/diesel/?postcode=EX1+1AE", 404, CodeNotFound},
		{"/api/v1/amenities/food/", 422, CodeInvalidParams},
		{"/api/v1/amenities/", 422, CodeInvalidParams},
		{"/api/v1/healthcare/?postcode=&uprn=100040000001", 422, CodeInvalidPostcode},
		{"/api/v1/fuel-stations/ev/?postcode=bad", 422, CodeInvalidPostcode},
		{"/api/v1/fuel-stations/?lat=50.7&lng=-3.5&radius_km=11", 422, CodeInvalidParams},
		// planning/search
		{"/api/v1/planning/search/", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&lat=50&lng=-300", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&radius_km=5.5", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&radius_km=0", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&days=366", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&days=0", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&type=Major", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&status=Pending", 422, CodeInvalidParams},
		{"/api/v1/planning/search/?postcode=EX1+1AE&page=401", 422, CodePageTooDeep},
		{"/api/v1/planning/search/?postcode=nope", 422, CodeInvalidPostcode},
		// crime
		{"/api/v1/crime/", 422, CodeInvalidParams},
		{"/api/v1/crime/?postcode=12345", 422, CodeInvalidPostcode},
		{"/api/v1/crime/?postcode=EX9+9ZZ", 404, CodeNotFound},
		{"/api/v1/crime/?postcode=EX1+1AE&radius_km=2.5", 422, CodeInvalidParams},
		{"/api/v1/crime/?postcode=EX1+1AE&months=25", 422, CodeInvalidParams},
		{"/api/v1/crime/?postcode=EX1+1AE&limit=101", 422, CodeInvalidParams},
		// listed-buildings
		{"/api/v1/listed-buildings/", 422, CodeMissingPostcode},
		{"/api/v1/listed-buildings/?postcode=EX1", 422, CodeInvalidPostcode},
		{"/api/v1/listed-buildings/?postcode=EX1+1AE&grade=III", 422, CodeInvalidParams},
		{"/api/v1/listed-buildings/?postcode=EX1+1AE&radius_km=6", 422, CodeInvalidParams},
		{"/api/v1/listed-buildings/?postcode=EX1+1AE&limit=0", 422, CodeInvalidParams},
		// boundaries/autocomplete
		{"/api/v1/boundaries/autocomplete/", 422, CodeQueryTooShort},
		{"/api/v1/boundaries/autocomplete/?q=e", 422, CodeQueryTooShort},
		{"/api/v1/boundaries/autocomplete/?q=" + strings.Repeat("x", 101), 422, CodeInvalidParams},
		{"/api/v1/boundaries/autocomplete/?q=exe&type=country", 422, CodeInvalidParams},
		{"/api/v1/boundaries/autocomplete/?q=exe&limit=21", 422, CodeInvalidParams},
		{"/api/v1/boundaries/autocomplete/?q=ex%01e", 422, CodeInvalidParams},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			rec := do(t, newNearbyServer(t, nearbyFake()), http.MethodGet, tc.url, "")
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := errorCode(t, rec); got != tc.code {
				t.Errorf("code %q, want %q: %s", got, tc.code, rec.Body)
			}
		})
	}
}

func TestNearbyErrorMessages(t *testing.T) {
	tests := []struct{ url, want string }{
		{"/api/v1/schools/nearby?postcode=EX1+1AE&radius=9", "radius: must be a number from 0.1 to 5"},
		{"/api/v1/amenities/zoo/?postcode=EX1+1AE", "valid: food, education, healthcare"},
		{"/api/v1/healthcare/vets/", "gps, dentists, pharmacies, hospitals"},
		{"/api/v1/fuel-stations/diesel/", "valid: petrol, ev"},
		{"/api/v1/live-listings/search/?page=500", "listings/export"},
		{"/api/v1/live-listings/search/?boundary_id=42&uprn=100040000001", "mutually exclusive"},
		{"/api/v1/planning/search/?postcode=EX1+1AE&days=400", "days: must be an integer from 1 to 365"},
	}
	for _, tc := range tests {
		rec := do(t, newNearbyServer(t, nearbyFake()), http.MethodGet, tc.url, "")
		if !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("GET %s: body %s lacks %q", tc.url, rec.Body, tc.want)
		}
	}
}

func TestNearbyEngineDown(t *testing.T) {
	for _, url := range []string{
		"/api/v1/live-listings/search/", "/api/v1/schools/nearby?lat=50.7&lng=-3.5",
		"/api/v1/amenities/nearby?lat=50.7&lng=-3.5", "/api/v1/planning/search/?lat=50.7&lng=-3.5",
		"/api/v1/boundaries/autocomplete/?q=exe",
	} {
		fb := nearbyFake()
		fb.SearchFn = func(string, any) (*search.Response, error) { return nil, search.ErrUnavailable }
		rec := do(t, newNearbyServer(t, fb), http.MethodGet, url, "")
		if rec.Code != http.StatusServiceUnavailable {
			t.Errorf("GET %s with engine down: %d, want 503", url, rec.Code)
		}
	}
}

func aggsOf(t *testing.T, s string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func sortHit(t *testing.T, id string, doc any, sort ...string) search.Hit {
	h := hit(t, id, doc)
	for _, s := range sort {
		h.Sort = append(h.Sort, json.RawMessage(s))
	}
	return h
}

func TestSchoolsNearbyOK(t *testing.T) {
	fb := nearbyFake()
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		if index != "t1-schools" {
			t.Errorf("index %s", index)
		}
		r := &search.Response{Aggregations: aggsOf(t, `{"ofsted_summary":{"buckets":[{"key":"Good","doc_count":4}]},"not_inspected":{"doc_count":1}}`)}
		r.Hits.Total.Value = 5
		r.Hits.Hits = []search.Hit{
			sortHit(t, "1", mappings.School{URN: 1, Name: "A", Phase: "Primary", AgeLow: 4, AgeHigh: 11, OfstedRating: "Good", OfstedDate: "2023-05-01"}, "120.4", "1"),
			sortHit(t, "2", mappings.School{URN: 2, Name: "B", Phase: "Primary"}, "800.2", "2"),
		}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/schools/nearby?postcode=ex11ae&phase=primary", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var out schoolsResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.Count != 2 || out.TotalInRadius != 5 || out.OfstedSummary["Good"] != 4 || out.OfstedSummary["Outstanding"] != 0 || out.OfstedSummary["Not inspected"] != 1 {
		t.Errorf("response %+v", out)
	}
	if *out.Query.Postcode != "EX1 1AE" || *out.Query.Phase != "Primary" || out.Query.RadiusMiles != 0.5 || out.Query.Limit != 20 {
		t.Errorf("query echo %+v", out.Query)
	}
	s0, s1 := out.Schools[0], out.Schools[1]
	if s0.DistanceKm != 0.12 || s0.DistanceMiles != 0.07 || s0.AgeRange != "4-11" || s0.Ofsted == nil || s0.Ofsted.Rating != "Good" {
		t.Errorf("first school %+v", s0)
	}
	if s1.Ofsted != nil || s1.Trust != nil {
		t.Errorf("second school %+v", s1)
	}
}

func TestAmenitiesNearbyOK(t *testing.T) {
	fb := nearbyFake()
	var gotBody string
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		gotBody = string(mustJSONAny(body))
		r := &search.Response{Aggregations: aggsOf(t, `{"type_counts":{"buckets":[{"key":"pharmacy","doc_count":3}]},"group_counts":{"buckets":[]}}`)}
		r.Hits.Total.Value = 3
		r.Hits.Hits = []search.Hit{
			sortHit(t, "FA1", mappings.Amenity{ID: "FA1", Name: "Chemist", Type: "pharmacy", Dispensary: false, Source: "NHS ODS"}, "99.6", `"FA1"`),
			sortHit(t, "G1", mappings.Amenity{ID: "G1", Name: "Surgery", Type: "gp", Source: "NHS ODS"}, "1500", `"G1"`),
		}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/amenities/nearby?uprn=100040000001", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if !strings.Contains(gotBody, `"terms":{"type":["gp","dentist","pharmacy","hospital"]}`) || !strings.Contains(gotBody, `"distance":"1000.0m"`) {
		t.Errorf("query %s", gotBody)
	}
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	q := out["query"].(map[string]any)
	if q["uprn"] != 100040000001.0 || q["limit"] != 10.0 || q["radius_km"] != 1.0 {
		t.Errorf("query echo %v", q)
	}
	tc := out["type_counts"].(map[string]any)
	if tc["pharmacy"] != 3.0 || tc["gp"] != 0.0 {
		t.Errorf("type_counts %v", tc)
	}
	a := out["amenities"].([]any)
	a0, a1 := a[0].(map[string]any), a[1].(map[string]any)
	if a0["dispensary"] != false || a0["distance_km"] != 0.1 || a0["organisation_id"] != "FA1" {
		t.Errorf("pharmacy %v", a0)
	}
	if v, ok := a1["dispensary"]; !ok || v != nil {
		t.Errorf("gp: dispensary must be present and null: %v", a1)
	}
	if a1["distance_miles"] != 0.93 {
		t.Errorf("gp distance_miles %v", a1["distance_miles"])
	}
}

func TestCatalogueFilters(t *testing.T) {
	tests := []struct{ url, want string }{
		{"/api/v1/amenities/food/?postcode=EX1+1AE", `"terms":{"group":["food"]}`},
		{"/api/v1/healthcare/dentists/?lat=50.7&lng=-3.5", `"terms":{"type":["dentist"]}`},
		{"/api/v1/healthcare/?uprn=100040000001", `"terms":{"type":["gp","dentist","pharmacy","hospital"]}`},
		{"/api/v1/fuel-stations/ev/?postcode=EX1+1AE&radius_km=5&limit=3", `"terms":{"type":["ev_charger"]}`},
		{"/api/v1/fuel-stations/?postcode=EX1+1AE", `"terms":{"type":["petrol","ev_charger"]}`},
		{"/api/v1/amenities/?postcode=EX1+1AE", `"terms":{"group":["food","education","healthcare","financial","civic","worship","culture","convenience","green_spaces","transport","shops"]}`},
	}
	for _, tc := range tests {
		fb := nearbyFake()
		var gotBody string
		fb.SearchFn = func(index string, body any) (*search.Response, error) {
			gotBody = string(mustJSONAny(body))
			return &search.Response{}, nil
		}
		rec := do(t, newNearbyServer(t, fb), http.MethodGet, tc.url, "")
		if rec.Code != 200 {
			t.Errorf("GET %s: %d %s", tc.url, rec.Code, rec.Body)
			continue
		}
		if !strings.Contains(gotBody, tc.want) {
			t.Errorf("GET %s: query %s lacks %s", tc.url, gotBody, tc.want)
		}
	}
}
