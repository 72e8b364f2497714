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

// MatchChunk is the most queries sent in one multi-search (smaller
// requests finish within the engine timeout on a busy cluster).
const MatchChunk = 25

// MatchMany matches the inputs and returns a result per input, in order:
// a first pass with the words as they are, then a second pass allowing
// typos for the rows the first did not accept. An error is the engine's
// (nothing was matched).
func (m *Matcher) MatchMany(ctx context.Context, in []Input) ([]Result, error) {
	parsed := make([]Parsed, len(in))
	out := make([]Result, len(in))
	var todo []int
	for i, x := range in {
		parsed[i] = Parse(x.Text, x.Postcode)
		out[i] = Decide(parsed[i], nil, m.Thresholds)
		if !CandidateQuery(parsed[i]).Empty() {
			todo = append(todo, i)
		}
	}
	for _, fuzzy := range []bool{false, true} {
		var next []int
		for k := 0; k < len(todo); k += MatchChunk {
			part := todo[k:min(k+MatchChunk, len(todo))]
			items := make([]search.MultiItem, len(part))
			for x, i := range part {
				q := CandidateQuery(parsed[i])
				q.Fuzzy = fuzzy
				items[x] = search.MultiItem{Index: m.Index, Body: q.Body()}
			}
			resps, err := m.Search.MSearch(ctx, items)
			if err != nil {
				return nil, err
			}
			for x, r := range resps {
				i := part[x]
				cands := make([]*mappings.Address, 0, len(r.Hits.Hits))
				for _, h := range r.Hits.Hits {
					var a mappings.Address
					if err := json.Unmarshal(h.Source, &a); err != nil {
						return nil, fmt.Errorf("decode address %s: %w", h.ID, err)
					}
					cands = append(cands, &a)
				}
				res := Decide(parsed[i], cands, m.Thresholds)
				if !fuzzy || res.Confidence >= out[i].Confidence {
					out[i] = res
				}
				if res.Recommendation != Accept && len(parsed[i].Words) > 0 {
					next = append(next, i)
				}
			}
		}
		todo = next
	}
	return out, nil
}
