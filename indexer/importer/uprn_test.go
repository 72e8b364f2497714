package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

const openUPRNSample = `UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE
100041141774,292000.00,93800.00,50.733700,-3.531600
10013044422,291966.00,92583.00,,
42,1.00,1.00,12.0,12.0
abc,1,1,50,-3
7,,,,
`

func TestImportOSOpenUPRN(t *testing.T) {
	docs := func(_ context.Context, ids []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error) {
		a, p := map[int64]mappings.Address{}, map[int64]mappings.Property{}
		for _, id := range ids {
			if id == 100041141774 || id == 10013044422 {
				a[id] = mappings.Address{UPRN: id, Postcode: "EX4 2LR"}
				p[id] = mappings.Property{UPRN: id}
			}
		}
		return a, p, nil
	}
	s := newMemSink()
	rep, err := ImportOSOpenUPRN(context.Background(), Env{UPRNDocs: docs}, []string{mustWrite(t, "osopenuprn.csv", openUPRNSample)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.count(mappings.IndexAddresses) != 2 || s.count(mappings.IndexProperties) != 2 {
		t.Fatalf("addresses %d properties %d", s.count(mappings.IndexAddresses), s.count(mappings.IndexProperties))
	}
	a := s.docs[mappings.IndexAddresses]["100041141774"].(mappings.Address)
	if a.Location == nil || a.Location.Lat != 50.7337 || a.Postcode != "EX4 2LR" {
		t.Errorf("address = %+v", a)
	}
	// No lat/long: converted from the grid (EX1 1AE's grid reference).
	b := s.docs[mappings.IndexProperties]["10013044422"].(mappings.Property)
	if b.Location == nil || distanceM(b.Location.Lat, b.Location.Lon, 50.722796, -3.531867) > 1 {
		t.Errorf("property = %+v", b.Location)
	}
	want := []struct {
		line int
		frag string
	}{{4, "outside Great Britain"}, {5, "invalid UPRN"}, {6, "no usable coordinates"}}
	if rep.Rejected != 3 {
		t.Fatalf("rejects %+v", rep.Rejects)
	}
	for i, w := range want {
		if r := rep.Rejects[i]; r.Line != w.line || !strings.Contains(r.Reason, w.frag) {
			t.Errorf("reject %d = %+v", i, r)
		}
	}
	if _, err := ImportOSOpenUPRN(context.Background(), Env{}, nil, s); err == nil {
		t.Error("no lookup: want an error")
	}
}

func TestReadUPRNCoordsFilters(t *testing.T) {
	m, _, err := ReadUPRNCoords([]string{mustWrite(t, "u.csv", openUPRNSample)}, map[int64]bool{10013044422: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 1 {
		t.Fatalf("got %v", m)
	}
}

func TestImportEPCWithUPRNCoordsFile(t *testing.T) {
	s := newMemSink()
	rep, err := ImportEPC(context.Background(), Env{UPRNCoordsFiles: []string{mustWrite(t, "u.csv", openUPRNSample)}},
		[]string{sample(t, "epc/epc-domestic-exeter-flats-first300.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	located := 0
	for _, d := range s.docs[mappings.IndexProperties] {
		if d.(mappings.Property).Location != nil {
			located++
		}
	}
	if located != 2 || !strings.Contains(strings.Join(rep.Notes, ";"), "2 of 270 UPRNs located") {
		t.Errorf("located %d; notes %v", located, rep.Notes)
	}
}
