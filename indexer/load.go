package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/mappings"
)

// LoadConfig configures LoadDir.
type LoadConfig struct {
	URLs   []string
	Prefix string
	// Indices restricts the load to these index names; empty = every index
	// with a file in the directory.
	Indices []string
	// Merge first copies the documents of the index currently behind the
	// alias into the new one, then adds the directory's documents (same id
	// overwrites), so imports and generated data can be combined.
	Merge bool
	// BulkBytes is the flush size of one bulk request (default 8 MB).
	BulkBytes int
	// Workers is the number of concurrent bulk requests (default 3).
	Workers int
	// Replicas restored after the load (default 0); ReplicasByIndex
	// overrides it for the named indices.
	Replicas        int
	ReplicasByIndex map[string]int
	// Shards is the number of primary shards of each new index; 0 keeps the
	// mapping's own setting (1 for every index today). ShardsByIndex
	// overrides it for the named indices. See docs/performance.md for the
	// defaults per dataset size.
	Shards        int
	ShardsByIndex map[string]int
	// Segments force-merges each new index to at most this many segments
	// per shard once loaded, before the alias swaps (0: no force merge, the
	// engine's merge policy alone); SegmentsByIndex overrides it per index.
	// A bulk load leaves tens of segments, and a query that stops at its
	// first matches (the typeahead's short inputs) pays for each one:
	// every indexer command (load, import, national) merges addresses to 1
	// by default (DefaultSegmentsByIndex).
	Segments        int
	SegmentsByIndex map[string]int
	// Progress receives a live progress line when it is a terminal (an
	// *os.File on a TTY, or ProgressTTY set); otherwise the Logger gets a
	// progress line every 10 seconds.
	Progress io.Writer
	// ProgressTTY forces the live line for a Progress that is not an *os.File.
	ProgressTTY bool
	Logger      zerolog.Logger
	// DropPrevious deletes the previous version too once the alias has
	// swapped: no rollback, but a reload leaves one copy of each index on
	// disk instead of two (see docs/performance.md, national scale).
	DropPrevious bool
	// OnChanges, when set, receives after each swap of listings or
	// sale_events the documents that differ from the previous index
	// (saved-search alerts; see changes.go).
	OnChanges ChangeFunc
	// Retention is how long the change log keeps each epoch's rows, and
	// FeedDatasets the datasets whose loads are diffed into it (empty:
	// every dataset). See epochs.go.
	Retention    Retention
	FeedDatasets []string
	// TempDir is where the changes diff spills its sorted hashes when a
	// file has more than DiffMemEntries documents (28 bytes a document; ""
	// is os.TempDir(), which honours TMPDIR).
	TempDir string
	// DiffMemEntries is how many line hashes the changes diff holds in
	// memory (32 bytes each) before it spills sorted runs to TempDir; 0
	// means 2,097,152 (64 MiB).
	DiffMemEntries int
	// DiffChangeFloor is the fewest changes after which a load's diff may
	// stop as too large (the limit is half the larger version's documents,
	// or this); 0 means DiffChangeFloor.
	DiffChangeFloor int64
}

// MetaIndex is the name (under the prefix) of the small index where the
// loader records each alias's current load.
const MetaIndex = "ukpd-meta"

// LoadMeta is the document the loader writes to the meta index per alias
// (id = index name).
type LoadMeta struct {
	Index         string `json:"index"`
	Alias         string `json:"alias"`
	Version       string `json:"version"`
	PreviousIndex string `json:"previous_index,omitempty"`
	Docs          int64  `json:"docs"`
	LoadedAt      string `json:"loaded_at"`
	DurationMS    int64  `json:"duration_ms"`
	Mode          string `json:"mode"` // replace, merge
	Dir           string `json:"dir"`
	Generator     string `json:"generator,omitempty"`
	Seed          int64  `json:"seed,omitempty"`
	// Source is where the documents came from: "generated" or the real
	// format read ("import:nspl"); Release the generator version and seed
	// or the real release (file names or --release).
	Source  string `json:"source,omitempty"`
	Release string `json:"release,omitempty"`
	// Epoch is the dataset's current epoch, EpochAt when it began and
	// FeedFrom the oldest `since` the changes feed answers (epochs.go).
	Epoch    int64  `json:"epoch,omitempty"`
	EpochAt  string `json:"epoch_at,omitempty"`
	FeedFrom int64  `json:"feed_from,omitempty"`
}

// metaMapping is the mapping of the meta index.
func metaMapping() map[string]any {
	return map[string]any{
		"settings": map[string]any{"index": map[string]any{"number_of_shards": 1, "number_of_replicas": 0}},
		"mappings": map[string]any{
			"dynamic": "strict",
			"properties": map[string]any{
				"index": map[string]any{"type": "keyword"}, "alias": map[string]any{"type": "keyword"},
				"version": map[string]any{"type": "keyword"}, "previous_index": map[string]any{"type": "keyword"},
				"docs": map[string]any{"type": "long"}, "loaded_at": map[string]any{"type": "date"},
				"duration_ms": map[string]any{"type": "long"}, "mode": map[string]any{"type": "keyword"},
				"dir": map[string]any{"type": "keyword"}, "generator": map[string]any{"type": "keyword"},
				"seed":   map[string]any{"type": "long"},
				"source": map[string]any{"type": "keyword"}, "release": map[string]any{"type": "keyword"},
				"epoch": map[string]any{"type": "long"}, "epoch_at": map[string]any{"type": "date"},
				"feed_from": map[string]any{"type": "long"},
			},
		},
	}
}

// LoadDir loads every DIR/<index>.ndjson (or cfg.Indices) into a new
// versioned index NAME-vYYYYMMDDhhmmss per dataset and swaps the alias
// prefix+NAME to it atomically, keeping the previous version and deleting
// older ones. When any document of an index fails, that alias is not
// swapped: the old index keeps serving and the new index is left in place
// for inspection (the next successful load of that dataset deletes it).
// The error is non-nil when any index failed.
func LoadDir(ctx context.Context, cfg LoadConfig, dir string) (*Report, error) {
	start := time.Now()
	if cfg.BulkBytes <= 0 {
		cfg.BulkBytes = 8 << 20
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 3
	}
	if err := cfg.validateLayout(); err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	eng, err := newEngine(cfg.URLs)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	names, err := indicesToLoad(cfg.Indices, dir)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	man, _ := ReadManifest(dir) // optional
	if err := ensureMeta(ctx, eng, cfg.Prefix+MetaIndex); err != nil {
		return nil, fmt.Errorf("load: meta index: %w", err)
	}
	elog, err := newEpochLog(ctx, eng, cfg.Prefix, cfg.Retention)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	var totalBytes int64
	for _, n := range names {
		if st, err := os.Stat(filepath.Join(dir, n+".ndjson")); err == nil {
			totalBytes += st.Size()
		}
	}
	prog := newProgress(cfg, totalBytes)
	defer prog.stop()

	rep := &Report{}
	var failedIdx []string
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return rep, fmt.Errorf("load: %w", err)
		}
		ir := loadOne(ctx, eng, elog, cfg, dir, name, man, prog)
		if ir.Err != "" || ir.Failed > 0 {
			failedIdx = append(failedIdx, name)
			cfg.Logger.Error().Str("index", name).Int64("failed", ir.Failed).Str("error", ir.Err).Msg("load failed; alias left unchanged")
		} else {
			cfg.Logger.Info().Str("index", name).Str("new", ir.NewIndex).Str("previous", ir.PreviousIndex).
				Int64("docs", ir.Count).Float64("docs_per_sec", ir.DocsPerSec).Msg("alias swapped")
		}
		rep.Indices = append(rep.Indices, ir)
	}
	rep.Duration = time.Since(start)
	if len(failedIdx) > 0 {
		return rep, fmt.Errorf("load: %d index(es) not swapped (%s), %d document(s) failed", len(failedIdx), strings.Join(failedIdx, ", "), rep.Failed())
	}
	return rep, nil
}

// indicesToLoad returns the index names to load, in mappings.Specs order.
func indicesToLoad(want []string, dir string) ([]string, error) {
	wantSet := map[string]bool{}
	for _, w := range want {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		if _, ok := mappings.SpecOf(w); !ok {
			return nil, fmt.Errorf("unknown index %q (known: %s)", w, strings.Join(mappings.Names(), ", "))
		}
		wantSet[w] = true
	}
	var out []string
	for _, s := range mappings.Specs() {
		path := filepath.Join(dir, s.Name+".ndjson")
		_, err := os.Stat(path)
		present := err == nil
		switch {
		case len(wantSet) > 0 && wantSet[s.Name] && !present:
			return nil, fmt.Errorf("%s: %w", path, err)
		case len(wantSet) > 0 && !wantSet[s.Name]:
			continue
		case !present:
			continue
		}
		out = append(out, s.Name)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no <index>.ndjson files to load in %s", dir)
	}
	return out, nil
}

func ensureMeta(ctx context.Context, eng *engine, name string) error {
	ok, err := eng.indexExists(ctx, name)
	if err != nil {
		return err
	}
	if ok {
		// Older meta indices lack the source and release fields: add them
		// (putting fields that exist with the same type is a no-op).
		props := metaMapping()["mappings"].(map[string]any)["properties"]
		return eng.do(ctx, http.MethodPut, "/"+esc(name)+"/_mapping", map[string]any{"properties": props}, nil)
	}
	err = eng.do(ctx, http.MethodPut, "/"+esc(name), metaMapping(), nil)
	if err != nil && strings.Contains(err.Error(), "resource_already_exists_exception") {
		return nil
	}
	return err
}

// shardsFor and replicasFor resolve the per-index overrides of cfg.
func (cfg LoadConfig) shardsFor(name string) int {
	if n, ok := cfg.ShardsByIndex[name]; ok {
		return n
	}
	return cfg.Shards
}

// DefaultSegmentsByIndex is the force merge the indexer commands ask for
// unless told otherwise: the addresses to one segment per shard, since
// the typeahead's early-terminating queries pay for every segment; the
// other indices are left to the engine's merge policy.
func DefaultSegmentsByIndex() map[string]int {
	return map[string]int{mappings.IndexAddresses: 1}
}

func (cfg LoadConfig) segmentsFor(name string) int {
	if n, ok := cfg.SegmentsByIndex[name]; ok {
		return n
	}
	return cfg.Segments
}

func (cfg LoadConfig) replicasFor(name string) int {
	if n, ok := cfg.ReplicasByIndex[name]; ok {
		return n
	}
	return cfg.Replicas
}

// MaxShards bounds --shards (OpenSearch's own limit per index is 1024).
const MaxShards = 1024

// validateLayout rejects shard and replica counts the engine would refuse
// after a long load has already begun.
func (cfg LoadConfig) validateLayout() error {
	check := func(what, name string, n, lo int) error {
		if n < lo || (what == "shards" && n > MaxShards) {
			if name != "" {
				return fmt.Errorf("%s of %s: %d out of range", what, name, n)
			}
			return fmt.Errorf("%s: %d out of range", what, n)
		}
		return nil
	}
	if err := check("shards", "", cfg.Shards, 0); err != nil {
		return err
	}
	if err := check("replicas", "", cfg.Replicas, 0); err != nil {
		return err
	}
	for name, n := range cfg.ShardsByIndex {
		if _, ok := mappings.SpecOf(name); !ok {
			return fmt.Errorf("shards: unknown index %q", name)
		}
		if err := check("shards", name, n, 1); err != nil {
			return err
		}
	}
	for name, n := range cfg.ReplicasByIndex {
		if _, ok := mappings.SpecOf(name); !ok {
			return fmt.Errorf("replicas: unknown index %q", name)
		}
		if err := check("replicas", name, n, 0); err != nil {
			return err
		}
	}
	return nil
}

// loadBody returns the body that creates an index (mappings.EngineBody)
// with the settings of a bulk load: no refresh, no replicas, and shards
// primary shards (0 keeps the mapping's number).
func loadBody(name string, shards int) (map[string]any, error) {
	m, err := mappings.EngineBody(name)
	if err != nil {
		return nil, err
	}
	settings, _ := m["settings"].(map[string]any)
	idx, _ := settings["index"].(map[string]any)
	if idx == nil {
		return nil, fmt.Errorf("mapping %s: no settings.index", name)
	}
	idx["refresh_interval"] = "-1"
	idx["number_of_replicas"] = 0
	if shards > 0 {
		idx["number_of_shards"] = shards
	}
	// The translog is fsynced per bulk request: a document counted as
	// indexed survives an OpenSearch crash in the middle of the load (with an
	// asynchronous translog a node killed halfway lost ~47,000 acknowledged
	// documents of 100,000 that were reported neither indexed nor failed;
	// TestReliabilityIndexerKilled). Few Lucene commits during the load.
	idx["translog"] = map[string]any{"durability": "request", "flush_threshold_size": "1gb"}
	return m, nil
}

// versionName returns a free NAME-vYYYYMMDDhhmmss index name.
func versionName(ctx context.Context, eng *engine, base string, now time.Time) (string, error) {
	for i := 0; i < 120; i++ {
		n := base + "-v" + now.Add(time.Duration(i)*time.Second).UTC().Format("20060102150405")
		ok, err := eng.indexExists(ctx, n)
		if err != nil {
			return "", err
		}
		if !ok {
			return n, nil
		}
	}
	return "", fmt.Errorf("no free version name for %s", base)
}

func loadOne(ctx context.Context, eng *engine, elog *epochLog, cfg LoadConfig, dir, name string, man Manifest, prog *progress) (ir IndexReport) {
	start := time.Now()
	alias := cfg.Prefix + name
	ir = IndexReport{Index: name, Alias: alias}
	defer func() {
		ir.Duration = time.Since(start)
		if s := (ir.Duration - ir.MergeTime).Seconds(); s > 0 {
			ir.DocsPerSec = float64(ir.Indexed) / s
		}
	}()
	fail := func(err error) IndexReport {
		ir.Err = err.Error()
		return ir
	}
	spec, _ := mappings.SpecOf(name)
	prev, newName, err := newVersion(ctx, eng, cfg, name, alias, &ir)
	if err != nil {
		return fail(err)
	}

	var hashes *fileHashes
	if feedTracked(cfg.FeedDatasets, name) && ir.PreviousIndex != "" {
		hashes = &fileHashes{dir: cfg.TempDir, mem: cfg.DiffMemEntries}
		defer hashes.close()
	}
	if err := bulkFile(ctx, eng, cfg, filepath.Join(dir, name+".ndjson"), newName, spec.IDField, &ir, prog, hashes); err != nil {
		return fail(err)
	}
	if ir.Failed > 0 {
		ir.Err = fmt.Sprintf("%d document(s) failed", ir.Failed)
		// Left for inspection: make what was indexed searchable.
		_ = eng.do(ctx, http.MethodPost, "/"+esc(newName)+"/_refresh", nil, nil)
		return ir
	}
	if err := finishBulk(ctx, eng, cfg, name, newName, &ir); err != nil {
		return fail(err)
	}
	n, err := eng.count(ctx, newName)
	if err != nil {
		return fail(fmt.Errorf("count: %w", err))
	}
	ir.Count = n
	if cfg.Merge {
		if n < ir.Indexed || n < ir.Copied || n > ir.Indexed+ir.Copied {
			return fail(fmt.Errorf("count %d outside [max(%d copied, %d indexed), sum]", n, ir.Copied, ir.Indexed))
		}
	} else if n != ir.Indexed {
		return fail(fmt.Errorf("count %d != %d indexed (duplicate ids in the file?)", n, ir.Indexed))
	}

	epoch, err := elog.begin(ctx, name)
	if err != nil {
		return fail(err)
	}
	var diffRows []ChangeRow
	if hashes != nil {
		diffRows = diffEpoch(ctx, eng, elog, cfg, filepath.Join(dir, name+".ndjson"), name, spec.IDField, epoch, hashes, &ir)
	}

	if err := swapVersion(ctx, eng, cfg, alias, newName, prev, &ir); err != nil {
		return fail(err)
	}
	if err := recordLoad(ctx, eng, elog, cfg, dir, name, man, epoch, start, &ir, diffRows, spec.IDField); err != nil {
		return fail(err)
	}
	return ir
}

// diffEpoch runs the changes diff of a loaded file against the version it
// replaces, writing epoch's rows to the change log as they are found, and
// records the outcome in ir: the counts, or why the epoch is a baseline (a
// failed diff, or a load that changed more than half of the dataset, whose
// rows are then discarded). It returns the rows the alerts are told of.
func diffEpoch(ctx context.Context, eng *engine, elog *epochLog, cfg LoadConfig, path, name, idField string, epoch int64, hashes *fileHashes, ir *IndexReport) []ChangeRow {
	defer hashes.close()
	n := ir.Count
	// The rows are kept in memory only for the alerts that are told of them.
	keep := cfg.OnChanges != nil && !wholeFileChanges(name) && reportsChanges(name)
	var kept []ChangeRow
	limit := max(n, ir.Copied) / 2
	var atLeast int64 // inserts minus deletes is the change in size
	if prevN, err := eng.count(ctx, ir.PreviousIndex); err == nil {
		limit, atLeast = max(limit, prevN/2), max(n-prevN, prevN-n)
	}
	floor := cfg.DiffChangeFloor
	if floor <= 0 {
		floor = DiffChangeFloor
	}
	limit = max(limit, floor)
	var st DiffStats
	var err error
	if atLeast > limit {
		err = fmt.Errorf("%w (at least %d changes, more than %d)", errDiffTooLarge, atLeast, limit)
	} else {
		st, err = diffLoad(ctx, eng, name, ir.PreviousIndex, path, idField, hashes, cfg.Merge, epoch, limit,
			func(rows []ChangeRow) error {
				if keep {
					kept = append(kept, rows...)
				}
				return elog.writeRows(ctx, rows, nil)
			})
	}
	if err == nil {
		ir.Diff = &st
		return kept
	}
	// The load itself is good: serve it, as a baseline epoch the feed
	// cannot reach back across, without the rows written so far.
	if derr := elog.discard(ctx, name, epoch); derr != nil {
		cfg.Logger.Warn().Err(derr).Str("index", name).Msg("change rows of the baseline left for the next load to clear")
	}
	if errors.Is(err, errDiffTooLarge) {
		ir.DiffSkipped = err.Error()
		cfg.Logger.Info().Str("index", name).Str("reason", err.Error()).Msg("the new epoch is a baseline")
	} else {
		ir.DiffErr = err.Error()
		cfg.Logger.Error().Err(err).Str("index", name).Msg("changes diff failed; the new epoch is a baseline")
	}
	return nil
}

// newVersion creates the next version of alias's index (the merge copy of
// the serving version in it when cfg.Merge), returning the versions the
// alias points at and the new version's name.
func newVersion(ctx context.Context, eng *engine, cfg LoadConfig, name, alias string, ir *IndexReport) ([]string, string, error) {
	prev, err := eng.aliasTargets(ctx, alias)
	if err != nil {
		return nil, "", fmt.Errorf("alias %s: %w", alias, err)
	}
	if len(prev) > 0 {
		ir.PreviousIndex = prev[len(prev)-1]
	}
	newName, err := versionName(ctx, eng, alias, time.Now())
	if err != nil {
		return nil, "", err
	}
	body, err := loadBody(name, cfg.shardsFor(name))
	if err != nil {
		return nil, "", err
	}
	if err := eng.do(ctx, http.MethodPut, "/"+esc(newName), body, nil); err != nil {
		return nil, "", fmt.Errorf("create %s: %w", newName, err)
	}
	ir.NewIndex = newName

	if cfg.Merge && ir.PreviousIndex != "" {
		r, err := reindexTask(ctx, eng, ir.PreviousIndex, newName)
		if err != nil {
			return nil, "", fmt.Errorf("merge copy from %s: %w", ir.PreviousIndex, err)
		}
		if len(r.Failures) > 0 {
			return nil, "", fmt.Errorf("merge copy from %s: %d failures, first: %s", ir.PreviousIndex, len(r.Failures), short(r.Failures[0]))
		}
		ir.Copied = r.Created
	}
	return prev, newName, nil
}

// recordLoad records a swapped load: its metadata document, its epoch, and
// the changes alerts are told of.
func recordLoad(ctx context.Context, eng *engine, elog *epochLog, cfg LoadConfig, dir, name string, man Manifest, epoch int64,
	start time.Time, ir *IndexReport, diffRows []ChangeRow, idField string) error {
	mode := "replace"
	if cfg.Merge {
		mode = "merge"
	}
	n := ir.Count
	meta := LoadMeta{
		Index: name, Alias: ir.Alias, Version: ir.NewIndex, PreviousIndex: ir.PreviousIndex, Docs: n,
		LoadedAt: time.Now().UTC().Format(time.RFC3339), DurationMS: time.Since(start).Milliseconds(),
		Mode: mode, Dir: dir, Generator: man.Generator, Seed: man.Seed, Source: man.Source, Release: man.Release,
		Epoch: epoch,
	}
	if meta.Source == "" && man.Generator != "" {
		meta.Source, meta.Release = "generated", fmt.Sprintf("%s seed %d", man.Generator, man.Seed)
	}
	if err := eng.do(ctx, http.MethodPut, "/"+esc(cfg.Prefix+MetaIndex)+"/_doc/"+esc(name)+"?refresh=true", meta, nil); err != nil {
		return fmt.Errorf("record load metadata: %w", err)
	}
	rec := EpochRecord{Dataset: name, Epoch: epoch, Kind: mode, Source: meta.Source, Release: meta.Release,
		Version: ir.NewIndex, Docs: n, Diffed: ir.Diff != nil}
	if ir.Diff != nil {
		rec.Inserted, rec.Updated, rec.Deleted, rec.DiffMS = ir.Diff.Inserted, ir.Diff.Updated, ir.Diff.Deleted, ir.Diff.Duration.Milliseconds()
	}
	if _, err := elog.commit(ctx, rec); err != nil {
		return fmt.Errorf("swapped, but recording epoch %d failed: %w", epoch, err)
	}
	ir.Epoch = epoch
	changed, err := reportLoadChanges(ctx, eng, cfg, filepath.Join(dir, name+".ndjson"), name, ir.PreviousIndex, idField)
	if err == nil && !wholeFileChanges(name) && reportsChanges(name) {
		var n int64
		n, err = reportRowChanges(ctx, eng, cfg, name, ir.PreviousIndex, ir.NewIndex, diffRows)
		changed += n
	}
	ir.Changed = changed
	if err != nil {
		return fmt.Errorf("swapped, but reporting changes for alerts failed: %w", err)
	}
	return nil
}

// finishBulk readies a bulk-loaded index for searching: the serving
// settings back (refresh, replicas, translog), a refresh, and the force
// merge cfg asks for (its time goes to ir).
func finishBulk(ctx context.Context, eng *engine, cfg LoadConfig, name, newName string, ir *IndexReport) error {
	settings := map[string]any{"index": map[string]any{
		"refresh_interval": "1s", "number_of_replicas": cfg.replicasFor(name),
		"translog": map[string]any{"durability": "request", "sync_interval": nil, "flush_threshold_size": nil},
	}}
	if err := eng.do(ctx, http.MethodPut, "/"+esc(newName)+"/_settings", settings, nil); err != nil {
		return fmt.Errorf("restore settings: %w", err)
	}
	if err := eng.do(ctx, http.MethodPost, "/"+esc(newName)+"/_refresh", nil, nil); err != nil {
		return fmt.Errorf("refresh: %w", err)
	}
	if seg := cfg.segmentsFor(name); seg > 0 {
		t0 := time.Now()
		if err := eng.forceMerge(ctx, newName, seg); err != nil {
			return fmt.Errorf("force merge to %d segment(s): %w", seg, err)
		}
		ir.MergeTime, ir.Segments = time.Since(t0), seg
	}
	return nil
}

// swapVersion points alias at newName alone (atomically), then deletes
// the versions rollback does not need: every version but the new one and
// ir.PreviousIndex, and that one too when cfg.DropPrevious is set.
func swapVersion(ctx context.Context, eng *engine, cfg LoadConfig, alias, newName string, prev []string, ir *IndexReport) error {
	actions := []any{}
	for _, p := range prev {
		actions = append(actions, map[string]any{"remove": map[string]any{"index": p, "alias": alias}})
	}
	actions = append(actions, map[string]any{"add": map[string]any{"index": newName, "alias": alias}})
	if err := eng.do(ctx, http.MethodPost, "/_aliases", map[string]any{"actions": actions}, nil); err != nil {
		return fmt.Errorf("swap alias %s: %w", alias, err)
	}
	ir.Swapped = true
	all, err := eng.listIndices(ctx, alias+"-v*")
	if err != nil {
		return fmt.Errorf("list versions: %w", err)
	}
	for _, ix := range all {
		if ix == newName || (ix == ir.PreviousIndex && !cfg.DropPrevious) || !isVersionOf(ix, alias) {
			continue
		}
		if err := eng.do(ctx, http.MethodDelete, "/"+esc(ix), nil, nil); err != nil {
			return fmt.Errorf("delete old version %s: %w", ix, err)
		}
		ir.Deleted = append(ir.Deleted, ix)
	}
	return nil
}

// isVersionOf reports whether ix is alias-vDIGITS.
// reindexResult is what a finished _reindex reports.
type reindexResult struct {
	Total    int64             `json:"total"`
	Created  int64             `json:"created"`
	Failures []json.RawMessage `json:"failures"`
}

// reindexTask copies src into dst as a background task and waits for it,
// polling: a national index takes longer to copy than any HTTP request
// may wait (a synchronous _reindex timed out at 10 minutes on a busy
// engine). When ctx ends first, the task is cancelled.
func reindexTask(ctx context.Context, eng *engine, src, dst string) (reindexResult, error) {
	var started struct {
		Task string `json:"task"`
	}
	req := map[string]any{"source": map[string]any{"index": src}, "dest": map[string]any{"index": dst}}
	if err := eng.do(ctx, http.MethodPost, "/_reindex?wait_for_completion=false&refresh=false", req, &started); err != nil {
		return reindexResult{}, err
	}
	if started.Task == "" {
		return reindexResult{}, errors.New("_reindex started no task")
	}
	cancelTask := func() {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = eng.do(cctx, http.MethodPost, "/_tasks/"+url.PathEscape(started.Task)+"/_cancel", nil, nil)
	}
	for {
		var st struct {
			Completed bool            `json:"completed"`
			Error     json.RawMessage `json:"error"`
			Response  reindexResult   `json:"response"`
		}
		if err := eng.do(ctx, http.MethodGet, "/_tasks/"+url.PathEscape(started.Task), nil, &st); err != nil {
			if ctx.Err() != nil {
				cancelTask()
				return reindexResult{}, ctx.Err()
			}
			return reindexResult{}, fmt.Errorf("task %s: %w", started.Task, err)
		}
		if st.Completed {
			if len(st.Error) > 0 && string(st.Error) != "null" {
				return st.Response, fmt.Errorf("task %s: %s", started.Task, short(st.Error))
			}
			return st.Response, nil
		}
		select {
		case <-ctx.Done():
			cancelTask()
			return reindexResult{}, ctx.Err()
		case <-time.After(reindexPoll):
		}
	}
}

// reindexPoll is how often a merge copy's task is polled.
const reindexPoll = 2 * time.Second

func isVersionOf(ix, alias string) bool {
	v, ok := strings.CutPrefix(ix, alias+"-v")
	if !ok || len(v) != 14 {
		return false
	}
	_, err := strconv.ParseUint(v, 10, 64)
	return err == nil
}
