package api

// Data provenance: every response that serves data names the
// datasets it read, where each came from ("generated" or the real format)
// and which release, so integrators can tell synthetic data from real
// data. The backend is wrapped to record the datasets a request reads; the
// response carries them in X-Data-Source and X-Data-Release headers, from
// what the indexer recorded in its meta index (cached for a minute).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// DataSource is where one loaded dataset came from.
type DataSource struct {
	Source   string `json:"source"`            // "generated" or "import:<format>"
	Release  string `json:"release,omitempty"` // generator version and seed, or the real release
	LoadedAt string `json:"loaded_at,omitempty"`
	// Version is the versioned index the record describes (internal).
	Version string `json:"-"`
}

// requestDatasets is the set of datasets one request read.
type requestDatasets struct {
	mu  sync.Mutex
	set map[string]bool
}

const datasetsKey ctxKey = 7

func (d *requestDatasets) add(index string) {
	if d == nil {
		return
	}
	ds := DatasetOf(index)
	if ds == "" {
		return
	}
	d.mu.Lock()
	d.set[ds] = true
	d.mu.Unlock()
}

// drop removes the dataset of an index that turned out not to be loaded:
// it served nothing.
func (d *requestDatasets) drop(index string) {
	if d == nil {
		return
	}
	d.mu.Lock()
	delete(d.set, DatasetOf(index))
	d.mu.Unlock()
}

func (d *requestDatasets) names() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]string, 0, len(d.set))
	for k := range d.set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func datasetsFrom(ctx context.Context) *requestDatasets {
	d, _ := ctx.Value(datasetsKey).(*requestDatasets)
	return d
}

// recordingBackend notes the dataset of every read in the request's set.
type recordingBackend struct{ Backend }

func (b recordingBackend) Search(ctx context.Context, index string, body any) (*search.Response, error) {
	d := datasetsFrom(ctx)
	d.add(index)
	res, err := b.Backend.Search(ctx, index, body)
	if errors.Is(err, search.ErrIndexMissing) {
		d.drop(index) // a dataset that is not loaded served nothing
	}
	return res, err
}

func (b recordingBackend) MSearch(ctx context.Context, items []search.MultiItem) ([]*search.Response, error) {
	d := datasetsFrom(ctx)
	for _, it := range items {
		d.add(it.Index)
	}
	res, err := b.Backend.MSearch(ctx, items)
	if d != nil && err == nil {
		// A dataset that is not loaded served nothing.
		for _, r := range res {
			if r != nil && r.Missing != "" {
				d.drop(r.Missing)
			}
		}
	}
	return res, err
}

func (b recordingBackend) Get(ctx context.Context, index, id string) (json.RawMessage, bool, error) {
	datasetsFrom(ctx).add(index)
	return b.Backend.Get(ctx, index, id)
}

func (b recordingBackend) MGet(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	datasetsFrom(ctx).add(index)
	return b.Backend.MGet(ctx, index, ids)
}

func (b recordingBackend) Count(ctx context.Context, index string, body any) (int64, error) {
	datasetsFrom(ctx).add(index)
	return b.Backend.Count(ctx, index, body)
}

func (b recordingBackend) OpenPIT(ctx context.Context, index string, keepAlive time.Duration) (string, error) {
	datasetsFrom(ctx).add(index)
	return b.Backend.OpenPIT(ctx, index, keepAlive)
}

// sourceCache holds the meta index's view of each dataset.
type sourceCache struct {
	mu      sync.Mutex
	at      time.Time
	sources map[string]DataSource
}

const sourceCacheTTL = time.Minute

// dataSources returns each loaded dataset's source, from Options.DataSources,
// cached for a minute of wall time and refreshed early (at most once a
// second) when a dataset the request read is not in it yet (just loaded).
// Nil when there is no source of that information.
func (s *Server) dataSources(ctx context.Context, names []string) map[string]DataSource {
	if s.opt.DataSources == nil {
		return nil
	}
	c := &s.sources
	c.mu.Lock()
	defer c.mu.Unlock()
	age := time.Since(c.at)
	stale := c.sources == nil || age >= sourceCacheTTL
	if !stale && age >= time.Second {
		for _, n := range names {
			if _, ok := c.sources[n]; !ok {
				stale = true
				break
			}
		}
	}
	if !stale {
		return c.sources
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	m, err := s.opt.DataSources(ctx)
	c.at = time.Now()
	if err != nil {
		// Keep the last good view; with none, remember an empty one, so a
		// failing or missing meta index is asked again at most once a
		// second (a dataset missing from the view), not on every request.
		if c.sources == nil {
			c.sources = map[string]DataSource{}
		}
		return c.sources
	}
	c.sources = m
	return m
}

// MetaDataSources reads the indexer's meta index (<prefix>ukpd-meta)
// through a backend: the default Options.DataSources of cmd/propertyapi.
func MetaDataSources(b Backend, prefix string) func(ctx context.Context) (map[string]DataSource, error) {
	return func(ctx context.Context) (map[string]DataSource, error) {
		res, err := b.Search(ctx, prefix+"ukpd-meta", map[string]any{"size": 200})
		if err != nil {
			return nil, err
		}
		out := map[string]DataSource{}
		for _, h := range res.Hits.Hits {
			var m struct {
				Index, Version, Source, Release, Generator string
				LoadedAt                                   string `json:"loaded_at"`
				Seed                                       int64
			}
			if json.Unmarshal(h.Source, &m) != nil || m.Index == "" {
				continue
			}
			if m.Source == "" && m.Generator != "" {
				m.Source, m.Release = "generated", fmt.Sprintf("%s seed %d", m.Generator, m.Seed)
			}
			out[m.Index] = DataSource{Source: m.Source, Release: m.Release, LoadedAt: m.LoadedAt, Version: m.Version}
		}
		return out, nil
	}
}

// provenanceWriter sets the X-Data-Source and X-Data-Release headers when
// the response starts, from the datasets the request read.
type provenanceWriter struct {
	http.ResponseWriter
	s       *Server
	ctx     context.Context
	d       *requestDatasets
	written bool
}

func (p *provenanceWriter) WriteHeader(code int) {
	if !p.written {
		p.written = true
		if code < 300 {
			p.s.setProvenance(p.ctx, p.Header(), p.d.names())
		}
	}
	p.ResponseWriter.WriteHeader(code)
}

func (p *provenanceWriter) Write(b []byte) (int, error) {
	if !p.written {
		p.WriteHeader(http.StatusOK)
	}
	return p.ResponseWriter.Write(b)
}

// Flush keeps streaming responses (exports) streaming.
func (p *provenanceWriter) Flush() {
	if f, ok := p.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (p *provenanceWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }

func (s *Server) setProvenance(ctx context.Context, h http.Header, names []string) {
	if len(names) == 0 {
		return
	}
	srcs := s.dataSources(ctx, names)
	var src, rel []string
	for _, n := range names {
		d, ok := srcs[n]
		if !ok || d.Source == "" {
			d.Source = "unknown"
		}
		src = append(src, n+"="+d.Source)
		if d.Release != "" {
			rel = append(rel, n+"="+headerSafe(d.Release))
		}
	}
	h.Set("X-Data-Source", strings.Join(src, "; "))
	if len(rel) > 0 {
		h.Set("X-Data-Release", strings.Join(rel, "; "))
	}
}

func headerSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == ';' {
			return ' '
		}
		return r
	}, s)
}

// profileSources lists the source of each dataset a composite answer read.
func (s *Server) profileSources(ctx context.Context) map[string]DataSource {
	d := datasetsFrom(ctx)
	if d == nil {
		return map[string]DataSource{}
	}
	names := d.names()
	srcs := s.dataSources(ctx, names)
	out := map[string]DataSource{}
	for _, n := range names {
		v, ok := srcs[n]
		if !ok || v.Source == "" {
			v = DataSource{Source: "unknown"}
		}
		out[n] = v
	}
	return out
}

// sourceLabel is the data_source text of a dataset: real when it says so,
// the real publisher's name (label) for imported data, and "Generated"
// with the generator's release for synthetic data, so a synthetic answer
// never carries a real publisher's name.
func (s *Server) sourceLabel(ctx context.Context, dataset, label string) string {
	d, ok := s.dataSources(ctx, []string{dataset})[dataset]
	if ok && d.Source == "generated" {
		return "Generated (synthetic) data, " + d.Release + "; modelled on: " + label
	}
	return label
}

// Source labels shown to clients (spec 2.14): never a portal's own name.
const (
	LabelLandRegistry = "HM Land Registry"
	LabelPortal       = "Property portal"
)

// portalNames are originating portals whose names must not reach clients.
func portalNames() []string {
	return []string{"rightmove", "zoopla", "onthemarket", "on the market", "primelocation", "prime location",
		"boomin", "purplebricks", "openrent", "spareroom", "jitty", "home.co.uk", "propertypal", "s1homes", "espc", "otm"}
}

// publicSource maps a stored source to the label a client may see: the
// land-registry label for completions and registry records, a generic portal
// label for anything naming a portal, otherwise the stored label.
func publicSource(stored, eventType string) string {
	l := strings.ToLower(stored)
	if eventType == mappings.EventCompleted || strings.Contains(l, "land registry") || strings.Contains(l, "hmlr") || strings.Contains(l, "price paid") {
		return LabelLandRegistry
	}
	if stored == "" {
		return LabelPortal
	}
	for _, n := range portalNames() {
		if strings.Contains(l, n) {
			return LabelPortal
		}
	}
	return stored
}
