package indexer

// The load-time diff of the changes feed: the loader hashes every line it
// sends (fileHashes: in memory up to 2 M documents, sorted runs on disk
// beyond, 28 bytes a document), then, with the new
// index built and before the alias swaps, scrolls the index it replaces
// once in index order, hashes each stored document and looks its id up in
// the sorted hashes. A different hash is confirmed by comparing the two
// documents as JSON (so a reordered but equal document is no change); an
// id of the old index absent from the file is a delete (not in merge
// mode, where the old documents are copied), a hash never matched an
// insert. Only the changed documents are read back from the file.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/cespare/xxhash/v2"

	"github.com/ukpd/propertyapi/mappings"
)

// DiffStats is what a load's diff found and cost.
type DiffStats struct {
	Scanned  int64         `json:"scanned"` // documents of the previous index read
	Inserted int64         `json:"inserted"`
	Updated  int64         `json:"updated"`
	Deleted  int64         `json:"deleted"`
	Duration time.Duration `json:"duration_ns"`
}

// scrollHit is one document of a scroll page.
type scrollHit struct {
	ID     string          `json:"_id"`
	Source json.RawMessage `json:"_source"`
}

type scrollPage struct {
	ScrollID string `json:"_scroll_id"`
	Hits     struct {
		Hits []scrollHit `json:"hits"`
	} `json:"hits"`
}

// scroll reads every document of index in index order, page by page, the
// next page fetched while fn handles the current one.
func (e *engine) scroll(ctx context.Context, index string, fn func([]scrollHit) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		hits []scrollHit
		err  error
	}
	pages := make(chan result, 1)
	go func() {
		defer close(pages)
		var p scrollPage
		q := map[string]any{"size": 5000, "sort": []any{"_doc"}}
		err := e.do(ctx, http.MethodPost, "/"+esc(index)+"/_search?scroll=5m", q, &p)
		id := p.ScrollID
		defer func() {
			if id != "" {
				_ = e.do(context.WithoutCancel(ctx), http.MethodDelete, "/_search/scroll", map[string]any{"scroll_id": []string{id}}, nil)
			}
		}()
		for {
			if err != nil {
				pages <- result{err: err}
				return
			}
			if len(p.Hits.Hits) == 0 {
				return
			}
			select {
			case pages <- result{hits: p.Hits.Hits}:
			case <-ctx.Done():
				return
			}
			p = scrollPage{}
			err = e.do(ctx, http.MethodPost, "/_search/scroll", map[string]any{"scroll": "5m", "scroll_id": id}, &p)
			if p.ScrollID != "" {
				id = p.ScrollID
			}
		}
	}()
	for r := range pages {
		if r.err != nil {
			return fmt.Errorf("scroll %s: %w", index, r.err)
		}
		if err := fn(r.hits); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// readLine reads a line of the loaded file back.
func readLine(f io.ReaderAt, e hashEntry) ([]byte, error) {
	b := make([]byte, e.n)
	if _, err := f.ReadAt(b, e.off); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b), nil
}

// diffLoad compares the file just loaded (its hashes) with the index it
// replaces and hands the change rows of epoch to sink, DiffRowBatch at a
// time, as it finds them (merge: the old documents were copied, so none is
// deleted). Nothing of it grows with the file in memory but one bit a
// document (see fileHashes).
//
// A diff that finds more than maxChanges changes (0: no limit) stops with
// errDiffTooLarge: the load replaced most of the dataset, and its epoch is
// a baseline (readers of the feed copy the dataset again, which costs them
// less than replaying a change per document).
func diffLoad(ctx context.Context, eng *engine, dataset, prevIndex, path, idField string, hs *fileHashes, merge bool, epoch int64, maxChanges int64, sink func([]ChangeRow) error) (DiffStats, error) {
	start := time.Now()
	var st DiffStats
	if err := hs.finish(); err != nil {
		return st, err
	}
	f, err := os.Open(path)
	if err != nil {
		return st, err
	}
	defer f.Close()
	rows := make([]ChangeRow, 0, DiffRowBatch)
	emit := func(r ChangeRow) error {
		switch r.Op {
		case OpInsert:
			st.Inserted++
		case OpUpdate:
			st.Updated++
		case OpDelete:
			st.Deleted++
		}
		if maxChanges > 0 && st.Inserted+st.Updated+st.Deleted > maxChanges {
			return fmt.Errorf("%w (more than %d)", errDiffTooLarge, maxChanges)
		}
		rows = append(rows, r)
		if len(rows) < DiffRowBatch {
			return nil
		}
		err := sink(rows)
		rows = rows[:0]
		return err
	}
	err = eng.scroll(ctx, prevIndex, func(hits []scrollHit) error {
		for _, h := range hits {
			st.Scanned++
			e, pos, ok, err := hs.find(hashOfID(h.ID))
			if err != nil {
				return err
			}
			if !ok {
				if !merge {
					if err := emit(ChangeRow{Dataset: dataset, Epoch: epoch, ID: h.ID, Op: OpDelete}); err != nil {
						return err
					}
				}
				continue
			}
			hs.markSeen(pos)
			if e.doch == docHash(h.Source) {
				continue
			}
			line, err := readLine(f, e)
			if err != nil {
				return fmt.Errorf("read back %s: %w", h.ID, err)
			}
			if sameJSON(line, h.Source) {
				continue
			}
			fields := mappings.WithoutDerived(dataset, topLevelDiff(h.Source, line))
			if len(fields) == 0 {
				// A field computed from the others, new or computed
				// differently by this version: not a change of the document.
				continue
			}
			if err := emit(ChangeRow{Dataset: dataset, Epoch: epoch, ID: h.ID, Op: OpUpdate, Fields: fields}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	// The lines never seen are the inserts: their number is known before
	// any of them is written.
	if inserts := int64(hs.len() - hs.nSeen); maxChanges > 0 && st.Inserted+st.Updated+st.Deleted+inserts > maxChanges {
		return st, fmt.Errorf("%w (more than %d)", errDiffTooLarge, maxChanges)
	}
	idType := idStruct(idField)
	err = hs.unseen(func(e hashEntry) error {
		line, err := readLine(f, e)
		if err != nil {
			return fmt.Errorf("read back line at %d: %w", e.off, err)
		}
		id, err := docID(line, idType)
		if err != nil {
			return err
		}
		return emit(ChangeRow{Dataset: dataset, Epoch: epoch, ID: id, Op: OpInsert, Fields: topLevelDiff(nil, line)})
	})
	if err != nil {
		return st, err
	}
	if len(rows) > 0 {
		if err := sink(rows); err != nil {
			return st, err
		}
	}
	st.Duration = time.Since(start)
	return st, nil
}

// DiffRowBatch is how many change rows a diff hands on at a time.
const DiffRowBatch = 5000

// DiffChangeFloor is the fewest changes a load may make before its diff
// stops as too large: the limit is half the documents of the larger of the
// two versions, or this, whichever is more.
const DiffChangeFloor = 100_000

// errDiffTooLarge stops a diff that found more changes than its limit.
var errDiffTooLarge = errors.New("the load changed more than half of the dataset")

func hashOfID(id string) uint64 { return xxhash.Sum64String(id) }
