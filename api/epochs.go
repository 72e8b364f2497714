package api

// Dataset epochs (docs/data.md#epochs-and-the-changes-feed): every load or
// apply gives its dataset a new epoch, recorded by the indexer in its meta
// index. Every data answer names the epochs of the datasets it read in
// X-Data-Epoch ("addresses=42; postcodes=17"), beside X-Data-Source and
// X-Data-Release; GET /datasets lists them; ?as_of_epoch= makes an answer
// conditional on the epochs it reads (410 epoch_not_served otherwise).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ukpd/propertyapi/api/search"
)

// Error codes of epochs, the changes feed and terminated postcodes.
const (
	// CodeEpochNotServed (410): ?as_of_epoch= names an epoch a dataset the
	// answer reads no longer serves; details.dataset, requested, current.
	CodeEpochNotServed = "epoch_not_served"
	// CodeEpochExpired (410): the changes feed no longer keeps the changes
	// after `since`; details.oldest_since, current_epoch.
	CodeEpochExpired = "epoch_expired"
	// CodePostcodeTerminated (410): an endpoint that needs a live postcode
	// was given a terminated one; details.terminated, successors.
	CodePostcodeTerminated = "postcode_terminated"
)

// DatasetEpoch is one dataset's current epoch as the indexer recorded it.
type DatasetEpoch struct {
	Dataset string `json:"dataset"`
	Epoch   int64  `json:"epoch"`
	// FeedFrom is the oldest `since` the changes feed answers.
	FeedFrom int64  `json:"feed_from"`
	Source   string `json:"source"`
	Release  string `json:"release,omitempty"`
	LoadedAt string `json:"loaded_at,omitempty"`
	Version  string `json:"-"`
}

// MetaEpochs reads each dataset's epoch from the indexer's meta index
// (<prefix>ukpd-meta): the default Options.Epochs of a server on the real
// engine.
func MetaEpochs(b Backend, prefix string) func(ctx context.Context) (map[string]DatasetEpoch, error) {
	return func(ctx context.Context) (map[string]DatasetEpoch, error) {
		out := map[string]DatasetEpoch{}
		res, err := b.Search(ctx, prefix+"ukpd-meta", map[string]any{"size": 200})
		if errors.Is(err, search.ErrIndexMissing) {
			return out, nil // nothing loaded by the indexer here: no epochs
		}
		if err != nil {
			return nil, err
		}
		for _, h := range res.Hits.Hits {
			var m struct {
				Index, Version, Source, Release, Generator string
				LoadedAt                                   string `json:"loaded_at"`
				EpochAt                                    string `json:"epoch_at"`
				Seed, Epoch                                int64
				FeedFrom                                   int64 `json:"feed_from"`
			}
			if json.Unmarshal(h.Source, &m) != nil || m.Index == "" || m.Epoch == 0 {
				continue
			}
			if m.Source == "" && m.Generator != "" {
				m.Source, m.Release = "generated", fmt.Sprintf("%s seed %d", m.Generator, m.Seed)
			}
			at := m.EpochAt
			if at == "" {
				at = m.LoadedAt
			}
			out[m.Index] = DatasetEpoch{Dataset: m.Index, Epoch: m.Epoch, FeedFrom: m.FeedFrom, Source: m.Source,
				Release: m.Release, LoadedAt: at, Version: m.Version}
		}
		return out, nil
	}
}

// epochCache holds the epochs for epochCacheTTL: an answer's X-Data-Epoch
// may lag a reload by at most that long.
type epochCache struct {
	mu     sync.Mutex
	at     time.Time
	epochs map[string]DatasetEpoch
}

const epochCacheTTL = time.Second

// datasetEpochs returns the current epochs (nil without a source); fresh
// skips the cache (the changes feed and /datasets read it exactly).
func (s *Server) datasetEpochs(ctx context.Context, fresh bool) (map[string]DatasetEpoch, error) {
	if s.opt.Epochs == nil {
		return nil, nil
	}
	c := &s.epochs
	c.mu.Lock()
	defer c.mu.Unlock()
	if !fresh && c.epochs != nil && time.Since(c.at) < epochCacheTTL {
		return c.epochs, nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	m, err := s.opt.Epochs(ctx)
	if err != nil {
		return c.epochs, err
	}
	c.epochs, c.at = m, time.Now()
	return m, nil
}

// asOfEpoch is a parsed ?as_of_epoch=: one epoch for every dataset read
// ("42"), or epochs by dataset ("addresses:42,postcodes:17").
type asOfEpoch struct {
	all       int64
	byDataset map[string]int64
}

// parseAsOfEpoch reads ?as_of_epoch= (nil when absent).
func parseAsOfEpoch(r *http.Request) (*asOfEpoch, error) {
	raw, ok := r.URL.Query()["as_of_epoch"]
	if !ok {
		return nil, nil
	}
	v := strings.TrimSpace(strings.Join(raw, ","))
	bad := func() error {
		return InvalidParam("as_of_epoch", "want an epoch (a whole number from 1) or dataset:epoch pairs separated by commas, e.g. addresses:42,postcodes:17; got %q", truncate(v, 60))
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 1 {
			return nil, bad()
		}
		return &asOfEpoch{all: n}, nil
	}
	a := &asOfEpoch{byDataset: map[string]int64{}}
	for _, part := range strings.Split(v, ",") {
		name, num, ok := strings.Cut(strings.TrimSpace(part), ":")
		n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
		if !ok || err != nil || n < 1 || !datasetKnown(strings.TrimSpace(name)) {
			return nil, bad()
		}
		a.byDataset[strings.TrimSpace(name)] = n
	}
	return a, nil
}

func datasetKnown(name string) bool {
	for _, n := range datasetNames() {
		if n == name {
			return true
		}
	}
	return false
}

// check refuses an answer that read a dataset at another epoch than asked.
func (a *asOfEpoch) check(names []string, epochs map[string]DatasetEpoch) error {
	for _, n := range names {
		want, ok := a.byDataset[n]
		if a.byDataset == nil {
			want, ok = a.all, true
		}
		if !ok {
			continue
		}
		cur := epochs[n].Epoch
		if cur == want {
			continue
		}
		e := Errorf(http.StatusGone, CodeEpochNotServed, "as_of_epoch: the %s dataset is at epoch %d, not %d; this server answers only from the current epoch (fetch the changes since %d from /api/v1/changes/%s)", n, cur, want, want, n)
		if want > cur {
			e = Errorf(http.StatusGone, CodeEpochNotServed, "as_of_epoch: the %s dataset is at epoch %d; epoch %d has not been served yet", n, cur, want)
		}
		e.Details = map[string]any{"dataset": n, "requested": want, "current": cur}
		return e
	}
	return nil
}

// epochHeader is the X-Data-Epoch value for the datasets read ("" when
// none has an epoch).
func epochHeader(names []string, epochs map[string]DatasetEpoch) string {
	var parts []string
	for _, n := range names {
		if e, ok := epochs[n]; ok && e.Epoch > 0 {
			parts = append(parts, n+"="+strconv.FormatInt(e.Epoch, 10))
		}
	}
	return strings.Join(parts, "; ")
}

// epochWriter sets X-Data-Epoch when a successful answer starts and, with
// ?as_of_epoch=, replaces it by 410 epoch_not_served when a dataset it
// read is at another epoch (the handler's body is then dropped).
type epochWriter struct {
	http.ResponseWriter
	s       *Server
	r       *http.Request
	d       *requestDatasets
	asOf    *asOfEpoch
	written bool
	refused bool
}

func (e *epochWriter) WriteHeader(code int) {
	if e.written {
		if !e.refused {
			e.ResponseWriter.WriteHeader(code)
		}
		return
	}
	e.written = true
	if code < 300 {
		names := e.d.names()
		epochs, err := e.s.datasetEpochs(e.r.Context(), false)
		if e.asOf != nil && len(names) > 0 {
			if err != nil {
				err = fmt.Errorf("as_of_epoch: read epochs: %w", err)
			} else {
				err = e.asOf.check(names, epochs)
			}
			if err != nil {
				e.refused = true
				for _, k := range []string{"Content-Disposition", "ETag", "Cache-Control", "Last-Modified"} {
					e.Header().Del(k) // they described the dropped answer
				}
				e.s.writeErr(e.ResponseWriter, e.r, err)
				return
			}
		}
		if h := epochHeader(names, epochs); h != "" {
			e.Header().Set("X-Data-Epoch", h)
		}
	}
	e.ResponseWriter.WriteHeader(code)
}

func (e *epochWriter) Write(b []byte) (int, error) {
	if !e.written {
		e.WriteHeader(http.StatusOK)
	}
	if e.refused {
		return len(b), nil
	}
	return e.ResponseWriter.Write(b)
}

// Flush keeps streaming responses streaming.
func (e *epochWriter) Flush() {
	if e.refused {
		return
	}
	if f, ok := e.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (e *epochWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

// withEpochs wraps a handler's writer (see epochWriter); a malformed
// as_of_epoch is refused before the handler runs.
func (s *Server) withEpochs(w http.ResponseWriter, r *http.Request, d *requestDatasets) (http.ResponseWriter, error) {
	asOf, err := parseAsOfEpoch(r)
	if err != nil {
		return w, err
	}
	return &epochWriter{ResponseWriter: w, s: s, r: r, d: d, asOf: asOf}, nil
}

// datasetInfo is one row of GET /datasets.
type datasetInfo struct {
	Dataset  string `json:"dataset"`
	Epoch    *int64 `json:"epoch"`
	FeedFrom *int64 `json:"changes_since_min"`
	Source   string `json:"source"`
	Release  any    `json:"release"`
	LoadedAt any    `json:"loaded_at"`
	Docs     int64  `json:"docs"`
}

// datasets lists each loaded dataset with its current epoch, source,
// release, load time and document count.
func (s *Server) datasets(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	aliases, err := s.backend.Aliases(ctx, s.idx.Prefix())
	if err != nil {
		return err
	}
	epochs, err := s.datasetEpochs(ctx, true)
	if err != nil {
		return err
	}
	out := []datasetInfo{}
	seen := map[string]bool{}
	for _, a := range aliases {
		ds := DatasetOf(a.Alias)
		if ds == "" || a.Alias != s.idx.Name(ds) || seen[ds] {
			continue
		}
		seen[ds] = true
		row := datasetInfo{Dataset: ds, Source: "unknown", Docs: a.Docs}
		if e, ok := epochs[ds]; ok && e.Version == a.Index {
			row.Epoch, row.FeedFrom = &e.Epoch, &e.FeedFrom
			if e.Source != "" {
				row.Source = e.Source
			}
			row.Release, row.LoadedAt = nullIfZeroAny(e.Release), nullIfZeroAny(e.LoadedAt)
		}
		out = append(out, row)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dataset < out[j].Dataset })
	return writeJSON(w, http.StatusOK, map[string]any{"datasets": out})
}
