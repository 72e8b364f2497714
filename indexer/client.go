package indexer

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
	"sort"
	"strings"
	"time"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"
)

// engine wraps the opensearch-go client for the few admin calls the loader
// makes (create, settings, aliases, reindex, count, delete).
type engine struct {
	api *opensearchapi.Client
}

// errNotFound is returned by do for a 404 answer.
var errNotFound = errors.New("not found")

func newEngine(urls []string) (*engine, error) {
	if len(urls) == 0 {
		return nil, errors.New("no OpenSearch URL")
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:          32,
		MaxIdleConnsPerHost:   16,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: 10 * time.Minute, // a reindex or a big bulk may take long
	}
	falseV := false
	c, err := opensearchapi.NewClient(opensearchapi.Config{Client: opensearch.Config{
		Addresses:             urls,
		Transport:             tr,
		RetryOnStatus:         []int{429, 502, 503, 504},
		MaxRetries:            5,
		DiscoverNodesOnStart:  &falseV,
		HealthCheckMaxRetries: -1,
		RetryBackoff: func(attempt int) time.Duration {
			return time.Duration(attempt*attempt) * 200 * time.Millisecond
		},
	}})
	if err != nil {
		return nil, fmt.Errorf("opensearch client: %w", err)
	}
	return &engine{api: c}, nil
}

// do sends one request; body is marshalled unless it is already []byte. A
// non-2xx answer becomes an error carrying the engine's reason (errNotFound
// for 404). out, when non-nil, receives the decoded answer.
func (e *engine) do(ctx context.Context, method, path string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, ok := body.([]byte)
		if !ok {
			var err error
			if b, err = json.Marshal(body); err != nil {
				return fmt.Errorf("%s %s: encode: %w", method, path, err)
			}
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, path, rd)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := e.api.Client.Stream(req) // unbuffered: the body is read and closed below
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("%s %s: read: %w", method, path, err)
	}
	if resp.StatusCode == http.StatusNotFound {
		return fmt.Errorf("%s %s: %w: %s", method, path, errNotFound, short(b))
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: status %d: %s", method, path, resp.StatusCode, short(b))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%s %s: decode: %w", method, path, err)
		}
	}
	return nil
}

func short(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 600 {
		s = s[:600] + "…"
	}
	return s
}

func esc(s string) string { return url.PathEscape(s) }

// aliasTargets returns the indices behind an alias (nil when it does not
// exist). It fails when alias names a concrete index.
func (e *engine) aliasTargets(ctx context.Context, alias string) ([]string, error) {
	var m map[string]json.RawMessage
	err := e.do(ctx, http.MethodGet, "/_alias/"+esc(alias), nil, &m)
	if errors.Is(err, errNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	if len(out) == 1 && out[0] == alias {
		return nil, fmt.Errorf("%q is a concrete index, not an alias", alias)
	}
	return out, nil
}

// indexExists reports whether a concrete index or alias of that name exists.
func (e *engine) indexExists(ctx context.Context, name string) (bool, error) {
	err := e.do(ctx, http.MethodHead, "/"+esc(name), nil, nil)
	if errors.Is(err, errNotFound) {
		return false, nil
	}
	return err == nil, err
}

// listIndices returns the concrete indices matching a wildcard pattern.
func (e *engine) listIndices(ctx context.Context, pattern string) ([]string, error) {
	var rows []struct {
		Index string `json:"index"`
	}
	err := e.do(ctx, http.MethodGet, "/_cat/indices/"+esc(pattern)+"?format=json&h=index&expand_wildcards=open,closed", nil, &rows)
	if errors.Is(err, errNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.Index)
	}
	sortStrings(out)
	return out, nil
}

func (e *engine) count(ctx context.Context, index string) (int64, error) {
	var r struct {
		Count int64 `json:"count"`
	}
	if err := e.do(ctx, http.MethodGet, "/"+esc(index)+"/_count", nil, &r); err != nil {
		return 0, err
	}
	return r.Count, nil
}

// opensearchapiBulkRespItem is the per-item bulk answer.
type opensearchapiBulkRespItem = opensearchapi.BulkRespItem

func sortStrings(s []string) { sort.Strings(s) }
