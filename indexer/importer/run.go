package importer

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ukpd/propertyapi/indexer/importer/oslookup"
	"github.com/ukpd/propertyapi/internal/svcenv"
	"github.com/ukpd/propertyapi/mappings"
)

// Formats lists the formats of `indexer import`, with what they load.
var Formats = []struct{ Name, Doc string }{
	{"ppd", "HM Land Registry Price Paid (raw 16-column or Report Builder) → sales"},
	{"epc", "EPC domestic certificates (bulk or API CSV) → epc, properties, addresses"},
	{"onspd", "ONS Postcode Directory → postcodes"},
	{"nspl", "ONS National Statistics Postcode Lookup → postcodes"},
	{"codepoint", "OS Code-Point Open → postcodes"},
	{"os-open-uprn", "OS Open UPRN → locations of loaded addresses and properties (needs --merge)"},
	{"gias", "DfE Get Information About Schools → schools"},
	{"ods-gp", "NHS ODS epraccur → amenities (gp)"},
	{"ods-dentist", "NHS ODS egdpprac → amenities (dentist)"},
	{"ods-pharmacy", "NHS ODS edispensary → amenities (pharmacy)"},
	{"imd2019", "English IoD 2019 File 1 or File 7 → deprivation"},
	{"census2021", "Census 2021 nomis bulk TS054 and TS007A (MSOA) → census"},
	{"ons-boundaries", "ONS boundary GeoJSON → boundaries"},
	{"police-uk", "data.police.uk street-level crime CSVs or download zips → crime (alias: crime)"},
	{"naptan", "DfT NaPTAN Stops CSV → amenities (transport group; --merge to keep other amenities)"},
	{"os-open-names", "OS Open Names (zip or tile CSVs) → boundaries (town, locality, street)"},
	{"ofcom-broadband", "Ofcom Connected Nations fixed postcode coverage/performance CSVs → broadband"},
	{"nhle", "Historic England NHLE listed-building points (CSV or GeoJSON) → listed_buildings"},
	{"ukhpi", "UK House Price Index full file → hpi (alias: hpi)"},
	{"onsud", "ONS UPRN Directory / NSUL → statistical areas of loaded properties (needs --merge)"},
	{"inspire", "HM Land Registry INSPIRE Index Polygons GML (or its zip) → titles, joined to loaded addresses by point-in-polygon"},
	{"ea-flood", "Environment Agency RoFRS, RoFSW, Flood Zones and coverage GeoJSON → risk_areas"},
	{"planit", "PlanIt planning applications JSON or GeoJSON → planning"},
	{"blm", "BLM v3 listing snapshots (agent feed) → listings and sale_events"},
}

// DirSink is a Sink writing DIR/<index>.ndjson (indexer.DirWriter).
type DirSink interface {
	Sink
	Close() error
}

// LoadOptions are what the loader needs (indexer.LoadConfig subset).
type LoadOptions struct {
	URLs    []string
	Prefix  string
	Indices []string
	Merge   bool
	TempDir string // --tmp: where the load's changes diff spills
}

// Deps are the loader pieces the command uses: indexer.NewDirWriter and
// indexer.LoadDir, adapted.
type Deps struct {
	NewSink func(dir string) (DirSink, error)
	Load    func(ctx context.Context, opt LoadOptions, dir string) (summary string, err error)
}

// ErrRejects is returned (wrapped) when rows were rejected and
// --allow-rejects was not given; everything else was loaded.
var ErrRejects = errors.New("rows rejected")

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "usage: indexer import [flags] FORMAT FILE...")
	fmt.Fprintln(w, "\nformats:")
	for _, f := range Formats {
		fmt.Fprintf(w, "  %-15s %s\n", f.Name, f.Doc)
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// Run is `indexer import`: it parses args, runs the importer of the format
// into an NDJSON directory (--out DIR, kept) or a temporary one that is then
// loaded through deps.Load (fresh versioned indices, or --merge into the
// current ones), applies Price Paid deletions in merge mode, prints the
// report, and fails when rows were rejected unless --allow-rejects.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer, deps Deps) error {
	fs, fl := newImportFlags(getenv)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout, fs)
			return nil
		}
		usage(stderr, fs)
		return fmt.Errorf("import: %w", err)
	}
	if fs.NArg() < 2 {
		usage(stderr, fs)
		return errors.New("import: need a format and at least one file")
	}
	format, files := fs.Arg(0), fs.Args()[1:]
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return fmt.Errorf("import: %w", err)
		}
	}
	client, err := oslookup.New(fl.osURL, fl.prefix)
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	env, err := fl.env(format, client)
	if err != nil {
		return err
	}
	env.Release = fl.releaseOf(files)
	dir := fl.out
	if dir == "" {
		tmp, err := os.MkdirTemp(fl.tmpDir, "indexer-import-")
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	rep, err := fl.write(ctx, deps, dir, format, env, files)
	if err != nil {
		if rep != nil {
			fmt.Fprint(stderr, rep.Summary())
		}
		return err
	}
	if fl.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		fmt.Fprint(stdout, rep.Summary())
	}
	if err := fl.load(ctx, deps, client, dir, format, rep, stdout); err != nil {
		return err
	}
	if rep.Rejected > 0 && !fl.allowRejects {
		return fmt.Errorf("import %s: %d %w (the rest was loaded; --allow-rejects to accept)", format, rep.Rejected, ErrRejects)
	}
	return nil
}

// importFlags are the flags of `indexer import`.
type importFlags struct {
	out, prefix, osURL, tmpDir, uprnCoords, release  string
	match                                            string
	merge, allowRejects, inclClosed, noMatch, asJSON bool
	sortMem                                          int
}

func newImportFlags(getenv func(string) string) (*flag.FlagSet, *importFlags) {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fl := &importFlags{}
	fs.StringVar(&fl.out, "out", "", "write DIR/<index>.ndjson only; do not load")
	fs.StringVar(&fl.prefix, "prefix", getenv("INDEX_PREFIX"), "index prefix (env INDEX_PREFIX)")
	fs.StringVar(&fl.osURL, "opensearch", svcenv.OpenSearchURL(getenv), "OpenSearch URLs, comma-separated (env OPENSEARCH_URL)")
	fs.BoolVar(&fl.merge, "merge", false, "add to the current alias contents instead of replacing them")
	fs.BoolVar(&fl.allowRejects, "allow-rejects", false, "exit 0 even when rows were rejected")
	fs.BoolVar(&fl.inclClosed, "include-closed", false, "gias, ods-*: keep closed/dormant establishments, marked")
	fs.StringVar(&fl.uprnCoords, "uprn-coords", "", "epc: OS Open UPRN CSV giving locations to the addresses and properties built")
	fs.BoolVar(&fl.noMatch, "no-match", false, "ppd: skip address matching against the addresses alias")
	fs.StringVar(&fl.match, "match", MatchAuto, "ppd: how sales are matched to addresses: join (sales sorted by postcode, the addresses read once in postcode order), lookup (the addresses of each batch's postcodes searched), auto (join when the file has a sale per 100 loaded addresses or more); os-open-uprn: how the documents to locate are found: join (points sorted by UPRN, the documents read once and merged), lookup (each batch of 1,000 UPRNs fetched), auto (join when the loaded addresses and properties of the file's UPRN range are at most 2 a point)")
	fs.BoolVar(&fl.asJSON, "json", false, "print the report as JSON")
	fs.StringVar(&fl.tmpDir, "tmp", getenv("TMPDIR"), "directory of the temporary NDJSON (without --out) and the external sorts' runs (env TMPDIR)")
	fs.IntVar(&fl.sortMem, "sort-mem", DefaultSortMemory>>20, "MiB an external sort holds before it spills a run to --tmp")
	fs.StringVar(&fl.release, "release", "", "the real release loaded, recorded with the load and shown by /api/health (default: the file names)")
	return fs, fl
}

// env is what the format's importer reads from the engine.
func (fl *importFlags) env(format string, client *oslookup.Client) (Env, error) {
	env := Env{IncludeClosed: fl.inclClosed, TempDir: fl.tmpDir, SortMemory: fl.sortMem << 20}
	switch fl.match {
	case MatchAuto, MatchJoin, MatchLookup:
	default:
		return env, fmt.Errorf("import: --match %q: want auto, join or lookup", fl.match)
	}
	switch format {
	case "ppd":
		if !fl.noMatch {
			env.Addresses, env.AddressesOf = client.Addresses, client.AddressesOf
			env.AddressScan, env.MatchMode = client.ScanAddresses, fl.match
			env.AddressCount = func(ctx context.Context) (int64, error) { return client.Count(ctx, mappings.IndexAddresses) }
		}
		env.Points = client.Points
	case "ods-gp", "ods-dentist", "ods-pharmacy", "blm":
		env.Points = client.Points
	case "onsud":
		if !fl.merge && fl.out == "" {
			return env, errors.New("import onsud: only updates properties already loaded: use --merge (or --out)")
		}
		env.UPRNDocs = client.UPRNDocs
	case "inspire":
		env.AddressPoints = func(ctx context.Context, minLat, minLon, maxLat, maxLon float64, fn func(AddressPoint)) error {
			return client.AddressPoints(ctx, minLat, minLon, maxLat, maxLon, func(u int64, p mappings.GeoPoint) { fn(AddressPoint{UPRN: u, Location: p}) })
		}
	case "os-open-uprn":
		if !fl.merge && fl.out == "" {
			return env, errors.New("import os-open-uprn: only locates documents already loaded: use --merge (or --out)")
		}
		env.UPRNDocs, env.UPRNDocScan, env.MatchMode = client.UPRNDocs, client.ScanUPRNDocs, fl.match
		env.UPRNDocCount = func(ctx context.Context, from, to int64) (int64, error) {
			a, err := client.CountUPRNs(ctx, mappings.IndexAddresses, from, to)
			if err != nil {
				return 0, err
			}
			p, err := client.CountUPRNs(ctx, mappings.IndexProperties, from, to)
			return a + p, err
		}
	case "epc":
		if fl.uprnCoords != "" {
			env.UPRNCoordsFiles = []string{fl.uprnCoords}
		}
	}
	return env, nil
}

// releaseOf is the release recorded: --release, else the file names.
func (fl *importFlags) releaseOf(files []string) string {
	if fl.release != "" {
		return fl.release
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	return strings.Join(names, ",")
}

// write runs the importer into dir's NDJSON, recording the source and
// release.
func (fl *importFlags) write(ctx context.Context, deps Deps, dir, format string, env Env, files []string) (*Report, error) {
	sink, err := deps.NewSink(dir)
	if err != nil {
		return nil, fmt.Errorf("import: open output: %w", err)
	}
	rep, err := runFormat(ctx, format, env, files, sink)
	if ss, ok := sink.(interface{ SetSource(source, release string) }); ok {
		ss.SetSource("import:"+format, fl.releaseOf(files))
	}
	if cerr := sink.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("import: close output: %w", cerr)
	}
	return rep, err
}

// load writes the deletions beside the NDJSON (--out), or loads the
// indices written and, merging, applies the deletions.
func (fl *importFlags) load(ctx context.Context, deps Deps, client *oslookup.Client, dir, format string, rep *Report, stdout io.Writer) error {
	if fl.out != "" {
		return writeDeletes(dir, rep.Deletes)
	}
	if len(rep.Docs) > 0 {
		var indices []string
		for ix, n := range rep.Docs {
			if n > 0 {
				indices = append(indices, ix)
			}
		}
		sort.Strings(indices)
		summary, err := deps.Load(ctx, LoadOptions{URLs: strings.Split(fl.osURL, ","), Prefix: fl.prefix, Indices: indices, Merge: fl.merge, TempDir: fl.tmpDir}, dir)
		if err != nil {
			return fmt.Errorf("import %s: load: %w", format, err)
		}
		if summary != "" {
			fmt.Fprintln(stdout, strings.TrimSpace(summary))
		}
	}
	if fl.merge {
		for _, ix := range slices.Sorted(maps.Keys(rep.Deletes)) {
			n, err := client.Delete(ctx, ix, rep.Deletes[ix])
			if err != nil {
				return fmt.Errorf("import %s: apply deletions: %w", format, err)
			}
			fmt.Fprintf(stdout, "  %s: %d of %d deletions applied\n", ix, n, len(rep.Deletes[ix]))
		}
	}
	return nil
}

// importFunc runs one importer.
type importFunc func(ctx context.Context, format string, env Env, files []string, sink Sink) (*Report, error)

// withEnv and filesOnly adapt the importers' two signatures to importFunc.
func withEnv(f func(context.Context, Env, []string, Sink) (*Report, error)) importFunc {
	return func(ctx context.Context, _ string, env Env, files []string, sink Sink) (*Report, error) {
		return f(ctx, env, files, sink)
	}
}

func filesOnly(f func(context.Context, []string, Sink) (*Report, error)) importFunc {
	return func(ctx context.Context, _ string, _ Env, files []string, sink Sink) (*Report, error) {
		return f(ctx, files, sink)
	}
}

func ods(kind string) importFunc {
	return func(ctx context.Context, _ string, env Env, files []string, sink Sink) (*Report, error) {
		return ImportODS(ctx, env, kind, files, sink)
	}
}

func onspd(ctx context.Context, format string, _ Env, files []string, sink Sink) (*Report, error) {
	return ImportONSPD(ctx, format, files, sink)
}

// importers maps each format name (and alias) to its importer.
var importers = map[string]importFunc{
	"ppd":             withEnv(ImportPPD),
	"epc":             withEnv(ImportEPC),
	"onspd":           onspd,
	"nspl":            onspd,
	"codepoint":       filesOnly(ImportCodePoint),
	"os-open-uprn":    withEnv(ImportOSOpenUPRN),
	"gias":            withEnv(ImportGIAS),
	"ods-gp":          ods(ODSGP),
	"ods-dentist":     ods(ODSDentist),
	"ods-pharmacy":    ods(ODSPharmacy),
	"imd2019":         filesOnly(ImportIMD2019),
	"census2021":      filesOnly(ImportCensus2021),
	"ons-boundaries":  filesOnly(ImportBoundaries),
	"police-uk":       withEnv(ImportPoliceUK),
	"crime":           withEnv(ImportPoliceUK),
	"naptan":          filesOnly(ImportNaPTAN),
	"os-open-names":   withEnv(ImportOSOpenNames),
	"ofcom-broadband": withEnv(ImportOfcomBroadband),
	"nhle":            filesOnly(ImportNHLE),
	"ukhpi":           filesOnly(ImportUKHPI),
	"hpi":             filesOnly(ImportUKHPI),
	"onsud":           withEnv(ImportONSUD),
	"inspire":         withEnv(ImportINSPIRE),
	"ea-flood":        filesOnly(ImportEAFlood),
	"planit":          filesOnly(ImportPlanIt),
	"blm":             withEnv(ImportBLM),
}

// runFormat dispatches to the importer of a format.
func runFormat(ctx context.Context, format string, env Env, files []string, sink Sink) (*Report, error) {
	if f, ok := importers[format]; ok {
		rep, err := f(ctx, format, env, files, sink)
		if rep != nil {
			rep.TempPeak, rep.TempWritten = rep.spill.Peak, rep.spill.Bytes
		}
		return rep, err
	}
	return nil, fmt.Errorf("import: unknown format %q", format)
}

// writeDeletes records ids to delete as DIR/<index>.deletes, one a line.
func writeDeletes(dir string, dels map[string][]string) error {
	for ix, ids := range dels {
		if _, ok := mappings.SpecOf(ix); !ok {
			return fmt.Errorf("import: deletions for unknown index %q", ix)
		}
		p := filepath.Join(dir, ix+".deletes")
		if err := os.WriteFile(p, []byte(strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
			return fmt.Errorf("import: write %s: %w", p, err)
		}
	}
	return nil
}
