//go:build integration

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/integration/testenv"
)

// changeRows counts the change log's rows of one dataset epoch.
func changeRows(t *testing.T, osURL, prefix, dataset string, epoch int64) int64 {
	t.Helper()
	q := fmt.Sprintf(`{"query":{"bool":{"filter":[{"term":{"dataset":%q}},{"term":{"epoch":%d}}]}}}`, dataset, epoch)
	http.Post(osURL+"/"+prefix+indexer.ChangesIndex+"/_refresh", "application/json", nil)
	resp, err := http.Post(osURL+"/"+prefix+indexer.ChangesIndex+"/_count", "application/json", bytes.NewReader([]byte(q)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c struct {
		Count int64 `json:"count"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c.Count
}

// rewriteAddresses copies dir's addresses.ndjson to a new folder, editing
// each document with edit (nil drops it) and appending extra.
func rewriteAddresses(t *testing.T, dir string, edit func(i int, doc map[string]any) map[string]any, extra []map[string]any) string {
	t.Helper()
	in, err := os.Open(filepath.Join(dir, "addresses.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out := t.TempDir()
	var b bytes.Buffer
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for i := 0; sc.Scan(); i++ {
		var doc map[string]any
		if err := json.Unmarshal(sc.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if doc = edit(i, doc); doc != nil {
			line, _ := json.Marshal(doc)
			b.Write(append(line, '\n'))
		}
	}
	for _, doc := range extra {
		line, _ := json.Marshal(doc)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(filepath.Join(out, "addresses.ndjson"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// The load-time diff of the changes feed with its hashes spilled to
// sorted runs on disk (a national file's way; here 60 hashes in memory for
// ~330 addresses) finds exactly the edits made, writes one change row each
// and leaves no temporary file; a load that changes more than half of the
// dataset stops its diff and is a baseline with no rows.
func TestLoadDiffSpilledAndTooLarge(t *testing.T) {
	osURL, prefix := testenv.OpenSearchURL(t), testenv.IndexPrefix(t)
	ctx := context.Background()
	env := func(k string) string { return map[string]string{"OPENSEARCH_URL": osURL, "INDEX_PREFIX": prefix}[k] }
	gen := t.TempDir()
	var out, errb bytes.Buffer
	if err := run(ctx, []string{"generate", "--out", gen, "--seed", "11", "--properties", "300", "--indices", "addresses"}, env, &out, &errb); err != nil {
		t.Fatalf("generate: %v (%s)", err, errb.String())
	}
	spill := t.TempDir()
	load := func(dir string, floor int64) indexer.IndexReport {
		t.Helper()
		rep, err := indexer.LoadDir(ctx, indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Indices: []string{"addresses"},
			Logger: zerolog.Nop(), TempDir: spill, DiffMemEntries: 60, DiffChangeFloor: floor}, dir)
		if err != nil {
			t.Fatalf("load %s: %v", dir, err)
		}
		return rep.Indices[0]
	}
	first := load(gen, 0)
	if first.Diff != nil || first.Count < 300 {
		t.Fatalf("first load: %d documents, diff %+v: want a baseline of 300 or more", first.Count, first.Diff)
	}

	// Some updated, some deleted, 5 inserted (copies of the first five
	// under new UPRNs).
	var inserted []map[string]any
	rewriteAddresses(t, gen, func(i int, doc map[string]any) map[string]any {
		if i < 5 {
			ins := map[string]any{}
			for k, v := range doc {
				ins[k] = v
			}
			ins["uprn"] = 990000000000 + i
			inserted = append(inserted, ins)
		}
		return nil
	}, nil)
	edited := rewriteAddresses(t, gen, func(i int, doc map[string]any) map[string]any {
		switch {
		case i%25 == 3 && i < 300:
			doc["full_address"] = fmt.Sprint(doc["full_address"], " (renamed)")
		case i%40 == 7:
			return nil
		}
		return doc
	}, inserted)
	wantUpd, wantDel := 0, 0
	for i := 0; i < int(first.Count); i++ {
		switch {
		case i%25 == 3 && i < 300:
			wantUpd++
		case i%40 == 7:
			wantDel++
		}
	}
	second := load(edited, 0)
	if second.Diff == nil {
		t.Fatalf("second load: no diff (%s %s)", second.DiffErr, second.DiffSkipped)
	}
	if d := second.Diff; d.Inserted != int64(len(inserted)) || d.Updated != int64(wantUpd) || d.Deleted != int64(wantDel) {
		t.Fatalf("second load's diff: %d inserted, %d updated, %d deleted; want %d, %d, %d", d.Inserted, d.Updated, d.Deleted, len(inserted), wantUpd, wantDel)
	}
	if n := changeRows(t, osURL, prefix, "addresses", second.Epoch); n != int64(len(inserted)+wantUpd+wantDel) {
		t.Fatalf("%d change rows for epoch %d, want %d", n, second.Epoch, len(inserted)+wantUpd+wantDel)
	}
	if left, _ := os.ReadDir(spill); len(left) != 0 {
		t.Fatalf("the diff left %d temporary files in %s", len(left), spill)
	}

	// Every document renamed: more than half of the dataset, over a floor of 10.
	all := rewriteAddresses(t, edited, func(_ int, doc map[string]any) map[string]any {
		doc["full_address"] = fmt.Sprint(doc["full_address"], " (again)")
		return doc
	}, nil)
	third := load(all, 10)
	if third.Diff != nil || third.DiffSkipped == "" || third.DiffErr != "" {
		t.Fatalf("third load: diff %+v, skipped %q, error %q; want a baseline by design", third.Diff, third.DiffSkipped, third.DiffErr)
	}
	if n := changeRows(t, osURL, prefix, "addresses", third.Epoch); n != 0 {
		t.Fatalf("%d change rows left for the baseline epoch %d", n, third.Epoch)
	}
}
