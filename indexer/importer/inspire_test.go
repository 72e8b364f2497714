package importer

import (
	"context"
	"encoding/csv"
	"os"
	"strconv"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// fixtureUPRNs reads testdata/os-open-uprn-exeter.csv (a documented-layout
// fixture: real EPC UPRNs placed at their postcode's Code-Point point).
func fixtureUPRNs(t *testing.T) []AddressPoint {
	t.Helper()
	f, err := os.Open("testdata/os-open-uprn-exeter.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []AddressPoint
	for _, r := range recs[1:] {
		u, _ := strconv.ParseInt(r[0], 10, 64)
		la, _ := strconv.ParseFloat(r[3], 64)
		lo, _ := strconv.ParseFloat(r[4], 64)
		out = append(out, AddressPoint{UPRN: u, Location: mappings.GeoPoint{Lat: la, Lon: lo}})
	}
	return out
}

// The fixture testdata/inspire-exeter.gml follows HM Land Registry's
// documented INSPIRE GML layout (no real sample exists here): see
// testdata/README.md.
func TestImportINSPIRE(t *testing.T) {
	pts := fixtureUPRNs(t)
	var asked [4]float64
	env := Env{AddressPoints: func(_ context.Context, minLat, minLon, maxLat, maxLon float64, fn func(AddressPoint)) error {
		asked = [4]float64{minLat, minLon, maxLat, maxLon}
		for _, p := range pts {
			if p.Location.Lat >= minLat && p.Location.Lat <= maxLat && p.Location.Lon >= minLon && p.Location.Lon <= maxLon {
				fn(p)
			}
		}
		return nil
	}}
	sink := newMemSink()
	rep, err := ImportINSPIRE(context.Background(), env, []string{"testdata/inspire-exeter.gml"}, sink)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 5 || rep.Rejected != 2 || rep.Kept["UPRN joined by point-in-polygon"] != 4 {
		t.Fatalf("rows %d rejected %d: %+v", rep.Rows, rep.Rejected, rep.Rejects)
	}
	if rep.Rejects[0].Line != 4 || rep.Rejects[1].Line != 5 {
		t.Errorf("rejects by feature number: %+v", rep.Rejects)
	}
	if asked[0] == 0 {
		t.Fatal("no address lookup")
	}
	// Polygon 1 holds three Wheatley Court flats; the fourth sits in its
	// hole. Polygon 2 holds one Grendon Road UPRN; polygon 3 none.
	want := map[string]int64{
		"INSPIRE-90000001-100040223267": 100040223267, "INSPIRE-90000001-100040223273": 100040223273,
		"INSPIRE-90000001-100040223281": 100040223281, "INSPIRE-90000002": 100041124432, "INSPIRE-90000003": 0,
	}
	if sink.count(mappings.IndexTitles) != len(want) {
		t.Fatalf("titles %v", sink.order)
	}
	for id, u := range want {
		d, ok := sink.docs[mappings.IndexTitles][id].(mappings.Title)
		if !ok {
			t.Fatalf("no title %s: %v", id, sink.order)
		}
		if d.UPRN != u || d.TitleNo != id || d.EstateInterest != "Freehold" || d.Geometry == nil || d.Geometry.Type != "Polygon" {
			t.Errorf("%s: %+v", id, d)
		}
	}
	d := sink.docs[mappings.IndexTitles]["INSPIRE-90000002"].(mappings.Title)
	// 50 m × 50 m in the National Grid; centroid near Grendon Road.
	if d.AreaSqm != 2500 || !near(d.Centroid.Lat, 50.72388, 0.0005) || !near(d.Centroid.Lon, -3.51309, 0.0005) || d.CreatedAt != "2009-07-31" || d.UpdatedAt != "2014-02-10" {
		t.Errorf("title 2: %+v", d)
	}
	d1 := sink.docs[mappings.IndexTitles]["INSPIRE-90000001-100040223267"].(mappings.Title)
	if d1.AreaSqm != 55*55-100 {
		t.Errorf("area minus the hole: %v", d1.AreaSqm)
	}
}

func TestImportINSPIREWithoutLookupAndNotGML(t *testing.T) {
	sink := newMemSink()
	rep, err := ImportINSPIRE(context.Background(), Env{}, []string{"testdata/inspire-exeter.gml"}, sink)
	if err != nil || sink.count(mappings.IndexTitles) != 3 || len(rep.Notes) != 1 {
		t.Fatalf("%v %d %v", err, sink.count(mappings.IndexTitles), rep.Notes)
	}
	p := mustWrite(t, "x.gml", `<?xml version="1.0"?><a><b/></a>`)
	if _, err := ImportINSPIRE(context.Background(), Env{}, []string{p}, newMemSink()); err == nil {
		t.Fatal("a GML file without features is an error")
	}
}
