//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/integration/testenv"
)

// importCLI runs `indexer import ARGS` the way the command does (NDJSON
// directory, then the loader, which records source and release in the
// meta index) against the test's prefix.
func importCLI(t *testing.T, osURL, prefix string, args ...string) string {
	t.Helper()
	getenv := func(k string) string {
		switch k {
		case "OPENSEARCH_URL":
			return osURL
		case "INDEX_PREFIX":
			return prefix
		}
		return ""
	}
	var out, errb bytes.Buffer
	start := time.Now()
	err := importer.Run(context.Background(), append([]string{"--allow-rejects"}, args...), getenv, &out, &errb, importer.Deps{
		NewSink: func(dir string) (importer.DirSink, error) { return indexer.NewDirWriter(dir) },
		Load: func(ctx context.Context, o importer.LoadOptions, dir string) (string, error) {
			rep, err := indexer.LoadDir(ctx, indexer.LoadConfig{URLs: o.URLs, Prefix: o.Prefix, Indices: o.Indices, Merge: o.Merge, Logger: zerolog.Nop()}, dir)
			var b strings.Builder
			if rep != nil {
				rep.WriteTable(&b)
			}
			return b.String(), err
		},
	})
	if err != nil {
		t.Fatalf("indexer import %s: %v\n%s%s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	t.Logf("indexer import %s (%s):\n%s", strings.Join(args, " "), time.Since(start).Round(time.Millisecond), out.String())
	return out.String()
}

// fixtures is indexer/importer/testdata: documented-layout fixtures for the
// datasets with no real sample here (see its README.md).
func fixtures(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller")
	}
	return filepath.Join(filepath.Dir(file), "..", "indexer", "importer", "testdata")
}

type stackClient struct {
	t *testing.T
	h http.Handler
}

func (c stackClient) get(path string, wantStatus int, out any) http.Header {
	c.t.Helper()
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != wantStatus {
		c.t.Fatalf("GET %s = %d, want %d: %s", path, rec.Code, wantStatus, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			c.t.Fatalf("GET %s: %v: %s", path, err, rec.Body)
		}
	}
	return rec.Header()
}

type profileBody struct {
	Deprivation *struct {
		IMDDecile int `json:"imd_decile"`
		IMDRank   int `json:"imd_rank"`
	} `json:"deprivation"`
	Census *struct {
		MSOACode        string `json:"msoa_code"`
		PopulationTotal int    `json:"population_total"`
	} `json:"census"`
	EnvironmentalRisk *struct {
		Flood struct {
			Assessed     bool   `json:"assessed"`
			RiversAndSea string `json:"rivers_and_sea"`
		} `json:"flood"`
	} `json:"environmental_risk"`
	Sections    map[string]json.RawMessage                          `json:"-"`
	Coverage    []struct{ Section, Dataset, Status, Reason string } `json:"coverage"`
	DataSources map[string]struct{ Source, Release string }         `json:"data_sources"`
}

// checkCoverage: every null section of the profile has a coverage entry
// saying why, and no filled section has one.
func checkCoverage(t *testing.T, raw []byte, p profileBody) map[string]string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	why := map[string]string{}
	for _, c := range p.Coverage {
		why[c.Section] = c.Status
	}
	for _, sec := range []string{"deprivation", "broadband", "sold_prices", "schools", "transport", "census", "environmental_risk", "council_tax", "properties", "hpi"} {
		null := string(m[sec]) == "null" || m[sec] == nil
		if null && why[sec] == "" {
			t.Errorf("section %s is null without a coverage entry", sec)
		}
		if !null && why[sec] != "" {
			t.Errorf("section %s is filled but coverage says %s", sec, why[sec])
		}
	}
	return why
}

// TestRealDataStack builds a stack only from the real samples and the
// documented-layout fixtures (no generated data) and checks real values
// through the API. It first reproduces an old fault: real postcodes and IMD
// alone used to make the postcode profile answer 503.
func TestRealDataStack(t *testing.T) {
	osURL, prefix, samples := testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	fx := fixtures(t)
	s := func(rel string) string { return filepath.Join(samples, rel) }
	sc, err := search.New(search.Config{URLs: []string{osURL}})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 11, 15, 12, 0, 0, 0, time.UTC)
	c := stackClient{t, api.NewServer(api.Options{Backend: sc, IndexPrefix: prefix, Logger: zerolog.Nop(), Now: func() time.Time { return now }, HealthDetail: true})}

	// 1. Real postcodes and IMD only.
	importCLI(t, osURL, prefix, "--release", "NSPL November 2021 (TF extract)", "nspl", s("postcodes/NSPL_NOV_2021_UK_TF.csv"))
	importCLI(t, osURL, prefix, "imd2019", s("imd/IMD2019.csv"))
	const tf = "/api/postcode-profile?postcode=TF1%201AA"
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tf, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("profile with postcodes and IMD only = %d (was 503 engine unavailable): %s", rec.Code, rec.Body)
	}
	var p profileBody
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	// TF1 1AA is in LSOA E01014145 (Telford and Wrekin 012D): IMD rank 7,383, decile 3.
	if p.Deprivation == nil || p.Deprivation.IMDRank != 7383 || p.Deprivation.IMDDecile != 3 {
		t.Fatalf("deprivation: %s", rec.Body)
	}
	why := checkCoverage(t, rec.Body.Bytes(), p)
	for _, sec := range []string{"broadband", "census", "transport", "environmental_risk", "hpi", "sold_prices"} {
		if why[sec] != "dataset_not_loaded" {
			t.Errorf("%s: coverage %q, want dataset_not_loaded", sec, why[sec])
		}
	}
	if d := p.DataSources["deprivation"]; d.Source != "import:imd2019" || d.Release != "IMD2019.csv" {
		t.Errorf("data_sources: %+v", p.DataSources)
	}
	if _, ok := p.DataSources["broadband"]; ok {
		t.Errorf("data_sources names a dataset that is not loaded: %+v", p.DataSources)
	}
	if h := rec.Header().Get("X-Data-Source"); !strings.Contains(h, "postcodes=import:nspl") || !strings.Contains(h, "deprivation=import:imd2019") {
		t.Errorf("X-Data-Source %q", h)
	}
	if h := rec.Header().Get("X-Data-Release"); !strings.Contains(h, "postcodes=NSPL November 2021 (TF extract)") {
		t.Errorf("X-Data-Release %q", h)
	}
	// Single-dataset endpoints: 404 naming the dataset, never 503.
	for path, ds := range map[string]string{
		"/api/broadband?postcode=TF1%201AA":                           "broadband",
		"/api/planning/search?postcode=TF1%201AA":                     "planning",
		"/api/listed-buildings?postcode=TF1%201AA":                    "listed_buildings",
		"/api/demographics?postcode=TF1%201AA":                        "census",
		"/api/property_listings/00000000-0000-5000-8000-000000000000": "listings",
	} {
		var e struct {
			Error struct {
				Code    string         `json:"code"`
				Details map[string]any `json:"details"`
			} `json:"error"`
		}
		c.get(path, http.StatusNotFound, &e)
		if e.Error.Code != "dataset_not_loaded" || e.Error.Details["dataset"] != ds {
			t.Errorf("%s: %+v, want dataset_not_loaded %s", path, e.Error, ds)
		}
	}

	// 2. The rest: real samples, then the documented-layout fixtures.
	importCLI(t, osURL, prefix, "census2021", s("census2021/census2021-ts054-msoa.csv"), s("census2021/census2021-ts007a-msoa.csv"))
	importCLI(t, osURL, prefix, "ons-boundaries", s("boundaries/lad-england-simplified.geojson"))
	importCLI(t, osURL, prefix, "ods-gp", s("nhs-ods/epraccur.csv"))
	importCLI(t, osURL, prefix, "--merge", "codepoint", s("postcodes/codepoint-open-ex-first300.csv"))
	importCLI(t, osURL, prefix, "--uprn-coords", filepath.Join(fx, "os-open-uprn-exeter.csv"), "epc", s("epc/epc-domestic-exeter-flats-first300.csv"))
	importCLI(t, osURL, prefix, "inspire", filepath.Join(fx, "inspire-exeter.gml"))
	importCLI(t, osURL, prefix, "ea-flood", filepath.Join(fx, "ea-rofrs-telford.geojson"), filepath.Join(fx, "ea-rofsw-telford.geojson"),
		filepath.Join(fx, "ea-flood-zones-telford.geojson"), filepath.Join(fx, "ea-coverage-england.geojson"))
	importCLI(t, osURL, prefix, "planit", filepath.Join(fx, "planit-telford.json"))
	importCLI(t, osURL, prefix, "blm", filepath.Join(fx, "telford-2025-10-01.blm"), filepath.Join(fx, "telford-2025-11-01.blm"))

	// An Exeter postcode from Code-Point Open (no LSOA in that source)
	// with IMD loaded: the deprivation coverage names the source and the
	// dataset that supplies the LSOA, not "England only".
	rec = httptest.NewRecorder()
	c.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/postcode-profile?postcode=EX1%201AE", nil))
	p = profileBody{}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		t.Fatalf("Exeter profile: %d %s", rec.Code, rec.Body)
	}
	for _, cv := range p.Coverage {
		if cv.Section == "deprivation" && (!strings.Contains(cv.Reason, "Code-Point Open") || strings.Contains(cv.Reason, "England only")) {
			t.Errorf("Exeter (Code-Point) deprivation coverage: %q", cv.Reason)
		}
	}

	// Health: each dataset's source, release and load time.
	var health struct {
		Indices []struct {
			Dataset, Source, Release string
			LoadedAt                 string `json:"loaded_at"`
		} `json:"indices"`
	}
	c.get("/api/health", http.StatusOK, &health)
	src := map[string]string{}
	for _, ix := range health.Indices {
		src[ix.Dataset] = ix.Source + " " + ix.Release
		if ix.LoadedAt == "" {
			t.Errorf("%s: no load time", ix.Dataset)
		}
	}
	for ds, want := range map[string]string{
		"postcodes": "import:codepoint codepoint-open-ex-first300.csv", // merged last
		"titles":    "import:inspire inspire-exeter.gml", "risk_areas": "import:ea-flood ", "planning": "import:planit planit-telford.json",
		"listings": "import:blm telford-2025-10-01.blm,telford-2025-11-01.blm", "census": "import:census2021 ",
	} {
		if !strings.HasPrefix(src[ds], want) {
			t.Errorf("health %s: %q, want %q…", ds, src[ds], want)
		}
	}

	// The profile now fills census (real) and the flood section (fixture).
	rec = httptest.NewRecorder()
	c.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tf, nil))
	p = profileBody{}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		t.Fatalf("profile: %d %s", rec.Code, rec.Body)
	}
	why = checkCoverage(t, rec.Body.Bytes(), p)
	if p.Census == nil || p.Census.MSOACode != "E02002939" || p.Census.PopulationTotal != 7569 {
		t.Errorf("census (real TS007A total for Telford and Wrekin 012 is 7,569): %s", rec.Body)
	}
	if p.EnvironmentalRisk == nil || !p.EnvironmentalRisk.Flood.Assessed || p.EnvironmentalRisk.Flood.RiversAndSea != "Medium" {
		t.Errorf("flood: %s", rec.Body)
	}
	for _, sec := range []string{"broadband", "hpi", "schools"} {
		if why[sec] != "dataset_not_loaded" {
			t.Errorf("%s: coverage %q", sec, why[sec])
		}
	}
	// Real GP practices are loaded into amenities, but no transport stop:
	// the transport section says so instead of "0 stops nearby".
	if why["transport"] != "no_data" {
		t.Errorf("transport with amenities but no NaPTAN: coverage %q", why["transport"])
	}
	for _, ds := range []string{"census", "risk_areas", "postcodes"} {
		if d := p.DataSources[ds]; !strings.HasPrefix(d.Source, "import:") {
			t.Errorf("data_sources %s = %+v (a dataset loaded a moment ago must be known)", ds, d)
		}
	}

	// A title polygon joined to a real UPRN (Wheatley Court, EX1 1DS).
	var title struct {
		Type       string         `json:"type"`
		Geometry   map[string]any `json:"geometry"`
		Properties map[string]any `json:"properties"`
	}
	c.get("/api/property_lr_titles/100040223267", http.StatusOK, &title)
	if title.Type != "Feature" || title.Geometry["type"] != "Polygon" || title.Properties["title_no"] != "INSPIRE-90000001-100040223267" {
		t.Errorf("title: %+v", title)
	}
	c.get("/api/property_lr_titles/100040223278", http.StatusNotFound, nil) // in the polygon's hole

	// Planning near the postcode (PlanIt form).
	var plan struct {
		Count   int64 `json:"count"`
		Results []struct {
			Reference, Decision string
			DistanceM           int64 `json:"distance_m"`
		} `json:"results"`
	}
	c.get("/api/planning/search?postcode=TF1%201AA&days=365&radius_km=1", http.StatusOK, &plan)
	found := false
	for _, r := range plan.Results {
		found = found || (r.Reference == "Telford/TWC/2025/0412" && r.Decision == "Approved")
	}
	if !found {
		t.Errorf("planning: %+v", plan)
	}

	// A BLM listing and its lifecycle events.
	id := stackListingID(t, osURL, prefix, "4321_A101")
	var listing struct {
		LatestStatus string `json:"latest_status"`
		LatestPrice  int64  `json:"latest_price"`
	}
	c.get("/api/property_listings/"+id, http.StatusOK, &listing)
	if listing.LatestStatus != "Sold STC" || listing.LatestPrice != 240000 {
		t.Errorf("listing: %+v", listing)
	}

	realDataStackSecondHalf(t, c, osURL, prefix, samples, fx)
}

// hasFormat reports whether this build has an import format.
func hasFormat(name string) bool {
	for _, f := range importer.Formats {
		if f.Name == name {
			return true
		}
	}
	return false
}

// realDataStackSecondHalf adds the rest of the real datasets
// (branch realdata-a: police.uk crime, NaPTAN and OS Open Names from the real
// samples, Ofcom, NHLE, UK HPI and ONSUD from their documented-layout
// fixtures) and checks a Telford town-centre postcode end to end, places and
// streets in boundaries autocomplete and ONSUD areas on a real UPRN. Until both halves are merged
// the formats are absent and this says so; once merged it always runs.
func realDataStackSecondHalf(t *testing.T, c stackClient, osURL, prefix, samples, fx string) {
	for _, f := range []string{"police-uk", "naptan", "ofcom-broadband", "nhle", "ukhpi"} {
		if !hasFormat(f) {
			t.Logf("import format %s is not in this build: crime, transport, broadband, listed buildings and HPI not checked", f)
			return
		}
	}
	s := func(rel string) string { return filepath.Join(samples, rel) }
	importCLI(t, osURL, prefix, "police-uk", s("crime/police-uk-2025-12-west-mercia-street.csv"))
	importCLI(t, osURL, prefix, "--merge", "naptan", s("naptan/naptan-stops-telford-359.csv"))
	importCLI(t, osURL, prefix, "ofcom-broadband", filepath.Join(fx, "ofcom", "202601_fixed_postcode_coverage_r01_TF.csv"),
		filepath.Join(fx, "ofcom", "201805_fixed_pc_performance_r03.csv"))
	importCLI(t, osURL, prefix, "nhle", filepath.Join(fx, "nhle", "NHLE_listed_building_points.csv"))
	importCLI(t, osURL, prefix, "ukhpi", filepath.Join(fx, "ukhpi", "UK-HPI-full-file-2025-06.csv"))
	// OS Open Names next to the ONS boundaries; ONSUD onto the EPC properties.
	importCLI(t, osURL, prefix, "--merge", "os-open-names", s("osnames/os-open-names-sample-hp40-hp60.zip"))
	importCLI(t, osURL, prefix, "--merge", "onsud", filepath.Join(fx, "onsud", "NSUL_fixture_EX.csv"))

	// Places and streets (real Shetland tiles) in boundaries autocomplete.
	var ac struct {
		Results []struct{ Name, Type string } `json:"results"`
	}
	c.get("/api/boundaries/autocomplete?q=cormorant+wa&type=street", http.StatusOK, &ac)
	if len(ac.Results) == 0 || ac.Results[0].Name != "Cormorant Way" {
		t.Errorf("street autocomplete: %+v", ac)
	}
	c.get("/api/boundaries/autocomplete?q=Uyeas", http.StatusOK, &ac)
	if len(ac.Results) == 0 || ac.Results[0].Name != "Uyeasound" || ac.Results[0].Type != "locality" {
		t.Errorf("place autocomplete: %+v", ac)
	}
	// ONSUD: the real EPC UPRN has its output area.
	var prop map[string]any
	c.get("/api/properties/10013044422", http.StatusOK, &prop)
	if prop["oa_code"] != "E00101234" || prop["lsoa_code"] != "E01020123" {
		t.Errorf("ONSUD areas on property 10013044422: oa %v lsoa %v", prop["oa_code"], prop["lsoa_code"])
	}
	var bb struct {
		AvgDownloadSpeed float64 `json:"avg_download_speed"`
		DataYear         int     `json:"data_year"`
	}
	c.get("/api/broadband?postcode=TF3%204AB", http.StatusOK, &bb)
	if bb.AvgDownloadSpeed != 58.4 || bb.DataYear != 2026 {
		t.Errorf("broadband (coverage + performance merged): %+v", bb)
	}

	// TF3 4AB, Telford town centre (real NSPL point 52.677788, -2.446114).
	var crime struct {
		Total   int64 `json:"total"`
		Nearest []struct {
			Month string `json:"month"`
		} `json:"nearest"`
	}
	c.get("/api/crime?postcode=TF3%204AB", http.StatusOK, &crime)
	if crime.Total == 0 || len(crime.Nearest) == 0 || crime.Nearest[0].Month != "2025-12" {
		t.Errorf("real West Mercia crime near TF3 4AB: %+v", crime)
	}
	var listed struct {
		TotalInRadius int64 `json:"total_in_radius"`
	}
	c.get("/api/listed-buildings?postcode=TF3%204AB&radius_km=1", http.StatusOK, &listed)
	if listed.TotalInRadius != 1 {
		t.Errorf("listed buildings within 1 km of TF3 4AB: %+v", listed)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/postcode-profile?postcode=TF3%204AB", nil))
	var p struct {
		profileBody
		Broadband *struct {
			SuperfastAvailablePct float64 `json:"superfast_available_pct"`
		} `json:"broadband"`
		Transport *struct {
			Total int64 `json:"total"`
		} `json:"transport"`
		HPI *struct {
			CurrentIndex *float64 `json:"current_index"`
		} `json:"hpi"`
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		t.Fatalf("profile TF3 4AB: %d %s", rec.Code, rec.Body)
	}
	checkCoverage(t, rec.Body.Bytes(), p.profileBody)
	if p.Broadband == nil || p.Broadband.SuperfastAvailablePct != 100 {
		t.Errorf("broadband (Ofcom fixture: 100%% superfast): %s", rec.Body)
	}
	if p.Transport == nil || p.Transport.Total == 0 {
		t.Errorf("transport (real NaPTAN stops near Telford bus station): %s", rec.Body)
	}
	if p.HPI == nil || p.HPI.CurrentIndex == nil || *p.HPI.CurrentIndex != 156 {
		t.Errorf("HPI for the West Midlands: %s", rec.Body)
	}
	if p.EnvironmentalRisk == nil || !p.EnvironmentalRisk.Flood.Assessed {
		t.Errorf("flood (inside the fixture's coverage extent): %s", rec.Body)
	}
}

// stackListingID finds a listing's UUID by its agent reference.
func stackListingID(t *testing.T, osURL, prefix, ref string) string {
	t.Helper()
	body := fmt.Sprintf(`{"query":{"term":{"listing_id":%q}},"size":1}`, ref)
	resp, err := http.Post(osURL+"/"+url.PathEscape(prefix+"listings")+"/_search", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var r struct {
		Hits struct {
			Hits []struct {
				ID string `json:"_id"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if json.Unmarshal(b, &r) != nil || len(r.Hits.Hits) == 0 {
		t.Fatalf("listing %s not found: %s", ref, b)
	}
	return r.Hits.Hits[0].ID
}
