package query

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestAddressFetchApply(t *testing.T) {
	body := AddressBuildingFlats(ParseAddressText("high street"), AddressFindParams{Size: 10}, false, []string{"k"}, 3)
	top := body["aggs"].(M)[BuildingFlatsAgg].(M)["aggs"].(M)[BuildingFlatsTop].(M)["top_hits"].(M)
	if top["stored_fields"] != "_none_" || top["_source"] != false || len(top["docvalue_fields"].([]string)) != len(AddressDocValues) {
		t.Fatalf("the flats' top_hits read stored fields: %v", top)
	}
	if !ReadsDocValues(body) {
		t.Fatal("ReadsDocValues missed the top_hits")
	}
	FetchSource.Apply(body)
	if ReadsDocValues(body) || top["_source"] != true || top["stored_fields"] != nil {
		t.Fatalf("FetchSource left doc values: %v", body)
	}
	if b := AddressUnitsFind(ParseAddressText("12 high"), AddressFindParams{Size: 10, Fetch: FetchSource}); b["_source"] != true || ReadsDocValues(b) {
		t.Fatalf("FetchSource body: %v", b)
	}
}

func TestSourceOnly(t *testing.T) {
	var s SourceOnly
	if s.Fetch("a") != FetchDocValues {
		t.Fatal("an index never refused is read from _source")
	}
	s.Refused("a")
	if s.Fetch("a") != FetchSource || s.Fetch("b") != FetchDocValues {
		t.Fatal("Refused is not remembered per index")
	}
}

func TestDecodeAddressFromDocValues(t *testing.T) {
	want := mappings.Address{UPRN: 100012345678, ParentUPRN: 100012345600, SubBuilding: "Flat 3", BuildingName: `"The" Maltings`,
		BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", Postcode: "EX1 1AE", Classification: "RD06"}
	mappings.AddressSearchFields(&want)
	packed, _ := json.Marshal([]string{want.Hit})
	a, err := DecodeAddress("x", nil, map[string]json.RawMessage{mappings.AddressFieldHit: packed, "unknown": json.RawMessage(`[1]`)})
	if err != nil {
		t.Fatal(err)
	}
	if a.UPRN != want.UPRN || a.ParentUPRN != want.ParentUPRN || !a.IsFlat || a.FlatCount != 0 || a.Postcode != want.Postcode ||
		a.FullAddress != want.FullAddress || a.AddressLine1 != want.AddressLine1 || a.AddressLine2 != want.AddressLine2 ||
		a.BuildingKey != want.BuildingKey || a.Classification != "RD06" {
		t.Fatalf("decoded %+v\nwant    %+v", a, want)
	}
	if _, err := DecodeAddress("x", nil, map[string]json.RawMessage{mappings.AddressFieldHit: json.RawMessage(`["2|x"]`)}); err == nil {
		t.Fatal("a packed value of another version was accepted")
	}
	if _, err := DecodeAddress("x", nil, map[string]json.RawMessage{"building_key": json.RawMessage(`["k"]`)}); !errors.Is(err, ErrNoDocValues) {
		t.Fatalf("a hit without its packed value (an index without it): %v, want ErrNoDocValues", err)
	}
	if _, err := DecodeAddress("x", nil, map[string]json.RawMessage{"uprn": json.RawMessage(`["abc"]`)}); err == nil {
		t.Fatal("a string UPRN was accepted")
	}
	if a, err := DecodeAddress("x", json.RawMessage(`{"uprn":7,"full_address":"A"}`), nil); err != nil || a.UPRN != 7 || a.FullAddress != "A" {
		t.Fatalf("from _source: %+v %v", a, err)
	}
}
