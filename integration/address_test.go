//go:build integration

package integration

import (
	"encoding/json"
	"fmt"
	mrand "math/rand"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// addressTestEnv is a real OpenSearch with a unique index prefix.
type addressTestEnv struct {
	url, prefix string
}

// addressEnv reads OPENSEARCH_URL (default http://127.0.0.1:9200), skips when
// it does not answer (fails under CI=true), and deletes the prefix's indices
// when the test ends.
func addressEnv(tb testing.TB) *addressTestEnv {
	tb.Helper()
	return &addressTestEnv{url: testenv.OpenSearchURL(tb), prefix: testenv.IndexPrefix(tb)}
}

func (e *addressTestEnv) server(tb testing.TB) *api.Server {
	tb.Helper()
	return newAPIServer(tb, e.url, api.Options{IndexPrefix: e.prefix,
		Now: func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }})
}

func (e *addressTestEnv) loadAddresses(tb testing.TB, addrs []mappings.Address) {
	tb.Helper()
	fixture.Load(tb, e.url, e.prefix, mappings.IndexAddresses, fixture.Docs(addrs, func(a mappings.Address) string { return fmt.Sprint(a.UPRN) }))
}

// fixtureTown is a town of the fixture: streets, postcode outcodes and a centre.
type fixtureTown struct {
	name     string
	outcodes []string
	lat, lon float64
	streets  []string
}

// addressFixture builds a realistic, deterministic address set (~1,700):
// several towns, the same street names in different towns, similar names
// (Mill Road, Mill Lane, Miller Road, Milton Road), abbreviated and full
// street types, numbers with suffixes, named houses, small conversions with
// two flats and large buildings with many flats (with and without a
// building-level record).
func addressFixture() []mappings.Address {
	rng := mrand.New(mrand.NewSource(42))
	towns := []fixtureTown{
		{"Exeter", []string{"EX1", "EX2", "EX4"}, 50.7236, -3.5275, []string{"High Street", "Station Road", "Mill Road", "Mill Lane", "Miller Road", "Milton Road", "St John's Road", "St James Road", "Queen Street", "Queens Road", "Abbey Close", "Abbey Crescent", "Church Lane", "Heavitree Road", "Polsloe Road", "Magdalen Street"}},
		{"Exmouth", []string{"EX8"}, 50.6190, -3.4137, []string{"High Street", "Station Road", "Rolle Street", "Church Road", "Marine Way", "Exeter Road", "Park Road", "Victoria Road"}},
		{"Crediton", []string{"EX17"}, 50.7906, -3.6533, []string{"High Street", "Mill Street", "Park Road", "Union Road", "Searle Street"}},
		{"Taunton", []string{"TA1", "TA2"}, 51.0150, -3.1029, []string{"Station Road", "East Street", "Priory Avenue", "Wellington Road", "Kingston Road", "Greenway Road", "Cheddon Road", "Church Lane"}},
		{"Plymouth", []string{"PL4", "PL1"}, 50.3755, -4.1427, []string{"Mutley Plain", "North Hill", "Lipson Road", "Alexandra Road", "Beaumont Road", "Queens Road", "Mount Gould Road", "Station Road"}},
		{"Bristol", []string{"BS6", "BS7"}, 51.4545, -2.5879, []string{"Gloucester Road", "Cotham Hill", "Whiteladies Road", "Chandos Road", "Zetland Road", "Mill Lane", "Ashley Road", "Berkeley Square"}},
	}
	letters := "ABDEFGHJLNPQRSTUWXYZ"
	var out []mappings.Address
	uprn := int64(10000000)
	next := func() int64 { uprn += 1 + int64(rng.Intn(3)); return uprn }
	usedPC := map[string]bool{}
	newPostcode := func(t fixtureTown) string {
		for {
			oc := t.outcodes[rng.Intn(len(t.outcodes))]
			pc := fmt.Sprintf("%s %d%c%c", oc, 1+rng.Intn(9), letters[rng.Intn(len(letters))], letters[rng.Intn(len(letters))])
			if !usedPC[pc] {
				usedPC[pc] = true
				return pc
			}
		}
	}
	for ti, t := range towns {
		for si, street := range t.streets {
			// Street geometry: a line from near the centre outwards.
			dLat, dLon := (rng.Float64()-0.5)*0.03, (rng.Float64()-0.5)*0.05
			houses := 14 + rng.Intn(16)
			pc := newPostcode(t)
			for n := 1; n <= houses; n++ {
				if n%12 == 0 {
					pc = newPostcode(t)
				}
				loc := &mappings.GeoPoint{Lat: t.lat + dLat + float64(n)*0.0002, Lon: t.lon + dLon + float64(n)*0.0002}
				base := mappings.Address{StreetName: street, TownName: t.name, PostTown: strings.ToUpper(t.name),
					Postcode: pc, Location: loc, Country: "E", Source: "fixture", Classification: "RD04"}
				switch {
				case n == 5 && si%3 == 0:
					// A small conversion: flats A and B.
					for _, f := range []string{"Flat A", "Flat B"} {
						a := base
						a.UPRN, a.BuildingNumber, a.SubBuilding, a.Classification = next(), fmt.Sprint(n), f, "RD06"
						out = append(out, a)
					}
				case n == 9 && si%2 == 0:
					// 9 and 9A, 9B.
					for _, num := range []string{"9", "9A", "9B"} {
						a := base
						a.UPRN, a.BuildingNumber = next(), num
						out = append(out, a)
					}
				default:
					a := base
					a.UPRN, a.BuildingNumber = next(), fmt.Sprint(n)
					out = append(out, a)
				}
			}
			// Named houses at the end of some streets.
			if si%4 == 1 {
				for _, name := range []string{"Rose Cottage", "The Old Rectory", "Orchard House"} {
					a := mappings.Address{UPRN: next(), BuildingName: name, StreetName: street, TownName: t.name, PostTown: strings.ToUpper(t.name),
						Postcode: pc, Location: &mappings.GeoPoint{Lat: t.lat + dLat, Lon: t.lon + dLon}, Country: "E", Source: "fixture", Classification: "RD02"}
					out = append(out, a)
				}
			}
			// Large buildings: with a building record on the first street of even towns, without on odd ones.
			if si == 0 || si == 3 {
				name := []string{"Marina Court", "Riverside House", "Kings Wharf", "Albion Place", "Victoria Mansions", "Cathedral View"}[(ti+si)%6]
				num := fmt.Sprint(houses + 2 + si)
				flats := 12 + rng.Intn(30)
				bpc := newPostcode(t)
				parent := next()
				bloc := &mappings.GeoPoint{Lat: t.lat + dLat - 0.001, Lon: t.lon + dLon - 0.001}
				if ti%2 == 0 {
					out = append(out, mappings.Address{UPRN: parent, BuildingName: name, BuildingNumber: num, StreetName: street,
						TownName: t.name, PostTown: strings.ToUpper(t.name), Postcode: bpc, Location: bloc, FlatCount: flats,
						Country: "E", Source: "fixture", Classification: "PP"})
				}
				for f := 1; f <= flats; f++ {
					out = append(out, mappings.Address{UPRN: next(), ParentUPRN: parent, SubBuilding: fmt.Sprintf("Flat %d", f),
						BuildingName: name, BuildingNumber: num, StreetName: street, TownName: t.name, PostTown: strings.ToUpper(t.name),
						Postcode: bpc, Location: bloc, Country: "E", Source: "fixture", Classification: "RD06"})
				}
			}
		}
	}
	for i := range out {
		mappings.AddressSearchFields(&out[i])
	}
	return out
}

func TestAddressFixtureShape(t *testing.T) {
	addrs := addressFixture()
	if len(addrs) < 1500 {
		t.Fatalf("fixture has %d addresses, want at least 1500", len(addrs))
	}
}

func getJSON(t *testing.T, srv http.Handler, path string, wantStatus int) (map[string]any, *httptest.ResponseRecorder) {
	t.Helper()
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	if rec.Code != wantStatus {
		t.Fatalf("GET %s = %d, want %d: %s", path, rec.Code, wantStatus, rec.Body)
	}
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("GET %s: %v: %s", path, err, rec.Body)
	}
	return m, rec
}

func errCode(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func TestAddressFindIntegration(t *testing.T) {
	env := addressEnv(t)
	addrs := addressFixture()
	env.loadAddresses(t, addrs)
	pcDocs := map[string]any{}
	for _, a := range addrs {
		if _, ok := pcDocs[a.Postcode]; !ok {
			pc, _ := mappings.ParsePostcode(a.Postcode)
			pcDocs[a.Postcode] = mappings.Postcode{Postcode: pc.Display(), PostcodeKey: pc.Key(), Outcode: pc.Outward, Sector: pc.Sector(),
				Area: pc.Area(), Location: a.Location, Country: "E", Source: "fixture"}
		}
	}
	fixture.Load(t, env.url, env.prefix, mappings.IndexPostcodes, pcDocs)
	srv := env.server(t)
	var someFlat, house12 mappings.Address
	for _, a := range addrs {
		if a.IsFlat && a.FlatNumber == "3" && a.ParentUPRN != 0 && someFlat.UPRN == 0 {
			someFlat = a
		}
		if a.TownName == "Exeter" && a.StreetName == "High Street" && a.BuildingNumber == "12" {
			house12 = a
		}
	}

	t.Run("postcode in any case and spacing lists addresses in natural order", func(t *testing.T) {
		pc := house12.Postcode
		for _, q := range []string{pc, strings.ToLower(strings.ReplaceAll(pc, " ", ""))} {
			r, _ := find(t, srv, "q="+urlq(q)+"&limit=20")
			if r.Meta.QueryType != "postcode" || r.Count == 0 {
				t.Fatalf("q=%q: %+v", q, r.Meta)
			}
			prev := ""
			for _, sg := range r.Suggestions {
				if sg.Postcode != pc {
					t.Errorf("q=%q: suggestion at %s", q, sg.Postcode)
				}
				a := byUPRN(addrs, sg.UPRN)
				if a.SortKey < prev {
					t.Errorf("q=%q: %q out of natural order", q, sg.Address)
				}
				prev = a.SortKey
			}
		}
	})
	t.Run("outcode and partial postcode", func(t *testing.T) {
		r, _ := find(t, srv, "q=EX17&limit=20")
		if r.Meta.QueryType != "outcode" || r.Count != 20 {
			t.Fatalf("outcode: %+v count %d", r.Meta, r.Count)
		}
		for _, sg := range r.Suggestions {
			if !strings.HasPrefix(sg.Postcode, "EX17 ") {
				t.Errorf("outcode EX17 returned %s", sg.Postcode)
			}
		}
		sector := house12.Postcode[:len(house12.Postcode)-2]
		r, _ = find(t, srv, "q="+urlq(sector))
		if r.Meta.QueryType != "postcode_partial" || r.Count == 0 {
			t.Fatalf("partial %q: %+v", sector, r.Meta)
		}
		for _, sg := range r.Suggestions {
			if !strings.HasPrefix(sg.Postcode, sector) {
				t.Errorf("partial %q returned %s", sector, sg.Postcode)
			}
		}
	})
	t.Run("numbers match exactly", func(t *testing.T) {
		r, _ := find(t, srv, "q="+urlq("12 high st exeter"))
		if r.Count == 0 || r.Suggestions[0].UPRN != house12.UPRN {
			t.Fatalf("12 high st exeter: %+v", r.Suggestions)
		}
		r, _ = find(t, srv, "q="+urlq("9a high street exeter"))
		if r.Count == 0 || !strings.HasPrefix(r.Suggestions[0].Address, "9A High Street") {
			t.Fatalf("9a: %+v", r.Suggestions)
		}
		for _, sg := range r.Suggestions {
			if strings.HasPrefix(sg.Address, "9 ") || strings.HasPrefix(sg.Address, "9B") {
				t.Errorf("9a matched %q", sg.Address)
			}
		}
	})
	t.Run("a complete word is not widened to its abbreviation's prefix", func(t *testing.T) {
		// "church" is found in "Ch" and "Church" alike (the index holds both
		// forms), but must not search the prefix "ch" too: Cheddon Road.
		want := 0
		for _, a := range addrs {
			if a.TownName == "Taunton" && a.StreetName == "Church Lane" {
				want++
			}
		}
		r, _ := find(t, srv, "q="+urlq("church taunton"))
		if want == 0 || r.Meta.Total != int64(want) {
			t.Errorf("church taunton: total %d, want the %d addresses of Church Lane, Taunton", r.Meta.Total, want)
		}
		if r, _ = find(t, srv, "q="+urlq("ch taunton")); r.Meta.Total <= int64(want) {
			t.Errorf("ch taunton (a prefix, Cheddon Road too): total %d, want more than %d", r.Meta.Total, want)
		}
	})
	t.Run("the first letters of a designator ask for flats", func(t *testing.T) {
		r, _ := find(t, srv, "q=Fla")
		if r.Count == 0 || !strings.HasPrefix(r.Suggestions[0].Address, "Flat ") {
			t.Fatalf("Fla: %+v", r.Suggestions)
		}
	})
	t.Run("result caches serve repeats and honour no-cache", func(t *testing.T) {
		cached := newAPIServer(t, env.url, api.Options{IndexPrefix: env.prefix,
			FindCache: api.FindCacheConfig{Entries: 64, TTL: time.Minute}})
		get := func(path string, noCache bool) *httptest.ResponseRecorder {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			if noCache {
				req.Header.Set("Cache-Control", "no-cache")
			}
			rec := httptest.NewRecorder()
			cached.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d: %s", path, rec.Code, rec.Body)
			}
			return rec
		}
		for _, path := range []string{
			"/api/address/find/?q=" + urlq(house12.BuildingNumber+" "+house12.StreetName),
			"/api/address/postcode/" + strings.ReplaceAll(house12.Postcode, " ", "") + "/",
		} {
			first, second, fresh := get(path, false), get(path, false), get(path, true)
			if first.Header().Get("X-Cache") != "miss" || second.Header().Get("X-Cache") != "hit" || fresh.Header().Get("X-Cache") != "miss" {
				t.Errorf("%s: X-Cache %q, %q, then with no-cache %q", path, first.Header().Get("X-Cache"), second.Header().Get("X-Cache"), fresh.Header().Get("X-Cache"))
			}
			strip := func(b string) string { return regexp.MustCompile(`"took_ms":\d+`).ReplaceAllString(b, "") }
			if strip(first.Body.String()) != strip(second.Body.String()) || !strings.Contains(first.Body.String(), house12.StreetName) {
				t.Errorf("%s: cached body differs or lacks the street:\n%s\n%s", path, first.Body, second.Body)
			}
		}
	})
	t.Run("flats without a building record are grouped by the follow-up count", func(t *testing.T) {
		// Odd towns have large buildings without a building record, and
		// small conversions (Flat A, Flat B) have none anywhere.
		var orphan, conv mappings.Address
		records := map[int64]bool{}
		for _, a := range addrs {
			if a.FlatCount > 0 {
				records[a.UPRN] = true
			}
		}
		for _, a := range addrs {
			if a.IsFlat && a.ParentUPRN != 0 && !records[a.ParentUPRN] && orphan.UPRN == 0 {
				orphan = a
			}
			if a.IsFlat && a.ParentUPRN == 0 && a.SubBuilding == "Flat A" && conv.UPRN == 0 {
				conv = a
			}
		}
		if orphan.UPRN == 0 || conv.UPRN == 0 {
			t.Fatal("fixture lacks flats without a building record")
		}
		flats := 0
		for _, a := range addrs {
			if a.ParentUPRN == orphan.ParentUPRN {
				flats++
			}
		}
		q := orphan.BuildingNumber + " " + orphan.BuildingName + " " + orphan.StreetName + " " + orphan.TownName
		r, _ := find(t, srv, "q="+urlq(q))
		if r.Count == 0 || r.Suggestions[0].Type != "building" || r.Suggestions[0].UPRN != orphan.ParentUPRN || r.Suggestions[0].FlatCount != flats {
			t.Fatalf("%q: want building %d with %d flats first, got %+v", q, orphan.ParentUPRN, flats, r.Suggestions)
		}
		q = conv.BuildingNumber + " " + conv.StreetName + " " + conv.TownName
		r, _ = find(t, srv, "q="+urlq(q))
		var got []string
		for _, sg := range r.Suggestions {
			if strings.Contains(sg.Address, ", "+conv.BuildingNumber+" "+conv.StreetName+",") && strings.HasPrefix(sg.Address, "Flat ") {
				got = append(got, sg.Address)
			}
		}
		if len(got) < 2 || !strings.HasPrefix(got[0], "Flat A") || !strings.HasPrefix(got[1], "Flat B") {
			t.Errorf("%q: want Flat A and Flat B listed, got %v (all: %+v)", q, got, r.Suggestions)
		}
	})
	t.Run("flat number and building collapse", func(t *testing.T) {
		q := fmt.Sprintf("flat 3 %s %s", someFlat.BuildingNumber, someFlat.StreetName)
		r, _ := find(t, srv, "q="+urlq(q+" "+someFlat.TownName))
		if r.Count == 0 || r.Suggestions[0].UPRN != someFlat.UPRN {
			t.Fatalf("%q: %+v", q, r.Suggestions)
		}
		r, _ = find(t, srv, "q="+urlq(someFlat.BuildingNumber+" "+someFlat.StreetName+" "+someFlat.TownName))
		if r.Count == 0 || r.Suggestions[0].Type != "building" || r.Suggestions[0].FlatCount < 3 || r.Suggestions[0].UPRN != someFlat.ParentUPRN {
			t.Fatalf("building level: %+v", r.Suggestions)
		}
		seen := 0
		for _, sg := range r.Suggestions {
			if a := byUPRN(addrs, sg.UPRN); a != nil && a.ParentUPRN == someFlat.ParentUPRN {
				seen++
			}
		}
		if seen > 0 {
			t.Errorf("flats of the collapsed building also listed: %d", seen)
		}
		// Drill down into the building.
		r, _ = find(t, srv, fmt.Sprintf("q=flat&building=%d&limit=20", someFlat.ParentUPRN))
		if r.Count < 3 || !strings.HasPrefix(r.Suggestions[0].Address, "Flat 1,") || !strings.HasPrefix(r.Suggestions[1].Address, "Flat 2,") {
			t.Fatalf("drill down: %+v", r.Suggestions)
		}
	})
	t.Run("typo found only by the fuzzy fallback", func(t *testing.T) {
		r, _ := find(t, srv, "q="+urlq("12 high streat exeter"))
		if r.Meta.QueryType != "text_fuzzy" || r.Count == 0 || r.Suggestions[0].UPRN != house12.UPRN {
			t.Fatalf("typo: %+v %+v", r.Meta, r.Suggestions)
		}
		r, _ = find(t, srv, "q="+urlq("12 high street exeter"))
		if r.Meta.QueryType != "text" {
			t.Errorf("exact query took %s", r.Meta.QueryType)
		}
	})
	t.Run("location bias prefers the nearby town", func(t *testing.T) {
		// High Street exists in Exeter, Exmouth and Crediton.
		r, _ := find(t, srv, "q="+urlq("7 high street")+"&lat=50.6190&lng=-3.4137")
		if r.Count == 0 || !strings.Contains(r.Suggestions[0].Address, "EXMOUTH") {
			t.Fatalf("bias to Exmouth: %+v", r.Suggestions)
		}
		var crediton string
		for _, a := range addrs {
			if a.TownName == "Crediton" {
				crediton = a.Postcode
				break
			}
		}
		r, _ = find(t, srv, "q="+urlq("7 high street")+"&postcode="+urlq(crediton))
		if r.Count == 0 || !strings.Contains(r.Suggestions[0].Address, "CREDITON") {
			t.Fatalf("bias to Crediton: %+v", r.Suggestions)
		}
	})
	t.Run("errors", func(t *testing.T) {
		m, _ := getJSON(t, srv, "/api/address/find/?q=a", 422)
		if errCode(m) != api.CodeQueryTooShort {
			t.Errorf("short q: %v", m)
		}
		m, _ = getJSON(t, srv, "/api/address/find/?q=high&limit=21", 422)
		if errCode(m) != api.CodeInvalidParams {
			t.Errorf("limit: %v", m)
		}
	})
	t.Run("address/postcode", func(t *testing.T) {
		pc := house12.Postcode
		for _, p := range []string{strings.ReplaceAll(pc, " ", "%20"), strings.ReplaceAll(pc, " ", ""), strings.ToLower(strings.ReplaceAll(pc, " ", ""))} {
			m, _ := getJSON(t, srv, "/api/address/postcode/"+p+"/", 200)
			if m["postcode"] != pc || m["count"].(float64) == 0 {
				t.Fatalf("%s: %v", p, m)
			}
			prev := ""
			for _, x := range m["addresses"].([]any) {
				a := byUPRN(addrs, int64(x.(map[string]any)["uprn"].(float64)))
				if a.SortKey < prev {
					t.Errorf("%s: out of natural order at %s", p, a.FullAddress)
				}
				prev = a.SortKey
			}
		}
		m, _ := getJSON(t, srv, "/api/address/postcode/"+strings.ReplaceAll(pc, " ", "+")+"/", 422)
		if errCode(m) != api.CodeInvalidPostcode {
			t.Errorf("plus: %v", m)
		}
		m, _ = getJSON(t, srv, "/api/address/postcode/ZZ99%209ZZ/", 404)
		if errCode(m) != api.CodeNotFound {
			t.Errorf("unknown: %v", m)
		}
	})
}

func urlq(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, " ", "+"), "'", "%27") }

func byUPRN(addrs []mappings.Address, u int64) *mappings.Address {
	for i := range addrs {
		if addrs[i].UPRN == u {
			return &addrs[i]
		}
	}
	return nil
}

func TestPropertyFamilyIntegration(t *testing.T) {
	env := addressEnv(t)
	floor := 2
	house := mappings.Property{UPRN: 100040000001, FullAddress: "12 High Street, Exeter, EX1 1AE", AddressLine1: "12 High Street",
		BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", PostTown: "EXETER", Postcode: "EX1 1AE", Outcode: "EX1",
		Country: "E", LADCode: "E07000041", LADName: "Exeter", PropertyType: "Terraced", Tenure: "Freehold", Bedrooms: 3,
		EPCFloorArea: 88, PlotAreaSqm: 140, CouncilTaxBand: "C", PredictedValue: 300000, LastSoldPrice: 200000,
		CouncilTaxHistory: []mappings.CouncilTaxEntry{{Band: "B", Effective: "1993-04-01"}, {Band: "C", Effective: "2015-01-01"}},
		EPCRenovations:    []mappings.Renovation{{Improvement: "Loft insulation", IndicativeCostLow: 100, IndicativeCostHigh: 350, TypicalSavingYear: 40}},
		Location:          &mappings.GeoPoint{Lat: 50.7236, Lon: -3.5275}, Source: "fixture"}
	flat := house
	flat.UPRN, flat.SubBuilding, flat.PropertyType, flat.FloorLevel, flat.CouncilTaxBand, flat.PredictedValue = 100040000002, "Flat 2", "Flat", &floor, "A", 150000
	flat.FullAddress, flat.AddressLine1 = "Flat 2, 12 High Street, Exeter, EX1 1AE", "Flat 2"
	props := []mappings.Property{house, flat}
	fixture.Load(t, env.url, env.prefix, mappings.IndexProperties, fixture.Docs(props, func(p mappings.Property) string { return fmt.Sprint(p.UPRN) }))
	var addrs []mappings.Address
	for _, p := range props {
		a := mappings.Address{UPRN: p.UPRN, SubBuilding: p.SubBuilding, BuildingNumber: p.BuildingNumber, StreetName: p.StreetName,
			TownName: p.TownName, PostTown: p.PostTown, Postcode: p.Postcode, Location: p.Location, Country: "E", Source: "fixture"}
		mappings.AddressSearchFields(&a)
		addrs = append(addrs, a)
	}
	env.loadAddresses(t, addrs)
	fixture.Load(t, env.url, env.prefix, mappings.IndexEPC, map[string]any{
		"e-old": mappings.EPC{EPCID: "e-old", UPRN: house.UPRN, Address: "12 High Street", Postcode: "EX1 1AE", LodgementDate: "2011-03-01", CurrentEnergyRating: "E", PotentialEnergyRating: "C", CurrentEnergyEfficiency: 48, PotentialEnergyEfficiency: 72, Source: "fixture"},
		"e-new": mappings.EPC{EPCID: "e-new", UPRN: house.UPRN, Address: "12 High Street", Postcode: "EX1 1AE", LodgementDate: "2022-09-12", CurrentEnergyRating: "C", PotentialEnergyRating: "B", CurrentEnergyEfficiency: 71, PotentialEnergyEfficiency: 84, TotalFloorArea: 88, ConstructionAgeBand: "1900-1929", IsLatest: true, Source: "fixture"},
		"e-mid": mappings.EPC{EPCID: "e-mid", UPRN: house.UPRN, Address: "12 High Street", Postcode: "EX1 1AE", LodgementDate: "2016-05-20", CurrentEnergyRating: "D", PotentialEnergyRating: "B", CurrentEnergyEfficiency: 60, PotentialEnergyEfficiency: 82, Source: "fixture"},
	})
	fixture.Load(t, env.url, env.prefix, mappings.IndexTitles, map[string]any{
		"DN1": mappings.Title{TitleNo: "DN1", UPRN: house.UPRN, RecordStatus: "A", EstateInterestCode: "F", EstateInterest: "Freehold", TitleClassCode: "A", TitleClass: "Absolute",
			CreatedAt: "2004-01-01T00:00:00Z", UpdatedAt: "2021-07-01T00:00:00Z", AreaSqm: 141, Source: "fixture",
			Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: json.RawMessage(`[[[-3.5276,50.7235],[-3.5274,50.7235],[-3.5274,50.7237],[-3.5276,50.7237],[-3.5276,50.7235]]]`)}},
	})
	fixture.Load(t, env.url, env.prefix, mappings.IndexCouncilTax, map[string]any{
		"E07000041-2024-25": mappings.CouncilTaxCharge{ID: "E07000041-2024-25", LADCode: "E07000041", BillingAuthority: "Exeter City Council", Year: "2024-25", BandDChargePence: 210000, ChargesPence: map[string]int64{"A": 140000, "C": 186667}, Source: "fixture"},
		"E07000041-2025-26": mappings.CouncilTaxCharge{ID: "E07000041-2025-26", LADCode: "E07000041", BillingAuthority: "Exeter City Council", Year: "2025-26", BandDChargePence: 221000, ChargesPence: map[string]int64{"A": 147333, "C": 196445}, Source: "fixture"},
	})
	fixture.Load(t, env.url, env.prefix, mappings.IndexPostcodes, map[string]any{
		"EX1 1AE": mappings.Postcode{Postcode: "EX1 1AE", PostcodeKey: "EX11AE", Outcode: "EX1", Sector: "EX1 1", Area: "EX", Country: "E", Source: "fixture"},
		"EH1 1YZ": mappings.Postcode{Postcode: "EH1 1YZ", PostcodeKey: "EH11YZ", Outcode: "EH1", Sector: "EH1 1", Area: "EH", Country: "S", Source: "fixture"},
	})
	fixture.Load(t, env.url, env.prefix, mappings.IndexListings, map[string]any{
		"L-1": mappings.Listing{ID: "L-1", ListingID: "p-1", DisplayAddress: "12 High St, Exeter", Postcode: "EX1 1AE", Outcode: "EX1", AddedDate: "2025-01-02"},
		"L-2": mappings.Listing{ID: "L-2", ListingID: "p-2", DisplayAddress: "Tower Road, Exeter", Postcode: "EX1 1AE", Outcode: "EX1", AddedDate: "2025-01-02"},
	})
	srv := env.server(t)
	hu := fmt.Sprint(house.UPRN)
	fu := fmt.Sprint(flat.UPRN)

	m, _ := getJSON(t, srv, "/api/v1/properties/"+hu, 200)
	if m["latitude"].(float64) != 50.7236 || m["outward_postcode"] != "EX1" || m["council_tax_band"] != "C" {
		t.Errorf("record %v", m)
	}
	getJSON(t, srv, "/api/properties/999", 404)
	m, _ = getJSON(t, srv, "/api/properties/"+fu+"/land/", 422)
	if errCode(m) != api.CodeNotApplicable {
		t.Errorf("land for flat %v", m)
	}
	m, _ = getJSON(t, srv, "/api/properties/"+hu+"/land/", 200)
	if m["title_no"] != "DN1" || m["plot_area_sqm"].(float64) != 140 {
		t.Errorf("land %v", m)
	}
	m, _ = getJSON(t, srv, "/api/property/"+hu+"/complete/", 200)
	if m["parts"].(map[string]any)["epc_renovations"].(map[string]any)["total_cost_high"].(float64) != 350 {
		t.Errorf("complete %v", m["parts"])
	}
	m, _ = getJSON(t, srv, "/api/property/"+hu+"/?with=pool", 422)
	if !strings.Contains(m["error"].(map[string]any)["message"].(string), "pool") {
		t.Errorf("with: %v", m)
	}

	m, _ = getJSON(t, srv, "/api/epc-checker/"+hu+"/", 200)
	hist := m["history"].([]any)
	if m["epc_id"] != "e-new" || m["current_energy_efficiency"].(float64) != 71 || len(hist) != 3 ||
		hist[1].(map[string]any)["epc_id"] != "e-mid" || hist[2].(map[string]any)["epc_id"] != "e-old" {
		t.Errorf("epc %v", m)
	}
	getJSON(t, srv, "/api/epc-checker/"+fu+"/", 404)

	m, rec := getJSON(t, srv, "/api/property_lr_titles/"+hu+"/", 200)
	if rec.Header().Get("Content-Type") != "application/geo+json" || m["type"] != "Feature" {
		t.Errorf("title %s %v", rec.Header().Get("Content-Type"), m)
	}
	ring := m["geometry"].(map[string]any)["coordinates"].([]any)[0].([]any)
	if first := ring[0].([]any); first[0].(float64) != -3.5276 || first[1].(float64) != 50.7235 {
		t.Errorf("ring not [lon, lat]: %v", first)
	}
	getJSON(t, srv, "/api/property_lr_titles/"+fu+"/", 404)

	m, _ = getJSON(t, srv, "/api/council_tax/"+hu+"/", 200)
	if m["year"] != "2025-26" || m["annual_charge_pence"].(float64) != 196445 || m["is_current_year"] != true {
		t.Errorf("council tax %v", m)
	}
	m, _ = getJSON(t, srv, "/api/council_tax_band/?postcode=ex11ae&building_number=12", 200)
	if m["council_tax_band"] != "C" || m["address"] != house.FullAddress {
		t.Errorf("band %v", m)
	}
	m, _ = getJSON(t, srv, "/api/council_tax_band/?postcode=EH1+1YZ&building_number=12", 404)
	if errCode(m) != api.CodeNotCovered {
		t.Errorf("scotland %v", m)
	}

	m, _ = getJSON(t, srv, "/api/address/retrieve/"+fu+"/?level=full", 200)
	as := m["area_statistics"].(map[string]any)
	if as["postcode_property_count"].(float64) != 2 || as["postcode_median_predicted_value"].(float64) < 150000 || as["postcode_median_predicted_value"].(float64) > 300000 {
		t.Errorf("area statistics %v", as)
	}
	m, _ = getJSON(t, srv, "/api/address/retrieve/"+fu+"/", 200)
	if m["sub_building"] != "Flat 2" || m["level"] != "address" {
		t.Errorf("retrieve %v", m)
	}

	post := func(body string, want int) map[string]any {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/listing-address/", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		srv.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Fatalf("listing-address %s: %d %s", body, rec.Code, rec.Body)
		}
		var out map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		return out
	}
	m = post(`{"listing_id":"L-1"}`, 200)
	if m["uprn"].(float64) != float64(house.UPRN) || m["confidence"].(float64) < 0.8 {
		t.Errorf("listing match %v", m)
	}
	post(`{"listing_id":"p-1"}`, 200)
	post(`{"listing_id":"L-2"}`, 404)
	post(`{"listing_id":"none"}`, 404)
}
