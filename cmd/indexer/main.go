// Command indexer builds and loads the datasets behind the API:
//
//	indexer generate --out DIR --seed S --properties N [--indices a,b]   write a synthetic UK as NDJSON
//	indexer load --dir DIR [--merge] [--indices a,b] [--prefix P] [--shards N] [--replicas M]
//	indexer apply --file CHANGES.ndjson [--prefix P]       incremental upserts/deletes (alerts percolate them)
//	indexer national --state FILE [--properties N] [--prefix P]  stream a generated UK into the typeahead and keyed-lookup indices, resumable
//	indexer status [--prefix P]                           aliases, versions, counts, load times, disk
//	indexer import ...                                    convert real open datasets (see import.go)
//	indexer fetch [--dir DIR] [--only a,b] [--area EX]    download the open datasets (manifest in indexer/fetch)
//	indexer rehearse-files [--dir DIR] [--only a,b]       national-size files in the publishers' layouts (indexer/rehearse)
//	indexer rehearse-check-sales FILE                     a Price Paid match checked against the generated truth
//
// OPENSEARCH_URL (comma-separated, default http://127.0.0.1:9200) and
// INDEX_PREFIX configure load and status; flags override the prefix. With
// REDIS_URL set, load (of a dataset that had a previous version) and apply
// percolate the changed listings and sale events against the saved
// searches and append alert events (ALERTS_PERCOLATE=false turns it off).
// INDEXER_CPUPROFILE=FILE writes a Go CPU profile of the whole command to
// FILE (read it with go tool pprof), for measuring a build's cost a document.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/internal/osclient"
	"github.com/ukpd/propertyapi/internal/svcenv"
	"github.com/ukpd/propertyapi/mappings"
)

func main() {
	if err := profiled(os.Getenv("INDEXER_CPUPROFILE"), func() error {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	}); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // -h: the flag set printed the command's flags
		}
		fmt.Fprintln(os.Stderr, "indexer:", err)
		os.Exit(1)
	}
}

// profiled runs f, with the runtime's CPU profile written to path while it
// runs when path is not empty.
func profiled(path string, f func() error) error {
	if path == "" {
		return f()
	}
	done, err := startCPUProfile(path)
	if err != nil {
		return err
	}
	defer done()
	return f()
}

// startCPUProfile starts the runtime's CPU profile into path; done stops it
// and closes the file.
func startCPUProfile(path string) (done func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("INDEXER_CPUPROFILE: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("INDEXER_CPUPROFILE: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

const usage = `usage: indexer <command> [flags]

commands:
  generate --out DIR [--seed S] [--properties N] [--now YYYY-MM-DD] [--indices a,b]
  load     --dir DIR [--merge] [--indices a,b] [--prefix P] [--workers N] [--bulk-mb N] [--drop-previous]
           [--shards N|N,index=N] [--replicas N|N,index=N] [--segments N|N,index=N]
  apply    --file CHANGES.ndjson [--prefix P] [--batch N]
  national --state FILE [--properties N] [--seed S] [--indices a,b] [--prefix P] [--workers N]
           [--bulk-mb N] [--chunk N] [--segments N|N,index=N] [--drop-previous]
  status   [--prefix P] [--json]
  import   (see indexer import -h)
  fetch    [--dir DIR] [--only a,b] [--area EX] [--manifest FILE] [--list] [--json]
  rehearse-files [--dir DIR] [--only a,b] [--rows fmt=N,...] [--scale F] [--samples DIR]
           [--world generated --properties N --seed S --names national|classic]
  rehearse-check-sales FILE|-   count a sales NDJSON from a --world generated Price Paid file against the truth
`

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command")
	}
	switch args[0] {
	case "generate":
		return runGenerate(ctx, args[1:], stdout, stderr)
	case "load":
		return runLoad(ctx, args[1:], getenv, stdout, stderr)
	case "apply":
		return runApply(ctx, args[1:], getenv, stdout, stderr)
	case "national":
		return runNational(ctx, args[1:], getenv, stdout, stderr)
	case "status":
		return runStatus(ctx, args[1:], getenv, stdout, stderr)
	case "import":
		return runImport(ctx, args[1:], getenv, stdout, stderr)
	case "fetch":
		return runFetch(ctx, args[1:], stdout, stderr)
	case "rehearse-files":
		return runRehearseFiles(ctx, args[1:], getenv, stdout, stderr)
	case "rehearse-check-sales":
		return runRehearseCheckSales(args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

func newLogger(w io.Writer) zerolog.Logger {
	if f, ok := w.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		return zerolog.New(zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly}).With().Timestamp().Logger()
	}
	return zerolog.New(w).With().Timestamp().Logger()
}

func isTTY(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
}

func runGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "output directory (required)")
	seed := fs.Int64("seed", 1, "random seed")
	n := fs.Int("properties", 20000, "number of properties (dwellings)")
	now := fs.String("now", "", "reference date YYYY-MM-DD (default 2026-11-01)")
	only := fs.String("indices", "", "comma-separated indices to write (default all; e.g. addresses for a typeahead benchmark at scale)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("generate: --out is required")
	}
	keep, err := generateIndices(*only)
	if err != nil {
		return err
	}
	cfg := synth.Config{Seed: *seed, Properties: *n}
	if *now != "" {
		t, err := time.Parse("2006-01-02", *now)
		if err != nil {
			return fmt.Errorf("generate: --now: %w", err)
		}
		cfg.Now = t
	}
	ref := cfg.Now
	if ref.IsZero() {
		ref = synth.DefaultNow()
	}
	w, err := indexer.NewDirWriter(*out)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	w.SetInfo(synth.Version, *seed, *n, ref.Format("2006-01-02"))
	start := time.Now()
	sink := &ctxSink{ctx: ctx, next: w, keep: keep}
	if err := synth.Generate(cfg, sink); err != nil {
		_ = w.Close()
		return fmt.Errorf("generate: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	el := time.Since(start)
	counts := w.Counts()
	var total int64
	for _, c := range counts {
		total += c
	}
	fmt.Fprintf(stdout, "generated %d documents (%d properties) in %s: %.0f docs/s, %.0f properties/s → %s\n",
		total, *n, el.Round(time.Millisecond), float64(total)/el.Seconds(), float64(*n)/el.Seconds(), *out)
	return nil
}

// ctxSink stops a long generation when the context is cancelled, and
// drops the documents of indices not kept (nil keep: every index). The
// world generated is the same either way: only what is written differs.
type ctxSink struct {
	ctx  context.Context
	next indexer.Sink
	keep map[string]bool
	n    int
}

// Wants makes --indices an indexer.Wanter: the generator skips building
// the market documents when none of them is written.
func (s *ctxSink) Wants(index string) bool { return s.keep == nil || s.keep[index] }

func (s *ctxSink) Add(index, id string, doc any) error {
	s.n++
	if s.n%10000 == 0 {
		if err := s.ctx.Err(); err != nil {
			return err
		}
	}
	if s.keep != nil && !s.keep[index] {
		return nil
	}
	return s.next.Add(index, id, doc)
}

// generateIndices parses --indices of generate: nil for all.
func generateIndices(list string) (map[string]bool, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	known := map[string]bool{}
	for _, name := range mappings.Names() {
		known[name] = true
	}
	keep := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if !known[name] {
			return nil, fmt.Errorf("generate: --indices: unknown index %q", name)
		}
		keep[name] = true
	}
	return keep, nil
}

func openSearchURLs(getenv func(string) string) []string {
	return osclient.ParseURLs(svcenv.OpenSearchURL(getenv))
}

func runLoad(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "NDJSON directory (required)")
	merge := fs.Bool("merge", false, "copy the current index's documents first, then add these")
	indices := fs.String("indices", "", "comma-separated index names (default: every file present)")
	prefix := fs.String("prefix", getenv("INDEX_PREFIX"), "alias prefix (default $INDEX_PREFIX)")
	workers := fs.Int("workers", 3, "concurrent bulk requests")
	bulkMB := fs.Int("bulk-mb", 8, "bulk request size in MB")
	dropPrev := fs.Bool("drop-previous", false, "delete the previous version once swapped (no rollback; one copy of each index on disk instead of two)")
	var shards, replicas, segments perIndexFlag
	fs.Var(&segments, "segments", "force-merge each new index to at most N segments per shard before the swap: N, or N plus index=N overrides (default addresses=1: the typeahead's early-terminating queries pay per segment; 0 = none)")
	fs.Var(&shards, "shards", "primary shards per new index: N, or N plus index=N overrides, e.g. 1,addresses=4 (default: the mapping's, 1)")
	fs.Var(&replicas, "replicas", "replicas after the load: N, or N plus index=N overrides, e.g. 1,crime=0 (default 0)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("load: --dir is required")
	}
	var idx []string
	if *indices != "" {
		idx = strings.Split(*indices, ",")
	}
	ret, feed, err := feedConfig(getenv)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	log := newLogger(stderr)
	hook, done, err := alertsHook(ctx, getenv, *prefix, log)
	if err != nil {
		return err
	}
	defer done()
	if segments.raw == "" {
		segments.by = indexer.DefaultSegmentsByIndex()
	}
	cfg := indexer.LoadConfig{
		URLs: openSearchURLs(getenv), Prefix: *prefix, Indices: idx, Merge: *merge, BulkBytes: *bulkMB << 20,
		Segments: segments.all, SegmentsByIndex: segments.by,
		Workers: *workers, DropPrevious: *dropPrev, Shards: shards.all, ShardsByIndex: shards.by, Replicas: replicas.all, ReplicasByIndex: replicas.by, Progress: stderr, ProgressTTY: isTTY(stderr), Logger: log,
		OnChanges: hook, Retention: ret, FeedDatasets: feed,
	}
	rep, err := indexer.LoadDir(ctx, cfg, *dir)
	if rep != nil {
		rep.WriteTable(stdout)
	}
	return err
}

func runStatus(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prefix := fs.String("prefix", getenv("INDEX_PREFIX"), "alias prefix (default $INDEX_PREFIX)")
	asJSON := fs.Bool("json", false, "print the status as a JSON array (one object per alias) instead of a table")
	if err := fs.Parse(args); err != nil {
		return err
	}
	rows, err := indexer.Status(ctx, openSearchURLs(getenv), *prefix)
	if err != nil {
		return err
	}
	if *asJSON {
		return indexer.WriteStatusJSON(stdout, rows)
	}
	indexer.WriteStatusTable(stdout, rows)
	free, err := indexer.FreeDisk(ctx, openSearchURLs(getenv))
	if err != nil {
		return err
	}
	indexer.WriteDiskLine(stdout, indexer.Disk(rows, free))
	return nil
}

// perIndexFlag is a count for every index with optional per-index
// overrides: "2", "addresses=4" or "1,addresses=4,properties=2".
type perIndexFlag struct {
	all int
	by  map[string]int
	raw string
}

func (f *perIndexFlag) String() string { return f.raw }

func (f *perIndexFlag) Set(v string) error {
	f.raw = v
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		name, num, named := strings.Cut(part, "=")
		if !named {
			num = name
		}
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if err != nil || n < 0 {
			return fmt.Errorf("%q: want a count or index=count", part)
		}
		if !named {
			f.all = n
			continue
		}
		if f.by == nil {
			f.by = map[string]int{}
		}
		f.by[strings.TrimSpace(name)] = n
	}
	return nil
}
