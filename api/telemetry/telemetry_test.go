package telemetry

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/rs/zerolog"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

// stubBackend answers health and alias calls; property lookups find one
// minimal record.
type stubBackend struct{ api.Backend }

func (stubBackend) Health(context.Context) (search.ClusterHealth, error) {
	return search.ClusterHealth{Status: "green", NumberOfNodes: 1}, nil
}
func (stubBackend) Aliases(context.Context, string) ([]search.AliasInfo, error) { return nil, nil }
func (stubBackend) Get(_ context.Context, _, id string) (json.RawMessage, bool, error) {
	return json.RawMessage(`{"uprn":` + id + `}`), true, nil
}
func (stubBackend) MGet(context.Context, string, []string) (map[string]json.RawMessage, error) {
	return map[string]json.RawMessage{}, nil
}
func (stubBackend) Search(context.Context, string, any) (*search.Response, error) {
	return &search.Response{}, nil
}
func (stubBackend) MSearch(_ context.Context, items []search.MultiItem) ([]*search.Response, error) {
	out := make([]*search.Response, len(items))
	for i := range out {
		out[i] = &search.Response{}
	}
	return out, nil
}

type env struct {
	srv    *api.Server
	exp    *tracetest.InMemoryExporter
	m      *Metrics
	secret string
}

func newEnv(t *testing.T, quota int) *env {
	t.Helper()
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })
	m := NewMetrics()
	svc := ratelimit.New(InstrumentStore(ratelimit.NewMemoryStore(), "memory", m, tp), ratelimit.Options{CacheTTL: -1})
	org, err := svc.CreateOrg(context.Background(), "acme", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, secret, err := svc.CreateKey(context.Background(), ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanStarter, QuotaOverride: quota})
	if err != nil {
		t.Fatal(err)
	}
	srv := api.NewServer(api.Options{Backend: InstrumentBackend(stubBackend{}, m, tp), Logger: zerolog.Nop(),
		Gate: gate.New(svc, gate.Options{}).Wrap, Observer: m, TracerProvider: tp})
	exp.Reset()
	return &env{srv: srv, exp: exp, m: m, secret: secret}
}

func (e *env) get(t *testing.T, target string, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	r.Header.Set("Authorization", "Api-Key "+e.secret)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, r)
	return rec
}

// One keyed request makes a server span named after the route template,
// with the request id; the quota step (Reserve) and the handler are its
// children, and the handler's engine requests are children of the handler.
func TestTracingSpans(t *testing.T) {
	e := newEnv(t, 0)
	rec := e.get(t, "/api/v1/health", "traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
	if rec.Code != 200 {
		t.Fatalf("health %d %s", rec.Code, rec.Body)
	}
	id := rec.Header().Get("X-Request-Id")
	spans := e.exp.GetSpans()
	byName := map[string]tracetest.SpanStub{}
	for _, s := range spans {
		byName[s.Name] = s
	}
	server, ok := byName["GET /api/v1/health"]
	if !ok {
		t.Fatalf("no server span; spans: %v", names(spans))
	}
	if server.SpanContext.TraceID().String() != "0af7651916cd43dd8448eb211c80319c" {
		t.Errorf("server span did not continue the caller's trace: %s", server.SpanContext.TraceID())
	}
	if got := attr(server, "request_id"); got != id || id == "" {
		t.Errorf("request_id attribute %q, X-Request-Id %q", got, id)
	}
	if got := attr(server, "http.route"); got != "/api/v1/health" {
		t.Errorf("http.route %q", got)
	}
	handler := byName["handler service.health"]
	reserve := byName["ratelimit Reserve"]
	engine := byName["opensearch health"]
	for name, s := range map[string]tracetest.SpanStub{"handler": handler, "reserve": reserve, "engine": engine} {
		if !s.SpanContext.IsValid() {
			t.Fatalf("no %s span; spans: %v", name, names(spans))
		}
	}
	if handler.Parent.SpanID() != server.SpanContext.SpanID() || reserve.Parent.SpanID() != server.SpanContext.SpanID() {
		t.Errorf("handler and quota step are not children of the server span")
	}
	if engine.Parent.SpanID() != handler.SpanContext.SpanID() {
		t.Errorf("engine span is not a child of the handler span")
	}
	if attr(handler, "request_id") != id {
		t.Errorf("handler span lacks the request id")
	}
}

func TestMetrics(t *testing.T) {
	e := newEnv(t, 2) // a quota of two calls
	for i := 0; i < 3; i++ {
		e.get(t, "/api/v1/properties/100040000001")
	}
	e.get(t, "/api/v1/health")
	e.get(t, "/api/v1/nope")
	if got := testutil.ToFloat64(e.m.requests.WithLabelValues("properties.get", "GET", "200")); got != 2 {
		t.Errorf("properties.get 200s %v, want 2", got)
	}
	if got := testutil.ToFloat64(e.m.requests.WithLabelValues("properties.get", "GET", "429")); got != 1 {
		t.Errorf("properties.get 429s %v, want 1", got)
	}
	if got := testutil.ToFloat64(e.m.refusals.WithLabelValues("properties.get", api.CodeRateLimitExceeded)); got != 1 {
		t.Errorf("quota refusals %v, want 1", got)
	}
	if got := testutil.ToFloat64(e.m.charged.WithLabelValues("properties.get")); got != 2 {
		t.Errorf("charged %v, want 2", got)
	}
	if got := testutil.ToFloat64(e.m.requests.WithLabelValues("unmatched", "GET", "404")); got != 1 {
		t.Errorf("unmatched %v", got)
	}
	if got := testutil.ToFloat64(e.m.inFlight); got != 0 {
		t.Errorf("in flight %v after all requests ended", got)
	}
	if n := testutil.CollectAndCount(e.m.engine); n == 0 {
		t.Error("no engine latency observed")
	}
	if n := testutil.CollectAndCount(e.m.store); n == 0 {
		t.Error("no quota store latency observed")
	}
	// Cache results are counted from X-Cache.
	e.m.Request(api.RequestRecord{Route: "address.find", Method: "GET", Status: 200, Cache: "hit"})
	if got := testutil.ToFloat64(e.m.cache.WithLabelValues("address.find", "hit")); got != 1 {
		t.Errorf("cache hits %v", got)
	}
	// The handler serves the text format.
	rec := httptest.NewRecorder()
	e.m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body := rec.Body.String()
	for _, want := range []string{
		`propertyapi_http_requests_total{method="GET",route="properties.get",status="200"} 2`,
		`propertyapi_http_request_duration_seconds_bucket{route="properties.get",status="200",le="+Inf"} 2`,
		`propertyapi_engine_request_duration_seconds_count{op="get",outcome="ok"}`,
		`propertyapi_quota_store_duration_seconds_count{op="Reserve",outcome="ok"}`,
		`propertyapi_http_requests_in_flight 0`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func TestTracingEnabled(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		get  func(string) string
		want bool
	}{
		{env(), false},
		{env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"), true},
		{env("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:4318/v1/traces"), true},
		{env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://x", "OTEL_SDK_DISABLED", "true"), false},
		{env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://x", "OTEL_TRACES_EXPORTER", "none"), false},
	} {
		if got := TracingEnabled(c.get); got != c.want {
			t.Errorf("TracingEnabled = %v, want %v", got, c.want)
		}
	}
	tp, stop, err := SetupTracing(context.Background(), env())
	if err != nil || tp == nil {
		t.Fatal(err)
	}
	_ = stop(context.Background())
	if _, _, err := SetupTracing(context.Background(), env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://x", "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")); err == nil {
		t.Error("grpc protocol accepted")
	}
}

func names(spans tracetest.SpanStubs) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.Name)
	}
	return out
}

func attr(s tracetest.SpanStub, key string) string {
	for _, a := range s.Attributes {
		if string(a.Key) == key {
			return a.Value.String()
		}
	}
	return ""
}
