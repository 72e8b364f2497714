package importer

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestImportBoundariesLAD(t *testing.T) {
	s := newMemSink()
	rep, err := ImportBoundaries(context.Background(), []string{sample(t, "boundaries/lad-england-simplified.geojson")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 316 || s.count(mappings.IndexBoundaries) != 316 || rep.Rejected != 0 {
		t.Fatalf("rows %d docs %d rejects %v", rep.Rows, s.count(mappings.IndexBoundaries), rep.Rejects)
	}
	ex, ok := s.docs[mappings.IndexBoundaries]["507000041"].(mappings.Boundary)
	if !ok {
		t.Fatal("Exeter (E07000041) missing")
	}
	if ex.Name != "Exeter" || ex.Code != "E07000041" || ex.Type != "lad" || ex.AdminLevel != 6 || ex.Population != 130428 ||
		ex.Centroid == nil || ex.Centroid.Lat != 50.717819 || ex.LADCode != "E07000041" {
		t.Errorf("Exeter = %+v", ex)
	}
	if ex.Geometry == nil || (ex.Geometry.Type != "Polygon" && ex.Geometry.Type != "MultiPolygon") {
		t.Errorf("Exeter geometry %+v", ex.Geometry)
	}
}

func TestImportBoundariesRepairAndReject(t *testing.T) {
	feature := func(code, name, geom string) string {
		return `{"type":"Feature","properties":{"LAD24CD":"` + code + `","LAD24NM":"` + name + `"},"geometry":` + geom + `}`
	}
	body := `{"type":"FeatureCollection","features":[` + strings.Join([]string{
		// 1: unclosed ring with a repeated point: repaired.
		feature("E06000001", "Unclosed", `{"type":"Polygon","coordinates":[[[-1,54],[-1.1,54],[-1.1,54],[-1.1,54.1],[-1,54.1]]]}`),
		// 2: three distinct points: rejected.
		feature("E06000002", "Sliver", `{"type":"Polygon","coordinates":[[[-1,54],[-1.1,54],[-1,54]]]}`),
		// 3: out of range (easting/northing left in metres).
		feature("E06000003", "Metres", `{"type":"Polygon","coordinates":[[[291966,92583],[292000,92583],[292000,92600],[291966,92583]]]}`),
		// 4: a bow-tie ring that touches itself at [0,0].
		feature("E06000004", "Bowtie", `{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,0],[-1,1],[-1,0],[0,0]]]}`),
		// 5: MultiPolygon whose second part is degenerate: that part dropped.
		feature("E06000005", "Multi", `{"type":"MultiPolygon","coordinates":[[[[-2,52],[-2.1,52],[-2.1,52.1],[-2,52]]],[[[-3,52],[-3,52]]]]}`),
		// 6: a point, not an area.
		feature("E06000006", "Point", `{"type":"Point","coordinates":[-2,52]}`),
		// 7: a figure-of-eight whose edges cross without sharing a vertex.
		feature("E06000007", "Eight", `{"type":"Polygon","coordinates":[[[0,0],[2,2],[2,0],[0,2],[0,0]]]}`),
	}, ",") + `]}`
	s := newMemSink()
	rep, err := ImportBoundaries(context.Background(), []string{mustWrite(t, "lad.geojson", body)}, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line int
		frag string
	}{{2, "outer ring has 3 points"}, {3, "out of range"}, {4, "touches itself at [0, 0]"}, {6, `geometry type "Point"`}, {7, "crosses itself (edges 1 and 3)"}}
	if rep.Rejected != len(want) {
		t.Fatalf("rejects %+v", rep.Rejects)
	}
	for i, w := range want {
		if r := rep.Rejects[i]; r.Line != w.line || !strings.Contains(r.Reason, w.frag) {
			t.Errorf("reject %d = %+v, want line %d %q", i, r, w.line, w.frag)
		}
	}
	u := s.docs[mappings.IndexBoundaries][itoa(BoundaryID("E06000001"))].(mappings.Boundary)
	var rings [][][2]float64
	if err := json.Unmarshal(u.Geometry.Coordinates, &rings); err != nil {
		t.Fatal(err)
	}
	if u.Name != "Unclosed" || len(rings[0]) != 5 || rings[0][0] != rings[0][4] {
		t.Errorf("repaired ring %v", rings)
	}
	m := s.docs[mappings.IndexBoundaries][itoa(BoundaryID("E06000005"))].(mappings.Boundary)
	if m.Geometry.Type != "Polygon" {
		t.Errorf("multi part not dropped: %+v", m.Geometry)
	}
	for _, k := range []string{"repaired: unclosed ring closed", "repaired: duplicate consecutive point dropped", "repaired: degenerate polygon dropped"} {
		if rep.Kept[k] == 0 {
			t.Errorf("no %q in %v", k, rep.Kept)
		}
	}
}

func TestAreaType(t *testing.T) {
	for code, want := range map[string]string{"E07000041": "lad", "E05011020": "ward", "E02000001": "msoa", "E01014145": "lsoa", "E12000009": "region", "EX1": "postcode_district", "EX": "postcode_area", "X1234": ""} {
		if got, _ := areaType(code); got != want {
			t.Errorf("areaType(%q) = %q, want %q", code, got, want)
		}
	}
}
