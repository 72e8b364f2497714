package importer

// Tests of the importers that have no real sample in shared/data/real-samples
// (Ofcom Connected Nations, Historic England NHLE, UK HPI, ONSUD/NSUL). Their
// fixtures in testdata/ follow the publishers' documented column layouts
// (see testdata/README.md for the source of each layout); the values in them
// are illustrative, not real releases.

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestImportOfcomBroadbandFixtures(t *testing.T) {
	s := newMemSink()
	rep, err := ImportOfcomBroadband(context.Background(), Env{}, []string{
		"testdata/ofcom/202601_fixed_postcode_coverage_r01_TF.csv", "testdata/ofcom/201805_fixed_pc_performance_r03.csv"}, s)
	if err != nil {
		t.Fatal(err)
	}
	// Coverage: 5 rows, 2 rejected (bad postcode, "high"); performance: 2
	// rows, one for a postcode already covered.
	if rep.Rows != 7 || rep.Rejected != 2 || s.count(mappings.IndexBroadband) != 4 ||
		rep.Kept["postcode rows merged into an earlier row (coverage + performance)"] != 1 {
		t.Fatalf("rows %d docs %d rejects %+v kept %v", rep.Rows, s.count(mappings.IndexBroadband), rep.Rejects, rep.Kept)
	}
	if r := rep.Rejects[0]; r.Line != 5 || !strings.Contains(r.Reason, `invalid postcode "TF3 4X"`) {
		t.Errorf("reject 0 = %+v", r)
	}
	if r := rep.Rejects[1]; r.Line != 6 || !strings.Contains(r.Reason, `"high" is not a number in "SFBB availability (% premises)"`) {
		t.Errorf("reject 1 = %+v", r)
	}
	b := s.docs[mappings.IndexBroadband]["TF3 4AB"].(mappings.Broadband)
	want := mappings.Broadband{Postcode: "TF3 4AB", SuperfastAvailablePct: 100, UltrafastAvailablePct: 88.5, GigabitAvailablePct: 81.2,
		AvgDownloadSpeed: 58.4, MaxDownloadSpeed: 80, AvgUploadSpeed: 14.2, MaxUploadSpeed: 20, DataYear: 2026,
		Source: "ofcom-cn", Attribution: OfcomAttribution}
	if b != want {
		t.Errorf("TF3 4AB =\n%+v, want\n%+v", b, want)
	}
	if p := s.docs[mappings.IndexBroadband]["TF4 3AA"].(mappings.Broadband); p.AvgDownloadSpeed != 21.7 || p.DataYear != 2018 || p.SuperfastAvailablePct != 0 {
		t.Errorf("performance only = %+v", p)
	}
	if e := s.docs[mappings.IndexBroadband]["TF1 1AA"].(mappings.Broadband); e.SuperfastAvailablePct != 0 || e.DataYear != 2026 {
		t.Errorf("blank row = %+v", e)
	}
	// Column names found by name across releases.
	h := newLooseHeader([]string{"pcds", "SFBB availability (%premises)", "FTTP availability (% premises)"})
	if i, _ := h.find("postcode_space", "pcds"); i != 0 {
		t.Errorf("pcds at %d", i)
	}
	if i, _ := h.find(ofcomCoverageFields[0].names...); i != 1 {
		t.Errorf("SFBB at %d", i)
	}
	if i, _ := h.find(ofcomCoverageFields[2].names...); i != 2 {
		t.Errorf("full fibre at %d", i)
	}
	if _, err := ImportOfcomBroadband(context.Background(), Env{}, []string{mustWrite(t, "x.csv", "postcode,foo\nTF3 4AB,1\n")}, newMemSink()); err == nil {
		t.Error("a file with no Ofcom measure was accepted")
	}
}

func TestImportNHLEFixtures(t *testing.T) {
	s := newMemSink()
	rep, err := ImportNHLE(context.Background(), []string{"testdata/nhle/NHLE_listed_building_points.csv", "testdata/nhle/NHLE_listed_building_points.geojson"}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 9 || s.count(mappings.IndexListedBuildings) != 5 || rep.Rejected != 4 {
		t.Fatalf("rows %d docs %d rejects %+v", rep.Rows, s.count(mappings.IndexListedBuildings), rep.Rejects)
	}
	for i, want := range []struct {
		file string
		line int
		text string
	}{
		{"NHLE_listed_building_points.csv", 5, `unknown Grade "III"`},
		{"NHLE_listed_building_points.csv", 6, "no location"},
		{"NHLE_listed_building_points.csv", 7, "duplicate ListEntry 9000001"},
		{"NHLE_listed_building_points.geojson", 3, `invalid ListEntry "x"`},
	} {
		if r := rep.Rejects[i]; r.File != want.file || r.Line != want.line || !strings.Contains(r.Reason, want.text) {
			t.Errorf("reject %d = %+v, want %s:%d %q", i, r, want.file, want.line, want.text)
		}
	}
	a := s.docs[mappings.IndexListedBuildings]["9000001"].(mappings.ListedBuilding)
	if a.Grade != "II" || a.ListDate != "1983-07-04" || a.URL != "https://historicengland.org.uk/listing/the-list/list-entry/9000001" ||
		a.Source != "nhle" || !strings.Contains(a.Attribution, "Historic England") ||
		distanceM(a.Location.Lat, a.Location.Lon, 52.675579, -2.448044) > 5 {
		t.Errorf("9000001 = %+v", a)
	}
	if b := s.docs[mappings.IndexListedBuildings]["9000002"].(mappings.ListedBuilding); b.Grade != "II*" || b.ListDate != "1951-01-10" ||
		b.URL != "https://historicengland.org.uk/listing/the-list/list-entry/9000002" {
		t.Errorf("9000002 = %+v", b)
	}
	if c := s.docs[mappings.IndexListedBuildings]["9000003"].(mappings.ListedBuilding); c.Grade != "I" || c.ListDate != "1951-01-10" {
		t.Errorf("9000003 = %+v", c)
	}
	// GeoJSON: epoch milliseconds; WGS84 point geometry, or Easting/Northing
	// when the geometry is null.
	r := s.docs[mappings.IndexListedBuildings]["1217742"].(mappings.ListedBuilding)
	if r.Name != "Royal Albert Hall" || r.Grade != "I" || r.ListDate != "1958-02-24" || r.Location.Lat != 51.50094 {
		t.Errorf("Royal Albert Hall = %+v", r)
	}
	if c := s.docs[mappings.IndexListedBuildings]["1028641"].(mappings.ListedBuilding); c.ListDate != "1951-09-07" || c.Location == nil ||
		c.URL != "https://historicengland.org.uk/listing/the-list/list-entry/1028641" {
		t.Errorf("St Nicholas = %+v", c)
	}
}

func TestImportUKHPIFixture(t *testing.T) {
	s := newMemSink()
	rep, err := ImportUKHPI(context.Background(), []string{"testdata/ukhpi/UK-HPI-full-file-2025-06.csv"}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 26 monthly rows of region + authority, England, the UK; the
	// metropolitan county skipped; bad date, unknown area, duplicate rejected.
	if rep.Rows != 32 || s.count(mappings.IndexHPI) != 28 || rep.Rejected != 3 ||
		rep.Skipped["counties, metropolitan counties and inner/outer London (regions and local authorities are served)"] != 1 {
		t.Fatalf("rows %d docs %d rejects %+v skipped %v", rep.Rows, s.count(mappings.IndexHPI), rep.Rejects, rep.Skipped)
	}
	for i, want := range []struct {
		line int
		text string
	}{{31, `invalid Date "31/13/2025"`}, {32, `unknown AreaCode "X99000001"`}, {33, "duplicate area and month E06000020-2025-06"}} {
		if r := rep.Rejects[i]; r.Line != want.line || !strings.Contains(r.Reason, want.text) {
			t.Errorf("reject %d = %+v, want line %d %q", i, r, want.line, want.text)
		}
	}
	// The region is served under the name the postcode importers give it
	// ("West Midlands"), not the file's "West Midlands Region".
	w := s.docs[mappings.IndexHPI]["E12000005-2025-06"].(mappings.HPI)
	if w.Region != "West Midlands" || w.Month != "2025-06-01" || w.Index != 156 || w.AveragePrice != 262000 || w.AreaCode != "E12000005" ||
		w.Source != "ukhpi" || !strings.Contains(w.Attribution, "HM Land Registry") {
		t.Errorf("West Midlands = %+v", w)
	}
	if l := s.docs[mappings.IndexHPI]["E06000020-2024-06"].(mappings.HPI); l.Region != "Telford and Wrekin" || l.Index != 148 {
		t.Errorf("Telford = %+v", l)
	}
	if u := s.docs[mappings.IndexHPI]["K02000001-2025-06"].(mappings.HPI); u.Region != "United Kingdom" || u.Month != "2025-06-01" {
		t.Errorf("UK = %+v", u)
	}
}

func TestImportONSUDFixture(t *testing.T) {
	prop := mappings.Property{UPRN: 10013044422, Postcode: "EX2 4AA", LADCode: "E07000041", LADName: "Exeter", LSOACode: "old"}
	env := Env{UPRNDocs: func(_ context.Context, ids []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error) {
		out := map[int64]mappings.Property{}
		for _, id := range ids {
			if id == prop.UPRN {
				out[id] = prop
			}
		}
		return nil, out, nil
	}}
	s := newMemSink()
	rep, err := ImportONSUD(context.Background(), env, []string{"testdata/onsud/NSUL_fixture_EX.csv"}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 3 || s.count(mappings.IndexProperties) != 1 || rep.Rejected != 1 || rep.Skipped["UPRN without property document"] != 1 {
		t.Fatalf("rows %d docs %d rejects %+v skipped %v", rep.Rows, s.count(mappings.IndexProperties), rep.Rejects, rep.Skipped)
	}
	if r := rep.Rejects[0]; r.Line != 4 || r.Reason != `invalid UPRN "abc"` {
		t.Errorf("reject = %+v", r)
	}
	p := s.docs[mappings.IndexProperties]["10013044422"].(mappings.Property)
	if p.OACode != "E00101234" || p.LSOACode != "E01020123" || p.MSOACode != "E02004156" || p.WardCode != "E05012345" ||
		p.LADCode != "E07000041" || p.LADName != "Exeter" || p.Region != "South West" || p.Postcode != "EX2 4AA" {
		t.Errorf("property = %+v", p)
	}
	// Older ONSUD headers (ONSPD-style names) are read too.
	old := "uprn,gridgb1e,gridgb1n,pcds,cty,lad,ward,ctry,rgn,oa11,lsoa11,msoa11\n10013044422,1,1,EX2 4AA,E10000008,E07000042,E05000001,E92000001,E12000009,E00000001,E01000001,E02000001\n"
	s = newMemSink()
	if _, err := ImportONSUD(context.Background(), env, []string{mustWrite(t, "ONSUD_AUG_2022_SW.csv", old)}, s); err != nil {
		t.Fatal(err)
	}
	if p := s.docs[mappings.IndexProperties]["10013044422"].(mappings.Property); p.LSOACode != "E01000001" || p.LADCode != "E07000042" || p.LADName != "" {
		t.Errorf("old header: %+v", p)
	}
	if _, err := ImportONSUD(context.Background(), Env{}, []string{"testdata/onsud/NSUL_fixture_EX.csv"}, newMemSink()); err == nil {
		t.Error("onsud without a UPRN lookup")
	}
}

// TestImportONSUDTwoReleases imports two NSUL releases in turn, each onto
// what the previous one loaded: the UPRNs whose postcode changed keep the
// old one in postcode_history (until the second release) and take the new
// one; the others (same postcode, no postcode in the row) do not move, and
// the first release records the directory postcode without a move.
func TestImportONSUDTwoReleases(t *testing.T) {
	held := map[int64]mappings.Property{}
	for u := int64(100090000001); u <= 100090000005; u++ {
		held[u] = mappings.Property{UPRN: u, Postcode: "EX1 1ZZ", Outcode: "EX1"} // from another source (an EPC)
	}
	env := Env{UPRNDocs: func(_ context.Context, ids []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error) {
		out := map[int64]mappings.Property{}
		for _, id := range ids {
			if p, ok := held[id]; ok {
				out[id] = p
			}
		}
		return nil, out, nil
	}}
	load := func(release, file string) *Report {
		t.Helper()
		env.Release = release
		s := newMemSink()
		rep, err := ImportONSUD(context.Background(), env, []string{"testdata/onsud/" + file}, s)
		if err != nil || rep.Rejected != 0 {
			t.Fatalf("%s: %v %+v", file, err, rep.Rejects)
		}
		for id, d := range s.docs[mappings.IndexProperties] {
			u, _ := strconv.ParseInt(id, 10, 64)
			held[u] = d.(mappings.Property)
		}
		return rep
	}
	rep := load("NOV_2025", "NSUL_NOV_2025_SW.csv")
	if n := rep.Kept["UPRN moved to another postcode since the previous release"]; n != 0 {
		t.Errorf("first release: %d moves, want 0 (an EPC postcode is not a directory release)", n)
	}
	if p := held[100090000001]; p.DirectoryPostcode != "EX1 1AS" || p.Postcode != "EX1 1ZZ" || len(p.PostcodeHistory) != 0 {
		t.Errorf("after the first release: %+v", p)
	}
	rep = load("FEB_2026", "NSUL_FEB_2026_SW.csv")
	if n := rep.Kept["UPRN moved to another postcode since the previous release"]; n != 3 {
		t.Errorf("second release: %d moves, want 3", n)
	}
	want := map[int64]string{100090000001: "EX1 1AB", 100090000002: "EX1 1AB", 100090000003: "EX1 1AD"}
	for u, pc := range want {
		p := held[u]
		if p.Postcode != pc || p.DirectoryPostcode != pc || p.Outcode != "EX1" ||
			len(p.PostcodeHistory) != 1 || p.PostcodeHistory[0] != (mappings.PostcodeMove{Postcode: "EX1 1AS", Until: "FEB_2026"}) {
			t.Errorf("UPRN %d: %+v, want moved from EX1 1AS to %s", u, p, pc)
		}
	}
	if p := held[100090000004]; p.DirectoryPostcode != "EX2 4AA" || p.Postcode != "EX1 1ZZ" || len(p.PostcodeHistory) != 0 {
		t.Errorf("unchanged UPRN: %+v", p)
	}
	if p := held[100090000005]; p.DirectoryPostcode != "EX2 4AB" || len(p.PostcodeHistory) != 0 {
		t.Errorf("UPRN without a postcode in the second release: %+v", p)
	}
	// Moving back: the history keeps one entry per postcode, the latest.
	p := held[100090000001]
	if !movePostcode(&p, "EX1 1AS", "MAY_2026") || p.Postcode != "EX1 1AS" ||
		len(p.PostcodeHistory) != 2 || p.PostcodeHistory[0].Postcode != "EX1 1AS" || p.PostcodeHistory[1] != (mappings.PostcodeMove{Postcode: "EX1 1AB", Until: "MAY_2026"}) {
		t.Errorf("moved back: %+v", p)
	}
}
