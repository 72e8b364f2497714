package addrmatch

import (
	"context"
	"encoding/json"
	"fmt"

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

// MatchMany matches the inputs with one multi-search and returns a result
// per input, in order. An error is the engine's (nothing was matched).
func (m *Matcher) MatchMany(ctx context.Context, in []Input) ([]Result, error) {
	parsed := make([]Parsed, len(in))
	var items []search.MultiItem
	var at []int
	for i, x := range in {
		parsed[i] = Parse(x.Text, x.Postcode)
		q := CandidateQuery(parsed[i])
		if q.Empty() {
			continue
		}
		items = append(items, search.MultiItem{Index: m.Index, Body: q.Body()})
		at = append(at, i)
	}
	out := make([]Result, len(in))
	for i := range in {
		out[i] = Decide(parsed[i], nil, m.Thresholds)
	}
	if len(items) == 0 {
		return out, nil
	}
	resps, err := m.Search.MSearch(ctx, items)
	if err != nil {
		return nil, err
	}
	for k, r := range resps {
		i := at[k]
		cands := make([]*mappings.Address, 0, len(r.Hits.Hits))
		for _, h := range r.Hits.Hits {
			var a mappings.Address
			if err := json.Unmarshal(h.Source, &a); err != nil {
				return nil, fmt.Errorf("decode address %s: %w", h.ID, err)
			}
			cands = append(cands, &a)
		}
		out[i] = Decide(parsed[i], cands, m.Thresholds)
	}
	return out, nil
}
