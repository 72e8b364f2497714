// Package osclient is the one way this project talks to OpenSearch: the
// connection settings (addresses, timeouts, retries, transport) and the
// classification of failures (index missing, not found, unavailable,
// timeout, bad request) shared by the API's search client (api/search), the
// indexer's loader (indexer) and the importers' lookups
// (indexer/importer/oslookup). It depends on opensearch-go and the standard
// library only.
package osclient

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

// Config is the connection settings. Zero fields take the defaults below,
// which suit the API (short requests, few retries); the indexer sets long
// timeouts and more retries for bulk loads and reindexing.
type Config struct {
	// URLs are the node addresses (see ParseURLs for a comma list).
	URLs []string
	// RequestTimeout bounds one attempt (response headers); 0 means 5s.
	RequestTimeout time.Duration
	// DialTimeout bounds a TCP connect; 0 means 2s.
	DialTimeout time.Duration
	// MaxIdleConnsPerHost sizes the connection pool; 0 means 256.
	MaxIdleConnsPerHost int
	// MaxRetries on the retryable statuses 429, 502, 503, 504 and on
	// transport errors; 0 means 2, negative disables retries.
	MaxRetries int
	// RetryBackoff is the unit of the backoff: attempt² × unit; 0 means 25ms.
	RetryBackoff time.Duration
	// Compression asks OpenSearch for gzip responses. Off by default: next
	// to the cluster, inflating every response costs more CPU on both sides
	// than the bytes it saves (profiled in bench/results/latest.md).
	Compression bool
}

// Defaults of Config.
const (
	DefaultRequestTimeout      = 5 * time.Second
	DefaultDialTimeout         = 2 * time.Second
	DefaultMaxIdleConnsPerHost = 256
	DefaultMaxRetries          = 2
	DefaultRetryBackoff        = 25 * time.Millisecond
)

// RetryOnStatus are the statuses retried (with backoff) by every client.
var retryOnStatus = []int{http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout}

// ParseURLs splits a comma-separated list of node URLs, trimming spaces and
// trailing slashes and dropping empty entries.
func ParseURLs(s string) []string {
	var out []string
	for _, u := range strings.Split(s, ",") {
		if u = strings.TrimRight(strings.TrimSpace(u), "/"); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// withDefaults fills the zero fields.
func (cfg Config) withDefaults() Config {
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.DialTimeout == 0 {
		cfg.DialTimeout = DefaultDialTimeout
	}
	if cfg.MaxIdleConnsPerHost == 0 {
		cfg.MaxIdleConnsPerHost = DefaultMaxIdleConnsPerHost
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	}
	if cfg.RetryBackoff == 0 {
		cfg.RetryBackoff = DefaultRetryBackoff
	}
	return cfg
}

// New builds an opensearch-go client over every URL (round robin, retries
// on another node) with a pooled transport. It does not contact the cluster.
func New(cfg Config) (*opensearch.Client, error) {
	if len(cfg.URLs) == 0 {
		return nil, errors.New("opensearch: no URL")
	}
	cfg = cfg.withDefaults()
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           (&net.Dialer{Timeout: cfg.DialTimeout, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:          cfg.MaxIdleConnsPerHost * 2,
		MaxIdleConnsPerHost:   cfg.MaxIdleConnsPerHost,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: cfg.RequestTimeout,
		ExpectContinueTimeout: time.Second,
		DisableCompression:    !cfg.Compression,
	}
	falseV := false
	unit := cfg.RetryBackoff
	c, err := opensearch.NewClient(opensearch.Config{
		Addresses:             cfg.URLs,
		Transport:             tr,
		RetryOnStatus:         retryOnStatus,
		MaxRetries:            max(cfg.MaxRetries, 0),
		DisableRetry:          cfg.MaxRetries < 0,
		RequestTimeout:        cfg.RequestTimeout,
		DiscoverNodesOnStart:  &falseV,
		HealthCheckMaxRetries: -1,
		RetryBackoff: func(attempt int) time.Duration {
			return time.Duration(attempt*attempt) * unit
		},
	})
	if err != nil {
		return nil, fmt.Errorf("opensearch: new client: %w", err)
	}
	return c, nil
}

// Sentinel errors. Wrapped errors keep the engine's reason for the log.
var (
	// ErrUnavailable: the cluster did not answer, or answered 429/502/503
	// (after retries), or every shard failed.
	ErrUnavailable = errors.New("search engine unavailable")
	// ErrTimeout: an attempt or the caller's deadline ran out, or 504.
	ErrTimeout = errors.New("search engine timeout")
	// ErrIndexMissing: the index or alias does not exist (404 index_not_found_exception).
	ErrIndexMissing = errors.New("index missing")
	// ErrNotFound: the document (or alias) does not exist (404 otherwise).
	ErrNotFound = errors.New("document not found")
	// ErrBadRequest: the engine refused our request (4xx other than 404 and
	// 429): a bug on our side, logged with the reason. Match with errors.Is;
	// errors.As with *EngineError gives the details.
	ErrBadRequest = errors.New("search engine rejected the request")
)

// MissingIndexError is an index_not_found answer: the index or alias (a
// dataset) is not loaded. errors.Is(err, ErrIndexMissing) is true.
type MissingIndexError struct {
	Index  string // the index or alias named by the engine (or the request)
	Reason string
}

func (e *MissingIndexError) Error() string {
	return fmt.Sprintf("%v: %s: %s", ErrIndexMissing, e.Index, e.Reason)
}

// Is makes errors.Is(err, ErrIndexMissing) true.
func (e *MissingIndexError) Is(target error) bool { return target == ErrIndexMissing }

// missingIndex builds the error from the engine's index field, else its
// reason ("no such index [name]").
func missingIndex(index, reason string) *MissingIndexError {
	if index == "" {
		if i := strings.Index(reason, "["); i >= 0 {
			if j := strings.Index(reason[i:], "]"); j > 0 {
				index = reason[i+1 : i+j]
			}
		}
	}
	return &MissingIndexError{Index: index, Reason: reason}
}

// EngineError is a non-retryable error answer from the engine (a 4xx other
// than a missing index or document, or a 5xx that is not an outage). It
// means our request was wrong: a bug, logged with the reason.
type EngineError struct {
	Status int
	Type   string
	Reason string
}

func (e *EngineError) Error() string {
	return fmt.Sprintf("opensearch %d %s: %s", e.Status, e.Type, e.Reason)
}

// Is makes errors.Is(err, ErrBadRequest) true for 4xx answers.
func (e *EngineError) Is(target error) bool {
	return target == ErrBadRequest && e.Status >= 400 && e.Status < 500
}

// ClassifyTransport turns a failure to get an answer (connect, reset,
// timeout, cancelled context) into ErrTimeout or ErrUnavailable (or the
// context's own error when the caller gave up), wrapped with op.
func ClassifyTransport(ctx context.Context, op string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%s: %w", op, ctx.Err())
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("%s: %w: %v", op, ErrTimeout, err)
	}
	return fmt.Errorf("%s: %w: %v", op, ErrUnavailable, err)
}

// ClassifyStatus turns a non-2xx answer into a sentinel error (wrapped with
// op) or an *EngineError; it returns nil for 2xx.
func ClassifyStatus(op string, status int, body []byte) error {
	if status >= 200 && status < 300 {
		return nil
	}
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
	_ = json.Unmarshal(body, &eb) // "error" is a plain string for some 404s
	switch {
	case status == http.StatusNotFound && eb.Error.Type == "index_not_found_exception":
		return fmt.Errorf("%s: %w", op, missingIndex(eb.Error.Index, eb.Error.Reason))
	case status == http.StatusNotFound && eb.Found != nil && !*eb.Found:
		return fmt.Errorf("%s: %w", op, ErrNotFound)
	case status == http.StatusNotFound && (eb.Error.Type == "" || eb.Error.Type == "document_missing_exception"):
		return fmt.Errorf("%s: %w", op, ErrNotFound)
	case status == http.StatusTooManyRequests || status == http.StatusBadGateway || status == http.StatusServiceUnavailable:
		return fmt.Errorf("%s: %w: status %d %s", op, ErrUnavailable, status, eb.Error.Reason)
	case status == http.StatusGatewayTimeout:
		return fmt.Errorf("%s: %w", op, ErrTimeout)
	case status >= 500 && eb.Error.Type == "search_phase_execution_exception" && strings.Contains(string(body), "all shards failed"):
		return fmt.Errorf("%s: %w: %s", op, ErrUnavailable, eb.Error.Reason)
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

// ClassifyItem classifies the error of one item of a multi-search or bulk
// answer (status and error type as the engine reports them).
func ClassifyItem(op string, status int, errType, reason string) error {
	switch {
	case errType == "index_not_found_exception":
		return fmt.Errorf("%s: %w", op, missingIndex("", reason))
	case status == http.StatusTooManyRequests || status >= 500:
		return fmt.Errorf("%s: %w: %s %s", op, ErrUnavailable, errType, reason)
	}
	return &EngineError{Status: status, Type: errType, Reason: reason}
}

// Do sends req (built by the caller with its context, path and body) over
// c, reads and closes the answer and returns the body of a 2xx answer. Any
// other answer or a failure to get one is classified (ClassifyStatus,
// ClassifyTransport) and wrapped with "opensearch METHOD path".
func Do(c *opensearch.Client, req *http.Request) ([]byte, error) {
	op := "opensearch " + req.Method + " " + req.URL.Path
	resp, err := c.Stream(req) // unbuffered: the body is read and closed here
	if err != nil {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		return nil, ClassifyTransport(req.Context(), op, err)
	}
	defer resp.Body.Close()
	data, err := readBody(resp)
	if err != nil {
		return nil, ClassifyTransport(req.Context(), op, err)
	}
	if err := ClassifyStatus(op, resp.StatusCode, data); err != nil {
		return nil, err
	}
	return data, nil
}

// readBody reads an answer in one allocation when its length is known
// (OpenSearch sends Content-Length on everything but chunked streams).
func readBody(resp *http.Response) ([]byte, error) {
	if resp.Request != nil && resp.Request.Method == http.MethodHead {
		return io.ReadAll(resp.Body) // no body, whatever Content-Length says
	}
	if n := resp.ContentLength; n >= 0 && n <= 64<<20 {
		data := make([]byte, n)
		_, err := io.ReadFull(resp.Body, data)
		return data, err
	}
	return io.ReadAll(resp.Body)
}

// NewRequest builds a request for Do. target is the path, with its query if
// any; escaped segments stay escaped. body may be nil, []byte, io.Reader or
// any value encoded with encoding/json; it is sent as application/json, or
// as application/x-ndjson to _msearch and _bulk.
func NewRequest(ctx context.Context, method, target string, body any) (*http.Request, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	case io.Reader:
		rd = b
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			return nil, fmt.Errorf("%s %s: encode body: %w", method, target, err)
		}
		rd = bytes.NewReader(buf)
	}
	// Parsed rather than set as URL.Path, which would escape the % signs of
	// escaped segments a second time.
	u, err := url.Parse(target)
	if err != nil {
		return nil, fmt.Errorf("%s %s: bad path: %w", method, target, err)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, target, err)
	}
	if rd != nil {
		contentType := "application/json"
		if strings.HasSuffix(u.Path, "_msearch") || strings.HasSuffix(u.Path, "_bulk") {
			contentType = "application/x-ndjson"
		}
		req.Header.Set("Content-Type", contentType)
	}
	return req, nil
}

// DoJSON is Do that decodes the 2xx answer into out (when out is not nil).
func DoJSON(c *opensearch.Client, req *http.Request, out any) error {
	data, err := Do(c, req)
	if err != nil || out == nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("opensearch %s %s: decode: %w", req.Method, req.URL.Path, err)
	}
	return nil
}

// MGetResponse is the answer of _mget: one entry per id asked for.
type MGetResponse struct {
	Docs []struct {
		ID     string          `json:"_id"`
		Found  bool            `json:"found"`
		Source json.RawMessage `json:"_source"`
	} `json:"docs"`
}

// Sources returns the sources of the documents found, by id (missing ids
// are absent).
func (r *MGetResponse) Sources() map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(r.Docs))
	for _, d := range r.Docs {
		if d.Found {
			out[d.ID] = d.Source
		}
	}
	return out
}
