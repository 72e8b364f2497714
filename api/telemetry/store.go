package telemetry

import (
	"context"
	"errors"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/ukpd/propertyapi/ratelimit"
)

// Store times and traces every step of the key and quota store (Redis in
// production): a span "ratelimit <Op>" per call (Reserve is the quota
// step, Adjust the refund or reconciliation) and one observation of
// quota_store_duration_seconds. Unknown keys are outcomes, not errors.
type Store struct {
	next   ratelimit.Store
	m      *Metrics
	tr     trace.Tracer
	system string
}

// InstrumentStore wraps s; system names the backing store in spans
// ("redis" or "memory"); m and tp may be nil.
func InstrumentStore(s ratelimit.Store, system string, m *Metrics, tp trace.TracerProvider) *Store {
	if tp == nil {
		tp = noop.NewTracerProvider()
	}
	return &Store{next: s, m: m, tr: tp.Tracer(ScopeName), system: system}
}

func (s *Store) do(ctx context.Context, op string, f func(context.Context) error, attrs ...attribute.KeyValue) {
	t := time.Now()
	ctx, span := s.tr.Start(ctx, "ratelimit "+op, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(append(attrs, attribute.String("db.system", s.system), attribute.String("db.operation.name", op))...))
	err := f(ctx)
	if err != nil && !errors.Is(err, ratelimit.ErrUnknown) {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
		s.m.observeStore(op, t, err)
	} else {
		s.m.observeStore(op, t, nil)
	}
	span.End()
}

// PutOrg implements ratelimit.Store.
func (s *Store) PutOrg(ctx context.Context, o ratelimit.Org) (err error) {
	s.do(ctx, "PutOrg", func(ctx context.Context) error { err = s.next.PutOrg(ctx, o); return err })
	return err
}

// Org implements ratelimit.Store.
func (s *Store) Org(ctx context.Context, id string) (o ratelimit.Org, err error) {
	s.do(ctx, "Org", func(ctx context.Context) error { o, err = s.next.Org(ctx, id); return err })
	return o, err
}

// Orgs implements ratelimit.Store.
func (s *Store) Orgs(ctx context.Context) (o []ratelimit.Org, err error) {
	s.do(ctx, "Orgs", func(ctx context.Context) error { o, err = s.next.Orgs(ctx); return err })
	return o, err
}

// PutKey implements ratelimit.Store.
func (s *Store) PutKey(ctx context.Context, k ratelimit.Key) (err error) {
	s.do(ctx, "PutKey", func(ctx context.Context) error { err = s.next.PutKey(ctx, k); return err })
	return err
}

// Key implements ratelimit.Store.
func (s *Store) Key(ctx context.Context, id string) (k ratelimit.Key, err error) {
	s.do(ctx, "Key", func(ctx context.Context) error { k, err = s.next.Key(ctx, id); return err })
	return k, err
}

// KeyByHash implements ratelimit.Store.
func (s *Store) KeyByHash(ctx context.Context, hash string) (k ratelimit.Key, err error) {
	s.do(ctx, "KeyByHash", func(ctx context.Context) error { k, err = s.next.KeyByHash(ctx, hash); return err })
	return k, err
}

// OrgKeys implements ratelimit.Store.
func (s *Store) OrgKeys(ctx context.Context, orgID string) (k []ratelimit.Key, err error) {
	s.do(ctx, "OrgKeys", func(ctx context.Context) error { k, err = s.next.OrgKeys(ctx, orgID); return err })
	return k, err
}

// EmbedOriginKnown implements ratelimit.Store.
func (s *Store) EmbedOriginKnown(ctx context.Context, tool, origin string) (ok bool, err error) {
	s.do(ctx, "EmbedOriginKnown", func(ctx context.Context) error { ok, err = s.next.EmbedOriginKnown(ctx, tool, origin); return err })
	return ok, err
}

// Reserve implements ratelimit.Store: the quota step of every metered request.
func (s *Store) Reserve(ctx context.Context, c ratelimit.Charge) (n ratelimit.Counts, err error) {
	s.do(ctx, "Reserve", func(ctx context.Context) error { n, err = s.next.Reserve(ctx, c); return err },
		attribute.Int("ratelimit.weight", c.Weight), attribute.String("ratelimit.route", c.Route))
	return n, err
}

// Adjust implements ratelimit.Store: refunds and reconciliations.
func (s *Store) Adjust(ctx context.Context, a ratelimit.Adjustment) (err error) {
	s.do(ctx, "Adjust", func(ctx context.Context) error { err = s.next.Adjust(ctx, a); return err },
		attribute.Int("ratelimit.delta", a.Delta))
	return err
}

// Usage implements ratelimit.Store.
func (s *Store) Usage(ctx context.Context, meter, period, route string) (n int, err error) {
	s.do(ctx, "Usage", func(ctx context.Context) error { n, err = s.next.Usage(ctx, meter, period, route); return err })
	return n, err
}

var _ ratelimit.Store = (*Store)(nil)
