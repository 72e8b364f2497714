package query

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// AddressFetch is how the typeahead's searches return their addresses.
type AddressFetch int

const (
	// FetchDocValues returns AddressDocValues as the hits' fields, and
	// neither _source nor _id: no stored field is read. The engine keeps an
	// address's stored fields in blocks compressed together (about 48 KB
	// with best_compression), and decompresses a block for every hit it
	// fetches, even with _source: false (for _id). Replayed typeahead
	// searches at 1M addresses cost it 1.9 ms of CPU each reading _source,
	// 1.1 ms reading 17 doc values (docs/performance.md), less reading
	// the one that packs them.
	FetchDocValues AddressFetch = iota
	// FetchSource returns the whole _source (as stored, not parsed): for an
	// addresses index built before the packed doc value, whose hits the
	// engine returns without it (ErrNoDocValues).
	FetchSource
)

// AddressDocValues are the fields the typeahead reads of each hit, from
// doc values: the one value that packs what a suggestion shows, and what
// groups flats and renders a building (mappings.PackHit). The engine's
// cost of fetching a hit grows with the fields asked for: ten hits cost it
// 0.82 ms of CPU with the 17 fields as doc values, 0.47 ms with the one
// that packs them, 0.35 ms with none (docs/performance.md).
var AddressDocValues = []string{mappings.AddressFieldHit}

// Apply sets the fetch options of body, and of every top_hits aggregation
// under it, to f's (replacing the other's), and returns body.
func (f AddressFetch) Apply(body M) M {
	f.set(body)
	eachTopHits(body, f.set)
	return body
}

// set sets the fetch options of one search or top_hits body.
func (f AddressFetch) set(body M) {
	delete(body, "stored_fields")
	delete(body, "docvalue_fields")
	if f == FetchSource {
		body["_source"] = true
		return
	}
	body["_source"], body["stored_fields"], body["docvalue_fields"] = false, "_none_", AddressDocValues
}

// ReadsDocValues reports whether body (or a top_hits under it) asks for
// doc values (FetchDocValues applied): what the tests check of every
// typeahead search.
func ReadsDocValues(body M) bool {
	reads := body["docvalue_fields"] != nil
	eachTopHits(body, func(top M) { reads = reads || top["docvalue_fields"] != nil })
	return reads
}

// eachTopHits calls fn with every top_hits aggregation under body.
func eachTopHits(body M, fn func(M)) {
	aggs, _ := body["aggs"].(M)
	for _, a := range aggs {
		agg, _ := a.(M)
		if top, ok := agg["top_hits"].(M); ok {
			fn(top)
		}
		eachTopHits(agg, fn)
	}
}

// SourceOnly remembers, by index name, when the engine last refused to
// return an index's addresses from doc values (an index built before its
// fields had them): its searches read _source for SourceRetry, then try
// doc values again (the alias may have moved to a rebuilt index). Safe for
// concurrent use; the zero value is empty.
type SourceOnly struct{ m sync.Map }

// SourceRetry is how long an index refused doc values is read from
// _source before doc values are tried again.
const SourceRetry = 10 * time.Minute

// Refused records that the engine refused doc values of index now.
func (s *SourceOnly) Refused(index string) { s.m.Store(index, time.Now()) }

// Fetch is how searches of index should return their addresses.
func (s *SourceOnly) Fetch(index string) AddressFetch {
	if t, ok := s.m.Load(index); ok && time.Since(t.(time.Time)) < SourceRetry {
		return FetchSource
	}
	return FetchDocValues
}

// ErrNoDocValues is the error of decoding a hit asked for its doc values
// that came back without the packed one: from an index built before it (or
// a document merged in from one). Read that index's _source instead.
var ErrNoDocValues = errors.New("the hit has no typeahead doc value (an index built before it)")

// DecodeAddress is the address a hit returned: from its doc values when it
// has no _source (FetchDocValues), else from its _source.
func DecodeAddress(id string, source json.RawMessage, fields map[string]json.RawMessage) (*mappings.Address, error) {
	if len(source) == 0 {
		if fields[mappings.AddressFieldHit] == nil {
			return nil, fmt.Errorf("decode address %s: %w", id, ErrNoDocValues)
		}
		a, err := mappings.AddressFromDocValues(fields)
		if err != nil {
			return nil, fmt.Errorf("decode address %s: %w", id, err)
		}
		return a, nil
	}
	var a mappings.Address
	if err := json.Unmarshal(source, &a); err != nil {
		return nil, fmt.Errorf("decode address %s: %w", id, err)
	}
	return &a, nil
}
