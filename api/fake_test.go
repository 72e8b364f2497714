package api

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/api/search/searchtest"
)

// fakeBackend is the shared search fake (api/search/searchtest).
type fakeBackend = searchtest.Fake

// newTestServer builds a server over a fake backend with no gate.
func newTestServer(t testing.TB, fb *fakeBackend) *Server {
	t.Helper()
	fb.T = t
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
