package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"github.com/ukpd/propertyapi/jobs"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/mux"
	"github.com/rs/zerolog"
	"go.opentelemetry.io/otel/trace"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/internal/lru"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Options are the server's dependencies. Nothing is global: tests build as
// many servers as they like.
type Options struct {
	Backend Backend
	Logger  zerolog.Logger
	// IndexPrefix is prepended to every alias name (tests isolate by prefix).
	IndexPrefix string
	// DemoPublicKey is handed to the demo page at /demo (env DEMO_PUBLIC_KEY);
	// "" = the page reads ?key= from its URL. DemoTileURL is an optional
	// {z}/{x}/{y} raster tile template for its map (off by default).
	DemoPublicKey, DemoTileURL string
	// MapStyleURL is the MapLibre style the listing-map widget draws
	// (env MAP_STYLE_URL); "" = the server's own offline basemap.
	MapStyleURL string
	// Gate authenticates and meters each request. It wraps the handler of a
	// route and sees the route's metadata. Nil admits every request
	// unauthenticated and unmetered: only for handler tests.
	Gate func(rt *Route, next http.Handler) http.Handler
	// Accounts serves GET /account/usage (the ratelimit service); nil
	// answers it with 401.
	Accounts Accounts
	// Jobs stores and runs the bulk address-match jobs; nil answers the
	// jobs endpoints with 503 jobs_unavailable.
	Jobs *jobs.Service
	// Health reports extra dependencies (Redis) for /health. May be nil.
	Health func(ctx context.Context) (name, status string, err error)
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Extra lets later families mount routes that are not API operations
	// (e.g. the demo page). May be nil.
	Extra func(r *mux.Router)
	// ExportEnterpriseCap is the row cap of one listings export on the
	// Enterprise plan; 0 means ExportCapEnterpriseDefault.
	ExportEnterpriseCap int
	// FindCache caches typeahead results (address/find and the address
	// lookup tool) and, in a second cache of the same size, the addresses
	// of a postcode; the zero value disables both. cmd/propertyapi enables
	// them.
	FindCache FindCacheConfig
	// DataSources says where each loaded dataset came from (source,
	// release, load time), for the X-Data-Source / X-Data-Release headers
	// and composite answers' data_sources. Nil = the indexer's meta index
	// read through Backend when Backend is the real client (handler tests
	// with a fake backend get no provenance unless they set it).
	DataSources func(ctx context.Context) (map[string]DataSource, error)
	// Epochs reads each dataset's current epoch (X-Data-Epoch, /datasets,
	// the changes feed; epochs.go). Nil = the indexer's meta index read
	// through Backend when Backend is the real client.
	Epochs func(ctx context.Context) (map[string]DatasetEpoch, error)

	// CacheMaxAge is the Cache-Control max-age (seconds) of cacheable
	// responses (httpcache.go); 0 means DefaultCacheMaxAge, -1 means 0.
	CacheMaxAge int
	// Deprecation configures the older /api/... family's headers.
	Deprecation DeprecationConfig
	// Compression configures response compression (compress.go).
	Compression CompressionConfig
	// HealthDetail shows index names and document counts in /health to
	// anyone; otherwise only to a caller with a valid API key.
	HealthDetail bool
	// Observer receives request metrics; nil = none.
	Observer Observer
	// TracerProvider makes the spans; nil = the global provider (a no-op
	// unless cmd/propertyapi installed one).
	TracerProvider trace.TracerProvider
	// SchemaExamples are parameter examples for the OpenAPI document from
	// the dataset being served (see openapi.Info.Examples); env
	// SCHEMA_EXAMPLES_FILE in cmd/propertyapi. Nil leaves the document's own.
	SchemaExamples map[string]any
	// Alerts stores saved searches and reads their event streams; nil
	// answers the alert routes 503 (a server without Redis).
	Alerts *alerts.Service
	// PublicBaseURL is the scheme://host[:port] clients reach this API at
	// (env PUBLIC_BASE_URL), for the absolute next/previous links and Link
	// headers of paged answers; "" makes them relative (a path and query),
	// never built from the client's Host header.
	PublicBaseURL string
	// AlertStreamMax ends an event stream connection (alerts/stream,
	// jobs/{id}/events) after this long (clients reconnect with
	// Last-Event-ID, which rebalances long-lived connections across
	// instances); 0 means DefaultAlertStreamMax.
	AlertStreamMax time.Duration
}

// DefaultAlertStreamMax is the longest an event stream connection stays open.
const DefaultAlertStreamMax = time.Hour

// Server is the HTTP API.
type Server struct {
	opt     Options
	log     zerolog.Logger
	backend Backend
	idx     mappings.Aliases
	routes  []*Route
	handler http.Handler
	finds   *lru.Cache[*findResponse]
	// findFlight collapses concurrent typeahead misses on one cache key.
	findFlight lru.Flight[*findResponse]
	// addressSourceOnly remembers an addresses index that refused the
	// typeahead's doc values (built before it had them).
	addressSourceOnly query.SourceOnly
	// addressLegacySort is set while the serving addresses index cannot
	// sort on its popularity band (built before it): the typeahead's broad
	// query sorts by popularity instead (query.AddressFindParams.LegacySort).
	// WarmFilters asks the index each round; a refused request sets it.
	addressLegacySort atomic.Bool
	// postcodes caches the encoded address/postcode responses.
	postcodes *lru.Cache[[]byte]
	sources   sourceCache
	epochs    epochCache
	// streamsDone is closed by CloseStreams: long-lived event streams end.
	streamsDone chan struct{}
	closeOnce   sync.Once
	tr          trace.Tracer
	// draining is set by Drain: /ready answers 503 so balancers stop
	// sending new requests while in-flight ones finish.
	draining atomic.Bool
	inflight atomic.Int64
}

// CloseStreams ends every open event stream (alerts/stream) so a graceful
// shutdown is not held up by them; register it with
// http.Server.RegisterOnShutdown. Clients reconnect with Last-Event-ID.
func (s *Server) CloseStreams() { s.closeOnce.Do(func() { close(s.streamsDone) }) }

// NewServer builds the API handler.
func NewServer(opt Options) *Server {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if _, real := opt.Backend.(*search.Client); real && opt.DataSources == nil {
		opt.DataSources = MetaDataSources(opt.Backend, opt.IndexPrefix)
	}
	if _, real := opt.Backend.(*search.Client); real && opt.Epochs == nil {
		opt.Epochs = MetaEpochs(opt.Backend, opt.IndexPrefix)
	}
	s := &Server{opt: opt, log: opt.Logger, backend: recordingBackend{opt.Backend}, idx: mappings.NewAliases(opt.IndexPrefix), streamsDone: make(chan struct{})}
	s.finds = newResultCache[*findResponse](opt.FindCache, opt.Now)
	s.postcodes = newResultCache[[]byte](opt.FindCache, opt.Now)
	s.tr = s.tracer()
	s.routes = s.routeTable()
	r := mux.NewRouter()
	r.NotFoundHandler = s.wrapPlain(func(w http.ResponseWriter, req *http.Request) error {
		return NotFound("no such endpoint: %s", req.URL.Path)
	})
	r.MethodNotAllowedHandler = s.wrapPlain(func(w http.ResponseWriter, req *http.Request) error {
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPatch, http.MethodDelete, http.MethodOptions} {
			probe := req.Clone(req.Context())
			probe.Method = m
			var match mux.RouteMatch
			if r.Match(probe, &match) && match.MatchErr == nil && !strings.HasPrefix(match.Route.GetName(), catchAllPrefix) {
				allow = append(allow, m)
			}
		}
		e := Errorf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, "method %s is not allowed here; allowed: %s", req.Method, strings.Join(allow, ", "))
		e.Header = http.Header{"Allow": []string{strings.Join(allow, ", ")}}
		return e
	})
	handler := sharedHandlers(s.routeHandler)
	registerRoutes(r, s.routes, handler)
	if opt.Extra != nil {
		opt.Extra(r)
	}
	s.mountDemo(r, s.mountWidgets(r))
	s.mountDocs(r)
	s.handler = s.compress(s.base(newSegmentRouter(r, s.routes, handler)))
	return s
}

// registerRoutes registers the routes under /api and /api/v1, in an order
// where no route hides another:
//
//   - A literal path is never a value of another route's path variable,
//     whatever the method: /alerts/stream is not /alerts/{id}. Literal
//     paths a templated route would also match are registered first, each
//     followed by a catch-all answering 405 with the literal's own methods
//     (not 404, nor /alerts/{id}'s methods).
//   - Among the other routes a literal segment comes before a variable at
//     the first segment where two paths differ in kind, so a route
//     /properties/{uprn}/noise is reached whether it stands before or after
//     /properties/{uprn}/{part} in the table. Routes of one path keep their
//     table order.
func registerRoutes(r *mux.Router, routes []*Route, handler func(*Route) http.Handler) {
	for _, prefix := range apiPrefixes {
		registerRoutesUnder(r, prefix, routes, handler)
	}
}

// registerRoutesUnder registers the routes under one prefix, in the order
// registerRoutes describes.
func registerRoutesUnder(r *mux.Router, prefix string, routes []*Route, handler func(*Route) http.Handler) {
	var shadowed []*Route
	for _, rt := range routes {
		if strings.Contains(rt.Path, "{") {
			continue
		}
		for _, t := range routes {
			if strings.Contains(t.Path, "{") && pathShadows(t.Path, rt.Path) {
				shadowed = append(shadowed, rt)
				break
			}
		}
	}
	rest := make([]*Route, 0, len(routes))
	for _, rt := range routes {
		if !slices.Contains(shadowed, rt) {
			rest = append(rest, rt)
		}
	}
	slices.SortStableFunc(rest, func(a, b *Route) int {
		return slices.Compare(segmentKinds(a.Path), segmentKinds(b.Path))
	})
	var catchAll []string
	for _, rt := range shadowed {
		h := handler(rt)
		for _, p := range routePaths(prefix, rt) {
			handleRoute(r, p, rt, h)
			if !slices.Contains(catchAll, p) {
				catchAll = append(catchAll, p)
			}
		}
	}
	for _, p := range catchAll {
		r.Handle(p, r.MethodNotAllowedHandler).Name(catchAllPrefix + p)
	}
	for _, rt := range rest {
		h := handler(rt)
		for _, p := range routePaths(prefix, rt) {
			handleRoute(r, p, rt, h)
		}
	}
}

// segmentKinds is a path's segments as 0 (literal) or 1 (variable), the
// key that orders literal segments before variables.
func segmentKinds(path string) []int {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	out := make([]int, len(segs))
	for i, seg := range segs {
		if strings.HasPrefix(seg, "{") {
			out[i] = 1
		}
	}
	return out
}

// catchAllPrefix names the 405 routes behind shadowed literal paths.
const catchAllPrefix = "405 "

// routePaths are the paths a route answers under a prefix (with and
// without a trailing slash).
func routePaths(prefix string, rt *Route) []string {
	paths := []string{prefix + rt.Path}
	if !strings.HasSuffix(rt.Path, "/") {
		paths = append(paths, prefix+rt.Path+"/")
	}
	return paths
}

// handleRoute registers a route's handler on one path, with OPTIONS for
// CORS routes.
func handleRoute(r *mux.Router, p string, rt *Route, h http.Handler) {
	r.Handle(p, h).Methods(rt.Method)
	if rt.CORS {
		r.Handle(p, h).Methods(http.MethodOptions)
	}
}

// pathShadows reports whether the templated path also matches the literal
// one ({name} matches any one segment).
func pathShadows(tmpl, lit string) bool {
	ts, ls := strings.Split(tmpl, "/"), strings.Split(lit, "/")
	if len(ts) != len(ls) {
		return false
	}
	for i := range ts {
		if ts[i] != ls[i] && !(strings.HasPrefix(ts[i], "{") && ls[i] != "") {
			return false
		}
	}
	return true
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Routes returns the route table (for the OpenAPI document and tests).
func (s *Server) Routes() []*Route { return s.routes }

// Aliases returns the alias names the server reads.
func (s *Server) Aliases() mappings.Aliases { return s.idx }

// routeHandler composes: route info in context → gate (auth, metering) → handler.
func (s *Server) routeHandler(rt *Route) http.Handler {
	var h http.Handler = s.withHandlerSpan(rt, s.wrap(rt.h))
	h = s.withHTTPCache(rt, h)
	if s.opt.Gate != nil {
		h = s.opt.Gate(rt, h)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ci := callInfoFrom(r.Context())
		if ci != nil {
			ci.Route = rt
			ci.Weight = rt.Weight
		}
		s.observeRoute(r, rt)
		s.setDeprecation(w.Header(), r)
		h.ServeHTTP(w, r)
	})
}

// handlerFunc is the shape of every handler.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// wrap adapts a handler that returns an error.
func (s *Server) wrap(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := &requestDatasets{set: map[string]bool{}}
		r = r.WithContext(context.WithValue(r.Context(), datasetsKey, d))
		pw := &provenanceWriter{ResponseWriter: w, s: s, ctx: r.Context(), d: d}
		ew, err := s.withEpochs(pw, r, d)
		if err == nil {
			err = h(ew, r)
		}
		if err != nil {
			s.writeErr(ew, r, err)
		}
	})
}

func (s *Server) wrapPlain(h handlerFunc) http.Handler { return s.wrap(h) }

// writeErr logs an error with its cause and writes the client-facing envelope.
func (s *Server) writeErr(w http.ResponseWriter, r *http.Request, err error) {
	ce, clientErr := asClientError(err)
	ci := callInfoFrom(r.Context())
	if ci != nil {
		ci.ErrCode = ce.Code
	}
	if !clientErr {
		l := zerolog.Ctx(r.Context())
		l.Error().Err(err).Int("status", ce.Status).Str("code", ce.Code).Msg("request failed")
	}
	if ce.Status == 499 {
		return
	}
	writeError(w, ce, requestID(r.Context()))
}

// CallInfo is per-request metadata shared by the gate, handlers and the access log.
type CallInfo struct {
	RequestID string
	Route     *Route
	// Weight is the number of calls charged; handlers with a dynamic weight
	// (export) set it with SetCallWeight before writing the body.
	Weight int
	// KeyPrefix identifies the API key in logs (never the key itself).
	KeyPrefix string
	OrgID     string
	Plan      string
	ErrCode   string
	// publicBase is Options.PublicBaseURL, for the links of paged answers.
	publicBase string
}

type ctxKey int

const callInfoKey ctxKey = 1

func callInfoFrom(ctx context.Context) *CallInfo {
	ci, _ := ctx.Value(callInfoKey).(*CallInfo)
	return ci
}

// WithCallInfo returns ctx carrying ci, as the server sets it for every
// request (for tests of middleware outside this package).
func WithCallInfo(ctx context.Context, ci *CallInfo) context.Context {
	return contextWithCallInfo(ctx, ci)
}

// CallInfoFrom returns the request's call info (nil outside a request).
func CallInfoFrom(ctx context.Context) *CallInfo { return callInfoFrom(ctx) }

// SetCallWeight sets the calls charged for this request.
func SetCallWeight(ctx context.Context, n int) {
	if ci := callInfoFrom(ctx); ci != nil {
		ci.Weight = n
	}
}

func requestID(ctx context.Context) string {
	if ci := callInfoFrom(ctx); ci != nil {
		return ci.RequestID
	}
	return ""
}

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
