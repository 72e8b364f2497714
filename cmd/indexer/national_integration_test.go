//go:build integration

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// stopAfter passes the first n documents of the kept indices on, then
// fails: a build killed halfway.
type stopAfter struct {
	next indexer.Sink
	keep map[string]bool
	n    int
}

var errKilled = errors.New("killed")

func (s *stopAfter) Add(index, id string, doc any) error {
	if s.keep[index] {
		if s.n == 0 {
			return errKilled
		}
		s.n--
	}
	return s.next.Add(index, id, doc)
}

func indexTotal(t *testing.T, osURL, index string) int64 {
	t.Helper()
	resp, err := http.Get(osURL + "/" + index + "/_stats/indexing")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		All struct {
			Primaries struct {
				Indexing struct {
					IndexTotal int64 `json:"index_total"`
				} `json:"indexing"`
			} `json:"primaries"`
		} `json:"_all"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r.All.Primaries.Indexing.IndexTotal
}

// TestNationalStreamResumes streams a generated UK into the real engine,
// "kills" the build after 2,500 documents (the producer fails), and runs it
// again: the second run resumes from the checkpoint (it sends only what the
// checkpoint does not cover, into the same versioned indices), and the
// swapped indices hold exactly the documents `generate` writes for the same
// seed and size. A third run builds a new version and keeps the previous
// one for rollback; --drop-previous then leaves one version.
func TestNationalStreamResumes(t *testing.T) {
	osURL, prefix := testenv.OpenSearchURL(t), testenv.IndexPrefix(t)
	ctx := context.Background()
	const props = 1500
	names := []string{mappings.IndexPostcodes, mappings.IndexAddresses, mappings.IndexProperties}
	keep := map[string]bool{}
	for _, n := range names {
		keep[n] = true
	}
	state := filepath.Join(t.TempDir(), "national.json")
	cfg := indexer.StreamConfig{
		LoadConfig: indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Workers: 2, BulkBytes: 64 << 10,
			SegmentsByIndex: map[string]int{mappings.IndexAddresses: 1}, Logger: zerolog.Nop()},
		Indices: names, StatePath: state, Key: "test seed 3", ChunkDocs: 200,
	}
	gen := func(sink indexer.Sink) error { return synth.Generate(synth.Config{Seed: 3, Properties: props}, sink) }

	_, err := indexer.Stream(ctx, cfg, func(sink indexer.Sink) error { return gen(&stopAfter{next: sink, keep: keep, n: 2500}) })
	if !errors.Is(err, errKilled) {
		t.Fatalf("first run: %v, want the kill", err)
	}
	st1, err := indexer.ReadStreamState(state)
	if err != nil {
		t.Fatal(err)
	}
	if st1.Done < 2000 || st1.Done > 2500 || st1.Finished {
		t.Fatalf("checkpoint after the kill: done %d finished %v, want 2,000–2,500 (what was acknowledged)", st1.Done, st1.Finished)
	}
	if resp, err := http.Get(osURL + "/" + prefix + "addresses/_count"); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("alias answers %d after a killed build, want 404 (nothing swapped)", resp.StatusCode)
		}
	}
	sentBefore := map[string]int64{}
	for _, n := range names {
		sentBefore[n] = indexTotal(t, osURL, st1.Indices[n])
	}

	other := cfg
	other.Key = "test seed 4"
	if _, err := indexer.Stream(ctx, other, gen); err == nil || !strings.Contains(err.Error(), "is for") {
		t.Fatalf("a checkpoint of another build was not refused: %v", err)
	}

	rep, err := indexer.Stream(ctx, cfg, gen)
	if err != nil {
		t.Fatalf("resumed run: %v", err)
	}
	st2, _ := indexer.ReadStreamState(state)
	if !st2.Finished || st2.Runs != 2 {
		t.Fatalf("after the resumed run: finished %v runs %d", st2.Finished, st2.Runs)
	}
	want, err := synth.Collect(synth.Config{Seed: 3, Properties: props})
	if err != nil {
		t.Fatal(err)
	}
	var total, sent int64
	for _, ir := range rep.Indices {
		n := int64(len(want.Map(ir.Index)))
		if !ir.Swapped || ir.Count != n || ir.NewIndex != st1.Indices[ir.Index] {
			t.Errorf("%s: swapped %v count %d new %s, want %d documents in %s", ir.Index, ir.Swapped, ir.Count, ir.NewIndex, n, st1.Indices[ir.Index])
		}
		total += n
		sent += indexTotal(t, osURL, ir.NewIndex)
	}
	// Resumed: what the checkpoint covered was not sent again (a chunk half
	// acknowledged at the kill is, and overwrites itself).
	var before int64
	for _, n := range sentBefore {
		before += n
	}
	if limit := before + total - st1.Done; sent > limit {
		t.Errorf("index operations over both runs %d > %d (sent before the kill %d + documents %d − checkpoint %d): the resumed run sent documents again", sent, limit, before, total, st1.Done)
	}
	for _, u := range []string{"addresses", "properties"} {
		for id := range want.Map(u) {
			resp, err := http.Get(osURL + "/" + prefix + u + "/_doc/" + id)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("%s/%s: %d", u, id, resp.StatusCode)
			}
			break
		}
	}

	// A new build: the previous version stays for rollback.
	if _, err := indexer.Stream(ctx, cfg, gen); err != nil {
		t.Fatalf("second build: %v", err)
	}
	rows, err := indexer.Status(ctx, []string{osURL}, prefix)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if keep[r.Index] && (len(r.Versions) != 2 || r.Bytes <= 0 || r.ReloadBytes < r.Bytes) {
			t.Errorf("%s after a rebuild: versions %v, bytes %d, reload %d; want 2 versions and sizes", r.Index, r.Versions, r.Bytes, r.ReloadBytes)
		}
	}
	// --drop-previous through the command: one version left.
	env := func(k string) string {
		return map[string]string{"OPENSEARCH_URL": osURL, "INDEX_PREFIX": prefix}[k]
	}
	var out, errb bytes.Buffer
	if err := run(ctx, []string{"national", "--properties", "1500", "--seed", "3", "--indices", "addresses", "--state", filepath.Join(t.TempDir(), "a.json"), "--drop-previous"}, env, &out, &errb); err != nil {
		t.Fatalf("national --drop-previous: %v (%s)", err, errb.String())
	}
	rows, _ = indexer.Status(ctx, []string{osURL}, prefix)
	for _, r := range rows {
		if r.Index == mappings.IndexAddresses && len(r.Versions) != 1 {
			t.Errorf("addresses after --drop-previous: versions %v, want 1", r.Versions)
		}
	}
	out.Reset()
	if err := run(ctx, []string{"status"}, env, &out, &errb); err != nil || !strings.Contains(out.String(), "a reload of every index needs about") {
		t.Errorf("status: %v, no reload line in:\n%s", err, out.String())
	}
}

// TestNationalStreamFinishesWithoutRemaking: a build whose documents were
// all acknowledged but which stopped in the finishing steps (here the swap
// fails: a concrete index holds the alias name) is finished by the next run
// without making a single document again: at national size that is the
// difference between minutes and an hour.
func TestNationalStreamFinishesWithoutRemaking(t *testing.T) {
	osURL, prefix := testenv.OpenSearchURL(t), testenv.IndexPrefix(t)
	ctx := context.Background()
	const props = 400
	state := filepath.Join(t.TempDir(), "national.json")
	cfg := indexer.StreamConfig{
		LoadConfig: indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Workers: 2, Logger: zerolog.Nop()},
		Indices:    []string{mappings.IndexAddresses}, StatePath: state, Key: "test seed 5", ChunkDocs: 100,
	}
	blocker := osURL + "/" + prefix + mappings.IndexAddresses
	req, _ := http.NewRequest(http.MethodPut, blocker, nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("create the blocking index: %v %v", err, resp)
	}
	made := 0
	gen := func(sink indexer.Sink) error {
		made++
		return synth.Generate(synth.Config{Seed: 5, Properties: props}, sink)
	}
	if _, err := indexer.Stream(ctx, cfg, gen); err == nil {
		t.Fatal("first run swapped onto a concrete index named like the alias")
	}
	st1, err := indexer.ReadStreamState(state)
	if err != nil {
		t.Fatal(err)
	}
	if st1.Finished || st1.Counts[mappings.IndexAddresses] == 0 {
		t.Fatalf("after the failed swap: finished %v counts %v, want unfinished with the counts recorded", st1.Finished, st1.Counts)
	}
	req, _ = http.NewRequest(http.MethodDelete, blocker, nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("delete the blocking index: %v %v", err, resp)
	}
	rep, err := indexer.Stream(ctx, cfg, gen)
	if err != nil {
		t.Fatalf("finishing run: %v", err)
	}
	if made != 1 {
		t.Errorf("the producer ran %d times, want once: the finishing run made the documents again", made)
	}
	ir := rep.Indices[0]
	if !ir.Swapped || ir.Count != st1.Counts[mappings.IndexAddresses] || ir.NewIndex != st1.Indices[mappings.IndexAddresses] {
		t.Errorf("finished: swapped %v count %d (want %d) index %s (want %s)", ir.Swapped, ir.Count, st1.Counts[mappings.IndexAddresses], ir.NewIndex, st1.Indices[mappings.IndexAddresses])
	}
	if st2, _ := indexer.ReadStreamState(state); !st2.Finished {
		t.Error("checkpoint not marked finished")
	}
}
