// Package lru is a bounded least-recently-used cache of results with a TTL,
// used by the API server for the typeahead and postcode result caches.
// A nil *Cache is a disabled cache: every method is safe on it.
package lru

import (
	"container/list"
	"sync"
	"time"
)

// Cache is a bounded LRU of results with a TTL. Values are shared
// read-only: a caller that changes a hit copies it first.
type Cache[V any] struct {
	mu    sync.Mutex
	max   int
	ttl   time.Duration
	now   func() time.Time
	ll    *list.List
	items map[string]*list.Element
}

type entry[V any] struct {
	key     string
	res     V
	expires time.Time
}

// New returns a cache of at most entries results, each served for ttl
// (now is the clock). It returns nil (a disabled cache) for zero entries
// or a ttl that is not positive.
func New[V any](entries int, ttl time.Duration, now func() time.Time) *Cache[V] {
	if entries <= 0 || ttl <= 0 {
		return nil
	}
	return &Cache[V]{max: entries, ttl: ttl, now: now, ll: list.New(), items: map[string]*list.Element{}}
}

// Get returns a cached result, the zero value when absent or expired.
func (c *Cache[V]) Get(key string) V {
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
	e := el.Value.(*entry[V])
	if c.now().After(e.expires) {
		c.ll.Remove(el)
		delete(c.items, key)
		return zero
	}
	c.ll.MoveToFront(el)
	return e.res
}

// Put stores a result, evicting the least recently used beyond the bound.
func (c *Cache[V]) Put(key string, res V) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	exp := c.now().Add(c.ttl)
	if el, ok := c.items[key]; ok {
		e := el.Value.(*entry[V])
		e.res, e.expires = res, exp
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&entry[V]{key: key, res: res, expires: exp})
	for c.ll.Len() > c.max {
		old := c.ll.Back()
		c.ll.Remove(old)
		delete(c.items, old.Value.(*entry[V]).key)
	}
}

// Len reports the number of entries.
func (c *Cache[V]) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
