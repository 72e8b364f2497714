package api

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// missingMSearch answers every item as a multi-search does for an index
// that does not exist when the item allows it.
func missingMSearch(items []search.MultiItem) ([]*search.Response, error) {
	out := make([]*search.Response, len(items))
	for i, it := range items {
		if !it.AllowMissing {
			return nil, &search.MissingIndexError{Index: it.Index}
		}
		out[i] = &search.Response{Missing: it.Index}
	}
	return out, nil
}

// Risks without the risk dataset: risks/all is composite (200, nothing
// assessed, coverage says why); one layer and flood-risk are 404
// dataset_not_loaded.
func TestRisksWithoutRiskData(t *testing.T) {
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs()), MSearchFn: missingMSearch}
	s := newTestServer(t, fb)
	rec := do(t, s, http.MethodGet, "/api/risks/all/?uprn=12345678", "")
	if rec.Code != 200 {
		t.Fatalf("risks/all: %d %s", rec.Code, rec.Body)
	}
	var body riskResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if body.UnassessedCount != len(body.Results) || len(body.Results) == 0 || len(body.Coverage) != 1 || body.Coverage[0].Status != coverageNotLoaded {
		t.Errorf("risks/all: %s", rec.Body)
	}
	for _, path := range []string{"/api/risks/flood/?uprn=12345678", "/api/flood-risk/?uprn=12345678"} {
		rec := do(t, s, http.MethodGet, path, "")
		if rec.Code != 404 || errorCode(t, rec) != CodeDatasetNotLoaded || !strings.Contains(rec.Body.String(), `"dataset":"risk_areas"`) {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
}

// Responses name the datasets read and their sources; a synthetic dataset
// never carries a real publisher's name as its data_source.
func TestProvenanceHeadersAndLabels(t *testing.T) {
	srcs := map[string]DataSource{
		mappings.IndexProperties: {Source: "import:epc", Release: "certificates.csv"},
		mappings.IndexRiskAreas:  {Source: "generated", Release: "synth/3 seed 1"},
	}
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs()), MSearchFn: emptyMSearch}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard),
		DataSources: func(context.Context) (map[string]DataSource, error) { return srcs, nil }})
	rec := do(t, s, http.MethodGet, "/api/flood-risk/?uprn=12345678", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if h := rec.Header().Get("X-Data-Source"); h != "properties=import:epc; risk_areas=generated" {
		t.Errorf("X-Data-Source %q", h)
	}
	if h := rec.Header().Get("X-Data-Release"); h != "properties=certificates.csv; risk_areas=synth/3 seed 1" {
		t.Errorf("X-Data-Release %q", h)
	}
	if !strings.Contains(rec.Body.String(), `"data_source":"Generated (synthetic) data, synth/3 seed 1; modelled on: Environment Agency`) {
		t.Errorf("data_source of synthetic flood data: %s", rec.Body)
	}
	// Errors carry no provenance.
	rec = do(t, s, http.MethodGet, "/api/flood-risk/?uprn=99999999", "")
	if rec.Code != 404 || rec.Header().Get("X-Data-Source") != "" {
		t.Errorf("error with provenance: %d %v", rec.Code, rec.Header())
	}
}

// TestProvenanceFailingSourcesAskedRarely: when the meta index cannot be
// read (missing, engine down) the lookups still answer, and the sources are
// not asked again on every request.
func TestProvenanceFailingSourcesAskedRarely(t *testing.T) {
	calls := 0
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs()), MSearchFn: emptyMSearch}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard),
		DataSources: func(context.Context) (map[string]DataSource, error) {
			calls++
			return nil, &search.MissingIndexError{Index: "ukpd-meta"}
		}})
	for i := 0; i < 20; i++ {
		if rec := do(t, s, http.MethodGet, "/api/risks/all/?uprn=12345678", ""); rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
	if calls > 2 {
		t.Errorf("the failing sources were asked %d times for 20 requests", calls)
	}
}
