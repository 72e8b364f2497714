package importer

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func sale(t *testing.T, s *memSink, txid string) mappings.Sale {
	t.Helper()
	d, ok := s.docs[mappings.IndexSales][strconv.FormatInt(SaleID(txid), 10)]
	if !ok {
		t.Fatalf("sale %s not imported", txid)
	}
	return d.(mappings.Sale)
}

func TestImportPPDRaw(t *testing.T) {
	s := newMemSink()
	rep, err := ImportPPD(context.Background(), Env{}, []string{sample(t, "ppd/pp-complete-1995-sample.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 10298 || s.count(mappings.IndexSales) != 10298 || rep.Rejected != 0 {
		t.Fatalf("rows %d sales %d rejected %d: %v", rep.Rows, s.count(mappings.IndexSales), rep.Rejected, rep.Rejects)
	}
	a := sale(t, s, "{5BBE9CB3-6332-4EB0-9CD3-8737CEA4A65A}")
	if a.Price != 42000 || a.SoldDate != "1995-12-21" || a.Postcode != "NE4 9DN" || a.PropertyType != "Semi-Detached" ||
		a.Tenure != "Freehold" || a.IsNewBuild || a.PAON != "8" || a.Street != "MATFEN PLACE" || a.RecordStatus != "A" || a.HasAddressMatch {
		t.Errorf("sale = %+v", a)
	}
	if a.Address != "8 MATFEN PLACE, FENHAM, NEWCASTLE UPON TYNE, NE4 9DN" {
		t.Errorf("address %q", a.Address)
	}
	f := sale(t, s, "{568DE11A-432B-4DA3-B9A4-83B4EC4BD127}")
	if f.SAON != "FLAT 20" || f.PAON != "CAVENDISH HOUSE" || f.PropertyType != "Flat" || f.Tenure != "Leasehold" {
		t.Errorf("flat sale = %+v", f)
	}
}

func TestImportPPDReportBuilder(t *testing.T) {
	s := newMemSink()
	rep, err := ImportPPD(context.Background(), Env{}, []string{sample(t, "ppd/ppd-report-builder-tyne-and-wear-2022.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 6,311 physical lines, each one record (line 1 also holds the header);
	// the samples README counts 6,310 rows (lines less one).
	if rep.Rows != 6311 || s.count(mappings.IndexSales) != 6311 || rep.Rejected != 0 {
		t.Fatalf("rows %d sales %d rejected %d: %v", rep.Rows, s.count(mappings.IndexSales), rep.Rejected, rep.Rejects)
	}
	// The first record shares line 1 with the header (no line terminator).
	a := sale(t, s, "F3B6C199-5495-6E40-E053-6C04A8C0B3B4")
	if a.Price != 1567329 || a.SoldDate != "2022-02-25" || a.Postcode != "NE1 1EE" || a.PropertyType != "Other" || a.PPDCategory != "B" || a.PAON != "44" {
		t.Errorf("first sale = %+v", a)
	}
	// SAON comes before PAON in this layout.
	l := sale(t, s, "E7B085FC-E596-7E31-E053-6C04A8C0E67F")
	if l.SAON != "LOFT 15" || l.PAON != "THE TURNBULL" || l.Street != "QUEENS LANE" || l.Price != 185000 {
		t.Errorf("loft sale = %+v", l)
	}
	// An empty postcode keeps the sale.
	if g := sale(t, s, "E7B085FD-4D1C-7E31-E053-6C04A8C0E67F"); g.Postcode != "" || g.Price != 60000 {
		t.Errorf("garage sale = %+v", g)
	}
}

func TestImportPPDChangesDeletesAndRejects(t *testing.T) {
	row := func(tx, price, status string) string {
		return `"{` + tx + `}","` + price + `","2024-01-05 00:00","TF2 8SB","D","N","F","20","","RAVENSDALE DRIVE","MUXTON","TELFORD","TELFORD AND WREKIN","TELFORD AND WREKIN","A","` + status + `"`
	}
	const (
		a = "00000000-0000-0000-0000-00000000000A"
		b = "00000000-0000-0000-0000-00000000000B"
		c = "00000000-0000-0000-0000-00000000000C"
		x = "00000000-0000-0000-0000-0000000000FF" // only in an earlier load
	)
	body := strings.Join([]string{
		row(a, "100000", "A"),
		row(b, "200000", "A"),
		row(a, "110000", "C"),                  // change applied in place
		row(b, "", "D"),                        // delete within the import
		row(x, "", "D"),                        // delete of an existing document
		row(c, "abc", "A"),                     // line 6: bad price
		row(c, "300000", "X"),                  // line 7: bad status
		`"{` + c + `}","1","2024-01-05 00:00"`, // line 8: short row
		row(c, "300000", "A"),
	}, "\n") + "\n"
	s := newMemSink()
	points := func(_ context.Context, pcs []string) (map[string]mappings.GeoPoint, error) {
		return map[string]mappings.GeoPoint{"TF2 8SB": {Lat: 52.7, Lon: -2.45}}, nil
	}
	rep, err := ImportPPD(context.Background(), Env{Points: points}, []string{mustWrite(t, "pp-2024-01.csv", body)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.count(mappings.IndexSales) != 2 {
		t.Fatalf("sales %d, want 2 (A changed, C): %v", s.count(mappings.IndexSales), s.order)
	}
	if got := sale(t, s, "{"+a+"}"); got.Price != 110000 || got.RecordStatus != "C" || got.Location == nil || got.Location.Lat != 52.7 {
		t.Errorf("changed sale = %+v", got)
	}
	dels := rep.Deletes[mappings.IndexSales]
	want := []string{strconv.FormatInt(SaleID(b), 10), strconv.FormatInt(SaleID(x), 10)}
	if strings.Join(dels, ",") != strings.Join(want, ",") {
		t.Errorf("deletes %v, want %v", dels, want)
	}
	wantRej := []struct {
		line int
		frag string
	}{{6, "invalid price"}, {7, "invalid record status"}, {8, "expected 16 columns"}}
	if rep.Rejected != len(wantRej) {
		t.Fatalf("rejects %+v", rep.Rejects)
	}
	for i, w := range wantRej {
		if r := rep.Rejects[i]; r.Line != w.line || !strings.Contains(r.Reason, w.frag) || r.File != "pp-2024-01.csv" {
			t.Errorf("reject %d = %+v, want line %d %q", i, r, w.line, w.frag)
		}
	}
}

func TestImportPPDAddressMatching(t *testing.T) {
	addrs := map[string][]mappings.Address{
		"TF28SB": {
			{UPRN: 452001, BuildingNumber: "20", StreetName: "Ravensdale Drive"},
			{UPRN: 452002, BuildingNumber: "22", StreetName: "Ravensdale Drive"},
		},
	}
	var lookups int
	lookup := func(_ context.Context, key string) ([]mappings.Address, error) {
		lookups++
		return addrs[key], nil
	}
	s := newMemSink()
	rep, err := ImportPPD(context.Background(), Env{Addresses: lookup}, []string{sample(t, "ppd/pp-complete-1995-sample.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	m := sale(t, s, "{F61B3F08-4187-4204-A023-91F508C4A365}") // 20 RAVENSDALE DRIVE, TF2 8SB
	if !m.HasAddressMatch || m.UPRN != 452001 {
		t.Errorf("TF2 8SB sale not matched: %+v", m)
	}
	if rep.Matched != 1 || rep.Unmatched != 10297 || s.count(mappings.IndexSales) != 10298 {
		t.Errorf("matched %d unmatched %d sales %d", rep.Matched, rep.Unmatched, s.count(mappings.IndexSales))
	}
	if !strings.Contains(rep.Summary(), "address match: 1 of 10298") {
		t.Errorf("summary lacks the match rate:\n%s", rep.Summary())
	}
}

// With a batch lookup, the addresses of a batch of 1,000 sales are fetched
// in one call (the per-postcode lookup is never used) and the matches are
// the same.
func TestImportPPDBatchAddressLookup(t *testing.T) {
	addrs := map[string][]mappings.Address{
		"TF28SB": {{UPRN: 452001, BuildingNumber: "20", StreetName: "Ravensdale Drive"}},
	}
	var calls, keys int
	env := Env{
		Addresses: func(context.Context, string) ([]mappings.Address, error) {
			t.Fatal("per-postcode lookup used despite the batch lookup")
			return nil, nil
		},
		AddressesOf: func(_ context.Context, ks []string) (map[string][]mappings.Address, error) {
			calls++
			keys += len(ks)
			out := map[string][]mappings.Address{}
			for _, k := range ks {
				if a, ok := addrs[k]; ok {
					out[k] = a
				}
			}
			return out, nil
		},
	}
	s := newMemSink()
	rep, err := ImportPPD(context.Background(), env, []string{sample(t, "ppd/pp-complete-1995-sample.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if m := sale(t, s, "{F61B3F08-4187-4204-A023-91F508C4A365}"); !m.HasAddressMatch || m.UPRN != 452001 {
		t.Errorf("TF2 8SB sale not matched: %+v", m)
	}
	if rep.Matched != 1 || rep.Unmatched != 10297 {
		t.Errorf("matched %d unmatched %d", rep.Matched, rep.Unmatched)
	}
	if calls != 11 || keys < 10000 { // 10,298 sales in batches of 1,000
		t.Errorf("%d batch calls for %d postcodes, want 11", calls, keys)
	}
}

func TestMatchAddress(t *testing.T) {
	addrs := []mappings.Address{
		{UPRN: 1, SubBuilding: "Flat 3", BuildingNumber: "12", StreetName: "High Street"},
		{UPRN: 2, SubBuilding: "Flat 4", BuildingNumber: "12", StreetName: "High Street"},
		{UPRN: 3, BuildingName: "Rose Cottage", StreetName: "Mill Lane"},
		{UPRN: 4, BuildingNumber: "5", StreetName: "Mill Lane"},
		{UPRN: 5, BuildingNumber: "5", StreetName: "Mill Lane"}, // duplicate number: ambiguous
	}
	cases := []struct {
		paon, saon, street string
		want               int64
	}{
		{"12", "FLAT 3", "HIGH STREET", 1},
		{"12", "3", "HIGH STREET", 1},
		{"12", "", "HIGH STREET", 0},
		{"ROSE COTTAGE", "", "MILL LANE", 3},
		{"ROSE COTTAGE", "", "OTHER ROAD", 0},
		{"5", "", "MILL LANE", 0},
		{"", "", "MILL LANE", 0},
	}
	for _, c := range cases {
		got := matchAddress(c.paon, c.saon, c.street, addrs)
		var uprn int64
		if got != nil {
			uprn = got.UPRN
		}
		if uprn != c.want {
			t.Errorf("match(%q,%q,%q) = %d, want %d", c.paon, c.saon, c.street, uprn, c.want)
		}
	}
}
