package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
)

// nationalIndices are what the typeahead and the keyed lookups read:
// address/find and address/postcode (addresses), postcode lookups
// (postcodes), properties/{uprn} and address/retrieve (properties).
const nationalIndices = "addresses,postcodes,properties"

// runNational generates a synthetic UK of --properties dwellings and
// streams the documents of --indices straight into new versioned indices
// (no NDJSON files), checkpointing to --state: run the same command again
// after a kill and it resumes. See docs/performance.md (national scale).
func runNational(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("national", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("properties", 32_000_000, "number of properties (dwellings) generated")
	seed := fs.Int64("seed", 1, "random seed")
	vocab := fs.String("names", "national", "street-name vocabulary: national (a long tail of names, as a real country has) or classic (the demo world's 77 roots)")
	only := fs.String("indices", nationalIndices, "indices built (the rest of the generated world is dropped)")
	state := fs.String("state", "", "checkpoint file (required): a rerun with the same flags resumes from it")
	prefix := fs.String("prefix", getenv("INDEX_PREFIX"), "alias prefix (default $INDEX_PREFIX)")
	workers := fs.Int("workers", 3, "concurrent bulk requests")
	bulkMB := fs.Int("bulk-mb", 8, "bulk request size in MB")
	chunk := fs.Int64("chunk", 100_000, "checkpoint granularity in documents")
	dropPrev := fs.Bool("drop-previous", false, "delete the previous version once swapped (no rollback; one copy of each index on disk instead of two)")
	var segments perIndexFlag
	fs.Var(&segments, "segments", "force-merge to at most N segments per shard before the swap: N, or N plus index=N overrides (default addresses=1)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *state == "" {
		return errors.New("national: --state is required")
	}
	keep, err := generateIndices(*only)
	if err != nil {
		return fmt.Errorf("national: %w", err)
	}
	var names []string
	for _, s := range mappings.Specs() {
		if keep == nil || keep[s.Name] {
			names = append(names, s.Name)
		}
	}
	if segments.raw == "" {
		segments.by = indexer.DefaultSegmentsByIndex()
	}
	if *vocab != "national" && *vocab != "classic" {
		return fmt.Errorf("national: --names must be national or classic, not %q", *vocab)
	}
	release := fmt.Sprintf("%s seed %d properties %d", synth.Version, *seed, *n)
	if *vocab == "national" {
		release += " names national"
	}
	cfg := indexer.StreamConfig{
		LoadConfig: indexer.LoadConfig{
			URLs: openSearchURLs(getenv), Prefix: *prefix, Workers: *workers, BulkBytes: *bulkMB << 20,
			Segments: segments.all, SegmentsByIndex: segments.by, DropPrevious: *dropPrev, Logger: newLogger(stderr),
		},
		Indices: names, StatePath: *state, ChunkDocs: *chunk,
		Key:    release + " indices " + strings.Join(names, ","),
		Source: "generated", Release: release,
	}
	start := time.Now()
	rep, err := indexer.Stream(ctx, cfg, func(sink indexer.Sink) error {
		return synth.Generate(synth.Config{Seed: *seed, Properties: *n, NationalNames: *vocab == "national"}, sink)
	})
	if rep != nil {
		rep.WriteTable(stdout)
		fmt.Fprintf(stdout, "this run: %s\n", time.Since(start).Round(time.Second))
	}
	return err
}
