package query

import (
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Address match candidates (address/match and the bulk address-match jobs).
//
// One query finds the addresses a submitted address may name, whether its
// postcode is right, one character wrong, outdated or missing: the postcode,
// its sector and its outcode each add a constant score, each premise number
// found in the numbers field adds one, and the words (street, building
// name, locality, town) are matched as they are or, in the second pass,
// with one or two edits allowed. The
// scorer in package addrmatch then ranks the candidates on their fields.

// Boosts of AddressMatchCandidates.
const (
	MatchBoostPostcode = 3.0
	MatchBoostSector   = 1.0
	MatchBoostOutcode  = 1.0
	MatchBoostNumber   = 2.0
	// MatchCandidatesSize is how many candidates one query returns.
	MatchCandidatesSize = 30
)

// AddressMatchCandidates is the candidate query of one submitted address.
type AddressMatchCandidates struct {
	PostcodeKey string   // compact postcode ("EX11AE"), or ""
	Sector      string   // "EX1 1", or ""
	Outcode     string   // "EX1", or ""
	Numbers     []string // premise numbers and flat letters, lower case
	Words       []string // every other word, abbreviations expanded
	Size        int      // 0 means MatchCandidatesSize
	// Fuzzy allows one or two edits a word (the second pass, for rows the
	// exact words did not settle: it costs several times more).
	Fuzzy bool
}

// matchSource are the fields the scorer reads.
var matchSource = []string{mappings.AddressFieldUPRN, mappings.AddressFieldParentUPRN, mappings.AddressFieldSubBuilding,
	mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName,
	mappings.AddressFieldLocality, mappings.AddressFieldTownName, mappings.AddressFieldPostTown, mappings.AddressFieldPostcode,
	mappings.AddressFieldFullAddress, mappings.AddressFieldFlatNumber, mappings.AddressFieldHouseNumber}

// Empty reports whether the query has nothing to look for.
func (q AddressMatchCandidates) Empty() bool {
	return q.PostcodeKey == "" && q.Sector == "" && q.Outcode == "" && len(q.Numbers) == 0 && len(q.Words) == 0
}

// Body is the search request.
func (q AddressMatchCandidates) Body() M {
	var should []M
	constant := func(clause M, boost float64) M {
		return M{"constant_score": M{"filter": clause, "boost": boost}}
	}
	if q.PostcodeKey != "" {
		should = append(should, constant(Term(mappings.AddressFieldPostcodeKey, q.PostcodeKey), MatchBoostPostcode))
	}
	if q.Sector != "" {
		should = append(should, constant(Term(mappings.AddressFieldSector, q.Sector), MatchBoostSector))
	}
	if q.Outcode != "" {
		should = append(should, constant(Term(mappings.AddressFieldOutcode, q.Outcode), MatchBoostOutcode))
	}
	seen := map[string]bool{}
	for _, n := range q.Numbers {
		n = strings.ToLower(n)
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		should = append(should, constant(Term(mappings.AddressFieldNumbers, n), MatchBoostNumber))
	}
	if len(q.Words) > 0 {
		m := M{"query": strings.Join(q.Words, " ")}
		if q.Fuzzy {
			m["fuzziness"], m["prefix_length"], m["max_expansions"] = "AUTO:4,8", 1, 10
		}
		should = append(should, M{"match": M{mappings.AddressFieldSearchTextPlain: m}})
	}
	size := q.Size
	if size <= 0 {
		size = MatchCandidatesSize
	}
	return M{
		"size":             size,
		"track_total_hits": false,
		"_source":          matchSource,
		"query":            M{"bool": M{"should": should, "minimum_should_match": 1}},
	}
}
