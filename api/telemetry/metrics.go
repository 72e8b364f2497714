// Package telemetry holds the service's Prometheus metrics and OpenTelemetry
// tracing: the api.Observer that counts requests, decorators
// that time and trace every search-engine request and every quota-store
// (Redis) step, and the OTLP exporter set up from the standard OTEL_*
// environment variables. cmd/propertyapi wires it; the api package only
// knows the Observer interface and a TracerProvider.
package telemetry

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/ukpd/propertyapi/api"
)

// Namespace prefixes every metric name.
const Namespace = "propertyapi"

// Metrics is the service's Prometheus registry and collectors. It
// implements api.Observer.
type Metrics struct {
	Registry *prometheus.Registry

	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	bytes    *prometheus.CounterVec
	engine   *prometheus.HistogramVec
	store    *prometheus.HistogramVec
	cache    *prometheus.CounterVec
	charged  *prometheus.CounterVec
	refusals *prometheus.CounterVec
}

// latencyBuckets suit an API whose lookups take milliseconds and whose
// exports take seconds.
var latencyBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

// NewMetrics registers the collectors (and the Go runtime and process
// collectors) on a fresh registry.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "http_requests_total",
			Help: "HTTP requests by route (operation name), method and status."}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "http_request_duration_seconds",
			Help: "HTTP request latency by route and status.", Buckets: latencyBuckets}, []string{"route", "status"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Name: "http_requests_in_flight",
			Help: "Requests being served."}),
		bytes: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "http_response_bytes_total",
			Help: "Response body bytes before compression, by route."}, []string{"route"}),
		engine: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "engine_request_duration_seconds",
			Help: "Search engine (OpenSearch) request latency by operation and outcome.", Buckets: latencyBuckets}, []string{"op", "outcome"}),
		store: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "quota_store_duration_seconds",
			Help:    "Key and quota store (Redis) step latency by operation and outcome.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}}, []string{"op", "outcome"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "result_cache_requests_total",
			Help: "Result cache lookups (address find and postcode) by route and result (hit, miss); hit ratio = hit / (hit + miss)."}, []string{"route", "result"}),
		charged: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "calls_charged_total",
			Help: "Calls charged to quotas (call weights after refunds), by route."}, []string{"route"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "gate_refusals_total",
			Help: "Requests refused by the gate, by route and error code (rate_limit_exceeded: quota or per-second limit)."}, []string{"route", "code"}),
	}
	reg.MustRegister(m.requests, m.duration, m.inFlight, m.bytes, m.engine, m.store, m.cache, m.charged, m.refusals,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}

// InFlight implements api.Observer.
func (m *Metrics) InFlight(delta int) { m.inFlight.Add(float64(delta)) }

// gateCodes are the error codes of refusals by the gate.
var gateCodes = map[string]bool{
	api.CodeRateLimitExceeded: true, api.CodeEndpointNotAllowed: true,
	api.CodeAuthRequired: true, api.CodeOriginNotAllowed: true,
}

// Request implements api.Observer.
func (m *Metrics) Request(rec api.RequestRecord) {
	status := strconv.Itoa(rec.Status)
	m.requests.WithLabelValues(rec.Route, rec.Method, status).Inc()
	m.duration.WithLabelValues(rec.Route, status).Observe(rec.Duration.Seconds())
	m.bytes.WithLabelValues(rec.Route).Add(float64(rec.Bytes))
	if rec.Cache == "hit" || rec.Cache == "miss" {
		m.cache.WithLabelValues(rec.Route, rec.Cache).Inc()
	}
	if rec.Weight > 0 {
		m.charged.WithLabelValues(rec.Route).Add(float64(rec.Weight))
	}
	if gateCodes[rec.ErrCode] {
		m.refusals.WithLabelValues(rec.Route, rec.ErrCode).Inc()
	}
}

func outcome(err error) string {
	if err != nil {
		return "error"
	}
	return "ok"
}

func (m *Metrics) observeEngine(op string, start time.Time, err error) {
	if m != nil {
		m.engine.WithLabelValues(op, outcome(err)).Observe(time.Since(start).Seconds())
	}
}

func (m *Metrics) observeStore(op string, start time.Time, err error) {
	if m != nil {
		m.store.WithLabelValues(op, outcome(err)).Observe(time.Since(start).Seconds())
	}
}

var _ api.Observer = (*Metrics)(nil)
