package api

// GET /changes/{dataset}?since=EPOCH: what changed in a dataset after an
// epoch (docs/data.md#epochs-and-the-changes-feed). The indexer's change
// log has one row per document and epoch; a page folds the rows of each
// document into one change relative to `since` (inserted then deleted is
// no change at all), in document id order, with the current document for
// inserts and updates. The cursor pins the upper epoch of the first page,
// so a load in the middle of the paging neither skips nor repeats a
// document; the next sync asks since=that epoch.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"

	"github.com/ukpd/propertyapi/api/query"
)

// Changes feed bounds.
const (
	changesDefaultLimit = 100
	changesMaxLimit     = 1000
	changesBatch        = 1000
)

// changesCursor is the opaque cursor: dataset, since, the pinned upper
// epoch and the last document id returned.
type changesCursor struct {
	Dataset string `json:"d"`
	Since   int64  `json:"s"`
	To      int64  `json:"t"`
	After   string `json:"a"`
}

func (c changesCursor) encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeChangesCursor(s string) (changesCursor, bool) {
	var c changesCursor
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(b, &c) != nil || c.Dataset == "" || c.Since < 0 || c.To < c.Since || c.After == "" {
		return c, false
	}
	return c, true
}

// changeRow is one row of the change log as read.
type changeRow struct {
	ID     string   `json:"id"`
	Epoch  int64    `json:"epoch"`
	Op     string   `json:"op"`
	Fields []string `json:"fields"`
}

// change is one document's change in the answer.
type change struct {
	ID            string          `json:"id"`
	Op            string          `json:"op"`
	Epoch         int64           `json:"epoch"`
	ChangedFields []string        `json:"changed_fields"`
	Document      json.RawMessage `json:"document,omitempty"`
}

// foldRows turns the rows of one document (epoch order) into its change
// relative to the state before them; ok is false when they cancel out
// (inserted, then deleted).
func foldRows(rows []changeRow) (change, bool) {
	first, last := rows[0], rows[len(rows)-1]
	existed, exists := first.Op != "insert", last.Op != "delete"
	c := change{ID: first.ID, Epoch: last.Epoch, ChangedFields: []string{}}
	switch {
	case !existed && !exists:
		return c, false
	case !existed:
		c.Op = "insert"
	case !exists:
		c.Op = "delete"
		return c, true
	default:
		c.Op = "update"
	}
	seen := map[string]bool{}
	for _, r := range rows {
		for _, f := range r.Fields {
			if !seen[f] {
				seen[f] = true
				c.ChangedFields = append(c.ChangedFields, f)
			}
		}
	}
	sort.Strings(c.ChangedFields)
	return c, true
}

type changesResponse struct {
	Dataset    string   `json:"dataset"`
	Since      int64    `json:"since"`
	Epoch      int64    `json:"epoch"`
	Changes    []change `json:"changes"`
	HasMore    bool     `json:"has_more"`
	NextCursor *string  `json:"next_cursor"`
}

func (s *Server) changes(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	dataset := pathVar(r, "dataset")
	if !datasetKnown(dataset) {
		e := NotFound("no dataset %q; the datasets are listed by /api/v1/datasets", truncate(dataset, 40))
		return e
	}
	p := newParams(r)
	limit := p.Int("limit", changesDefaultLimit, 1, changesMaxLimit)
	idsOnly := p.Enum("fields", "all", "all", "ids") == "ids"
	var since int64 = -1
	if raw := p.raw("since"); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 0 {
			p.fail(InvalidParam("since", "must be an epoch: a whole number from 0"))
		}
		since = n
	}
	var cur changesCursor
	if raw := p.raw("cursor"); raw != "" {
		c, ok := decodeChangesCursor(raw)
		switch {
		case !ok || c.Dataset != dataset:
			p.fail(InvalidParam("cursor", "not a cursor of this feed; send next_cursor as it was returned"))
		case since >= 0 && since != c.Since:
			p.fail(InvalidParam("since", "differs from the cursor's since (%d); send the cursor alone", c.Since))
		}
		cur, since = c, c.Since
	} else if since < 0 && p.Err() == nil {
		p.fail(InvalidParam("since", "is required: the epoch your copy is at (0 and /api/v1/datasets give the current epochs)"))
	}
	if err := p.Err(); err != nil {
		return err
	}
	epochs, err := s.datasetEpochs(ctx, true)
	if err != nil {
		return err
	}
	ep, ok := epochs[dataset]
	if !ok {
		e := Errorf(http.StatusNotFound, CodeDatasetNotLoaded, "the %s dataset is not loaded on this server (or was loaded before epochs were recorded)", dataset)
		e.Details = map[string]any{"dataset": dataset}
		return e
	}
	to := ep.Epoch
	if cur.To > 0 {
		to = cur.To
	}
	if since > to {
		return InvalidParam("since", "epoch %d is after the current epoch %d of %s", since, to, dataset)
	}
	if since < ep.FeedFrom {
		e := Errorf(http.StatusGone, CodeEpochExpired, "the changes of %s after epoch %d are no longer kept (the oldest since answered is %d); copy the dataset again and follow the feed from its current epoch %d", dataset, since, ep.FeedFrom, ep.Epoch)
		e.Details = map[string]any{"dataset": dataset, "since": since, "oldest_since": ep.FeedFrom, "current_epoch": ep.Epoch}
		return e
	}
	out, err := s.changesPage(ctx, dataset, since, to, cur.After, limit, idsOnly)
	if err != nil {
		return err
	}
	SetCallWeight(ctx, ExportWeight(len(out.Changes)))
	return writeJSON(w, http.StatusOK, out)
}

// changesPage reads change rows in batches until limit documents are
// complete (a document's rows are complete once a later id is seen).
func (s *Server) changesPage(ctx context.Context, dataset string, since, to int64, after string, limit int, idsOnly bool) (*changesResponse, error) {
	out := &changesResponse{Dataset: dataset, Since: since, Epoch: to, Changes: []change{}}
	index := s.idx.Prefix() + query.ChangeLogIndex
	var groups [][]changeRow
	var searchAfter []any
	done := false
	for !done && len(groups) <= limit {
		res, err := s.backend.Search(ctx, index, query.ChangesRows(query.ChangesSpec{
			Dataset: dataset, Since: since, To: to, AfterID: after, SearchAfter: searchAfter, Size: changesBatch,
		}))
		if err != nil {
			return nil, fmt.Errorf("changes of %s: %w", dataset, err)
		}
		hits := res.Hits.Hits
		for _, h := range hits {
			var row changeRow
			if err := json.Unmarshal(h.Source, &row); err != nil {
				return nil, fmt.Errorf("change row %s: %w", h.ID, err)
			}
			if n := len(groups); n > 0 && groups[n-1][0].ID == row.ID {
				groups[n-1] = append(groups[n-1], row)
			} else {
				groups = append(groups, []changeRow{row})
			}
			searchAfter = []any{row.ID, row.Epoch}
		}
		done = len(hits) < changesBatch
	}
	if len(groups) > limit {
		groups, out.HasMore = groups[:limit], true
	}
	for _, g := range groups {
		if c, ok := foldRows(g); ok {
			out.Changes = append(out.Changes, c)
		}
	}
	if out.HasMore {
		next := changesCursor{Dataset: dataset, Since: since, To: to, After: groups[len(groups)-1][0].ID}.encode()
		out.NextCursor = &next
	}
	datasetsFrom(ctx).add(s.idx.Name(dataset))
	if idsOnly {
		return out, nil
	}
	var ids []string
	for _, c := range out.Changes {
		if c.Op != "delete" {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	docs, err := s.backend.MGet(ctx, s.idx.Name(dataset), ids)
	if err != nil {
		return nil, fmt.Errorf("changes of %s: documents: %w", dataset, err)
	}
	for i := range out.Changes {
		c := &out.Changes[i]
		if c.Op == "delete" {
			continue
		}
		if d, ok := docs[c.ID]; ok {
			c.Document = d
			continue
		}
		// Deleted by an epoch after the cursor's: say so now (the next
		// sync from this answer's epoch repeats the delete harmlessly).
		c.Op, c.ChangedFields = "delete", []string{}
	}
	return out, nil
}
