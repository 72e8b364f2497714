package mappings

import (
	"reflect"
	"sort"
	"testing"
)

func TestAddressSearchFields(t *testing.T) {
	a := Address{UPRN: 10, SubBuilding: "Flat 3", BuildingName: "Marina Court", BuildingNumber: "12A",
		StreetName: "St John's Road", TownName: "Exeter", PostTown: "EXETER", Postcode: "ex11ae"}
	AddressSearchFields(&a)
	if a.Postcode != "EX1 1AE" || a.PostcodeKey != "EX11AE" || a.Outcode != "EX1" || a.Sector != "EX1 1" {
		t.Errorf("postcode parts: %q %q %q %q", a.Postcode, a.PostcodeKey, a.Outcode, a.Sector)
	}
	if !a.IsFlat || a.FlatNumber != "3" || a.HouseNumber != "12a" {
		t.Errorf("flat %v flat_number %q house_number %q", a.IsFlat, a.FlatNumber, a.HouseNumber)
	}
	if want := []string{"3", "12a"}; !reflect.DeepEqual(a.Numbers, want) {
		t.Errorf("numbers %v, want %v", a.Numbers, want)
	}
	if want := "flat marina court st johns road exeter ex1 1ae"; a.SearchText != want {
		t.Errorf("search_text %q, want %q", a.SearchText, want)
	}
	if want := "EX11AE|12a|marina court|st johns road"; a.BuildingKey != want {
		t.Errorf("building_key %q, want %q", a.BuildingKey, want)
	}
	if a.AddressLine1 != "Flat 3, Marina Court" || a.AddressLine2 != "12A St John's Road" || a.FullAddress != "Flat 3, Marina Court, 12A St John's Road, EXETER, EX1 1AE" {
		t.Errorf("lines %q / %q / full %q", a.AddressLine1, a.AddressLine2, a.FullAddress)
	}
	// Idempotent.
	b := a
	AddressSearchFields(&b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("second call changed the address:\n%+v\n%+v", a, b)
	}
	// A house without number or name is its own building.
	h := Address{UPRN: 77, StreetName: "Lane End", Postcode: "EX1 1AE"}
	AddressSearchFields(&h)
	if h.BuildingKey != "u:77" || h.IsFlat {
		t.Errorf("house building_key %q flat %v", h.BuildingKey, h.IsFlat)
	}
}

func TestSortKeyNaturalOrder(t *testing.T) {
	mk := func(num, sub, name string) Address {
		a := Address{StreetName: "High Street", BuildingNumber: num, SubBuilding: sub, BuildingName: name, Postcode: "EX1 1AE"}
		AddressSearchFields(&a)
		return a
	}
	want := []Address{
		mk("2", "", ""), mk("10", "", ""), mk("12", "", ""), mk("12", "Flat 1", ""), mk("12", "Flat 2", ""),
		mk("12", "Flat 10", ""), mk("12A", "", ""), mk("14", "", ""), mk("", "", "Rose Cottage"),
	}
	got := append([]Address(nil), want...)
	sort.Slice(got, func(i, j int) bool { return got[i].SortKey > got[j].SortKey })
	sort.Slice(got, func(i, j int) bool { return got[i].SortKey < got[j].SortKey })
	for i := range want {
		if got[i].SortKey != want[i].SortKey {
			t.Errorf("position %d: got %q, want %q", i, got[i].SortKey, want[i].SortKey)
		}
	}
}

func TestAddressTokensAndNumbers(t *testing.T) {
	if got := AddressTokens("Flat 3, St. John's Rd, Stoke-on-Trent, Café"); !reflect.DeepEqual(got, []string{"flat", "3", "st", "johns", "rd", "stoke", "on", "trent", "cafe"}) {
		t.Errorf("tokens %v", got)
	}
	for tok, want := range map[string]bool{"12": true, "12a": true, "1ae": false, "ex1": false, "123456": false, "a": false} {
		if IsAddressNumber(tok) != want {
			t.Errorf("IsAddressNumber(%q) = %v", tok, !want)
		}
	}
	for sub, want := range map[string]string{"Flat 3": "3", "Apartment 12B": "12b", "Flat A": "a", "Ground Floor Flat": "", "": ""} {
		if got := FlatIdentifier(sub); got != want {
			t.Errorf("FlatIdentifier(%q) = %q, want %q", sub, got, want)
		}
	}
}
