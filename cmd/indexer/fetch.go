package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/ukpd/propertyapi/indexer/fetch"
)

// runFetch is `indexer fetch`: download the open datasets of the manifest
// into a cache folder, resuming partial downloads. See docs/importers.md.
func runFetch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "var/open-data", "cache folder for the downloads")
	only := fs.String("only", "", "comma-separated dataset names (default: all); see --list")
	area := fs.String("area", "", "postcode area or local authority for datasets published per area (e.g. EX)")
	manifest := fs.String("manifest", "", "manifest JSON file (default: the built-in one)")
	list := fs.Bool("list", false, "list the manifest and exit")
	asJSON := fs.Bool("json", false, "print the results (or the list) as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	m, err := fetch.Load(*manifest)
	if err != nil {
		return err
	}
	var names []string
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	if *list {
		ds, err := m.Select(names)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(ds)
		}
		fmt.Fprintf(stdout, "%-18s %-16s %-7s %10s  %s\n", "DATASET", "IMPORT FORMAT", "HOW", "SIZE", "LICENCE")
		for _, d := range ds {
			how := "direct"
			if d.Manual {
				how = "manual"
			}
			size := "?"
			if d.SizeBytes > 0 {
				size = fmt.Sprintf("~%d MB", d.SizeBytes/1_000_000)
			}
			fmt.Fprintf(stdout, "%-18s %-16s %-7s %10s  %s\n", d.Name, d.Format, how, size, d.Licence)
		}
		return nil
	}
	res, err := fetch.Run(ctx, m, fetch.Options{Dir: *dir, Only: names, Area: strings.ToLower(*area), Progress: stderr, TTY: isTTY(stderr)})
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(res)
	} else {
		counts := map[string]int{}
		for _, r := range res {
			counts[r.Status]++
		}
		fmt.Fprintf(stdout, "fetch: %d downloaded, %d resumed, %d present, %d manual, %d skipped, %d failed → %s\n",
			counts["downloaded"], counts["resumed"], counts["present"], counts["manual"], counts["skipped"], counts["failed"], *dir)
	}
	return err
}
