package importer

import (
	"context"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// testdata/planit-telford.json follows the PlanIt /api/applics/json answer
// and data dictionary (no real sample exists here); see testdata/README.md.
func TestImportPlanIt(t *testing.T) {
	sink := newMemSink()
	rep, err := ImportPlanIt(context.Background(), []string{"testdata/planit-telford.json"}, sink)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 5 || rep.Rejected != 2 || sink.count(mappings.IndexPlanning) != 3 || rep.Kept["no location (not found by radius searches)"] != 1 {
		t.Fatalf("rows %d rejected %d docs %d kept %v: %+v", rep.Rows, rep.Rejected, sink.count(mappings.IndexPlanning), rep.Kept, rep.Rejects)
	}
	if rep.Rejects[0].Line != 4 || rep.Rejects[1].Line != 5 {
		t.Errorf("rejects: %+v", rep.Rejects)
	}
	d := sink.docs[mappings.IndexPlanning]["Telford/TWC/2025/0412"].(mappings.Planning)
	if d.Status != "Decided" || d.Decision != "Approved" || d.Type != "Full" || d.Size != "Small" || d.DateReceived != "2025-04-28" ||
		d.DateValidated != "2025-05-02" || d.DateDecided != "2025-06-20" || d.Postcode != "TF1 1DG" || d.Ward != "Wrockwardine Wood and Trench" ||
		d.Location == nil || d.Location.Lat != 52.6999 || d.Authority != "Telford" || d.URL == "" {
		t.Errorf("permitted: %+v", d)
	}
	o := sink.docs[mappings.IndexPlanning]["Telford/TWC/2025/0990"].(mappings.Planning)
	if o.Status != "Pending" || o.Decision != "Undecided" || o.DateReceived != "2025-10-14" || o.Postcode != "" || o.DateDecided != "" {
		t.Errorf("undecided: %+v", o)
	}
	g := mustWrite(t, "applics.geojson", `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-2.5,52.7]},"properties":{"name":"Telford/X/1","area_name":"Telford","description":"Porch","app_state":"Conditions","start_date":"2025-01-02"}}]}`)
	sink = newMemSink()
	if _, err := ImportPlanIt(context.Background(), []string{g}, sink); err != nil {
		t.Fatal(err)
	}
	if p := sink.docs[mappings.IndexPlanning]["Telford/X/1"].(mappings.Planning); p.Location == nil || p.Location.Lon != -2.5 || p.Decision != "Approved" {
		t.Errorf("geojson form: %+v", p)
	}
}
