package query

import "testing"

func TestAddressMatchCandidates(t *testing.T) {
	golden(t, "address_match_full", AddressMatchCandidates{PostcodeKey: "EX11AE", Sector: "EX1 1", Outcode: "EX1",
		Numbers: []string{"3", "10", "3"}, Words: []string{"flat", "high", "street", "exeter"}, Fuzzy: true}.Body())
	golden(t, "address_match_no_postcode", AddressMatchCandidates{Numbers: []string{"4"}, Words: []string{"percy", "mews", "exeter"}, Size: 5}.Body())
	// An index built before the parts had doc values: the same fields from _source.
	golden(t, "address_match_no_postcode_source", AddressMatchCandidates{Numbers: []string{"4"}, Words: []string{"percy", "mews", "exeter"},
		Size: 5, Fetch: MatchFromSource}.Body())
	if !(AddressMatchCandidates{}).Empty() || (AddressMatchCandidates{Outcode: "EX1"}).Empty() {
		t.Error("Empty")
	}
}

func TestAddressMatchPremises(t *testing.T) {
	golden(t, "address_match_premises", AddressMatchPremises{Keys: []PremiseKey{{PostcodeKey: "EX11AE", Numbers: []string{"3", "10"}},
		{PostcodeKey: "EX42AB"}}, Size: 500}.Body())
	if got := (PremiseKey{PostcodeKey: "EX11AE", Numbers: []string{"3", "10"}}).Clauses(); got != 8 {
		t.Errorf("clauses: %d", got)
	}
}

func TestAddressMatchNeighbours(t *testing.T) {
	golden(t, "address_match_neighbours", AddressMatchNeighbours{Keys: []NeighbourKey{
		{PostcodeKeys: []string{"EX11AF", "EX11BE"}, Numbers: []string{"10"}},
		{PostcodeKeys: []string{"EX42AA"}, Numbers: []string{"3", "12a"}}}}.Body())
	if got := (NeighbourKey{Numbers: []string{"3"}}).Clauses(); got != 5 {
		t.Errorf("clauses: %d", got)
	}
}

func TestAddressMatchFiltered(t *testing.T) {
	golden(t, "address_match_filtered", AddressMatchFiltered{Numbers: []string{"3", "10"}, StreetWords: []string{"high", "street"},
		Outcode: "EX1", TownWords: []string{"exeter"}}.Body())
	golden(t, "address_match_filtered_no_place", AddressMatchFiltered{Numbers: []string{"4"}, StreetWords: []string{"percy", "mews"}, Size: 20}.Body())
	if (AddressMatchFiltered{Numbers: []string{"4"}}).Usable() || !(AddressMatchFiltered{Numbers: []string{"4"}, StreetWords: []string{"x"}}).Usable() {
		t.Error("Usable")
	}
}

// TestMatchFetchApply checks that a body switched from one fetch to the
// other keeps none of the first's options.
func TestMatchFetchApply(t *testing.T) {
	q := AddressMatchFiltered{Numbers: []string{"4"}, StreetWords: []string{"percy", "mews"}}
	b := MatchFromSource.Apply(q.Body())
	if _, ok := b["docvalue_fields"]; ok {
		t.Errorf("from source: docvalue_fields kept: %v", b)
	}
	if _, ok := b["stored_fields"]; ok {
		t.Errorf("from source: stored_fields kept: %v", b)
	}
	if src, ok := b["_source"].([]string); !ok || len(src) == 0 {
		t.Errorf("from source: _source = %v", b["_source"])
	}
	b = MatchFromDocValues.Apply(b)
	if b["_source"] != false || b["stored_fields"] != "_none_" || len(b["docvalue_fields"].([]string)) != len(MatchDocValues) {
		t.Errorf("from doc values: %v", b)
	}
}
