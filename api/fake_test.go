package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
)

// fakeBackend is a Backend whose behaviour is set per test through function
// fields; an unset field fails the test when called.
type fakeBackend struct {
	t           testing.TB
	SearchFn    func(index string, body any) (*search.Response, error)
	MSearchFn   func(items []search.MultiItem) ([]*search.Response, error)
	GetFn       func(index, id string) (json.RawMessage, bool, error)
	MGetFn      func(index string, ids []string) (map[string]json.RawMessage, error)
	CountFn     func(index string, body any) (int64, error)
	HealthFn    func() (search.ClusterHealth, error)
	AliasesFn   func(prefix string) ([]search.AliasInfo, error)
	OpenPITFn   func(index string) (string, error)
	SearchPITFn func(body any) (*search.Response, error)
}

func (f *fakeBackend) missing(name string) error {
	f.t.Helper()
	f.t.Errorf("fakeBackend.%s called but not set", name)
	return errors.New("not set")
}

func (f *fakeBackend) Search(_ context.Context, index string, body any) (*search.Response, error) {
	if f.SearchFn == nil {
		return nil, f.missing("Search")
	}
	return f.SearchFn(index, body)
}
func (f *fakeBackend) MSearch(_ context.Context, items []search.MultiItem) ([]*search.Response, error) {
	if f.MSearchFn == nil {
		return nil, f.missing("MSearch")
	}
	return f.MSearchFn(items)
}
func (f *fakeBackend) Get(_ context.Context, index, id string) (json.RawMessage, bool, error) {
	if f.GetFn == nil {
		return nil, false, f.missing("Get")
	}
	return f.GetFn(index, id)
}
func (f *fakeBackend) MGet(_ context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	if f.MGetFn == nil {
		return nil, f.missing("MGet")
	}
	return f.MGetFn(index, ids)
}
func (f *fakeBackend) Count(_ context.Context, index string, body any) (int64, error) {
	if f.CountFn == nil {
		return 0, f.missing("Count")
	}
	return f.CountFn(index, body)
}
func (f *fakeBackend) OpenPIT(_ context.Context, index string, _ time.Duration) (string, error) {
	if f.OpenPITFn == nil {
		return "", f.missing("OpenPIT")
	}
	return f.OpenPITFn(index)
}
func (f *fakeBackend) ClosePIT(context.Context, string) error { return nil }
func (f *fakeBackend) SearchPIT(_ context.Context, body any) (*search.Response, error) {
	if f.SearchPITFn == nil {
		return nil, f.missing("SearchPIT")
	}
	return f.SearchPITFn(body)
}
func (f *fakeBackend) Health(context.Context) (search.ClusterHealth, error) {
	if f.HealthFn == nil {
		return search.ClusterHealth{}, f.missing("Health")
	}
	return f.HealthFn()
}
func (f *fakeBackend) Aliases(_ context.Context, prefix string) ([]search.AliasInfo, error) {
	if f.AliasesFn == nil {
		return nil, f.missing("Aliases")
	}
	return f.AliasesFn(prefix)
}

// newTestServer builds a server over a fake backend with no gate.
func newTestServer(t testing.TB, fb *fakeBackend) *Server {
	t.Helper()
	fb.t = t
	return NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard)})
}

// do sends a request to the server and returns the recorder.
func do(t testing.TB, s http.Handler, method, target string, body string) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// errorCode decodes the error envelope and returns its code.
func errorCode(t testing.TB, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("body is not the error envelope: %v: %s", err, rec.Body.String())
	}
	if e.Error.Message == "" {
		t.Errorf("error %q has no message", e.Error.Code)
	}
	return e.Error.Code
}

// hit makes a search hit from a document.
func hit(t testing.TB, id string, doc any) search.Hit {
	t.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return search.Hit{ID: id, Source: b}
}

// mustJSON marshals v.
func mustJSON(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
