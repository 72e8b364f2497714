// Command propertyapi serves the UK property data HTTP API.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/pprof"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/api/telemetry"
	"github.com/ukpd/propertyapi/internal/svcenv"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "propertyapi:", err)
		os.Exit(1)
	}
}

// config is read from the environment; every variable has a default.
type config struct {
	ListenAddr     string
	OpenSearchURLs []string
	RedisURL       string
	LogLevel       zerolog.Level
	IndexPrefix    string
	SearchTimeout  time.Duration
	ShutdownGrace  time.Duration
	// PprofAddr, when set, serves net/http/pprof on a separate listener
	// (keep it on loopback: profiles reveal internals).
	PprofAddr string
	// Compression asks OpenSearch for gzip responses (for a remote cluster).
	Compression bool
	// FindCache sizes the typeahead result cache.
	FindCache api.FindCacheConfig
	// MetricsAddr, when set, serves Prometheus /metrics on its own listener.
	MetricsAddr string
	// DrainDelay is how long /ready answers 503 before the listener closes
	// at shutdown, so load balancers stop sending requests first.
	DrainDelay time.Duration
	// HTTP conventions.
	CacheMaxAge         int
	ResponseCompression api.CompressionConfig
	Deprecation         api.DeprecationConfig
	HealthDetail        bool
	PublicBaseURL       string
}

func loadConfig(getenv func(string) string) (config, error) {
	c := config{
		ListenAddr:    ":8080",
		LogLevel:      zerolog.InfoLevel,
		SearchTimeout: 5 * time.Second,
		ShutdownGrace: 15 * time.Second,
		FindCache:     api.FindCacheConfig{Entries: api.DefaultFindCacheEntries, TTL: api.DefaultFindCacheTTL},
		DrainDelay:    defaultDrainDelay,
	}
	if v := getenv("LISTEN_ADDR"); v != "" {
		c.ListenAddr = v
	}
	for _, u := range strings.Split(svcenv.OpenSearchURL(getenv), ",") {
		u = strings.TrimSpace(u)
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			return c, fmt.Errorf("OPENSEARCH_URL: %q is not an http(s) URL", redactURLs([]string{u})[0])
		}
		c.OpenSearchURLs = append(c.OpenSearchURLs, u)
	}
	c.RedisURL, _ = svcenv.RedisURL(getenv)
	if c.RedisURL != "" && !strings.HasPrefix(c.RedisURL, "redis") {
		return c, fmt.Errorf("REDIS_URL: not a redis://, rediss://, redis-sentinel:// or redis-cluster:// URL (or %q for the in-process store)", svcenv.RedisMemory)
	}
	if v := getenv("LOG_LEVEL"); v != "" {
		l, err := zerolog.ParseLevel(strings.ToLower(v))
		if err != nil || l == zerolog.NoLevel {
			return c, fmt.Errorf("LOG_LEVEL: %q is not one of debug, info, warn, error", v)
		}
		c.LogLevel = l
	}
	c.IndexPrefix = getenv("INDEX_PREFIX")
	c.PprofAddr = getenv("PPROF_ADDR")
	if v := getenv("ADDRESS_CACHE_ENTRIES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return c, fmt.Errorf("ADDRESS_CACHE_ENTRIES: %q is not a count (0 disables the cache)", v)
		}
		c.FindCache.Entries = n
	}
	if v := getenv("ADDRESS_CACHE_TTL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("ADDRESS_CACHE_TTL: %q is not a positive duration such as 60s", v)
		}
		c.FindCache.TTL = d
	}
	if v := getenv("OPENSEARCH_COMPRESSION"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return c, fmt.Errorf("OPENSEARCH_COMPRESSION: %q is not true or false", v)
		}
		c.Compression = b
	}
	if err := loadHTTPConfig(&c, getenv); err != nil {
		return c, err
	}
	if v := getenv("SEARCH_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("SEARCH_TIMEOUT: %q is not a positive duration such as 5s", v)
		}
		c.SearchTimeout = d
	}
	return c, nil
}

// redactURLs hides the credentials of URLs for the log (OPENSEARCH_URL
// may carry user:password@): the user info becomes REDACTED.
func redactURLs(urls []string) []string {
	out := make([]string, len(urls))
	for i, raw := range urls {
		u, err := url.Parse(raw)
		switch {
		case err != nil:
			out[i] = "(unparsable URL)"
		case u.User != nil:
			u.User = url.User("REDACTED")
			out[i] = u.String()
		default:
			out[i] = raw
		}
	}
	return out
}

func newLogger(w io.Writer, level zerolog.Level) zerolog.Logger {
	if f, ok := w.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		w = zerolog.ConsoleWriter{Out: w, TimeFormat: time.Kitchen}
	}
	return zerolog.New(w).Level(level).With().Timestamp().Logger()
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if done, err := handleArgs(args, stdout); done || err != nil {
		return err
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(stdout, cfg.LogLevel)
	sc, err := search.New(search.Config{URLs: cfg.OpenSearchURLs, RequestTimeout: cfg.SearchTimeout, Compression: cfg.Compression})
	if err != nil {
		return err
	}
	tp, stopTracing, err := telemetry.SetupTracing(ctx, getenv)
	if err != nil {
		return err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := stopTracing(sctx); err != nil {
			log.Warn().Err(err).Msg("flushing traces failed")
		}
	}()
	var metrics *telemetry.Metrics
	if cfg.MetricsAddr != "" {
		metrics = telemetry.NewMetrics()
	}
	opts := api.Options{Backend: telemetry.InstrumentBackend(sc, metrics, tp), Logger: log, IndexPrefix: cfg.IndexPrefix, FindCache: cfg.FindCache,
		DemoPublicKey: getenv("DEMO_PUBLIC_KEY"), DemoTileURL: getenv("DEMO_TILE_URL"), MapStyleURL: getenv("MAP_STYLE_URL"),
		CacheMaxAge: cfg.CacheMaxAge, Compression: cfg.ResponseCompression, Deprecation: cfg.Deprecation,
		HealthDetail: cfg.HealthDetail, TracerProvider: tp, PublicBaseURL: cfg.PublicBaseURL,
		// Provenance (X-Data-Source, X-Data-Release, /health) from the
		// indexer's meta index under this server's prefix. The backend
		// above is wrapped for telemetry, so NewServer cannot tell it is the
		// real client: wire it here.
		DataSources: api.MetaDataSources(sc, cfg.IndexPrefix)}
	if metrics != nil {
		opts.Observer = metrics
	}
	if f := getenv("SCHEMA_EXAMPLES_FILE"); f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("SCHEMA_EXAMPLES_FILE: %w", err)
		}
		if err := json.Unmarshal(b, &opts.SchemaExamples); err != nil {
			return fmt.Errorf("SCHEMA_EXAMPLES_FILE %s: not a JSON object of parameter examples: %w", f, err)
		}
	}
	cleanup, err := wireGate(ctx, cfg, log, &opts, metrics, tp)
	if err != nil {
		return err
	}
	defer cleanup()
	stopAlerts, err := wireAlerts(ctx, cfg, getenv, sc, log, &opts)
	if err != nil {
		return err
	}
	defer stopAlerts()
	stopJobs, err := wireJobs(ctx, cfg, getenv, sc, log, &opts)
	if err != nil {
		return err
	}
	defer stopJobs()
	apiSrv := api.NewServer(opts)
	srv := &http.Server{
		Addr:              cfg.ListenAddr,
		Handler:           apiSrv,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      120 * time.Second, // exports stream for longer than a lookup
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	srv.RegisterOnShutdown(apiSrv.CloseStreams)
	// Keep the typeahead's units filter in the engine's query cache (a
	// round now, then one a minute; see api.WarmFilters).
	go apiSrv.WarmFilters(ctx, 0)
	if cfg.PprofAddr != "" {
		go servePprof(cfg.PprofAddr, log)
	}
	if metrics != nil {
		go serveMetrics(cfg.MetricsAddr, metrics, log)
	}
	errc := make(chan error, 1)
	go func() {
		log.Info().Str("addr", cfg.ListenAddr).Strs("opensearch", redactURLs(cfg.OpenSearchURLs)).Msg("listening")
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Drain: /ready answers 503 for DrainDelay while requests are still
	// served, then the listener closes and in-flight requests finish.
	apiSrv.Drain()
	log.Info().Dur("drain_delay", cfg.DrainDelay).Int64("in_flight", apiSrv.InFlight()).Msg("shutting down: /ready reports draining")
	time.Sleep(cfg.DrainDelay)
	log.Info().Msg("shutting down: draining in-flight requests")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// servePprof serves the runtime profiles on their own listener, never on the
// public API port.
func servePprof(addr string, log zerolog.Logger) {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	log.Info().Str("addr", addr).Msg("pprof listening")
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	if err := srv.ListenAndServe(); err != nil {
		log.Error().Err(err).Str("addr", addr).Msg("pprof listener stopped")
	}
}

// serveMetrics serves Prometheus /metrics on its own listener, like pprof:
// keep it on loopback or a private network (route names, key activity).
func serveMetrics(addr string, m *telemetry.Metrics, log zerolog.Logger) {
	mux := http.NewServeMux()
	mux.Handle("/metrics", m.Handler())
	log.Info().Str("addr", addr).Msg("metrics listening")
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	if err := srv.ListenAndServe(); err != nil {
		log.Error().Err(err).Str("addr", addr).Msg("metrics listener stopped")
	}
}
