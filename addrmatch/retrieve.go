package addrmatch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Searcher runs several searches in one round trip (*search.Client).
type Searcher interface {
	MSearch(ctx context.Context, items []search.MultiItem) ([]*search.Response, error)
}

// Matcher retrieves candidates from the addresses index and decides.
type Matcher struct {
	Search     Searcher
	Index      string // the addresses index or alias
	Thresholds Thresholds
	// Cache, when set, keeps candidates between calls (a bulk job's own);
	// without it each call has a cache of its own.
	Cache *Cache
	// Unfiltered skips the filtered retrieval (pass 3 of MatchMany): the
	// rows it would settle take the scored query (for comparison).
	Unfiltered bool
}

// Input is one address to match.
type Input struct {
	Text     string // the address, free text (may hold the postcode)
	Postcode string // the postcode given separately, or ""
}

// CandidateQuery is the candidate query of a parsed address.
func CandidateQuery(p Parsed) query.AddressMatchCandidates {
	q := query.AddressMatchCandidates{Outcode: p.Outcode, Words: p.Words, Numbers: append([]string(nil), p.Numbers...)}
	if p.Flat != "" && !hasDigit(p.Flat) {
		q.Numbers = append(q.Numbers, p.Flat)
	}
	if pc, ok := mappings.ParsePostcode(p.Postcode); ok {
		q.PostcodeKey, q.Sector = pc.Key(), pc.Sector()
	}
	return q
}

// MatchChunk is the most queries sent in one multi-search (smaller
// requests finish within the engine timeout on a busy cluster).
const MatchChunk = 25

// MatchMany matches the inputs and returns a result per input, in order.
// Passes, each for the rows the ones before did not settle:
//
//  1. The rows with a valid postcode: the addresses of their postcodes
//     that carry the row's premise numbers, a few hundred rows in one
//     search (query.AddressMatchPremises). A row is settled when its best
//     candidate is accepted and so far ahead that no address of another
//     postcode could come near it (settledAt).
//  2. The rows accepted in pass 1 at nearMin or more but not settled: the
//     addresses with their numbers in the postcodes one character off
//     (query.AddressMatchNeighbours), the only others that could come
//     near; a row still accepted with them is settled.
//  3. The filtered retrieval of each other row that names a premise
//     number and a street (query.AddressMatchFiltered: every number and
//     street word, within the outcode or the town; filters, nothing
//     scored; one multi-search for many rows): a row accepted with its
//     candidates and those of the passes before is done.
//  4. The candidate query of each other row (query.AddressMatchCandidates:
//     postcode, sector, outcode, numbers and words), its words as they
//     are, with the row's candidates of passes 1 and 2.
//  5. The same with typos allowed, for the rows 4 did not accept but
//     those whose best candidate has the row's street and town as spelt
//     (spellingAgreed) and those each of whose words some candidate has
//     as spelt (wordsFound): no word of theirs is a typo to correct.
//
// Candidates are kept in the Matcher's Cache by query. A row's result
// depends on its own text alone, not on the rows around it (but for a
// grouped search cut at the engine's result window, whose rows take the
// passes after it). An error is the engine's (nothing was matched).
func (m *Matcher) MatchMany(ctx context.Context, in []Input) ([]Result, error) {
	cache := m.Cache
	if cache == nil {
		cache = NewCache(0)
	}
	parsed := make([]Parsed, len(in))
	out := make([]Result, len(in))
	for i, x := range in {
		parsed[i] = Parse(x.Text, x.Postcode)
	}
	pre, err := m.byPremises(ctx, cache, parsed)
	if err != nil {
		return nil, err
	}
	// Rows accepted within their postcode but not settled: look at the
	// nearby postcodes; accepted still, they are settled.
	var todo, near []int
	for i, p := range parsed {
		out[i] = decide(p, pre[i], m.Thresholds)
		switch {
		case m.settled(out[i]):
		case out[i].Recommendation == Accept && out[i].Best.Confidence >= m.nearMin() && hasNeighbourKey(p):
			near = append(near, i)
		case !CandidateQuery(p).Empty():
			todo = append(todo, i)
		}
	}
	nonNear := len(todo)
	nb, err := m.byNeighbours(ctx, cache, parsed, near)
	if err != nil {
		return nil, err
	}
	for x, i := range near {
		if nb[x] == nil {
			todo = append(todo, i) // its search was cut
			continue
		}
		pre[i] = append(append([]*candidate(nil), pre[i]...), nb[x]...)
		if res := decide(parsed[i], pre[i], m.Thresholds); res.Recommendation == Accept {
			out[i] = res
		} else {
			todo = append(todo, i)
		}
	}
	sort.Ints(todo)
	tried := len(todo)
	// The filtered retrieval: a row it accepts skips the scored query.
	fl, err := m.byFiltered(ctx, cache, parsed, todo)
	if err != nil {
		return nil, err
	}
	var rest []int
	for x, i := range todo {
		if fl[x] != nil {
			res := decide(parsed[i], append(append([]*candidate(nil), pre[i]...), fl[x]...), m.Thresholds)
			if res.Recommendation == Accept {
				out[i] = res
				continue
			}
		}
		rest = append(rest, i)
	}
	cache.count(func(pc *PassCounts) {
		pc.Rows += int64(len(in))
		pc.Premises += int64(len(in) - len(near) - nonNear)
		pc.Neighbours += int64(len(near) - (tried - nonNear))
		pc.Filtered += int64(tried - len(rest))
		pc.Scored += int64(len(rest))
	})
	todo = rest
	for _, fuzzy := range []bool{false, true} {
		if fuzzy {
			cache.count(func(pc *PassCounts) { pc.Fuzzy += int64(len(todo)) })
		}
		cands, err := m.byCandidateQuery(ctx, cache, parsed, todo, fuzzy)
		if err != nil {
			return nil, err
		}
		var next []int
		for x, i := range todo {
			all := append(append([]*candidate(nil), pre[i]...), cands[x]...)
			res := decide(parsed[i], all, m.Thresholds)
			if !fuzzy || res.Confidence >= out[i].Confidence {
				out[i] = res
			}
			if res.Recommendation != Accept && len(parsed[i].Words) > 0 && !spellingAgreed(res) && !wordsFound(parsed[i], all) {
				next = append(next, i)
			}
		}
		todo = next
	}
	return out, nil
}

// spellingAgreed reports whether the best candidate of r has the street of
// the row as spelt, in a town (or locality) the scorer finds the row names
// (a close spelling counts): an address of that street, town and the row's
// numbers would rank above it with the words as they are, so typos allowed
// would only bring addresses whose street is spelt otherwise. The rows it
// spares are mostly absent addresses (a number past the end of a street)
// and addresses too alike to tell apart, which a near-miss street of the
// same town could only answer wrongly.
func spellingAgreed(r Result) bool {
	if r.Best == nil {
		return false
	}
	rs := r.Best.Reasons
	return rs.Street == "exact" && (rs.Town == "exact" || rs.Town == "locality")
}

// wordsFound reports whether each word of p is, as spelt, a word of one
// of cands (of its street, building name, sub-building, town or
// locality; flat designators count as found): the words the index holds
// near the row, so none is a typo that typos allowed could correct (the
// rows it spares are mostly real streets named in another town).
func wordsFound(p Parsed, cands []*candidate) bool {
	for _, w := range p.Words {
		if subDesignators[w] {
			continue
		}
		found := false
		for _, c := range cands {
			if c.hasWord(w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (c *candidate) hasWord(w string) bool {
	for _, ws := range [][]string{c.street, c.building, c.subWords, c.towns[0], c.towns[1], c.towns[2]} {
		for _, x := range ws {
			if x == w {
				return true
			}
		}
	}
	return false
}

// settledAt is the confidence from which a match within the postcode
// settles a row: an address of another postcode scores at most
// placeOneCharAgreed, so it cannot come within the tie gap.
func (m *Matcher) settledAt() float64 { return placeOneCharAgreed + m.Thresholds.TieGap + 0.005 }

func (m *Matcher) settled(r Result) bool {
	return r.Recommendation == Accept && r.Best != nil && r.Best.Confidence >= m.settledAt()
}

// premiseKey is the pass 1 lookup of a row (ok false: the row has no
// valid postcode). Only numbers the index lists as numbers filter; an
// address without one of them scores at most 0.3 against the row.
func premiseKey(p Parsed) (query.PremiseKey, string, bool) {
	pc, ok := mappings.ParsePostcode(p.Postcode)
	if !ok {
		return query.PremiseKey{}, "", false
	}
	k := query.PremiseKey{PostcodeKey: pc.Key()}
	for _, n := range p.Numbers {
		n = strings.ToLower(n)
		if mappings.IsAddressNumber(n) && !contains(k.Numbers, n) {
			k.Numbers = append(k.Numbers, n)
		}
	}
	sort.Strings(k.Numbers)
	return k, "p:" + k.PostcodeKey + "|" + strings.Join(k.Numbers, ","), true
}

// byPremises is pass 1: the candidates of each row with a valid postcode
// (nil for the others), from the cache or AddressMatchPremises searches.
func (m *Matcher) byPremises(ctx context.Context, cache *Cache, parsed []Parsed) ([][]*candidate, error) {
	var keys []query.PremiseKey
	rows := make([]int, len(parsed))
	var names []string
	for i, p := range parsed {
		rows[i] = -1
		k, name, ok := premiseKey(p)
		if ok {
			rows[i], keys, names = len(keys), append(keys, k), append(names, name)
		}
	}
	got, err := m.grouped(ctx, cache, KindPremises, names, func(x int) int { return keys[x].Clauses() },
		func(xs []int) query.M {
			q := query.AddressMatchPremises{Fetch: m.fetch()}
			for _, x := range xs {
				q.Keys = append(q.Keys, keys[x])
			}
			return q.Body()
		},
		func(x int, c *candidate) bool {
			return c.postcode.Key() == keys[x].PostcodeKey && c.hasIDs(keys[x].Numbers)
		})
	if err != nil {
		return nil, err
	}
	out := make([][]*candidate, len(parsed))
	for i, x := range rows {
		if x >= 0 {
			out[i] = got[x]
		}
	}
	return out, nil
}

// grouped looks up keys named names, from the cache or in searches of
// many keys each (at most 200 keys and MatchPremisesMaxClauses clauses a
// search: body builds one), and gives each key the candidates of its
// search that are its own (mine). A search cut at the result window gives
// its keys nothing and caches nothing (their rows go to pass 2).
func (m *Matcher) grouped(ctx context.Context, cache *Cache, kind int, names []string, clauses func(x int) int,
	body func(xs []int) query.M, mine func(x int, c *candidate) bool) ([][]*candidate, error) {
	out := make([][]*candidate, len(names))
	first := map[string]int{} // the key a repeated name takes its candidates from
	var todo []int
	for x, name := range names {
		if cs, ok := cache.get(name); ok {
			out[x] = cs
		} else if _, ok := first[name]; !ok {
			first[name] = x
			todo = append(todo, x)
		}
	}
	var items []search.MultiItem
	var groups [][]int
	for k := 0; k < len(todo); {
		var g []int
		n := 0
		for k < len(todo) && len(g) < 200 && n+clauses(todo[k]) <= query.MatchPremisesMaxClauses {
			n += clauses(todo[k])
			g = append(g, todo[k])
			k++
		}
		if len(g) == 0 { // one key over the limit alone: left to pass 2
			k++
			continue
		}
		items = append(items, search.MultiItem{Index: m.Index, Body: body(g)})
		groups = append(groups, g)
	}
	if len(items) > 0 {
		resps, err := m.msearch(ctx, items)
		if err != nil {
			return nil, err
		}
		cache.searched(kind, resps)
		for gi, r := range resps {
			if int64(len(r.Hits.Hits)) < r.Hits.Total.Value {
				continue
			}
			cands, err := decodeCandidates(cache, r)
			if err != nil {
				return nil, err
			}
			for _, x := range groups[gi] {
				own := []*candidate{} // searched: not nil
				for _, c := range cands {
					if c.postcodeOK && mine(x, c) {
						own = append(own, c)
					}
				}
				cache.put(names[x], own)
				out[x] = own
			}
		}
	}
	for x, name := range names {
		if f, ok := first[name]; ok && f != x {
			out[x] = out[f]
		}
	}
	return out, nil
}

// neighbourKey is the lookup of the addresses of other postcodes that
// could come within the tie gap of a match: those one character off (ok
// false: the row has no premise number to look for). It serves matches of
// nearMin or more, which an address of the same sector or outcode cannot
// come near.
func neighbourKey(p Parsed) (query.NeighbourKey, string, bool) {
	k, _, ok := premiseKey(p)
	if !ok || len(k.Numbers) == 0 {
		return query.NeighbourKey{}, "", false
	}
	pc, _ := mappings.ParsePostcode(p.Postcode)
	n := query.NeighbourKey{PostcodeKeys: oneCharPostcodes(pc), Numbers: k.Numbers}
	return n, neighbourName(k), true
}

// neighbourName is the cache key of a row's neighbours lookup (cheap: the
// postcodes one character off are only worked out on a cache miss).
func neighbourName(k query.PremiseKey) string {
	return "n:" + k.PostcodeKey + "|" + strings.Join(k.Numbers, ",")
}

// nearMin is the lowest match within the postcode the nearby postcodes
// can settle: below it an address of the same sector (or outcode) could
// come within the tie gap, and the row goes to the candidate query.
func (m *Matcher) nearMin() float64 { return placeSameSectorAgreed + m.Thresholds.TieGap }

// byNeighbours is pass 1b for the rows near (accepted within their
// postcode, not settled): their neighbours' candidates, by position in
// near (nil: none looked for).
func (m *Matcher) byNeighbours(ctx context.Context, cache *Cache, parsed []Parsed, near []int) ([][]*candidate, error) {
	keys := make([]*query.NeighbourKey, len(near)) // worked out for the keys searched
	names := make([]string, len(near))
	for x, i := range near {
		k, _, _ := premiseKey(parsed[i])
		names[x] = neighbourName(k)
	}
	keyOf := func(x int) *query.NeighbourKey {
		if keys[x] == nil {
			k, _, _ := neighbourKey(parsed[near[x]])
			keys[x] = &k
		}
		return keys[x]
	}
	return m.grouped(ctx, cache, KindNeighbours, names, func(x int) int { return keyOf(x).Clauses() },
		func(xs []int) query.M {
			q := query.AddressMatchNeighbours{Fetch: m.fetch()}
			for _, x := range xs {
				q.Keys = append(q.Keys, *keyOf(x))
			}
			return q.Body()
		},
		func(x int, c *candidate) bool {
			k := keyOf(x)
			i := sort.SearchStrings(k.PostcodeKeys, c.postcode.Key())
			return i < len(k.PostcodeKeys) && k.PostcodeKeys[i] == c.postcode.Key() && c.hasIDs(k.Numbers)
		})
}

// oneCharPostcodes are the valid postcodes of pc's area one edit (a
// character changed, added, dropped or two swapped) from it: those
// comparePostcode calls one_char.
func oneCharPostcodes(pc mappings.PostcodeParts) []string {
	key, area := pc.Key(), pc.Area()
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	seen := map[string]bool{key: true}
	var out []string
	try := func(s string) {
		if seen[s] {
			return
		}
		seen[s] = true
		if q, ok := mappings.ParsePostcode(s); ok && q.Area() == area && q.Key() == s {
			out = append(out, s)
		}
	}
	for i := 0; i <= len(key); i++ {
		for _, ch := range chars {
			if i < len(key) {
				try(key[:i] + string(ch) + key[i+1:]) // changed
			}
			try(key[:i] + string(ch) + key[i:]) // added
		}
		if i < len(key) {
			try(key[:i] + key[i+1:]) // dropped
		}
		if i+1 < len(key) {
			try(key[:i] + string(key[i+1]) + string(key[i]) + key[i+2:]) // swapped
		}
	}
	sort.Strings(out)
	return out
}

// hasNeighbourKey reports whether neighbourKey has a lookup for p.
func hasNeighbourKey(p Parsed) bool {
	k, _, ok := premiseKey(p)
	return ok && len(k.Numbers) > 0
}

func (c *candidate) hasIDs(ids []string) bool {
	for _, id := range ids {
		if !c.hasID(id) {
			return false
		}
	}
	return true
}

// FilteredQuery is the filtered retrieval of a parsed address (Usable
// false: it has no premise number or no street to filter on).
func FilteredQuery(p Parsed) query.AddressMatchFiltered {
	q := query.AddressMatchFiltered{Outcode: p.Outcode, StreetWords: expandedTokens(p.Street)}
	for _, n := range p.Numbers {
		n = strings.ToLower(n)
		if mappings.IsAddressNumber(n) && !contains(q.Numbers, n) {
			q.Numbers = append(q.Numbers, n)
		}
	}
	sort.Strings(q.Numbers)
	q.TownWords = expandedTokens(p.Town)
	if len(q.TownWords) == 0 {
		q.TownWords = expandedTokens(p.Locality)
	}
	return q
}

// byFiltered runs the filtered retrieval (query.AddressMatchFiltered) of
// the rows todo, from the cache or multi-searches of FilteredChunk; the
// result is by position in todo: nil for a row without one, whose search
// found nothing or was cut (more addresses than it returns).
func (m *Matcher) byFiltered(ctx context.Context, cache *Cache, parsed []Parsed, todo []int) ([][]*candidate, error) {
	return m.perRow(ctx, cache, KindFiltered, FilteredChunk, todo, func(i int) (string, func() query.M) {
		q := FilteredQuery(parsed[i])
		if !q.Usable() || m.Unfiltered {
			return "", nil
		}
		name := fmt.Sprintf("f:%v", q)
		q.Fetch = m.fetch()
		return name, q.Body
	}, func(r *search.Response) ([]*candidate, error) {
		if n := len(r.Hits.Hits); n == 0 || int64(n) < r.Hits.Total.Value {
			return nil, nil // nothing found, or cut
		}
		return decodeCandidates(cache, r)
	})
}

// FilteredChunk is the most filtered searches sent in one multi-search
// (each is cheap: filters, no scoring).
const FilteredChunk = 100

// byCandidateQuery runs the candidate query of the rows todo (typos
// allowed when fuzzy), from the cache or multi-searches of MatchChunk; the
// result is by position in todo.
func (m *Matcher) byCandidateQuery(ctx context.Context, cache *Cache, parsed []Parsed, todo []int, fuzzy bool) ([][]*candidate, error) {
	return m.perRow(ctx, cache, KindScored, MatchChunk, todo, func(i int) (string, func() query.M) {
		q := CandidateQuery(parsed[i])
		q.Fuzzy = fuzzy
		name := fmt.Sprintf("q:%v", q)
		q.Fetch = m.fetch()
		return name, q.Body
	}, func(r *search.Response) ([]*candidate, error) { return decodeCandidates(cache, r) })
}

// perRow runs a search a row for the rows todo: searchOf names a row's search
// (its cache key) and gives its body ("": the row has none); repeated
// names search once; the searches go in multi-searches of chunk, and keep
// reads a row's candidates of an answer. The result is by position in
// todo (nil for a row without a search).
func (m *Matcher) perRow(ctx context.Context, cache *Cache, kind, chunk int, todo []int,
	searchOf func(i int) (string, func() query.M), keep func(r *search.Response) ([]*candidate, error)) ([][]*candidate, error) {
	out := make([][]*candidate, len(todo))
	posOf := map[string][]int{}
	var items []search.MultiItem
	var names []string
	for x, i := range todo {
		name, body := searchOf(i)
		if name == "" {
			continue
		}
		if cs, ok := cache.get(name); ok {
			out[x] = cs
			continue
		}
		if _, ok := posOf[name]; !ok {
			items, names = append(items, search.MultiItem{Index: m.Index, Body: body()}), append(names, name)
		}
		posOf[name] = append(posOf[name], x)
	}
	for k := 0; k < len(items); k += chunk {
		resps, err := m.msearch(ctx, items[k:min(k+chunk, len(items))])
		if err != nil {
			return nil, err
		}
		cache.searched(kind, resps)
		for x, r := range resps {
			cands, err := keep(r)
			if err != nil {
				return nil, err
			}
			name := names[k+x]
			cache.put(name, cands)
			for _, pos := range posOf[name] {
				out[pos] = cands
			}
		}
	}
	return out, nil
}

// decodeCandidates reads the addresses of a search answer, from their
// doc values (the hits' fields) or their _source, prepared (once per UPRN
// in the cache: an address already prepared is not decoded again).
func decodeCandidates(cache *Cache, r *search.Response) ([]*candidate, error) {
	out := make([]*candidate, 0, len(r.Hits.Hits))
	for _, h := range r.Hits.Hits {
		if len(h.Source) == 0 && h.Fields != nil {
			uprn, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimPrefix(h.Fields[mappings.AddressFieldUPRN], []byte("[")), []byte("]"))), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("decode address fields: uprn %s", h.Fields[mappings.AddressFieldUPRN])
			}
			if c, ok := cache.lookup(uprn); ok {
				out = append(out, c)
				continue
			}
			a, err := addressOfFields(uprn, h.Fields)
			if err != nil {
				return nil, err
			}
			out = append(out, cache.prepared(a))
			continue
		}
		var a mappings.Address
		if err := json.Unmarshal(h.Source, &a); err != nil {
			return nil, fmt.Errorf("decode address %s: %w", h.ID, err)
		}
		out = append(out, cache.prepared(&a))
	}
	return out, nil
}

// addressOfFields is the address of UPRN uprn whose doc values a hit
// returned (query.MatchDocValues): the fields the scorer reads, the
// postcode in its display form from its key.
func addressOfFields(uprn int64, fields map[string]json.RawMessage) (*mappings.Address, error) {
	a, err := mappings.AddressFromDocValues(fields)
	if err != nil {
		return nil, fmt.Errorf("decode address %d: %w", uprn, err)
	}
	a.UPRN = uprn
	a.Postcode = a.PostcodeKey
	if pc, ok := mappings.ParsePostcode(a.PostcodeKey); ok {
		a.Postcode = pc.Display()
	}
	return a, nil
}

// sourceOnly remembers the indices that refused to return their
// addresses from doc values (built before the parts had them).
var sourceOnly query.SourceOnly

// fetch is how m's searches return their addresses.
func (m *Matcher) fetch() query.MatchFetch {
	if sourceOnly.Fetch(m.Index) == query.FetchSource {
		return query.MatchFromSource
	}
	return query.MatchFromDocValues
}

// msearch runs items; when the engine refuses them (400) and they read
// doc values, it runs them again reading _source, and remembers the index
// as one without the doc values.
func (m *Matcher) msearch(ctx context.Context, items []search.MultiItem) ([]*search.Response, error) {
	resps, err := m.Search.MSearch(ctx, items)
	var ee *search.EngineError
	if err == nil || !errors.As(err, &ee) || ee.Status != http.StatusBadRequest {
		return resps, err
	}
	again := make([]search.MultiItem, len(items))
	for i, it := range items {
		b, ok := it.Body.(query.M)
		if !ok || b["docvalue_fields"] == nil {
			return nil, err
		}
		again[i] = it
		again[i].Body = query.MatchFromSource.Apply(copyBody(b))
	}
	resps, err2 := m.Search.MSearch(ctx, again)
	if err2 != nil {
		return nil, err2
	}
	sourceOnly.Refused(m.Index)
	return resps, nil
}

// copyBody is a shallow copy of a search body (its top-level options are
// replaced, nothing under them).
func copyBody(b query.M) query.M {
	out := make(query.M, len(b))
	for k, v := range b {
		out[k] = v
	}
	return out
}
