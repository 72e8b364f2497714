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
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/internal/osclient"
	"github.com/ukpd/propertyapi/mappings"
)

// ApplyConfig configures Apply.
type ApplyConfig struct {
	URLs   []string
	Prefix string
	Logger zerolog.Logger
	// OnChanges receives each batch's changed documents before the batch
	// is written (so a crash between the two repeats events on a rerun
	// rather than losing them).
	OnChanges ChangeFunc
	// Batch is the number of lines per batch (default ChangeBatch).
	Batch int
	// Retention and FeedDatasets: as in LoadConfig (the changes feed).
	Retention    Retention
	FeedDatasets []string
}

// ChangeLine is one line of a change file (NDJSON):
//
//	{"op":"upsert","index":"listings","doc":{...whole listing document...}}
//	{"op":"upsert","index":"sale_events","doc":{...whole sale event...}}
//	{"op":"delete","index":"listings","id":"<listing uuid>"}
//
// op defaults to upsert. index is any dataset name; doc is the complete
// document after the change (the same format as <index>.ndjson), its id
// taken from the dataset's id field. See docs/alerts.md.
type ChangeLine struct {
	Op    string          `json:"op"`
	Index string          `json:"index"`
	ID    string          `json:"id"`
	Doc   json.RawMessage `json:"doc"`
}

// ApplyReport is the outcome of Apply.
type ApplyReport struct {
	Lines     int64         `json:"lines"`
	Upserted  int64         `json:"upserted"`
	Deleted   int64         `json:"deleted"`
	Unchanged int64         `json:"unchanged"`
	Changed   int64         `json:"changed"` // reported to OnChanges
	Failed    int64         `json:"failed"`
	Failures  []Failure     `json:"failures,omitempty"`
	Duration  time.Duration `json:"duration_ns"`
	// Epochs are the new epochs of the datasets the apply changed.
	Epochs []EpochRecord `json:"epochs,omitempty"`
}

// WriteText writes the report as a few lines.
func (r *ApplyReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "applied %d lines in %.1fs: %d upserted, %d deleted, %d unchanged, %d changed (percolated), %d failed\n",
		r.Lines, r.Duration.Seconds(), r.Upserted, r.Deleted, r.Unchanged, r.Changed, r.Failed)
	for i, f := range r.Failures {
		if i == 50 {
			fmt.Fprintf(w, "… %d more failures\n", len(r.Failures)-50)
			break
		}
		fmt.Fprintf(w, "failed %s: %s\n", f.ID, f.Reason)
	}
	for _, e := range r.Epochs {
		fmt.Fprintf(w, "%s: epoch %d: %d inserted, %d updated, %d deleted\n", e.Dataset, e.Epoch, e.Inserted, e.Updated, e.Deleted)
	}
}

type applyOp struct {
	line   int
	index  string
	id     string
	delete bool
	doc    json.RawMessage
}

// Apply applies an incremental change file to the live indices (through
// their aliases) in batches: parse and validate the batch, fetch the
// current versions, report the changed documents, then write them with one
// bulk request and wait for the refresh. Invalid lines are reported with
// their line number and skipped; an error from OnChanges or the engine
// stops the apply (earlier batches stay applied; rerunning the file is
// safe: unchanged documents are skipped and cause no events).
func Apply(ctx context.Context, cfg ApplyConfig, path string) (rep *ApplyReport, err error) {
	start := time.Now()
	if cfg.Batch <= 0 {
		cfg.Batch = ChangeBatch
	}
	eng, err := newEngine(cfg.URLs)
	if err != nil {
		return nil, fmt.Errorf("apply: %w", err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("apply: %w", err)
	}
	defer f.Close()
	elog, err := newEpochLog(ctx, eng, cfg.Prefix, cfg.Retention)
	if err != nil {
		return nil, fmt.Errorf("apply: %w", err)
	}
	if err := ensureMeta(ctx, eng, cfg.Prefix+MetaIndex); err != nil {
		return nil, fmt.Errorf("apply: meta index: %w", err)
	}
	alog := newApplyLog(elog, cfg.FeedDatasets)
	rep = &ApplyReport{}
	defer func() {
		// Whatever was written, even before a failure, is an epoch.
		eps, cerr := alog.commit(context.WithoutCancel(ctx), eng, cfg.Prefix)
		rep.Epochs = eps
		if cerr != nil && err == nil {
			err = fmt.Errorf("apply: %w", cerr)
		}
		rep.Duration = time.Since(start)
	}()
	var batch []applyOp
	lineNo := 0
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		b, rerr := r.ReadBytes('\n')
		if line := bytes.TrimSpace(b); len(line) > 0 {
			lineNo++
			rep.Lines++
			op, err := parseChangeLine(line, lineNo)
			if err != nil {
				rep.Failures = append(rep.Failures, Failure{ID: "line " + strconv.Itoa(lineNo), Reason: err.Error()})
			} else {
				batch = append(batch, op)
			}
			if len(batch) >= cfg.Batch {
				if err := applyBatch(ctx, eng, cfg, alog, batch, rep); err != nil {
					return rep, fmt.Errorf("apply: line %d: %w", batch[0].line, err)
				}
				batch = batch[:0]
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return rep, fmt.Errorf("apply: read: %w", rerr)
		}
	}
	if err := applyBatch(ctx, eng, cfg, alog, batch, rep); err != nil {
		return rep, fmt.Errorf("apply: %w", err)
	}
	rep.Failed = int64(len(rep.Failures))
	if rep.Failed > 0 {
		return rep, fmt.Errorf("apply: %d line(s) failed", rep.Failed)
	}
	return rep, nil
}

func parseChangeLine(line []byte, n int) (applyOp, error) {
	var cl ChangeLine
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cl); err != nil {
		return applyOp{}, fmt.Errorf("invalid change line: %w", err)
	}
	spec, ok := mappings.SpecOf(cl.Index)
	if !ok {
		return applyOp{}, fmt.Errorf("unknown index %q (known: %s)", cl.Index, strings.Join(mappings.Names(), ", "))
	}
	op := applyOp{line: n, index: cl.Index}
	switch cl.Op {
	case "", "upsert":
		if len(cl.Doc) == 0 || cl.Doc[0] != '{' {
			return op, errors.New("upsert needs doc: the whole document as an object")
		}
		id, err := docID(cl.Doc, idStruct(spec.IDField))
		if err != nil {
			return op, err
		}
		if cl.ID != "" && cl.ID != id {
			return op, fmt.Errorf("id %q differs from the document's %s %q", cl.ID, spec.IDField, id)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, cl.Doc); err != nil {
			return op, err
		}
		doc, err := mappings.DeriveFields(cl.Index, compact.Bytes())
		if err != nil {
			return op, err
		}
		op.id, op.doc = id, doc
	case "delete":
		if cl.ID == "" {
			return op, errors.New("delete needs id")
		}
		op.id, op.delete = cl.ID, true
	default:
		return op, fmt.Errorf("op %q is not upsert or delete", cl.Op)
	}
	return op, nil
}

func applyBatch(ctx context.Context, eng *engine, cfg ApplyConfig, alog *applyLog, batch []applyOp, rep *ApplyReport) error {
	if len(batch) == 0 {
		return nil
	}
	// The last operation on an id in the batch wins; earlier ones are
	// compared against it in order so each step is a change of its own.
	byIndex := map[string][]string{}
	for _, op := range batch {
		byIndex[op.index] = append(byIndex[op.index], op.id)
	}
	current := map[string]map[string]json.RawMessage{}
	for index, ids := range byIndex {
		m, err := eng.mget(ctx, cfg.Prefix+index, ids)
		if err != nil && !errors.Is(err, errNotFound) {
			return err
		}
		if m == nil {
			m = map[string]json.RawMessage{}
		}
		current[index] = m
	}
	var changes, logged []Change
	var writes []applyOp
	for _, op := range batch {
		before := current[op.index][op.id]
		switch {
		case op.delete && before == nil, !op.delete && before != nil && sameJSON(before, op.doc):
			rep.Unchanged++
			continue
		}
		ch := Change{Index: op.index, ID: op.id, Before: before}
		if !op.delete {
			ch.After = op.doc
			current[op.index][op.id] = op.doc
		} else {
			delete(current[op.index], op.id)
		}
		if reportsChanges(op.index) {
			changes = append(changes, ch)
		}
		logged = append(logged, ch)
		writes = append(writes, op)
	}
	if err := alog.record(ctx, logged); err != nil {
		return fmt.Errorf("change log: %w", err)
	}
	if cfg.OnChanges != nil && len(changes) > 0 {
		if err := cfg.OnChanges(ctx, changes); err != nil {
			return fmt.Errorf("report changes: %w", err)
		}
	}
	rep.Changed += int64(len(changes))
	if len(writes) == 0 {
		return nil
	}
	var body bytes.Buffer
	for _, op := range writes {
		action := "index"
		if op.delete {
			action = "delete"
		}
		meta, _ := json.Marshal(map[string]any{action: map[string]any{"_index": cfg.Prefix + op.index, "_id": op.id}})
		body.Write(meta)
		body.WriteByte('\n')
		if !op.delete {
			body.Write(op.doc)
			body.WriteByte('\n')
		}
	}
	var br struct {
		Items []map[string]struct {
			Status int `json:"status"`
			Error  *struct {
				Type   string `json:"type"`
				Reason string `json:"reason"`
			} `json:"error"`
		} `json:"items"`
	}
	if err := eng.doNDJSON(ctx, "/_bulk?refresh=wait_for", body.Bytes(), &br); err != nil {
		return fmt.Errorf("bulk: %w", err)
	}
	for i, it := range br.Items {
		if i >= len(writes) {
			break
		}
		op := writes[i]
		for _, res := range it {
			switch {
			case res.Error != nil || res.Status >= 300 && !(op.delete && res.Status == http.StatusNotFound):
				reason := fmt.Sprintf("status %d", res.Status)
				if res.Error != nil {
					reason = res.Error.Type + ": " + res.Error.Reason
				}
				rep.Failures = append(rep.Failures, Failure{ID: fmt.Sprintf("line %d (%s/%s)", op.line, op.index, op.id), Reason: reason})
			case op.delete:
				rep.Deleted++
			default:
				rep.Upserted++
			}
		}
	}
	return nil
}

// doNDJSON posts an NDJSON body (bulk).
func (e *engine) doNDJSON(ctx context.Context, path string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-ndjson")
	b, err := osclient.Do(e.api.Client, req)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
