package synth

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/mappings"
)

// generate runs the generator into a collector once per test binary size.
func generate(t *testing.T, seed int64, n int) *indexer.Collector {
	t.Helper()
	c, err := Collect(Config{Seed: seed, Properties: n})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	return c
}

func docsOf[T any](t *testing.T, c *indexer.Collector, index string) []T {
	t.Helper()
	var out []T
	for _, d := range c.Docs[index] {
		v, ok := d.Doc.(T)
		if !ok {
			t.Fatalf("%s: document of type %T", index, d.Doc)
		}
		out = append(out, v)
	}
	return out
}

func TestDeterministicFiles(t *testing.T) {
	dirs := []string{t.TempDir(), t.TempDir()}
	for _, d := range dirs {
		w, err := indexer.NewDirWriter(d)
		if err != nil {
			t.Fatal(err)
		}
		w.SetInfo(Version, 7, 600, "2026-11-01")
		if err := Generate(Config{Seed: 7, Properties: 600}, w); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dirs[0], "*"))
	if len(files) != len(mappings.Specs())+1 {
		t.Fatalf("got %d files, want %d NDJSON files and a manifest", len(files), len(mappings.Specs())+1)
	}
	for _, f := range files {
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(dirs[1], filepath.Base(f)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two runs with the same seed", filepath.Base(f))
		}
	}
	// A different seed gives different data.
	c1, c2 := generate(t, 7, 300), generate(t, 8, 300)
	p1, _ := json.Marshal(c1.Docs[mappings.IndexProperties][0].Doc)
	p2, _ := json.Marshal(c2.Docs[mappings.IndexProperties][0].Doc)
	if bytes.Equal(p1, p2) {
		t.Error("seeds 7 and 8 gave the same first property")
	}
}

func TestEveryIndexNonEmptyAndIDsUnique(t *testing.T) {
	c := generate(t, 1, 2000)
	for _, s := range mappings.Specs() {
		docs := c.Docs[s.Name]
		if len(docs) == 0 {
			t.Errorf("%s: no documents", s.Name)
			continue
		}
		seen := map[string]bool{}
		for _, d := range docs {
			if seen[d.ID] {
				t.Errorf("%s: duplicate id %s", s.Name, d.ID)
				break
			}
			seen[d.ID] = true
			// The id is the spec's id field.
			b, _ := json.Marshal(d.Doc)
			var m map[string]any
			_ = json.Unmarshal(b, &m)
			got := m[s.IDField]
			var want string
			switch v := got.(type) {
			case string:
				want = v
			case float64:
				want = strconv.FormatFloat(v, 'f', -1, 64)
			}
			if want != d.ID {
				t.Errorf("%s: id %q but %s = %v", s.Name, d.ID, s.IDField, got)
				break
			}
		}
	}
	small := generate(t, 9, 100)
	for _, s := range mappings.Specs() {
		if len(small.Docs[s.Name]) == 0 {
			t.Errorf("100 properties: %s is empty", s.Name)
		}
	}
	if n := len(c.Docs[mappings.IndexProperties]); n != 2000 {
		t.Errorf("properties: got %d, want 2000", n)
	}
}

func TestPostcodesAndIdentifiers(t *testing.T) {
	c := generate(t, 1, 2000)
	pcs := map[string]mappings.Postcode{}
	for _, p := range docsOf[mappings.Postcode](t, c, mappings.IndexPostcodes) {
		parts, ok := mappings.ParsePostcode(p.Postcode)
		if !ok || parts.Display() != p.Postcode || parts.Key() != p.PostcodeKey || parts.Outward != p.Outcode || parts.Sector() != p.Sector {
			t.Errorf("postcode %q: invalid or inconsistent parts", p.Postcode)
		}
		if strings.ContainsAny(p.Postcode[len(p.Postcode)-2:], "CIKMOV") {
			t.Errorf("postcode %q uses a letter never used in inward codes", p.Postcode)
		}
		pcs[p.Postcode] = p
	}
	uprns := map[int64]bool{}
	udprns := map[int64]bool{}
	for _, a := range docsOf[mappings.Address](t, c, mappings.IndexAddresses) {
		if a.UPRN <= 0 || a.UPRN > 999_999_999_999 || uprns[a.UPRN] {
			t.Fatalf("UPRN %d: not a unique positive integer of at most 12 digits", a.UPRN)
		}
		uprns[a.UPRN] = true
		if a.UDPRN != 0 {
			if udprns[a.UDPRN] {
				t.Fatalf("UDPRN %d repeated", a.UDPRN)
			}
			udprns[a.UDPRN] = true
		}
		p, ok := pcs[a.Postcode]
		if !ok || p.IsTerminated {
			t.Fatalf("address %d: postcode %q missing or terminated", a.UPRN, a.Postcode)
		}
	}
	// Flats live inside buildings; some house numbers carry a suffix.
	var flatsInBlocks, suffixed int
	for _, p := range docsOf[mappings.Property](t, c, mappings.IndexProperties) {
		if p.PropertyType == "Flat" {
			if p.ParentUPRN == 0 || !uprns[p.ParentUPRN] || p.SubBuilding == "" || p.FloorLevel == nil || p.Tenure != "Leasehold" {
				t.Fatalf("flat %d: parent %d, sub %q, floor %v, tenure %s", p.UPRN, p.ParentUPRN, p.SubBuilding, p.FloorLevel, p.Tenure)
			}
			if p.BuildingName != "" {
				flatsInBlocks++
			}
		}
		if strings.HasSuffix(p.BuildingNumber, "A") {
			suffixed++
		}
		if pc := pcs[p.Postcode]; pc.LADCode != p.LADCode {
			t.Errorf("property %d: LAD %s but its postcode's is %s", p.UPRN, p.LADCode, pc.LADCode)
		}
	}
	if flatsInBlocks == 0 || suffixed == 0 {
		t.Errorf("flats in named blocks: %d, numbers like 12A: %d; want some of each", flatsInBlocks, suffixed)
	}
	// Each street has one USRN and one name.
	streetOf := map[int64]string{}
	for _, p := range docsOf[mappings.Property](t, c, mappings.IndexProperties) {
		if s, ok := streetOf[p.USRN]; ok && s != p.StreetName {
			t.Fatalf("USRN %d names both %q and %q", p.USRN, s, p.StreetName)
		}
		streetOf[p.USRN] = p.StreetName
	}
}

// geom reads a rectangle-ish polygon's bounding box.
func bbox(t *testing.T, g *mappings.Geometry) (minLon, minLat, maxLon, maxLat float64) {
	t.Helper()
	var rings [][][2]float64
	if err := json.Unmarshal(g.Coordinates, &rings); err != nil {
		t.Fatalf("polygon: %v", err)
	}
	minLon, minLat, maxLon, maxLat = 999, 999, -999, -999
	for _, p := range rings[0] {
		minLon, maxLon = min(minLon, p[0]), max(maxLon, p[0])
		minLat, maxLat = min(minLat, p[1]), max(maxLat, p[1])
	}
	return
}

func TestAreasNestAndContainPoints(t *testing.T) {
	c := generate(t, 3, 3000)
	type box struct{ x0, y0, x1, y1 float64 }
	byCode := map[string]box{}
	byType := map[string][]mappings.Boundary{}
	for _, b := range docsOf[mappings.Boundary](t, c, mappings.IndexBoundaries) {
		byType[b.Type] = append(byType[b.Type], b)
		if b.Type == "region" {
			continue
		}
		x0, y0, x1, y1 := bbox(t, b.Geometry)
		byCode[b.Code] = box{x0, y0, x1, y1}
		if b.NameSuggest == "" || !strings.Contains(b.DisplayName, ", ") {
			t.Errorf("boundary %s: name_suggest %q display_name %q", b.Code, b.NameSuggest, b.DisplayName)
		}
	}
	for _, typ := range []string{"region", "lad", "town", "ward", "msoa", "lsoa", "postcode_district", "postcode_area"} {
		if len(byType[typ]) == 0 {
			t.Errorf("no %s boundaries", typ)
		}
	}
	inside := func(in, out box) bool {
		const eps = 1e-9
		return in.x0 >= out.x0-eps && in.y0 >= out.y0-eps && in.x1 <= out.x1+eps && in.y1 <= out.y1+eps
	}
	// Every LSOA inside its MSOA, every MSOA inside its LAD; within a level,
	// areas tile the LAD: no overlaps and the areas add up.
	for _, l := range byType["lsoa"] {
		if !inside(byCode[l.Code], byCode[l.ParentCode]) {
			t.Errorf("LSOA %s not inside MSOA %s", l.Code, l.ParentCode)
		}
	}
	for _, level := range []string{"msoa", "lsoa", "ward", "postcode_district"} {
		per := map[string][]box{}
		for _, b := range byType[level] {
			if !inside(byCode[b.Code], byCode[b.LADCode]) {
				t.Errorf("%s %s not inside LAD %s", level, b.Code, b.LADCode)
			}
			per[b.LADCode] = append(per[b.LADCode], byCode[b.Code])
		}
		for lad, boxes := range per {
			l := byCode[lad]
			var sum float64
			for i, a := range boxes {
				sum += (a.x1 - a.x0) * (a.y1 - a.y0)
				for _, b := range boxes[i+1:] {
					ox := min(a.x1, b.x1) - max(a.x0, b.x0)
					oy := min(a.y1, b.y1) - max(a.y0, b.y0)
					if ox > 1e-9 && oy > 1e-9 {
						t.Fatalf("%s areas of %s overlap", level, lad)
					}
				}
			}
			full := (l.x1 - l.x0) * (l.y1 - l.y0)
			if d := (sum - full) / full; d > 1e-6 || d < -1e-6 {
				t.Errorf("%s areas of %s cover %.6f of the LAD, want 1 (gaps)", level, lad, sum/full)
			}
		}
	}
	// Every property lies in the polygons whose codes it carries.
	for _, p := range docsOf[mappings.Property](t, c, mappings.IndexProperties) {
		for _, code := range []string{p.LSOACode, p.MSOACode, p.WardCode, p.LADCode, p.Outcode} {
			b := byCode[code]
			if p.Location.Lon < b.x0 || p.Location.Lon > b.x1 || p.Location.Lat < b.y0 || p.Location.Lat > b.y1 {
				t.Fatalf("property %d at %v is outside %s", p.UPRN, *p.Location, code)
			}
		}
	}
	for _, p := range docsOf[mappings.Postcode](t, c, mappings.IndexPostcodes) {
		for _, code := range []string{p.LSOACode, p.MSOACode, p.Outcode} {
			b := byCode[code]
			if p.Location.Lon < b.x0 || p.Location.Lon > b.x1 || p.Location.Lat < b.y0 || p.Location.Lat > b.y1 {
				t.Fatalf("postcode %s is outside %s", p.Postcode, code)
			}
		}
	}
	// Deprivation: each nation ranks its own areas over its national count
	// (distinct ranks, 1 the most deprived, deciles of the national rank),
	// with its own edition; no documents in the spec's uncovered areas (M).
	dep := docsOf[mappings.Deprivation](t, c, mappings.IndexDeprivation)
	ranks := map[string]map[int]bool{}
	for _, d := range dep {
		idx, ok := mappings.DeprivationIndexOf(d.Edition)
		if !ok {
			t.Fatalf("deprivation %s: edition %q", d.LSOACode, d.Edition)
		}
		if idx.Country != d.LSOACode[:1] && !(idx.Country == "N" && d.LSOACode[:1] == "9") {
			t.Errorf("deprivation %s: edition %s is not its nation's", d.LSOACode, d.Edition)
		}
		if ranks[d.Edition] == nil {
			ranks[d.Edition] = map[int]bool{}
		}
		if ranks[d.Edition][d.Rank] {
			t.Errorf("deprivation %s: rank %d repeated in %s", d.LSOACode, d.Rank, d.Edition)
		}
		ranks[d.Edition][d.Rank] = true
		if d.TotalLSOAs != idx.AreaCount || d.Rank < 1 || d.Rank > idx.AreaCount || d.Decile != min(10, (d.Rank-1)*10/idx.AreaCount+1) || len(d.Domains) != 7 {
			t.Fatalf("deprivation %s: rank %d decile %d total %d domains %d", d.LSOACode, d.Rank, d.Decile, d.TotalLSOAs, len(d.Domains))
		}
		if d.LADName == "Manchester" {
			t.Errorf("deprivation %s: Manchester (area M) is uncovered in the spec", d.LSOACode)
		}
	}
	for ed, rs := range ranks {
		if !rs[1] {
			t.Errorf("%s: no rank 1", ed)
		}
	}
	// Census groups sum to 100.
	for _, cs := range docsOf[mappings.Census](t, c, mappings.IndexCensus) {
		for name, g := range map[string]map[string]float64{"tenure": cs.Tenure, "age": cs.Age, "ethnicity": cs.Ethnicity, "occupation": cs.Occupation, "household_size": cs.HouseholdSize, "car_ownership": cs.CarOwnership} {
			var s float64
			for _, v := range g {
				s += v
			}
			if s < 99.5 || s > 100.5 || len(g) < 3 {
				t.Errorf("census %s %s sums to %.1f", cs.MSOACode, name, s)
			}
		}
	}
}

func TestEPCConsistent(t *testing.T) {
	c := generate(t, 1, 2000)
	latest := map[int64]int{}
	for _, e := range docsOf[mappings.EPC](t, c, mappings.IndexEPC) {
		if rating(e.CurrentEnergyEfficiency) != e.CurrentEnergyRating || rating(e.PotentialEnergyEfficiency) != e.PotentialEnergyRating {
			t.Fatalf("EPC %s: %d %s / %d %s", e.EPCID, e.CurrentEnergyEfficiency, e.CurrentEnergyRating, e.PotentialEnergyEfficiency, e.PotentialEnergyRating)
		}
		if e.CurrentEnergyEfficiency < 1 || e.PotentialEnergyEfficiency > 100 || e.PotentialEnergyEfficiency < e.CurrentEnergyEfficiency {
			t.Fatalf("EPC %s: efficiencies %d → %d", e.EPCID, e.CurrentEnergyEfficiency, e.PotentialEnergyEfficiency)
		}
		if e.IsLatest {
			latest[e.UPRN]++
		}
	}
	bands := map[string][2]int{"A": {92, 100}, "B": {81, 91}, "C": {69, 80}, "D": {55, 68}, "E": {39, 54}, "F": {21, 38}, "G": {1, 20}}
	for _, p := range docsOf[mappings.Property](t, c, mappings.IndexProperties) {
		if latest[p.UPRN] != 1 {
			t.Fatalf("property %d has %d latest EPCs", p.UPRN, latest[p.UPRN])
		}
		b := bands[p.CurrentEnergyRating]
		if p.CurrentEnergyEfficiency < b[0] || p.CurrentEnergyEfficiency > b[1] {
			t.Fatalf("property %d: %d rated %s", p.UPRN, p.CurrentEnergyEfficiency, p.CurrentEnergyRating)
		}
		if n := len(p.EPCRenovations); n > 0 && p.EPCRenovations[n-1].EfficiencyAfter != p.PotentialEnergyEfficiency {
			t.Fatalf("property %d: renovations end at %d, potential %d", p.UPRN, p.EPCRenovations[n-1].EfficiencyAfter, p.PotentialEnergyEfficiency)
		}
		if p.Country != "N" && p.CouncilTaxBand == "" {
			t.Fatalf("property %d in %s has no council tax band", p.UPRN, p.Country)
		}
		if p.HabitableRooms != p.Bedrooms+p.ReceptionRooms || p.EPCFloorArea <= 0 {
			t.Fatalf("property %d: rooms or area inconsistent", p.UPRN)
		}
	}
}

// TestEventsOrderAndCompletions checks every listing's events follow the
// lifecycle and every sale has exactly one Completed event at its date and
// price.
func TestEventsOrderAndCompletions(t *testing.T) {
	c := generate(t, 1, 2000)
	sales := map[int64]mappings.Sale{}
	for _, s := range docsOf[mappings.Sale](t, c, mappings.IndexSales) {
		sales[s.ID] = s
	}
	listings := map[string]mappings.Listing{}
	for _, l := range docsOf[mappings.Listing](t, c, mappings.IndexListings) {
		listings[l.ID] = l
	}
	byListing := map[string][]mappings.SaleEvent{}
	completed := map[int64]int{}
	for _, e := range docsOf[mappings.SaleEvent](t, c, mappings.IndexSaleEvents) {
		if e.EventType == "Completed" {
			s, ok := sales[e.Sale]
			if !ok || s.SoldDate != e.Date || s.Price != e.Price || s.UPRN != e.UPRN || e.Source != registryLabel {
				t.Fatalf("Completed event %d does not match sale %d", e.ID, e.Sale)
			}
			completed[e.Sale]++
		}
		if e.Listing != "" {
			byListing[e.Listing] = append(byListing[e.Listing], e)
		}
	}
	for id := range sales {
		if completed[id] != 1 {
			t.Fatalf("sale %d has %d Completed events", id, completed[id])
		}
	}
	// Allowed successors of each event type.
	next := map[string][]string{
		"start":           {"Added", "Added by another agent", "Added by new agent", "Added by another undetermined agent"},
		"Added":           {"Reduced", "Price Increased", "Under offer", "Sold STC", "Sold STCM", "Withdrawn", "Let agreed"},
		"Reduced":         {"Reduced", "Price Increased", "Under offer", "Sold STC", "Sold STCM", "Withdrawn", "Let agreed"},
		"Price Increased": {"Reduced", "Under offer", "Sold STC", "Sold STCM", "Withdrawn", "Let agreed"},
		"Under offer":     {"Sold STC", "Sold STCM"},
		"Sold STC":        {"Completed", "Sale Cancelled"},
		"Sold STCM":       {"Completed", "Sale Cancelled"},
		"Sale Cancelled":  {"Withdrawn"},
	}
	next["Added"] = append(next["Added"], "Added date modified for old listing")
	for _, a := range append(next["start"][1:], "Added date modified for old listing") {
		next[a] = next["Added"]
	}
	var live, relisted int
	for id, evs := range byListing {
		l, ok := listings[id]
		if !ok {
			t.Fatalf("events of unknown listing %s", id)
		}
		sort.Slice(evs, func(i, j int) bool { return evs[i].Seq < evs[j].Seq })
		state := "start"
		for i, e := range evs {
			if e.Seq != i+1 || (i > 0 && e.Date < evs[i-1].Date) {
				t.Fatalf("listing %s: events out of order at %d", id, i)
			}
			ok := false
			for _, n := range next[state] {
				ok = ok || n == e.EventType
			}
			if !ok {
				t.Fatalf("listing %s: %s after %s", id, e.EventType, state)
			}
			state = e.EventType
		}
		if l.IsLive != (state != "Completed" && state != "Withdrawn" && state != "Let agreed") {
			t.Fatalf("listing %s: live %v but last event %s", id, l.IsLive, state)
		}
		if l.IsLive {
			live++
		}
		if strings.HasPrefix(evs[0].EventType, "Added by") {
			relisted++
		}
		if state == "Completed" && (l.SaleID == 0 || sales[l.SaleID].UPRN != l.UPRN) {
			t.Fatalf("listing %s completed without its sale", id)
		}
	}
	if live == 0 || relisted == 0 {
		t.Errorf("live listings %d, relistings %d; want some of each", live, relisted)
	}
}

func TestRiskCoverage(t *testing.T) {
	c := generate(t, 1, 800)
	cover := map[string]map[string]bool{}
	kinds := map[string]int{}
	for _, r := range docsOf[mappings.RiskArea](t, c, mappings.IndexRiskAreas) {
		kinds[r.RiskType+"/"+r.Kind]++
		if r.Kind == "coverage" {
			if cover[r.RiskType] == nil {
				cover[r.RiskType] = map[string]bool{}
			}
			cover[r.RiskType][r.Name] = true
		}
	}
	for _, typ := range []string{"flood", "radon", "noise", "landfill", "coal_mining", "invasive_plants", "air_quality_today"} {
		if kinds[typ+"/coverage"] == 0 || kinds[typ+"/hazard"] == 0 {
			t.Errorf("%s: %d coverage and %d hazard polygons", typ, kinds[typ+"/coverage"], kinds[typ+"/hazard"])
		}
	}
	if cover["flood"]["Belfast assessment area"] || !cover["flood"]["Exeter assessment area"] {
		t.Error("flood coverage: want Exeter assessed and Belfast not")
	}
}

func TestEarlierReferenceDate(t *testing.T) {
	c := indexer.NewCollector()
	now := time.Date(2019, 6, 1, 0, 0, 0, 0, time.UTC)
	if err := Generate(Config{Seed: 2, Properties: 300, Now: now}, c); err != nil {
		t.Fatal(err)
	}
	for _, s := range docsOf[mappings.Sale](t, c, mappings.IndexSales) {
		if s.SoldDate >= "2019-06-01" {
			t.Fatalf("sale %d on %s, after the reference date", s.ID, s.SoldDate)
		}
	}
	for _, p := range docsOf[mappings.Property](t, c, mappings.IndexProperties) {
		if p.YearBuilt > 2019 {
			t.Fatalf("property %d built in %d, after the reference date", p.UPRN, p.YearBuilt)
		}
	}
}

// TestScaledOutcodes checks a town keeps its real outcodes while its
// districts hold maxDistrictProps or fewer, and grows new ones of its
// postcode area (never a duplicate) past that.
func TestScaledOutcodes(t *testing.T) {
	real := []string{"TF1", "TF2", "TF3"}
	if got := scaledOutcodes(real, []string{"WV"}, 3*maxDistrictProps); !reflect.DeepEqual(got, real) {
		t.Errorf("small town: %v", got)
	}
	got := scaledOutcodes([]string{"M1", "M3"}, []string{"OL"}, 4*maxDistrictProps+1)
	if want := []string{"M1", "M3", "M2", "M4", "M5"}; !reflect.DeepEqual(got, want) {
		t.Errorf("big town: %v, want %v", got, want)
	}
	// Past its area's 99 districts a town takes its overflow areas' (never
	// "LS100", which is no outcode), and with none left its districts grow.
	national := scaledOutcodes([]string{"LS1", "LS2"}, []string{"WF"}, 150*maxDistrictProps)
	if len(national) != 150 || national[98] != "LS99" || national[99] != "WF1" || national[149] != "WF51" {
		t.Errorf("national town: %d districts, %v … %v", len(national), national[:3], national[95:])
	}
	if capped := scaledOutcodes([]string{"BT1"}, nil, 150*maxDistrictProps); len(capped) != maxDistrictNumber {
		t.Errorf("no overflow area: %d districts, want %d", len(capped), maxDistrictNumber)
	}
	seen := map[string]bool{}
	for _, oc := range append(got, national...) {
		if _, ok := mappings.ParseOutcode(oc); !ok {
			t.Errorf("%q is not a valid outcode", oc)
		}
		if seen[oc] && !slices.Contains(got, oc) {
			t.Errorf("%q twice", oc)
		}
		seen[oc] = true
	}
}

// TestDistrictStreetNames: once a national-size town has taken every
// prefixed street name, names repeat across districts but never within
// one (the generator stalled for ever on the town-wide rule before).
func TestDistrictStreetNames(t *testing.T) {
	if n := prefixedStreetNames(); n < 50000 {
		t.Fatalf("only %d prefixed names", n)
	}
	st := &townState{names: map[string]bool{"LS120|Church Road": true}}
	gen := &generator{}
	r := newRnd(1, "test")
	inLS120 := map[string]bool{}
	for i := 0; i < 3000; i++ {
		name := gen.districtStreetName(st, r, "LS120")
		if inLS120[name] || name == "Church Road" {
			t.Fatalf("%q twice in LS120", name)
		}
		inLS120[name] = true
	}
	repeats := 0
	for i := 0; i < 3000; i++ {
		if inLS120[gen.districtStreetName(st, r, "WF1")] {
			repeats++
		}
	}
	if repeats == 0 {
		t.Error("no name of LS120 drawn again in WF1: names should repeat across districts")
	}
}

// TestNationalNames: the national vocabulary gives no root word more than
// a small share of the names (the classic roots alone give each ~1.3%),
// and without it the draws are exactly the classic ones, so the demo and
// test worlds do not change.
func TestNationalNames(t *testing.T) {
	const draws = 200_000
	national := &generator{cfg: Config{NationalNames: true}}
	count := map[string]int{}
	r := newRnd(1, "names")
	for i := 0; i < draws; i++ {
		count[national.nameRoot(r)]++
	}
	top, word := 0, ""
	for w, c := range count {
		if c > top {
			top, word = c, w
		}
	}
	if share := float64(top) / draws; share > 0.004 {
		t.Errorf("%q is %.2f%% of the names, want at most 0.4%%", word, 100*share)
	}
	if len(count) < 2500 {
		t.Errorf("%d distinct roots, want a long tail (2,500 or more)", len(count))
	}
	classic := &generator{}
	a, b := newRnd(7, "same"), newRnd(7, "same")
	for i := 0; i < 1000; i++ {
		if got, want := classic.nameRoot(a), pick(b, streetRoots); got != want {
			t.Fatalf("draw %d: %q, want the classic %q", i, got, want)
		}
	}
}

// jsonSink keeps every document it takes, marshalled, in order; with want
// set it is an indexer.Wanter taking those indices only.
type jsonSink struct {
	want     map[string]bool
	docs     map[string][]string
	unwanted map[string]int
}

func (s *jsonSink) Add(index, id string, doc any) error {
	if s.want != nil && !s.want[index] {
		s.unwanted[index]++
		return nil
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	s.docs[index] = append(s.docs[index], id+" "+string(b))
	return nil
}

type wantingSink struct{ *jsonSink }

func (s wantingSink) Wants(index string) bool { return s.want[index] }

// TestWanterGetsTheSameWorld generates a world for a sink that takes every
// index and for one that wants only the national build's three (the market
// documents are then not built): the documents of those indices must be the
// same, in the same order, and the market's must not be sent at all.
func TestWanterGetsTheSameWorld(t *testing.T) {
	for _, national := range []bool{false, true} {
		cfg := Config{Seed: 7, Properties: 3000, NationalNames: national}
		all := &jsonSink{docs: map[string][]string{}}
		if err := Generate(cfg, all); err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{mappings.IndexAddresses: true, mappings.IndexPostcodes: true, mappings.IndexProperties: true}
		some := wantingSink{&jsonSink{want: want, docs: map[string][]string{}, unwanted: map[string]int{}}}
		if err := Generate(cfg, some); err != nil {
			t.Fatal(err)
		}
		for index := range want {
			a, b := all.docs[index], some.docs[index]
			if len(a) == 0 || len(a) != len(b) {
				t.Fatalf("%s: %d documents for every index, %d for the wanter", index, len(a), len(b))
			}
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("%s document %d differs:\n%s\n%s", index, i, a[i], b[i])
				}
			}
		}
		for _, index := range []string{mappings.IndexSales, mappings.IndexListings, mappings.IndexSaleEvents} {
			if len(all.docs[index]) == 0 {
				t.Fatalf("the full world has no %s: the comparison shows nothing", index)
			}
			if n := some.unwanted[index]; n > 0 {
				t.Errorf("%d %s documents were built for a sink that does not want them", n, index)
			}
		}
	}
}
