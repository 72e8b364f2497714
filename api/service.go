package api

import (
	"context"
	"encoding/json"
	"fmt"
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

// loadMeta reads what the indexer recorded per dataset (indexer.LoadMeta
// in the <prefix>ukpd-meta index), keyed by the versioned index name.
func (s *Server) loadMeta(ctx context.Context) map[string]healthIndex {
	res, err := s.backend.Search(ctx, s.idx.Prefix()+"ukpd-meta", map[string]any{"size": 200})
	out := map[string]healthIndex{}
	if err != nil {
		return out
	}
	for _, h := range res.Hits.Hits {
		var m struct {
			Version, Source, Release string
			LoadedAt                 string `json:"loaded_at"`
			Generator                string
			Seed                     int64
		}
		if json.Unmarshal(h.Source, &m) != nil {
			continue
		}
		if m.Source == "" && m.Generator != "" {
			m.Source, m.Release = "generated", fmt.Sprintf("%s seed %d", m.Generator, m.Seed)
		}
		out[m.Version] = healthIndex{Source: m.Source, Release: m.Release, LoadedAt: m.LoadedAt}
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

// health reports OpenSearch (cluster status, each alias and its count) and
// Redis. 200 when ok or degraded (serving, something missing), 503 when a
// dependency is down.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	body := healthBody{Status: "ok", Time: s.opt.Now().UTC().Format(time.RFC3339), Indices: []healthIndex{}}
	down := false
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
			for _, a := range aliases {
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
	status := http.StatusOK
	switch {
	case down:
		body.Status, status = "down", http.StatusServiceUnavailable
	case len(body.Missing) > 0:
		body.Status = "degraded"
	}
	return writeJSON(w, status, body)
}
