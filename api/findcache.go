package api

import (
	"container/list"
	"strconv"
	"strings"
	"sync"
	"time"

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

// findCache is the typeahead result cache.
type findCache = lruCache[*findResponse]

// lruCache is a bounded LRU of results with a TTL. Values are shared
// read-only: a caller that changes a hit copies it first.
type lruCache[V any] struct {
	mu    sync.Mutex
	max   int
	ttl   time.Duration
	now   func() time.Time
	ll    *list.List
	items map[string]*list.Element
}

type lruEntry[V any] struct {
	key     string
	res     V
	expires time.Time
}

func newFindCache(cfg FindCacheConfig, now func() time.Time) *findCache {
	return newLRUCache[*findResponse](cfg, now)
}

// newLRUCache returns nil (a disabled cache) for zero entries.
func newLRUCache[V any](cfg FindCacheConfig, now func() time.Time) *lruCache[V] {
	if cfg.Entries <= 0 {
		return nil
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultFindCacheTTL
	}
	return &lruCache[V]{max: cfg.Entries, ttl: cfg.TTL, now: now, ll: list.New(), items: map[string]*list.Element{}}
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

// get returns a cached result, the zero value when absent or expired.
// Safe on a nil cache.
func (c *lruCache[V]) get(key string) V {
	var zero V
	if c == nil {
		return zero
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return zero
	}
	e := el.Value.(*lruEntry[V])
	if c.now().After(e.expires) {
		c.ll.Remove(el)
		delete(c.items, key)
		return zero
	}
	c.ll.MoveToFront(el)
	return e.res
}

// put stores a result, evicting the least recently used beyond the bound.
// Safe on a nil cache.
func (c *lruCache[V]) put(key string, res V) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	exp := c.now().Add(c.ttl)
	if el, ok := c.items[key]; ok {
		e := el.Value.(*lruEntry[V])
		e.res, e.expires = res, exp
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&lruEntry[V]{key: key, res: res, expires: exp})
	for c.ll.Len() > c.max {
		old := c.ll.Back()
		c.ll.Remove(old)
		delete(c.items, old.Value.(*lruEntry[V]).key)
	}
}

// len reports the number of entries (tests).
func (c *lruCache[V]) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
