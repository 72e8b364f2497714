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
	MatchCandidatesSize = 15
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
	Fetch MatchFetch
}

// matchSource are the fields the scorer reads, from _source (MatchFromSource).
var matchSource = []string{mappings.AddressFieldUPRN, mappings.AddressFieldParentUPRN, mappings.AddressFieldSubBuilding,
	mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName,
	mappings.AddressFieldLocality, mappings.AddressFieldTownName, mappings.AddressFieldPostTown, mappings.AddressFieldPostcode,
	mappings.AddressFieldFullAddress, mappings.AddressFieldFlatNumber, mappings.AddressFieldHouseNumber}

// MatchDocValues are the fields the scorer reads, from doc values
// (MatchFromDocValues): those of matchSource the scorer uses, the postcode
// as its key (the display form has no doc values).
var MatchDocValues = []string{mappings.AddressFieldUPRN, mappings.AddressFieldSubBuilding,
	mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName,
	mappings.AddressFieldLocality, mappings.AddressFieldTownName, mappings.AddressFieldPostTown, mappings.AddressFieldPostcodeKey,
	mappings.AddressFieldFullAddress, mappings.AddressFieldFlatNumber}

// MatchFetch is how a match search returns its addresses.
type MatchFetch int

const (
	// MatchFromDocValues returns MatchDocValues as the hits' fields, and
	// neither _source nor _id: no stored field is read. A stored-fields
	// read decompresses a whole block (about 48 KB with best_compression)
	// for each address fetched; the doc values of an address are a few
	// small reads.
	MatchFromDocValues MatchFetch = iota
	// MatchFromSource returns matchSource from _source: for an addresses
	// index built before the parts had doc values (the engine refuses
	// MatchFromDocValues on it).
	MatchFromSource
)

// Apply sets body's fetch options to f's (replacing the other's).
func (f MatchFetch) Apply(body M) M {
	delete(body, "stored_fields")
	delete(body, "docvalue_fields")
	if f == MatchFromSource {
		body["_source"] = matchSource
		return body
	}
	body["_source"], body["stored_fields"], body["docvalue_fields"] = false, "_none_", MatchDocValues
	return body
}

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
	return q.Fetch.Apply(M{
		"size":             size,
		"track_total_hits": false,
		"query":            M{"bool": M{"should": should, "minimum_should_match": 1}},
	})
}

// AddressMatchPremises fetches, in one search, the addresses of several
// submitted addresses' postcodes that carry every premise number the
// submitted address names (as a number of the address, or its house
// number): the only addresses of a postcode that can score high against
// it. A bulk job sends one for a chunk of rows that have a postcode, and
// falls back to AddressMatchCandidates for the rows it does not settle.
type AddressMatchPremises struct {
	Keys  []PremiseKey
	Size  int // 0 means MatchPremisesSize
	Fetch MatchFetch
}

// PremiseKey is one postcode and the premise numbers looked for in it.
type PremiseKey struct {
	PostcodeKey string   // compact postcode ("EX11AE")
	Numbers     []string // lower case; none: every address of the postcode
}

// MatchPremisesSize is the most addresses one AddressMatchPremises
// returns (the engine's result window); a search with more hits is cut
// and the caller treats its rows as unsettled.
const MatchPremisesSize = 10000

// MatchPremisesMaxClauses is the most query clauses one
// AddressMatchPremises may hold (the engine refuses more than 1,024).
const MatchPremisesMaxClauses = 1000

// Clauses counts the query clauses k adds to an AddressMatchPremises.
func (k PremiseKey) Clauses() int { return 2 + 3*len(k.Numbers) }

// Body is the search request.
func (q AddressMatchPremises) Body() M {
	ors := make([]M, 0, len(q.Keys))
	for _, k := range q.Keys {
		ors = append(ors, premisesIn(Term(mappings.AddressFieldPostcodeKey, k.PostcodeKey), k.Numbers))
	}
	return q.Fetch.Apply(anyOfPremises(ors, q.Size))
}

// premisesIn is the addresses of place that carry every number (as one of
// their numbers or their house number).
func premisesIn(place M, numbers []string) M {
	filter := []M{place}
	for _, n := range numbers {
		filter = append(filter, M{"bool": M{"should": []M{Term(mappings.AddressFieldNumbers, n),
			Term(mappings.AddressFieldHouseNumber, n)}, "minimum_should_match": 1}})
	}
	return M{"bool": M{"filter": filter}}
}

// anyOfPremises is the search of the addresses any of ors matches: size of
// them at most (0: MatchPremisesSize), their hits counted one past it so a
// cut answer shows.
func anyOfPremises(ors []M, size int) M {
	if size <= 0 {
		size = MatchPremisesSize
	}
	return M{
		"size":             size,
		"track_total_hits": size + 1,
		"query":            M{"bool": M{"filter": M{"bool": M{"should": ors, "minimum_should_match": 1}}}},
	}
}

// AddressMatchNeighbours fetches, for submitted addresses matched within
// their postcode but not far enough ahead to settle them, the addresses of
// the postcodes one character off that carry every premise number the
// submitted address names: the only addresses of other postcodes that
// could come near a close match. Like AddressMatchPremises, one search
// serves many rows.
type AddressMatchNeighbours struct {
	Keys  []NeighbourKey
	Size  int // 0 means MatchPremisesSize
	Fetch MatchFetch
}

// NeighbourKey is the nearby postcodes of one submitted address and its
// premise numbers (at least one).
type NeighbourKey struct {
	PostcodeKeys []string // compact postcodes one character off
	Numbers      []string // lower case
}

// Clauses counts the query clauses k adds to an AddressMatchNeighbours.
func (k NeighbourKey) Clauses() int { return 2 + 3*len(k.Numbers) }

// Body is the search request.
func (q AddressMatchNeighbours) Body() M {
	ors := make([]M, 0, len(q.Keys))
	for _, k := range q.Keys {
		ors = append(ors, premisesIn(M{"terms": M{mappings.AddressFieldPostcodeKey: k.PostcodeKeys}}, k.Numbers))
	}
	return q.Fetch.Apply(anyOfPremises(ors, q.Size))
}

// AddressMatchFiltered is the cheap candidate retrieval of a submitted
// address whose postcode did not settle it (missing, wrong, outdated): the
// addresses that carry every premise number and every street word, within
// the outcode or the town the address names (either), as filters (nothing
// scored). A bulk job sends one per row in a multi-search and runs the
// scored AddressMatchCandidates only for the rows it does not settle.
type AddressMatchFiltered struct {
	Numbers     []string // premise numbers, lower case (at least one)
	StreetWords []string // the street's words, expanded, lower case (at least one)
	Outcode     string   // "EX1", or ""
	TownWords   []string // the town's (or locality's) words, or none
	Size        int      // 0 means MatchFilteredSize
	Fetch       MatchFetch
}

// MatchFilteredSize is the most addresses one AddressMatchFiltered
// returns; its hits are counted one past it so a cut answer shows (the
// caller then runs the scored query).
const MatchFilteredSize = 50

// Usable reports whether q has the number and street it needs.
func (q AddressMatchFiltered) Usable() bool { return len(q.Numbers) > 0 && len(q.StreetWords) > 0 }

// Body is the search request.
func (q AddressMatchFiltered) Body() M {
	size := q.Size
	if size <= 0 {
		size = MatchFilteredSize
	}
	and := func(words []string) M {
		return M{"match": M{mappings.AddressFieldSearchTextPlain: M{"query": strings.Join(words, " "), "operator": "and"}}}
	}
	place := []M{}
	if q.Outcode != "" {
		place = append(place, Term(mappings.AddressFieldOutcode, q.Outcode))
	}
	if len(q.TownWords) > 0 {
		place = append(place, and(q.TownWords))
	}
	filter := []M{and(q.StreetWords)}
	if len(place) > 0 {
		filter = append(filter, M{"bool": M{"should": place, "minimum_should_match": 1}})
	}
	premises := premisesIn(M{"bool": M{"filter": filter}}, q.Numbers)
	return q.Fetch.Apply(M{
		"size":             size,
		"track_total_hits": size + 1,
		"query":            M{"constant_score": M{"filter": premises}},
	})
}
