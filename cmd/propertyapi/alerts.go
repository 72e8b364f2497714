package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Alert settings read from the environment (docs/alerts.md):
//
//	ALERTS_SECRET_KEY       32-byte key (64 hex digits or base64) sealing webhook
//	                        secrets at rest; unset = webhook alerts refused (stream only)
//	ALERTS_WEBHOOK_ALLOW    comma-separated IPs/CIDRs webhook targets may use although
//	                        loopback/private/link-local (default none)
//	ALERTS_WEBHOOK_PORTS    comma-separated ports webhooks may use, or "any" (default 443,80)
//	ALERTS_DELIVERER        run the webhook deliverer in this process (default true)
//	ALERTS_DELIVERER_NAME   its consumer name in the Redis group (default deliverer-1)
//	ALERTS_EVENT_RETENTION  how long events stay in the streams (default 168h, min 25h)
//	ALERTS_STREAM_MAX_EVENTS  events kept per organisation's stream at most (default 100000)
//
// Alerts need Redis; with REDIS_URL=memory the alert routes answer 503.
func wireAlerts(ctx context.Context, cfg config, getenv func(string) string, sc *search.Client, log zerolog.Logger, opts *api.Options) (func(), error) {
	if cfg.RedisURL == "" {
		log.Warn().Msg("REDIS_URL=memory: saved searches and alerts are off (their routes answer 503)")
		return func() {}, nil
	}
	// Saving, changing and deleting an alert are rare writes whose caller
	// waits for the answer: they get an engine client of their own with a
	// longer timeout (alerts.EngineTimeout), so a slow engine makes them
	// slow rather than 504 (the searches of the API keep SEARCH_TIMEOUT).
	asc, err := search.New(search.Config{URLs: cfg.OpenSearchURLs, RequestTimeout: max(cfg.SearchTimeout, alerts.EngineTimeout), Compression: cfg.Compression})
	if err != nil {
		return nil, err
	}
	acfg := alerts.Config{Engine: asc, IndexPrefix: cfg.IndexPrefix, Namespace: getenv("RATELIMIT_NAMESPACE")}
	if v := getenv("ALERTS_SECRET_KEY"); v != "" {
		key, err := alerts.ParseKey(v)
		if err != nil {
			return nil, err
		}
		if acfg.Box, err = alerts.NewBox(key); err != nil {
			return nil, fmt.Errorf("ALERTS_SECRET_KEY: %w", err)
		}
	} else {
		log.Warn().Msg("ALERTS_SECRET_KEY is not set: webhook alerts are refused; stream-only alerts work")
	}
	allow, err := alerts.ParseAllow(getenv("ALERTS_WEBHOOK_ALLOW"))
	if err != nil {
		return nil, err
	}
	ports, anyPort, err := alerts.ParsePorts(getenv("ALERTS_WEBHOOK_PORTS"))
	if err != nil {
		return nil, err
	}
	acfg.Guard = &alerts.Guard{Allow: allow, Ports: ports, AnyPort: anyPort}
	if v := getenv("ALERTS_STREAM_MAX_EVENTS"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1000 {
			return nil, fmt.Errorf("ALERTS_STREAM_MAX_EVENTS: %q is not a whole number of at least 1000", v)
		}
		acfg.MaxEvents = n
	}
	if v := getenv("ALERTS_EVENT_RETENTION"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 25*time.Hour {
			return nil, fmt.Errorf("ALERTS_EVENT_RETENTION: %q is not a duration of at least 25h", v)
		}
		acfg.Retention = d
	}
	conn, err := ratelimit.OpenRedis(cfg.RedisURL, 0)
	if err != nil {
		return nil, err
	}
	// A pool of its own: streams and the deliverer never starve the gate.
	rdb := conn.Client
	acfg.Redis = rdb
	svc := alerts.New(acfg)
	opts.Alerts = svc
	if err := svc.EnsureIndex(ctx); err != nil {
		log.Error().Err(err).Msg("alerts: percolator index not created yet (retried on the first save)")
	}
	run := true
	if v := getenv("ALERTS_DELIVERER"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			_ = rdb.Close()
			return nil, fmt.Errorf("ALERTS_DELIVERER: %q is not true or false", v)
		}
		run = b
	}
	dctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	if run {
		name := strings.TrimSpace(getenv("ALERTS_DELIVERER_NAME"))
		d := alerts.NewDeliverer(svc, alerts.DelivererConfig{Consumer: name, Logger: log.With().Str("component", "alerts-deliverer").Logger()})
		go func() {
			defer close(done)
			_ = d.Run(dctx)
		}()
		log.Info().Msg("alerts deliverer running in this process")
	} else {
		close(done)
	}
	return func() {
		stop()
		<-done
		_ = rdb.Close()
	}, nil
}
