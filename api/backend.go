package api

import (
	"context"
	"encoding/json"
	"time"

	"github.com/ukpd/propertyapi/api/search"
)

// Backend is what handlers need from the search engine. *search.Client
// implements it; handler tests use a fake.
type Backend interface {
	Search(ctx context.Context, index string, body any) (*search.Response, error)
	MSearch(ctx context.Context, items []search.MultiItem) ([]*search.Response, error)
	Get(ctx context.Context, index, id string) (json.RawMessage, bool, error)
	MGet(ctx context.Context, index string, ids []string) (map[string]json.RawMessage, error)
	Count(ctx context.Context, index string, body any) (int64, error)
	OpenPIT(ctx context.Context, index string, keepAlive time.Duration) (string, error)
	ClosePIT(ctx context.Context, pitID string) error
	SearchPIT(ctx context.Context, body any) (*search.Response, error)
	Health(ctx context.Context) (search.ClusterHealth, error)
	Aliases(ctx context.Context, prefix string) ([]search.AliasInfo, error)
}

var _ Backend = (*search.Client)(nil)
