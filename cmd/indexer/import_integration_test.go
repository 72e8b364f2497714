//go:build integration

package main

import (
	"context"
	"encoding/json"
	"errors"
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

// The import command end to end: real postcodes loaded, GP practices
// located through them, EPC addresses loaded, Price Paid matched against
// them, then a monthly file's C and D applied in merge mode; a file with a
// rejected row loads the rest and fails unless --allow-rejects.
func TestImportCommandEndToEnd(t *testing.T) {
	osURL, prefix, s := testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	ctx := context.Background()
	env := func(k string) string {
		return map[string]string{"OPENSEARCH_URL": osURL, "INDEX_PREFIX": prefix}[k]
	}
	imp := func(args ...string) (string, error) {
		t.Helper()
		var out, errb strings.Builder
		err := runImport(ctx, args, env, &out, &errb)
		return out.String(), err
	}
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
	if out, err := imp("epc", filepath.Join(s, "epc/epc-domestic-exeter-flats-first300.csv")); err != nil {
		t.Fatalf("epc: %v\n%s", err, out)
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
