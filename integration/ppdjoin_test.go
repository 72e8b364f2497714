//go:build integration

package integration

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/indexer/importer/oslookup"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// The Price Paid join against the real engine: the EPC sample's addresses
// are loaded, sales are written at each of them (and at unknown numbers and
// postcodes before and after the loaded ones), and the join (the addresses
// read once through a point in time, in pages of 7, and sorted by postcode)
// gives every sale the UPRN and location the lookups (_msearch per batch)
// give it.
func TestPPDJoinAgainstEngine(t *testing.T) {
	osURL, prefix, dir := testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	ctx := context.Background()
	docs := collect{}
	if _, err := importer.ImportEPC(ctx, importer.Env{}, []string{filepath.Join(dir, "epc/epc-domestic-exeter-flats-first300.csv")}, docs); err != nil {
		t.Fatal(err)
	}
	fixture.Load(t, osURL, prefix, mappings.IndexAddresses, docs[mappings.IndexAddresses])

	var rows strings.Builder
	n := 0
	sale := func(postcode, paon, saon, street string) {
		n++
		fmt.Fprintf(&rows, "\"{11111111-2222-3333-4444-%012d}\",\"180000\",\"2024-09-30 00:00\",\"%s\",\"F\",\"N\",\"L\",\"%s\",\"%s\",\"%s\",\"\",\"EXETER\",\"EXETER\",\"DEVON\",\"A\",\"A\"\n",
			n, postcode, paon, saon, street)
	}
	sale("AA1 1AA", "1", "", "NOWHERE ROAD") // before every loaded postcode
	for _, d := range docs[mappings.IndexAddresses] {
		a := d.(mappings.Address)
		paon := strings.TrimSpace(a.BuildingName + " " + a.BuildingNumber)
		sale(a.Postcode, paon, a.SubBuilding, a.StreetName)
		sale(a.Postcode, "999", "", a.StreetName) // no such number
	}
	sale("ZE3 9ZZ", "1", "", "LAST ROAD") // after them
	sale("", "1", "", "NO POSTCODE")
	pp := filepath.Join(t.TempDir(), "pp.csv")
	if err := os.WriteFile(pp, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	cl, err := oslookup.New(osURL, prefix)
	if err != nil {
		t.Fatal(err)
	}
	cl.ScanPage = 7
	run := func(mode string) (collect, *importer.Report) {
		t.Helper()
		out := collect{}
		env := importer.Env{Addresses: cl.Addresses, AddressesOf: cl.AddressesOf, AddressScan: cl.ScanAddresses,
			MatchMode: mode, TempDir: t.TempDir()}
		rep, err := importer.ImportPPD(ctx, env, []string{pp}, out)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		return out, rep
	}
	look, repL := run(importer.MatchLookup)
	join, repJ := run(importer.MatchJoin)
	t.Logf("%d sales over %d addresses: lookups matched %d, join %d", n, len(docs[mappings.IndexAddresses]), repL.Matched, repJ.Matched)
	if repL.Matched < len(docs[mappings.IndexAddresses])/2 || repL.Matched != repJ.Matched || repL.Unmatched != repJ.Unmatched {
		t.Fatalf("lookups matched %d (unmatched %d), join %d (unmatched %d) of %d sales",
			repL.Matched, repL.Unmatched, repJ.Matched, repJ.Unmatched, n)
	}
	if len(join[mappings.IndexSales]) != n || len(look[mappings.IndexSales]) != n {
		t.Fatalf("sales written: lookups %d, join %d, want %d", len(look[mappings.IndexSales]), len(join[mappings.IndexSales]), n)
	}
	for id, d := range look[mappings.IndexSales] {
		l, j := d.(mappings.Sale), join[mappings.IndexSales][id].(mappings.Sale)
		if l.UPRN != j.UPRN || l.HasAddressMatch != j.HasAddressMatch || (l.Location == nil) != (j.Location == nil) ||
			(l.Location != nil && *l.Location != *j.Location) {
			t.Errorf("sale %s (%s): lookups UPRN %d, join UPRN %d", id, l.Address, l.UPRN, j.UPRN)
		}
	}

	// The alias missing: every sale kept, none matched.
	cl2, err := oslookup.New(osURL, prefix+"none-")
	if err != nil {
		t.Fatal(err)
	}
	out := collect{}
	rep, err := importer.ImportPPD(ctx, importer.Env{Addresses: cl2.Addresses, AddressScan: cl2.ScanAddresses, MatchMode: importer.MatchJoin, TempDir: t.TempDir()}, []string{pp}, out)
	if err != nil || rep.Matched != 0 || len(out[mappings.IndexSales]) != n {
		t.Fatalf("without addresses: %v, matched %d, %d sales", err, rep.Matched, len(out[mappings.IndexSales]))
	}
}
