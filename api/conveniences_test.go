package api

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/mux"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
)

func TestETagOnlyOnSuccess(t *testing.T) {
	s := newTestServer(t, &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, nil }})
	rec := do(t, s, get, "/api/v1/properties/100040000001", "")
	if rec.Code != http.StatusNotFound || rec.Header().Get("ETag") != "" || rec.Header().Get("Cache-Control") != "" {
		t.Fatalf("404 got %d ETag %q Cache-Control %q", rec.Code, rec.Header().Get("ETag"), rec.Header().Get("Cache-Control"))
	}
	sch := do(t, s, get, "/api/v1/schema", "")
	if sch.Code != 200 || sch.Header().Get("ETag") == "" || !strings.HasPrefix(sch.Header().Get("Cache-Control"), "public, ") ||
		!strings.Contains(strings.Join(sch.Header().Values("Vary"), ","), "Accept") {
		t.Fatalf("schema: %d %v", sch.Code, sch.Header())
	}
	// Not cacheable: searches.
	cacheable := map[string]bool{}
	for _, rt := range s.Routes() {
		cacheable[rt.Name] = rt.Cacheable
	}
	if cacheable["live_listings.search"] || !cacheable["address.postcode"] {
		t.Error("cacheable route set")
	}
}

func TestETagMatch(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{{"", false}, {"*", true}, {`W/"a"`, true}, {`"a"`, true}, {`"b", W/"a"`, true}, {`"b"`, false}, {`W/"ab"`, false}} {
		if got := etagMatch(c.header, `W/"a"`); got != c.want {
			t.Errorf("etagMatch(%q) = %v", c.header, got)
		}
	}
}

func TestDeprecationHeaders(t *testing.T) {
	s := NewServer(Options{Backend: &fakeBackend{T: t}, Logger: zerolog.Nop(),
		Deprecation: DeprecationConfig{Sunset: time.Date(2027, 6, 30, 0, 0, 0, 0, time.UTC), PolicyURL: "https://example.com/migrate"}})
	old := do(t, s, get, "/api/ping", "")
	if d := old.Header().Get("Deprecation"); d != "@1767225600" {
		t.Errorf("Deprecation %q", d)
	}
	if d := old.Header().Get("Sunset"); d != "Wed, 30 Jun 2027 00:00:00 GMT" {
		t.Errorf("Sunset %q", d)
	}
	links := old.Header().Values("Link")
	if len(links) != 2 || links[0] != `</api/v1/ping>; rel="successor-version"` || links[1] != `<https://example.com/migrate>; rel="deprecation"` {
		t.Errorf("Link %q", links)
	}
	v1 := do(t, s, get, "/api/v1/ping", "")
	if v1.Header().Get("Deprecation") != "" || v1.Header().Get("Sunset") != "" || len(v1.Header().Values("Link")) != 0 {
		t.Errorf("v1 carries deprecation headers: %v", v1.Header())
	}
	off := NewServer(Options{Backend: &fakeBackend{T: t}, Logger: zerolog.Nop(), Deprecation: DeprecationConfig{Off: true}})
	if rec := do(t, off, get, "/api/ping", ""); rec.Header().Get("Deprecation") != "" {
		t.Error("LEGACY_DEPRECATION=off still sends Deprecation")
	}
	// The relay is versioned by its own path (/embed/v2): no signals.
	if rec := do(t, s, get, "/api/embed/v2/stamp-duty?price=1", ""); rec.Header().Get("Deprecation") != "" {
		t.Error("relay carries Deprecation")
	}
	// A 404 on the older family has no successor to point at.
	if rec := do(t, s, get, "/api/nope", ""); rec.Header().Get("Deprecation") != "" {
		t.Error("unknown path carries Deprecation")
	}
}

func TestCompression(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	plain := do(t, s, get, "/api/v1/schema", "")
	req := httptest.NewRequest(get, "/api/v1/schema", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("schema not gzipped: %v", rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || string(got) != plain.Body.String() {
		t.Fatalf("gunzipped body differs (%v)", err)
	}
	if !strings.Contains(strings.Join(rec.Header().Values("Vary"), ","), "Accept-Encoding") {
		t.Error("no Vary: Accept-Encoding")
	}
	if rec.Header().Get("ETag") != plain.Header().Get("ETag") {
		t.Error("ETag differs between codings (it is weak: it must not)")
	}
	// A client that accepts zstd as well gets zstd (gzhttp prefers it at equal q).
	req = httptest.NewRequest(get, "/api/v1/schema", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "zstd" || rec.Body.Len() >= plain.Body.Len()/4 {
		t.Errorf("zstd: encoding %q, %d of %d bytes", rec.Header().Get("Content-Encoding"), rec.Body.Len(), plain.Body.Len())
	}
	// Small bodies go out as they are.
	req = httptest.NewRequest(get, "/api/v1/ping", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "pong" {
		t.Errorf("ping compressed: %v %q", rec.Header(), rec.Body)
	}
	// Without Accept-Encoding, nothing is compressed.
	if plain.Header().Get("Content-Encoding") != "" {
		t.Error("compressed without Accept-Encoding")
	}
}

// Streams reach the client as they are flushed, compressed or not: an event
// stream is never compressed and its first event arrives before the handler
// ends; a CSV stream is gzipped and its first rows arrive likewise.
func TestCompressionKeepsStreamsFlowing(t *testing.T) {
	release := make(chan struct{})
	extra := func(r *mux.Router) {
		r.HandleFunc("/stream/events", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(200)
			_, _ = io.WriteString(w, "data: first\n\n")
			w.(http.Flusher).Flush()
			<-release
		})
		r.HandleFunc("/stream/csv", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/csv; charset=utf-8")
			_, _ = io.WriteString(w, "uprn,address\n"+strings.Repeat("100040000001,1 High Street Exeter\n", 100))
			w.(http.Flusher).Flush()
			<-release
		})
	}
	s := NewServer(Options{Backend: &fakeBackend{T: t}, Logger: zerolog.Nop(), Extra: extra})
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer close(release)
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	for _, c := range []struct {
		path, accept, wantEncoding, firstLine string
	}{
		{"/stream/events", "text/event-stream", "", "data: first"},
		{"/stream/events", "", "", "data: first"},
		{"/stream/csv", "text/csv", "gzip", "uprn,address"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, get, ts.URL+c.path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		if c.accept != "" {
			req.Header.Set("Accept", c.accept)
		}
		resp, err := tr.RoundTrip(req)
		if err != nil {
			cancel()
			t.Fatalf("%s: %v (headers never came: a flush was held back)", c.path, err)
		}
		if got := resp.Header.Get("Content-Encoding"); got != c.wantEncoding {
			t.Errorf("%s accept %q: Content-Encoding %q, want %q", c.path, c.accept, got, c.wantEncoding)
		}
		var rd io.Reader = resp.Body
		if c.wantEncoding == "gzip" {
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				t.Fatalf("%s: %v", c.path, err)
			}
			rd = zr
		}
		line, err := bufio.NewReader(rd).ReadString('\n')
		if err != nil || strings.TrimSpace(line) != c.firstLine {
			t.Errorf("%s: first line %q (%v) before the handler ended", c.path, line, err)
		}
		cancel()
		resp.Body.Close()
	}
}

func TestReadyAndDrain(t *testing.T) {
	var osErr error
	fb := &fakeBackend{HealthFn: func() (search.ClusterHealth, error) { return search.ClusterHealth{Status: "green"}, osErr }}
	s := newTestServer(t, fb)
	var redisErr error
	s.opt.Health = func(context.Context) (string, string, error) { return "redis", "ok", redisErr }
	check := func(want int, reason string) {
		t.Helper()
		rec := do(t, s, get, "/api/v1/ready", "")
		var b readyBody
		_ = json.Unmarshal(rec.Body.Bytes(), &b)
		if rec.Code != want || b.Ready != (want == 200) || !strings.Contains(b.Reason, reason) {
			t.Errorf("ready: %d %s, want %d %q", rec.Code, rec.Body, want, reason)
		}
	}
	check(200, "")
	redisErr = errors.New("down")
	check(503, "redis")
	redisErr, osErr = nil, errors.New("down")
	check(503, "opensearch")
	osErr = nil
	check(200, "")
	s.Drain()
	check(503, "draining")
	// Liveness stays up while draining.
	if rec := do(t, s, get, "/api/v1/ping", ""); rec.Code != 200 {
		t.Errorf("ping while draining: %d", rec.Code)
	}
}

func TestHealthDetailNeedsKeyOrSetting(t *testing.T) {
	fb := &fakeBackend{
		HealthFn: func() (search.ClusterHealth, error) {
			return search.ClusterHealth{Status: "green", NumberOfNodes: 1}, nil
		},
		AliasesFn: func(string) ([]search.AliasInfo, error) {
			return []search.AliasInfo{{Alias: "addresses", Index: "addresses-20261101", Docs: 42}}, nil
		},
	}
	fb.T = t
	for _, detail := range []bool{false, true} {
		s := NewServer(Options{Backend: fb, Logger: zerolog.Nop(), HealthDetail: detail})
		rec := do(t, s, get, "/api/v1/health", "")
		shows := strings.Contains(rec.Body.String(), "addresses-20261101")
		if rec.Code != 200 || shows != detail || !strings.Contains(rec.Body.String(), `"status":"degraded"`) {
			t.Errorf("detail=%v: %d %s", detail, rec.Code, rec.Body)
		}
	}
}

func TestDocsPage(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	rec := do(t, s, get, "/docs", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `data-schema-url="/api/v1/schema"`) ||
		!strings.Contains(rec.Header().Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("/docs: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	for _, asset := range []string{"/docs/static/vendor/swagger-ui-bundle.js", "/docs/static/vendor/swagger-ui.css", "/docs/static/init.js"} {
		if rec := do(t, s, get, asset, ""); rec.Code != 200 || rec.Body.Len() < 100 {
			t.Errorf("%s: %d (%d bytes)", asset, rec.Code, rec.Body.Len())
		}
	}
	if rec := do(t, s, get, "/docs/static/nope.js", ""); rec.Code != 404 {
		t.Errorf("missing asset: %d", rec.Code)
	}
}
