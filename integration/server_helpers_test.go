//go:build integration

package integration

import (
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
