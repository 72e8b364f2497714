//go:build integration

package integration

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/indexer/importer/oslookup"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// importerFixtures is indexer/importer/testdata: fixtures built from the
// publishers' documented layouts for the sources without a real sample
// (Ofcom, NHLE, UK HPI, ONSUD); values there are illustrative.
func importerFixtures(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "indexer", "importer", "testdata")
}

// The new importers' output, loaded into real OpenSearch under a test
// prefix, is served by the endpoints that read it: crime and transport near
// a Telford postcode from the real police.uk and NaPTAN samples with the real
// NSPL TF postcodes, OS Open Names places and streets in boundaries
// autocomplete (real Shetland tiles), and broadband, listed buildings, HPI
// and ONSUD areas from the layout fixtures.
func TestRealSourcesServedByAPI(t *testing.T) {
	osURL, prefix, dir := testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	ctx := context.Background()
	s := func(rel string) string { return filepath.Join(dir, rel) }
	fx := func(rel string) string { return filepath.Join(importerFixtures(t), rel) }
	docs := collect{}
	run := func(name string, f func() (*importer.Report, error)) *importer.Report {
		t.Helper()
		rep, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d rows, docs %v, rejected %d, skipped %v", name, rep.Rows, rep.Docs, rep.Rejected, rep.Skipped)
		return rep
	}
	run("nspl", func() (*importer.Report, error) {
		return importer.ImportONSPD(ctx, "nspl", []string{s("postcodes/NSPL_NOV_2021_UK_TF.csv")}, docs)
	})
	run("police-uk", func() (*importer.Report, error) {
		return importer.ImportPoliceUK(ctx, importer.Env{}, []string{s("crime/police-uk-2025-12-west-mercia-street.csv")}, docs)
	})
	run("naptan", func() (*importer.Report, error) {
		return importer.ImportNaPTAN(ctx, []string{s("naptan/naptan-stops-telford-359.csv")}, docs)
	})
	run("os-open-names", func() (*importer.Report, error) {
		return importer.ImportOSOpenNames(ctx, importer.Env{}, []string{s("osnames/os-open-names-sample-hp40-hp60.zip")}, docs)
	})
	run("ofcom", func() (*importer.Report, error) {
		return importer.ImportOfcomBroadband(ctx, importer.Env{}, []string{fx("ofcom/202601_fixed_postcode_coverage_r01_TF.csv"), fx("ofcom/201805_fixed_pc_performance_r03.csv")}, docs)
	})
	run("nhle", func() (*importer.Report, error) {
		return importer.ImportNHLE(ctx, []string{fx("nhle/NHLE_listed_building_points.csv")}, docs)
	})
	run("ukhpi", func() (*importer.Report, error) {
		return importer.ImportUKHPI(ctx, []string{fx("ukhpi/UK-HPI-full-file-2025-06.csv")}, docs)
	})
	run("epc", func() (*importer.Report, error) {
		return importer.ImportEPC(ctx, importer.Env{}, []string{s("epc/epc-domestic-exeter-flats-first300.csv")}, docs)
	})
	for _, ix := range []string{mappings.IndexPostcodes, mappings.IndexCrime, mappings.IndexAmenities, mappings.IndexBoundaries,
		mappings.IndexBroadband, mappings.IndexListedBuildings, mappings.IndexHPI, mappings.IndexAddresses, mappings.IndexProperties, mappings.IndexEPC} {
		fixture.Load(t, osURL, prefix, ix, docs[ix])
	}
	// The other indices of the postcode profile exist, empty.
	for _, ix := range []string{mappings.IndexDeprivation, mappings.IndexCensus, mappings.IndexSales, mappings.IndexSchools,
		mappings.IndexRiskAreas, mappings.IndexCouncilTax} {
		fixture.Create(t, osURL, prefix, ix)
	}
	// ONSUD through the same UPRN lookup the command uses.
	cl, err := oslookup.New(osURL, prefix)
	if err != nil {
		t.Fatal(err)
	}
	onsud := collect{}
	if rep := run("onsud", func() (*importer.Report, error) {
		return importer.ImportONSUD(ctx, importer.Env{UPRNDocs: cl.UPRNDocs}, []string{fx("onsud/NSUL_fixture_EX.csv")}, onsud)
	}); len(onsud[mappings.IndexProperties]) != 1 {
		t.Fatalf("onsud updated %d properties (report %+v)", len(onsud[mappings.IndexProperties]), rep)
	}
	fixture.Load(t, osURL, prefix, mappings.IndexProperties, onsud[mappings.IndexProperties])

	c, err := search.New(search.Config{URLs: []string{osURL}, RequestTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2025, 6, 20, 9, 0, 0, 0, time.UTC) // the month of the HPI fixture's last row
	h := api.NewServer(api.Options{Backend: c, IndexPrefix: prefix, Logger: zerolog.Nop(), Now: func() time.Time { return now }})
	pc := docs[mappings.IndexPostcodes]["TF3 4AB"].(mappings.Postcode) // Telford town centre

	// Crime: every real crime within 1 km of the postcode, December 2025.
	var cr struct {
		Period *struct{ From, To string } `json:"period"`
		Total  int64                      `json:"total"`
		ByCat  []struct {
			Category string `json:"category"`
			Count    int64  `json:"count"`
		} `json:"by_category"`
		Nearest []struct {
			ID        string `json:"id"`
			DistanceM int64  `json:"distance_m"`
		} `json:"nearest"`
	}
	if st := nearbyGet(t, h, "/api/v1/crime?postcode=TF3+4AB", &cr); st != http.StatusOK {
		t.Fatalf("crime: %d", st)
	}
	inside, edge := 0, 0
	byCat := map[string]int64{}
	for _, d := range docs[mappings.IndexCrime] {
		cd := d.(mappings.Crime)
		m := nearbyMeters(*pc.Location, *cd.Location)
		switch {
		case m < 995:
			inside++
			byCat[cd.Category]++
		case m <= 1005:
			edge++
		}
	}
	if inside < 50 || cr.Total < int64(inside) || cr.Total > int64(inside+edge) || cr.Period == nil || cr.Period.To != "2025-12" {
		t.Fatalf("crime near TF3 4AB: total %d, want %d (+%d at the edge), period %+v", cr.Total, inside, edge, cr.Period)
	}
	for _, b := range cr.ByCat {
		if edge == 0 && byCat[b.Category] != b.Count {
			t.Errorf("crime %s: %d, want %d", b.Category, b.Count, byCat[b.Category])
		}
	}
	if len(cr.Nearest) == 0 || cr.Nearest[0].DistanceM > 1000 {
		t.Errorf("nearest crimes %+v", cr.Nearest)
	}
	t.Logf("crime within 1 km of TF3 4AB: %d (%v)", cr.Total, byCat)

	// Transport: the amenities group and the postcode profile.
	var tr nearbyAmenities
	if st := nearbyGet(t, h, "/api/v1/amenities/transport?postcode=TF3+4AB", &tr); st != http.StatusOK {
		t.Fatalf("transport: %d", st)
	}
	want := map[string]int64{}
	for _, d := range docs[mappings.IndexAmenities] {
		a := d.(mappings.Amenity)
		if nearbyMeters(*pc.Location, *a.Location) < 495 {
			want[a.Type]++
		}
	}
	if want["bus_stop"] == 0 || tr.TypeCounts["bus_stop"] < want["bus_stop"] {
		t.Errorf("transport near TF3 4AB: %v, want at least %v", tr.TypeCounts, want)
	}
	var prof struct {
		Transport *struct {
			Total  int64            `json:"total"`
			ByType map[string]int64 `json:"by_type"`
		} `json:"transport"`
		Broadband *struct {
			AvgDownloadMbps       float64 `json:"avg_download_mbps"`
			SuperfastAvailablePct float64 `json:"superfast_available_pct"`
		} `json:"broadband"`
		HPI *struct {
			Region       string   `json:"region"`
			CurrentIndex *float64 `json:"current_index"`
			Change12mPct *float64 `json:"change_12m_pct"`
			Trend        []any    `json:"trend"`
		} `json:"hpi"`
	}
	if st := nearbyGet(t, h, "/api/v1/postcode-profile?postcode=TF3+4AB", &prof); st != http.StatusOK {
		t.Fatalf("postcode profile: %d", st)
	}
	if prof.Transport == nil || prof.Transport.ByType["bus_stop"] < want["bus_stop"] || prof.Transport.Total < want["bus_stop"] {
		t.Errorf("profile transport %+v, want bus stops %d", prof.Transport, want["bus_stop"])
	}
	// Telford Central station is ~600 m away: within the 1 km rail search.
	var rail nearbyAmenities
	nearbyGet(t, h, "/api/v1/amenities/transport?postcode=TF3+4AB&radius=1", &rail)
	if rail.TypeCounts["rail_station"] != 1 {
		t.Errorf("rail stations within 1 km of TF3 4AB: %v", rail.TypeCounts)
	}

	// Broadband (Ofcom fixture: coverage + performance merged).
	var bb struct {
		Postcode              string  `json:"postcode"`
		SuperfastAvailablePct float64 `json:"superfast_available_pct"`
		GigabitAvailablePct   float64 `json:"gigabit_available_pct"`
		AvgDownloadSpeed      float64 `json:"avg_download_speed"`
		DataYear              int     `json:"data_year"`
		Source                string  `json:"source"`
	}
	if st := nearbyGet(t, h, "/api/v1/broadband?postcode=TF3+4AB", &bb); st != http.StatusOK || bb.SuperfastAvailablePct != 100 ||
		bb.GigabitAvailablePct != 81.2 || bb.AvgDownloadSpeed != 58.4 || bb.DataYear != 2026 ||
		!strings.HasPrefix(bb.Source, "Ofcom Connected Nations 2026") {
		t.Errorf("broadband: %d %+v", st, bb)
	}
	if prof.Broadband == nil || prof.Broadband.AvgDownloadMbps != 58.4 {
		t.Errorf("profile broadband %+v", prof.Broadband)
	}

	// HPI (fixture): the West Midlands region serves the TF postcode.
	if prof.HPI == nil || prof.HPI.Region != "West Midlands" || prof.HPI.CurrentIndex == nil || *prof.HPI.CurrentIndex != 156 ||
		prof.HPI.Change12mPct == nil || math.Abs(*prof.HPI.Change12mPct-4) > 0.01 || len(prof.HPI.Trend) != 13 {
		t.Errorf("profile hpi %+v", prof.HPI)
	}

	// Listed buildings (NHLE fixture at real Telford coordinates).
	var lb struct {
		TotalInRadius int64            `json:"total_in_radius"`
		GradeCounts   map[string]int64 `json:"grade_counts"`
		Buildings     []struct {
			ListEntry int64  `json:"list_entry"`
			URL       string `json:"url"`
		} `json:"listed_buildings"`
	}
	if st := nearbyGet(t, h, "/api/v1/listed-buildings?postcode=TF3+4AB&radius_km=1", &lb); st != http.StatusOK || lb.TotalInRadius != 1 ||
		lb.Buildings[0].ListEntry != 9000001 || !strings.HasPrefix(lb.Buildings[0].URL, "https://historicengland.org.uk/") {
		t.Errorf("listed buildings: %d %+v", st, lb)
	}
	if nearbyGet(t, h, "/api/v1/listed-buildings?postcode=TF3+4AB&radius_km=5", &lb); lb.TotalInRadius != 3 || lb.GradeCounts["I"] != 1 || lb.GradeCounts["II*"] != 1 {
		t.Errorf("listed buildings within 5 km: %+v", lb)
	}

	// OS Open Names: places and streets in boundaries autocomplete.
	type bres struct {
		Results []struct {
			ID          int64  `json:"id"`
			Name        string `json:"name"`
			DisplayName string `json:"display_name"`
			Type        string `json:"type"`
		} `json:"results"`
	}
	for _, tc := range []struct{ q, name, typ string }{
		{"q=Uyeas", "Uyeasound", "locality"},
		{"q=cormorant+wa&type=street", "Cormorant Way", "street"},
		{"q=Baltasound&type=locality", "Baltasound", "locality"},
	} {
		var out bres
		if st := nearbyGet(t, h, "/api/v1/boundaries/autocomplete?"+tc.q, &out); st != http.StatusOK || len(out.Results) == 0 ||
			out.Results[0].Name != tc.name || out.Results[0].Type != tc.typ {
			t.Errorf("autocomplete %s: %d %+v", tc.q, st, out)
		}
	}
	var streets bres
	nearbyGet(t, h, "/api/v1/boundaries/autocomplete?q=road&type=street", &streets)
	for _, r := range streets.Results {
		if r.Type != "street" {
			t.Errorf("type=street returned %+v", r)
		}
	}
	// A place or street is a point: no polygon to draw or to filter by.
	if len(streets.Results) == 0 {
		t.Fatal("no street named road suggested")
	}
	sid := streets.Results[0].ID
	if st := nearbyGet(t, h, fmt.Sprintf("/api/v1/boundaries/%d/geometry", sid), nil); st != http.StatusNotFound {
		t.Errorf("geometry of street %d: %d, want 404", sid, st)
	}
	if st := nearbyGet(t, h, fmt.Sprintf("/api/v1/live-listings/search?boundary_id=%d", sid), nil); st != http.StatusUnprocessableEntity {
		t.Errorf("live listings in street %d: %d, want 422", sid, st)
	}

	// ONSUD: the real EPC UPRN now has its statistical areas.
	var prop map[string]any
	if st := nearbyGet(t, h, "/api/v1/properties/10013044422", &prop); st != http.StatusOK {
		t.Fatalf("property: %d", st)
	}
	if fmt.Sprint(prop["lsoa_code"]) != "E01020123" || fmt.Sprint(prop["msoa_code"]) != "E02004156" || fmt.Sprint(prop["oa_code"]) != "E00101234" {
		t.Errorf("property areas: lsoa %v msoa %v oa %v", prop["lsoa_code"], prop["msoa_code"], prop["oa_code"])
	}
}
