package mappings

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// hitFields are the fields of an address PackHit carries.
func hitFields(a *Address) Address {
	return Address{
		UPRN: a.UPRN, ParentUPRN: a.ParentUPRN, Postcode: a.Postcode, PostcodeKey: a.PostcodeKey,
		PostTown: a.PostTown, TownName: a.TownName, Locality: a.Locality, StreetName: a.StreetName,
		BuildingName: a.BuildingName, BuildingNumber: a.BuildingNumber, SubBuilding: a.SubBuilding,
		IsFlat: a.IsFlat, FlatCount: a.FlatCount, Classification: a.Classification, BuildingKey: a.BuildingKey,
		AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2, FullAddress: a.FullAddress,
	}
}

func TestPackHitRoundTrip(t *testing.T) {
	flat := Address{UPRN: 100023336956, ParentUPRN: 100023336900, SubBuilding: "Flat 3", BuildingName: "Moor Court",
		BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", PostTown: "EXETER", Postcode: "ex1 1ae",
		Classification: "RD06"}
	house := Address{UPRN: 7, BuildingNumber: "1", StreetName: "Mill Lane", Locality: "Upton", TownName: "Taunton",
		Postcode: "TA1 1AA", FlatCount: 0}
	building := Address{UPRN: 8, BuildingName: "Moor Court", StreetName: "High Street", TownName: "Exeter",
		Postcode: "EX1 1AE", FlatCount: 24}
	// A real record whose lines are not the rendering of its parts, with
	// the separator, the escape and the explicit-value marker in values.
	real := Address{UPRN: 9, BuildingNumber: "2", StreetName: "Bar|Street", TownName: "Caret^Town",
		Postcode: "SW1A 2AA", AddressLine1: "=2 Bar|Street^", AddressLine2: "", FullAddress: "2 TAB STREET, LONDON",
		BuildingKey: "custom|key"}
	for _, a := range []Address{flat, house, building, real} {
		a := a
		keepLines := a.AddressLine1 != ""
		l1, l2, full, key := a.AddressLine1, a.AddressLine2, a.FullAddress, a.BuildingKey
		AddressSearchFields(&a)
		if keepLines {
			a.AddressLine1, a.AddressLine2, a.FullAddress, a.BuildingKey = l1, l2, full, key
			a.Hit = PackHit(&a)
		}
		var got Address
		if err := UnpackHit(a.Hit, &got); err != nil {
			t.Fatalf("%q: %v", a.Hit, err)
		}
		if want := hitFields(&a); !reflect.DeepEqual(hitFields(&got), want) {
			t.Errorf("packed %q\n got %+v\nwant %+v", a.Hit, hitFields(&got), want)
		}
	}
	// The rendered parts are left out of a generated address.
	a := flat
	AddressSearchFields(&a)
	if strings.Contains(a.Hit, a.FullAddress) || strings.Contains(a.Hit, a.BuildingKey) {
		t.Errorf("rendered values packed: %q", a.Hit)
	}
}

func TestUnpackHitRejects(t *testing.T) {
	for _, v := range []string{"", "1", "2|", "1|only|three|", "1" + strings.Repeat("|", hitParts) + "^", "1" + strings.Repeat("|x", 8) + "|notanumber" + strings.Repeat("|", 8)} {
		if err := UnpackHit(v, &Address{}); err == nil {
			t.Errorf("UnpackHit(%q) accepted", v)
		}
	}
}

func TestDeriveFields(t *testing.T) {
	a := Address{UPRN: 7, BuildingNumber: "1", StreetName: "Mill Lane", TownName: "Taunton", Postcode: "TA1 1AA", Popularity: 0.57}
	AddressSearchFields(&a)
	if a.PopularityBand != 5 {
		t.Fatalf("popularity 0.57: band %d, want 5", a.PopularityBand)
	}
	stale := a
	stale.StreetName, stale.AddressLine1, stale.FullAddress = "Mill Road", "1 Mill Road", "1 Mill Road, Taunton, TA1 1AA"
	stale.Popularity = 0.91
	for name, d := range map[string]Address{"without it": func() Address { b := a; b.Hit = ""; return b }(), "stale": stale} {
		doc, _ := json.Marshal(d)
		if name == "without it" {
			var m map[string]any
			_ = json.Unmarshal(doc, &m)
			delete(m, AddressFieldPopularityBand)
			doc, _ = json.Marshal(m)
		}
		got, err := DeriveFields(IndexAddresses, doc)
		if err != nil {
			t.Fatal(err)
		}
		var b Address
		if err := json.Unmarshal(got, &b); err != nil {
			t.Fatal(err)
		}
		want := b
		want.Hit = PackHit(&want)
		var m, n map[string]any
		_ = json.Unmarshal(doc, &m)
		_ = json.Unmarshal(got, &n)
		delete(m, AddressFieldHit)
		delete(n, AddressFieldHit)
		delete(m, AddressFieldPopularityBand)
		delete(n, AddressFieldPopularityBand)
		if b.PopularityBand != PopularityBandOf(d.Popularity) {
			t.Errorf("%s: band %d derived from popularity %v", name, b.PopularityBand, d.Popularity)
		}
		if b.Hit != want.Hit || !reflect.DeepEqual(m, n) {
			t.Errorf("%s: derived %s, want %s with %q", name, got, doc, want.Hit)
		}
	}
	doc, _ := json.Marshal(a)
	if other, _ := DeriveFields(IndexPostcodes, doc); !bytes.Equal(other, doc) {
		t.Errorf("another index's document was changed: %s", other)
	}
	if _, err := DeriveFields(IndexAddresses, []byte(`{"uprn":"x"}`)); err == nil {
		t.Error("an invalid address was accepted")
	}
}

func TestPopularityBandOf(t *testing.T) {
	for p, want := range map[float64]int{0: 0, 0.09: 0, 0.1: 1, 0.3: 3, 0.57: 5, 0.6: 6, 0.7: 7, 0.99: 9, 1: 10, -0.2: 0, 1.4: 10} {
		if got := PopularityBandOf(p); got != want {
			t.Errorf("PopularityBandOf(%v) = %d, want %d", p, got, want)
		}
	}
}

// BenchmarkDecodeHit compares decoding a hit's packed value with decoding
// the 17 doc values it replaced (the API's CPU a hit).
func BenchmarkDecodeHit(b *testing.B) {
	a := Address{UPRN: 100023336956, ParentUPRN: 100023336900, SubBuilding: "Flat 3", BuildingName: "Moor Court",
		BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE",
		Classification: "RD06"}
	AddressSearchFields(&a)
	packed, _ := json.Marshal([]string{a.Hit})
	var m map[string]any
	raw, _ := json.Marshal(a)
	_ = json.Unmarshal(raw, &m)
	fields := map[string]json.RawMessage{}
	for _, f := range HitFields {
		if v, ok := m[f]; ok {
			fields[f], _ = json.Marshal([]any{v})
		}
	}
	b.Run("packed", func(b *testing.B) {
		for b.Loop() {
			if _, err := AddressFromDocValues(map[string]json.RawMessage{AddressFieldHit: packed}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fields", func(b *testing.B) {
		for b.Loop() {
			if _, err := AddressFromDocValues(fields); err != nil {
				b.Fatal(err)
			}
		}
	})
}
