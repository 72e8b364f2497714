//go:build integration

package integration

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// nearbyNow is the clock of the servers under test.
var nearbyNow = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

func nearbyServer(t *testing.T, osURL, prefix string) http.Handler {
	t.Helper()
	c := searchClient(t, search.Config{URLs: []string{osURL}, RequestTimeout: 20 * time.Second})
	return newAPIServer(t, osURL, api.Options{Backend: c, IndexPrefix: prefix, Now: func() time.Time { return nearbyNow }})
}

// nearbyGet calls the server and decodes a 200 answer into out; it returns
// the status.
func nearbyGet(t *testing.T, h http.Handler, url string, out any) int {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, url, nil))
	if rec.Code == http.StatusOK && out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("GET %s: %v: %s", url, err, rec.Body)
		}
	}
	if rec.Code >= 500 {
		t.Errorf("GET %s: %d %s", url, rec.Code, rec.Body)
	}
	return rec.Code
}

// nearbyMeters is the great-circle distance (the engine's arc distance uses
// the same mean Earth radius).
func nearbyMeters(a, b mappings.GeoPoint) float64 {
	const r = 6371008.7714
	la1, la2 := a.Lat*math.Pi/180, b.Lat*math.Pi/180
	dla, dlo := la2-la1, (b.Lon-a.Lon)*math.Pi/180
	h := math.Sin(dla/2)*math.Sin(dla/2) + math.Cos(la1)*math.Cos(la2)*math.Sin(dlo/2)*math.Sin(dlo/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}

// nearbyOffset moves a point north and east by metres.
func nearbyOffset(p mappings.GeoPoint, north, east float64) *mappings.GeoPoint {
	const mPerDeg = 111195.0
	return &mappings.GeoPoint{Lat: p.Lat + north/mPerDeg, Lon: p.Lon + east/(mPerDeg*math.Cos(p.Lat*math.Pi/180))}
}

var nearbyCentre = mappings.GeoPoint{Lat: 50.7236, Lon: -3.5275}

const nearbyUPRN = 100040000001

// loadNearbyPlaces loads the postcode EX1 1AE and property nearbyUPRN at
// nearbyCentre.
func loadNearbyPlaces(t *testing.T, osURL, prefix string) {
	t.Helper()
	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, map[string]any{
		"EX1 1AE": mappings.Postcode{Postcode: "EX1 1AE", PostcodeKey: "EX11AE", Outcode: "EX1", Sector: "EX1 1", Area: "EX", Location: &nearbyCentre, Country: "E", Source: "test"},
	})
	fixture.Load(t, osURL, prefix, mappings.IndexProperties, map[string]any{
		fmt.Sprint(nearbyUPRN): mappings.Property{UPRN: nearbyUPRN, FullAddress: "1 Test Street, Exeter, EX1 1AE", Postcode: "EX1 1AE", Outcode: "EX1", Country: "E", Location: &nearbyCentre},
	})
}

func TestNearbySchoolsGeometry(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadNearbyPlaces(t, osURL, prefix)
	// Schools at known offsets (metres north, east); 0.5 miles = 804.7 m.
	type spec struct {
		urn          int64
		north, east  float64
		phase, rated string
		status       string
	}
	specs := []spec{
		{1, 100, 0, "Primary", "Good", "Open"},
		{2, 0, -300, "Secondary", "Outstanding", "Open"},
		{3, -500, 200, "Primary", "", "Open"},
		{4, 560, 560, "Primary", "Inadequate", "Open"}, // 792 m: just inside
		{5, 575, 575, "Primary", "Good", "Open"},       // 813 m: just outside
		{6, 50, 50, "Primary", "Good", "Closed"},       // closed: never shown
		{7, 2000, 0, "Primary", "Good", "Open"},
		{8, -250, -250, "Nursery", "Good", "Open"},
	}
	docs := map[string]any{}
	for _, s := range specs {
		docs[fmt.Sprint(s.urn)] = mappings.School{URN: s.urn, Name: fmt.Sprintf("School %d", s.urn), Phase: s.phase, OfstedRating: s.rated,
			Status: s.status, Location: nearbyOffset(nearbyCentre, s.north, s.east), Source: "test", AgeLow: 4, AgeHigh: 11}
	}
	fixture.Load(t, osURL, prefix, mappings.IndexSchools, docs)
	h := nearbyServer(t, osURL, prefix)

	var out struct {
		Count         int              `json:"count"`
		TotalInRadius int64            `json:"total_in_radius"`
		OfstedSummary map[string]int64 `json:"ofsted_summary"`
		Schools       []struct {
			URN        int64   `json:"urn"`
			DistanceKm float64 `json:"distance_km"`
			Location   struct {
				Lat float64 `json:"lat"`
				Lng float64 `json:"lng"`
			} `json:"location"`
		} `json:"schools"`
	}
	if st := nearbyGet(t, h, "/api/v1/schools/nearby?postcode=EX1+1AE", &out); st != 200 {
		t.Fatalf("status %d", st)
	}
	var got []int64
	for i, s := range out.Schools {
		got = append(got, s.URN)
		d := nearbyMeters(nearbyCentre, mappings.GeoPoint{Lat: s.Location.Lat, Lon: s.Location.Lng})
		if d > 0.5*1609.344 {
			t.Errorf("school %d at %.0f m is outside the radius", s.URN, d)
		}
		if math.Abs(s.DistanceKm*1000-d) > 6 {
			t.Errorf("school %d distance_km %v, computed %.1f m", s.URN, s.DistanceKm, d)
		}
		if i > 0 && s.DistanceKm < out.Schools[i-1].DistanceKm {
			t.Errorf("not nearest first: %v", got)
		}
	}
	if want := []int64{1, 2, 8, 3, 4}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("schools %v, want %v (nearest first, closed and outside left out)", got, want)
	}
	if out.TotalInRadius != 5 || out.OfstedSummary["Good"] != 2 || out.OfstedSummary["Not inspected"] != 1 || out.OfstedSummary["Inadequate"] != 1 {
		t.Errorf("total %d summary %v", out.TotalInRadius, out.OfstedSummary)
	}

	// Filters: phase narrows the summary; ofsted only the list.
	out.Schools = nil
	nearbyGet(t, h, "/api/v1/schools/nearby?lat=50.7236&lng=-3.5275&phase=Primary&ofsted=Good&radius=2", &out)
	got = got[:0]
	for _, s := range out.Schools {
		got = append(got, s.URN)
	}
	if want := []int64{1, 5, 7}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("primary+good within 2 miles: %v, want %v", got, want)
	}
	if out.OfstedSummary["Outstanding"] != 0 || out.OfstedSummary["Good"] != 3 || out.OfstedSummary["Inadequate"] != 1 {
		t.Errorf("summary for primary: %v", out.OfstedSummary)
	}
	// limit
	nearbyGet(t, h, "/api/v1/schools/nearby?postcode=EX1+1AE&limit=2", &out)
	if out.Count != 2 || out.TotalInRadius != 5 {
		t.Errorf("limit 2: count %d total %d", out.Count, out.TotalInRadius)
	}
	if st := nearbyGet(t, h, "/api/v1/schools/nearby?postcode=EX9+9ZZ", nil); st != 404 {
		t.Errorf("unknown postcode: %d", st)
	}
}

type nearbyAmenities struct {
	Count         int              `json:"count"`
	TotalInRadius int64            `json:"total_in_radius"`
	TypeCounts    map[string]int64 `json:"type_counts"`
	GroupCounts   map[string]int64 `json:"group_counts"`
	Amenities     []struct {
		ID         string  `json:"organisation_id"`
		Type       string  `json:"type"`
		Dispensary *bool   `json:"dispensary"`
		DistanceKm float64 `json:"distance_km"`
		Location   struct {
			Lat float64 `json:"lat"`
			Lng float64 `json:"lng"`
		} `json:"location"`
	} `json:"amenities"`
}

func (a nearbyAmenities) ids(t *testing.T, radiusM float64) []string {
	t.Helper()
	var out []string
	for i, x := range a.Amenities {
		out = append(out, x.ID)
		d := nearbyMeters(nearbyCentre, mappings.GeoPoint{Lat: x.Location.Lat, Lon: x.Location.Lng})
		if d > radiusM {
			t.Errorf("%s at %.0f m outside %.0f m", x.ID, d, radiusM)
		}
		if i > 0 && x.DistanceKm < a.Amenities[i-1].DistanceKm {
			t.Errorf("not nearest first at %s", x.ID)
		}
	}
	return out
}

func TestNearbyAmenitiesGeometry(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadNearbyPlaces(t, osURL, prefix)
	type spec struct {
		id, typ, group, status string
		north, east            float64
	}
	specs := []spec{
		{"GP1", "gp", "healthcare", "Active", 200, 0},
		{"GP2", "gp", "healthcare", "Closed", 100, 0},
		{"DN1", "dentist", "healthcare", "Active", 0, 600},
		{"PH1", "pharmacy", "healthcare", "Active", -150, 0},
		{"HO1", "hospital", "healthcare", "", 950, 0},
		{"HO2", "hospital", "healthcare", "", 1100, 0},
		{"CF1", "cafe", "food", "", 50, 0},
		{"PT1", "petrol", "fuel", "", 300, 300},
		{"EV1", "ev_charger", "fuel", "", -400, 0},
	}
	docs := map[string]any{}
	for _, s := range specs {
		docs[s.id] = mappings.Amenity{ID: s.id, Name: "Place " + s.id, Type: s.typ, Group: s.group, Status: s.status,
			Dispensary: s.typ == "pharmacy", Location: nearbyOffset(nearbyCentre, s.north, s.east), Source: "test"}
	}
	fixture.Load(t, osURL, prefix, mappings.IndexAmenities, docs)
	h := nearbyServer(t, osURL, prefix)

	tests := []struct {
		url     string
		radiusM float64
		want    []string
	}{
		{fmt.Sprintf("/api/v1/amenities/nearby?uprn=%d", nearbyUPRN), 1000, []string{"PH1", "GP1", "DN1", "HO1"}},
		{"/api/v1/amenities/nearby?lat=50.7236&lng=-3.5275&types=gp,hospital&radius_km=2", 2000, []string{"GP1", "HO1", "HO2"}},
		{"/api/v1/amenities/nearby?lat=50.7236&lng=-3.5275&limit=2", 1000, []string{"PH1", "GP1"}},
		{"/api/v1/healthcare/pharmacies/?postcode=EX1+1AE", 1000, []string{"PH1"}},
		{"/api/v1/healthcare/?postcode=EX1+1AE&radius_km=0.5", 500, []string{"PH1", "GP1"}},
		{"/api/v1/amenities/food/?postcode=EX1+1AE", 1000, []string{"CF1"}},
		{"/api/v1/fuel-stations/?postcode=EX1+1AE", 1000, []string{"EV1", "PT1"}},
		{"/api/v1/fuel-stations/ev/?postcode=EX1+1AE", 1000, []string{"EV1"}},
		{"/api/v1/amenities/?postcode=EX1+1AE", 1000, []string{"CF1", "PH1", "GP1", "DN1", "HO1"}},
	}
	for _, tc := range tests {
		var out nearbyAmenities
		if st := nearbyGet(t, h, tc.url, &out); st != 200 {
			t.Errorf("GET %s: %d", tc.url, st)
			continue
		}
		if got := out.ids(t, tc.radiusM); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("GET %s: %v, want %v", tc.url, got, tc.want)
		}
	}
	var out nearbyAmenities
	nearbyGet(t, h, fmt.Sprintf("/api/v1/amenities/nearby?uprn=%d&limit=1", nearbyUPRN), &out)
	if out.TypeCounts["gp"] != 1 || out.TypeCounts["hospital"] != 1 || out.TypeCounts["dentist"] != 1 || out.TotalInRadius != 4 || out.Count != 1 {
		t.Errorf("type_counts %v total %d count %d", out.TypeCounts, out.TotalInRadius, out.Count)
	}
	if out.Amenities[0].Dispensary == nil || !*out.Amenities[0].Dispensary {
		t.Errorf("pharmacy dispensary %v", out.Amenities[0].Dispensary)
	}
	nearbyGet(t, h, "/api/v1/amenities/?postcode=EX1+1AE", &out)
	if out.GroupCounts["healthcare"] != 4 || out.GroupCounts["food"] != 1 {
		t.Errorf("group_counts %v", out.GroupCounts)
	}
	if st := nearbyGet(t, h, "/api/v1/amenities/nearby?uprn=100040009999", nil); st != 404 {
		t.Errorf("unknown uprn: %d", st)
	}
}

func TestNearbyPlanningCrimeListed(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadNearbyPlaces(t, osURL, prefix)
	day := func(n int) string { return nearbyNow.AddDate(0, 0, -n).Format("2006-01-02") }
	plans := []mappings.Planning{
		{Reference: "A", Decision: "Approved", Type: "Full", DateReceived: day(10), DateDecided: day(2), Location: nearbyOffset(nearbyCentre, 100, 0)},
		{Reference: "B", Decision: "Undecided", Type: "Trees", DateReceived: day(5), Location: nearbyOffset(nearbyCentre, 300, 0)},
		{Reference: "C", Decision: "Approved", Type: "Full", DateReceived: day(120), Location: nearbyOffset(nearbyCentre, 50, 0)},
		{Reference: "D", Decision: "Refused", Type: "Full", DateReceived: day(20), Location: nearbyOffset(nearbyCentre, 700, 0)},
		{Reference: "E", Decision: "Approved", Type: "Outline", DateReceived: day(5), Location: nearbyOffset(nearbyCentre, 0, 450)},
	}
	fixture.Load(t, osURL, prefix, mappings.IndexPlanning, fixture.Docs(plans, func(p mappings.Planning) string { return p.Reference }))
	crimes := []mappings.Crime{
		{ID: "c1", Category: "burglary", Month: "2026-09-01", Location: nearbyOffset(nearbyCentre, 100, 0)},
		{ID: "c2", Category: "burglary", Month: "2026-08-01", Location: nearbyOffset(nearbyCentre, 200, 0)},
		{ID: "c3", Category: "anti-social-behaviour", Month: "2026-09-01", Location: nearbyOffset(nearbyCentre, 50, 0)},
		{ID: "c4", Category: "anti-social-behaviour", Month: "2026-06-01", Location: nearbyOffset(nearbyCentre, 60, 0)},
		{ID: "c5", Category: "vehicle-crime", Month: "2026-09-01", Location: nearbyOffset(nearbyCentre, 1500, 0)},
	}
	fixture.Load(t, osURL, prefix, mappings.IndexCrime, fixture.Docs(crimes, func(c mappings.Crime) string { return c.ID }))
	listed := []mappings.ListedBuilding{
		{ListEntry: 1, Name: "Cathedral", Grade: "I", Location: nearbyOffset(nearbyCentre, 300, 0)},
		{ListEntry: 2, Name: "House", Grade: "II", Location: nearbyOffset(nearbyCentre, 100, 0)},
		{ListEntry: 3, Name: "Hall", Grade: "II*", Location: nearbyOffset(nearbyCentre, 450, 0)},
		{ListEntry: 4, Name: "Far", Grade: "II", Location: nearbyOffset(nearbyCentre, 900, 0)},
	}
	fixture.Load(t, osURL, prefix, mappings.IndexListedBuildings, fixture.Docs(listed, func(l mappings.ListedBuilding) string { return fmt.Sprint(l.ListEntry) }))
	h := nearbyServer(t, osURL, prefix)

	var pl struct {
		Count   int64 `json:"count"`
		Results []struct {
			Reference string `json:"reference"`
			DistanceM int64  `json:"distance_m"`
		} `json:"results"`
	}
	refs := func() []string {
		var out []string
		for _, r := range pl.Results {
			out = append(out, r.Reference)
		}
		return out
	}
	nearbyGet(t, h, "/api/v1/planning/search/?postcode=EX1+1AE", &pl)
	if want := []string{"B", "E", "A"}; fmt.Sprint(refs()) != fmt.Sprint(want) || pl.Count != 3 {
		t.Errorf("default (90 days, 0.5 km): %v count %d, want %v (newest first, then nearest)", refs(), pl.Count, want)
	}
	if pl.Results[2].DistanceM < 95 || pl.Results[2].DistanceM > 105 {
		t.Errorf("A distance_m %d, want ~100", pl.Results[2].DistanceM)
	}
	nearbyGet(t, h, "/api/v1/planning/search/?postcode=EX1+1AE&days=365&radius_km=1&status=Approved&type=Full", &pl)
	if want := []string{"A", "C"}; fmt.Sprint(refs()) != fmt.Sprint(want) {
		t.Errorf("approved full in a year within 1 km: %v, want %v", refs(), want)
	}

	var cr struct {
		Period     struct{ From, To string } `json:"period"`
		Total      int64                     `json:"total"`
		ByCategory []struct {
			Category string `json:"category"`
			Count    int64  `json:"count"`
		} `json:"by_category"`
		ByMonth []struct {
			Month string `json:"month"`
			Total int64  `json:"total"`
		} `json:"by_month"`
		Nearest []struct {
			ID string `json:"id"`
		} `json:"nearest"`
	}
	nearbyGet(t, h, "/api/v1/crime/?postcode=EX1+1AE&months=3", &cr)
	if cr.Period.From != "2026-07" || cr.Period.To != "2026-09" || cr.Total != 3 {
		t.Errorf("crime period %+v total %d", cr.Period, cr.Total)
	}
	if len(cr.ByMonth) != 3 || cr.ByMonth[0].Month != "2026-07" || cr.ByMonth[0].Total != 0 || cr.ByMonth[2].Total != 2 {
		t.Errorf("by_month %+v", cr.ByMonth)
	}
	if len(cr.ByCategory) != 2 || cr.ByCategory[0].Category != "burglary" || cr.ByCategory[0].Count != 2 {
		t.Errorf("by_category %+v", cr.ByCategory)
	}
	var ids []string
	for _, c := range cr.Nearest {
		ids = append(ids, c.ID)
	}
	if fmt.Sprint(ids) != "[c3 c1 c2]" {
		t.Errorf("nearest %v", ids)
	}

	var lb struct {
		TotalInRadius int64            `json:"total_in_radius"`
		GradeCounts   map[string]int64 `json:"grade_counts"`
		Buildings     []struct {
			ListEntry int64 `json:"list_entry"`
			DistanceM int64 `json:"distance_m"`
		} `json:"listed_buildings"`
	}
	nearbyGet(t, h, "/api/v1/listed-buildings/?postcode=EX1+1AE", &lb)
	var entries []int64
	for _, b := range lb.Buildings {
		entries = append(entries, b.ListEntry)
	}
	if fmt.Sprint(entries) != "[2 1 3]" || lb.GradeCounts["II"] != 1 || lb.GradeCounts["I"] != 1 || lb.GradeCounts["II*"] != 1 {
		t.Errorf("listed %v counts %v", entries, lb.GradeCounts)
	}
	nearbyGet(t, h, "/api/v1/listed-buildings/?postcode=EX1+1AE&grade=II&radius_km=1", &lb)
	entries = entries[:0]
	for _, b := range lb.Buildings {
		entries = append(entries, b.ListEntry)
	}
	if fmt.Sprint(entries) != "[2 4]" || lb.TotalInRadius != 2 {
		t.Errorf("grade II within 1 km: %v total %d", entries, lb.TotalInRadius)
	}
}

func TestNearbyBoundariesAutocomplete(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	bs := []mappings.Boundary{
		{ID: 1, Code: "E07000041", Name: "Exeter", DisplayName: "Exeter (local authority)", NameSuggest: "Exeter", Type: "lad", AdminLevel: 8},
		{ID: 2, Code: "E05012345", Name: "Exeter St Davids", DisplayName: "Exeter St Davids, Exeter (ward)", NameSuggest: "Exeter St Davids", Type: "ward", AdminLevel: 10},
		{ID: 3, Code: "T0003", Name: "Exmouth", DisplayName: "Exmouth, East Devon (town)", NameSuggest: "Exmouth", Type: "town", AdminLevel: 9},
		{ID: 4, Code: "EX1", Name: "EX1", DisplayName: "EX1 (postcode district)", NameSuggest: "EX1", Type: "postcode_district", AdminLevel: 11},
		{ID: 5, Code: "E07000045", Name: "Teignbridge", DisplayName: "Teignbridge (local authority)", NameSuggest: "Teignbridge", Type: "lad", AdminLevel: 8},
	}
	fixture.Load(t, osURL, prefix, mappings.IndexBoundaries, fixture.Docs(bs, func(b mappings.Boundary) string { return fmt.Sprint(b.ID) }))
	h := nearbyServer(t, osURL, prefix)
	tests := []struct {
		q    string
		want []int64
	}{
		{"exe", []int64{1, 2}},
		{"Exeter st", []int64{2}},
		{"exeter st dav", []int64{2}},
		{"ex", []int64{1, 2, 3, 4}},
		{"teign", []int64{5}},
		{"exe&type=ward", []int64{2}},
		{"zzz", nil},
	}
	for _, tc := range tests {
		var out struct {
			Results []struct {
				ID          int64  `json:"id"`
				Name        string `json:"name"`
				DisplayName string `json:"display_name"`
				AdminLevel  int    `json:"admin_level"`
			} `json:"results"`
		}
		if st := nearbyGet(t, h, "/api/v1/boundaries/autocomplete/?q="+strings.ReplaceAll(tc.q, " ", "+"), &out); st != 200 {
			t.Errorf("q=%s: %d", tc.q, st)
			continue
		}
		var got []int64
		for _, r := range out.Results {
			got = append(got, r.ID)
			if r.Name == "" || r.DisplayName == "" || r.AdminLevel == 0 {
				t.Errorf("q=%s: incomplete result %+v", tc.q, r)
			}
		}
		sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("q=%s: ids %v, want %v", tc.q, got, tc.want)
		}
	}
}
