package indexer

// Dataset epochs and the change log behind the changes-since feed
// (docs/data.md#epochs-and-the-changes-feed).
//
// Every load, import, merge or apply that changes a dataset gives it a new
// epoch: an integer one higher than the last, recorded with its source,
// release and time in the epochs index (<prefix>ukpd-epochs, one document
// per dataset and epoch) and mirrored in the dataset's meta document (the
// API reads the current epoch from there). The rows of the change log
// (<prefix>ukpd-changes, one document per dataset, epoch and document id)
// say which documents an epoch inserted, updated or deleted and which top
// level fields changed; they never hold the documents themselves (the feed
// reads the current version from the live index).
//
// Order of writes, so that a crash never shows a half-written epoch: the
// change rows of epoch E are written first (the feed only reads epochs up
// to the current one, so they are invisible), then the data changes
// (alias swap or bulk writes), then the epoch record (the commit), then
// the pruning of expired rows. Rows left behind by a crash before the
// commit are deleted by the next writer of that dataset before it writes
// its own rows for E.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// EpochsIndex and ChangesIndex are the names (under the prefix) of the
// epoch records and the change log.
const (
	EpochsIndex  = "ukpd-epochs"
	ChangesIndex = "ukpd-changes"
)

// Default retention of the change log: an epoch's rows are kept while the
// epoch is among the last DefaultKeepEpochs of its dataset or younger than
// DefaultKeepFor (whichever keeps more).
const (
	DefaultKeepEpochs = 10
	DefaultKeepFor    = 90 * 24 * time.Hour
)

// Change operations of the log.
const (
	OpInsert = "insert"
	OpUpdate = "update"
	OpDelete = "delete"
)

// Retention says how long the change log keeps an epoch's rows.
type Retention struct {
	// Epochs is the number of most recent epochs always kept (0 means
	// DefaultKeepEpochs).
	Epochs int
	// For keeps younger epochs too (0 means DefaultKeepFor).
	For time.Duration
}

func (r Retention) normalised() Retention {
	if r.Epochs <= 0 {
		r.Epochs = DefaultKeepEpochs
	}
	if r.For <= 0 {
		r.For = DefaultKeepFor
	}
	return r
}

// EpochRecord is one epoch of one dataset (id = dataset:epoch).
type EpochRecord struct {
	Dataset  string `json:"dataset"`
	Epoch    int64  `json:"epoch"`
	Kind     string `json:"kind"` // load, merge, apply
	Source   string `json:"source,omitempty"`
	Release  string `json:"release,omitempty"`
	LoadedAt string `json:"loaded_at"`
	Version  string `json:"version,omitempty"` // versioned index served
	Docs     int64  `json:"docs"`
	// Diffed is false for a baseline: an epoch whose changes are not in the
	// log (a first load, or a dataset the feed does not track).
	Diffed   bool  `json:"diffed"`
	Inserted int64 `json:"inserted"`
	Updated  int64 `json:"updated"`
	Deleted  int64 `json:"deleted"`
	// FeedFrom is the oldest `since` the feed answers for this dataset
	// once this epoch is current (older ones answer 410 epoch_expired).
	FeedFrom int64 `json:"feed_from"`
	DiffMS   int64 `json:"diff_ms,omitempty"`
}

// ChangeRow is one row of the change log (id = dataset:epoch:docid).
type ChangeRow struct {
	Dataset string   `json:"dataset"`
	Epoch   int64    `json:"epoch"`
	ID      string   `json:"id"`
	Op      string   `json:"op"`
	Fields  []string `json:"fields,omitempty"` // top-level fields that changed
}

func epochsMapping() map[string]any {
	kw := map[string]any{"type": "keyword"}
	long := map[string]any{"type": "long"}
	return map[string]any{
		"settings": map[string]any{"index": map[string]any{"number_of_shards": 1, "number_of_replicas": 0}},
		"mappings": map[string]any{"dynamic": "strict", "properties": map[string]any{
			"dataset": kw, "epoch": long, "kind": kw, "source": kw, "release": kw,
			"loaded_at": map[string]any{"type": "date"}, "version": kw, "docs": long, "diffed": map[string]any{"type": "boolean"},
			"inserted": long, "updated": long, "deleted": long, "feed_from": long, "diff_ms": long,
		}},
	}
}

func changesMapping() map[string]any {
	kw := map[string]any{"type": "keyword"}
	return map[string]any{
		"settings": map[string]any{"index": map[string]any{"number_of_shards": 1, "number_of_replicas": 0}},
		"mappings": map[string]any{"dynamic": "strict", "properties": map[string]any{
			"dataset": kw, "epoch": map[string]any{"type": "long"}, "id": kw, "op": kw,
			"fields": map[string]any{"type": "keyword", "index": false, "doc_values": false},
		}},
	}
}

// ensureIndex creates a small bookkeeping index unless it exists.
func ensureIndex(ctx context.Context, eng *engine, name string, body map[string]any) error {
	ok, err := eng.indexExists(ctx, name)
	if err != nil || ok {
		return err
	}
	err = eng.do(ctx, http.MethodPut, "/"+esc(name), body, nil)
	if err != nil && strings.Contains(err.Error(), "resource_already_exists_exception") {
		return nil
	}
	return err
}

// epochLog writes the epochs and the change log of one prefix.
type epochLog struct {
	eng       *engine
	prefix    string
	retention Retention
	now       func() time.Time
}

func newEpochLog(ctx context.Context, eng *engine, prefix string, ret Retention) (*epochLog, error) {
	if err := ensureIndex(ctx, eng, prefix+EpochsIndex, epochsMapping()); err != nil {
		return nil, fmt.Errorf("epochs index: %w", err)
	}
	if err := ensureIndex(ctx, eng, prefix+ChangesIndex, changesMapping()); err != nil {
		return nil, fmt.Errorf("changes index: %w", err)
	}
	return &epochLog{eng: eng, prefix: prefix, retention: ret.normalised(), now: time.Now}, nil
}

// records returns a dataset's epoch records, newest first.
func (l *epochLog) records(ctx context.Context, dataset string) ([]EpochRecord, error) {
	var r struct {
		Hits struct {
			Hits []struct {
				Source EpochRecord `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	q := map[string]any{
		"size": 1000, "query": map[string]any{"term": map[string]any{"dataset": dataset}},
		"sort": []any{map[string]any{"epoch": "desc"}},
	}
	if err := l.eng.do(ctx, http.MethodPost, "/"+esc(l.prefix+EpochsIndex)+"/_search", q, &r); err != nil {
		return nil, fmt.Errorf("epochs of %s: %w", dataset, err)
	}
	out := make([]EpochRecord, 0, len(r.Hits.Hits))
	for _, h := range r.Hits.Hits {
		out = append(out, h.Source)
	}
	return out, nil
}

// current returns a dataset's latest epoch record (ok false when none).
func (l *epochLog) current(ctx context.Context, dataset string) (EpochRecord, bool, error) {
	recs, err := l.records(ctx, dataset)
	if err != nil || len(recs) == 0 {
		return EpochRecord{}, false, err
	}
	return recs[0], true, nil
}

// begin returns the next epoch of a dataset and removes change rows an
// interrupted writer of that epoch (or a later one) left behind.
func (l *epochLog) begin(ctx context.Context, dataset string) (int64, error) {
	cur, _, err := l.current(ctx, dataset)
	if err != nil {
		return 0, err
	}
	next := cur.Epoch + 1
	q := map[string]any{"query": map[string]any{"bool": map[string]any{"filter": []any{
		map[string]any{"term": map[string]any{"dataset": dataset}},
		map[string]any{"range": map[string]any{"epoch": map[string]any{"gte": next}}},
	}}}}
	if err := l.eng.do(ctx, http.MethodPost, "/"+esc(l.prefix+ChangesIndex)+"/_delete_by_query?refresh=true&conflicts=proceed", q, nil); err != nil {
		return 0, fmt.Errorf("clear leftover change rows of %s: %w", dataset, err)
	}
	return next, nil
}

// discard deletes the change rows of one epoch of dataset: a diff that
// stopped part way leaves its epoch a baseline, with no rows.
func (l *epochLog) discard(ctx context.Context, dataset string, epoch int64) error {
	q := map[string]any{"query": map[string]any{"bool": map[string]any{"filter": []any{
		map[string]any{"term": map[string]any{"dataset": dataset}},
		map[string]any{"term": map[string]any{"epoch": epoch}},
	}}}}
	if err := l.eng.do(ctx, http.MethodPost, "/"+esc(l.prefix+ChangesIndex)+"/_delete_by_query?refresh=true&conflicts=proceed", q, nil); err != nil {
		return fmt.Errorf("discard change rows of %s epoch %d: %w", dataset, epoch, err)
	}
	return nil
}

// writeRows indexes change rows (and deletes the ids in drop: rows an
// apply cancelled, an insert then a delete of the same document).
func (l *epochLog) writeRows(ctx context.Context, rows []ChangeRow, drop []ChangeRow) error {
	const chunk = 5000
	for len(rows) > 0 || len(drop) > 0 {
		var body bytes.Buffer
		n := 0
		for ; n < len(rows) && n < chunk; n++ {
			r := rows[n]
			meta, _ := json.Marshal(map[string]any{"index": map[string]any{"_index": l.prefix + ChangesIndex, "_id": rowID(r)}})
			doc, _ := json.Marshal(r)
			body.Write(meta)
			body.WriteByte('\n')
			body.Write(doc)
			body.WriteByte('\n')
		}
		rows = rows[n:]
		m := 0
		for ; m < len(drop) && n+m < chunk; m++ {
			meta, _ := json.Marshal(map[string]any{"delete": map[string]any{"_index": l.prefix + ChangesIndex, "_id": rowID(drop[m])}})
			body.Write(meta)
			body.WriteByte('\n')
		}
		drop = drop[m:]
		var br struct {
			Errors bool `json:"errors"`
			Items  []map[string]struct {
				Status int             `json:"status"`
				Error  json.RawMessage `json:"error"`
			} `json:"items"`
		}
		if err := l.eng.doNDJSON(ctx, "/_bulk", body.Bytes(), &br); err != nil {
			return fmt.Errorf("write change rows: %w", err)
		}
		if br.Errors {
			for _, it := range br.Items {
				for action, res := range it {
					if len(res.Error) > 0 && !(action == "delete" && res.Status == http.StatusNotFound) {
						return fmt.Errorf("write change rows: %s", short(res.Error))
					}
				}
			}
		}
	}
	return nil
}

func rowID(r ChangeRow) string { return r.Dataset + ":" + strconv.FormatInt(r.Epoch, 10) + ":" + r.ID }

// commit records an epoch (making its change rows visible), mirrors it in
// the dataset's meta document and prunes the rows retention lets go.
func (l *epochLog) commit(ctx context.Context, rec EpochRecord) (EpochRecord, error) {
	if rec.LoadedAt == "" {
		rec.LoadedAt = l.now().UTC().Format(time.RFC3339)
	}
	recs, err := l.records(ctx, rec.Dataset)
	if err != nil {
		return rec, err
	}
	all := append([]EpochRecord{rec}, recs...)
	rec.FeedFrom = feedFrom(all, l.retention, l.now())
	if err := l.refreshLog(ctx); err != nil {
		return rec, err
	}
	id := rec.Dataset + ":" + strconv.FormatInt(rec.Epoch, 10)
	if err := l.eng.do(ctx, http.MethodPut, "/"+esc(l.prefix+EpochsIndex)+"/_create/"+esc(id)+"?refresh=true", rec, nil); err != nil {
		return rec, fmt.Errorf("record epoch %s: %w", id, err)
	}
	upd := map[string]any{"doc": map[string]any{
		"epoch": rec.Epoch, "epoch_at": rec.LoadedAt, "feed_from": rec.FeedFrom, "docs": rec.Docs,
	}}
	if err := l.eng.do(ctx, http.MethodPost, "/"+esc(l.prefix+MetaIndex)+"/_update/"+esc(rec.Dataset)+"?refresh=true", upd, nil); err != nil && !errors.Is(err, errNotFound) {
		return rec, fmt.Errorf("meta epoch of %s: %w", rec.Dataset, err)
	}
	// Rows of epochs at or before FeedFrom are never read again.
	q := map[string]any{"query": map[string]any{"bool": map[string]any{"filter": []any{
		map[string]any{"term": map[string]any{"dataset": rec.Dataset}},
		map[string]any{"range": map[string]any{"epoch": map[string]any{"lte": rec.FeedFrom}}},
	}}}}
	if err := l.eng.do(ctx, http.MethodPost, "/"+esc(l.prefix+ChangesIndex)+"/_delete_by_query?conflicts=proceed", q, nil); err != nil {
		return rec, fmt.Errorf("prune change rows of %s: %w", rec.Dataset, err)
	}
	return rec, nil
}

// refreshLog makes the change rows written so far searchable before
// the epoch that names them is committed.
func (l *epochLog) refreshLog(ctx context.Context) error {
	if err := l.eng.do(ctx, http.MethodPost, "/"+esc(l.prefix+ChangesIndex)+"/_refresh", nil, nil); err != nil {
		return fmt.Errorf("refresh change log: %w", err)
	}
	return nil
}

// feedFrom is the oldest `since` the feed can answer when recs[0] (newest
// first) is current: every epoch after it must be diffed and kept. An
// epoch is kept while it is among the last r.Epochs or younger than r.For.
func feedFrom(recs []EpochRecord, r Retention, now time.Time) int64 {
	r = r.normalised()
	sort.Slice(recs, func(i, j int) bool { return recs[i].Epoch > recs[j].Epoch })
	if len(recs) == 0 {
		return 0
	}
	from := recs[0].Epoch
	for i, rec := range recs {
		if !rec.Diffed {
			break // its changes are not in the log
		}
		at, err := time.Parse(time.RFC3339, rec.LoadedAt)
		young := err == nil && now.Sub(at) < r.For
		if i >= r.Epochs && !young {
			break
		}
		from = rec.Epoch - 1
	}
	return from
}

// feedTracked reports whether the feed tracks a dataset under a list of
// names (nil or empty: every dataset).
func feedTracked(list []string, dataset string) bool {
	if len(list) == 0 {
		return true
	}
	for _, n := range list {
		if n == dataset {
			return true
		}
	}
	return false
}

// ValidateFeedDatasets checks a CHANGES_DATASETS list.
func ValidateFeedDatasets(list []string) error {
	for _, n := range list {
		if _, ok := mappings.SpecOf(n); !ok {
			return fmt.Errorf("changes datasets: unknown index %q (known: %s)", n, strings.Join(mappings.Names(), ", "))
		}
	}
	return nil
}

// topLevelDiff returns the sorted top-level fields whose values differ
// between two documents (a field present in one only counts).
func topLevelDiff(before, after json.RawMessage) []string {
	var a, b map[string]json.RawMessage
	_ = json.Unmarshal(before, &a)
	_ = json.Unmarshal(after, &b)
	var out []string
	for k, v := range b {
		if w, ok := a[k]; !ok || !sameJSON(v, w) {
			out = append(out, k)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// ReadEpochs returns every epoch record of a dataset, newest first (for
// status and tests).
func ReadEpochs(ctx context.Context, urls []string, prefix, dataset string) ([]EpochRecord, error) {
	eng, err := newEngine(urls)
	if err != nil {
		return nil, err
	}
	ok, err := eng.indexExists(ctx, prefix+EpochsIndex)
	if err != nil || !ok {
		return nil, err
	}
	l := &epochLog{eng: eng, prefix: prefix}
	return l.records(ctx, dataset)
}
