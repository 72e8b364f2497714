package indexer

// The load-time diff of the changes feed: the loader hashes every line it
// sends (fileHashes, 32 bytes a document in memory), then, with the new
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
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"time"

	"github.com/cespare/xxhash/v2"
)

// hashEntry is one line of the loaded file.
type hashEntry struct {
	idh, doch uint64
	off       int64
	n         uint32
	seen      bool
}

// fileHashes collects the hashes of a loaded file's lines (one reader).
type fileHashes struct {
	e []hashEntry
}

func docHash(doc []byte) uint64 { return xxhash.Sum64(bytes.TrimSpace(doc)) }

// add records one line (raw, as read, starting at offset off).
func (f *fileHashes) add(id string, line []byte, off int64) {
	f.e = append(f.e, hashEntry{idh: hashOfID(id), doch: docHash(line), off: off, n: uint32(len(line))})
}

// finish sorts by id hash, keeping the last line of a repeated id (the
// one the index holds).
func (f *fileHashes) finish() {
	sort.SliceStable(f.e, func(i, j int) bool { return f.e[i].idh < f.e[j].idh })
	out := f.e[:0]
	for i, e := range f.e {
		if i+1 < len(f.e) && f.e[i+1].idh == e.idh {
			continue
		}
		out = append(out, e)
	}
	f.e = out
}

func (f *fileHashes) find(idh uint64) *hashEntry {
	i := sort.Search(len(f.e), func(i int) bool { return f.e[i].idh >= idh })
	if i < len(f.e) && f.e[i].idh == idh {
		return &f.e[i]
	}
	return nil
}

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
func readLine(f io.ReaderAt, e *hashEntry) ([]byte, error) {
	b := make([]byte, e.n)
	if _, err := f.ReadAt(b, e.off); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b), nil
}

// diffLoad compares the file just loaded (its hashes) with the index it
// replaces and returns the change rows of epoch (merge: the old documents
// were copied, so none is deleted).
func diffLoad(ctx context.Context, eng *engine, dataset, prevIndex, path, idField string, hs *fileHashes, merge bool, epoch int64) ([]ChangeRow, DiffStats, error) {
	start := time.Now()
	var st DiffStats
	hs.finish()
	f, err := os.Open(path)
	if err != nil {
		return nil, st, err
	}
	defer f.Close()
	var rows []ChangeRow
	err = eng.scroll(ctx, prevIndex, func(hits []scrollHit) error {
		for _, h := range hits {
			st.Scanned++
			e := hs.find(hashOfID(h.ID))
			if e == nil {
				if !merge {
					rows = append(rows, ChangeRow{Dataset: dataset, Epoch: epoch, ID: h.ID, Op: OpDelete})
				}
				continue
			}
			e.seen = true
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
			rows = append(rows, ChangeRow{Dataset: dataset, Epoch: epoch, ID: h.ID, Op: OpUpdate, Fields: topLevelDiff(h.Source, line)})
		}
		return nil
	})
	if err != nil {
		return nil, st, err
	}
	idType := idStruct(idField)
	for i := range hs.e {
		e := &hs.e[i]
		if e.seen {
			continue
		}
		line, err := readLine(f, e)
		if err != nil {
			return nil, st, fmt.Errorf("read back line at %d: %w", e.off, err)
		}
		id, err := docID(line, idType)
		if err != nil {
			return nil, st, err
		}
		rows = append(rows, ChangeRow{Dataset: dataset, Epoch: epoch, ID: id, Op: OpInsert, Fields: topLevelDiff(nil, line)})
	}
	for _, r := range rows {
		switch r.Op {
		case OpInsert:
			st.Inserted++
		case OpUpdate:
			st.Updated++
		case OpDelete:
			st.Deleted++
		}
	}
	st.Duration = time.Since(start)
	return rows, st, nil
}

func hashOfID(id string) uint64 { return xxhash.Sum64String(id) }
