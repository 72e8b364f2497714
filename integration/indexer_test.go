//go:build integration

package integration

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

func indexerGetJSON(t *testing.T, url string, out any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode == 200 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: %v", url, err)
		}
	}
	return resp.StatusCode
}

// aliasIndex returns the index behind an alias.
func aliasIndex(t *testing.T, osURL, alias string) string {
	t.Helper()
	var m map[string]any
	if code := indexerGetJSON(t, osURL+"/_alias/"+alias, &m); code != 200 || len(m) != 1 {
		t.Fatalf("alias %s: status %d, %d indices", alias, code, len(m))
	}
	for k := range m {
		return k
	}
	return ""
}

func countOf(t *testing.T, osURL, index string) int64 {
	t.Helper()
	var r struct {
		Count int64 `json:"count"`
	}
	if code := indexerGetJSON(t, osURL+"/"+index+"/_count", &r); code != 200 {
		t.Fatalf("count %s: status %d", index, code)
	}
	return r.Count
}

func TestIndexerLoadSwapAndBrokenDocument(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	dir := t.TempDir()
	w, err := indexer.NewDirWriter(dir)
	if err != nil {
		t.Fatal(err)
	}
	w.SetInfo(synth.Version, 5, 300, "2026-11-01")
	if err := synth.Generate(synth.Config{Seed: 5, Properties: 300}, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	man, err := indexer.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Workers: 2, BulkBytes: 1 << 20, Logger: zerolog.Nop()}

	// 1. Every generated document fits its strict mapping; every alias
	// serves the manifest's count.
	rep, err := indexer.LoadDir(ctx, cfg, dir)
	if err != nil {
		t.Fatalf("first load: %v", err)
	}
	if len(rep.Indices) != len(mappings.Specs()) {
		t.Fatalf("loaded %d indices, want %d", len(rep.Indices), len(mappings.Specs()))
	}
	for _, ir := range rep.Indices {
		want := man.Counts[ir.Index]
		if want == 0 || ir.Indexed != want || ir.Failed != 0 || !ir.Swapped || ir.PreviousIndex != "" {
			t.Errorf("%s: indexed %d of %d, failed %d, swapped %v, previous %q", ir.Index, ir.Indexed, want, ir.Failed, ir.Swapped, ir.PreviousIndex)
		}
		if got := countOf(t, osURL, prefix+ir.Index); got != want {
			t.Errorf("alias %s serves %d documents, want %d", prefix+ir.Index, got, want)
		}
		if aliasIndex(t, osURL, prefix+ir.Index) != ir.NewIndex {
			t.Errorf("alias %s does not point at %s", prefix+ir.Index, ir.NewIndex)
		}
	}
	// The load restored the serving settings.
	first := rep.Indices[0].NewIndex
	var settings map[string]struct {
		Settings struct {
			Index struct {
				RefreshInterval string `json:"refresh_interval"`
			} `json:"index"`
		} `json:"settings"`
	}
	indexerGetJSON(t, osURL+"/"+first+"/_settings", &settings)
	if got := settings[first].Settings.Index.RefreshInterval; got != "1s" {
		t.Errorf("%s refresh_interval = %q, want 1s", first, got)
	}

	// 2. Two more loads of census: each swaps, the previous version stays,
	// the one before is deleted.
	cfg.Indices = []string{mappings.IndexCensus}
	v1 := aliasIndex(t, osURL, prefix+"census")
	rep2, err := indexer.LoadDir(ctx, cfg, dir)
	if err != nil {
		t.Fatalf("second load: %v", err)
	}
	v2 := rep2.Indices[0].NewIndex
	if rep2.Indices[0].PreviousIndex != v1 || aliasIndex(t, osURL, prefix+"census") != v2 || v2 == v1 {
		t.Fatalf("second load: previous %q new %q, want previous %q", rep2.Indices[0].PreviousIndex, v2, v1)
	}
	rep3, err := indexer.LoadDir(ctx, cfg, dir)
	if err != nil {
		t.Fatalf("third load: %v", err)
	}
	v3 := rep3.Indices[0].NewIndex
	if aliasIndex(t, osURL, prefix+"census") != v3 {
		t.Fatalf("third load did not swap to %s", v3)
	}
	if indexerGetJSON(t, osURL+"/"+v2, nil) != 200 {
		t.Errorf("previous version %s was deleted; it must be kept for rollback", v2)
	}
	if indexerGetJSON(t, osURL+"/"+v1, nil) != 404 {
		t.Errorf("version %s (older than the previous) still exists", v1)
	}

	// 3. A broken document: a field the strict mapping does not know. The
	// load fails, names the document, and the alias keeps serving v3.
	broken := t.TempDir()
	src, err := os.Open(filepath.Join(dir, "census.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := os.Create(filepath.Join(broken, "census.ndjson"))
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	var badID string
	for sc.Scan() {
		line := sc.Text()
		n++
		if n == 2 {
			var m map[string]any
			_ = json.Unmarshal([]byte(line), &m)
			badID = m["msoa_code"].(string)
			line = strings.Replace(line, `{"msoa_code"`, `{"not_in_mapping":1,"msoa_code"`, 1)
		}
		fmt.Fprintln(out, line)
	}
	src.Close()
	out.Close()
	before := countOf(t, osURL, prefix+"census")
	rep4, err := indexer.LoadDir(ctx, cfg, broken)
	if err == nil {
		t.Fatal("load with a broken document succeeded")
	}
	ir := rep4.Indices[0]
	if ir.Failed != 1 || len(ir.Failures) != 1 || ir.Failures[0].ID != badID || !strings.Contains(ir.Failures[0].Reason, "strict") || ir.Swapped {
		t.Fatalf("broken load report: failed %d, failures %+v, swapped %v; want %s reported (strict_dynamic_mapping_exception)", ir.Failed, ir.Failures, ir.Swapped, badID)
	}
	if got := aliasIndex(t, osURL, prefix+"census"); got != v3 {
		t.Errorf("alias moved to %s after a failed load; want %s", got, v3)
	}
	if got := countOf(t, osURL, prefix+"census"); got != before {
		t.Errorf("alias serves %d documents after the failed load, want %d", got, before)
	}
	// The failed index is left for inspection.
	if got := countOf(t, osURL, ir.NewIndex); got != before-1 {
		t.Errorf("failed index %s left for inspection holds %d documents, want %d", ir.NewIndex, got, before-1)
	}

	// 4. Merge: an extra document joins the current index's documents.
	merge := t.TempDir()
	var one mappings.Census
	b, _ := os.ReadFile(filepath.Join(dir, "census.ndjson"))
	_ = json.Unmarshal([]byte(strings.SplitN(string(b), "\n", 2)[0]), &one)
	one.MSOACode = "E02999999"
	line, _ := json.Marshal(one)
	_ = os.WriteFile(filepath.Join(merge, "census.ndjson"), append(line, '\n'), 0o644)
	mcfg := cfg
	mcfg.Merge = true
	if _, err := indexer.LoadDir(ctx, mcfg, merge); err != nil {
		t.Fatalf("merge load: %v", err)
	}
	if got := countOf(t, osURL, prefix+"census"); got != before+1 {
		t.Errorf("after merge the alias serves %d documents, want %d", got, before+1)
	}

	// 5. Status lists every alias with its version and count.
	rows, err := indexer.Status(ctx, []string{osURL}, prefix)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Current == "" || r.LoadedAt == "" {
			t.Errorf("status %s: current %q loaded %q", r.Alias, r.Current, r.LoadedAt)
		}
		if r.Index == "census" && (r.Docs != before+1 || r.Mode != "merge") {
			t.Errorf("status census: docs %d mode %s", r.Docs, r.Mode)
		}
	}
}
