//go:build integration

package integration

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
)

// searchClient is a search client with cfg; an error fails the test.
func searchClient(tb testing.TB, cfg search.Config) *search.Client {
	tb.Helper()
	c, err := search.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// newAPIServer is the API with a silent logger and opt (IndexPrefix, Now,
// Gate, …) over opt.Backend or, when that is nil, over the OpenSearch at
// osURL.
func newAPIServer(tb testing.TB, osURL string, opt api.Options) *api.Server {
	tb.Helper()
	if opt.Backend == nil {
		opt.Backend = searchClient(tb, search.Config{URLs: []string{osURL}})
	}
	opt.Logger = zerolog.Nop()
	return api.NewServer(opt)
}

// jobCall sends one request of the bulk-job API with an API key (a body
// is sent as CSV) and returns the decoded JSON answer; a transport error,
// an answer that is not 2xx or not JSON fails the test.
func jobCall(t *testing.T, base, key, method, path, body string) map[string]any {
	t.Helper()
	req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Api-Key "+key)
	req.Header.Set("Content-Type", "text/csv")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode >= 300 {
		t.Fatalf("%s %s: %d %v", method, path, resp.StatusCode, err)
	}
	return out
}
