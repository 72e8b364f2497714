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

	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/indexer/rehearse"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
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
	world := fs.String("world", "", "generated: the Price Paid file sells, and the OS Open UPRN file locates, the dwellings of the generator's country (--properties, --seed, --names as given to `indexer national`) instead of this command's own (--only ppd,os-open-uprn)")
	props := fs.Int("properties", 32_000_000, "with --world generated: the generated country's dwellings")
	seed := fs.Int64("seed", 1, "with --world generated: its seed")
	vocab := fs.String("names", "national", "with --world generated: its street-name vocabulary")
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
	switch *world {
	case "":
	case "generated":
		for _, f := range strings.Split(*only, ",") {
			if f != "ppd" && f != "os-open-uprn" {
				return fmt.Errorf("rehearse-files: --world generated writes Price Paid and OS Open UPRN only: give --only ppd, os-open-uprn or both, not %s", f)
			}
		}
		if *vocab != "national" && *vocab != "classic" {
			return fmt.Errorf("rehearse-files: --names must be national or classic, not %q", *vocab)
		}
		w.World = generatedWorld(synth.Config{Seed: *seed, Properties: *props, NationalNames: *vocab == "national"})
		w.ToGrid = rehearse.InvertGrid(importer.BNGToWGS84)
	default:
		return fmt.Errorf("rehearse-files: --world %q: the only other world is generated", *world)
	}
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

// generatedWorld is the generator's country as rehearsal dwellings: every
// address record in the order the generator writes them (a block's own
// record marked Building), in Price Paid's upper case, the primary
// addressable object its number or, without one, its name.
func generatedWorld(cfg synth.Config) *rehearse.World {
	return &rehearse.World{Size: cfg.Properties, Each: func(fn func(rehearse.Dwelling) error) error {
		return synth.Generate(cfg, worldSink(fn))
	}}
}

type worldSink func(rehearse.Dwelling) error

func (fn worldSink) Add(index, _ string, doc any) error {
	a, ok := doc.(mappings.Address)
	if index != mappings.IndexAddresses || !ok {
		return nil
	}
	paon := a.BuildingNumber
	if paon == "" {
		paon = a.BuildingName
	}
	up := strings.ToUpper
	d := rehearse.Dwelling{UPRN: a.UPRN, Postcode: a.Postcode, SAON: up(a.SubBuilding), PAON: up(paon),
		Street: up(a.StreetName), Locality: up(a.Locality), Town: up(a.PostTown), Building: a.FlatCount > 0}
	if a.Location != nil {
		d.Lat, d.Lon = a.Location.Lat, a.Location.Lon
	}
	return fn(d)
}

// runRehearseCheckSales is `indexer rehearse-check-sales FILE`: the sales
// NDJSON an import of a `--world generated` Price Paid file wrote (or "-",
// standard input: a named pipe in place of the file keeps a national run
// off the disk), counted against the dwellings the file sold.
func runRehearseCheckSales(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("rehearse-check-sales: want one FILE (or - for standard input)")
	}
	var r io.Reader = os.Stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return fmt.Errorf("rehearse-check-sales: %w", err)
		}
		defer f.Close()
		r = f
	}
	c, err := rehearse.CheckSales(r)
	if err != nil {
		return fmt.Errorf("rehearse-check-sales: %w", err)
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(max(c.Sales-c.Foreign, 1)) }
	fmt.Fprintf(stdout, "sales %d: matched %d (%.2f%%), to the dwelling sold %d (%.2f%%), to another %d (%.3f%%), unmatched %d; ids not from a generated world %d\n",
		c.Sales, c.Matched, pct(c.Matched), c.Correct, pct(c.Correct), c.Wrong, pct(c.Wrong), c.Unmatched, c.Foreign)
	return nil
}
