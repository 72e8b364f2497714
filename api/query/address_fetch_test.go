package query

import (
	"encoding/json"
	"testing"
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
	fields := map[string]json.RawMessage{
		"uprn": json.RawMessage(`[100012345678]`), "parent_uprn": json.RawMessage(`[ 100012345600 ]`),
		"full_address":   json.RawMessage(`["Flat 3, \"The\" Maltings, 12 High Street, Exeter, EX1 1AE"]`),
		"address_line_1": json.RawMessage(`["Flat 3, The Maltings"]`), "is_flat": json.RawMessage(`[true]`),
		"flat_count": json.RawMessage(`[]`), "postcode": json.RawMessage(`["EX1 1AE"]`), "unknown": json.RawMessage(`[1]`),
	}
	a, err := DecodeAddress("x", nil, fields)
	if err != nil {
		t.Fatal(err)
	}
	if a.UPRN != 100012345678 || a.ParentUPRN != 100012345600 || !a.IsFlat || a.FlatCount != 0 || a.Postcode != "EX1 1AE" ||
		a.FullAddress != `Flat 3, "The" Maltings, 12 High Street, Exeter, EX1 1AE` || a.AddressLine1 != "Flat 3, The Maltings" {
		t.Fatalf("decoded %+v", a)
	}
	if _, err := DecodeAddress("x", nil, map[string]json.RawMessage{"uprn": json.RawMessage(`["abc"]`)}); err == nil {
		t.Fatal("a string UPRN was accepted")
	}
	if a, err := DecodeAddress("x", json.RawMessage(`{"uprn":7,"full_address":"A"}`), nil); err != nil || a.UPRN != 7 || a.FullAddress != "A" {
		t.Fatalf("from _source: %+v %v", a, err)
	}
}
