//go:build integration

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/integration/testenv"
)

// indexLayout returns the primary shards and replicas of the index behind
// alias (a versioned index, one per alias).
func indexLayout(t *testing.T, osURL, alias string) (index string, shards, replicas int) {
	t.Helper()
	resp, err := http.Get(osURL + "/" + alias + "/_settings?filter_path=*.settings.index.number_of_shards,*.settings.index.number_of_replicas")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]struct {
		Settings struct {
			Index struct {
				Shards   string `json:"number_of_shards"`
				Replicas string `json:"number_of_replicas"`
			} `json:"index"`
		} `json:"settings"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || len(m) != 1 {
		t.Fatalf("settings of %s: %v, %d indices (status %d)", alias, err, len(m), resp.StatusCode)
	}
	for k, v := range m {
		index = k
		shards, _ = strconv.Atoi(v.Settings.Index.Shards)
		replicas, _ = strconv.Atoi(v.Settings.Index.Replicas)
	}
	return index, shards, replicas
}

// TestLoadShardsAndReplicas loads a small generated dataset with
// `indexer load --shards 2 --replicas 0` (and a per-index override) into
// the real engine under a test prefix, checks the new indices' settings and
// that the documents are all there and spread over both shards, then checks
// that a load without the flags keeps the old layout (1 shard, 0 replicas).
func TestLoadShardsAndReplicas(t *testing.T) {
	osURL, prefix := testenv.OpenSearchURL(t), testenv.IndexPrefix(t)
	ctx := context.Background()
	env := func(k string) string {
		return map[string]string{"OPENSEARCH_URL": osURL, "INDEX_PREFIX": prefix}[k]
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if err := run(ctx, []string{"generate", "--out", dir, "--seed", "7", "--properties", "200"}, env, &out, &errb); err != nil {
		t.Fatalf("generate: %v (%s)", err, errb.String())
	}
	load := func(args ...string) {
		t.Helper()
		out.Reset()
		errb.Reset()
		if err := run(ctx, append([]string{"load", "--dir", dir, "--workers", "1"}, args...), env, &out, &errb); err != nil {
			t.Fatalf("load %v: %v\n%s\n%s", args, err, out.String(), errb.String())
		}
	}

	load("--indices", "addresses,postcodes", "--shards", "2,postcodes=1", "--replicas", "0")
	index, shards, replicas := indexLayout(t, osURL, prefix+"addresses")
	if shards != 2 || replicas != 0 {
		t.Errorf("addresses (%s): %d shards, %d replicas; want 2 and 0", index, shards, replicas)
	}
	if _, shards, replicas := indexLayout(t, osURL, prefix+"postcodes"); shards != 1 || replicas != 0 {
		t.Errorf("postcodes override: %d shards, %d replicas; want 1 and 0", shards, replicas)
	}
	// Every document is searchable and both shards hold some.
	var cat []struct {
		Shard string `json:"shard"`
		Prim  string `json:"prirep"`
		Docs  string `json:"docs"`
		State string `json:"state"`
	}
	resp, err := http.Get(osURL + "/_cat/shards/" + index + "?format=json&h=shard,prirep,docs,state")
	if err != nil {
		t.Fatal(err)
	}
	err = json.NewDecoder(resp.Body).Decode(&cat)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	total, held := 0, 0
	for _, s := range cat {
		n, _ := strconv.Atoi(s.Docs)
		if s.Prim != "p" || s.State != "STARTED" {
			t.Errorf("shard %+v: want started primaries only", s)
		}
		total += n
		if n > 0 {
			held++
		}
	}
	if len(cat) != 2 || held != 2 || total != count(t, osURL, prefix+"addresses", "") || total == 0 {
		t.Errorf("shards %+v: want 2 primaries both holding documents, %d in all", cat, count(t, osURL, prefix+"addresses", ""))
	}

	// The addresses were force-merged to one segment per shard (the
	// default), the postcodes left to the merge policy.
	if segs := segmentsPerShard(t, osURL, index); segs[0] != 1 || segs[1] != 1 {
		t.Errorf("addresses segments per shard %v; want 1 each (default --segments addresses=1)", segs)
	}
	if !strings.Contains(out.String(), "merged to 1 segment(s)") {
		t.Errorf("load table does not report the merge:\n%s", out.String())
	}

	// Without the flags the layout is the mapping's: 1 shard, 0 replicas.
	load("--indices", "addresses,postcodes", "--segments", "0,postcodes=1")
	index2, shards, replicas := indexLayout(t, osURL, prefix+"addresses")
	if index2 == index || shards != 1 || replicas != 0 {
		t.Errorf("default load (%s after %s): %d shards, %d replicas; want a new index with 1 and 0", index2, index, shards, replicas)
	}
	pcIndex, _, _ := indexLayout(t, osURL, prefix+"postcodes")
	if segs := segmentsPerShard(t, osURL, pcIndex); segs[0] != 1 {
		t.Errorf("postcodes with --segments postcodes=1: %v segments per shard", segs)
	}

	// Bad layouts fail before anything is created.
	for _, tc := range []struct{ flag, val, want string }{
		{"--segments", "x", "want a count"},
		{"--shards", "x", "want a count"},
		{"--shards", "2,bogus=3", "unknown index"},
		{"--shards", "addresses=0", "out of range"},
		{"--shards", "2000", "out of range"},
		{"--replicas", "-1", "want a count"},
	} {
		err := run(ctx, []string{"load", "--dir", dir, "--indices", "addresses", tc.flag, tc.val}, env, &out, &errb)
		if err == nil || !strings.Contains(err.Error()+errb.String(), tc.want) {
			t.Errorf("%s %s: %v, want %q", tc.flag, tc.val, err, tc.want)
		}
	}
}

// segmentsPerShard counts the searchable segments of each primary shard of
// an index (by shard number).
func segmentsPerShard(t *testing.T, osURL, index string) map[int]int {
	t.Helper()
	resp, err := http.Get(osURL + "/_cat/segments/" + index + "?format=json&h=shard,prirep,searchable")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var rows []struct {
		Shard      string `json:"shard"`
		Prim       string `json:"prirep"`
		Searchable string `json:"searchable"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&rows); err != nil {
		t.Fatal(err)
	}
	out := map[int]int{}
	for _, r := range rows {
		if r.Prim == "p" && r.Searchable == "true" {
			n, _ := strconv.Atoi(r.Shard)
			out[n]++
		}
	}
	return out
}
