package importer

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ndjsonDir is a test DirSink with the layout of indexer.DirWriter.
type ndjsonDir struct {
	dir   string
	files map[string]*os.File
}

func newNDJSONDir(dir string) (DirSink, error) {
	return &ndjsonDir{dir: dir, files: map[string]*os.File{}}, nil
}

func (d *ndjsonDir) Add(index, id string, doc any) error {
	f, ok := d.files[index]
	if !ok {
		var err error
		if f, err = os.Create(filepath.Join(d.dir, index+".ndjson")); err != nil {
			return err
		}
		d.files[index] = f
	}
	return json.NewEncoder(f).Encode(doc)
}

func (d *ndjsonDir) Close() error {
	for _, f := range d.files {
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

func countLines(t *testing.T, p string) int {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		n++
	}
	return n
}

func noEnv(string) string { return "" }

func TestRunOutWritesNDJSON(t *testing.T) {
	dir := t.TempDir()
	deps := Deps{NewSink: newNDJSONDir, Load: func(context.Context, LoadOptions, string) (string, error) {
		t.Fatal("--out must not load")
		return "", nil
	}}
	var out, errb strings.Builder
	err := Run(context.Background(), []string{"--out", dir, "imd2019", sample(t, "imd/IMD2019.csv")}, noEnv, &out, &errb, deps)
	if err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if n := countLines(t, filepath.Join(dir, "deprivation.ndjson")); n != 32844 {
		t.Errorf("deprivation.ndjson has %d lines", n)
	}
	if !strings.Contains(out.String(), "deprivation: 32844 documents") {
		t.Errorf("summary:\n%s", out.String())
	}
}

func TestRunLoadsAndFailsOnRejects(t *testing.T) {
	var got LoadOptions
	var loadedLines int
	deps := Deps{NewSink: newNDJSONDir, Load: func(_ context.Context, o LoadOptions, dir string) (string, error) {
		got = o
		loadedLines = countLines(t, filepath.Join(dir, "schools.ndjson"))
		return "loaded", nil
	}}
	var out, errb strings.Builder
	env := func(k string) string {
		return map[string]string{"INDEX_PREFIX": "t-imp-", "OPENSEARCH_URL": "http://127.0.0.1:1"}[k]
	}
	err := Run(context.Background(), []string{"gias", sample(t, "gias/gias_subset.csv")}, env, &out, &errb, deps)
	if !errors.Is(err, ErrRejects) {
		t.Fatalf("err = %v, want ErrRejects (the overseas row)", err)
	}
	if loadedLines != 5 || got.Prefix != "t-imp-" || got.Merge || len(got.Indices) != 1 || got.Indices[0] != "schools" {
		t.Errorf("loaded %d lines with %+v", loadedLines, got)
	}
	if !strings.Contains(out.String(), "gias_subset.csv:7: URN 150516: overseas") {
		t.Errorf("report lacks the reject line:\n%s", out.String())
	}
	out.Reset()
	err = Run(context.Background(), []string{"--allow-rejects", "--merge", "gias", sample(t, "gias/gias_subset.csv")}, env, &out, &errb, deps)
	if err != nil || !got.Merge {
		t.Errorf("--allow-rejects --merge: err %v, merge %v", err, got.Merge)
	}
}

func TestRunPPDDeletesFile(t *testing.T) {
	dir := t.TempDir()
	body := `"{00000000-0000-0000-0000-0000000000FF}","1","2024-01-05 00:00","","D","N","F","","","","","","","","A","D"` + "\n"
	var out, errb strings.Builder
	err := Run(context.Background(), []string{"--out", dir, "--no-match", "ppd", mustWrite(t, "pp.csv", body)}, noEnv, &out, &errb, Deps{NewSink: newNDJSONDir})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "sales.deletes"))
	if err != nil || strings.TrimSpace(string(b)) != itoa(SaleID("00000000-0000-0000-0000-0000000000FF")) {
		t.Errorf("sales.deletes = %q, %v", b, err)
	}
}

func TestRunUsageErrors(t *testing.T) {
	deps := Deps{NewSink: newNDJSONDir}
	for _, args := range [][]string{{}, {"ppd"}, {"nosuch", "/etc/hostname"}, {"ppd", "/no/such/file"}, {"os-open-uprn", "/etc/hostname"}} {
		var out, errb strings.Builder
		if err := Run(context.Background(), args, noEnv, &out, &errb, deps); err == nil {
			t.Errorf("Run(%q) succeeded", args)
		}
	}
}

// --match takes auto, join or lookup only.
func TestRunMatchFlag(t *testing.T) {
	var out, errb strings.Builder
	err := Run(context.Background(), []string{"--match", "sorted", "--out", t.TempDir(), "ppd", "/etc/hostname"}, noEnv, &out, &errb, Deps{NewSink: newNDJSONDir})
	if err == nil || !strings.Contains(err.Error(), `--match "sorted"`) {
		t.Fatalf("--match sorted: %v", err)
	}
}
