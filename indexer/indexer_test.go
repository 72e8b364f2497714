package indexer

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// A named pipe made as DIR/<index>.ndjson before the run is kept and
// receives that index's documents; the stale regular files are removed.
func TestDirWriterWritesIntoANamedPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, mappings.IndexSales+".ndjson")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	w, err := NewDirWriter(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add(mappings.IndexSales, "s1", map[string]any{"transaction_id": "s1"}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "{\"transaction_id\":\"s1\"}\n" {
		t.Fatalf("the pipe's reader got %q", s)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the named pipe was replaced: %v %v", fi, err)
	}
}

func TestDirWriterFilesAndManifest(t *testing.T) {
	dir := t.TempDir()
	// A stale file from an earlier run is removed.
	if err := os.WriteFile(filepath.Join(dir, "crime.ndjson"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := NewDirWriter(dir)
	if err != nil {
		t.Fatal(err)
	}
	w.SetInfo("test/1", 42, 2, "2026-11-01")
	docs := []mappings.Postcode{{Postcode: "EX1 1AE", PostcodeKey: "EX11AE", Source: "generated"}, {Postcode: "EX1 1AF", PostcodeKey: "EX11AF", Source: "generated"}}
	for _, d := range docs {
		if err := w.Add(mappings.IndexPostcodes, d.Postcode, d); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Add("nope", "1", docs[0]); err == nil {
		t.Error("Add to an unknown index succeeded")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "postcodes.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2", len(lines))
	}
	var got mappings.Postcode
	if err := json.Unmarshal([]byte(lines[1]), &got); err != nil || !reflect.DeepEqual(got, docs[1]) {
		t.Errorf("line 2 = %s (%v), want %+v", lines[1], err, docs[1])
	}
	if _, err := os.Stat(filepath.Join(dir, "crime.ndjson")); !os.IsNotExist(err) {
		t.Error("stale crime.ndjson was not removed")
	}
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Seed != 42 || m.Generator != "test/1" || m.Counts["postcodes"] != 2 || len(m.Counts) != 1 {
		t.Errorf("manifest = %+v", m)
	}
}

func TestDocID(t *testing.T) {
	typ := func(field string) reflect.Type {
		return reflect.StructOf([]reflect.StructField{{Name: "ID", Type: reflect.TypeOf(json.RawMessage{}), Tag: reflect.StructTag(`json:"` + field + `"`)}})
	}
	tests := []struct {
		line, field, want string
		ok                bool
	}{
		{`{"uprn":100023336956,"x":1}`, "uprn", "100023336956", true},
		{`{"postcode":"EX1 1AE"}`, "postcode", "EX1 1AE", true},
		{`{"postcode":""}`, "postcode", "", false},
		{`{"other":1}`, "uprn", "", false},
		{`{"uprn":`, "uprn", "", false},
	}
	for _, tc := range tests {
		got, err := docID([]byte(tc.line), typ(tc.field))
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("docID(%s) = %q, %v; want %q ok=%v", tc.line, got, err, tc.want, tc.ok)
		}
	}
}

func TestIndicesToLoad(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"sales", "postcodes", "census"} {
		if err := os.WriteFile(filepath.Join(dir, n+".ndjson"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := indicesToLoad(nil, dir)
	if err != nil || strings.Join(got, ",") != "postcodes,sales,census" {
		t.Errorf("all present = %v, %v; want specs order postcodes,sales,census", got, err)
	}
	got, err = indicesToLoad([]string{"census"}, dir)
	if err != nil || strings.Join(got, ",") != "census" {
		t.Errorf("--indices census = %v, %v", got, err)
	}
	if _, err := indicesToLoad([]string{"hpi"}, dir); err == nil {
		t.Error("a requested index without a file did not fail")
	}
	if _, err := indicesToLoad([]string{"bogus"}, dir); err == nil {
		t.Error("an unknown index did not fail")
	}
	if _, err := indicesToLoad(nil, t.TempDir()); err == nil {
		t.Error("an empty directory did not fail")
	}
}

func TestVersionNamesAndLoadSettings(t *testing.T) {
	if !isVersionOf("p-sales-v20261122061006", "p-sales") || isVersionOf("p-sales-v2026", "p-sales") || isVersionOf("p-sales_x-v20261122061006", "p-sales") {
		t.Error("isVersionOf accepts or rejects the wrong names")
	}
	body, err := loadBody(mappings.IndexSales, 0)
	if err != nil {
		t.Fatal(err)
	}
	idx := body["settings"].(map[string]any)["index"].(map[string]any)
	if idx["refresh_interval"] != "-1" || idx["number_of_replicas"] != 0 {
		t.Errorf("load settings = %v", idx)
	}
	if body["mappings"].(map[string]any)["dynamic"] != "strict" {
		t.Error("load mapping is not strict")
	}
	if idx["number_of_shards"] != float64(1) {
		t.Errorf("default shards = %v, want the mapping's 1", idx["number_of_shards"])
	}
	body, _ = loadBody(mappings.IndexSales, 3)
	if n := body["settings"].(map[string]any)["index"].(map[string]any)["number_of_shards"]; n != 3 {
		t.Errorf("--shards 3 gave %v", n)
	}
}

func TestLoadLayoutOverrides(t *testing.T) {
	cfg := LoadConfig{Shards: 2, ShardsByIndex: map[string]int{"postcodes": 1}, Replicas: 1, ReplicasByIndex: map[string]int{"crime": 0}}
	if err := cfg.validateLayout(); err != nil {
		t.Fatal(err)
	}
	if cfg.shardsFor("addresses") != 2 || cfg.shardsFor("postcodes") != 1 || cfg.replicasFor("sales") != 1 || cfg.replicasFor("crime") != 0 {
		t.Error("per-index overrides not applied")
	}
	if (LoadConfig{}).shardsFor("addresses") != 0 {
		t.Error("no flag should keep the mapping's shards")
	}
	for _, bad := range []LoadConfig{
		{Shards: -1}, {Shards: MaxShards + 1}, {Replicas: -1},
		{ShardsByIndex: map[string]int{"addresses": 0}}, {ShardsByIndex: map[string]int{"nope": 2}},
		{ReplicasByIndex: map[string]int{"nope": 0}},
	} {
		if bad.validateLayout() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
