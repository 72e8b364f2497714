// What a load reports: per index, what was read, indexed, copied and
// failed, and the table the indexer prints.

package indexer

import (
	"fmt"
	"io"
	"time"
)

// Failure is one document the engine rejected.
type Failure struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// IndexReport is the outcome of loading one index.
type IndexReport struct {
	Index         string        `json:"index"`          // mappings name
	Alias         string        `json:"alias"`          // prefix + name
	NewIndex      string        `json:"new_index"`      // versioned index built by this load
	PreviousIndex string        `json:"previous_index"` // what the alias pointed to before ("" = none)
	Read          int64         `json:"read"`           // documents read from the file
	Copied        int64         `json:"copied"`         // merge mode: documents copied from the previous index
	Indexed       int64         `json:"indexed"`        // documents accepted
	Failed        int64         `json:"failed"`
	Failures      []Failure     `json:"failures,omitempty"`
	Count         int64         `json:"count"` // documents in the new index after refresh
	Duration      time.Duration `json:"duration_ns"`
	DocsPerSec    float64       `json:"docs_per_sec"` // indexing rate: Indexed over Duration less MergeTime
	// MergeTime is the force merge to Segments (0 when none ran).
	MergeTime time.Duration `json:"merge_ns,omitempty"`
	Segments  int           `json:"segments,omitempty"` // segments per shard merged to
	Swapped   bool          `json:"swapped"`
	Deleted   []string      `json:"deleted,omitempty"` // older versions removed
	Changed   int64         `json:"changed,omitempty"` // documents reported to OnChanges
	// Epoch is the dataset's new epoch (0 when not swapped); Diff what the
	// comparison with the previous index found (nil for a baseline: a
	// first load, an untracked dataset, or a failed diff, DiffErr).
	Epoch   int64      `json:"epoch,omitempty"`
	Diff    *DiffStats `json:"diff,omitempty"`
	DiffErr string     `json:"diff_error,omitempty"`
	// DiffSkipped says why a load's epoch is a baseline by design: it
	// changed more than half of the dataset (see DiffChangeFloor).
	DiffSkipped string `json:"diff_skipped,omitempty"`
	Err         string `json:"error,omitempty"`
}

// Report is the outcome of LoadDir, one entry per index in load order.
type Report struct {
	Indices  []IndexReport `json:"indices"`
	Duration time.Duration `json:"duration_ns"`
}

// Failed returns the number of failed documents over all indices.
func (r *Report) Failed() int64 {
	var n int64
	for _, ir := range r.Indices {
		n += ir.Failed
	}
	return n
}

// WriteTable writes the summary table.
func (r *Report) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "%-18s %-40s %10s %10s %8s %9s %10s  %s\n", "INDEX", "NEW INDEX", "READ", "INDEXED", "FAILED", "SECONDS", "DOCS/S", "RESULT")
	var read, indexed, failed int64
	for _, ir := range r.Indices {
		res := "swapped"
		if ir.Segments > 0 {
			res += fmt.Sprintf(" (merged to %d segment(s) in %.1f s)", ir.Segments, ir.MergeTime.Seconds())
		}
		switch {
		case ir.Err != "" && ir.Swapped:
			res = "swapped, then failed: " + ir.Err
		case ir.Err != "":
			res = "NOT SWAPPED: " + ir.Err
		case !ir.Swapped:
			res = "not swapped"
		}
		if ir.PreviousIndex != "" && ir.Swapped {
			res += " (previous " + ir.PreviousIndex + ")"
		}
		fmt.Fprintf(w, "%-18s %-40s %10d %10d %8d %9.1f %10.0f  %s\n", ir.Index, ir.NewIndex, ir.Read, ir.Indexed, ir.Failed, ir.Duration.Seconds(), ir.DocsPerSec, res)
		read, indexed, failed = read+ir.Read, indexed+ir.Indexed, failed+ir.Failed
	}
	rate := 0.0
	if s := r.Duration.Seconds(); s > 0 {
		rate = float64(indexed) / s
	}
	fmt.Fprintf(w, "%-18s %-40s %10d %10d %8d %9.1f %10.0f\n", "TOTAL", "", read, indexed, failed, r.Duration.Seconds(), rate)
	for _, ir := range r.Indices {
		switch {
		case ir.Epoch == 0:
		case ir.Diff != nil:
			fmt.Fprintf(w, "%s: epoch %d: %d inserted, %d updated, %d deleted (diff of %d documents in %.1f s)\n",
				ir.Index, ir.Epoch, ir.Diff.Inserted, ir.Diff.Updated, ir.Diff.Deleted, ir.Diff.Scanned, ir.Diff.Duration.Seconds())
		case ir.DiffSkipped != "":
			fmt.Fprintf(w, "%s: epoch %d (baseline: %s; readers of the changes feed copy it again)\n", ir.Index, ir.Epoch, ir.DiffSkipped)
		case ir.DiffErr != "":
			fmt.Fprintf(w, "%s: epoch %d (baseline: the changes diff failed: %s)\n", ir.Index, ir.Epoch, ir.DiffErr)
		default:
			fmt.Fprintf(w, "%s: epoch %d (baseline: no changes feed before it)\n", ir.Index, ir.Epoch)
		}
	}
	for _, ir := range r.Indices {
		for i, f := range ir.Failures {
			if i == 50 {
				fmt.Fprintf(w, "%s: … %d more failures\n", ir.Index, len(ir.Failures)-50)
				break
			}
			fmt.Fprintf(w, "%s: failed id=%s: %s\n", ir.Index, f.ID, f.Reason)
		}
	}
}
