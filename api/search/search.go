// Package search is the OpenSearch backend of the API: one client built once
// over internal/osclient (pooled connections, per-attempt timeouts, retries
// with backoff on 429/502/503/504), lean response types, and errors
// classified by osclient into the sentinels ErrUnavailable, ErrTimeout and
// ErrIndexMissing so the HTTP layer can answer 503/504 instead of 500.
package search

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/ukpd/propertyapi/internal/osclient"
)

// Sentinel errors, shared with every OpenSearch client of the project
// (internal/osclient). Wrapped errors keep the engine's reason for the log.
var (
	ErrUnavailable  = osclient.ErrUnavailable
	ErrTimeout      = osclient.ErrTimeout
	ErrIndexMissing = osclient.ErrIndexMissing
	ErrNotFound     = osclient.ErrNotFound
	ErrBadRequest   = osclient.ErrBadRequest
)

// MissingIndexError is an index_not_found answer naming the index: the
// dataset is not loaded (errors.Is(err, ErrIndexMissing) is true).
type MissingIndexError = osclient.MissingIndexError

// EngineError is a non-retryable error answer from the engine (a 4xx other
// than a missing index). It means our request was wrong: a bug, logged with
// the reason.
type EngineError = osclient.EngineError

// Config configures the client: the shared connection settings (URLs,
// per-attempt timeout, pool size, retries, compression).
type Config = osclient.Config

// Client talks to OpenSearch.
type Client struct {
	os *opensearch.Client
}

// New builds the client. It does not contact the cluster.
func New(cfg Config) (*Client, error) {
	c, err := osclient.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
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

// HitsTotal is the number of matches (hits.total.value).
func (r *Response) HitsTotal() int64 { return r.Hits.Total.Value }

// HitCount is the number of hits returned.
func (r *Response) HitCount() int { return len(r.Hits.Hits) }

// HitSource is the id and document of the i-th hit returned.
func (r *Response) HitSource(i int) (string, json.RawMessage) {
	return r.Hits.Hits[i].ID, r.Hits.Hits[i].Source
}

// HitFields is the doc values the i-th hit returned (its "fields").
func (r *Response) HitFields(i int) map[string]json.RawMessage { return r.Hits.Hits[i].Fields }

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
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	req, err := osclient.NewRequest(ctx, method, path, body)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return osclient.DoJSON(c.os, req, out)
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
			if r.Error.Type == "index_not_found_exception" && items[i].AllowMissing {
				out.Responses[i] = &Response{Missing: items[i].Index}
				continue
			}
			return nil, osclient.ClassifyItem(fmt.Sprintf("search: msearch item %d", i), r.Status, r.Error.Type, r.Error.Reason)
		}
	}
	return out.Responses, nil
}

// Get fetches one document's source by id. found is false for a missing id.
// It asks for the source alone (GET _source), so the answer is the document
// itself: nothing to unwrap, no second pass over it.
func (c *Client) Get(ctx context.Context, index, id string) (source json.RawMessage, found bool, err error) {
	req, err := osclient.NewRequest(ctx, http.MethodGet, "/"+index+"/_source/"+url.PathEscape(id), nil)
	if err != nil {
		return nil, false, fmt.Errorf("search: %w", err)
	}
	data, err := osclient.Do(c.os, req)
	if errors.Is(err, ErrNotFound) || isDocumentMissing(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// isDocumentMissing is the 404 of GET _source for a missing document
// (resource_not_found_exception; a missing index is index_not_found).
func isDocumentMissing(err error) bool {
	var ee *EngineError
	return errors.As(err, &ee) && ee.Status == http.StatusNotFound && ee.Type == "resource_not_found_exception"
}

// MGet fetches several documents by id; missing ids are absent from the map.
func (c *Client) MGet(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	var r osclient.MGetResponse
	if err := c.Do(ctx, http.MethodPost, "/"+index+"/_mget", nil, map[string]any{"ids": ids}, &r); err != nil {
		return nil, err
	}
	return r.Sources(), nil
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
