package api

import (
	"context"
	"net/http"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

func (s *Server) ping(w http.ResponseWriter, r *http.Request) error {
	return writeRaw(w, http.StatusOK, "text/plain; charset=utf-8", []byte("pong"))
}

type healthDep struct {
	Status  string `json:"status"`
	Detail  string `json:"detail,omitempty"`
	Cluster string `json:"cluster_status,omitempty"`
	Nodes   int    `json:"nodes,omitempty"`
}

type healthIndex struct {
	Alias   string `json:"alias"`
	Index   string `json:"index"`
	Docs    int64  `json:"docs"`
	Dataset string `json:"dataset,omitempty"`
	// Source is "generated" or the real format ("import:nspl"), Release
	// the generator version or the real release, LoadedAt the load time:
	// recorded by the indexer in its meta index (empty when unknown).
	Source   string `json:"source,omitempty"`
	Release  string `json:"release,omitempty"`
	LoadedAt string `json:"loaded_at,omitempty"`
}

// loadMeta reads what the indexer recorded per dataset (Options.DataSources,
// uncached: health is read rarely and must show a reload at once), keyed by
// the versioned index name it describes.
func (s *Server) loadMeta(ctx context.Context) map[string]healthIndex {
	out := map[string]healthIndex{}
	if s.opt.DataSources == nil {
		return out
	}
	m, err := s.opt.DataSources(ctx)
	if err != nil {
		return out
	}
	for _, d := range m {
		if d.Version != "" {
			out[d.Version] = healthIndex{Source: d.Source, Release: d.Release, LoadedAt: d.LoadedAt}
		}
	}
	return out
}

type healthBody struct {
	Status     string        `json:"status"` // ok, degraded, down
	Time       string        `json:"time"`
	OpenSearch healthDep     `json:"opensearch"`
	Redis      *healthDep    `json:"redis,omitempty"`
	Indices    []healthIndex `json:"indices"`
	Missing    []string      `json:"missing_indices,omitempty"`
}

// healthDetailed says whether /health may show index names, document counts
// and the cluster's nodes: with HEALTH_DETAIL (Options.HealthDetail) to
// anyone, otherwise to a caller with a valid API key (the gate has
// authenticated it by now).
func (s *Server) healthDetailed(ctx context.Context) bool {
	if s.opt.HealthDetail {
		return true
	}
	ci := callInfoFrom(ctx)
	return ci != nil && ci.KeyPrefix != ""
}

// Drain marks the server as shutting down: /ready answers 503 from now on,
// so load balancers stop routing new requests while in-flight ones finish.
func (s *Server) Drain() { s.draining.Store(true) }

// Draining reports whether Drain was called.
func (s *Server) Draining() bool { return s.draining.Load() }

// InFlight is the number of requests being served.
func (s *Server) InFlight() int64 { return s.inflight.Load() }

type readyBody struct {
	Ready      bool   `json:"ready"`
	Reason     string `json:"reason,omitempty"`
	OpenSearch string `json:"opensearch"`
	Redis      string `json:"redis,omitempty"`
}

// ready is the readiness probe: 200 {"ready":true} when the server can serve
// (OpenSearch answers and is not red; Redis answers when configured), 503
// while draining for shutdown or while a dependency is down. Liveness is
// /ping, which never touches a dependency.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "no-store")
	body := readyBody{Ready: true, OpenSearch: "ok"}
	if s.draining.Load() {
		body = readyBody{Ready: false, Reason: "draining: the server is shutting down", OpenSearch: "unchecked"}
		return writeJSON(w, http.StatusServiceUnavailable, body)
	}
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	if ch, err := s.backend.Health(ctx); err != nil || ch.Status == "red" {
		body.Ready, body.OpenSearch, body.Reason = false, "down", "opensearch is unreachable or red"
	}
	if s.opt.Health != nil {
		body.Redis = "ok"
		if _, _, err := s.opt.Health(ctx); err != nil {
			body.Redis = "down"
			if body.Ready {
				body.Ready, body.Reason = false, "redis is unreachable"
			}
		}
	}
	if !body.Ready {
		return writeJSON(w, http.StatusServiceUnavailable, body)
	}
	return writeJSON(w, http.StatusOK, body)
}

// health reports OpenSearch (cluster status, each alias and its count) and
// Redis. 200 when ok or degraded (serving, something missing), 503 when a
// dependency is down.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	body := healthBody{Status: "ok", Time: s.opt.Now().UTC().Format(time.RFC3339), Indices: []healthIndex{}}
	down := false
	detailed := s.healthDetailed(r.Context())
	ch, err := s.backend.Health(ctx)
	if err != nil {
		body.OpenSearch = healthDep{Status: "down", Detail: "unreachable"}
		down = true
	} else {
		body.OpenSearch = healthDep{Status: "ok", Cluster: ch.Status, Nodes: ch.NumberOfNodes}
		if ch.Status == "red" {
			body.OpenSearch.Status = "down"
			down = true
		}
		aliases, err := s.backend.Aliases(ctx, s.idx.Prefix())
		if err == nil {
			have := map[string]bool{}
			meta := s.loadMeta(ctx)
			own := map[string]bool{}
			for _, n := range mappings.Names() {
				own[s.idx.Name(n)] = true
			}
			for _, a := range aliases {
				if !own[a.Alias] {
					// Another environment sharing the cluster (a longer
					// prefix, or any prefix when this server has none).
					continue
				}
				m := meta[a.Index]
				body.Indices = append(body.Indices, healthIndex{Alias: a.Alias, Index: a.Index, Docs: a.Docs, Dataset: DatasetOf(a.Alias),
					Source: m.Source, Release: m.Release, LoadedAt: m.LoadedAt})
				have[a.Alias] = true
			}
			for _, n := range mappings.Names() {
				if !have[s.idx.Name(n)] {
					body.Missing = append(body.Missing, s.idx.Name(n))
				}
			}
		}
	}
	if s.opt.Health != nil {
		_, st, err := s.opt.Health(ctx)
		d := &healthDep{Status: st}
		if err != nil {
			d.Status, d.Detail = "down", "unreachable"
			down = true
		}
		body.Redis = d
	}
	if !detailed {
		// Anonymous: the verdict per dependency, nothing about the indices.
		body.OpenSearch.Cluster, body.OpenSearch.Nodes = "", 0
		body.Indices = nil
		degraded := len(body.Missing) > 0
		body.Missing = nil
		if degraded && !down {
			body.Status = "degraded"
			return writeJSON(w, http.StatusOK, body)
		}
	}
	status := http.StatusOK
	switch {
	case down:
		body.Status, status = "down", http.StatusServiceUnavailable
	case len(body.Missing) > 0:
		body.Status = "degraded"
	}
	return writeJSON(w, status, body)
}
