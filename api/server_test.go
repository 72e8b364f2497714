package api

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
)

func TestPing(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	for _, path := range []string{"/api/ping", "/api/ping/", "/api/v1/ping", "/api/v1/ping/"} {
		rec := do(t, s, http.MethodGet, path, "")
		if rec.Code != http.StatusOK || rec.Body.String() != "pong" {
			t.Errorf("GET %s = %d %q, want 200 pong", path, rec.Code, rec.Body.String())
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/plain; charset=utf-8" {
			t.Errorf("GET %s content type %q", path, ct)
		}
		if rec.Header().Get("X-Request-Id") == "" {
			t.Errorf("GET %s has no X-Request-Id", path)
		}
	}
}

// Health names each dataset's source, release and load time from the
// indexer's meta index.
func TestHealthReportsDatasetSources(t *testing.T) {
	fb := &fakeBackend{
		HealthFn: func() (search.ClusterHealth, error) { return search.ClusterHealth{Status: "green"}, nil },
		AliasesFn: func(string) ([]search.AliasInfo, error) {
			return []search.AliasInfo{{Alias: "postcodes", Index: "postcodes-v20261124120000", Docs: 9342}, {Alias: "deprivation", Index: "deprivation-v20261124120001", Docs: 32844}}, nil
		},
		SearchFn: func(index string, _ any) (*search.Response, error) {
			if index != "ukpd-meta" {
				t.Errorf("meta read from %q", index)
			}
			var r search.Response
			r.Hits.Hits = []search.Hit{
				{ID: "postcodes", Source: []byte(`{"index":"postcodes","version":"postcodes-v20261124120000","source":"import:nspl","release":"NSPL_NOV_2021_UK_TF.csv","loaded_at":"2026-11-24T12:00:00Z"}`)},
				{ID: "deprivation", Source: []byte(`{"index":"deprivation","version":"deprivation-v20261124120001","generator":"synth/3","seed":7,"loaded_at":"2026-11-24T12:00:01Z"}`)},
			}
			return &r, nil
		},
	}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), HealthDetail: true, DataSources: MetaDataSources(fb, "")})
	rec := do(t, s, http.MethodGet, "/api/health", "")
	for _, want := range []string{`"dataset":"postcodes","source":"import:nspl","release":"NSPL_NOV_2021_UK_TF.csv","loaded_at":"2026-11-24T12:00:00Z"`, `"source":"generated","release":"synth/3 seed 7"`} {
		if !contains(rec.Body.String(), want) {
			t.Errorf("health lacks %s: %s", want, rec.Body)
		}
	}
}

func TestUnknownRouteAndMethod(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	rec := do(t, s, http.MethodGet, "/api/nope", "")
	if rec.Code != http.StatusNotFound || errorCode(t, rec) != CodeNotFound {
		t.Errorf("unknown route: got %d %s", rec.Code, rec.Body.String())
	}
	rec = do(t, s, http.MethodDelete, "/api/ping", "")
	if rec.Code != http.StatusMethodNotAllowed || errorCode(t, rec) != CodeMethodNotAllowed {
		t.Errorf("wrong method: got %d %s", rec.Code, rec.Body.String())
	}
	if rec.Header().Get("Allow") == "" {
		t.Errorf("405 without Allow header")
	}
}

func TestHealth(t *testing.T) {
	tests := []struct {
		name       string
		health     func() (search.ClusterHealth, error)
		aliases    []search.AliasInfo
		wantStatus int
		wantBody   string
	}{
		{"down", func() (search.ClusterHealth, error) { return search.ClusterHealth{}, search.ErrUnavailable }, nil, 503, "down"},
		{"degraded when indices are missing", func() (search.ClusterHealth, error) { return search.ClusterHealth{Status: "yellow"}, nil }, nil, 200, "degraded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fb := &fakeBackend{HealthFn: tc.health, AliasesFn: func(string) ([]search.AliasInfo, error) { return tc.aliases, nil },
				SearchFn: func(string, any) (*search.Response, error) { return &search.Response{}, nil }}
			rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/health", "")
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.wantStatus, rec.Body)
			}
			if !contains(rec.Body.String(), `"status":"`+tc.wantBody+`"`) {
				t.Errorf("body %s lacks status %s", rec.Body, tc.wantBody)
			}
		})
	}
}

func TestEngineErrorsAreNot500(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{search.ErrUnavailable, 503},
		{search.ErrIndexMissing, 404},
		{fmt.Errorf("search: %w", &search.MissingIndexError{Index: "t1_crime"}), 404},
		{search.ErrTimeout, 504},
		{errors.New("boom"), 500},
	}
	for _, tc := range tests {
		ce, _ := asClientError(tc.err)
		if ce.Status != tc.want {
			t.Errorf("asClientError(%v) = %d, want %d", tc.err, ce.Status, tc.want)
		}
	}
}

// A dataset that was never loaded is a 404 naming it, never "engine
// unavailable".
func TestMissingIndexIsDatasetNotLoaded(t *testing.T) {
	err := fmt.Errorf("crime: %w", &search.MissingIndexError{Index: "ukpd_listed_buildings-v20260101120000", Reason: "no such index"})
	ce, _ := asClientError(err)
	if ce.Status != 404 || ce.Code != CodeDatasetNotLoaded || ce.Details["dataset"] != "listed_buildings" {
		t.Fatalf("got %d %s %v", ce.Status, ce.Code, ce.Details)
	}
	if DatasetOf("x_sale_events") != "sale_events" || DatasetOf("x_sales") != "sales" || DatasetOf("nothing") != "" {
		t.Fatal("DatasetOf picks the longest dataset name")
	}
}

func TestParseBBox(t *testing.T) {
	good := []string{"-3.6,50.6,-3.4,50.8", "-180,-90,180,90"}
	bad := []string{"", "1,2,3", "a,b,c,d", "NaN,1,2,3", "-3.4,50.6,-3.6,50.8", "0,0,0,0", "-200,0,1,1", "Inf,0,1,1"}
	for _, s := range good {
		if _, err := ParseBBox(s); err != nil {
			t.Errorf("ParseBBox(%q) = %v", s, err)
		}
	}
	for _, s := range bad {
		if _, err := ParseBBox(s); err == nil {
			t.Errorf("ParseBBox(%q) accepted", s)
		}
	}
}

func TestParseUPRN(t *testing.T) {
	for _, s := range []string{"1", "100023336956", "12345678"} {
		if _, err := ParseUPRN(s); err != nil {
			t.Errorf("ParseUPRN(%q) = %v", s, err)
		}
	}
	for _, s := range []string{"", "0", "-1", "1234567890123", "12a", " 1", "1e5", "９"} {
		if _, err := ParseUPRN(s); err == nil {
			t.Errorf("ParseUPRN(%q) accepted", s)
		}
	}
}

func FuzzParseUPRN(f *testing.F) {
	for _, s := range []string{"1", "100023336956", "0", "-1", "9999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseUPRN(s)
		if err == nil && (u <= 0 || u > 999999999999) {
			t.Fatalf("ParseUPRN(%q) = %d", s, u)
		}
	})
}

func FuzzParseBBox(f *testing.F) {
	f.Add("-3.6,50.6,-3.4,50.8")
	f.Add("NaN,0,1,1")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBBox(s)
		if err == nil && (b.MinLon >= b.MaxLon || b.MinLat >= b.MaxLat) {
			t.Fatalf("ParseBBox(%q) = %+v", s, b)
		}
	})
}

func contains(s, sub string) bool { return len(s) >= len(sub) && (s == sub || indexOf(s, sub) >= 0) }

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// TestNosniffAndNoStaticListings: every JSON answer (data and errors)
// carries X-Content-Type-Options: nosniff, and the static asset folders of
// the demo and docs pages are not listed.
func TestNosniffAndNoStaticListings(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	for _, p := range []string{"/api/ping", "/api/nope", "/api/v1/property_sales/", "/api/openapi.json"} {
		rec := do(t, s, http.MethodGet, p, "")
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s (%d, %s): no nosniff", p, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	for _, p := range []string{"/demo/static/", "/docs/static/", "/docs/static/../static/"} {
		rec := do(t, s, http.MethodGet, p, "")
		if rec.Code == http.StatusOK || strings.Contains(rec.Body.String(), "<a href=") {
			t.Errorf("%s lists a directory: %d %.200s", p, rec.Code, rec.Body)
		}
	}
}
