package query

// Changes feed builders: the rows of the indexer's change log (one per
// dataset, epoch and document id; the indexer's epochs.go writes them)
// between two epochs, in id order then epoch order, so every row of one
// document is contiguous and a page can fold them into one change.

// Fields of a change log row.
const (
	ChangeFieldDataset = "dataset"
	ChangeFieldEpoch   = "epoch"
	ChangeFieldID      = "id"
	ChangeFieldOp      = "op"
	ChangeFieldFields  = "fields"
)

// ChangeLogIndex is the change log's index name under the prefix.
const ChangeLogIndex = "ukpd-changes"

// ChangesSpec selects change rows: dataset, since < epoch <= To, id after
// AfterID (the cursor), continuing after SearchAfter ([id, epoch]) within
// one page.
type ChangesSpec struct {
	Dataset     string
	Since, To   int64
	AfterID     string
	SearchAfter []any
	Size        int
}

// ChangesRows is the search of one batch of change rows.
func ChangesRows(s ChangesSpec) M {
	filter := []M{
		Term(ChangeFieldDataset, s.Dataset),
		Range(ChangeFieldEpoch, M{"gt": s.Since, "lte": s.To}),
	}
	if s.AfterID != "" {
		filter = append(filter, Range(ChangeFieldID, M{"gt": s.AfterID}))
	}
	q := M{
		"size":             s.Size,
		"track_total_hits": false,
		"query":            Bool(nil, filter, nil, nil),
		"sort":             []M{{ChangeFieldID: "asc"}, {ChangeFieldEpoch: "asc"}},
		"_source":          []string{ChangeFieldID, ChangeFieldEpoch, ChangeFieldOp, ChangeFieldFields},
	}
	if len(s.SearchAfter) > 0 {
		q["search_after"] = s.SearchAfter
	}
	return q
}
