package addrmatch

import (
	"sync"

	"github.com/ukpd/propertyapi/api/search"

	"github.com/ukpd/propertyapi/mappings"
)

// Cache keeps the candidates a Matcher retrieved, by query, and each
// candidate prepared once (by UPRN), between calls: one per bulk job, whose
// rows share postcodes, streets and often whole addresses. It is safe for
// concurrent use and bounded: past max candidates (or 16 references to
// them a candidate, by query) it starts again empty.
type Cache struct {
	mu      sync.Mutex
	max     int
	refs    int
	queries map[string][]*candidate
	byUPRN  map[int64]*candidate
	hits    int64
	misses  int64
	passes  PassCounts
}

// PassCounts are the rows MatchMany settled in each of its passes (the
// rest, Scored and Fuzzy, took the scored candidate query).
type PassCounts struct {
	Rows       int64 // rows matched
	Premises   int64 // settled within their postcode
	Neighbours int64 // settled with the postcodes one character off
	Filtered   int64 // accepted by the filtered retrieval
	Scored     int64 // rows that took the scored candidate query
	Fuzzy      int64 // of those, rows that took it again with typos allowed
	// Searches, Hits and TookMS are the engine's work by kind of search:
	// premises, neighbours, filtered, scored (fuzzy included).
	Searches, Hits, TookMS [4]int64
}

// Kinds of search, the index of PassCounts.Searches, Hits and TookMS.
const (
	KindPremises = iota
	KindNeighbours
	KindFiltered
	KindScored
)

// KindNames name the kinds of search.
var KindNames = [4]string{"premises", "neighbours", "filtered", "scored"}

// searched counts the answers of searches of one kind.
func (c *Cache) searched(kind int, rs []*search.Response) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range rs {
		c.passes.Searches[kind]++
		c.passes.Hits[kind] += int64(len(r.Hits.Hits))
		c.passes.TookMS[kind] += int64(r.Took)
	}
}

// DefaultCacheSize is the candidates a job's cache holds (about 1 KB each).
const DefaultCacheSize = 250_000

// NewCache makes a cache of at most max candidates (0: DefaultCacheSize).
func NewCache(max int) *Cache {
	if max <= 0 {
		max = DefaultCacheSize
	}
	return &Cache{max: max, queries: map[string][]*candidate{}, byUPRN: map[int64]*candidate{}}
}

// get returns the candidates of a query key.
func (c *Cache) get(key string) ([]*candidate, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cs, ok := c.queries[key]
	if ok {
		c.hits++
	} else {
		c.misses++
	}
	return cs, ok
}

// put records the candidates of a query key.
func (c *Cache) put(key string, cs []*candidate) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.refs+len(cs) > 16*c.max {
		c.reset()
	}
	c.queries[key] = cs
	c.refs += len(cs) + 1
}

// lookup returns the candidate of a UPRN prepared before, if any.
func (c *Cache) lookup(uprn int64) (*candidate, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	x, ok := c.byUPRN[uprn]
	return x, ok
}

// prepared returns the candidate of an address, prepared once.
func (c *Cache) prepared(a *mappings.Address) *candidate {
	c.mu.Lock()
	x, ok := c.byUPRN[a.UPRN]
	c.mu.Unlock()
	if ok {
		return x
	}
	x = prepare(a)
	c.mu.Lock()
	if len(c.byUPRN) >= c.max {
		c.reset()
	}
	c.byUPRN[a.UPRN] = x
	c.mu.Unlock()
	return x
}

// Passes are the rows each pass of the matcher settled so far.
func (c *Cache) Passes() PassCounts {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.passes
}

func (c *Cache) count(f func(p *PassCounts)) {
	c.mu.Lock()
	f(&c.passes)
	c.mu.Unlock()
}

func (c *Cache) reset() {
	c.queries, c.byUPRN, c.refs = map[string][]*candidate{}, map[int64]*candidate{}, 0
}

// Stats are the lookups that found their candidates cached, and those
// that went to the engine.
func (c *Cache) Stats() (hits, misses int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}
