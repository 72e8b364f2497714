package indexer

// Changed documents for saved-search alerts. A load or an
// apply hands every document that changed to LoadConfig.OnChanges /
// ApplyConfig.OnChanges in batches; cmd/indexer wires that to the alerts
// percolator. The indexer itself knows nothing of alerts.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"

	"github.com/ukpd/propertyapi/internal/osclient"
	"github.com/ukpd/propertyapi/mappings"
)

// Change is one document before and after. Before is nil for a new
// document, After nil for a deleted one.
type Change struct {
	Index  string // mappings index name
	ID     string
	Before json.RawMessage
	After  json.RawMessage
}

// ChangeFunc receives the changes of one batch, in file order.
type ChangeFunc func(ctx context.Context, changes []Change) error

// ChangeIndices are the datasets whose changes are reported: listings
// and sale events (saved searches), and the watch-list datasets.
func ChangeIndices() []string {
	return append([]string{mappings.IndexListings, mappings.IndexSaleEvents}, WatchIndices()...)
}

// WatchIndices are the datasets whose changes feed watch-list alerts (a
// certificate lodged, a sale registered, a postcode terminated). A load
// reports them from its changes diff (only the changed documents are
// read), an apply from its own comparison.
func WatchIndices() []string {
	return []string{mappings.IndexEPC, mappings.IndexSales, mappings.IndexPostcodes}
}

func reportsChanges(name string) bool {
	for _, n := range ChangeIndices() {
		if n == name {
			return true
		}
	}
	return false
}

// wholeFileChanges reports whether a load re-reads its whole file to
// report changes (listings and sale events); the watch-list datasets use
// the diff's rows instead.
func wholeFileChanges(name string) bool {
	return name == mappings.IndexListings || name == mappings.IndexSaleEvents
}

// reportRowChanges hands the changes a load's diff found to OnChanges,
// with the documents before (the previous index) and after (the new one).
func reportRowChanges(ctx context.Context, eng *engine, cfg LoadConfig, name, prevIndex, newIndex string, rows []ChangeRow) (int64, error) {
	if cfg.OnChanges == nil || len(rows) == 0 {
		return 0, nil
	}
	var n int64
	for start := 0; start < len(rows); start += ChangeBatch {
		batch := rows[start:min(start+ChangeBatch, len(rows))]
		var newIDs, oldIDs []string
		for _, r := range batch {
			if r.Op != OpDelete {
				newIDs = append(newIDs, r.ID)
			}
			if r.Op != OpInsert {
				oldIDs = append(oldIDs, r.ID)
			}
		}
		after, err := eng.mget(ctx, newIndex, newIDs)
		if err != nil {
			return n, err
		}
		before, err := eng.mget(ctx, prevIndex, oldIDs)
		if err != nil {
			return n, err
		}
		ch := make([]Change, 0, len(batch))
		for _, r := range batch {
			ch = append(ch, Change{Index: name, ID: r.ID, Before: before[r.ID], After: after[r.ID]})
		}
		if err := cfg.OnChanges(ctx, ch); err != nil {
			return n, err
		}
		n += int64(len(ch))
	}
	return n, nil
}

// ChangeBatch is the number of documents fetched and reported at a time.
const ChangeBatch = 500

// mget returns the sources of ids in index (missing ids absent).
func (e *engine) mget(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	if len(ids) == 0 {
		return map[string]json.RawMessage{}, nil
	}
	var r osclient.MGetResponse
	if err := e.do(ctx, http.MethodPost, "/"+esc(index)+"/_mget", map[string]any{"ids": ids}, &r); err != nil {
		return nil, fmt.Errorf("mget %s: %w", index, err)
	}
	return r.Sources(), nil
}

// sameJSON reports whether two documents are equal as JSON values.
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// diffBatch pairs new documents with their previous versions and keeps the
// ones that changed.
func diffBatch(ctx context.Context, eng *engine, index, prevIndex string, ids []string, docs []json.RawMessage) ([]Change, error) {
	prev, err := eng.mget(ctx, prevIndex, ids)
	if err != nil {
		return nil, err
	}
	var out []Change
	for i, id := range ids {
		before := prev[id]
		if before != nil && sameJSON(before, docs[i]) {
			continue
		}
		out = append(out, Change{Index: index, ID: id, Before: before, After: docs[i]})
	}
	return out, nil
}

// reportLoadChanges re-reads a loaded file after the alias swap and
// reports each document that differs from the previous index's version.
// A first load (no previous index) reports nothing: there is nothing it
// changed.
func reportLoadChanges(ctx context.Context, eng *engine, cfg LoadConfig, path, name, prevIndex, idField string) (int64, error) {
	if cfg.OnChanges == nil || prevIndex == "" || !wholeFileChanges(name) {
		return 0, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	idType := idStruct(idField)
	var n int64
	var ids []string
	var docs []json.RawMessage
	flush := func() error {
		if len(ids) == 0 {
			return nil
		}
		ch, err := diffBatch(ctx, eng, name, prevIndex, ids, docs)
		if err != nil {
			return err
		}
		n += int64(len(ch))
		ids, docs = ids[:0], docs[:0]
		if len(ch) == 0 {
			return nil
		}
		return cfg.OnChanges(ctx, ch)
	}
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		b, rerr := r.ReadBytes('\n')
		if line := bytes.TrimSpace(b); len(line) > 0 {
			if id, err := docID(line, idType); err == nil {
				ids = append(ids, id)
				docs = append(docs, json.RawMessage(bytes.Clone(line)))
			}
			if len(ids) >= ChangeBatch {
				if err := flush(); err != nil {
					return n, err
				}
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return n, rerr
		}
	}
	return n, flush()
}

func idStruct(idField string) reflect.Type {
	return reflect.StructOf([]reflect.StructField{{
		Name: "ID", Type: reflect.TypeOf(json.RawMessage{}), Tag: reflect.StructTag(`json:"` + idField + `"`),
	}})
}
