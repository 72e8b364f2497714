//go:build integration

package integration

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/api/telemetry"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// convEnv is one API server over the real OpenSearch (a small synthetic
// world) and the real Redis (key gate), with metrics and an in-memory span
// exporter, as cmd/propertyapi wires them.
type convEnv struct {
	w       *synthWorld
	srv     *api.Server
	ts      *httptest.Server
	keys    keysFixture
	metrics *telemetry.Metrics
	spans   *tracetest.InMemoryExporter
	uprn    string
	query   string
	prefix  string
}

func prefix(e *convEnv) string { return e.prefix }

func newConvEnv(t *testing.T) *convEnv {
	t.Helper()
	osURL, prefix := testenv.OpenSearchPrefix(t)
	w := loadSynthWorld(t, osURL, prefix, 1500)
	addDemoListings(t, w, osURL, prefix, "Exeter", 120)
	rdb, ns := keysRedis(t)

	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })
	m := telemetry.NewMetrics()
	store := telemetry.InstrumentStore(ratelimit.NewRedisStore(rdb, ns), "redis", m, tp)
	keys := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanScale, RateOverride: ratelimit.Unlimited})
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	now := w.Now
	srv := newAPIServer(t, osURL, api.Options{Backend: telemetry.InstrumentBackend(sc, m, tp), IndexPrefix: prefix,
		Gate: gate.New(keys.svc, gate.Options{}).Wrap, Now: func() time.Time { return now },
		Observer: m, TracerProvider: tp, FindCache: api.FindCacheConfig{Entries: 100, TTL: time.Minute},
		Health: func(ctx context.Context) (string, string, error) {
			if err := rdb.Ping(ctx).Err(); err != nil {
				return "redis", "down", err
			}
			return "redis", "ok", nil
		}})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	uprn, _ := w.find(t, mappings.IndexProperties, func(m map[string]any) bool { return m["postcode"] != nil })
	_, addr := w.find(t, mappings.IndexAddresses, func(m map[string]any) bool {
		return strings.EqualFold(fmt.Sprint(m["post_town"]), "Exeter") && m["street_name"] != nil
	})
	return &convEnv{w: w, srv: srv, ts: ts, keys: keys, metrics: m, spans: exp, uprn: uprn, prefix: prefix,
		query: fmt.Sprint(addr["street_name"])}
}

func (e *convEnv) do(t *testing.T, method, path string, body string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, e.ts.URL+path, rd)
	req.Header.Set("Authorization", "Api-Key "+e.keys.secret)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// TestConveniences covers the HTTP conventions end to end over the real engine and
// Redis: revalidation without charge, compression of lookups and of the
// streamed export, deprecation and page links, readiness, metrics, spans,
// and the generated SDKs.
func TestConveniences(t *testing.T) {
	e := newConvEnv(t)

	t.Run("etag 304 is not charged", func(t *testing.T) {
		path := "/api/v1/properties/" + e.uprn
		first, body := e.do(t, http.MethodGet, path, "")
		etag := first.Header.Get("ETag")
		if first.StatusCode != 200 || etag == "" || !strings.Contains(first.Header.Get("Cache-Control"), "max-age=") {
			t.Fatalf("first: %d etag %q cc %q: %s", first.StatusCode, etag, first.Header.Get("Cache-Control"), body)
		}
		before := e.keys.usage(t)
		for i := 0; i < 5; i++ {
			resp, b := e.do(t, http.MethodGet, path, "", "If-None-Match", etag)
			if resp.StatusCode != http.StatusNotModified || len(b) != 0 || resp.Header.Get("X-Call-Weight") != "0" {
				t.Fatalf("revalidation %d: %d weight %q body %q", i, resp.StatusCode, resp.Header.Get("X-Call-Weight"), b)
			}
		}
		if after := e.keys.usage(t); after != before {
			t.Fatalf("five 304s charged %d calls in Redis", after-before)
		}
		again, b2 := e.do(t, http.MethodGet, path, "")
		if again.Header.Get("ETag") != etag || !bytes.Equal(b2, body) {
			t.Error("ETag is not stable between identical answers")
		}
		if e.keys.usage(t) != before+1 {
			t.Errorf("a full answer was not charged")
		}
	})

	t.Run("gzip", func(t *testing.T) {
		pc := e.w.docs[mappings.IndexProperties][e.uprn]
		var prop map[string]any
		_ = json.Unmarshal(pc, &prop)
		path := "/api/v1/address/postcode/" + strings.ReplaceAll(fmt.Sprint(prop["postcode"]), " ", "")
		plain, pb := e.do(t, http.MethodGet, path, "")
		gz, gb := e.do(t, http.MethodGet, path, "", "Accept-Encoding", "gzip")
		if plain.StatusCode != 200 || gz.StatusCode != 200 {
			t.Fatalf("postcode: %d %d", plain.StatusCode, gz.StatusCode)
		}
		if len(pb) >= 1024 {
			if gz.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("%d-byte answer not compressed", len(pb))
			}
			if got := gunzip(t, gb); !bytes.Equal(got, pb) {
				t.Fatal("gunzipped answer differs")
			}
			t.Logf("address/postcode: %d bytes, %d gzipped", len(pb), len(gb))
		}
		// The streamed CSV export compresses and decodes to the same rows.
		exp := `{"filters":{"lat":50.7236,"lng":-3.5275,"radius_miles":5},"format":"csv","limit":100}`
		cp, cb := e.do(t, http.MethodPost, "/api/v1/listings/export", exp)
		zp, zb := e.do(t, http.MethodPost, "/api/v1/listings/export", exp, "Accept-Encoding", "gzip")
		if cp.StatusCode != 200 || zp.StatusCode != 200 || zp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("export: %d %d encoding %q: %s", cp.StatusCode, zp.StatusCode, zp.Header.Get("Content-Encoding"), cb)
		}
		if got := gunzip(t, zb); !bytes.Equal(got, cb) || bytes.Count(cb, []byte("\n")) < 10 {
			t.Fatalf("gzipped export differs or is short (%d lines)", bytes.Count(cb, []byte("\n")))
		}
		t.Logf("export CSV: %d bytes, %d gzipped", len(cb), len(zb))
	})

	t.Run("deprecation and page links", func(t *testing.T) {
		resp, b := e.do(t, http.MethodGet, "/api/live-listings/search?lat=50.7236&lng=-3.5275&radius_miles=5&page_size=5", "")
		if resp.StatusCode != 200 {
			t.Fatalf("search: %d %s", resp.StatusCode, b)
		}
		links := strings.Join(resp.Header.Values("Link"), ", ")
		if resp.Header.Get("Deprecation") == "" || !strings.Contains(links, `</api/v1/live-listings/search>; rel="successor-version"`) {
			t.Errorf("older family: Deprecation %q Link %q", resp.Header.Get("Deprecation"), links)
		}
		if !strings.Contains(links, `page=2`) || !strings.Contains(links, `rel="next"`) || !strings.Contains(links, `rel="first"`) {
			t.Errorf("no page links: %q", links)
		}
		v1, _ := e.do(t, http.MethodGet, "/api/v1/live-listings/search?lat=50.7236&lng=-3.5275&radius_miles=5&page_size=5", "")
		if v1.Header.Get("Deprecation") != "" || strings.Contains(strings.Join(v1.Header.Values("Link"), ","), "successor-version") {
			t.Error("v1 answers carry deprecation signals")
		}
	})

	t.Run("ready", func(t *testing.T) {
		resp, b := e.do(t, http.MethodGet, "/api/v1/ready", "")
		if resp.StatusCode != 200 || !strings.Contains(string(b), `"ready":true`) || !strings.Contains(string(b), `"redis":"ok"`) {
			t.Fatalf("ready: %d %s", resp.StatusCode, b)
		}
		// A dependency down: an engine that does not answer.
		down := newAPIServer(t, "http://127.0.0.1:1", api.Options{Backend: searchClient(t, search.Config{URLs: []string{"http://127.0.0.1:1"}, RequestTimeout: time.Second})})
		rec := httptest.NewRecorder()
		down.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/ready", nil))
		if rec.Code != 503 || !strings.Contains(rec.Body.String(), `"opensearch":"down"`) {
			t.Errorf("engine down: %d %s", rec.Code, rec.Body)
		}
		// Health without a key hides the indices; with one it lists them.
		anon, _ := http.Get(e.ts.URL + "/api/v1/health")
		ab, _ := io.ReadAll(anon.Body)
		anon.Body.Close()
		_, kb := e.do(t, http.MethodGet, "/api/v1/health", "")
		if strings.Contains(string(ab), `cluster_status`) || strings.Contains(string(ab), prefix(e)) || !strings.Contains(string(kb), `cluster_status`) {
			t.Errorf("health detail: anonymous %s / keyed %s", ab, kb)
		}
	})

	t.Run("metrics and spans", func(t *testing.T) {
		e.spans.Reset()
		resp, _ := e.do(t, http.MethodGet, "/api/v1/address/find?q="+strings.ReplaceAll(e.query, " ", "+"), "")
		if resp.StatusCode != 200 {
			t.Fatalf("find: %d", resp.StatusCode)
		}
		names := map[string]int{}
		var handlerID string
		for _, s := range e.spans.GetSpans() {
			names[s.Name]++
			if s.Name == "handler address.find" {
				handlerID = s.SpanContext.SpanID().String()
			}
		}
		if names["GET /api/v1/address/find"] != 1 || names["ratelimit Reserve"] != 1 || handlerID == "" {
			t.Fatalf("spans %v", names)
		}
		if again, _ := e.do(t, http.MethodGet, "/api/v1/address/find?q="+strings.ReplaceAll(e.query, " ", "+"), ""); again.Header.Get("X-Cache") != "hit" {
			t.Errorf("second find X-Cache %q", again.Header.Get("X-Cache"))
		}
		engine := 0
		for _, s := range e.spans.GetSpans() {
			if strings.HasPrefix(s.Name, "opensearch ") && s.Parent.SpanID().String() == handlerID {
				engine++
			}
		}
		if engine == 0 {
			t.Errorf("no engine span under the handler: %v", names)
		}
		rec := httptest.NewRecorder()
		e.metrics.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		for _, want := range []string{
			`propertyapi_http_requests_total{method="GET",route="address.find",status="200"}`,
			`propertyapi_http_requests_total{method="GET",route="properties.get",status="304"} 5`,
			`propertyapi_engine_request_duration_seconds_count{op="search",outcome="ok"}`,
			`propertyapi_quota_store_duration_seconds_count{op="Reserve",outcome="ok"}`,
			`propertyapi_result_cache_requests_total{result="miss",route="address.find"} 1`,
			`propertyapi_result_cache_requests_total{result="hit",route="address.find"} 1`,
			`propertyapi_calls_charged_total{route="properties.get"}`,
		} {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("/metrics lacks %s", want)
			}
		}
		if n := testutil.CollectAndCount(e.metrics.Registry, "propertyapi_http_requests_in_flight"); n != 1 {
			t.Errorf("in-flight gauge: %d series", n)
		}
	})

	t.Run("sdk", func(t *testing.T) {
		sdkEnv := append(os.Environ(),
			"PROPERTYAPI_BASE_URL="+e.ts.URL, "PROPERTYAPI_KEY="+e.keys.secret,
			"SDK_QUERY="+e.query, "SDK_UPRN="+e.uprn, "SDK_LAT=50.7236", "SDK_LNG=-3.5275")
		check := func(t *testing.T, out []byte) {
			var got struct {
				Find     struct{ Count int }
				Property struct{ UPRN int64 }
				Export   struct{ Rows int }
				Error    struct {
					Status    int
					Code      string
					RequestID string `json:"requestId"`
				}
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &got); err != nil {
				t.Fatalf("output: %v\n%s", err, out)
			}
			if got.Find.Count == 0 || fmt.Sprint(got.Property.UPRN) != e.uprn || got.Export.Rows == 0 ||
				got.Error.Status != 404 || got.Error.Code != "not_found" || got.Error.RequestID == "" {
				t.Errorf("SDK results: %s", out)
			}
		}
		t.Run("typescript", func(t *testing.T) {
			node, dir := sdkPrereq(t, "node", "../sdk/typescript", "dist/index.js")
			cmd := exec.Command(node, "test/smoke.mjs")
			cmd.Dir, cmd.Env = dir, sdkEnv
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			check(t, out)
		})
		t.Run("python", func(t *testing.T) {
			py, dir := sdkPrereq(t, "../var/sdk-venv/bin/python", "../sdk/python", "ukpd_propertyapi/__init__.py")
			cmd := exec.Command(py, "tests/smoke.py")
			cmd.Dir, cmd.Env = dir, append(sdkEnv, "PYTHONPATH="+dir)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			check(t, out)
		})
	})
}

// sdkPrereq finds the interpreter and the SDK folder, or skips (fails under
// CI=true): `make sdk-deps` prepares both.
func sdkPrereq(t *testing.T, bin, dir, built string) (string, string) {
	t.Helper()
	miss := func(what string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("SDK test: %s missing; run make sdk-deps", what)
		}
		t.Skipf("SDK test: %s missing; run make sdk-deps", what)
	}
	var err error
	if strings.Contains(bin, "/") {
		if bin, err = filepath.Abs(bin); err == nil {
			_, err = os.Stat(bin)
		}
	} else {
		bin, err = exec.LookPath(bin)
	}
	if err != nil {
		miss(bin)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(abs, built)); err != nil {
		miss(filepath.Join(dir, built))
	}
	return bin, abs
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
