package api

// Result caches of the address family (api/internal/lru): configuration and
// the typeahead key.

import (
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/api/internal/lru"
	"github.com/ukpd/propertyapi/api/query"
)

// FindCacheConfig sizes the typeahead result cache. Typeahead traffic is
// dominated by a few hot prefixes ("fla", "1 ", "high st") that every user
// types on the way to their address, and the shortest of them are the most
// expensive to rank (hundreds of thousands of matches). The cache keeps the
// most recently used results for a short time: a reload of the addresses
// index shows within TTL.
type FindCacheConfig struct {
	// Entries bounds the cache (least recently used evicted); 0 disables it.
	Entries int
	// TTL is how long a result is served; 0 means DefaultFindCacheTTL.
	TTL time.Duration
}

// Defaults of the API server (env ADDRESS_CACHE_ENTRIES, ADDRESS_CACHE_TTL).
const (
	DefaultFindCacheEntries = 4096
	DefaultFindCacheTTL     = 60 * time.Second
)

// newResultCache returns a typeahead or postcode result cache (nil, a
// disabled cache, for zero entries).
func newResultCache[V any](cfg FindCacheConfig, now func() time.Time) *lru.Cache[V] {
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultFindCacheTTL
	}
	return lru.New[V](cfg.Entries, cfg.TTL, now)
}

// findCacheKey identifies a typeahead query by what changes its result:
// the normalised text, the size, the building drill-down and the bias
// point (to about 10 m).
func findCacheKey(q string, p query.AddressFindParams) string {
	var b strings.Builder
	b.Grow(len(q) + 48)
	b.WriteString(strings.Join(strings.Fields(strings.ToLower(q)), " "))
	b.WriteByte('|')
	b.WriteString(strconv.Itoa(p.Size))
	b.WriteByte('|')
	b.WriteString(strconv.FormatInt(p.Parent, 10))
	if p.Bias != nil {
		b.WriteByte('|')
		b.WriteString(strconv.FormatFloat(p.Bias.Lat, 'f', 4, 64))
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(p.Bias.Lon, 'f', 4, 64))
	}
	return b.String()
}
