package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/importer"
)

// runImport is `indexer import [flags] FORMAT FILE...`: real public
// datasets into the project's documents, loaded through the same loader as
// generated data (or written as NDJSON with --out). See docs/importers.md.
func runImport(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return importer.Run(ctx, args, getenv, stdout, stderr, importer.Deps{
		NewSink: func(dir string) (importer.DirSink, error) {
			w, err := indexer.NewDirWriter(dir)
			if err != nil {
				return nil, err
			}
			w.SetNote("indexer import " + strings.Join(args, " "))
			return w, nil
		},
		Load: func(ctx context.Context, o importer.LoadOptions, dir string) (string, error) {
			ret, feed, err := feedConfig(getenv)
			if err != nil {
				return "", fmt.Errorf("import: %w", err)
			}
			rep, err := indexer.LoadDir(ctx, indexer.LoadConfig{
				URLs: o.URLs, Prefix: o.Prefix, Indices: o.Indices, Merge: o.Merge, Retention: ret, FeedDatasets: feed, TempDir: o.TempDir,
				SegmentsByIndex: indexer.DefaultSegmentsByIndex(),
				Progress:        stderr, ProgressTTY: isTTY(stderr), Logger: newLogger(stderr),
			}, dir)
			var b strings.Builder
			if rep != nil {
				rep.WriteTable(&b)
			}
			return b.String(), err
		},
	})
}
