package osclient

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestClassifyStatus(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   error
	}{
		{"ok", 200, `{}`, nil},
		{"index missing", 404, `{"error":{"type":"index_not_found_exception","reason":"no such index [x]"},"status":404}`, ErrIndexMissing},
		{"document missing", 404, `{"_index":"x","_id":"1","found":false}`, ErrNotFound},
		{"alias missing (string error)", 404, `{"error":"alias [x] missing","status":404}`, ErrNotFound},
		{"head 404", 404, ``, ErrNotFound},
		{"update of a missing document", 404, `{"error":{"type":"document_missing_exception","reason":"[1]: document missing","index":"x"},"status":404}`, ErrNotFound},
		{"too many requests", 429, `{"error":{"type":"es_rejected_execution_exception","reason":"queue full"}}`, ErrUnavailable},
		{"bad gateway", 502, ``, ErrUnavailable},
		{"unavailable", 503, `{"error":{"type":"cluster_block_exception","reason":"blocked"}}`, ErrUnavailable},
		{"gateway timeout", 504, ``, ErrTimeout},
		{"all shards failed", 500, `{"error":{"type":"search_phase_execution_exception","reason":"all shards failed"}}`, ErrUnavailable},
		{"bad request", 400, `{"error":{"type":"parsing_exception","reason":"unknown query [x]","root_cause":[{"type":"parsing_exception","reason":"root"}]}}`, ErrBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ClassifyStatus("op", tc.status, []byte(tc.body))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	var ee *EngineError
	err := ClassifyStatus("op", 400, []byte(`{"error":{"type":"parsing_exception","reason":"top","root_cause":[{"type":"x","reason":"root"}]}}`))
	if !errors.As(err, &ee) || ee.Status != 400 || ee.Type != "parsing_exception" || ee.Reason != "root" {
		t.Errorf("got %#v, want EngineError 400 parsing_exception with the root cause", err)
	}
	if errors.Is(&EngineError{Status: 500}, ErrBadRequest) {
		t.Error("a 5xx engine error is not a bad request")
	}
}

func TestClassifyItem(t *testing.T) {
	if err := ClassifyItem("i", 404, "index_not_found_exception", "r"); !errors.Is(err, ErrIndexMissing) {
		t.Errorf("got %v, want ErrIndexMissing", err)
	}
	if err := ClassifyItem("i", 429, "es_rejected_execution_exception", "r"); !errors.Is(err, ErrUnavailable) {
		t.Errorf("got %v, want ErrUnavailable", err)
	}
	if err := ClassifyItem("i", 400, "parsing_exception", "r"); !errors.Is(err, ErrBadRequest) {
		t.Errorf("got %v, want ErrBadRequest", err)
	}
}

func TestParseURLs(t *testing.T) {
	got := ParseURLs(" http://a:9200/ ,, http://b:9200")
	if want := []string{"http://a:9200", "http://b:9200"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := New(Config{}); err == nil {
		t.Error("New without URLs should fail")
	}
}

func get(t *testing.T, cfg Config, path string) ([]byte, error) {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Do(c, req)
}

func TestDoRetriesRetryableStatuses(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) < 3 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	body, err := get(t, Config{URLs: []string{srv.URL}, RetryBackoff: time.Millisecond}, "/x")
	if err != nil || string(body) != `{"ok":true}` || calls.Load() != 3 {
		t.Errorf("got %q %v after %d calls, want the answer after 3", body, err, calls.Load())
	}
	calls.Store(0)
	_, err = get(t, Config{URLs: []string{srv.URL}, MaxRetries: -1}, "/x")
	if !errors.Is(err, ErrUnavailable) || calls.Load() != 1 {
		t.Errorf("no retries: got %v after %d calls, want ErrUnavailable after 1", err, calls.Load())
	}
}

func TestDoUsesEveryURL(t *testing.T) {
	// The first node refuses connections; the client goes on to the second.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String()
	l.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	for i := 0; i < 3; i++ {
		if _, err := get(t, Config{URLs: []string{dead, srv.URL}, RetryBackoff: time.Millisecond}, "/x"); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if _, err := get(t, Config{URLs: []string{dead}, MaxRetries: -1}, "/x"); !errors.Is(err, ErrUnavailable) {
		t.Errorf("dead node: got %v, want ErrUnavailable", err)
	}
}

func TestDoTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	_, err := get(t, Config{URLs: []string{srv.URL}, RequestTimeout: 50 * time.Millisecond, MaxRetries: -1}, "/slow")
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("got %v, want ErrTimeout", err)
	}
}

func TestNewRequest(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, target string
		body         any
		wantURI      string
		wantType     string
		wantBody     string
	}{
		{"no body", "/i/_doc/a%2Fb", nil, "/i/_doc/a%2Fb", "", ""},
		{"value", "/i/_search?size=1", map[string]int{"size": 1}, "/i/_search?size=1", "application/json", `{"size":1}`},
		{"bytes to msearch", "/_msearch", []byte("{}\n{}\n"), "/_msearch", "application/x-ndjson", "{}\n{}\n"},
		{"reader to bulk with a query", "/_bulk?refresh=true", strings.NewReader("{}\n"), "/_bulk?refresh=true", "application/x-ndjson", "{}\n"},
	} {
		req, err := NewRequest(ctx, http.MethodPost, tc.target, tc.body)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var body []byte
		if req.Body != nil {
			body, _ = io.ReadAll(req.Body)
		}
		if got := req.URL.RequestURI(); got != tc.wantURI || req.Header.Get("Content-Type") != tc.wantType || string(body) != tc.wantBody {
			t.Errorf("%s: %s %q %q, want %s %q %q", tc.name, got, req.Header.Get("Content-Type"), body, tc.wantURI, tc.wantType, tc.wantBody)
		}
	}
	if _, err := NewRequest(ctx, http.MethodPost, "/x", func() {}); err == nil {
		t.Error("a body encoding/json cannot encode: no error")
	}
}

// A missing index names itself, so the API can say which dataset is not
// loaded (404 dataset_not_loaded) instead of an outage.
func TestMissingIndexNamesTheIndex(t *testing.T) {
	err := ClassifyStatus("op", 404, []byte(`{"error":{"type":"index_not_found_exception","reason":"no such index [p_crime]","index":"p_crime"},"status":404}`))
	var mi *MissingIndexError
	if !errors.As(err, &mi) || mi.Index != "p_crime" || !errors.Is(err, ErrIndexMissing) {
		t.Fatalf("status: %v", err)
	}
	err = ClassifyItem("op", 404, "index_not_found_exception", "no such index [p_hpi]")
	if !errors.As(err, &mi) || mi.Index != "p_hpi" {
		t.Fatalf("item: %v", err)
	}
}
