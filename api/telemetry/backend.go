package telemetry

import (
	"context"
	"encoding/json"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
)

// ScopeName is the instrumentation scope of the decorators' spans.
const ScopeName = "github.com/ukpd/propertyapi/api/telemetry"

// Backend times and traces every search-engine request of an api.Backend:
// one client span per request ("opensearch search", attribute db.namespace
// = the alias) and one observation of engine_request_duration_seconds.
type Backend struct {
	next api.Backend
	m    *Metrics
	tr   trace.Tracer
}

// InstrumentBackend wraps b; m and tp may be nil (no metrics, no spans).
func InstrumentBackend(b api.Backend, m *Metrics, tp trace.TracerProvider) *Backend {
	if tp == nil {
		tp = noop.NewTracerProvider()
	}
	return &Backend{next: b, m: m, tr: tp.Tracer(ScopeName)}
}

func (b *Backend) start(ctx context.Context, op, index string) (context.Context, trace.Span, time.Time) {
	attrs := []attribute.KeyValue{attribute.String("db.system", "opensearch"), attribute.String("db.operation.name", op)}
	if index != "" {
		attrs = append(attrs, attribute.String("db.namespace", index))
	}
	ctx, span := b.tr.Start(ctx, "opensearch "+op, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
	return ctx, span, time.Now()
}

func (b *Backend) end(span trace.Span, op string, start time.Time, err error) {
	b.m.observeEngine(op, start, err)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

// Search implements api.Backend.
func (b *Backend) Search(ctx context.Context, index string, body any) (*search.Response, error) {
	ctx, span, t := b.start(ctx, "search", index)
	r, err := b.next.Search(ctx, index, body)
	b.end(span, "search", t, err)
	return r, err
}

// MSearch implements api.Backend.
func (b *Backend) MSearch(ctx context.Context, items []search.MultiItem) ([]*search.Response, error) {
	ctx, span, t := b.start(ctx, "msearch", "")
	span.SetAttributes(attribute.Int("db.operation.batch.size", len(items)))
	r, err := b.next.MSearch(ctx, items)
	b.end(span, "msearch", t, err)
	return r, err
}

// Get implements api.Backend.
func (b *Backend) Get(ctx context.Context, index, id string) (json.RawMessage, bool, error) {
	ctx, span, t := b.start(ctx, "get", index)
	r, ok, err := b.next.Get(ctx, index, id)
	b.end(span, "get", t, err)
	return r, ok, err
}

// MGet implements api.Backend.
func (b *Backend) MGet(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	ctx, span, t := b.start(ctx, "mget", index)
	r, err := b.next.MGet(ctx, index, ids)
	b.end(span, "mget", t, err)
	return r, err
}

// Count implements api.Backend.
func (b *Backend) Count(ctx context.Context, index string, body any) (int64, error) {
	ctx, span, t := b.start(ctx, "count", index)
	r, err := b.next.Count(ctx, index, body)
	b.end(span, "count", t, err)
	return r, err
}

// OpenPIT implements api.Backend.
func (b *Backend) OpenPIT(ctx context.Context, index string, keepAlive time.Duration) (string, error) {
	ctx, span, t := b.start(ctx, "open_pit", index)
	r, err := b.next.OpenPIT(ctx, index, keepAlive)
	b.end(span, "open_pit", t, err)
	return r, err
}

// ClosePIT implements api.Backend.
func (b *Backend) ClosePIT(ctx context.Context, pitID string) error {
	ctx, span, t := b.start(ctx, "close_pit", "")
	err := b.next.ClosePIT(ctx, pitID)
	b.end(span, "close_pit", t, err)
	return err
}

// SearchPIT implements api.Backend.
func (b *Backend) SearchPIT(ctx context.Context, body any) (*search.Response, error) {
	ctx, span, t := b.start(ctx, "search_pit", "")
	r, err := b.next.SearchPIT(ctx, body)
	b.end(span, "search_pit", t, err)
	return r, err
}

// Health implements api.Backend.
func (b *Backend) Health(ctx context.Context) (search.ClusterHealth, error) {
	ctx, span, t := b.start(ctx, "health", "")
	r, err := b.next.Health(ctx)
	b.end(span, "health", t, err)
	return r, err
}

// Aliases implements api.Backend.
func (b *Backend) Aliases(ctx context.Context, prefix string) ([]search.AliasInfo, error) {
	ctx, span, t := b.start(ctx, "aliases", "")
	r, err := b.next.Aliases(ctx, prefix)
	b.end(span, "aliases", t, err)
	return r, err
}

var _ api.Backend = (*Backend)(nil)
