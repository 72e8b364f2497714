package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/rs/zerolog"

	"go.opentelemetry.io/otel/trace"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/telemetry"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Gate settings read from the environment (besides REDIS_URL):
//
//	RATELIMIT_NAMESPACE   Redis key prefix shared with keyctl (default "ukpd:")
//	ANON_RATE_PER_SECOND  per-IP limit of anonymous calls to open routes
//	                      (default: the Free plan's rate; -1 disables)
//	TRUST_FORWARDED_FOR   "true" behind a proxy that appends X-Forwarded-For
//	AUTH_FAILURES_PER_MINUTE  failed authentications a client IP (IPv6: its /64)
//	                      may make a minute before they answer 429 (default 30; -1 disables)
//	DEV_API_KEY           with REDIS_URL=memory only: a key from `keyctl key generate`
//	                      registered in the in-process store (DEV_API_KEY_PLAN,
//	                      default free; DEV_API_KEY_TOKENS, a token balance)
const defaultNamespace = "ukpd:"

// wireGate installs authentication and metering: the Redis store when
// REDIS_URL names one (the default does), an in-process store for a single
// instance with REDIS_URL=memory.
func wireGate(ctx context.Context, cfg config, log zerolog.Logger, opts *api.Options, m *telemetry.Metrics, tp trace.TracerProvider) (func(), error) {
	return wireGateEnv(ctx, cfg, os.Getenv, log, opts, m, tp)
}

func wireGateEnv(ctx context.Context, cfg config, getenv func(string) string, log zerolog.Logger, opts *api.Options, m *telemetry.Metrics, tp trace.TracerProvider) (func(), error) {
	gopt := gate.Options{TrustForwardedFor: getenv("TRUST_FORWARDED_FOR") == "true"}
	if v := getenv("ANON_RATE_PER_SECOND"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n == 0 || n < -1 {
			return nil, fmt.Errorf("ANON_RATE_PER_SECOND: %q is not a positive integer or -1", v)
		}
		gopt.AnonPerSecond = n
	}
	if v := getenv("AUTH_FAILURES_PER_MINUTE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n == 0 || n < -1 {
			return nil, fmt.Errorf("AUTH_FAILURES_PER_MINUTE: %q is not a positive integer or -1", v)
		}
		gopt.AuthFailuresPerMinute = n
	}
	ns := getenv("RATELIMIT_NAMESPACE")
	if ns == "" {
		ns = defaultNamespace
	}
	if cfg.RedisURL == "" {
		log.Warn().Msg("REDIS_URL=memory: API keys, quotas and rate limits live in this process only (one instance, lost on restart); create keys with keyctl against Redis for production")
		svc := ratelimit.New(telemetry.InstrumentStore(ratelimit.NewMemoryStore(), "memory", m, tp), ratelimit.Options{Now: opts.Now})
		if err := importDevKey(ctx, svc, getenv, log); err != nil {
			return nil, err
		}
		opts.Gate = gate.New(svc, gopt).Wrap
		opts.Accounts = svc
		return func() {}, nil
	}
	ratelimit.SetRedisLogger(log) // go-redis's own lines, throttled (a failover makes thousands)
	conn, err := ratelimit.OpenRedis(cfg.RedisURL, 0)
	if err != nil {
		return nil, err
	}
	rdb := conn.Client
	store := conn.Store(ns)
	if err := store.Ping(ctx); err != nil {
		// Not fatal: the gate fails closed (503) until Redis answers.
		log.Error().Err(err).Msg("redis is not reachable yet: metered requests get 503 until it is")
	}
	if legacy, err := store.LegacyLayout(ctx); err == nil && legacy {
		log.Error().Msg("redis holds organisations and keys in the layout before hash tags: run `keyctl migrate layout` (keys created before it are not found until then)")
	}
	svc := ratelimit.New(telemetry.InstrumentStore(store, "redis", m, tp), ratelimit.Options{Now: opts.Now})
	opts.Gate = gate.New(svc, gopt).Wrap
	opts.Accounts = svc
	if opts.Health == nil {
		opts.Health = func(ctx context.Context) (string, string, error) {
			if err := store.Ping(ctx); err != nil {
				return "redis", "down", err
			}
			return "redis", "ok", nil
		}
	}
	log.Info().Str("namespace", ns).Msg("API key gate on Redis")
	return func() { _ = rdb.Close() }, nil
}

// importDevKey registers DEV_API_KEY in the in-process store so a
// development server can serve keyed routes; only its prefix is logged.
func importDevKey(ctx context.Context, svc *ratelimit.Service, getenv func(string) string, log zerolog.Logger) error {
	secret := getenv("DEV_API_KEY")
	if secret == "" {
		return nil
	}
	plan := getenv("DEV_API_KEY_PLAN")
	if plan == "" {
		plan = ratelimit.PlanFree
	}
	org, err := svc.CreateOrg(ctx, "development", 0)
	if err != nil {
		return err
	}
	k, err := svc.ImportKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: plan, Name: "DEV_API_KEY"}, secret)
	if err != nil {
		return fmt.Errorf("DEV_API_KEY: %w", err)
	}
	log.Info().Str("key_prefix", k.Prefix).Str("plan", k.Plan).Msg("development key registered in the in-process store")
	if v := getenv("DEV_API_KEY_TOKENS"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("DEV_API_KEY_TOKENS: %q is not a positive whole number of tokens", v)
		}
		if _, err := svc.AddTokens(ctx, org.ID, ratelimit.LedgerTopUp, n, "env:DEV_API_KEY_TOKENS", "development balance"); err != nil {
			return fmt.Errorf("DEV_API_KEY_TOKENS: %w", err)
		}
	}
	return nil
}
