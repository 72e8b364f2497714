package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/addrmatch"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Bulk address-match job settings read from the environment
// (docs/matching.md):
//
//	JOBS_DIR        directory of the jobs' files, shared by every instance (default var/jobs)
//	JOBS_RUNNER     run the job runner in this process (default true)
//	JOBS_CONSUMER   this runner's name in the Redis consumer group (default hostname-pid)
//	JOBS_SLOTS      jobs this process works on at once (default 2)
//	JOBS_LEASE      a job whose worker stops committing this long is taken over (default 30s)
//	JOBS_RETENTION  how long finished jobs and their files are kept (default 168h)
//	JOBS_REQUEUE_AFTER  a job recorded but never queued (its process died) this long is queued (default 1m)
//	JOBS_MATCH_FILTERED  false: the matcher skips its filtered retrieval (every row it would serve takes the scored query; for comparison)
//
// Jobs need REDIS_URL; without it the job routes answer 503.
func wireJobs(ctx context.Context, cfg config, getenv func(string) string, sc *search.Client, log zerolog.Logger, opts *api.Options) (func(), error) {
	svc, ok := opts.Accounts.(*ratelimit.Service)
	if cfg.RedisURL == "" || !ok {
		log.Warn().Msg("REDIS_URL is not set: bulk address-match jobs are off (their routes answer 503)")
		return func() {}, nil
	}
	jc := jobs.Config{Namespace: getenv("RATELIMIT_NAMESPACE"), Dir: getenv("JOBS_DIR"), Limits: svc, Logger: log,
		Matcher: &addrmatch.Matcher{Search: sc, Index: cfg.IndexPrefix + mappings.IndexAddresses, Thresholds: addrmatch.DefaultThresholds}}
	switch v := getenv("JOBS_MATCH_FILTERED"); v {
	case "", "true":
	case "false":
		jc.Matcher.Unfiltered = true
	default:
		return nil, fmt.Errorf("JOBS_MATCH_FILTERED: %q is not true or false", v)
	}
	if jc.Namespace == "" {
		jc.Namespace = "ukpd:"
	}
	if jc.Dir == "" {
		jc.Dir = "var/jobs"
	}
	if err := os.MkdirAll(jc.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("JOBS_DIR: %w", err)
	}
	host, _ := os.Hostname()
	jc.Consumer = getenv("JOBS_CONSUMER")
	if jc.Consumer == "" {
		jc.Consumer = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	for _, d := range []struct {
		name string
		dst  *time.Duration
	}{{"JOBS_LEASE", &jc.Lease}, {"JOBS_RETENTION", &jc.Retention}, {"JOBS_REQUEUE_AFTER", &jc.RequeueAfter}} {
		if v := getenv(d.name); v != "" {
			x, err := time.ParseDuration(v)
			if err != nil || x <= 0 {
				return nil, fmt.Errorf("%s: %q is not a positive duration", d.name, v)
			}
			*d.dst = x
		}
	}
	if v := getenv("JOBS_SLOTS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 64 {
			return nil, fmt.Errorf("JOBS_SLOTS: %q is not a number from 1 to 64", v)
		}
		jc.Slots = n
	}
	run := true
	if v := getenv("JOBS_RUNNER"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("JOBS_RUNNER: %q is not true or false", v)
		}
		run = b
	}
	conn, err := ratelimit.OpenRedis(cfg.RedisURL, 0)
	if err != nil {
		return nil, err
	}
	jc.Redis = conn.Client // a pool of its own: blocking queue reads never starve the gate
	js := jobs.New(jc)
	opts.Jobs = js
	if !run {
		return func() { _ = conn.Close() }, nil
	}
	rctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := js.Run(rctx); err != nil {
			log.Error().Err(err).Msg("jobs: runner stopped")
		}
	}()
	log.Info().Str("consumer", jc.Consumer).Str("dir", jc.Dir).Msg("address-match job runner started")
	return func() { stop(); <-done; _ = conn.Close() }, nil
}
