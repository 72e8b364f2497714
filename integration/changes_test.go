//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// feedChange is one entry of GET /changes/{dataset}.
type feedChange struct {
	ID            string          `json:"id"`
	Op            string          `json:"op"`
	Epoch         int64           `json:"epoch"`
	ChangedFields []string        `json:"changed_fields"`
	Document      json.RawMessage `json:"document"`
}

type feedPage struct {
	Since      int64        `json:"since"`
	Epoch      int64        `json:"epoch"`
	Changes    []feedChange `json:"changes"`
	HasMore    bool         `json:"has_more"`
	NextCursor *string      `json:"next_cursor"`
	Error      *struct {
		Code    string         `json:"code"`
		Details map[string]any `json:"details"`
	} `json:"error"`
}

func feedGet(t *testing.T, base, path string) (int, http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// feedAll pages through the feed of addresses since an epoch and returns
// every change by id (and the pages' epoch and count).
func feedAll(t *testing.T, base string, since int64, limit int, extra string) (map[string]feedChange, int64, int) {
	return feedAllBetween(t, base, since, limit, extra, nil)
}

// feedAllBetween is feedAll calling between (when set) after the first page.
func feedAllBetween(t *testing.T, base string, since int64, limit int, extra string, between func()) (map[string]feedChange, int64, int) {
	t.Helper()
	out := map[string]feedChange{}
	q := fmt.Sprintf("/api/v1/changes/addresses?since=%d&limit=%d%s", since, limit, extra)
	pages, epoch := 0, int64(0)
	var lastID string
	for {
		code, _, b := feedGet(t, base, q)
		var p feedPage
		if code != 200 || json.Unmarshal(b, &p) != nil {
			t.Fatalf("GET %s: %d %s", q, code, b)
		}
		pages++
		if pages > 1 && p.Epoch != epoch {
			t.Errorf("page %d: epoch %d, the first page's %d (the cursor pins it)", pages, p.Epoch, epoch)
		}
		epoch = p.Epoch
		if len(p.Changes) > limit {
			t.Errorf("page of %d changes, limit %d", len(p.Changes), limit)
		}
		for _, c := range p.Changes {
			if _, dup := out[c.ID]; dup {
				t.Errorf("%s returned twice", c.ID)
			}
			if c.ID <= lastID {
				t.Errorf("%s after %s: not in id order", c.ID, lastID)
			}
			lastID = c.ID
			out[c.ID] = c
		}
		if !p.HasMore {
			if p.NextCursor != nil {
				t.Error("last page has a next_cursor")
			}
			return out, epoch, pages
		}
		if pages == 1 && between != nil {
			between()
		}
		q = "/api/v1/changes/addresses?cursor=" + url.QueryEscape(*p.NextCursor) + fmt.Sprintf("&limit=%d%s", limit, extra)
	}
}

// rewriteAddresses copies src/addresses.ndjson to dir, changing documents
// with edit (nil drops the line).
func rewriteAddresses(t *testing.T, src, dir string, edit func(i int, doc map[string]any) map[string]any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(src, "addresses.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var doc map[string]any
		if err := json.Unmarshal([]byte(line), &doc); err != nil {
			t.Fatal(err)
		}
		if doc = edit(i, doc); doc == nil {
			continue
		}
		nb, _ := json.Marshal(doc)
		out.Write(nb)
		out.WriteByte('\n')
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "addresses.ndjson"), []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadGenerated writes a generated world of seed and properties (generateDir)
// and loads indices of it under prefix as `indexer load` does; it returns
// the directory.
func loadGenerated(ctx context.Context, t *testing.T, osURL, prefix string, seed int64, properties int, indices ...string) string {
	t.Helper()
	dir := generateDir(t, seed, properties)
	if _, err := indexer.LoadDir(ctx, indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Logger: zerolog.Nop(), Indices: indices}, dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// generateDir writes a generated dataset to a temporary directory.
func generateDir(t *testing.T, seed int64, properties int) string {
	t.Helper()
	dir := t.TempDir()
	w, err := indexer.NewDirWriter(dir)
	if err != nil {
		t.Fatal(err)
	}
	w.SetInfo(synth.Version, seed, properties, "2026-11-01")
	if err := synth.Generate(synth.Config{Seed: seed, Properties: properties}, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func uprnOf(doc map[string]any) string { return fmt.Sprint(int64(doc["uprn"].(float64))) }

// TestChangesFeedRoundTrip loads addresses, reloads them unchanged, changes
// them with indexer apply and with a reload of an edited file, and checks
// that the feed returns exactly the changes: inserts, updates and deletes
// with their documents, folded per document, paged with a cursor, nothing
// for unchanged reloads, 410 once retention lets an epoch go; and that
// answers name the epoch (X-Data-Epoch, /datasets, as_of_epoch).
func TestChangesFeedRoundTrip(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()

	gen := generateDir(t, 11, 200)
	cfg := indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Workers: 2, BulkBytes: 1 << 20, Logger: zerolog.Nop(),
		Indices: []string{mappings.IndexAddresses}, Retention: indexer.Retention{Epochs: 3, For: time.Nanosecond}}
	load := func(dir string, wantEpoch int64) *indexer.IndexReport {
		t.Helper()
		rep, err := indexer.LoadDir(ctx, cfg, dir)
		if err != nil {
			t.Fatalf("load %s: %v", dir, err)
		}
		ir := &rep.Indices[0]
		if ir.Epoch != wantEpoch || ir.DiffErr != "" {
			t.Fatalf("load %s: epoch %d (diff error %q), want %d", dir, ir.Epoch, ir.DiffErr, wantEpoch)
		}
		return ir
	}

	srv := httptest.NewServer(newAPIServer(t, osURL, api.Options{IndexPrefix: prefix}))
	defer srv.Close()

	// Epoch 1 is a baseline: the feed starts after it.
	if ir := load(gen, 1); ir.Diff != nil {
		t.Errorf("first load diffed: %+v", ir.Diff)
	}
	code, _, b := feedGet(t, srv.URL, "/api/v1/changes/addresses?since=0")
	if code != http.StatusGone || !strings.Contains(string(b), `"epoch_expired"`) {
		t.Errorf("since=0 after the first load: %d %s, want 410 epoch_expired", code, b)
	}

	// Two reloads with no change: two epochs, an empty feed.
	for _, ep := range []int64{2, 3} {
		ir := load(gen, ep)
		if ir.Diff == nil || ir.Diff.Inserted+ir.Diff.Updated+ir.Diff.Deleted != 0 || ir.Diff.Scanned != ir.Count {
			t.Errorf("unchanged reload to epoch %d: diff %+v over %d documents", ep, ir.Diff, ir.Count)
		}
	}
	got, epoch, _ := feedAll(t, srv.URL, 1, 100, "")
	if len(got) != 0 || epoch != 3 {
		t.Errorf("after two unchanged reloads: %d changes, epoch %d; want none, 3", len(got), epoch)
	}

	// indexer apply: an update, a delete and an insert make epoch 4.
	var docs []map[string]any
	rewriteAddresses(t, gen, filepath.Join(t.TempDir(), "unused"), func(i int, doc map[string]any) map[string]any {
		docs = append(docs, doc)
		return doc
	})
	upd, del, ins := docs[0], docs[1], map[string]any{}
	for k, v := range docs[2] {
		ins[k] = v
	}
	ins["uprn"] = float64(990000000001)
	updated := map[string]any{}
	for k, v := range upd {
		updated[k] = v
	}
	updated["street_name"] = "Epoch Lane"
	changeFile := writeChangeFile(t,
		map[string]any{"index": "addresses", "doc": updated},
		map[string]any{"op": "delete", "index": "addresses", "id": uprnOf(del)},
		map[string]any{"index": "addresses", "doc": ins})
	arep, err := indexer.Apply(ctx, indexer.ApplyConfig{URLs: []string{osURL}, Prefix: prefix, Logger: zerolog.Nop(),
		Retention: cfg.Retention}, changeFile)
	if err != nil {
		t.Fatalf("apply: %v", err)
	}
	if len(arep.Epochs) != 1 || arep.Epochs[0].Epoch != 4 {
		t.Fatalf("apply epochs = %+v, want addresses epoch 4", arep.Epochs)
	}
	got, epoch, _ = feedAll(t, srv.URL, 3, 100, "")
	if epoch != 4 || len(got) != 3 {
		t.Fatalf("feed since 3: %d changes at epoch %d, want 3 at 4: %+v", len(got), epoch, got)
	}
	if c := got[uprnOf(upd)]; c.Op != "update" || !slices.Equal(c.ChangedFields, []string{"street_name"}) || c.Epoch != 4 ||
		!strings.Contains(string(c.Document), `"street_name":"Epoch Lane"`) {
		t.Errorf("update: %+v %s", c, c.Document)
	}
	if c := got[uprnOf(del)]; c.Op != "delete" || c.Document != nil {
		t.Errorf("delete: %+v", c)
	}
	if c := got["990000000001"]; c.Op != "insert" || !slices.Contains(c.ChangedFields, "uprn") || !strings.Contains(string(c.Document), `"uprn":990000000001`) {
		t.Errorf("insert: %+v", c)
	}

	// Answers name the epoch; as_of_epoch refuses another one.
	pc := url.PathEscape(upd["postcode"].(string))
	code, h, b := feedGet(t, srv.URL, "/api/v1/address/postcode/"+pc)
	if code != 200 || !strings.Contains(h.Get("X-Data-Epoch"), "addresses=4") {
		t.Errorf("address/postcode: %d, X-Data-Epoch %q, want addresses=4 (%s)", code, h.Get("X-Data-Epoch"), b)
	}
	if code, _, b = feedGet(t, srv.URL, "/api/v1/address/postcode/"+pc+"?as_of_epoch=4"); code != 200 {
		t.Errorf("as_of_epoch=4 (current): %d %s", code, b)
	}
	code, _, b = feedGet(t, srv.URL, "/api/v1/address/postcode/"+pc+"?as_of_epoch=addresses:3")
	if code != http.StatusGone || !strings.Contains(string(b), `"epoch_not_served"`) || !strings.Contains(string(b), `"current":4`) {
		t.Errorf("as_of_epoch=addresses:3: %d %s, want 410 epoch_not_served with current 4", code, b)
	}
	if code, _, b = feedGet(t, srv.URL, "/api/v1/address/postcode/"+pc+"?as_of_epoch=soon"); code != http.StatusUnprocessableEntity {
		t.Errorf("as_of_epoch=soon: %d %s, want 422", code, b)
	}
	var ds struct {
		Datasets []struct {
			Dataset  string `json:"dataset"`
			Epoch    *int64 `json:"epoch"`
			FeedFrom *int64 `json:"changes_since_min"`
			Source   string `json:"source"`
			Docs     int64  `json:"docs"`
		} `json:"datasets"`
	}
	code, _, b = feedGet(t, srv.URL, "/api/v1/datasets")
	if code != 200 || json.Unmarshal(b, &ds) != nil || len(ds.Datasets) != 1 || ds.Datasets[0].Dataset != "addresses" ||
		ds.Datasets[0].Epoch == nil || *ds.Datasets[0].Epoch != 4 || ds.Datasets[0].Source != "generated" || ds.Datasets[0].Docs != int64(len(docs)) {
		t.Errorf("datasets: %d %s", code, b)
	}

	// A reload of an edited file: 25 updates; the apply's insert is gone
	// (not in the file) and its delete is back. Epoch 5.
	edited := filepath.Join(t.TempDir(), "edited")
	var want []string
	rewriteAddresses(t, gen, edited, func(i int, doc map[string]any) map[string]any {
		if i >= 10 && i < 35 {
			doc["popularity"] = 12345.0
			want = append(want, uprnOf(doc))
		}
		return doc
	})
	ir := load(edited, 5)
	// Against the served index: 25 edits + the apply's update reverted,
	// its insert deleted, its delete re-inserted.
	if ir.Diff == nil || ir.Diff.Updated != 26 || ir.Diff.Inserted != 1 || ir.Diff.Deleted != 1 {
		t.Errorf("edited reload diff: %+v, want 26 updated, 1 inserted, 1 deleted", ir.Diff)
	}
	got, epoch, pages := feedAll(t, srv.URL, 4, 10, "")
	if epoch != 5 || len(got) != 28 || pages != 3 {
		t.Errorf("feed since 4: %d changes in %d pages at epoch %d, want 28 in 3 at 5", len(got), pages, epoch)
	}
	for _, id := range want {
		if c := got[id]; c.Op != "update" || !slices.Equal(c.ChangedFields, []string{"popularity"}) || len(c.Document) == 0 {
			t.Errorf("%s: %+v", id, c)
		}
	}
	// fields=ids: the same ids, no documents.
	ids, _, _ := feedAll(t, srv.URL, 4, 10, "&fields=ids")
	if len(ids) != len(got) {
		t.Errorf("fields=ids: %d changes, want %d", len(ids), len(got))
	}
	for _, c := range ids {
		if c.Document != nil {
			t.Errorf("fields=ids sent the document of %s", c.ID)
		}
	}
	// Folded since 3: the apply's insert then the reload's delete cancel;
	// its delete then the reload's insert is an update.
	got, _, _ = feedAll(t, srv.URL, 3, 100, "")
	if _, ok := got["990000000001"]; ok {
		t.Errorf("inserted then deleted document returned: %+v", got["990000000001"])
	}
	if c := got[uprnOf(del)]; c.Op != "update" || c.Epoch != 5 {
		t.Errorf("deleted then reinserted: %+v, want an update at epoch 5", c)
	}
	if c := got[uprnOf(upd)]; c.Op != "update" || !slices.Contains(c.ChangedFields, "street_name") {
		t.Errorf("updated then reverted: %+v", c)
	}

	// Retention: the last 3 epochs (5, 4, 3) are kept, so since=2 is the
	// oldest answered and since=1 has expired.
	if code, _, b = feedGet(t, srv.URL, "/api/v1/changes/addresses?since=2"); code != 200 {
		t.Errorf("since=2: %d %s", code, b)
	}
	code, _, b = feedGet(t, srv.URL, "/api/v1/changes/addresses?since=1")
	if code != http.StatusGone || !strings.Contains(string(b), `"oldest_since":2`) {
		t.Errorf("since=1: %d %s, want 410 epoch_expired with oldest_since 2", code, b)
	}
	// Bad input: clear errors.
	for q, want := range map[string]int{
		"/api/v1/changes/addresses":                    422,
		"/api/v1/changes/addresses?since=9":            422,
		"/api/v1/changes/addresses?since=-1":           422,
		"/api/v1/changes/addresses?since=4&cursor=abc": 422,
		"/api/v1/changes/nope?since=1":                 404,
		"/api/v1/changes/epc?since=1":                  404,
		"/api/v1/changes/addresses?since=4&limit=1001": 422,
	} {
		if code, _, b := feedGet(t, srv.URL, q); code != want {
			t.Errorf("%s: %d %s, want %d", q, code, b, want)
		}
	}
}

// TestChangesFeedCursorAcrossApply pages through a feed while `indexer
// apply` makes a new epoch between two pages: the cursor keeps every page
// at the first page's epoch, so no document is skipped or repeated and a
// document changed only by the new epoch is not in it; a document of the
// paged changes deleted by the new epoch comes back as a delete; the next
// sync (since the pinned epoch) returns exactly the new epoch's changes.
func TestChangesFeedCursorAcrossApply(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	gen := generateDir(t, 13, 120)
	cfg := indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Workers: 2, BulkBytes: 1 << 20, Logger: zerolog.Nop(),
		Indices: []string{mappings.IndexAddresses}}
	if _, err := indexer.LoadDir(ctx, cfg, gen); err != nil {
		t.Fatal(err)
	}
	// Epoch 2: 30 updates.
	edited := filepath.Join(t.TempDir(), "edited")
	var docs []map[string]any
	var want []string
	rewriteAddresses(t, gen, edited, func(i int, doc map[string]any) map[string]any {
		docs = append(docs, doc)
		if i < 30 {
			doc["popularity"] = 777.0
			want = append(want, uprnOf(doc))
		}
		return doc
	})
	if rep, err := indexer.LoadDir(ctx, cfg, edited); err != nil || rep.Indices[0].Epoch != 2 {
		t.Fatalf("edited load: %v %+v", err, rep)
	}
	slices.Sort(want)
	if len(docs) < 40 {
		t.Fatalf("%d addresses generated", len(docs))
	}
	srv := httptest.NewServer(newAPIServer(t, osURL, api.Options{IndexPrefix: prefix}))
	defer srv.Close()

	// Between the first and the second page (10 of 30 each), epoch 3
	// deletes the last of the 30, updates the 29th and updates one that
	// epoch 2 left alone.
	byID := map[string]map[string]any{}
	for _, d := range docs {
		byID[uprnOf(d)] = d
	}
	deleted, updated := want[29], want[28]
	var untouched map[string]any
	for _, d := range docs {
		if !slices.Contains(want, uprnOf(d)) {
			untouched = d
			break
		}
	}
	between := func() {
		u1, u2 := maps.Clone(byID[updated]), maps.Clone(untouched)
		u1["street_name"], u2["street_name"] = "Cursor Row", "Cursor Row"
		file := writeChangeFile(t,
			map[string]any{"op": "delete", "index": "addresses", "id": deleted},
			map[string]any{"index": "addresses", "doc": u1},
			map[string]any{"index": "addresses", "doc": u2})
		rep, err := indexer.Apply(ctx, indexer.ApplyConfig{URLs: []string{osURL}, Prefix: prefix, Logger: zerolog.Nop()}, file)
		if err != nil || len(rep.Epochs) != 1 || rep.Epochs[0].Epoch != 3 {
			t.Fatalf("apply between pages: %v %+v", err, rep)
		}
	}
	got, epoch, pages := feedAllBetween(t, srv.URL, 1, 10, "", between)
	if epoch != 2 || pages != 3 || len(got) != 30 {
		t.Errorf("feed since 1 across an apply: %d changes in %d pages at epoch %d, want 30 in 3 at 2", len(got), pages, epoch)
	}
	for _, id := range want {
		c, ok := got[id]
		switch {
		case !ok:
			t.Errorf("%s skipped", id)
		case id == deleted:
			if c.Op != "delete" || c.Document != nil {
				t.Errorf("deleted after the pinned epoch: %s at epoch %d, want a delete", c.Op, c.Epoch)
			}
		case c.Op != "update" || c.Epoch != 2 || !slices.Equal(c.ChangedFields, []string{"popularity"}):
			t.Errorf("%s: %s at epoch %d of %v, want the epoch 2 update", id, c.Op, c.Epoch, c.ChangedFields)
		}
	}
	if c, ok := got[uprnOf(untouched)]; ok {
		t.Errorf("a change of epoch 3 in a feed pinned at 2: %s %s at epoch %d", c.ID, c.Op, c.Epoch)
	}
	// The next sync: exactly epoch 3.
	got, epoch, _ = feedAll(t, srv.URL, 2, 10, "")
	if epoch != 3 || len(got) != 3 || got[deleted].Op != "delete" || got[updated].Op != "update" || got[uprnOf(untouched)].Op != "update" ||
		!slices.Equal(got[updated].ChangedFields, []string{"street_name"}) {
		t.Errorf("feed since 2: epoch %d, %+v; want epoch 3: the delete and the two street_name updates", epoch, got)
	}
}

// TestChangesFeedIgnoresDerivedFields loads addresses as a version before
// the typeahead's packed doc value and the popularity band wrote them
// (without either), then the same addresses as this version writes them:
// the reload changes nothing in the feed (the fields are derived from the
// others). A reload that also
// changes three streets reports those three, with only street_name
// changed, not the packed value. An apply of a document edited by hand with
// its packed value stale computes it again (the typeahead shows the edit).
func TestChangesFeedIgnoresDerivedFields(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	gen := generateDir(t, 12, 120)
	old := filepath.Join(t.TempDir(), "old")
	n := 0
	rewriteAddresses(t, gen, old, func(_ int, doc map[string]any) map[string]any {
		if _, ok := doc[mappings.AddressFieldHit]; !ok {
			t.Fatalf("a generated address without %s: %v", mappings.AddressFieldHit, doc)
		}
		if _, ok := doc[mappings.AddressFieldPopularityBand]; !ok {
			t.Fatalf("a generated address without %s: %v", mappings.AddressFieldPopularityBand, doc)
		}
		delete(doc, mappings.AddressFieldHit)
		delete(doc, mappings.AddressFieldPopularityBand)
		n++
		return doc
	})
	cfg := indexer.LoadConfig{URLs: []string{osURL}, Prefix: prefix, Workers: 2, BulkBytes: 1 << 20, Logger: zerolog.Nop(),
		Indices: []string{mappings.IndexAddresses}}
	load := func(dir string) *indexer.IndexReport {
		t.Helper()
		rep, err := indexer.LoadDir(ctx, cfg, dir)
		if err != nil {
			t.Fatalf("load %s: %v", dir, err)
		}
		return &rep.Indices[0]
	}
	load(old)
	if ir := load(gen); ir.DiffErr != "" || ir.Diff == nil || ir.Diff.Updated+ir.Diff.Inserted+ir.Diff.Deleted != 0 || ir.Diff.Scanned != int64(n) {
		t.Fatalf("reload with the packed value added: diff %+v (error %q) over %d addresses, want no change", ir.Diff, ir.DiffErr, n)
	}
	edited := filepath.Join(t.TempDir(), "edited")
	var want []string
	rewriteAddresses(t, old, edited, func(i int, doc map[string]any) map[string]any {
		var a mappings.Address
		b, _ := json.Marshal(doc)
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatal(err)
		}
		if i < 3 {
			a.StreetName = "Derived Row"
			want = append(want, uprnOf(doc))
		}
		a.Hit = mappings.PackHit(&a)
		b, _ = json.Marshal(a)
		out := map[string]any{}
		_ = json.Unmarshal(b, &out)
		return out
	})
	ir := load(edited)
	if ir.Diff == nil || ir.Diff.Updated != 3 || ir.Diff.Inserted+ir.Diff.Deleted != 0 {
		t.Fatalf("reload with three streets changed: diff %+v, want 3 updated", ir.Diff)
	}
	srv := httptest.NewServer(newAPIServer(t, osURL, api.Options{IndexPrefix: prefix}))
	defer srv.Close()
	got, _, _ := feedAll(t, srv.URL, ir.Epoch-1, 100, "")
	if len(got) != 3 {
		t.Fatalf("feed: %d changes, want 3: %+v", len(got), got)
	}
	for _, id := range want {
		if c := got[id]; c.Op != "update" || !slices.Equal(c.ChangedFields, []string{"street_name"}) {
			t.Errorf("%s: %+v", id, c)
		}
	}

	// indexer apply with a document edited by hand, its packed value left
	// stale: the apply computes it again, so the typeahead (which reads it
	// alone) shows the new street, and the feed reports the street.
	var doc map[string]any
	rewriteAddresses(t, edited, filepath.Join(t.TempDir(), "unused"), func(i int, d map[string]any) map[string]any {
		if i == 5 && d["building_number"] != nil && d["sub_building"] == nil {
			doc = d
		}
		return d
	})
	if doc == nil {
		t.Fatal("no house among the first addresses of the fixture")
	}
	doc["street_name"] = "Quillfeather Close"
	delete(doc, "address_line_1")
	delete(doc, "full_address")
	var a mappings.Address
	raw, _ := json.Marshal(doc)
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatal(err)
	}
	doc["search_text"] = mappings.AddressSearchText(&a) // what the typeahead matches
	arep, err := indexer.Apply(ctx, indexer.ApplyConfig{URLs: []string{osURL}, Prefix: prefix, Logger: zerolog.Nop()},
		writeChangeFile(t, map[string]any{"index": "addresses", "doc": doc}))
	if err != nil || len(arep.Epochs) != 1 {
		t.Fatalf("apply: %+v %v", arep, err)
	}
	code, _, b := feedGet(t, srv.URL, "/api/address/find/?q="+url.QueryEscape(fmt.Sprint(doc["building_number"])+" Quillfeather Close"))
	if code != http.StatusOK || !strings.Contains(string(b), `"address_line_1":"`+fmt.Sprint(doc["building_number"])+` Quillfeather Close"`) {
		t.Errorf("typeahead after the apply: %d %s", code, b)
	}
	got, _, _ = feedAll(t, srv.URL, arep.Epochs[0].Epoch-1, 100, "")
	if c := got[uprnOf(doc)]; len(got) != 1 || c.Op != "update" || !slices.Equal(c.ChangedFields, []string{"address_line_1", "full_address", "search_text", "street_name"}) {
		t.Errorf("feed after the apply: %+v", got)
	}
}
