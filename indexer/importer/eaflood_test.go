package importer

import (
	"context"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// The EA fixtures (testdata/ea-*.geojson) follow the documented attributes
// of the EA layers (prob_4band / risk_band, Flood Zone layer names) in a
// GeoJSON export with an EPSG:27700 crs member; no real sample exists here.
func TestImportEAFlood(t *testing.T) {
	files := []string{"testdata/ea-rofrs-telford.geojson", "testdata/ea-rofsw-telford.geojson", "testdata/ea-flood-zones-telford.geojson", "testdata/ea-coverage-england.geojson"}
	sink := newMemSink()
	rep, err := ImportEAFlood(context.Background(), files, sink)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 10 || rep.Rejected != 2 || sink.count(mappings.IndexRiskAreas) != 8 {
		t.Fatalf("rows %d rejected %d docs %d: %+v", rep.Rows, rep.Rejected, sink.count(mappings.IndexRiskAreas), rep.Rejects)
	}
	if rep.Rejects[0].Line != 4 || rep.Rejects[1].Line != 5 {
		t.Errorf("rejects: %+v", rep.Rejects)
	}
	get := func(id string) mappings.RiskArea {
		d, ok := sink.docs[mappings.IndexRiskAreas][id].(mappings.RiskArea)
		if !ok {
			t.Fatalf("no %s in %v", id, sink.order)
		}
		return d
	}
	med := get("ea-rofrs-telford-1")
	if med.SubType != "rivers_and_sea" || med.Label != "Medium" || med.Score != 3 || med.Kind != "hazard" || med.ValidFrom != "2024-03-27" {
		t.Errorf("rofrs 1: %+v", med)
	}
	// TF1 1AA (52.699797, -2.519838 in the NSPL) lies inside the Medium box.
	if !near(med.Centroid.Lat, 52.6998, 0.002) || !near(med.Centroid.Lon, -2.5194, 0.003) {
		t.Errorf("converted from the National Grid: %+v", med.Centroid)
	}
	if vl := get("ea-rofrs-telford-3"); vl.Label != "Very low" || vl.Score != 1 || vl.Geometry.Type != "MultiPolygon" {
		t.Errorf("very low: %+v", vl)
	}
	if sw := get("ea-rofsw-telford-2"); sw.SubType != "surface_water" || sw.Label != "High" {
		t.Errorf("rofsw: %+v", sw)
	}
	if fz := get("ea-flood-zones-telford-2"); fz.SubType != "flood_zones" || fz.Label != "Flood Zone 3" || fz.Score != 3 {
		t.Errorf("zone 3: %+v", fz)
	}
	if c := get("ea-coverage-england-1"); c.Kind != "coverage" || c.SubType != "" || c.RiskType != "flood" {
		t.Errorf("coverage: %+v", c)
	}
}
