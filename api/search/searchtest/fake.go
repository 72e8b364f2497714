// Package searchtest is the one fake of the API's search backend, for the
// unit tests of every package that runs handlers without an engine.
package searchtest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/search"
)

// Fake is a search backend (api.Backend) whose behaviour is set per test
// through function fields; an unset field fails the test T when called.
// ClosePIT always succeeds.
type Fake struct {
	T           testing.TB
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

func (f *Fake) missing(name string) error {
	f.T.Helper()
	f.T.Errorf("search fake: %s called but not set", name)
	return errors.New("not set")
}

func (f *Fake) Search(_ context.Context, index string, body any) (*search.Response, error) {
	if f.SearchFn == nil {
		return nil, f.missing("Search")
	}
	return f.SearchFn(index, body)
}
func (f *Fake) MSearch(_ context.Context, items []search.MultiItem) ([]*search.Response, error) {
	if f.MSearchFn == nil {
		return nil, f.missing("MSearch")
	}
	return f.MSearchFn(items)
}
func (f *Fake) Get(_ context.Context, index, id string) (json.RawMessage, bool, error) {
	if f.GetFn == nil {
		return nil, false, f.missing("Get")
	}
	return f.GetFn(index, id)
}
func (f *Fake) MGet(_ context.Context, index string, ids []string) (map[string]json.RawMessage, error) {
	if f.MGetFn == nil {
		return nil, f.missing("MGet")
	}
	return f.MGetFn(index, ids)
}
func (f *Fake) Count(_ context.Context, index string, body any) (int64, error) {
	if f.CountFn == nil {
		return 0, f.missing("Count")
	}
	return f.CountFn(index, body)
}
func (f *Fake) OpenPIT(_ context.Context, index string, _ time.Duration) (string, error) {
	if f.OpenPITFn == nil {
		return "", f.missing("OpenPIT")
	}
	return f.OpenPITFn(index)
}
func (f *Fake) ClosePIT(context.Context, string) error { return nil }
func (f *Fake) SearchPIT(_ context.Context, body any) (*search.Response, error) {
	if f.SearchPITFn == nil {
		return nil, f.missing("SearchPIT")
	}
	return f.SearchPITFn(body)
}
func (f *Fake) Health(context.Context) (search.ClusterHealth, error) {
	if f.HealthFn == nil {
		return search.ClusterHealth{}, f.missing("Health")
	}
	return f.HealthFn()
}
func (f *Fake) Aliases(_ context.Context, prefix string) ([]search.AliasInfo, error) {
	if f.AliasesFn == nil {
		return nil, f.missing("Aliases")
	}
	return f.AliasesFn(prefix)
}
