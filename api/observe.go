package api

// Observability hooks: the base middleware reports every request
// to Options.Observer (Prometheus metrics in api/telemetry) and opens an
// OpenTelemetry server span; each route adds a child span around its
// handler. Both are off (no-ops) unless cmd/propertyapi configures them.

import (
	"context"
	"net/http"
	"strings"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// TracerName is the instrumentation scope of the API's spans.
const TracerName = "github.com/ukpd/propertyapi/api"

// RequestRecord is one finished request as the observer sees it.
type RequestRecord struct {
	// Route is the operation name ("address.find"), "demo", "docs" or
	// "unmatched" (404s, method not allowed).
	Route    string
	Method   string
	Status   int
	Duration time.Duration
	// Weight is the number of calls charged (after refunds).
	Weight  int
	ErrCode string
	// Cache is the X-Cache result of the response ("hit", "miss" or "").
	Cache string
	Bytes int64
}

// Observer receives request metrics. Implementations must be safe for
// concurrent use and cheap.
type Observer interface {
	InFlight(delta int)
	Request(rec RequestRecord)
}

func (s *Server) tracer() trace.Tracer {
	tp := s.opt.TracerProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	return tp.Tracer(TracerName)
}

// startRequestSpan opens the server span of a request, continuing a W3C
// traceparent from the caller when there is one.
func (s *Server) startRequestSpan(r *http.Request, id string) (context.Context, trace.Span) {
	ctx := propagation.TraceContext{}.Extract(r.Context(), propagation.HeaderCarrier(r.Header))
	return s.tr.Start(ctx, r.Method+" "+r.URL.Path, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(
			attribute.String("http.request.method", r.Method),
			attribute.String("url.path", r.URL.Path),
			attribute.String("request_id", id),
		))
}

// endRequestSpan records the outcome on the server span.
func endRequestSpan(span trace.Span, status int, ci *CallInfo) {
	span.SetAttributes(attribute.Int("http.response.status_code", status))
	if ci != nil {
		span.SetAttributes(attribute.Int("call.weight", ci.Weight))
		if ci.ErrCode != "" {
			span.SetAttributes(attribute.String("error.code", ci.ErrCode))
		}
		if ci.KeyPrefix != "" {
			span.SetAttributes(attribute.String("api_key.prefix", ci.KeyPrefix))
		}
	}
	if status >= 500 {
		span.SetStatus(codes.Error, http.StatusText(status))
	}
	span.End()
}

// observeRoute names the server span after the matched route template.
func (s *Server) observeRoute(r *http.Request, rt *Route) {
	span := trace.SpanFromContext(r.Context())
	if !span.IsRecording() {
		return
	}
	prefix := "/api"
	if strings.HasPrefix(r.URL.Path, "/api/v1/") {
		prefix = "/api/v1"
	}
	span.SetName(r.Method + " " + prefix + rt.Path)
	span.SetAttributes(attribute.String("http.route", prefix+rt.Path), attribute.String("operation", rt.Name))
}

// withHandlerSpan wraps a route's handler (after the gate) in its own span,
// so the quota step and the handler's engine requests sit side by side.
func (s *Server) withHandlerSpan(rt *Route, next http.Handler) http.Handler {
	name := "handler " + rt.Name
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !trace.SpanFromContext(r.Context()).IsRecording() {
			next.ServeHTTP(w, r)
			return
		}
		ctx, span := s.tr.Start(r.Context(), name, trace.WithAttributes(
			attribute.String("operation", rt.Name), attribute.String("request_id", requestID(r.Context()))))
		defer span.End()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// routeLabel is the metrics label of a finished request.
func routeLabel(ci *CallInfo, path string) string {
	if ci != nil && ci.Route != nil {
		return ci.Route.Name
	}
	switch {
	case path == "/demo" || strings.HasPrefix(path, "/demo/"):
		return "demo"
	case path == "/docs" || strings.HasPrefix(path, "/docs/"):
		return "docs"
	}
	return "unmatched"
}
