package indexer

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"
)

// fakeBulk answers _bulk like OpenSearch: the first attempt of every
// document is rejected with 429 (so it must be retried), a document whose id
// starts with "bad" is rejected for good with a mapping error.
type fakeBulk struct {
	mu   sync.Mutex
	seen map[string]int
	docs map[string]bool
}

func (f *fakeBulk) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/_bulk") {
		http.Error(w, "unexpected", http.StatusNotFound)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	sc := bufio.NewScanner(r.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var items []map[string]any
	for sc.Scan() {
		var action map[string]struct {
			ID string `json:"_id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &action); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		sc.Scan() // the document
		id := action["index"].ID
		f.seen[id]++
		item := map[string]any{"_index": "x", "_id": id}
		switch {
		case strings.HasPrefix(id, "bad"):
			item["status"] = 400
			item["error"] = map[string]any{"type": "strict_dynamic_mapping_exception", "reason": "mapping set to strict, dynamic introduction of [zz] is not allowed"}
		case f.seen[id] == 1:
			item["status"] = 429
			item["error"] = map[string]any{"type": "es_rejected_execution_exception", "reason": "queue full"}
		default:
			item["status"] = 201
			item["result"] = "created"
			f.docs[id] = true
		}
		items = append(items, map[string]any{"index": item})
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"took": 1, "errors": true, "items": items})
}

func TestBulkFileRetriesAndReportsFailures(t *testing.T) {
	fake := &fakeBulk{seen: map[string]int{}, docs: map[string]bool{}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	eng, err := newEngine([]string{srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "census.ndjson")
	var b strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "{\"msoa_code\":\"E02%06d\",\"census_year\":2021}\n", i)
	}
	b.WriteString("{\"msoa_code\":\"bad1\",\"zz\":1}\n")
	b.WriteString("not json\n")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := LoadConfig{Workers: 2, BulkBytes: 1024, Logger: zerolog.Nop()}
	prog := newProgress(cfg, 1)
	defer prog.stop()
	var ir IndexReport
	if err := bulkFile(context.Background(), eng, cfg, path, "x", "msoa_code", &ir, prog, nil); err != nil {
		t.Fatal(err)
	}
	if ir.Read != 52 || ir.Indexed != 50 || ir.Failed != 2 {
		t.Fatalf("read %d indexed %d failed %d; want 52, 50, 2; %+v", ir.Read, ir.Indexed, ir.Failed, ir.Failures)
	}
	if len(fake.docs) != 50 {
		t.Errorf("engine holds %d documents, want 50 (every 429 retried)", len(fake.docs))
	}
	var ids []string
	for _, f := range ir.Failures {
		ids = append(ids, f.ID+": "+f.Reason)
	}
	got := strings.Join(ids, "\n")
	if !strings.Contains(got, "bad1: strict_dynamic_mapping_exception") || !strings.Contains(got, "line 52: invalid JSON") {
		t.Errorf("failures = %s", got)
	}
	if fake.seen["bad1"] != 1 {
		t.Errorf("a permanently rejected document was sent %d times, want 1", fake.seen["bad1"])
	}
}
