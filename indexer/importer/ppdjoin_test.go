package importer

import (
	"context"
	"errors"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// ppdFixtureAddresses builds addresses for the sales of the Price Paid
// sample, so that the matching rules all come into play: most sales have
// their address (PAON as number or name, SAON as "Flat ..."), one in seven
// has a second UPRN with the same address (ambiguous: left unmatched), one
// in five a different street (no match), and postcodes without sales and
// addresses without sales lie between them.
func ppdFixtureAddresses(t *testing.T, sales []mappings.Sale) map[string][]mappings.Address {
	t.Helper()
	out := map[string][]mappings.Address{}
	uprn := int64(100_000_000)
	for i, s := range sales {
		p, ok := mappings.ParsePostcode(s.Postcode)
		if !ok {
			continue
		}
		uprn++
		a := mappings.Address{UPRN: uprn, PostcodeKey: p.Key(), StreetName: s.Street,
			Location: &mappings.GeoPoint{Lat: 50 + float64(i)/1e5, Lon: -3}}
		if _, err := strconv.Atoi(s.PAON); err == nil {
			a.BuildingNumber = s.PAON
		} else {
			a.BuildingName = s.PAON
		}
		if s.SAON != "" {
			a.SubBuilding = "Flat " + s.SAON
		}
		switch {
		case i%5 == 1:
			a.StreetName = "Other Street"
		case i%7 == 2:
			b := a
			b.UPRN = uprn + 50_000_000
			out[p.Key()] = append(out[p.Key()], b)
		}
		out[p.Key()] = append(out[p.Key()], a)
		if i%3 == 0 { // a neighbour without sale, and a postcode of no sale
			n := a
			n.UPRN, n.BuildingNumber, n.BuildingName = uprn+90_000_000, "9999", ""
			out[p.Key()] = append(out[p.Key()], n)
			out[p.Key()+"Z"] = append(out[p.Key()+"Z"], n)
		}
	}
	return out
}

// fakeAddressScan reads a map of addresses the way
// oslookup.ScanAddresses reads the index: once, those of the key range, in
// no particular order (Go's map order).
func fakeAddressScan(addrs map[string][]mappings.Address, reads *int) AddressScan {
	return func(_ context.Context, from, to string, fn func(mappings.Address) error) error {
		for k, as := range addrs {
			if (from != "" && k < from) || (to != "" && k > to) {
				continue
			}
			for _, a := range as {
				*reads++
				if err := fn(a); err != nil {
					if errors.Is(err, ErrStopScan) {
						return nil
					}
					return err
				}
			}
		}
		return nil
	}
}

// The join gives every sale the UPRN, match flag and location the lookups
// give it (same matches, same ambiguous and unmatched sales), with the
// external sort spilling runs, and reads each postcode's addresses once.
func TestPPDJoinMatchesLikeLookups(t *testing.T) {
	files := []string{sample(t, "ppd/pp-complete-1995-sample.csv"), sample(t, "ppd/ppd-report-builder-tyne-and-wear-2022.csv")}
	plain := newMemSink()
	if _, err := ImportPPD(context.Background(), Env{}, files, plain); err != nil {
		t.Fatal(err)
	}
	var sales []mappings.Sale
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for k := range plain.docs[mappings.IndexSales] {
			if !yield(k) {
				return
			}
		}
	}) {
		sales = append(sales, plain.docs[mappings.IndexSales][id].(mappings.Sale))
	}
	addrs := ppdFixtureAddresses(t, sales)
	lookups := Env{
		Addresses: func(_ context.Context, k string) ([]mappings.Address, error) { return addrs[k], nil },
		AddressesOf: func(_ context.Context, ks []string) (map[string][]mappings.Address, error) {
			out := map[string][]mappings.Address{}
			for _, k := range ks {
				out[k] = addrs[k]
			}
			return out, nil
		},
	}
	var reads int
	join := lookups
	join.AddressScan, join.MatchMode = fakeAddressScan(addrs, &reads), MatchJoin
	join.Addresses = func(context.Context, string) ([]mappings.Address, error) {
		t.Fatal("the join looked a postcode up")
		return nil, nil
	}
	join.AddressesOf = nil
	join.TempDir, join.SortMemory = t.TempDir(), 256<<10

	a, b := newMemSink(), newMemSink()
	repA, err := ImportPPD(context.Background(), lookups, files, a)
	if err != nil {
		t.Fatal(err)
	}
	repB, err := ImportPPD(context.Background(), join, files, b)
	if err != nil {
		t.Fatal(err)
	}
	if repB.TempWritten == 0 && repB.spill.Bytes == 0 {
		t.Error("the join's sort wrote no run: the test does not exercise the spill")
	}
	if repA.Matched < 5000 || repA.Unmatched < 2000 {
		t.Fatalf("fixture too easy or too hard: %d matched, %d unmatched", repA.Matched, repA.Unmatched)
	}
	t.Logf("lookups and join: %d matched, %d unmatched; sort wrote %d bytes; %d addresses read", repB.Matched, repB.Unmatched, repB.spill.Bytes, reads)
	if repA.Matched != repB.Matched || repA.Unmatched != repB.Unmatched {
		t.Errorf("lookups matched %d (unmatched %d), join %d (unmatched %d)", repA.Matched, repA.Unmatched, repB.Matched, repB.Unmatched)
	}
	if len(a.docs[mappings.IndexSales]) != len(b.docs[mappings.IndexSales]) {
		t.Fatalf("lookups wrote %d sales, join %d", len(a.docs[mappings.IndexSales]), len(b.docs[mappings.IndexSales]))
	}
	diff := 0
	for id, d := range a.docs[mappings.IndexSales] {
		sa, sb := d.(mappings.Sale), b.docs[mappings.IndexSales][id]
		if sb == nil || !reflect.DeepEqual(sa, sb.(mappings.Sale)) {
			if diff++; diff <= 5 {
				t.Errorf("sale %s: lookups %+v, join %+v", id, sa, sb)
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d sales differ between the lookups and the join", diff)
	}
	total := 0
	for _, as := range addrs {
		total += len(as)
	}
	if reads > total {
		t.Errorf("the join read %d addresses of %d", reads, total)
	}
}

// A sale survives the join's sort record unchanged.
func TestEncodeSaleRoundTrip(t *testing.T) {
	s := newMemSink()
	if _, err := ImportPPD(context.Background(), Env{}, []string{sample(t, "ppd/ppd-report-builder-tyne-and-wear-2022.csv")}, s); err != nil {
		t.Fatal(err)
	}
	var scratch []string
	for id, d := range s.docs[mappings.IndexSales] {
		want := d.(mappings.Sale)
		var got mappings.Sale
		var err error
		if scratch, err = decodeSale(encodeSale(nil, &want), &got, scratch); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("sale %s: decoded %+v, want %+v", id, got, want)
		}
	}
}

// auto joins when the file has a sale per joinAddressesPerSale addresses.
func TestUseJoinAuto(t *testing.T) {
	scan := fakeAddressScan(nil, new(int))
	count := func(n int64) func(context.Context) (int64, error) {
		return func(context.Context) (int64, error) { return n, nil }
	}
	for _, c := range []struct {
		mode      string
		sales     int
		addresses int64
		want      bool
	}{
		{MatchAuto, 30_000_000, 32_000_000, true},
		{MatchAuto, 100_000, 32_000_000, false},
		{MatchAuto, 300_000, 32_000_000, false},
		{"", 320_000, 32_000_000, true},
		{MatchLookup, 30_000_000, 32_000_000, false},
		{MatchJoin, 10, 32_000_000, true},
	} {
		got, err := useJoin(context.Background(), Env{AddressScan: scan, AddressCount: count(c.addresses), MatchMode: c.mode}, c.sales)
		if err != nil || got != c.want {
			t.Errorf("%q %d sales, %d addresses: join %v (%v), want %v", c.mode, c.sales, c.addresses, got, err, c.want)
		}
	}
}

// A failed read of the addresses fails the import (nothing is loaded: the
// command loads only after a complete import) and leaves no sort run
// behind.
func TestPPDJoinScanErrorFailsCleanly(t *testing.T) {
	tmp := t.TempDir()
	boom := errors.New("engine gone")
	env := Env{
		Addresses: func(context.Context, string) ([]mappings.Address, error) { return nil, nil },
		AddressScan: func(_ context.Context, _, _ string, fn func(mappings.Address) error) error {
			if err := fn(mappings.Address{UPRN: 1, PostcodeKey: "TF28SB"}); err != nil {
				return err
			}
			return boom
		},
		MatchMode: MatchJoin, TempDir: tmp, SortMemory: 64 << 10,
	}
	s := newMemSink()
	_, err := ImportPPD(context.Background(), env, []string{sample(t, "ppd/pp-complete-1995-sample.csv")}, s)
	if !errors.Is(err, boom) {
		t.Fatalf("import: %v, want the scan's error", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
	if n := s.count(mappings.IndexSales); n != 0 {
		t.Errorf("%d sales emitted before the join failed", n)
	}
}
