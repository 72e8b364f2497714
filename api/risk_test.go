package api

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestRiskUnknownTypeListsValid(t *testing.T) {
	rec := do(t, newTestServer(t, &fakeBackend{}), http.MethodGet, "/api/risks/volcano/?uprn=12345678", "")
	var e errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"flood", "radon", "noise", "landfill", "coal_mining", "invasive_plants", "air_quality_today", "all"} {
		if !strings.Contains(e.Error.Message, v) {
			t.Errorf("message %q does not list %s", e.Error.Message, v)
		}
	}
	if e.Error.Details["valid_risk_types"] == nil {
		t.Errorf("no valid_risk_types in details: %+v", e.Error.Details)
	}
}

// TestRisksDecision drives the risk handler with engine answers: coverage
// decides assessed, named queries decide intersects, Go computes distance.
func TestRisksDecision(t *testing.T) {
	const lat, lon = 51.5, -0.1
	sq := func(s, w, n, e float64) *mappings.Geometry {
		b, _ := json.Marshal([][][2]float64{{{w, s}, {e, s}, {e, n}, {w, n}, {w, s}}})
		return &mappings.Geometry{Type: "Polygon", Coordinates: b}
	}
	dLon := 300 / (earthRadiusM * math.Pi / 180 * math.Cos(lat*math.Pi/180))
	docs := areaDocs()
	docs[mappings.IndexProperties]["12345678"] = mappings.Property{UPRN: 12345678, Location: &mappings.GeoPoint{Lat: lat, Lon: lon}}
	var sent any
	fb := &fakeBackend{
		GetFn: docsGet(t, docs),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			sent = items[0].Body
			cov := &search.Response{}
			cov.Hits.Hits = []search.Hit{{ID: "c1", Source: mustJSON(t, mappings.RiskArea{ID: "c1", RiskType: "flood", Kind: "coverage"})}}
			r := &search.Response{}
			r.Hits.Hits = []search.Hit{
				{ID: "h1", Source: mustJSON(t, mappings.RiskArea{ID: "h1", RiskType: "flood", SubType: "surface_water", Kind: "hazard", Label: "Medium", Score: 3,
					Geometry: sq(51.49, lon+dLon, 51.51, lon+2*dLon)})},
				{ID: "h2", Source: mustJSON(t, mappings.RiskArea{ID: "h2", RiskType: "flood", SubType: "rivers_and_sea", Kind: "hazard", Label: "Low", Score: 2,
					Geometry: sq(51.49, -0.11, 51.51, -0.09)}), MatchedQueries: []string{"at_point"}},
			}
			return []*search.Response{r, cov}, nil
		},
	}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/risks/all/?uprn=12345678", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if !strings.Contains(fmt.Sprint(sent), "at_point") {
		t.Errorf("query has no named point clause: %v", sent)
	}
	var body riskResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	got := map[string]riskResult{}
	for _, r := range body.Results {
		got[r.RiskType] = r
	}
	if r := got["rivers_and_sea"]; !r.Intersects || r.Label != "Low" || *r.Score != 2 || *r.DistanceM != 0 || r.IntersectsVia == nil || *r.IntersectsVia != "point" {
		t.Errorf("rivers_and_sea %+v", r)
	}
	if r := got["surface_water"]; r.Intersects || r.DistanceM == nil || math.Abs(*r.DistanceM-300) > 0.5 || r.Label != "Very low" || r.Nearest.Label != "Medium" {
		t.Errorf("surface_water %+v, want Very low with Medium 300 m away", r)
	}
	if r := got["radon"]; r.Assessed || r.Label != labelNotAssessed || r.Score != nil {
		t.Errorf("radon %+v, want not assessed", r)
	}
	if body.UnassessedCount != len(body.Results)-2 {
		t.Errorf("not_assessed_count %d of %d", body.UnassessedCount, len(body.Results))
	}
	// Keys are always present: properties.name and .source are null when
	// the data gives none, never left out.
	var raw struct {
		Results []struct {
			RiskType   string                     `json:"risk_type"`
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"results"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	for _, r := range raw.Results {
		for _, k := range []string{"description", "name", "source"} {
			if _, ok := r.Properties[k]; !ok {
				t.Errorf("%s: properties has no %q key: %v", r.RiskType, k, r.Properties)
			}
		}
	}
}

func TestDistanceToPolygon(t *testing.T) {
	p := mappings.GeoPoint{Lat: 51.5, Lon: -0.1}
	ring := func(coords string) *mappings.Geometry {
		return &mappings.Geometry{Type: "Polygon", Coordinates: json.RawMessage(coords)}
	}
	// 0.01° of latitude ≈ 1111.95 m.
	tests := []struct {
		name string
		g    *mappings.Geometry
		want float64
	}{
		{"inside", ring(`[[[-0.2,51.4],[0,51.4],[0,51.6],[-0.2,51.6],[-0.2,51.4]]]`), 0},
		{"north of edge", ring(`[[[-0.2,51.51],[0,51.51],[0,51.6],[-0.2,51.6],[-0.2,51.51]]]`), 1111.95},
		{"in a hole", ring(`[[[-0.2,51.4],[0,51.4],[0,51.6],[-0.2,51.6],[-0.2,51.4]],[[-0.11,51.49],[-0.09,51.49],[-0.09,51.51],[-0.11,51.51],[-0.11,51.49]]]`), 692.2}, // nearest hole edge: 0.01° of longitude at 51.5°N
		{"multipolygon nearest part", &mappings.Geometry{Type: "MultiPolygon", Coordinates: json.RawMessage(`[[[[-0.2,51.52],[0,51.52],[0,51.6],[-0.2,51.52]]],[[[-0.2,51.49],[0,51.49],[0,51.3],[-0.2,51.49]]]]`)}, 1111.95},
	}
	for _, tc := range tests {
		d, ok, err := distanceToPolygonM(p, tc.g)
		if err != nil || !ok || math.Abs(d-tc.want) > 1 {
			t.Errorf("%s: got %.2f %v %v, want %.2f", tc.name, d, ok, err, tc.want)
		}
	}
	if _, ok, _ := distanceToPolygonM(p, &mappings.Geometry{Type: "Point", Coordinates: json.RawMessage(`[0,0]`)}); ok {
		t.Errorf("a point geometry has no polygon distance")
	}
}

func TestRisksRetryWithoutBadTitle(t *testing.T) {
	docs := areaDocs()
	docs[mappings.IndexProperties]["12345678"] = mappings.Property{UPRN: 12345678, TitleNo: "DN1", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}}
	docs[mappings.IndexTitles] = map[string]any{"DN1": mappings.Title{TitleNo: "DN1", Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: json.RawMessage(`[[[0,0],[1,1],[1,0],[0,1],[0,0]]]`)}}}
	calls := 0
	fb := &fakeBackend{
		GetFn: docsGet(t, docs),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			calls++
			if strings.Contains(string(mustJSON(t, items[0].Body)), "in_title") {
				return nil, &search.EngineError{Status: 400, Type: "query_shard_exception", Reason: "self-intersection"}
			}
			return emptyMSearch(items)
		},
	}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/risks/flood/?uprn=12345678", "")
	if rec.Code != 200 || calls != 2 || !strings.Contains(rec.Body.String(), `"title_polygon_checked":false`) {
		t.Errorf("got %d after %d calls: %s", rec.Code, calls, rec.Body)
	}
}
