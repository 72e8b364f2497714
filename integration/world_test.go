//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"sort"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/mappings"
)

// synthWorld is a small synthetic UK (indexer/synth) loaded under a test's
// index prefix, with its documents kept for picking ids and values.
type synthWorld struct {
	docs map[string]map[string]json.RawMessage // index → id → document
	// Now is the generator's reference date (live listings are current then).
	Now time.Time
	// Collected is the generated world as the generator wrote it.
	Collected *indexer.Collector
}

// loadSynthWorld generates `properties` dwellings with seed 1 in memory and
// loads every index under prefix (empty ones too).
func loadSynthWorld(t *testing.T, osURL, prefix string, properties int) *synthWorld {
	t.Helper()
	start := time.Now()
	c, err := synth.Collect(synth.Config{Seed: 1, Properties: properties})
	if err != nil {
		t.Fatalf("synth: %v", err)
	}
	w := &synthWorld{docs: map[string]map[string]json.RawMessage{}, Now: synth.DefaultNow(), Collected: c}
	n := 0
	for _, name := range mappings.Names() {
		docs := c.Map(name)
		w.docs[name] = map[string]json.RawMessage{}
		for id, d := range docs {
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatalf("world: encode %s/%s: %v", name, id, err)
			}
			w.docs[name][id] = b
		}
		n += len(docs)
		fixture.Load(t, osURL, prefix, name, docs)
	}
	t.Logf("synthetic world: %d properties, %d documents generated and loaded in %s", properties, n, time.Since(start).Round(time.Millisecond))
	return w
}

// loadDemoWorld loads the world `make run` serves: the generator writes
// seed 1 with `properties` dwellings to a directory and the indexer's own
// loader (versioned indices, alias swap, load metadata, dataset epochs)
// loads it under prefix, as `indexer generate` and `indexer load` do. Use it
// where a test needs what the loader records (provenance, epochs, the
// changes feed); loadSynthWorld is faster and keeps every document.
func loadDemoWorld(t *testing.T, osURL, prefix string, properties int) *synthWorld {
	t.Helper()
	start := time.Now()
	dir := t.TempDir()
	dw, err := indexer.NewDirWriter(dir)
	if err != nil {
		t.Fatal(err)
	}
	dw.SetInfo(synth.Version, 1, properties, synth.DefaultNow().Format("2006-01-02"))
	c := indexer.NewCollector()
	if err := synth.Generate(synth.Config{Seed: 1, Properties: properties}, teeSink{dw, c}); err != nil {
		t.Fatalf("synth: %v", err)
	}
	if err := dw.Close(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	rep, err := indexer.LoadDir(ctx, indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix}, dir)
	if err != nil {
		t.Fatalf("load demo world: %v", err)
	}
	var n int64
	for _, ir := range rep.Indices {
		n += ir.Indexed
	}
	t.Logf("demo world: %d properties, %d documents generated and loaded by the indexer in %s", properties, n, time.Since(start).Round(time.Millisecond))
	return &synthWorld{Now: synth.DefaultNow(), Collected: c}
}

// teeSink hands every generated document to two sinks.
type teeSink [2]indexer.Sink

func (s teeSink) Add(index, id string, doc any) error {
	if err := s[0].Add(index, id, doc); err != nil {
		return err
	}
	return s[1].Add(index, id, doc)
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
