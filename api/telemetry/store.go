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
//
// The hot-path methods are wrapped; the administrative ones (orgs, keys,
// ledger, reports) pass through the embedded store untimed.
type Store struct {
	ratelimit.Store
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
	return &Store{Store: s, m: m, tr: tp.Tracer(ScopeName), system: system}
}

func (s *Store) do(ctx context.Context, op string, f func(context.Context) error, attrs ...attribute.KeyValue) {
	t := time.Now()
	ctx, span := s.tr.Start(ctx, "ratelimit "+op, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(append(attrs, attribute.String("db.system", s.system), attribute.String("db.operation.name", op))...))
	err := f(ctx)
	if err != nil && !errors.Is(err, ratelimit.ErrUnknown) && !errors.Is(err, ratelimit.ErrInsufficientBalance) {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
		s.m.observeStore(op, t, err)
	} else {
		s.m.observeStore(op, t, nil)
	}
	span.End()
}

// KeyByHash implements ratelimit.Store: the key lookup of a request (the
// service caches keys in process, so most requests skip it).
func (s *Store) KeyByHash(ctx context.Context, hash string) (k ratelimit.Key, err error) {
	s.do(ctx, "KeyByHash", func(ctx context.Context) error { k, err = s.Store.KeyByHash(ctx, hash); return err })
	return k, err
}

// EmbedOriginKnown implements ratelimit.Store (CORS preflights of the relay).
func (s *Store) EmbedOriginKnown(ctx context.Context, tool, origin string) (ok bool, err error) {
	s.do(ctx, "EmbedOriginKnown", func(ctx context.Context) error { ok, err = s.Store.EmbedOriginKnown(ctx, tool, origin); return err })
	return ok, err
}

// Reserve implements ratelimit.Store: the quota step of every metered request.
func (s *Store) Reserve(ctx context.Context, c ratelimit.Charge) (n ratelimit.Counts, err error) {
	s.do(ctx, "Reserve", func(ctx context.Context) error { n, err = s.Store.Reserve(ctx, c); return err },
		attribute.Int("ratelimit.weight", c.Weight), attribute.String("ratelimit.route", c.Route))
	return n, err
}

// Adjust implements ratelimit.Store: refunds and reconciliations.
func (s *Store) Adjust(ctx context.Context, a ratelimit.Adjustment) (bal int64, err error) {
	s.do(ctx, "Adjust", func(ctx context.Context) error { bal, err = s.Store.Adjust(ctx, a); return err })
	return bal, err
}

// IdemBegin implements ratelimit.Store (requests with an Idempotency-Key).
func (s *Store) IdemBegin(ctx context.Context, orgID, key, fp, owner string, lease time.Duration) (r ratelimit.IdemResult, err error) {
	s.do(ctx, "IdemBegin", func(ctx context.Context) error {
		r, err = s.Store.IdemBegin(ctx, orgID, key, fp, owner, lease)
		return err
	})
	return r, err
}

// IdemFinish implements ratelimit.Store.
func (s *Store) IdemFinish(ctx context.Context, orgID, key, owner string, rec ratelimit.IdemRecord, ttl time.Duration) (err error) {
	s.do(ctx, "IdemFinish", func(ctx context.Context) error {
		err = s.Store.IdemFinish(ctx, orgID, key, owner, rec, ttl)
		return err
	})
	return err
}

var _ ratelimit.Store = (*Store)(nil)
