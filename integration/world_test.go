//go:build integration

package integration

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/mappings"
)

// synthWorld is a small synthetic UK (`cmd/indexer generate`) loaded under a
// test's index prefix, with its documents kept for picking ids and values.
type synthWorld struct {
	docs map[string]map[string]json.RawMessage // index → id → document
	// Now is the generator's reference date (live listings are current then).
	Now time.Time
}

// loadSynthWorld generates `properties` dwellings with seed 1 through the
// indexer command and loads every index under prefix (empty ones too). The
// document id of each index is its mappings.Spec IDField, as the loader uses.
func loadSynthWorld(t *testing.T, osURL, prefix string, properties int) *synthWorld {
	t.Helper()
	if _, err := os.Stat("../cmd/indexer"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("cmd/indexer is missing: the synthetic world cannot be generated")
		}
		t.Skip("cmd/indexer is missing: the synthetic world cannot be generated")
	}
	start := time.Now()
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./cmd/indexer", "generate", "--out", dir, "--seed", "1",
		"--properties", fmt.Sprint(properties))
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("indexer generate: %v\n%s", err, out)
	}
	w := &synthWorld{docs: map[string]map[string]json.RawMessage{}, Now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	if b, err := os.ReadFile(filepath.Join(dir, "manifest.json")); err == nil {
		var man struct {
			Reference string `json:"reference"`
		}
		if json.Unmarshal(b, &man) == nil {
			if ref, err := time.Parse("2006-01-02", man.Reference); err == nil {
				w.Now = ref
			}
		}
	}
	n := 0
	for _, spec := range mappings.Specs() {
		docs := map[string]any{}
		w.docs[spec.Name] = map[string]json.RawMessage{}
		f, err := os.Open(filepath.Join(dir, spec.Name+".ndjson"))
		if err == nil {
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 64<<20)
			for sc.Scan() {
				line := append([]byte(nil), sc.Bytes()...)
				var head map[string]json.RawMessage
				if err := json.Unmarshal(line, &head); err != nil {
					t.Fatalf("%s.ndjson: %v", spec.Name, err)
				}
				id := string(bytes.Trim(head[spec.IDField], `"`))
				if id == "" {
					t.Fatalf("%s.ndjson: document without %s", spec.Name, spec.IDField)
				}
				docs[id] = json.RawMessage(line)
				w.docs[spec.Name][id] = line
			}
			f.Close()
			if err := sc.Err(); err != nil {
				t.Fatalf("%s.ndjson: %v", spec.Name, err)
			}
		}
		n += len(docs)
		fixture.Load(t, osURL, prefix, spec.Name, docs)
	}
	t.Logf("synthetic world: %d properties, %d documents generated and loaded in %s", properties, n, time.Since(start).Round(time.Millisecond))
	return w
}

// find returns the id and document of the first document of index (in id
// order) for which match is true.
func (w *synthWorld) find(t *testing.T, index string, match func(m map[string]any) bool) (string, map[string]any) {
	t.Helper()
	ids := make([]string, 0, len(w.docs[index]))
	for id := range w.docs[index] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		var m map[string]any
		if err := json.Unmarshal(w.docs[index][id], &m); err != nil {
			t.Fatalf("world: decode %s/%s: %v", index, id, err)
		}
		if match(m) {
			return id, m
		}
	}
	t.Fatalf("world: no %s document matches", index)
	return "", nil
}
