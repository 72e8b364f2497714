package importer

import (
	"context"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// The BLM fixtures (testdata/telford-*.blm) follow the BLM version 3
// layout (#HEADER#, #DEFINITION#, #DATA#, #END#; ^ between fields, ~ at the
// end of a record) and its code lists; no real BLM file exists here (they
// are agents' commercial data). Two monthly snapshots of one branch.
func TestImportBLM(t *testing.T) {
	env := Env{Points: func(_ context.Context, pcs []string) (map[string]mappings.GeoPoint, error) {
		return map[string]mappings.GeoPoint{"TF1 1AA": {Lat: 52.699797, Lon: -2.519838}}, nil
	}}
	sink := newMemSink()
	// Given newest first: the importer orders snapshots by Generated Date.
	rep, err := ImportBLM(context.Background(), env, []string{"testdata/telford-2025-11-01.blm", "testdata/telford-2025-10-01.blm"}, sink)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 8 || rep.Rejected != 2 || sink.count(mappings.IndexListings) != 4 {
		t.Fatalf("rows %d rejected %d listings %d: %+v", rep.Rows, rep.Rejected, sink.count(mappings.IndexListings), rep.Rejects)
	}
	if rep.Rejects[0].File != "telford-2025-10-01.blm" || rep.Rejects[0].Line != 15 || rep.Rejects[1].Line != 16 {
		t.Errorf("rejects by file line: %+v", rep.Rejects)
	}
	byRef := map[string]mappings.Listing{}
	for _, v := range sink.docs[mappings.IndexListings] {
		l := v.(mappings.Listing)
		byRef[l.ListingID] = l
	}
	events := map[string][]string{}
	for _, v := range sink.docs[mappings.IndexSaleEvents] {
		e := v.(mappings.SaleEvent)
		for ref, l := range byRef {
			if l.ID == e.Listing {
				for len(events[ref]) < e.Seq {
					events[ref] = append(events[ref], "")
				}
				events[ref][e.Seq-1] = e.EventType + "@" + e.Date
			}
		}
	}
	a := byRef["4321_A101"]
	if a.LatestStatus != "Sold STC" || a.LatestPrice != 240000 || a.OriginalPrice != 250000 || a.Reductions != 1 || !a.IsReduced ||
		a.PropertyType != "Semi-Detached" || a.Ownership != "Freehold" || a.AddedDate != "2025-09-12" || a.Location == nil || a.Postcode != "TF1 1AA" ||
		a.FirstSoldOrLetDate != "2025-10-20" || len(a.Images) != 1 || a.TransactionType != "Sale" {
		t.Errorf("A101: %+v", a)
	}
	want := map[string]string{
		"4321_A101": "[Added@2025-09-12 Reduced@2025-10-20 Sold STC@2025-10-20]",
		"4321_A102": "[Added@2025-08-01 Withdrawn@2025-11-01]",
		"4321_L201": "[Added@2025-09-20 Let agreed@2025-10-05]",
		"4321_A106": "[Added@2025-10-25]",
	}
	for ref, w := range want {
		if got := fmtList(events[ref]); got != w {
			t.Errorf("%s events %s, want %s", ref, got, w)
		}
	}
	if w := byRef["4321_A102"]; !w.IsWithdrawn || w.IsLive || w.LatestStatus != "Withdrawn" || w.Location != nil {
		t.Errorf("withdrawn: %+v", w)
	}
	// £200 a week is £867 a month.
	if l := byRef["4321_L201"]; l.LatestPrice != 867 || l.TransactionType != "Rental" || l.LatestStatus != "Let agreed" {
		t.Errorf("letting: %+v", l)
	}
	if n := byRef["4321_A106"]; !n.IsNewBuild || n.PropertyType != "Detached" {
		t.Errorf("new: %+v", n)
	}
	if _, err := ImportBLM(context.Background(), Env{}, []string{mustWrite(t, "x.blm", "AGENT_REF^X~")}, newMemSink()); err == nil {
		t.Error("a file without the BLM sections is an error")
	}
}

func fmtList(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}
