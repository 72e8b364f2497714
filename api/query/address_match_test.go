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
