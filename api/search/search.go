// Package search is the OpenSearch backend of the API: one client built once
// (pooled connections, per-attempt timeouts, retries with backoff on
// 429/502/503/504 for reads), lean response types, and errors classified into
// the sentinels ErrUnavailable, ErrTimeout and ErrIndexMissing so the HTTP
// layer can answer 503/504 instead of 500.
package search

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/opensearch-project/opensearch-go/v4"
)

// Sentinel errors. Wrapped errors keep the engine's reason for the log.
var (
	ErrUnavailable  = errors.New("search engine unavailable")
	ErrTimeout      = errors.New("search engine timeout")
	ErrIndexMissing = errors.New("index missing")
	ErrNotFound     = errors.New("document not found")
)

// MissingIndexError is an index_not_found answer: the dataset behind an
// alias has not been loaded. It matches ErrIndexMissing with errors.Is.
type MissingIndexError struct {
	Index  string // the index or alias named in the request
	Reason string
}

func (e *MissingIndexError) Error() string {
	return fmt.Sprintf("%v: %s: %s", ErrIndexMissing, e.Index, e.Reason)
}

// Is makes errors.Is(err, ErrIndexMissing) true.
func (e *MissingIndexError) Is(target error) bool { return target == ErrIndexMissing }

// missingIndex builds the error from the engine's reason ("no such index
// [name]") or, failing that, the first segment of the request path.
func missingIndex(index, path, reason string) error {
	if index == "" {
		if i := strings.Index(reason, "["); i >= 0 {
			if j := strings.Index(reason[i:], "]"); j > 0 {
				index = reason[i+1 : i+j]
			}
		}
	}
	if index == "" {
		index = strings.SplitN(strings.TrimPrefix(path, "/"), "/", 2)[0]
	}
	return &MissingIndexError{Index: index, Reason: reason}
}

// EngineError is a non-retryable error answer from the engine (a 4xx other
// than a missing index). It means our request was wrong: a bug, logged with
// the reason.
type EngineError struct {
	Status int
	Type   string
	Reason string
}

func (e *EngineError) Error() string {
	return fmt.Sprintf("opensearch %d %s: %s", e.Status, e.Type, e.Reason)
}

// Config configures the client.
type Config struct {
	URLs []string
	// RequestTimeout bounds one attempt; 0 means 5s.
	RequestTimeout time.Duration
	// MaxIdleConnsPerHost sizes the connection pool; 0 means 256.
	MaxIdleConnsPerHost int
	// MaxRetries for retryable statuses; 0 means 2, negative disables.
	MaxRetries int
	// Compression asks OpenSearch for gzip responses. Off by default: next
	// to the cluster, inflating every response costs more CPU on both sides
	// than the bytes it saves (profiled in bench/results/latest.md).
	Compression bool
}

// Client talks to OpenSearch.
type Client struct {
	os *opensearch.Client
}

// New builds the client. It does not contact the cluster.
func New(cfg Config) (*Client, error) {
	if len(cfg.URLs) == 0 {
		return nil, errors.New("search: no OpenSearch URL")
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 5 * time.Second
	}
	if cfg.MaxIdleConnsPerHost == 0 {
		cfg.MaxIdleConnsPerHost = 256
	}
	retries := cfg.MaxRetries
	if retries == 0 {
		retries = 2
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           (&net.Dialer{Timeout: 2 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:          cfg.MaxIdleConnsPerHost * 2,
		MaxIdleConnsPerHost:   cfg.MaxIdleConnsPerHost,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: cfg.RequestTimeout,
		ExpectContinueTimeout: time.Second,
		DisableCompression:    !cfg.Compression,
	}
	falseV := false
	oc := opensearch.Config{
		Addresses:             cfg.URLs,
		Transport:             tr,
		RetryOnStatus:         []int{429, 502, 503, 504},
		MaxRetries:            max(retries, 0),
		DisableRetry:          retries < 0,
		RequestTimeout:        cfg.RequestTimeout,
		DiscoverNodesOnStart:  &falseV,
		HealthCheckMaxRetries: -1,
		RetryBackoff: func(attempt int) time.Duration {
			return time.Duration(attempt*attempt) * 25 * time.Millisecond
		},
	}
	c, err := opensearch.NewClient(oc)
	if err != nil {
		return nil, fmt.Errorf("search: new client: %w", err)
	}
	return &Client{os: c}, nil
}

// Hit is one search hit.
type Hit struct {
	Index     string                     `json:"_index"`
	ID        string                     `json:"_id"`
	Score     *float64                   `json:"_score"`
	Source    json.RawMessage            `json:"_source"`
	Sort      []json.RawMessage          `json:"sort,omitempty"`
	Fields    map[string]json.RawMessage `json:"fields,omitempty"`
	InnerHits map[string]struct {
		Hits Hits `json:"hits"`
	} `json:"inner_hits,omitempty"`
	MatchedQueries []string `json:"matched_queries,omitempty"`
}

// Hits is the hits section of a search response.
type Hits struct {
	Total struct {
		Value    int64  `json:"value"`
		Relation string `json:"relation"`
	} `json:"total"`
	Hits []Hit `json:"hits"`
}

// Response is a search response.
type Response struct {
	Took         int                        `json:"took"`
	TimedOut     bool                       `json:"timed_out"`
	Hits         Hits                       `json:"hits"`
	Aggregations map[string]json.RawMessage `json:"aggregations,omitempty"`
	PitID        string                     `json:"pit_id,omitempty"`
	// Status is set per item of a multi-search.
	Status int `json:"status,omitempty"`
	// Missing names the index of a multi-search item that does not exist
	// (only with MultiItem.AllowMissing); the response is otherwise empty.
	Missing string `json:"-"`
	Error   *struct {
		Type   string `json:"type"`
		Reason string `json:"reason"`
		Index  string `json:"index,omitempty"`
	} `json:"error,omitempty"`
}

// Do sends one request and decodes a 2xx JSON answer into out (when non-nil).
// body may be nil, []byte, io.Reader or any value marshalled with encoding/json.
func (c *Client) Do(ctx context.Context, method, path string, query url.Values, body any, out any) error {
	var rd io.Reader
	contentType := "application/json"
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	case io.Reader:
		rd = b
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			return fmt.Errorf("search: encode body: %w", err)
		}
		rd = bytes.NewReader(buf)
	}
	if strings.HasSuffix(path, "_msearch") || strings.HasSuffix(path, "_bulk") {
		contentType = "application/x-ndjson"
	}
	// path may hold escaped segments (Get escapes the id): parse it rather
	// than setting URL.Path, which would escape the % signs a second time.
	u, err := url.Parse(path)
	if err != nil {
		return fmt.Errorf("search: bad path %q: %w", path, err)
	}
	u.RawQuery = query.Encode()
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return fmt.Errorf("search: new request: %w", err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.os.Perform(req)
	if err != nil {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		return classifyTransport(ctx, method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return classifyTransport(ctx, method, path, err)
	}
	if resp.StatusCode >= 300 {
		return classifyStatus(method, path, resp.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("search: decode %s %s: %w", method, path, err)
		}
	}
	return nil
}

func classifyTransport(ctx context.Context, method, path string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("search %s %s: %w", method, path, ctx.Err())
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("search %s %s: %w: %v", method, path, ErrTimeout, err)
	}
	return fmt.Errorf("search %s %s: %w: %v", method, path, ErrUnavailable, err)
}

func classifyStatus(method, path string, status int, body []byte) error {
	var eb struct {
		Error struct {
			Type      string `json:"type"`
			Reason    string `json:"reason"`
			Index     string `json:"index"`
			RootCause []struct {
				Type   string `json:"type"`
				Reason string `json:"reason"`
			} `json:"root_cause"`
		} `json:"error"`
		Found *bool `json:"found"`
	}
	_ = json.Unmarshal(body, &eb)
	switch {
	case status == http.StatusNotFound && eb.Error.Type == "index_not_found_exception":
		return fmt.Errorf("search %s %s: %w", method, path, missingIndex(eb.Error.Index, path, eb.Error.Reason))
	case status == http.StatusNotFound && eb.Found != nil && !*eb.Found:
		return fmt.Errorf("search %s %s: %w", method, path, ErrNotFound)
	case status == http.StatusNotFound && eb.Error.Type == "":
		return fmt.Errorf("search %s %s: %w", method, path, ErrNotFound)
	case status == http.StatusTooManyRequests || status == http.StatusBadGateway || status == http.StatusServiceUnavailable:
		return fmt.Errorf("search %s %s: %w: status %d %s", method, path, ErrUnavailable, status, eb.Error.Reason)
	case status == http.StatusGatewayTimeout:
		return fmt.Errorf("search %s %s: %w", method, path, ErrTimeout)
	case status >= 500 && eb.Error.Type == "search_phase_execution_exception" && strings.Contains(string(body), "all shards failed"):
		return fmt.Errorf("search %s %s: %w: %s", method, path, ErrUnavailable, eb.Error.Reason)
	}
	reason := eb.Error.Reason
	if len(eb.Error.RootCause) > 0 && eb.Error.RootCause[0].Reason != "" {
		reason = eb.Error.RootCause[0].Reason
	}
	if reason == "" {
		reason = string(body)
		if len(reason) > 500 {
			reason = reason[:500]
		}
	}
	return &EngineError{Status: status, Type: eb.Error.Type, Reason: reason}
}

// Search runs a query against an index or alias.
func (c *Client) Search(ctx context.Context, index string, body any) (*Response, error) {
	var r Response
	if err := c.Do(ctx, http.MethodPost, "/"+index+"/_search", nil, body, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// MultiItem is one search of a multi-search.
type MultiItem struct {
	Index string
	Body  any
	// AllowMissing turns an index_not_found answer for this item into a
	// Response with Missing set (a composite answer marks that section
	// as not loaded) instead of failing the whole call.
	AllowMissing bool
}

// MSearch runs several searches in one round trip. A failed item yields an
// error for the whole call: callers want all sections or a clear failure.
func (c *Client) MSearch(ctx context.Context, items []MultiItem) ([]*Response, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, it := range items {
		if err := enc.Encode(map[string]string{"index": it.Index}); err != nil {
			return nil, err
		}
		if err := enc.Encode(it.Body); err != nil {
			return nil, fmt.Errorf("search: encode msearch body: %w", err)
		}
	}
	var out struct {
		Responses []*Response `json:"responses"`
	}
	if err := c.Do(ctx, http.MethodPost, "/_msearch", nil, buf.Bytes(), &out); err != nil {
		return nil, err
	}
	if len(out.Responses) != len(items) {
		return nil, fmt.Errorf("search: msearch returned %d responses for %d items", len(out.Responses), len(items))
	}
	for i, r := range out.Responses {
		if r.Error != nil {
			if r.Error.Type == "index_not_found_exception" {
				if items[i].AllowMissing {
					out.Responses[i] = &Response{Missing: items[i].Index}
					continue
				}
				return nil, fmt.Errorf("search: msearch item %d: %w", i, missingIndex(r.Error.Index, items[i].Index, r.Error.Reason))
			}
			if r.Status == 429 || r.Status >= 500 {
				return nil, fmt.Errorf("search: msearch item %d: %w: %s", i, ErrUnavailable, r.Error.Reason)
			}
			return nil, &EngineError{Status: r.Status, Type: r.Error.Type, Reason: r.Error.Reason}
		}
	}
	return out.Responses, nil
}

// Get fetches one document's source by id. found is false for a missing id.
func (c *Client) Get(ctx context.Context, index, id string) (source json.RawMessage, found bool, err error) {
	var r struct {
		Found  bool            `json:"found"`
		Source json.RawMessage `json:"_source"`
	}
	err = c.Do(ctx, http.MethodGet, "/"+index+"/_doc/"+url.PathEscape(id), nil, nil, &r)
	if errors.Is(err, ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return r.Source, r.Found, nil
}

// MGet fetches several documents by id; missing ids are absent from the map.
func (c *Client) MGet(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	var r struct {
		Docs []struct {
			ID     string          `json:"_id"`
			Found  bool            `json:"found"`
			Source json.RawMessage `json:"_source"`
		} `json:"docs"`
	}
	if err := c.Do(ctx, http.MethodPost, "/"+index+"/_mget", nil, map[string]any{"ids": ids}, &r); err != nil {
		return nil, err
	}
	out := make(map[string]json.RawMessage, len(r.Docs))
	for _, d := range r.Docs {
		if d.Found {
			out[d.ID] = d.Source
		}
	}
	return out, nil
}

// Count counts documents matching a query body ({"query":...}).
func (c *Client) Count(ctx context.Context, index string, body any) (int64, error) {
	var r struct {
		Count int64 `json:"count"`
	}
	if err := c.Do(ctx, http.MethodPost, "/"+index+"/_count", nil, body, &r); err != nil {
		return 0, err
	}
	return r.Count, nil
}

// OpenPIT opens a point in time on an index for consistent deep reads.
func (c *Client) OpenPIT(ctx context.Context, index string, keepAlive time.Duration) (string, error) {
	var r struct {
		PitID string `json:"pit_id"`
	}
	q := url.Values{"keep_alive": {fmt.Sprintf("%dms", keepAlive.Milliseconds())}}
	if err := c.Do(ctx, http.MethodPost, "/"+index+"/_search/point_in_time", q, nil, &r); err != nil {
		return "", err
	}
	return r.PitID, nil
}

// ClosePIT releases a point in time.
func (c *Client) ClosePIT(ctx context.Context, pitID string) error {
	return c.Do(ctx, http.MethodDelete, "/_search/point_in_time", nil, map[string]any{"pit_id": []string{pitID}}, nil)
}

// SearchPIT runs a search over a point in time (no index in the path).
func (c *Client) SearchPIT(ctx context.Context, body any) (*Response, error) {
	var r Response
	if err := c.Do(ctx, http.MethodPost, "/_search", nil, body, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// ClusterHealth is the subset of _cluster/health the API reports.
type ClusterHealth struct {
	ClusterName   string `json:"cluster_name"`
	Status        string `json:"status"`
	NumberOfNodes int    `json:"number_of_nodes"`
}

// Health reads the cluster health.
func (c *Client) Health(ctx context.Context) (ClusterHealth, error) {
	var h ClusterHealth
	err := c.Do(ctx, http.MethodGet, "/_cluster/health", nil, nil, &h)
	return h, err
}

// AliasInfo is one alias with its concrete index and document count.
type AliasInfo struct {
	Alias string `json:"alias"`
	Index string `json:"index"`
	Docs  int64  `json:"docs"`
}

// Aliases lists aliases whose name starts with prefix, with document counts.
func (c *Client) Aliases(ctx context.Context, prefix string) ([]AliasInfo, error) {
	var rows []struct {
		Alias string `json:"alias"`
		Index string `json:"index"`
	}
	q := url.Values{"format": {"json"}}
	if err := c.Do(ctx, http.MethodGet, "/_cat/aliases/"+prefix+"*", q, nil, &rows); err != nil {
		return nil, err
	}
	var counts []struct {
		Index string `json:"index"`
		Docs  string `json:"docs.count"`
	}
	if len(rows) > 0 {
		if err := c.Do(ctx, http.MethodGet, "/_cat/indices/"+prefix+"*", url.Values{"format": {"json"}, "h": {"index,docs.count"}}, nil, &counts); err != nil {
			return nil, err
		}
	}
	byIndex := map[string]int64{}
	for _, ci := range counts {
		var n int64
		fmt.Sscan(ci.Docs, &n)
		byIndex[ci.Index] = n
	}
	out := make([]AliasInfo, 0, len(rows))
	for _, r := range rows {
		out = append(out, AliasInfo{Alias: r.Alias, Index: r.Index, Docs: byIndex[r.Index]})
	}
	return out, nil
}
