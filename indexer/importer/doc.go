// Package importer turns real public UK datasets (HM Land Registry Price
// Paid, EPC, ONSPD/NSPL, Code-Point Open, OS Open UPRN, DfE GIAS, NHS ODS,
// IMD 2019, Census 2021, ONS boundaries) into the documents of package
// mappings and hands them to a Sink.
//
// Each source format has its own file with a reader and pure record →
// document transforms. Importers never talk to OpenSearch themselves: where
// they need data already loaded (postcode points for NHS ODS, addresses for
// Price Paid matching, existing UPRN documents for OS Open UPRN) they take a
// lookup function, which the command line wires to OpenSearch.
//
// A bad row never aborts a file and never disappears: it is recorded in the
// Report with its file, line number and reason.
package importer

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Sink receives documents. indexer.DirWriter satisfies it.
type Sink interface {
	Add(index, id string, doc any) error
}

// PointLookup returns the location of each postcode (display form keys,
// e.g. "TF1 1AA") that is known and has one; unknown postcodes are absent.
type PointLookup func(ctx context.Context, postcodes []string) (map[string]mappings.GeoPoint, error)

// AddressLookup returns the loaded addresses of one postcode (compact key,
// e.g. "EX11AE").
type AddressLookup func(ctx context.Context, postcodeKey string) ([]mappings.Address, error)

// AddressScan calls fn with each loaded address whose postcode key (compact)
// lies in [fromKey, toKey], in any order.
type AddressScan func(ctx context.Context, fromKey, toKey string, fn func(mappings.Address) error) error

// UPRNDocs returns the loaded address and property documents of the given
// UPRNs; UPRNs with no document are absent from the maps.
type UPRNDocs func(ctx context.Context, uprns []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error)

// Env carries the optional lookups and switches of an import.
type Env struct {
	Points    PointLookup   // ods-*: postcode → point; ppd: location of unmatched sales
	Addresses AddressLookup // ppd: address matching
	// AddressesOf, when set, fetches the addresses of every postcode of a
	// batch of sales in one request (ppd), instead of one per postcode.
	AddressesOf func(ctx context.Context, postcodeKeys []string) (map[string][]mappings.Address, error)
	// AddressScan, when set, reads the loaded addresses once, in any
	// order, those with a postcode key in [fromKey, toKey] (ppd: the
	// addresses side of the join, sorted by the importer); fn returning
	// ErrStopScan ends the read early.
	AddressScan AddressScan
	// AddressCount returns the number of loaded addresses (ppd: chooses
	// between the join and the lookups when MatchMode is auto).
	AddressCount func(ctx context.Context) (int64, error)
	// MatchMode is how ppd matches sales to addresses and how
	// os-open-uprn finds the documents it locates: MatchJoin,
	// MatchLookup, or "" (MatchAuto) to choose by the sizes.
	MatchMode string
	UPRNDocs  UPRNDocs // os-open-uprn: documents to locate, by UPRN
	// UPRNDocScan, when set, reads the loaded documents of index
	// (addresses or properties) whose UPRN lies in [from, to] once, in any
	// order, as their JSON source (os-open-uprn: the documents side of
	// the join, sorted by the importer).
	UPRNDocScan func(ctx context.Context, index string, from, to int64, fn func(uprn int64, src []byte) error) error
	// UPRNDocCount returns the number of loaded address and property
	// documents with a UPRN in [from, to] (os-open-uprn: chooses between
	// the join and the lookups when MatchMode is auto).
	UPRNDocCount func(ctx context.Context, from, to int64) (int64, error)
	// AddressPoints streams located addresses in a box (inspire: the
	// point-in-polygon join of titles to UPRNs; blm: address matching).
	AddressPoints AddressPoints
	// IncludeClosed keeps closed schools (gias) and closed or dormant NHS
	// organisations (ods-*) with their status instead of skipping them.
	IncludeClosed bool
	// UPRNCoords, when set, gives the EPC importer a location for the
	// address and property documents it builds (from an OS Open UPRN file).
	UPRNCoords map[int64]mappings.GeoPoint
	// UPRNCoordsFiles are OS Open UPRN files read by the EPC importer for
	// the UPRNs it builds documents for (only those are kept in memory).
	UPRNCoordsFiles []string
	// TempDir holds the runs of the external sorts (os.TempDir when
	// empty); SortMemory is the bytes a sort holds before it spills a run
	// (DefaultSortMemory when 0). Together they bound an import's memory.
	TempDir    string
	SortMemory int
	// Release names the release imported (--release, else the file
	// names): onsud records it as the end of a UPRN's previous postcode.
	Release string
}

// Reject is one input row that produced no document.
type Reject struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// maxListed caps the rejects kept verbatim; the count is always exact.
const maxListed = 1000

// Report is the outcome of one import.
type Report struct {
	Format   string         `json:"format"`
	Files    []string       `json:"files"`
	Rows     int            `json:"rows"`     // data rows read
	Docs     map[string]int `json:"docs"`     // documents written per index
	Rejected int            `json:"rejected"` // rows rejected (exact)
	Rejects  []Reject       `json:"rejects,omitempty"`
	// Skipped counts rows deliberately left out (closed establishments,
	// rows of another kind), by reason. They are not errors.
	Skipped map[string]int `json:"skipped,omitempty"`
	// Kept counts rows loaded with a remark (terminated postcode, no
	// location, repaired geometry ...), by remark.
	Kept map[string]int `json:"kept,omitempty"`
	// Deletes lists document ids to delete from existing indices after
	// loading (Price Paid record status D), per index.
	Deletes map[string][]string `json:"deletes,omitempty"`
	// Address matching (ppd).
	Matched   int      `json:"address_matched,omitempty"`
	Unmatched int      `json:"address_unmatched,omitempty"`
	Notes     []string `json:"notes,omitempty"`
	// TempPeak is the most disk the import's external sorts held at once
	// (bytes); TempWritten all they wrote.
	TempPeak    int64 `json:"temp_disk_peak_bytes,omitempty"`
	TempWritten int64 `json:"temp_disk_written_bytes,omitempty"`
	spill       SpillStats
}

func newReport(format string, files []string) *Report {
	return &Report{Format: format, Files: files, Docs: map[string]int{}, Skipped: map[string]int{}, Kept: map[string]int{}, Deletes: map[string][]string{}}
}

func (r *Report) reject(file string, line int, format string, args ...any) {
	r.Rejected++
	if len(r.Rejects) < maxListed {
		r.Rejects = append(r.Rejects, Reject{File: file, Line: line, Reason: fmt.Sprintf(format, args...)})
	}
}

func (r *Report) skip(reason string) { r.Skipped[reason]++ }

// dropped records a row's reject reason (with its place) or skip reason,
// and reports whether it had either: a transform's verdict in one line.
func (r *Report) dropped(file string, line int, reason, skip string) bool {
	switch {
	case reason != "":
		r.reject(file, line, "%s", reason)
		return true
	case skip != "":
		r.skip(skip)
		return true
	}
	return false
}

func (r *Report) mark(remark string, n int) { r.Kept[remark] += n }

func (r *Report) note(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

// MatchRate is the share of sales matched to a UPRN (0 when none tried).
func (r *Report) MatchRate() float64 {
	n := r.Matched + r.Unmatched
	if n == 0 {
		return 0
	}
	return float64(r.Matched) / float64(n)
}

// Summary is a human-readable multi-line account of the report.
func (r *Report) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "import %s: %d rows read from %d file(s)\n", r.Format, r.Rows, len(r.Files))
	for _, k := range slices.Sorted(maps.Keys(r.Docs)) {
		fmt.Fprintf(&b, "  %s: %d documents\n", k, r.Docs[k])
	}
	for _, k := range slices.Sorted(maps.Keys(r.Skipped)) {
		fmt.Fprintf(&b, "  skipped %d: %s\n", r.Skipped[k], k)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Kept)) {
		fmt.Fprintf(&b, "  kept %d: %s\n", r.Kept[k], k)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Deletes)) {
		fmt.Fprintf(&b, "  %s: %d deletions\n", k, len(r.Deletes[k]))
	}
	if r.Matched+r.Unmatched > 0 {
		fmt.Fprintf(&b, "  address match: %d of %d sales (%.1f%%)\n", r.Matched, r.Matched+r.Unmatched, 100*r.MatchRate())
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	if r.TempWritten > 0 {
		fmt.Fprintf(&b, "  temporary disk: %.1f MB at most (%.1f MB written by external sorts)\n", float64(r.TempPeak)/1e6, float64(r.TempWritten)/1e6)
	}
	fmt.Fprintf(&b, "  rejected: %d\n", r.Rejected)
	const shown = 20
	for i, x := range r.Rejects {
		if i == shown {
			break
		}
		fmt.Fprintf(&b, "    %s:%d: %s\n", x.File, x.Line, x.Reason)
	}
	if r.Rejected > shown {
		fmt.Fprintf(&b, "    ... %d more (--json lists the first %d)\n", r.Rejected-shown, maxListed)
	}
	return b.String()
}

// emitter counts what it adds to the sink.
type emitter struct {
	sink Sink
	rep  *Report
}

func (e emitter) add(index, id string, doc any) error {
	if a, ok := doc.(mappings.Address); ok && a.Hit == "" {
		mappings.DeriveEngineFields(&a) // from the fields the importer set
		doc = a
	}
	if err := e.sink.Add(index, id, doc); err != nil {
		return fmt.Errorf("add %s/%s: %w", index, id, err)
	}
	e.rep.Docs[index]++
	return nil
}
