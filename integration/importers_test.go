//go:build integration

package integration

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/indexer/importer/oslookup"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// collect is an importer.Sink keeping documents per index.
type collect map[string]map[string]any

func (c collect) Add(index, id string, doc any) error {
	if c[index] == nil {
		c[index] = map[string]any{}
	}
	c[index][id] = doc
	return nil
}

// Every importer's output on the real samples is accepted by the real
// mappings, and the lookups the command uses work against the loaded
// aliases: ODS located through postcodes, Price Paid matched to EPC
// addresses, deletions applied.
func TestImportersRealSamplesIntoOpenSearch(t *testing.T) {
	osURL, prefix, dir := testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	ctx := context.Background()
	s := func(rel string) string { return filepath.Join(dir, rel) }
	docs := collect{}
	run := func(name string, f func() (*importer.Report, error)) {
		t.Helper()
		rep, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: %d rows, docs %v, rejected %d", name, rep.Rows, rep.Docs, rep.Rejected)
	}
	run("nspl", func() (*importer.Report, error) {
		return importer.ImportONSPD(ctx, "nspl", []string{s("postcodes/NSPL_NOV_2021_UK_TF.csv")}, docs)
	})
	run("codepoint", func() (*importer.Report, error) {
		return importer.ImportCodePoint(ctx, []string{s("postcodes/codepoint-open-ex-first300.csv")}, docs)
	})
	run("epc", func() (*importer.Report, error) {
		return importer.ImportEPC(ctx, importer.Env{}, []string{s("epc/epc-domestic-exeter-flats-first300.csv")}, docs)
	})
	run("gias", func() (*importer.Report, error) {
		return importer.ImportGIAS(ctx, importer.Env{IncludeClosed: true}, []string{s("gias/gias_subset.csv")}, docs)
	})
	run("imd", func() (*importer.Report, error) {
		return importer.ImportIMD2019(ctx, []string{s("imd/IMD2019.csv")}, docs)
	})
	run("census", func() (*importer.Report, error) {
		return importer.ImportCensus2021(ctx, []string{s("census2021/census2021-ts054-msoa.csv"), s("census2021/census2021-ts007a-msoa.csv")}, docs)
	})
	run("boundaries", func() (*importer.Report, error) {
		return importer.ImportBoundaries(ctx, []string{s("boundaries/lad-england-simplified.geojson")}, docs)
	})
	for _, ix := range []string{mappings.IndexPostcodes, mappings.IndexAddresses, mappings.IndexProperties, mappings.IndexEPC,
		mappings.IndexSchools, mappings.IndexDeprivation, mappings.IndexCensus, mappings.IndexBoundaries} {
		fixture.Load(t, osURL, prefix, ix, docs[ix])
	}

	cl, err := oslookup.New(osURL, prefix)
	if err != nil {
		t.Fatal(err)
	}
	amen := collect{}
	rep, err := importer.ImportODS(ctx, importer.Env{Points: cl.Points}, importer.ODSGP, []string{s("nhs-ods/epraccur.csv")}, amen)
	if err != nil {
		t.Fatal(err)
	}
	// Loaded postcodes: all TF (NSPL) and the first 300 EX (Code-Point).
	tf := 0
	for _, d := range amen[mappings.IndexAmenities] {
		am := d.(mappings.Amenity)
		switch {
		case am.Postcode[:2] == "TF":
			tf++
		case am.Postcode[:2] != "EX":
			t.Fatalf("located outside the loaded postcodes: %+v", am)
		}
		if am.Location == nil {
			t.Fatalf("no location: %+v", am)
		}
	}
	if tf != 19 {
		t.Fatalf("located %d TF GP practices through OpenSearch, want 19 (rejected %d)", tf, rep.Rejected)
	}
	fixture.Load(t, osURL, prefix, mappings.IndexAmenities, amen[mappings.IndexAmenities])

	// A sale at an EPC address (17 Willow Way has UPRN 10013044422) is matched
	// through the addresses alias; an unknown one is kept unmatched.
	a := docs[mappings.IndexAddresses]["10013044422"].(mappings.Address)
	pp := filepath.Join(t.TempDir(), "pp.csv")
	body := `"{11111111-2222-3333-4444-555555555555}","180000","2024-09-30 00:00","` + a.Postcode + `","F","N","L","17","","` + a.StreetName + `","","EXETER","EXETER","DEVON","A","A"` + "\n" +
		`"{11111111-2222-3333-4444-666666666666}","90000","2024-09-30 00:00","` + a.Postcode + `","F","N","L","999","","` + a.StreetName + `","","EXETER","EXETER","DEVON","A","A"` + "\n"
	if err := os.WriteFile(pp, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	sales := collect{}
	rep, err = importer.ImportPPD(ctx, importer.Env{Addresses: cl.Addresses}, []string{pp}, sales)
	if err != nil {
		t.Fatal(err)
	}
	m := sales[mappings.IndexSales][strconv.FormatInt(importer.SaleID("{11111111-2222-3333-4444-555555555555}"), 10)].(mappings.Sale)
	if rep.Matched != 1 || rep.Unmatched != 1 || !m.HasAddressMatch || m.UPRN != 10013044422 {
		t.Fatalf("matched %d unmatched %d sale %+v (address %+v)", rep.Matched, rep.Unmatched, m, a)
	}
	fixture.Load(t, osURL, prefix, mappings.IndexSales, sales[mappings.IndexSales])
	n, err := cl.Delete(ctx, mappings.IndexSales, []string{strconv.FormatInt(m.ID, 10), "123"})
	if err != nil || n != 1 {
		t.Fatalf("deleted %d, %v", n, err)
	}
	// UPRN documents come back for OS Open UPRN.
	ad, pr, err := cl.UPRNDocs(ctx, []int64{10013044422, 1})
	if err != nil || len(ad) != 1 || len(pr) != 1 || pr[10013044422].CurrentEnergyEfficiency != 78 {
		t.Fatalf("UPRNDocs: %d %d %v", len(ad), len(pr), err)
	}
}
