package query

import "testing"

func TestAddressMatchCandidates(t *testing.T) {
	golden(t, "address_match_full", AddressMatchCandidates{PostcodeKey: "EX11AE", Sector: "EX1 1", Outcode: "EX1",
		Numbers: []string{"3", "10", "3"}, Words: []string{"flat", "high", "street", "exeter"}, Fuzzy: true}.Body())
	golden(t, "address_match_no_postcode", AddressMatchCandidates{Numbers: []string{"4"}, Words: []string{"percy", "mews", "exeter"}, Size: 5}.Body())
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
