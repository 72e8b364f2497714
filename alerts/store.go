package alerts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/mappings"
)

// IndexName is the percolator index of saved searches (under the index
// prefix). It is a plain index, not a versioned alias: saved searches are
// written one at a time by the API, never bulk-loaded.
const IndexName = "alerts"

// PercolatorField is the field holding each saved search's query.
const PercolatorField = "query"

// EngineTimeout is the per-attempt timeout of the engine client the alert
// service writes with (the server gives alerts a client of their own): a
// saved search is written rarely and its caller waits for the answer, so a
// slow engine should make the save slow, not fail it with a 504.
const EngineTimeout = 30 * time.Second

// Engine is what the package needs from OpenSearch; *search.Client
// (api/search) implements it.
type Engine interface {
	Do(ctx context.Context, method, path string, query url.Values, body any, out any) error
}

// ErrNotFound is a missing alert (or one of another organisation).
var ErrNotFound = errors.New("alert not found")

// Config configures a Service.
type Config struct {
	Engine Engine
	// Redis is any client ratelimit.OpenRedis returns (one server,
	// Sentinel, Cluster).
	Redis redis.UniversalClient
	// IndexPrefix is the index prefix (INDEX_PREFIX); Namespace the Redis
	// key prefix (RATELIMIT_NAMESPACE, default "ukpd:").
	IndexPrefix, Namespace string
	// Box seals webhook secrets; nil refuses webhook alerts (ErrNoKey).
	Box *Box
	// Guard vets webhook targets; nil means a Guard with no allow-list.
	Guard *Guard
	// Retention trims each organisation's stream by age (default 7 days;
	// at least 25 hours so the 24-hour retry window always finds its event).
	Retention time.Duration
	// MaxEvents caps each organisation's stream by length as well
	// (default DefaultMaxEvents): the oldest events beyond it are trimmed
	// on every append, so a burst (or a loop of test calls) cannot grow a
	// stream without bound within the retention window.
	MaxEvents int64
	Now       func() time.Time
}

// DefaultMaxEvents is the default length cap of an organisation's stream.
const DefaultMaxEvents = 100_000

// Service stores saved searches and events.
type Service struct {
	cfg   Config
	index string
	ns    string
}

// New returns a Service.
func New(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Guard == nil {
		cfg.Guard = &Guard{}
	}
	if cfg.Retention < 25*time.Hour {
		cfg.Retention = 7 * 24 * time.Hour
	}
	if cfg.Namespace == "" {
		cfg.Namespace = "ukpd:"
	}
	if cfg.MaxEvents <= 0 {
		cfg.MaxEvents = DefaultMaxEvents
	}
	return &Service{cfg: cfg, index: cfg.IndexPrefix + IndexName, ns: cfg.Namespace + KeyTag}
}

// Index is the percolator index name.
func (s *Service) Index() string { return s.index }

// Box returns the secret box (nil when no key is configured).
func (s *Service) Box() *Box { return s.cfg.Box }

// Guard returns the SSRF guard.
func (s *Service) Guard() *Guard { return s.cfg.Guard }

// Redis returns the Redis client.
func (s *Service) Redis() redis.UniversalClient { return s.cfg.Redis }

// Now is the service clock.
func (s *Service) Now() time.Time { return s.cfg.Now() }

// IndexBody is the mapping of the percolator index: the listings mapping
// (a percolator query can only name fields the index maps) plus the
// percolator field and the alert object (id, org, events, enabled are
// indexed; the rest is stored only).
func IndexBody() (map[string]any, error) {
	raw, err := mappings.MappingJSON(mappings.IndexListings)
	if err != nil {
		return nil, err
	}
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, fmt.Errorf("listings mapping: %w", err)
	}
	mp, _ := body["mappings"].(map[string]any)
	props, _ := mp["properties"].(map[string]any)
	if props == nil {
		return nil, errors.New("listings mapping has no properties")
	}
	props[PercolatorField] = map[string]any{"type": "percolator"}
	props["alert"] = map[string]any{
		"type": "object", "dynamic": false,
		"properties": map[string]any{
			"id": map[string]any{"type": "keyword"}, "org_id": map[string]any{"type": "keyword"},
			"events": map[string]any{"type": "keyword"}, "enabled": map[string]any{"type": "boolean"},
			"created_at": map[string]any{"type": "date"},
		},
	}
	body["settings"] = map[string]any{"index": map[string]any{"number_of_shards": 1, "number_of_replicas": 0, "refresh_interval": "1s"}}
	return body, nil
}

// isMissing reports an engine answer for a missing index.
func isMissing(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "index missing") || strings.Contains(s, "index_not_found")
}

// EnsureIndex creates the percolator index when it does not exist.
func (s *Service) EnsureIndex(ctx context.Context) error {
	body, err := IndexBody()
	if err != nil {
		return err
	}
	err = s.cfg.Engine.Do(ctx, http.MethodPut, "/"+url.PathEscape(s.index), nil, body, nil)
	if err != nil && !strings.Contains(err.Error(), "resource_already_exists") {
		return fmt.Errorf("create %s: %w", s.index, err)
	}
	return nil
}

type percolatorDoc struct {
	Query json.RawMessage `json:"query"`
	Alert *Alert          `json:"alert"`
}

// Stored is an alert with its percolator query.
type Stored struct {
	Alert
	Query json.RawMessage
}

// Put writes an alert (create or replace) and waits until the percolator
// sees it.
func (s *Service) Put(ctx context.Context, a *Alert, query json.RawMessage) error {
	if err := s.EnsureIndex(ctx); err != nil {
		return err
	}
	doc := percolatorDoc{Query: query, Alert: a}
	q := url.Values{"refresh": {"true"}} // see refreshNow
	if err := s.cfg.Engine.Do(ctx, http.MethodPut, "/"+url.PathEscape(s.index)+"/_doc/"+url.PathEscape(a.ID), q, doc, nil); err != nil {
		return fmt.Errorf("save alert %s: %w", a.ID, err)
	}
	return nil
}

type alertHits struct {
	Hits struct {
		Total struct {
			Value int64 `json:"value"`
		} `json:"total"`
		Hits []struct {
			Source percolatorDoc `json:"_source"`
		} `json:"hits"`
	} `json:"hits"`
}

func (s *Service) search(ctx context.Context, filter []map[string]any, size int) (*alertHits, error) {
	body := map[string]any{
		"query": map[string]any{"bool": map[string]any{"filter": filter}},
		"size":  size, "track_total_hits": true,
		"sort": []map[string]any{{"alert.created_at": "asc"}, {"alert.id": "asc"}},
	}
	var r alertHits
	err := s.cfg.Engine.Do(ctx, http.MethodPost, "/"+url.PathEscape(s.index)+"/_search", nil, body, &r)
	if isMissing(err) {
		return &r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("search alerts: %w", err)
	}
	return &r, nil
}

func term(f string, v any) map[string]any { return map[string]any{"term": map[string]any{f: v}} }

// Get returns an organisation's alert; another organisation's id is
// ErrNotFound. org "" reads any alert (the deliverer).
func (s *Service) Get(ctx context.Context, org, id string) (*Stored, error) {
	f := []map[string]any{term("alert.id", id)}
	if org != "" {
		f = append(f, term("alert.org_id", org))
	}
	r, err := s.search(ctx, f, 1)
	if err != nil {
		return nil, err
	}
	if len(r.Hits.Hits) == 0 || r.Hits.Hits[0].Source.Alert == nil {
		return nil, ErrNotFound
	}
	h := r.Hits.Hits[0].Source
	return &Stored{Alert: *h.Alert, Query: h.Query}, nil
}

// MaxListed caps GET /api/alerts (the largest plan limit).
const MaxListed = 10000

// List returns an organisation's alerts, oldest first.
func (s *Service) List(ctx context.Context, org string) ([]Alert, error) {
	r, err := s.search(ctx, []map[string]any{term("alert.org_id", org)}, MaxListed)
	if err != nil {
		return nil, err
	}
	out := []Alert{}
	for _, h := range r.Hits.Hits {
		if h.Source.Alert != nil {
			out = append(out, *h.Source.Alert)
		}
	}
	return out, nil
}

// Count returns the number of an organisation's alerts.
func (s *Service) Count(ctx context.Context, org string) (int64, error) {
	r, err := s.search(ctx, []map[string]any{term("alert.org_id", org)}, 0)
	if err != nil {
		return 0, err
	}
	return r.Hits.Total.Value, nil
}

// refreshNow: writes refresh the (small) percolator index at once
// (refresh=true) so the next list, count and percolation see them, rather
// than wait for the scheduled refresh (wait_for), whose wait grows with the
// engine's load: saving an alert timed out (504) under a fuzzer's load while
// its own write had long been done.

// Delete removes an organisation's alert and its delivery state. Events
// already in the stream stay (the deliverer drops those of a deleted alert).
func (s *Service) Delete(ctx context.Context, org, id string) error {
	if _, err := s.Get(ctx, org, id); err != nil {
		return err
	}
	q := url.Values{"refresh": {"true"}} // see refreshNow
	if err := s.cfg.Engine.Do(ctx, http.MethodDelete, "/"+url.PathEscape(s.index)+"/_doc/"+url.PathEscape(id), q, nil, nil); err != nil {
		return fmt.Errorf("delete alert %s: %w", id, err)
	}
	if s.cfg.Redis != nil {
		if err := s.cfg.Redis.Del(ctx, s.stateKey(id)).Err(); err != nil {
			return fmt.Errorf("delete alert state %s: %w", id, err)
		}
	}
	return nil
}
