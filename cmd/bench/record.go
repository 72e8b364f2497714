package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
)

// op is one engine request captured from the API, replayed directly.
type op struct {
	Method string
	Path   string
	Query  url.Values
	Body   any
}

// recorder is an api.Backend that delegates to the real client and records
// every engine request, so the benchmark can send exactly the DSL the API
// sent straight to OpenSearch.
type recorder struct {
	real *search.Client
	mu   sync.Mutex
	ops  []op
}

var _ api.Backend = (*recorder)(nil)

func (r *recorder) add(o op) {
	r.mu.Lock()
	r.ops = append(r.ops, o)
	r.mu.Unlock()
}

// take returns and clears the recorded operations.
func (r *recorder) take() []op {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.ops
	r.ops = nil
	return out
}

func (r *recorder) Search(ctx context.Context, index string, body any) (*search.Response, error) {
	r.add(op{http.MethodPost, "/" + index + "/_search", nil, body})
	return r.real.Search(ctx, index, body)
}

func (r *recorder) MSearch(ctx context.Context, items []search.MultiItem) ([]*search.Response, error) {
	for _, it := range items {
		r.add(op{http.MethodPost, "/" + it.Index + "/_search", nil, it.Body})
	}
	return r.real.MSearch(ctx, items)
}

func (r *recorder) Get(ctx context.Context, index, id string) (json.RawMessage, bool, error) {
	r.add(op{http.MethodGet, "/" + index + "/_doc/" + url.PathEscape(id), nil, nil})
	return r.real.Get(ctx, index, id)
}

func (r *recorder) MGet(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	r.add(op{http.MethodPost, "/" + index + "/_mget", nil, map[string]any{"ids": ids}})
	return r.real.MGet(ctx, index, ids)
}

func (r *recorder) Count(ctx context.Context, index string, body any) (int64, error) {
	r.add(op{http.MethodPost, "/" + index + "/_count", nil, body})
	return r.real.Count(ctx, index, body)
}

func (r *recorder) OpenPIT(ctx context.Context, index string, keepAlive time.Duration) (string, error) {
	return r.real.OpenPIT(ctx, index, keepAlive)
}

func (r *recorder) ClosePIT(ctx context.Context, id string) error { return r.real.ClosePIT(ctx, id) }

func (r *recorder) SearchPIT(ctx context.Context, body any) (*search.Response, error) {
	return r.real.SearchPIT(ctx, body)
}

func (r *recorder) Health(ctx context.Context) (search.ClusterHealth, error) {
	return r.real.Health(ctx)
}

func (r *recorder) Aliases(ctx context.Context, prefix string) ([]search.AliasInfo, error) {
	return r.real.Aliases(ctx, prefix)
}

// dumpOps writes one NDJSON line per target of a workload: the API target
// and the engine requests it made, for replaying or profiling outside the
// benchmark.
func dumpOps(dir string, w workload, ops [][]op) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := strings.NewReplacer("/", "_", " ", "_", "{", "", "}", "", "≤", "le").Replace(w.Name)
	f, err := os.Create(filepath.Join(dir, name+".ndjson"))
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for i, t := range w.Targets {
		if err := enc.Encode(struct {
			Target string `json:"target"`
			Ops    []op   `json:"ops"`
		}{t, ops[i]}); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
