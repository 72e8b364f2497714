package api

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// docs is a fake Get over index → id → document.
func docsGet(t *testing.T, docs map[string]map[string]any) func(index, id string) (json.RawMessage, bool, error) {
	return func(index, id string) (json.RawMessage, bool, error) {
		d, ok := docs[index][id]
		if !ok {
			return nil, false, nil
		}
		return mustJSON(t, d), true, nil
	}
}

func emptyMSearch(items []search.MultiItem) ([]*search.Response, error) {
	out := make([]*search.Response, len(items))
	for i := range out {
		out[i] = &search.Response{}
	}
	return out, nil
}

func areaDocs() map[string]map[string]any {
	return map[string]map[string]any{
		mappings.IndexPostcodes: {
			"EX1 1AE": mappings.Postcode{Postcode: "EX1 1AE", Outcode: "EX1", LSOACode: "E01000001", MSOACode: "E02000001", LADCode: "E07000041", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}},
			"EX2 2AB": mappings.Postcode{Postcode: "EX2 2AB", Outcode: "EX2"}, // no LSOA/MSOA
			"EX3 3AB": mappings.Postcode{Postcode: "EX3 3AB", Outcode: "EX3", LSOACode: "E01999999", MSOACode: "E02999999"},
		},
		mappings.IndexDeprivation: {
			"E01000001": mappings.Deprivation{LSOACode: "E01000001", LADName: "Exeter", Rank: 100, Decile: 1, LADRank: 2, LADCount: 78,
				Domains: []mappings.DeprivationDomain{{Domain: "crime", Rank: 10, Decile: 1}, {Domain: "income", Rank: 50, Decile: 1}}},
		},
		mappings.IndexBroadband: {
			"EX1 1AE": mappings.Broadband{Postcode: "EX1 1AE", AvgDownloadSpeed: 50},
		},
		mappings.IndexProperties: {
			"12345678": mappings.Property{UPRN: 12345678, PropertyType: "Detached", RoofAreaSqm: 60, RoofOrientation: "SW", RoofPitchDeg: 40, Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}},
			"22345678": mappings.Property{UPRN: 22345678, PropertyType: "Terraced"}, // no location, no roof
			"32345678": mappings.Property{UPRN: 32345678, PropertyType: "Flat"},
		},
	}
}

func TestAreaErrors(t *testing.T) {
	tests := []struct {
		name, url  string
		get        bool // serve areaDocs through Get
		msearch    bool
		searchErr  error
		total      int64 // hits.total of Search
		wantStatus int
		wantCode   string
	}{
		{"risk type unknown", "/api/risks/volcano/?uprn=12345678", false, false, nil, 0, 404, CodeNotFound},
		{"risk uprn missing", "/api/risks/flood/", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"risk uprn malformed", "/api/risks/flood/?uprn=12ab", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"risk radius out of range", "/api/risks/flood/?uprn=12345678&radius_m=10", false, false, nil, 0, 422, CodeInvalidParams},
		{"risk uprn unknown", "/api/risks/all/?uprn=99999999", true, false, nil, 0, 404, CodeNotFound},
		{"risk property without location", "/api/risks/flood/?uprn=22345678", true, false, nil, 0, 404, "no_geopoint"},
		{"risk engine down", "/api/risks/flood/?uprn=12345678", true, false, search.ErrUnavailable, 0, 503, CodeServiceUnavailable},
		{"flood uprn missing", "/api/flood-risk/", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"flood uprn unknown", "/api/flood-risk/?uprn=99999999", true, false, nil, 0, 404, CodeNotFound},
		{"flood engine timeout", "/api/flood-risk/?uprn=12345678", true, false, search.ErrTimeout, 0, 504, CodeTimeout},
		{"deprivation postcode missing", "/api/deprivation/", false, false, nil, 0, 422, CodeMissingPostcode},
		{"deprivation postcode malformed", "/api/deprivation/?postcode=EX1+1CE", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"deprivation postcode unknown", "/api/deprivation/?postcode=SW1A+2AA", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"deprivation postcode without LSOA", "/api/deprivation/?postcode=EX2+2AB", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"deprivation LSOA without data", "/api/deprivation/?postcode=EX3+3AB", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"demographics postcode missing", "/api/demographics/", false, false, nil, 0, 422, CodeMissingPostcode},
		{"demographics postcode malformed", "/api/demographics/?postcode=12345", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"demographics postcode unknown", "/api/demographics/?postcode=SW1A2AA", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"demographics postcode without MSOA", "/api/demographics/?postcode=EX22AB", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"demographics census missing", "/api/demographics/?postcode=EX33AB", true, true, nil, 0, 404, CodeDataNotAvailable},
		{"broadband postcode missing", "/api/broadband", false, false, nil, 0, 422, CodeMissingPostcode},
		{"broadband postcode blank", "/api/broadband?postcode=+", false, false, nil, 0, 422, CodeMissingPostcode},
		{"broadband postcode malformed", "/api/broadband?postcode=EX1%2B1AE", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"broadband no data", "/api/broadband?postcode=EX2+2AB", true, false, nil, 0, 404, CodeNotFound},
		{"profile postcode missing", "/api/postcode-profile", false, false, nil, 0, 422, CodeMissingPostcode},
		{"profile postcode malformed", "/api/postcode-profile?postcode=EX1", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"profile postcode unknown", "/api/postcode-profile?postcode=SW1A+2AA", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"distribution outcode malformed", "/api/price_distributions/1EX/", false, false, nil, 0, 422, CodeInvalidParams},
		{"distribution months out of range", "/api/price_distributions/EX1/?months=0", false, false, nil, 0, 422, CodeInvalidParams},
		{"distribution bin width out of range", "/api/price_distributions/EX1/?bin_width=10", false, false, nil, 0, 422, CodeInvalidParams},
		{"distribution outcode unknown", "/api/price_distributions/ZZ9/", false, false, nil, 0, 404, CodeNotFound},
		{"growth outcode malformed", "/api/price-growth/EX1-1/", false, false, nil, 0, 422, CodeInvalidParams},
		{"growth outcode unknown", "/api/price-growth/ZZ9/", false, false, nil, 0, 404, CodeNotFound},
		{"growth engine down", "/api/price-growth/EX1/", false, false, search.ErrUnavailable, 0, 503, CodeServiceUnavailable},
		{"trends outcode malformed", "/api/price_trends/EXETER1/", false, false, nil, 0, 422, CodeInvalidParams},
		{"trends outcode unknown", "/api/price_trends/ZZ9/", false, false, nil, 0, 404, CodeNotFound},
		{"solar uprn malformed", "/api/solar-assessment/0/", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"solar uprn unknown", "/api/solar-assessment/99999999/", true, false, nil, 0, 404, CodeNotFound},
		{"solar without roof data", "/api/solar-assessment/22345678/", true, false, nil, 0, 404, CodeDataNotAvailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fb := &fakeBackend{}
			if tc.get {
				fb.GetFn = docsGet(t, areaDocs())
			}
			if tc.msearch {
				fb.MSearchFn = emptyMSearch
			}
			if tc.searchErr != nil && !strings.Contains(tc.url, "price") {
				fb.MSearchFn = func([]search.MultiItem) ([]*search.Response, error) { return nil, tc.searchErr }
			}
			if strings.Contains(tc.url, "price") {
				fb.SearchFn = func(index string, body any) (*search.Response, error) {
					if tc.searchErr != nil {
						return nil, tc.searchErr
					}
					r := &search.Response{}
					r.Hits.Total.Value = tc.total
					return r, nil
				}
			}
			rec := do(t, newTestServer(t, fb), http.MethodGet, tc.url, "")
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.wantStatus, rec.Body)
			}
			if got := errorCode(t, rec); got != tc.wantCode {
				t.Errorf("code %q, want %q", got, tc.wantCode)
			}
		})
	}
}

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
	if r := got["rivers_and_sea"]; !r.Intersects || r.Label != "Low" || *r.Score != 2 || *r.DistanceM != 0 || r.IntersectsVia != "point" {
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

func TestDeprivationScoreAndLabels(t *testing.T) {
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs())}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/deprivation/?postcode=ex11ae", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var b deprivationResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	if b.Overall.Score != 1 || b.Overall.ShortLabel != "Very high deprivation" || *b.Overall.LADRank != 2 ||
		!strings.Contains(b.Overall.LADRankDescription, "2 of 78") || b.Metadata.TotalLSOAs != imdTotalLSOAs {
		t.Errorf("overall %+v metadata %+v", b.Overall, b.Metadata)
	}
	// Domains come in the fixed order whatever the stored order.
	if len(b.Domains) != 2 || b.Domains[0].Domain != "income" || b.Domains[1].Domain != "crime" || b.Domains[1].Label != "Crime" {
		t.Errorf("domains %+v", b.Domains)
	}
	for d, want := range map[int]string{1: "10% most", 5: "50% most", 6: "50% least", 10: "10% least"} {
		if l, _ := decileLabels(d); !strings.Contains(l, want) {
			t.Errorf("decile %d label %q, want %q", d, l, want)
		}
	}
}

func TestBroadbandSpacesOptionalAndFree(t *testing.T) {
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs())}
	s := newTestServer(t, fb)
	for _, pc := range []string{"EX11AE", "ex1+1ae", "EX1%201AE"} {
		rec := do(t, s, http.MethodGet, "/api/broadband?postcode="+pc, "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"postcode":"EX1 1AE"`) {
			t.Errorf("%s: %d %s", pc, rec.Code, rec.Body)
		}
	}
	for _, rt := range s.Routes() {
		if rt.Name == "broadband.get" && rt.Weight != 0 {
			t.Errorf("broadband weight %d, want 0", rt.Weight)
		}
		if rt.Name == "solar.assessment" && rt.Weight != 5 {
			t.Errorf("solar weight %d, want 5", rt.Weight)
		}
	}
}

func TestProfileFreePlanSummary(t *testing.T) {
	var indices []string
	fb := &fakeBackend{
		GetFn: docsGet(t, areaDocs()),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			indices = nil
			for _, it := range items {
				indices = append(indices, it.Index)
			}
			return emptyMSearch(items)
		},
	}
	fb.t = t
	gate := func(plan string) func(rt *Route, next http.Handler) http.Handler {
		return func(rt *Route, next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				CallInfoFrom(r.Context()).Plan = plan
				next.ServeHTTP(w, r)
			})
		}
	}
	for _, tc := range []struct {
		plan      string
		wantSales bool
		wantMode  string
	}{{PlanFree, false, "summary"}, {PlanStarter, true, "full"}, {"", true, "full"}} {
		s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Gate: gate(tc.plan)})
		rec := do(t, s, http.MethodGet, "/api/postcode-profile?postcode=EX1+1AE", "")
		if rec.Code != 200 {
			t.Fatalf("plan %q: %d %s", tc.plan, rec.Code, rec.Body)
		}
		var b map[string]json.RawMessage
		_ = json.Unmarshal(rec.Body.Bytes(), &b)
		hasSales := strings.Contains(strings.Join(indices, ","), mappings.IndexSales)
		if hasSales != tc.wantSales || string(b["detail"]) != `"`+tc.wantMode+`"` || (string(b["sold_prices"]) == "null") == tc.wantSales {
			t.Errorf("plan %q: sales queried %v, detail %s, sold_prices %s", tc.plan, hasSales, b["detail"], b["sold_prices"])
		}
	}
}

func TestPriceHelpers(t *testing.T) {
	for _, tc := range []struct {
		cur, prior int64
		want       string
	}{{60, 50, "high"}, {49, 200, "medium"}, {20, 20, "medium"}, {5, 19, "low"}, {4, 100, "insufficient"}} {
		if got := growthQuality(tc.cur, tc.prior); got != tc.want {
			t.Errorf("growthQuality(%d, %d) = %s, want %s", tc.cur, tc.prior, got, tc.want)
		}
	}
	for v, want := range map[float64]string{2.1: "rising", 2: "flat", -2: "flat", -2.1: "falling"} {
		if got := growthTrend(&v); got != want {
			t.Errorf("growthTrend(%v) = %s, want %s", v, got, want)
		}
	}
	if got := stddev([]float64{2, 4, 4, 4, 5, 5, 7, 9}); got != 2 {
		t.Errorf("stddev = %v, want 2", got)
	}
	b, _ := json.Marshal(orderedBins{{Label: "50000-100000", Count: 1}, {Label: "100000-150000", Count: 2}})
	if string(b) != `{"50000-100000":1,"100000-150000":2}` {
		t.Errorf("bins %s", b)
	}
}

func TestPriceGrowthWindows(t *testing.T) {
	var sent string
	fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
		sent = string(mustJSON(t, body))
		r := &search.Response{Aggregations: map[string]json.RawMessage{
			"current": json.RawMessage(`{"doc_count":30,"median":{"values":[{"key":50.0,"value":262500.0}]}}`),
			"prior":   json.RawMessage(`{"doc_count":25,"median":{"values":[{"key":50.0,"value":250000.0}]}}`),
		}}
		r.Hits.Total.Value = 100
		return r, nil
	}}
	fb.t = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Now: func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }})
	rec := do(t, s, http.MethodGet, "/api/price-growth/ex1/", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var b growthResponse
	_ = json.Unmarshal(rec.Body.Bytes(), &b)
	if b.Outcode != "EX1" || b.CurrentPeriod.From != "2025-03-02" || b.CurrentPeriod.To != "2026-03-01" || b.PriorPeriod.From != "2024-03-02" ||
		*b.YoYChangePct != 5 || *b.YoYChangeGBP != 12500 || b.Trend != "rising" || b.DataQuality != "medium" {
		t.Errorf("growth %+v", b)
	}
	if !strings.Contains(sent, `"gte":"2025-03-02","lt":"2026-03-02"`) {
		t.Errorf("current window not in query: %s", sent)
	}
}

func TestAssessSolar(t *testing.T) {
	a := defaultSolarAssumptions()
	// 60 m² SW at 40°: usable 24 m² → 12 panels, 4.8 kWp; yield 950 × 0.95 × 0.98.
	out := assessSolar(1, "", "Detached", "Pitched", "SW", 40, 60, 0, false, a)
	if !out.Suitable || out.System.Panels != 12 || out.System.CapacityKWp != 4.8 {
		t.Fatalf("solar %+v", out.System)
	}
	wantKWh := 4.8 * 950 * 0.95 * 0.98
	if math.Abs(float64(out.System.AnnualKWh)-wantKWh) > 1 {
		t.Errorf("kWh %d, want %.0f", out.System.AnnualKWh, wantKWh)
	}
	savings := wantKWh * (0.5*24.5 + 0.5*15) / 100
	cost := 1500 + 4.8*1200
	if math.Abs(float64(out.System.AnnualSavingsGBP)-savings) > 1 || math.Abs(*out.System.PaybackYears-cost/savings) > 0.06 {
		t.Errorf("savings %d payback %.1f, want %.0f %.1f", out.System.AnnualSavingsGBP, *out.System.PaybackYears, savings, cost/savings)
	}
	if out := assessSolar(1, "", "Flat", "", "S", 0, 100, 0, true, a); out.Suitable || out.Rating != "not_suitable" || out.System != nil {
		t.Errorf("flat: %+v", out)
	}
	if out := assessSolar(1, "", "Terraced", "Pitched", "N", 35, 12, 0, false, a); out.Suitable || out.Roof == nil {
		t.Errorf("tiny roof: %+v", out)
	}
	if out := assessSolar(1, "", "Detached", "", "", 0, 0, 0, false, a); out != nil {
		t.Errorf("no roof data: %+v", out)
	}
	// Footprint only: pitched 35° assumed.
	if out := assessSolar(1, "", "Detached", "", "S", 0, 0, 50, false, a); !out.Roof.AreaEstimated || math.Abs(out.Roof.AreaSqm-61) > 0.1 {
		t.Errorf("estimated roof: %+v", out.Roof)
	}
}

func TestDemographicsEveryGroup(t *testing.T) {
	fb := &fakeBackend{
		GetFn: docsGet(t, areaDocs()),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			out, _ := emptyMSearch(items)
			out[0].Hits.Hits = []search.Hit{hit(t, "E02000001", mappings.Census{MSOACode: "E02000001", CensusYear: 2021, PopulationTotal: 8000,
				Tenure: map[string]float64{"owned_outright_pct": 33.3}})}
			return out, nil
		},
	}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/demographics/?postcode=EX1+1AE", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var b map[string]json.RawMessage
	_ = json.Unmarshal(rec.Body.Bytes(), &b)
	for _, g := range censusGroups() {
		var m map[string]*float64
		if err := json.Unmarshal(b[g.Name], &m); err != nil {
			t.Fatalf("group %s: %v", g.Name, err)
		}
		for _, k := range g.Keys {
			if _, ok := m[k]; !ok {
				t.Errorf("group %s lacks %s", g.Name, k)
			}
		}
	}
	if string(b["deprivation"]) != "null" || string(b["census_year"]) != "2021" || !strings.Contains(string(b["tenure"]), `"owned_outright_pct":33.3`) {
		t.Errorf("body %s", rec.Body)
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
