// The bulk load of one NDJSON file into an index, with retries.

package indexer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/opensearch-project/opensearch-go/v4/opensearchutil"
)

// retryable is a document to send again after a 429/5xx answer.
type retryable struct {
	id   string
	body []byte
}

// bulkFile streams one NDJSON file into index through the opensearchutil
// BulkIndexer. Items answered 429 or 5xx (or lost with a failed request) are
// retried in up to four further rounds with backoff; every other failure,
// and whatever still fails after the last round, is reported with its id.
//
// hs, when non-nil, receives the hash of every line read (the changes diff).
func bulkFile(ctx context.Context, eng *engine, cfg LoadConfig, path, index, idField string, ir *IndexReport, prog *progress, hs *fileHashes) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	defer f.Close()
	b := &bulkRun{ctx: ctx, eng: eng, cfg: cfg, index: index, ir: ir, prog: prog}
	// First round: the file.
	if err := b.round(func(add func(string, []byte) error) error { return b.readFile(f, path, idField, hs, add) }); err != nil {
		return err
	}
	if err := b.retryRounds(4); err != nil {
		return err
	}
	for _, it := range b.retry {
		ir.Failures = append(ir.Failures, Failure{ID: it.id, Reason: "rejected after retries (429/5xx or request failure)"})
	}
	sort.SliceStable(ir.Failures, func(i, j int) bool { return ir.Failures[i].ID < ir.Failures[j].ID })
	ir.Indexed = b.indexed.Load()
	ir.Failed = int64(len(ir.Failures))
	return nil
}

// bulkRun is the bulk load of one file: what it indexed, what failed for
// good (in ir) and what is to be retried.
type bulkRun struct {
	ctx   context.Context
	eng   *engine
	cfg   LoadConfig
	index string
	ir    *IndexReport
	prog  *progress

	mu      sync.Mutex // guards ir.Failures and retry
	retry   []retryable
	indexed atomic.Int64
}

// round sends the documents items adds through one BulkIndexer.
func (b *bulkRun) round(items func(add func(id string, body []byte) error) error) error {
	bi, err := opensearchutil.NewBulkIndexer(opensearchutil.BulkIndexerConfig{
		Client: b.eng.api, Index: b.index, NumWorkers: b.cfg.Workers, FlushBytes: b.cfg.BulkBytes,
		FlushInterval: 5 * time.Second,
		OnError: func(_ context.Context, err error) {
			b.cfg.Logger.Warn().Err(err).Str("index", b.index).Msg("bulk request failed; its documents will be retried")
		},
	})
	if err != nil {
		return fmt.Errorf("bulk indexer: %w", err)
	}
	addErr := items(func(id string, body []byte) error { return bi.Add(b.ctx, b.item(id, body)) })
	if err := bi.Close(b.ctx); err != nil && addErr == nil {
		addErr = fmt.Errorf("bulk close: %w", err)
	}
	return addErr
}

// item is one document to index: counted when indexed, kept for a retry
// when answered 429 or 5xx or lost with its request, else a failure.
func (b *bulkRun) item(id string, body []byte) opensearchutil.BulkIndexerItem {
	return opensearchutil.BulkIndexerItem{
		Action: "index", DocumentID: id, Body: bytes.NewReader(body),
		OnSuccess: func(context.Context, opensearchutil.BulkIndexerItem, opensearchapiBulkRespItem) {
			b.indexed.Add(1)
			b.prog.docs.Add(1)
		},
		OnFailure: func(_ context.Context, _ opensearchutil.BulkIndexerItem, info opensearchapiBulkRespItem, err error) {
			b.mu.Lock()
			defer b.mu.Unlock()
			if err != nil || info.Status == http.StatusTooManyRequests || info.Status >= 500 {
				b.retry = append(b.retry, retryable{id: id, body: body})
				return
			}
			reason := fmt.Sprintf("status %d", info.Status)
			if info.Error != nil {
				reason = info.Error.Type + ": " + info.Error.Reason
				if info.Error.Cause.Reason != "" {
					reason += " (" + info.Error.Cause.Reason + ")"
				}
			}
			b.ir.Failures = append(b.ir.Failures, Failure{ID: id, Reason: reason})
		},
	}
}

// readFile adds every document of the file; a line without a readable id
// is a failure named by its line number.
func (b *bulkRun) readFile(f io.Reader, path, idField string, hs *fileHashes, add func(string, []byte) error) error {
	idType := reflect.StructOf([]reflect.StructField{{
		Name: "ID", Type: reflect.TypeOf(json.RawMessage{}), Tag: reflect.StructTag(`json:"` + idField + `"`),
	}})
	r := bufio.NewReaderSize(f, 1<<20)
	line := 0
	var off int64
	for {
		l, rerr := r.ReadBytes('\n')
		lineOff := off
		off += int64(len(l))
		b.prog.bytes.Add(int64(len(l)))
		if len(bytes.TrimSpace(l)) > 0 {
			line++
			b.ir.Read++
			id, err := docID(l, idType)
			if err != nil {
				b.mu.Lock()
				b.ir.Failures = append(b.ir.Failures, Failure{ID: "line " + strconv.Itoa(line), Reason: err.Error()})
				b.mu.Unlock()
			} else {
				if hs != nil {
					if err := hs.add(id, l, lineOff); err != nil {
						return err
					}
				}
				if err := add(id, bytes.TrimRight(l, "\r\n")); err != nil {
					return fmt.Errorf("add %s: %w", id, err)
				}
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return fmt.Errorf("read %s: %w", path, rerr)
		}
	}
}

// retryRounds resends the documents to retry, up to n rounds with backoff
// (1 s, 2 s, 4 s, 8 s); what still fails stays in b.retry.
func (b *bulkRun) retryRounds(n int) error {
	for attempt := 1; attempt <= n && len(b.retry) > 0; attempt++ {
		batch := b.retry
		b.retry = nil
		b.cfg.Logger.Warn().Str("index", b.index).Int("docs", len(batch)).Int("attempt", attempt).Msg("retrying rejected documents")
		select {
		case <-b.ctx.Done():
			return b.ctx.Err()
		case <-time.After(time.Duration(1<<attempt) * 500 * time.Millisecond):
		}
		if err := b.round(func(add func(string, []byte) error) error {
			for _, it := range batch {
				if err := add(it.id, it.body); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// docID extracts the natural key from one NDJSON line.
func docID(line []byte, idType reflect.Type) (string, error) {
	v := reflect.New(idType)
	if err := json.Unmarshal(line, v.Interface()); err != nil {
		return "", fmt.Errorf("invalid JSON: %w", err)
	}
	raw := v.Elem().Field(0).Interface().(json.RawMessage)
	if len(raw) == 0 || string(raw) == "null" {
		return "", errors.New("document has no id field")
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil || s == "" {
			return "", errors.New("document id is not a non-empty string")
		}
		return s, nil
	}
	return string(raw), nil
}
