package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/internal/svcenv"
	"github.com/ukpd/propertyapi/ratelimit"
)

// alertsHook returns the change handler that percolates changed listings
// and sale events against the saved searches and appends the events to
// the organisations' Redis streams. With REDIS_URL=memory, with
// ALERTS_PERCOLATE=false, or when no Redis answers at the default URL there
// is none: loads and applies run without alerts, and say so.
func alertsHook(ctx context.Context, getenv func(string) string, prefix string, log zerolog.Logger) (indexer.ChangeFunc, func(), error) {
	if strings.EqualFold(getenv("ALERTS_PERCOLATE"), "false") {
		return nil, func() {}, nil
	}
	ru, explicit := svcenv.RedisURL(getenv)
	if ru == "" {
		log.Info().Msg("REDIS_URL=memory: changed documents are not percolated against saved searches (no alert events)")
		return nil, func() {}, nil
	}
	ratelimit.SetRedisLogger(log) // go-redis's own lines, throttled (a failover makes thousands)
	conn, err := ratelimit.OpenRedis(ru, 0)
	if err != nil {
		return nil, nil, err
	}
	rdb := conn.Client
	if err := rdb.Ping(ctx).Err(); err != nil {
		_ = rdb.Close()
		if !explicit {
			// The default names a local Redis that is not running: a load
			// needs no Redis, so go on without alert events and say so.
			log.Warn().Str("redis", ru).Msg("no Redis answers at the default REDIS_URL: changed documents are not percolated against saved searches (no alert events); set REDIS_URL, or REDIS_URL=memory to silence this")
			return nil, func() {}, nil
		}
		return nil, nil, fmt.Errorf("alerts: redis: %w", err)
	}
	sc, err := search.New(search.Config{URLs: openSearchURLs(getenv), RequestTimeout: time.Minute})
	if err != nil {
		_ = rdb.Close()
		return nil, nil, err
	}
	ns := getenv("RATELIMIT_NAMESPACE")
	if ns == "" {
		ns = "ukpd:"
	}
	svc := alerts.New(alerts.Config{Engine: sc, Redis: rdb, IndexPrefix: prefix, Namespace: ns})
	var events int
	hook := func(ctx context.Context, changes []indexer.Change) error {
		in := make([]alerts.Change, len(changes))
		for i, c := range changes {
			in[i] = alerts.Change{Index: c.Index, ID: c.ID, Before: c.Before, After: c.After}
		}
		evs, err := svc.Process(ctx, in)
		if err != nil {
			return err
		}
		events += len(evs)
		return nil
	}
	return hook, func() {
		if events > 0 {
			log.Info().Int("events", events).Msg("alert events appended")
		}
		_ = rdb.Close()
	}, nil
}

func runApply(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("apply", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("file", "", "change file: NDJSON of upserts and deletes (required; see docs/alerts.md)")
	prefix := fs.String("prefix", getenv("INDEX_PREFIX"), "alias prefix (default $INDEX_PREFIX)")
	batch := fs.Int("batch", indexer.ChangeBatch, "lines per batch")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *file == "" {
		return errors.New("apply: --file is required")
	}
	ret, feed, err := feedConfig(getenv)
	if err != nil {
		return fmt.Errorf("apply: %w", err)
	}
	log := newLogger(stderr)
	hook, done, err := alertsHook(ctx, getenv, *prefix, log)
	if err != nil {
		return err
	}
	defer done()
	rep, err := indexer.Apply(ctx, indexer.ApplyConfig{URLs: openSearchURLs(getenv), Prefix: *prefix, Logger: log, OnChanges: hook, Batch: *batch, Retention: ret, FeedDatasets: feed}, *file)
	if rep != nil {
		rep.WriteText(stdout)
	}
	return err
}
