package rehearse

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/integration/testenv"
)

// A Price Paid file written from another world sells that world's
// dwellings: the requested row count, in Price Paid's layout, each A
// record a dwelling's address and postcode, spread over every dwelling,
// C and D records about earlier sales, and every transaction id carrying
// the UPRN of the dwelling sold.
func TestWritePPDFromWorld(t *testing.T) {
	const dwellings, rows = 400, 1000
	byUPRN := map[int64]Dwelling{}
	world := &World{Size: dwellings, Each: func(fn func(Dwelling) error) error {
		for i := 0; i < dwellings; i++ {
			d := Dwelling{UPRN: 5_000_000 + int64(i), Postcode: fmt.Sprintf("TF%d 4AB", i%7), PAON: fmt.Sprint(i%40 + 1),
				Street: fmt.Sprintf("STREET %d", i/40), Town: "TELFORD"}
			if i%3 == 0 {
				d.SAON = "FLAT " + fmt.Sprint(i%5+1)
			}
			byUPRN[d.UPRN] = d
			if err := fn(d); err != nil {
				return err
			}
		}
		return nil
	}}
	w := &Writer{SamplesDir: testenv.RealSamples(t), Dir: t.TempDir(), World: world}
	p, err := w.Write("ppd", rows)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write("epc", 10); err == nil {
		t.Error("epc from another world: want an error, only ppd is written from one")
	}
	recs := readCSV(t, p)
	if len(recs) != rows {
		t.Fatalf("%d rows, want %d", len(recs), rows)
	}
	status := map[string]int{}
	sold := map[int64]bool{}
	var ndjson strings.Builder
	for i, r := range recs {
		if len(r) != 16 {
			t.Fatalf("row %d: %d columns, want 16", i+1, len(r))
		}
		status[r[15]]++
		u, ok := TrueUPRN(r[0])
		d, known := byUPRN[u]
		if !ok || !known {
			t.Fatalf("row %d: transaction id %s names no dwelling of the world", i+1, r[0])
		}
		if r[7] != d.PAON || r[8] != d.SAON || r[9] != d.Street || r[11] != d.Town || (r[3] != "" && r[3] != d.Postcode) {
			t.Errorf("row %d %v: not the address of dwelling %+v", i+1, r, d)
		}
		sold[u] = true
		// A matcher that got every third sale wrong and left every
		// fifth unmatched.
		got := u
		switch {
		case i%5 == 0:
			got = 0
		case i%3 == 0:
			got = u + 1
		}
		fmt.Fprintf(&ndjson, `{"id":%d,"txid":"%s","uprn":%d,"price":1}`+"\n", i, r[0], got)
	}
	if status["C"] != rows/200 || status["D"] != rows/500 || status["A"] != rows-rows/200-rows/500 {
		t.Errorf("record statuses %v, want C %d and D %d of %d", status, rows/200, rows/500, rows)
	}
	if len(sold) < dwellings*9/10 {
		t.Errorf("%d of %d dwellings sold: the sales are not spread over the world", len(sold), dwellings)
	}
	ndjson.WriteString(`{"id":9999,"txid":"{8E5E4D9A-77D5-4A4B-9AD0-A4B3E6E1F0C2}"}` + "\n")
	c, err := CheckSales(strings.NewReader(ndjson.String()))
	if err != nil {
		t.Fatal(err)
	}
	unmatched := rows / 5
	wrong := 0
	for i := 0; i < rows; i++ {
		if i%5 != 0 && i%3 == 0 {
			wrong++
		}
	}
	want := SalesCheck{Sales: rows + 1, Matched: rows - unmatched, Correct: rows - unmatched - wrong, Wrong: wrong, Unmatched: unmatched, Foreign: 1}
	if c != want {
		t.Errorf("CheckSales = %+v, want %+v", c, want)
	}
	if _, err := os.Stat(filepath.Join(w.Dir, FileName["ppd"])); err != nil {
		t.Error(err)
	}
}

// The OS Open UPRN file of another world has a point for every record it
// yields, blocks included, and rows-Size more UPRNs without address,
// none of them a UPRN of the world; X and Y are the points' grid position.
func TestWriteUPRNFromWorld(t *testing.T) {
	const size, rows = 300, 420
	world := &World{Size: size, Each: func(fn func(Dwelling) error) error {
		for i := 0; i < size; i++ {
			if i%50 == 0 {
				if err := fn(Dwelling{UPRN: 12_000_000_000 + int64(i)*2 + 1, Lat: 52.67, Lon: -2.44, Building: true}); err != nil {
					return err
				}
			}
			if err := fn(Dwelling{UPRN: 12_000_000_000 + int64(i)*2, Lat: 52.67 + float64(i)*1e-4, Lon: -2.44}); err != nil {
				return err
			}
		}
		return nil
	}}
	w := &Writer{Dir: t.TempDir(), World: world}
	if _, err := w.Write("os-open-uprn", rows); err == nil {
		t.Error("another world's points without ToGrid: want an error")
	}
	w.ToGrid = InvertGrid(importer.BNGToWGS84)
	p, err := w.Write("os-open-uprn", rows)
	if err != nil {
		t.Fatal(err)
	}
	recs := readCSV(t, p)
	if strings.Join(recs[0], ",") != "UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE" {
		t.Errorf("header %v", recs[0])
	}
	seen := map[string]bool{}
	extra := 0
	for _, r := range recs[1:] {
		if seen[r[0]] {
			t.Errorf("UPRN %s twice", r[0])
		}
		seen[r[0]] = true
		if r[0] >= "12500000000" {
			extra++
		}
		var e, n, lat, lon float64
		fmt.Sscan(r[1], &e)
		fmt.Sscan(r[2], &n)
		fmt.Sscan(r[3], &lat)
		fmt.Sscan(r[4], &lon)
		la, lo := importer.BNGToWGS84(e, n)
		if math.Abs(la-lat) > 1e-7 || math.Abs(lo-lon) > 1e-7 {
			t.Errorf("UPRN %s: grid %v,%v is %v,%v, not the point %v,%v", r[0], e, n, la, lo, lat, lon)
		}
	}
	if want := size + size/50 + (rows - size); len(recs)-1 != want || extra != rows-size {
		t.Errorf("%d points, %d without address; want %d and %d", len(recs)-1, extra, want, rows-size)
	}
}

func readCSV(t *testing.T, p string) [][]string {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}
