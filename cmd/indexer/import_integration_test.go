//go:build integration

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/integration/testenv"
)

func count(t *testing.T, osURL, alias, q string) int {
	t.Helper()
	u := osURL + "/" + alias + "/_count"
	if q != "" {
		u += "?q=" + q
	}
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Count int `json:"count"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r.Count
}

// sourceValues counts the values of a top-level field in the _source of
// every document of alias (at most 10,000; documents without it are not
// counted).
func sourceValues(t *testing.T, osURL, alias, field string) map[string]int {
	t.Helper()
	body := fmt.Sprintf(`{"size":10000,"_source":[%q],"query":{"match_all":{}}}`, field)
	resp, err := http.Post(osURL+"/"+alias+"/_search", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Hits struct {
			Hits []struct {
				Source map[string]any `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, h := range r.Hits.Hits {
		if v, ok := h.Source[field]; ok {
			out[fmt.Sprint(v)]++
		}
	}
	return out
}

// importEnv returns the shared engine, this test's index prefix, the real
// samples folder and the import command bound to them (its stdout and
// error).
func importEnv(t *testing.T) (osURL, prefix, samples string, imp func(args ...string) (string, error)) {
	osURL, prefix, samples = testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	env := func(k string) string {
		return map[string]string{"OPENSEARCH_URL": osURL, "INDEX_PREFIX": prefix}[k]
	}
	imp = func(args ...string) (string, error) {
		t.Helper()
		var out, errb strings.Builder
		err := runImport(context.Background(), args, env, &out, &errb)
		return out.String(), err
	}
	return osURL, prefix, samples, imp
}

// The import command end to end: real postcodes loaded, GP practices
// located through them, EPC addresses loaded, Price Paid matched against
// them, then a monthly file's C and D applied in merge mode; a file with a
// rejected row loads the rest and fails unless --allow-rejects.
func TestImportCommandEndToEnd(t *testing.T) {
	osURL, prefix, s, imp := importEnv(t)
	if out, err := imp("nspl", filepath.Join(s, "postcodes/NSPL_NOV_2021_UK_TF.csv")); err != nil {
		t.Fatalf("nspl: %v\n%s", err, out)
	}
	if out, err := imp("--merge", "codepoint", filepath.Join(s, "postcodes/codepoint-open-ex-first300.csv")); err != nil {
		t.Fatalf("codepoint: %v\n%s", err, out)
	}
	if n := count(t, osURL, prefix+"postcodes", ""); n != 9342+301 {
		t.Fatalf("postcodes after merge = %d, want %d", n, 9342+301)
	}
	// GP practices: located only where the postcode is loaded; the rest are
	// rejects, so the command fails unless --allow-rejects.
	out, err := imp("ods-gp", filepath.Join(s, "nhs-ods/epraccur.csv"))
	if !errors.Is(err, importer.ErrRejects) || !strings.Contains(out, "not in the postcodes index") {
		t.Fatalf("ods-gp: err %v\n%s", err, out)
	}
	if n := count(t, osURL, prefix+"amenities", "postcode:TF*"); n != 19 {
		t.Errorf("TF GP practices loaded = %d, want 19", n)
	}
	out, err = imp("epc", filepath.Join(s, "epc/epc-domestic-exeter-flats-first300.csv"))
	if err != nil {
		t.Fatalf("epc: %v\n%s", err, out)
	}
	// The addresses an import loads are force-merged to one segment, as
	// `indexer load` merges them (the typeahead pays per segment); the
	// other indices are left to the merge policy.
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || (f[0] != "addresses" && f[0] != "epc") {
			continue
		}
		if merged := strings.Contains(l, "merged to 1 segment(s)"); merged != (f[0] == "addresses") {
			t.Errorf("epc import's load table, %s: merged to 1 segment = %v, want %v\n%s", f[0], merged, f[0] == "addresses", out)
		}
	}
	if idx, _, _ := indexLayout(t, osURL, prefix+"addresses"); segmentsPerShard(t, osURL, idx)[0] != 1 {
		t.Errorf("addresses after the epc import: %v segments per shard, want 1", segmentsPerShard(t, osURL, idx))
	}
	dir := t.TempDir()
	m1 := filepath.Join(dir, "pp-m1.csv")
	m2 := filepath.Join(dir, "pp-m2.csv")
	row := func(tx, price, pc, paon, street, status string) string {
		return `"{` + tx + `}","` + price + `","2024-10-01 00:00","` + pc + `","F","N","L","` + paon + `","","` + street + `","","EXETER","EXETER","DEVON","A","` + status + `"` + "\n"
	}
	const a, b = "AAAAAAAA-0000-0000-0000-000000000001", "AAAAAAAA-0000-0000-0000-000000000002"
	_ = os.WriteFile(m1, []byte(row(a, "210000", "EX4 8DY", "17", "WILLOW WAY", "A")+row(b, "150000", "TF1 1AA", "3", "SOME STREET", "A")), 0o644)
	_ = os.WriteFile(m2, []byte(row(a, "", "", "", "", "D")+row(b, "155000", "TF1 1AA", "3", "SOME STREET", "C")), 0o644)
	out, err = imp("ppd", filepath.Join(s, "ppd/pp-complete-1995-sample.csv"), m1)
	if err != nil || !strings.Contains(out, "address match: 1 of 10300 sales") {
		t.Fatalf("ppd: %v\n%s", err, out)
	}
	if n := count(t, osURL, prefix+"sales", "uprn:10013044422"); n != 1 {
		t.Errorf("sales matched to UPRN 10013044422 = %d, want 1", n)
	}
	out, err = imp("--merge", "ppd", m2)
	if err != nil || !strings.Contains(out, "1 of 1 deletions applied") {
		t.Fatalf("ppd merge: %v\n%s", err, out)
	}
	if n := count(t, osURL, prefix+"sales", ""); n != 10299 {
		t.Errorf("sales after C and D = %d, want 10299", n)
	}
	if n := count(t, osURL, prefix+"sales", "sold_let_price:155000%20AND%20record_status:C"); n != 1 {
		t.Errorf("changed sale not found")
	}
	if _, err := imp("--allow-rejects", "gias", filepath.Join(s, "gias/gias_subset.csv")); err != nil {
		t.Errorf("gias --allow-rejects: %v", err)
	}
	if n := count(t, osURL, prefix+"schools", ""); n != 5 {
		t.Errorf("schools = %d, want 5", n)
	}
}

// The issue-18 formats through the command and the real loader: crime and
// NaPTAN from the real samples (NaPTAN merged next to GP practices), OS
// Open Names merged next to ONS boundaries, and ONSUD refused without
// --merge, then applied to the EPC properties with it.
func TestImportCommandRealSources(t *testing.T) {
	osURL, prefix, s, imp := importEnv(t)
	fx := func(rel string) string { return filepath.Join("..", "..", "indexer", "importer", "testdata", rel) }
	must := func(args ...string) string {
		t.Helper()
		out, err := imp(args...)
		if err != nil {
			t.Fatalf("import %v: %v\n%s", args, err, out)
		}
		return out
	}
	out := must("police-uk", filepath.Join(s, "crime/police-uk-2025-12-west-mercia-street.csv"))
	if n := count(t, osURL, prefix+"crime", ""); n != 7728 || !strings.Contains(out, "skipped 151: no location published") {
		t.Fatalf("crime loaded %d, want 7728\n%s", n, out)
	}
	must("nspl", filepath.Join(s, "postcodes/NSPL_NOV_2021_UK_TF.csv"))
	if out, err := imp("ods-gp", filepath.Join(s, "nhs-ods/epraccur.csv")); !errors.Is(err, importer.ErrRejects) {
		t.Fatalf("ods-gp: %v\n%s", err, out)
	}
	must("--merge", "naptan", filepath.Join(s, "naptan/naptan-stops-telford-359.csv"))
	if gp, tr := count(t, osURL, prefix+"amenities", "type:gp"), count(t, osURL, prefix+"amenities", "group:transport"); gp == 0 || tr != 1066 {
		t.Errorf("amenities after merge: gp %d, transport %d (want 1066)", gp, tr)
	}
	must("ons-boundaries", filepath.Join(s, "boundaries/lad-england-simplified.geojson"))
	lads := count(t, osURL, prefix+"boundaries", "")
	must("--merge", "os-open-names", filepath.Join(s, "osnames/os-open-names-sample-hp40-hp60.zip"))
	if n, st := count(t, osURL, prefix+"boundaries", ""), count(t, osURL, prefix+"boundaries", "type:street"); n != lads+46 || st != 21 {
		t.Errorf("boundaries %d (want %d + 46), streets %d (want 21)", n, lads, st)
	}
	must("epc", filepath.Join(s, "epc/epc-domestic-exeter-flats-first300.csv"))
	if _, err := imp("onsud", fx("onsud/NSUL_fixture_EX.csv")); err == nil || !strings.Contains(err.Error(), "--merge") {
		t.Fatalf("onsud without --merge: %v", err)
	}
	if out, err := imp("--merge", "onsud", fx("onsud/NSUL_fixture_EX.csv")); !errors.Is(err, importer.ErrRejects) || !strings.Contains(out, `invalid UPRN "abc"`) {
		t.Fatalf("onsud: %v\n%s", err, out)
	}
	// oa_code is only in _source (the property records index only what
	// queries read): count it there.
	if got := sourceValues(t, osURL, prefix+"properties", "oa_code"); got["E00101234"] != 1 || len(got) != 1 {
		t.Errorf("properties by ONSUD output area: %v, want one with E00101234", got)
	}
	if n := count(t, osURL, prefix+"properties", ""); n != 270 {
		t.Errorf("properties after the ONSUD merge: %d, want the 270 EPC properties", n)
	}
	for _, c := range []struct{ format, file, index string }{
		{"ofcom-broadband", "ofcom/202601_fixed_postcode_coverage_r01_TF.csv", "broadband"},
		{"nhle", "nhle/NHLE_listed_building_points.geojson", "listed_buildings"},
		{"ukhpi", "ukhpi/UK-HPI-full-file-2025-06.csv", "hpi"},
	} {
		if out, err := imp("--allow-rejects", c.format, fx(c.file)); err != nil || count(t, osURL, prefix+c.index, "") == 0 {
			t.Errorf("%s: %v\n%s", c.format, err, out)
		}
	}
}
