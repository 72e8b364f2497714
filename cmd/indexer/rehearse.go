package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/indexer/rehearse"
)

// runRehearseFiles is `indexer rehearse-files`: files in the publishers'
// exact layouts at national row counts, made from the real samples, to
// rehearse a national load. See docs/importers.md.
func runRehearseFiles(_ context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rehearse-files", flag.ContinueOnError)
	fs.SetOutput(stderr)
	samples := fs.String("samples", firstNonEmptyEnv(getenv("REAL_SAMPLES_DIR"), findSamples()), "folder of the real samples (env REAL_SAMPLES_DIR; default: a data/real-samples folder above the working directory)")
	dir := fs.String("dir", "var/rehearse", "output folder")
	only := fs.String("only", strings.Join(rehearse.Formats, ","), "formats to write: "+strings.Join(rehearse.Formats, ","))
	rowsFlag := fs.String("rows", "", "row counts per format, e.g. epc=10000000,ppd=1000 (default: the national counts)")
	scale := fs.Float64("scale", 1, "multiply every default row count (0.001 writes a thousandth of the nation)")
	dwellings := fs.Int("dwellings", 0, "dwellings of the synthetic country (default: the os-open-uprn row count)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *samples == "" {
		return fmt.Errorf("rehearse-files: no real samples found above the working directory: give --samples DIR or REAL_SAMPLES_DIR")
	}
	rows := map[string]int{}
	for f, n := range rehearse.National {
		rows[f] = max(int(float64(n)**scale), 1)
	}
	if *rowsFlag != "" {
		for _, kv := range strings.Split(*rowsFlag, ",") {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.Atoi(strings.ReplaceAll(v, "_", ""))
			if _, known := rehearse.National[k]; !ok || !known || err != nil || n <= 0 {
				return fmt.Errorf("rehearse-files: --rows %q: want format=N with a format of %s", kv, strings.Join(rehearse.Formats, ","))
			}
			rows[k] = n
		}
	}
	w := &rehearse.Writer{SamplesDir: *samples, Dir: *dir, Dwellings: *dwellings, Progress: stderr}
	if w.Dwellings == 0 {
		w.Dwellings = rows["os-open-uprn"]
	}
	for _, f := range strings.Split(*only, ",") {
		start := time.Now()
		p, err := w.Write(f, rows[f])
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d rows → %s (%.1f s)\n", f, rows[f], p, time.Since(start).Seconds())
	}
	return nil
}

// findSamples walks up from the working directory to a folder holding
// data/real-samples; "" when there is none.
func findSamples() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		matches, _ := filepath.Glob(filepath.Join(dir, "*", "data", "real-samples"))
		for _, m := range append([]string{filepath.Join(dir, "data", "real-samples")}, matches...) {
			if st, err := os.Stat(m); err == nil && st.IsDir() {
				return m
			}
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

func firstNonEmptyEnv(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
