//go:build integration

package integration

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Geometry helpers. Distances use the same mean Earth radius as the API.
const earthR = 6_371_008.8

func degLat(m float64) float64      { return m / (earthR * math.Pi / 180) }
func degLon(m, lat float64) float64 { return m / (earthR * math.Pi / 180 * math.Cos(lat*math.Pi/180)) }
func haversine(lat1, lon1, lat2, lon2 float64) float64 {
	r := math.Pi / 180
	dLat, dLon := (lat2-lat1)*r, (lon2-lon1)*r
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*r)*math.Cos(lat2*r)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthR * math.Asin(math.Sqrt(a))
}

// box is a rectangle polygon given its south-west and north-east corners.
func box(s, w, n, e float64) *mappings.Geometry {
	c := [][][2]float64{{{w, s}, {e, s}, {e, n}, {w, n}, {w, s}}}
	b, _ := json.Marshal(c)
	return &mappings.Geometry{Type: "Polygon", Coordinates: b}
}

// squareAround is a square of half-side m metres centred on lat, lon.
func squareAround(lat, lon, m float64) *mappings.Geometry {
	return box(lat-degLat(m), lon-degLon(m, lat), lat+degLat(m), lon+degLon(m, lat))
}

func median(xs []int64) float64 {
	s := append([]int64(nil), xs...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	n := len(s)
	if n%2 == 1 {
		return float64(s[n/2])
	}
	return float64(s[n/2-1]+s[n/2]) / 2
}

// Fixture: Exeter-ish coordinates.
const (
	aLat, aLon = 50.7236, -3.5275
	uprnIn     = 100000000001 // inside the High rivers-and-sea area; title overlaps a surface-water area
	uprnNear   = 100000000002 // 300 m west of the High area
	uprnOut    = 100000000003 // 20 km north: outside flood coverage, inside radon coverage
	uprnFlat   = 100000000004
)

var areaNow = time.Date(2026, 6, 15, 10, 0, 0, 0, time.UTC)

// Sales of EX1 in the current (2025-06-16 .. 2026-06-15) and prior year.
var (
	currentPrices = []int64{210000, 245000, 262500, 199000, 305000, 410000, 228000}
	priorPrices   = []int64{190000, 230000, 201000, 255000, 180000}
)

func loadAreaFixture(t *testing.T, osURL, prefix string) {
	t.Helper()
	nearLon := aLon - degLon(100+300, aLat) // 300 m west of the west edge of a 100 m half-side square
	outLat := aLat + degLat(20000)
	floor := 2
	props := []mappings.Property{
		{UPRN: uprnIn, FullAddress: "1 River Street, Exeter, EX1 1AE", Postcode: "EX1 1AE", Outcode: "EX1", PropertyType: "Detached",
			CouncilTaxBand: "D", TitleNo: "DN100", Location: &mappings.GeoPoint{Lat: aLat, Lon: aLon},
			RoofAreaSqm: 80, RoofOrientation: "S", RoofPitchDeg: 35, RoofType: "Pitched", Source: "test"},
		{UPRN: uprnNear, FullAddress: "2 Hill Road, Exeter, EX1 1AE", Postcode: "EX1 1AE", Outcode: "EX1", PropertyType: "Semi-Detached",
			CouncilTaxBand: "D", Location: &mappings.GeoPoint{Lat: aLat, Lon: nearLon}, Source: "test"},
		{UPRN: uprnOut, FullAddress: "Moor Farm, Devon, EX5 9ZZ", Postcode: "EX5 9ZZ", Outcode: "EX5", PropertyType: "Detached",
			Location: &mappings.GeoPoint{Lat: outLat, Lon: aLon}, Source: "test"},
		{UPRN: uprnFlat, FullAddress: "Flat 3, 4 River Street, Exeter, EX1 1AE", Postcode: "EX1 1AE", Outcode: "EX1", PropertyType: "Flat",
			CouncilTaxBand: "B", FloorLevel: &floor, RoofType: "Another dwelling above", Location: &mappings.GeoPoint{Lat: aLat, Lon: aLon}, Source: "test"},
	}
	fixture.Load(t, osURL, prefix, mappings.IndexProperties, fixture.Docs(props, func(p mappings.Property) string { return fmt.Sprint(p.UPRN) }))
	fixture.Load(t, osURL, prefix, mappings.IndexTitles, map[string]any{
		"DN100": mappings.Title{TitleNo: "DN100", UPRN: uprnIn, RecordStatus: "A", EstateInterestCode: "F", EstateInterest: "Freehold",
			TitleClassCode: "A", TitleClass: "Absolute", CreatedAt: "2010-01-01", UpdatedAt: "2020-01-01",
			Geometry: squareAround(aLat, aLon, 15), Source: "test"},
	})
	risks := []mappings.RiskArea{
		{ID: "cov-flood", RiskType: "flood", Kind: "coverage", Geometry: squareAround(aLat, aLon, 5000), Source: "test"},
		{ID: "cov-radon", RiskType: "radon", Kind: "coverage", Geometry: squareAround(aLat, aLon, 50000), Source: "test"},
		{ID: "rs-high", RiskType: "flood", SubType: "rivers_and_sea", Kind: "hazard", Label: "High", Score: 4, ScoreUnit: "band",
			Description: "Each year this area has a chance of flooding of greater than 3.3%.", Geometry: squareAround(aLat, aLon, 100), Source: "test"},
		// North of the point: overlaps the 15 m title square (from 10 m north) but not the point.
		{ID: "sw-low", RiskType: "flood", SubType: "surface_water", Kind: "hazard", Label: "Low", Score: 2, ScoreUnit: "band",
			Geometry: box(aLat+degLat(10), aLon-degLon(50, aLat), aLat+degLat(60), aLon+degLon(50, aLat)), Source: "test"},
		{ID: "radon-3", RiskType: "radon", SubType: "radon", Kind: "hazard", Label: "Band 3", Score: 3, ScoreUnit: "band",
			Description: "5-10% of homes are estimated to be at or above the radon action level.", Geometry: squareAround(outLat, aLon, 1000), Source: "test"},
	}
	fixture.Load(t, osURL, prefix, mappings.IndexRiskAreas, fixture.Docs(risks, func(r mappings.RiskArea) string { return r.ID }))

	var sales []mappings.Sale
	id := int64(1)
	addSale := func(date string, price int64, pc string) {
		sales = append(sales, mappings.Sale{ID: id, TxID: fmt.Sprint("tx", id), SoldDate: date, Price: price, TransactionType: "Sale",
			IsComplete: true, PropertyType: "Detached", Postcode: pc, Outcode: "EX1", Address: "x", Source: "test"})
		id++
	}
	for i, p := range currentPrices {
		pc := "EX1 1AE"
		if i%2 == 1 {
			pc = "EX1 2AB"
		}
		addSale(time.Date(2025, 7+time.Month(i), 20, 0, 0, 0, 0, time.UTC).Format("2006-01-02"), p, pc) // 2025-07-20 .. 2026-01-20
	}
	for i, p := range priorPrices {
		addSale(time.Date(2024, 7+time.Month(i), 10, 0, 0, 0, 0, time.UTC).Format("2006-01-02"), p, "EX1 1AE")
	}
	addSale("2026-06-16", 999999, "EX1 1AE")  // tomorrow: outside every window
	addSale("2026-03-01", 5000000, "EX1 1AE") // pending: left out of every statistic
	sales[len(sales)-1].IsComplete = false
	fixture.Load(t, osURL, prefix, mappings.IndexSales, fixture.Docs(sales, func(s mappings.Sale) string { return fmt.Sprint(s.ID) }))

	var listings []mappings.Listing
	addListing := func(date string, price int64) {
		n := len(listings) + 1
		listings = append(listings, mappings.Listing{ID: fmt.Sprintf("00000000-0000-0000-0000-%012d", n), ListingID: fmt.Sprint(n), Postcode: "EX1 1AE",
			Outcode: "EX1", TransactionType: "Sale", LatestStatus: "For sale", LatestPrice: price, PropertyType: "Detached",
			AddedDate: date + "T09:00:00Z", Source: "test"})
	}
	for _, l := range []struct {
		d string
		p int64
	}{
		{"2025-07-03", 300000}, {"2025-07-12", 320000}, {"2025-07-20", 280000},
		{"2025-09-01", 330000},
		{"2026-01-05", 310000}, {"2026-01-25", 350000}, {"2026-01-28", 340000},
		{"2026-06-10", 360000},
		{"2025-06-30", 100000}, // before the window
	} {
		addListing(l.d, l.p)
	}
	fixture.Load(t, osURL, prefix, mappings.IndexListings, fixture.Docs(listings, func(l mappings.Listing) string { return l.ID }))

	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, map[string]any{
		"EX1 1AE": mappings.Postcode{Postcode: "EX1 1AE", PostcodeKey: "EX11AE", Outcode: "EX1", Sector: "EX1 1", Area: "EX",
			Location: &mappings.GeoPoint{Lat: aLat, Lon: aLon}, Country: "E", Region: "South West", LADCode: "E07000041", LADName: "Exeter",
			LSOACode: "E01020000", MSOACode: "E02004200", Source: "test"},
		"EX4 9ZZ": mappings.Postcode{Postcode: "EX4 9ZZ", PostcodeKey: "EX49ZZ", Outcode: "EX4", Sector: "EX4 9", Area: "EX",
			Location: &mappings.GeoPoint{Lat: aLat + 0.01, Lon: aLon}, Country: "E", LSOACode: "E01099999", MSOACode: "E02099999", Source: "test"},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexDeprivation, map[string]any{
		"E01020000": mappings.Deprivation{LSOACode: "E01020000", LSOAName: "Exeter 010A", LADCode: "E07000041", LADName: "Exeter",
			Rank: 25000, Decile: 8, LADRank: 60, LADCount: 78, TotalLSOAs: 32844, Edition: "IMD2019", Source: "test",
			Domains: []mappings.DeprivationDomain{{Domain: "income", Rank: 24000, Decile: 8}, {Domain: "crime", Rank: 5000, Decile: 2}}},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexCensus, map[string]any{
		"E02004200": mappings.Census{MSOACode: "E02004200", MSOAName: "Exeter 010", CensusYear: 2021, PopulationTotal: 7400, Households: 3100,
			Tenure: map[string]float64{"owned_outright_pct": 30.5, "private_rented_pct": 25}, Age: map[string]float64{"age_65_plus_pct": 18.2}, Source: "test"},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexBroadband, map[string]any{
		"EX1 1AE": mappings.Broadband{Postcode: "EX1 1AE", AvgDownloadSpeed: 80.5, FullFibreAvailablePct: 64, DataYear: 2024, Source: "test"},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexSchools, map[string]any{
		"1": mappings.School{URN: 1, Name: "A", OfstedRating: "Good", Status: "Open", Location: &mappings.GeoPoint{Lat: aLat + degLat(300), Lon: aLon}, Source: "test"},
		"2": mappings.School{URN: 2, Name: "B", OfstedRating: "Good", Status: "Open", Location: &mappings.GeoPoint{Lat: aLat - degLat(600), Lon: aLon}, Source: "test"},
		"3": mappings.School{URN: 3, Name: "C", OfstedRating: "Outstanding", Status: "Open", Location: &mappings.GeoPoint{Lat: aLat, Lon: aLon + degLon(900, aLat)}, Source: "test"},
		"4": mappings.School{URN: 4, Name: "D", OfstedRating: "Good", Status: "Open", Location: &mappings.GeoPoint{Lat: aLat + degLat(3000), Lon: aLon}, Source: "test"},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexAmenities, map[string]any{
		"b1": mappings.Amenity{ID: "b1", Name: "Stop 1", Type: "bus_stop", Group: "transport", Location: &mappings.GeoPoint{Lat: aLat + degLat(100), Lon: aLon}, Source: "test"},
		"b2": mappings.Amenity{ID: "b2", Name: "Stop 2", Type: "bus_stop", Group: "transport", Location: &mappings.GeoPoint{Lat: aLat - degLat(200), Lon: aLon}, Source: "test"},
		"r1": mappings.Amenity{ID: "r1", Name: "Exeter Central", Type: "rail_station", Group: "transport", Location: &mappings.GeoPoint{Lat: aLat, Lon: aLon + degLon(450, aLat)}, Source: "test"},
		"b3": mappings.Amenity{ID: "b3", Name: "Far stop", Type: "bus_stop", Group: "transport", Location: &mappings.GeoPoint{Lat: aLat + degLat(800), Lon: aLon}, Source: "test"},
		"c1": mappings.Amenity{ID: "c1", Name: "Cafe", Type: "cafe", Group: "food", Location: &mappings.GeoPoint{Lat: aLat, Lon: aLon}, Source: "test"},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexCouncilTax, map[string]any{
		"E07000041-2025-26": mappings.CouncilTaxCharge{ID: "E07000041-2025-26", LADCode: "E07000041", BillingAuthority: "Exeter", Year: "2025-26",
			BandDChargePence: 230000, ChargesPence: map[string]int64{"B": 178889, "D": 230000}, Source: "test"},
		"E07000041-2024-25": mappings.CouncilTaxCharge{ID: "E07000041-2024-25", LADCode: "E07000041", BillingAuthority: "Exeter", Year: "2024-25",
			BandDChargePence: 220000, ChargesPence: map[string]int64{"B": 171111, "D": 220000}, Source: "test"},
	})
	hpi := map[string]any{}
	for i := 0; i <= 13; i++ { // 2025-05 .. 2026-06
		m := time.Date(2025, 5+time.Month(i), 1, 0, 0, 0, 0, time.UTC)
		id := "South West-" + m.Format("2006-01")
		hpi[id] = mappings.HPI{ID: id, Region: "South West", Month: m.Format("2006-01-02"), Index: 150 + float64(i), AveragePrice: 300000 + int64(i)*1000, Source: "test"}
	}
	fixture.Load(t, osURL, prefix, mappings.IndexHPI, hpi)
}

// areaFixtureServer is the API (no gate) over the area fixture, loaded
// under the test's own prefix.
func areaFixtureServer(t *testing.T) http.Handler {
	t.Helper()
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadAreaFixture(t, osURL, prefix)
	return newAreaServer(t, osURL, prefix, "")
}

func newAreaServer(t *testing.T, osURL, prefix string, plan string) http.Handler {
	t.Helper()
	opt := api.Options{IndexPrefix: prefix, Now: func() time.Time { return areaNow }}
	if plan != "" {
		opt.Gate = func(rt *api.Route, next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if ci := api.CallInfoFrom(r.Context()); ci != nil {
					ci.Plan = plan
				}
				next.ServeHTTP(w, r)
			})
		}
	}
	return newAPIServer(t, osURL, opt)
}

func areaGetJSON(t *testing.T, h http.Handler, url string, wantStatus int, out any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, nil))
	if rec.Code != wantStatus {
		t.Fatalf("GET %s = %d, want %d: %s", url, rec.Code, wantStatus, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("GET %s: decode: %v: %s", url, err, rec.Body)
		}
	}
}

type riskResult struct {
	RiskType      string   `json:"risk_type"`
	Layer         string   `json:"layer"`
	Assessed      bool     `json:"assessed"`
	Label         string   `json:"label"`
	Score         *int     `json:"score"`
	Intersects    bool     `json:"intersects"`
	IntersectsVia string   `json:"intersects_via"`
	DistanceM     *float64 `json:"distance_m"`
	Nearest       *struct {
		Label string `json:"label"`
	} `json:"nearest"`
}

type riskBody struct {
	RiskType string `json:"risk_type"`
	UPRN     int64  `json:"uprn"`
	Location struct {
		Lat, Lon float64
	} `json:"location"`
	TitleChecked bool         `json:"title_polygon_checked"`
	Results      []riskResult `json:"results"`
}

func (b riskBody) find(t *testing.T, sub string) riskResult {
	t.Helper()
	for _, r := range b.Results {
		if r.RiskType == sub {
			return r
		}
	}
	t.Fatalf("no result for %s in %+v", sub, b.Results)
	return riskResult{}
}

func TestAreaRisks(t *testing.T) {
	h := areaFixtureServer(t)

	t.Run("inside the High area, title overlaps surface water", func(t *testing.T) {
		var b riskBody
		areaGetJSON(t, h, fmt.Sprintf("/api/risks/flood/?uprn=%d", uprnIn), 200, &b)
		if b.UPRN != uprnIn || b.RiskType != "flood" || !b.TitleChecked || math.Abs(b.Location.Lat-aLat) > 1e-9 {
			t.Errorf("top level: %+v", b)
		}
		rs := b.find(t, "rivers_and_sea")
		if !rs.Assessed || !rs.Intersects || rs.Label != "High" || rs.Score == nil || *rs.Score != 4 || rs.DistanceM == nil || *rs.DistanceM != 0 {
			t.Errorf("rivers_and_sea: got %+v, want intersecting High (4) at 0 m", rs)
		}
		sw := b.find(t, "surface_water")
		if !sw.Intersects || sw.IntersectsVia != "title" || sw.Label != "Low" {
			t.Errorf("surface_water: got %+v, want Low intersecting through the title polygon", sw)
		}
		// The point is 10 m south of the surface-water area.
		if sw.DistanceM == nil || math.Abs(*sw.DistanceM-10) > 0.5 {
			t.Errorf("surface_water distance %v, want 10 m ± 0.5", sw.DistanceM)
		}
	})

	t.Run("300 m from the High area", func(t *testing.T) {
		var b riskBody
		areaGetJSON(t, h, fmt.Sprintf("/api/risks/flood/?uprn=%d", uprnNear), 200, &b)
		rs := b.find(t, "rivers_and_sea")
		// Expected: great-circle distance to the nearest point of the west edge, on the same parallel.
		want := haversine(aLat, aLon-degLon(400, aLat), aLat, aLon-degLon(100, aLat))
		if rs.Intersects || !rs.Assessed || rs.DistanceM == nil || math.Abs(*rs.DistanceM-want) > 3 {
			t.Fatalf("rivers_and_sea: got %+v, want not intersecting at %.1f m ± 3 m", rs, want)
		}
		if math.Abs(want-300) > 1 || rs.Label != "Very low" || rs.Nearest == nil || rs.Nearest.Label != "High" {
			t.Errorf("rivers_and_sea: got %+v (want %.1f), want Very low with the High area nearest", rs, want)
		}
		// The default radius is 500 m; at 200 m nothing is in range.
		areaGetJSON(t, h, fmt.Sprintf("/api/risks/flood/?uprn=%d&radius_m=200", uprnNear), 200, &b)
		if rs := b.find(t, "rivers_and_sea"); rs.DistanceM != nil {
			t.Errorf("radius 200 m: distance %v, want null", *rs.DistanceM)
		}
	})

	t.Run("outside coverage is not assessed", func(t *testing.T) {
		var b riskBody
		areaGetJSON(t, h, fmt.Sprintf("/api/risks/all/?uprn=%d", uprnOut), 200, &b)
		for _, sub := range []string{"rivers_and_sea", "surface_water", "road_noise", "landfill"} {
			r := b.find(t, sub)
			if r.Assessed || r.Label != "Not assessed" || r.Intersects || r.Score != nil {
				t.Errorf("%s: got %+v, want not assessed", sub, r)
			}
		}
		rd := b.find(t, "radon")
		if !rd.Assessed || !rd.Intersects || rd.Label != "Band 3" {
			t.Errorf("radon: got %+v, want assessed Band 3", rd)
		}
		layers := map[string]bool{}
		for _, r := range b.Results {
			layers[r.Layer] = true
		}
		if len(layers) != 8 {
			t.Errorf("all: %d layers, want 8: %v", len(layers), layers)
		}
	})

	t.Run("flood-risk", func(t *testing.T) {
		var b struct {
			Location struct {
				Lat, Lng float64
				UPRN     int64
			} `json:"location"`
			FloodRisk map[string]struct {
				RiskBand string `json:"risk_band"`
				Score    *int   `json:"score"`
			} `json:"flood_risk"`
			OverallRisk string `json:"overall_risk"`
		}
		areaGetJSON(t, h, fmt.Sprintf("/api/flood-risk/?uprn=%d", uprnIn), 200, &b)
		if b.FloodRisk["rivers_and_sea"].RiskBand != "High" || b.FloodRisk["surface_water"].RiskBand != "Low" || b.OverallRisk != "High" || b.Location.UPRN != uprnIn {
			t.Errorf("flood-risk: %+v", b)
		}
		areaGetJSON(t, h, fmt.Sprintf("/api/flood-risk/?uprn=%d", uprnOut), 200, &b)
		if b.OverallRisk != "Not assessed" || b.FloodRisk["rivers_and_sea"].RiskBand != "Not assessed" {
			t.Errorf("flood-risk outside coverage: %+v", b)
		}
		// A band that was not assessed has no score (null, as risks/{type}), not 0.
		for name, band := range b.FloodRisk {
			if band.Score != nil {
				t.Errorf("flood-risk outside coverage: %s score %d, want null", name, *band.Score)
			}
		}
	})

	t.Run("errors", func(t *testing.T) {
		areaGetJSON(t, h, "/api/risks/volcano/?uprn=1", 404, nil)
		areaGetJSON(t, h, "/api/risks/flood/?uprn=999999999", 404, nil)
	})
}

func TestAreaPrices(t *testing.T) {
	h := areaFixtureServer(t)

	t.Run("growth", func(t *testing.T) {
		var b struct {
			CurrentPeriod struct {
				From, To        string
				MedianSoldPrice int64 `json:"median_sold_price"`
				SaleCount       int64 `json:"sale_count"`
			} `json:"current_period"`
			PriorPeriod struct {
				MedianSoldPrice int64 `json:"median_sold_price"`
				SaleCount       int64 `json:"sale_count"`
			} `json:"prior_period"`
			YoYChangePct float64 `json:"yoy_change_pct"`
			YoYChangeGBP int64   `json:"yoy_change_gbp"`
			Trend        string
			DataQuality  string `json:"data_quality"`
		}
		areaGetJSON(t, h, "/api/price-growth/ex1/", 200, &b)
		cm, pm := median(currentPrices), median(priorPrices)
		if b.CurrentPeriod.SaleCount != int64(len(currentPrices)) || b.PriorPeriod.SaleCount != int64(len(priorPrices)) {
			t.Errorf("counts %d/%d, want %d/%d", b.CurrentPeriod.SaleCount, b.PriorPeriod.SaleCount, len(currentPrices), len(priorPrices))
		}
		if math.Abs(float64(b.CurrentPeriod.MedianSoldPrice)-cm) > 1 || math.Abs(float64(b.PriorPeriod.MedianSoldPrice)-pm) > 1 {
			t.Errorf("medians %d/%d, want %.0f/%.0f", b.CurrentPeriod.MedianSoldPrice, b.PriorPeriod.MedianSoldPrice, cm, pm)
		}
		wantPct := math.Round((cm/pm-1)*1000) / 10
		if b.YoYChangePct != wantPct || b.Trend != "rising" || b.DataQuality != "low" || b.CurrentPeriod.From != "2025-06-16" || b.CurrentPeriod.To != "2026-06-15" {
			t.Errorf("growth %+v, want pct %.1f rising low from 2025-06-16 to 2026-06-15", b, wantPct)
		}
	})

	t.Run("distribution", func(t *testing.T) {
		var b struct {
			SaleCount       int64            `json:"sale_count"`
			MedianSoldPrice int64            `json:"median_sold_price"`
			Bins            map[string]int64 `json:"bins"`
			Period          struct{ From, To string }
		}
		areaGetJSON(t, h, "/api/price_distributions/EX1/", 200, &b)
		want := map[string]int64{}
		for _, p := range currentPrices {
			lo := p / 50000 * 50000
			want[fmt.Sprintf("%d-%d", lo, lo+50000)]++
		}
		if fmt.Sprint(b.Bins) != fmt.Sprint(want) || b.SaleCount != 7 || math.Abs(float64(b.MedianSoldPrice)-median(currentPrices)) > 1 {
			t.Errorf("distribution %+v, want bins %v and median %.0f", b, want, median(currentPrices))
		}
		if b.Period.From != "2025-06-16" || b.Period.To != "2026-06-15" {
			t.Errorf("period %+v", b.Period)
		}
	})

	t.Run("trends", func(t *testing.T) {
		var b struct {
			Months []struct {
				Month             string `json:"month"`
				MedianAskingPrice *int64 `json:"median_asking_price"`
				ListingCount      int64  `json:"listing_count"`
			} `json:"months"`
			VolatilityScore *float64 `json:"volatility_score"`
		}
		areaGetJSON(t, h, "/api/price_trends/EX1/", 200, &b)
		if len(b.Months) != 12 || b.Months[0].Month != "2025-07" || b.Months[11].Month != "2026-06" {
			t.Fatalf("months %+v, want 2025-07 .. 2026-06", b.Months)
		}
		byMonth := map[string]int64{}
		for _, m := range b.Months {
			if m.MedianAskingPrice != nil {
				byMonth[m.Month] = *m.MedianAskingPrice
			}
		}
		want := map[string]int64{
			"2025-07": int64(median([]int64{300000, 320000, 280000})), "2025-09": 330000,
			"2026-01": int64(median([]int64{310000, 350000, 340000})), "2026-06": 360000,
		}
		if fmt.Sprint(byMonth) != fmt.Sprint(want) {
			t.Errorf("monthly medians %v, want %v", byMonth, want)
		}
		// Changes: 300→330 (+10%), 330→340 (+3.03%), 340→360 (+5.88%).
		ch := []float64{10, (340.0/330 - 1) * 100, (360.0/340 - 1) * 100}
		mean := (ch[0] + ch[1] + ch[2]) / 3
		sd := math.Sqrt(((ch[0]-mean)*(ch[0]-mean) + (ch[1]-mean)*(ch[1]-mean) + (ch[2]-mean)*(ch[2]-mean)) / 3)
		if b.VolatilityScore == nil || math.Abs(*b.VolatilityScore-sd) > 0.01 {
			t.Errorf("volatility %v, want %.2f", b.VolatilityScore, sd)
		}
	})

	t.Run("unknown and malformed outcodes", func(t *testing.T) {
		areaGetJSON(t, h, "/api/price-growth/ZZ9/", 404, nil)
		areaGetJSON(t, h, "/api/price_trends/ZZ9/", 404, nil)
		areaGetJSON(t, h, "/api/price_distributions/ZZ9/", 404, nil)
		areaGetJSON(t, h, "/api/price-growth/9ZZ/", 422, nil)
	})
}

func TestAreaStatistics(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadAreaFixture(t, osURL, prefix)
	h := newAreaServer(t, osURL, prefix, "")

	t.Run("profile", func(t *testing.T) {
		var b struct {
			Postcode    string
			Deprivation struct {
				IMDDecile int `json:"imd_decile"`
			}
			SoldPrices *struct {
				MedianSoldPrice int64 `json:"median_sold_price"`
				SaleCount       int64 `json:"sale_count"`
			} `json:"sold_prices"`
			Schools struct {
				Total          int64            `json:"total"`
				ByOfstedRating map[string]int64 `json:"by_ofsted_rating"`
			}
			Transport struct {
				Total  int64            `json:"total"`
				ByType map[string]int64 `json:"by_type"`
			}
			EnvironmentalRisk struct {
				Flood struct {
					RiversAndSea string `json:"rivers_and_sea"`
				}
				Radon struct {
					Assessed bool
				}
				OverallRisk string `json:"overall_risk"`
			} `json:"environmental_risk"`
			CouncilTax struct {
				DominantBand      string           `json:"dominant_band"`
				BandDistribution  map[string]int64 `json:"band_distribution"`
				AnnualChargePence int64            `json:"annual_charge_pence"`
			} `json:"council_tax"`
			Properties struct {
				Total         int64            `json:"total"`
				TypeBreakdown map[string]int64 `json:"type_breakdown"`
			}
			HPI struct {
				Trend        []struct{ Year, Month int } `json:"trend"`
				CurrentIndex float64                     `json:"current_index"`
			} `json:"hpi"`
			Census struct {
				PopulationTotal int `json:"population_total"`
			}
			Broadband struct {
				AvgDownloadMbps float64 `json:"avg_download_mbps"`
			}
		}
		areaGetJSON(t, h, "/api/postcode-profile?postcode=ex11ae", 200, &b)
		var inPC []int64
		for i, p := range currentPrices {
			if i%2 == 0 {
				inPC = append(inPC, p)
			}
		}
		if b.SoldPrices == nil || b.SoldPrices.SaleCount != int64(len(inPC)) || math.Abs(float64(b.SoldPrices.MedianSoldPrice)-median(inPC)) > 1 {
			t.Errorf("sold prices %+v, want %d sales median %.0f", b.SoldPrices, len(inPC), median(inPC))
		}
		if b.Schools.Total != 3 || b.Schools.ByOfstedRating["Good"] != 2 || b.Schools.ByOfstedRating["Outstanding"] != 1 {
			t.Errorf("schools %+v, want 3 within 1 km (2 Good, 1 Outstanding)", b.Schools)
		}
		if b.Transport.Total != 3 || b.Transport.ByType["bus_stop"] != 2 || b.Transport.ByType["rail_station"] != 1 {
			t.Errorf("transport %+v", b.Transport)
		}
		if b.EnvironmentalRisk.Flood.RiversAndSea != "High" || b.EnvironmentalRisk.OverallRisk != "High" || !b.EnvironmentalRisk.Radon.Assessed {
			t.Errorf("risk %+v", b.EnvironmentalRisk)
		}
		if b.CouncilTax.DominantBand != "D" || b.CouncilTax.BandDistribution["D"] != 2 || b.CouncilTax.BandDistribution["B"] != 1 || b.CouncilTax.AnnualChargePence != 230000 {
			t.Errorf("council tax %+v", b.CouncilTax)
		}
		if b.Properties.Total != 3 || b.Properties.TypeBreakdown["Flat"] != 1 {
			t.Errorf("properties %+v", b.Properties)
		}
		if len(b.HPI.Trend) != 13 || b.HPI.CurrentIndex != 163 || b.HPI.Trend[0].Year != 2025 || b.HPI.Trend[0].Month != 6 {
			t.Errorf("hpi %+v", b.HPI)
		}
		if b.Deprivation.IMDDecile != 8 || b.Census.PopulationTotal != 7400 || b.Broadband.AvgDownloadMbps != 80.5 {
			t.Errorf("deprivation/census/broadband: %+v %+v %+v", b.Deprivation, b.Census, b.Broadband)
		}
		// Free plan: summary.
		var f map[string]json.RawMessage
		areaGetJSON(t, newAreaServer(t, osURL, prefix, ratelimit.PlanFree), "/api/postcode-profile?postcode=EX1+1AE", 200, &f)
		if string(f["sold_prices"]) != "null" || string(f["detail"]) != `"summary"` {
			t.Errorf("free plan: sold_prices %s detail %s", f["sold_prices"], f["detail"])
		}
	})

	t.Run("deprivation", func(t *testing.T) {
		var b struct {
			Overall struct {
				Rank, Decile, Score int
				LADRank             int `json:"lad_rank"`
			}
			Domains []struct {
				Domain string
				Score  int
			}
			Metadata struct {
				TotalLSOAs int `json:"total_lsoas"`
			}
		}
		areaGetJSON(t, h, "/api/deprivation/?postcode=EX1%201AE", 200, &b)
		if b.Overall.Rank != 25000 || b.Overall.Score != 8 || b.Overall.LADRank != 60 || len(b.Domains) != 2 || b.Domains[1].Domain != "crime" || b.Metadata.TotalLSOAs != 32844 {
			t.Errorf("deprivation %+v", b)
		}
		areaGetJSON(t, h, "/api/deprivation/?postcode=EX4%209ZZ", 404, nil) // LSOA without data
		areaGetJSON(t, h, "/api/deprivation/?postcode=EX9%209ZZ", 404, nil) // postcode without data
	})

	t.Run("demographics and broadband", func(t *testing.T) {
		var b struct {
			Tenure      map[string]*float64 `json:"tenure"`
			Deprivation *struct {
				IMDDecile int `json:"imd_decile"`
			} `json:"deprivation"`
			CensusYear int `json:"census_year"`
		}
		areaGetJSON(t, h, "/api/demographics/?postcode=EX11AE", 200, &b)
		if b.Tenure["owned_outright_pct"] == nil || *b.Tenure["owned_outright_pct"] != 30.5 || b.Tenure["rent_free_pct"] != nil || b.Deprivation == nil || b.Deprivation.IMDDecile != 8 || b.CensusYear != 2021 {
			t.Errorf("demographics %+v", b)
		}
		var bb struct {
			Postcode         string
			AvgDownloadSpeed float64 `json:"avg_download_speed"`
		}
		areaGetJSON(t, h, "/api/broadband?postcode=ex11ae", 200, &bb)
		if bb.Postcode != "EX1 1AE" || bb.AvgDownloadSpeed != 80.5 {
			t.Errorf("broadband %+v", bb)
		}
		areaGetJSON(t, h, "/api/broadband?postcode=EX4%209ZZ", 404, nil)
	})

	t.Run("solar", func(t *testing.T) {
		var b struct {
			Suitable bool
			Rating   string
			System   *struct {
				Panels    int `json:"panels"`
				AnnualKWh int `json:"annual_generation_kwh"`
			}
		}
		areaGetJSON(t, h, fmt.Sprintf("/api/solar-assessment/%d/", uprnIn), 200, &b)
		// 80 m² × 0.40 = 32 m² → 16 panels → 6.4 kWp × 950 kWh/kWp.
		if !b.Suitable || b.System == nil || b.System.Panels != 16 || b.System.AnnualKWh != 6080 || b.Rating != "excellent" {
			t.Errorf("solar %+v", b)
		}
		areaGetJSON(t, h, fmt.Sprintf("/api/solar-assessment/%d/", uprnFlat), 200, &b)
		if b.Suitable || b.Rating != "not_suitable" {
			t.Errorf("solar flat %+v", b)
		}
		areaGetJSON(t, h, fmt.Sprintf("/api/solar-assessment/%d/", uprnNear), 404, nil) // no roof data
	})
}
