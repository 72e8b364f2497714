package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"
	"github.com/ukpd/propertyapi/internal/osclient"
)

// engine wraps the shared OpenSearch client (internal/osclient) for the few
// admin calls the loader makes (create, settings, aliases, reindex, count,
// delete, bulk).
type engine struct {
	api *opensearchapi.Client // the bulk indexer needs the API client
}

// errNotFound is returned (wrapping the classified cause) by do for a 404
// answer: a missing document or alias (osclient.ErrNotFound) or a missing
// index (osclient.ErrIndexMissing).
var errNotFound = errors.New("not found")

// engineConfig is the loader's connection settings: long attempts (a
// reindex or a big bulk may take minutes) and more retries than the API.
func engineConfig(urls []string) osclient.Config {
	return osclient.Config{
		URLs:                urls,
		RequestTimeout:      10 * time.Minute,
		DialTimeout:         5 * time.Second,
		MaxIdleConnsPerHost: 16,
		MaxRetries:          5,
		RetryBackoff:        200 * time.Millisecond,
	}
}

func newEngine(urls []string) (*engine, error) {
	c, err := osclient.New(engineConfig(urls))
	if err != nil {
		return nil, err
	}
	return &engine{api: opensearchapi.NewFromClient(c)}, nil
}

// do sends one request; body is marshalled unless it is already []byte. A
// non-2xx answer or a transport failure is classified by osclient (with the
// engine's reason; errNotFound for 404). out, when non-nil, receives the
// decoded answer.
func (e *engine) do(ctx context.Context, method, path string, body any, out any) error {
	req, err := osclient.NewRequest(ctx, method, path, body)
	if err != nil {
		return err
	}
	err = osclient.DoJSON(e.api.Client, req, out)
	if errors.Is(err, osclient.ErrNotFound) || errors.Is(err, osclient.ErrIndexMissing) {
		return fmt.Errorf("%w: %w", errNotFound, err)
	}
	return err
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

// storeSizes returns the store size in bytes (every copy) of each index
// matching a wildcard pattern.
func (e *engine) storeSizes(ctx context.Context, pattern string) (map[string]int64, error) {
	var rows []struct {
		Index string `json:"index"`
		Size  string `json:"store.size"`
	}
	err := e.do(ctx, http.MethodGet, "/_cat/indices/"+esc(pattern)+"?format=json&h=index,store.size&bytes=b&expand_wildcards=open,closed", nil, &rows)
	if errors.Is(err, errNotFound) {
		return map[string]int64{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		n, _ := strconv.ParseInt(r.Size, 10, 64) // empty for a closed index
		out[r.Index] = n
	}
	return out, nil
}

// freeDisk returns the bytes available to the engine over its data nodes.
func (e *engine) freeDisk(ctx context.Context) (int64, error) {
	var r struct {
		Nodes map[string]struct {
			FS struct {
				Total struct {
					Available int64 `json:"available_in_bytes"`
				} `json:"total"`
			} `json:"fs"`
		} `json:"nodes"`
	}
	if err := e.do(ctx, http.MethodGet, "/_nodes/stats/fs", nil, &r); err != nil {
		return 0, err
	}
	var n int64
	for _, nd := range r.Nodes {
		n += nd.FS.Total.Available
	}
	return n, nil
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

// forceMerge merges an index to at most n segments per shard and waits for
// it: started as a task (a national index takes minutes, longer than one
// request should), then polled.
func (e *engine) forceMerge(ctx context.Context, index string, n int) error {
	var started struct {
		Task string `json:"task"`
	}
	path := fmt.Sprintf("/%s/_forcemerge?max_num_segments=%d&wait_for_completion=false", url.PathEscape(index), n)
	if err := e.do(ctx, http.MethodPost, path, nil, &started); err != nil {
		return err
	}
	if started.Task == "" {
		return nil // an engine that merged synchronously
	}
	for {
		var t struct {
			Completed bool            `json:"completed"`
			Error     json.RawMessage `json:"error"`
		}
		if err := e.do(ctx, http.MethodGet, "/_tasks/"+url.PathEscape(started.Task)+"?wait_for_completion=true&timeout=60s", nil, &t); err != nil {
			if strings.Contains(err.Error(), "timeout") || strings.Contains(err.Error(), "timed out") {
				continue
			}
			return err
		}
		if len(t.Error) > 0 && string(t.Error) != "null" {
			return fmt.Errorf("task %s: %s", started.Task, t.Error)
		}
		if t.Completed {
			return nil
		}
	}
}
