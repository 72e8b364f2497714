package importer

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// The real sample: the official zip cut to tiles HP40 and HP60 (Unst and
// Yell, Shetland), 949 rows, with macOS junk entries.
func TestImportOSOpenNamesRealZip(t *testing.T) {
	s := newMemSink()
	rep, err := ImportOSOpenNames(context.Background(), Env{}, []string{sample(t, "osnames/os-open-names-sample-hp40-hp60.zip")}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 25 populated places and 21 roads (14 named, 5 numbered, 2 sections
	// whose IDs are UUIDs, not osgb ids); 903 other entries skipped.
	if rep.Rows != 949 || s.count(mappings.IndexBoundaries) != 46 || rep.Rejected != 0 ||
		rep.Skipped["natural features (water, landcover, landform)"] != 870 ||
		rep.Skipped["postcodes (loaded from ONSPD, NSPL or Code-Point Open)"] != 29 {
		t.Fatalf("rows %d docs %d rejects %+v skipped %v", rep.Rows, s.count(mappings.IndexBoundaries), rep.Rejects, rep.Skipped)
	}
	if len(rep.Notes) == 0 || !strings.Contains(rep.Notes[0], "12 macOS metadata entries") {
		t.Errorf("notes %v", rep.Notes)
	}
	types := map[string]int{}
	for id, d := range s.docs[mappings.IndexBoundaries] {
		b := d.(mappings.Boundary)
		types[b.Type]++
		if n, _ := strconv.ParseInt(id, 10, 64); n != b.ID || b.ID <= 0 || b.ID >= 1<<53 || b.Centroid == nil || b.Geometry != nil {
			t.Fatalf("boundary %s = %+v", id, b)
		}
		if b.Centroid.Lat < 60.5 || b.Centroid.Lat > 60.9 {
			t.Errorf("%s %s outside Unst/Yell: %+v", b.Code, b.Name, b.Centroid)
		}
	}
	if types["locality"] != 25 || types["street"] != 21 || types["town"] != 0 {
		t.Errorf("types %v", types)
	}
	u := s.docs[mappings.IndexBoundaries]["4000000074557427"].(mappings.Boundary)
	// E 459634 N 1201286.
	if u.Name != "Uyeasound" || u.DisplayName != "Uyeasound, Shetland Islands" || u.Type != "locality" || u.AdminLevel != 9 ||
		u.Code != "osgb4000000074557427" || u.ParentCode != "ZE2" || u.Source != "os-open-names" || !strings.Contains(u.Attribution, "Contains OS data") {
		t.Errorf("Uyeasound = %+v", u)
	}
	r := s.docs[mappings.IndexBoundaries]["4000000003210675"].(mappings.Boundary)
	if r.Name != "Cormorant Way" || r.Type != "street" || r.DisplayName != "Cormorant Way, Baltasound, Shetland Islands ZE2" {
		t.Errorf("Cormorant Way = %+v", r)
	}
	// A road section with a UUID id.
	id, ok := osNamesID("18c17caa-d795-4770-88b0-f831816bb2d4")
	sec, found := s.docs[mappings.IndexBoundaries][strconv.FormatInt(id, 10)]
	if !ok || !found || sec.(mappings.Boundary).Name != "Beach Road" || id < 1<<53-1<<51 {
		t.Errorf("section id %d found %v: %+v", id, found, sec)
	}
}

// Tile CSVs given without the zip use the published header; bad rows are
// rejected by line.
func TestOSOpenNamesTileCSV(t *testing.T) {
	row := func(id, name, typ, local, x, y string) string {
		f := make([]string, len(osNamesHeader))
		f[0], f[2], f[6], f[7], f[8], f[9] = id, name, typ, local, x, y
		f[16], f[18], f[21] = "TF3", "Telford", "Telford and Wrekin"
		return strings.Join(f, ",") + "\n"
	}
	body := row("osgb4000000074300000", "Telford", "populatedPlace", "Town", "369803", "308746") +
		row("osgb4000000000000001", "Euston Way", "transportNetwork", "Named Road", "370300", "309200") +
		row("osgb4000000000000002", "Nowhere", "populatedPlace", "Megacity", "370300", "309200") +
		row("osgb4000000000000003", "Off Grid", "transportNetwork", "Named Road", "", "") +
		row("not-an-id", "Bad", "transportNetwork", "Named Road", "370300", "309200") +
		row("osgb4000000000000001", "Euston Way", "transportNetwork", "Named Road", "370300", "309200")
	dir := t.TempDir()
	p := filepath.Join(dir, "SJ60.csv")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newMemSink()
	rep, err := ImportOSOpenNames(context.Background(), Env{}, []string{p}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.count(mappings.IndexBoundaries) != 2 || rep.Rejected != 4 {
		t.Fatalf("docs %d rejects %+v", s.count(mappings.IndexBoundaries), rep.Rejects)
	}
	for i, want := range []struct {
		line int
		text string
	}{{3, `LOCAL_TYPE "Megacity"`}, {4, "invalid GEOMETRY_X/Y"}, {5, `invalid ID "not-an-id"`}, {6, "duplicate ID osgb4000000000000001"}} {
		if r := rep.Rejects[i]; r.Line != want.line || !strings.Contains(r.Reason, want.text) {
			t.Errorf("reject %d = %+v, want line %d %q", i, r, want.line, want.text)
		}
	}
	town := s.docs[mappings.IndexBoundaries]["4000000074300000"].(mappings.Boundary)
	if town.Type != "town" || town.AdminLevel != 7 || town.DisplayName != "Telford, Telford and Wrekin" ||
		distanceM(town.Centroid.Lat, town.Centroid.Lon, 52.675579, -2.448044) > 5 {
		t.Errorf("town = %+v", town)
	}
	if st := s.docs[mappings.IndexBoundaries]["4000000000000001"].(mappings.Boundary); st.DisplayName != "Euston Way, Telford, Telford and Wrekin TF3" {
		t.Errorf("street = %+v", st)
	}

	// A zip without data entries is not OS Open Names.
	zp := filepath.Join(dir, "empty.zip")
	f, _ := os.Create(zp)
	zw := zip.NewWriter(f)
	w, _ := zw.Create("__MACOSX/._x.csv")
	_, _ = w.Write([]byte("junk"))
	zw.Close()
	f.Close()
	if _, err := ImportOSOpenNames(context.Background(), Env{}, []string{zp}, newMemSink()); err == nil || !strings.Contains(err.Error(), "no DATA/*.csv") {
		t.Errorf("empty zip: %v", err)
	}
}
