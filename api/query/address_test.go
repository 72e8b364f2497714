package query

import (
	"reflect"
	"testing"
)

func TestClassifyPostcode(t *testing.T) {
	tests := []struct {
		in   string
		want PostcodeShape
		ok   bool
	}{
		{"EX1 1AE", PostcodeShape{Kind: AddressQueryPostcode, Key: "EX11AE", Outcode: "EX1"}, true},
		{"ex11ae", PostcodeShape{Kind: AddressQueryPostcode, Key: "EX11AE", Outcode: "EX1"}, true},
		{" Ex1   1ae ", PostcodeShape{Kind: AddressQueryPostcode, Key: "EX11AE", Outcode: "EX1"}, true},
		{"EX1", PostcodeShape{Kind: AddressQueryOutcode, Outcode: "EX1"}, true},
		{"ex11", PostcodeShape{Kind: AddressQueryOutcode, Outcode: "EX11", Prefix: "EX11"}, true},
		{"EX1 1", PostcodeShape{Kind: AddressQueryPostcodePartial, Outcode: "EX1", Prefix: "EX11"}, true},
		{"EX1 1A", PostcodeShape{Kind: AddressQueryPostcodePartial, Outcode: "EX1", Prefix: "EX11A"}, true},
		{"EX11A", PostcodeShape{Kind: AddressQueryPostcodePartial, Prefix: "EX11A"}, true},
		{"SW1A", PostcodeShape{Kind: AddressQueryOutcode, Outcode: "SW1A"}, true},
		{"12 high st", PostcodeShape{}, false},
		{"12", PostcodeShape{}, false},
		{"high", PostcodeShape{}, false},
		{"EX1 1C", PostcodeShape{}, false},
		{"EX1+1AE", PostcodeShape{}, false},
	}
	for _, tc := range tests {
		got, ok := ClassifyPostcode(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ClassifyPostcode(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseAddressText(t *testing.T) {
	tests := []struct {
		in   string
		want AddressText
	}{
		{"12 high st", AddressText{Words: []string{"high", "st"}, Numbers: []string{"12"}, HouseNumber: "12"}},
		{"flat 3 12 high street", AddressText{Words: []string{"high", "street"}, Numbers: []string{"3", "12"}, FlatNumber: "3", HouseNumber: "12", FlatAsked: true}},
		{"12 High Street, Flat 3", AddressText{Words: []string{"high", "street"}, Numbers: []string{"12", "3"}, FlatNumber: "3", HouseNumber: "12", FlatAsked: true, LastIsNumber: true}},
		{"3, 12 high street", AddressText{Words: []string{"high", "street"}, Numbers: []string{"3", "12"}, FlatNumber: "3", HouseNumber: "12", FlatAsked: true}},
		{"12a", AddressText{Numbers: []string{"12a"}, HouseNumber: "12a", LastIsNumber: true}},
		{"12 ", AddressText{Numbers: []string{"12"}, HouseNumber: "12", LastComplete: true}},
		{"12 high street ex1 1ae", AddressText{Words: []string{"high", "street"}, Numbers: []string{"12"}, HouseNumber: "12", PostcodeKey: "EX11AE"}},
		{"high street ex1", AddressText{Words: []string{"high", "street", "ex1"}, Outcode: "EX1"}},
		{"12 high street ex1 1a", AddressText{Words: []string{"high", "street", "ex1"}, Numbers: []string{"12"}, HouseNumber: "12", Outcode: "EX1", PostcodePrefix: "EX11A"}},
		{"12 high street ex1 1", AddressText{Words: []string{"high", "street", "ex1"}, Numbers: []string{"12"}, HouseNumber: "12", Outcode: "EX1", PostcodePrefix: "EX11"}},
		{"12 high street ex1 1 ", AddressText{Words: []string{"high", "street", "ex1"}, Numbers: []string{"12", "1"}, FlatNumber: "12", HouseNumber: "1", FlatAsked: true, Outcode: "EX1", LastComplete: true}},
		{"flat a marina court", AddressText{Words: []string{"a", "marina", "court"}, FlatNumber: "a", FlatAsked: true}},
		{"b, 5 mill road", AddressText{Words: []string{"b", "mill", "road"}, Numbers: []string{"5"}, FlatNumber: "b", HouseNumber: "5", FlatAsked: true}},
		{"marina court fla", AddressText{Words: []string{"marina", "court", "fla"}}},
		{"Fla", AddressText{Words: []string{"fla"}, FlatAsked: true, designatorPrefix: true}},
		{"apartm", AddressText{Words: []string{"apartm"}, FlatAsked: true, designatorPrefix: true}},
		{"fla ", AddressText{Words: []string{"fla"}, LastComplete: true}},
		{"fl", AddressText{Words: []string{"fl"}}},
		{"unio", AddressText{Words: []string{"unio"}}},
		{"St John's Rd", AddressText{Words: []string{"st", "johns", "rd"}}},
		{"hill apartments 1 castle terrace", AddressText{Words: []string{"hill", "castle", "terrace"}, Numbers: []string{"1"}, HouseNumber: "1"}},
		{"apartment 1 hill apartments", AddressText{Words: []string{"hill"}, Numbers: []string{"1"}, FlatNumber: "1", FlatAsked: true}},
	}
	for _, tc := range tests {
		got := ParseAddressText(tc.in)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseAddressText(%q) =\n %+v\nwant\n %+v", tc.in, got, tc.want)
		}
	}
}

func TestAddressFindGolden(t *testing.T) {
	p := AddressFindParams{Size: 10}
	bias := AddressFindParams{Size: 5, Bias: &GeoPoint{Lat: 50.72, Lon: -3.53}}
	shape := func(q string) PostcodeShape {
		s, ok := ClassifyPostcode(q)
		if !ok {
			t.Fatalf("%q not postcode-shaped", q)
		}
		return s
	}
	golden(t, "address_find_postcode", AddressPostcodeFind(shape("ex11ae"), p))
	golden(t, "address_find_postcode_partial", AddressPostcodeFind(shape("EX1 1A"), p))
	golden(t, "address_find_outcode", AddressPostcodeFind(shape("EX1"), p))
	golden(t, "address_find_outcode_ambiguous", AddressPostcodeFind(shape("EX11"), p))
	golden(t, "address_find_text", AddressTextFind(ParseAddressText("12 high st"), p))
	golden(t, "address_find_text_number_prefix", AddressTextFind(ParseAddressText("high street 12"), p))
	golden(t, "address_find_text_flat", AddressTextFind(ParseAddressText("flat 3 12 high street"), p))
	golden(t, "address_find_text_postcode", AddressTextFind(ParseAddressText("12 high street ex1 1ae"), p))
	golden(t, "address_find_text_postcode_prefix", AddressTextFind(ParseAddressText("12 high street ex1 1a"), p))
	golden(t, "address_find_text_bias", AddressTextFind(ParseAddressText("high street exe"), bias))
	golden(t, "address_find_text_parent", AddressTextFind(ParseAddressText("flat"), AddressFindParams{Size: 20, Parent: 100023336956}))
	golden(t, "address_find_fuzzy", AddressFuzzyFind(ParseAddressText("12 hihg street exetr"), p))
	golden(t, "address_find_fuzzy_complete", AddressFuzzyFind(ParseAddressText("marina cuort "), p))
	golden(t, "address_find_text_one_word", AddressTextFind(ParseAddressText("marina"), p))
	golden(t, "address_find_units", AddressUnitsFind(ParseAddressText("12 high st"), p))
	golden(t, "address_find_units_one_word", AddressUnitsFind(ParseAddressText("mar"), p))
	golden(t, "address_find_units_one_word_legacy", AddressUnitsFind(ParseAddressText("mar"), AddressFindParams{Size: 10, LegacySort: true}))
	golden(t, "address_warm_not_flat", WarmFilter(NotFlat()))
	golden(t, "address_find_text_flat_one_digit", AddressTextFind(ParseAddressText("Flat 1"), p))
	golden(t, "address_find_text_flat_letter", AddressTextFind(ParseAddressText("flat c marina"), p))
	golden(t, "address_find_broad_widened", AddressTextFind(ParseAddressText("27 ch"), p))
	golden(t, "address_find_broad_number", AddressUnitsFind(ParseAddressText("12"), p))
	golden(t, "address_find_designator_prefix", NewAddressFind("Fla", p).First())
	golden(t, "address_building_flats", AddressBuildingFlats(ParseAddressText("12 high st"), p, false, []string{"p:100023336956", "b:EX11AE|12|high street"}, 3))
	golden(t, "addresses_at_postcode", AddressesAtPostcode("EX11AE", 1000))
	golden(t, "flats_of_building", FlatsOfBuilding(100023336956, 500))
}

// TestAddressFindPath checks the path of the first request, and that
// First sends the request that path names.
func TestAddressFindPath(t *testing.T) {
	p := AddressFindParams{Size: 10}
	for q, want := range map[string]string{
		"EX1 1AE": PathPostcode, "EX1": PathPostcode, ",": PathNone,
		"cas": PathBroad, "27 ch": PathBroad, "Fla": PathFlat, "flat 3 12 high street": PathFlat,
		"castle gar": PathUnits, "27 church lane kin": PathCollapsed,
	} {
		f := NewAddressFind(q, p)
		if got := f.Path(); got != want {
			t.Errorf("Path(%q) = %s, want %s", q, got, want)
			continue
		}
		first := f.First()
		switch want {
		case PathNone:
			if first != nil {
				t.Errorf("%q: a request for nothing searchable", q)
			}
		case PathBroad, PathUnits:
			if !reflect.DeepEqual(first, AddressUnitsFind(f.Text, p)) {
				t.Errorf("%q: First is not the units query", q)
			}
		case PathFlat, PathCollapsed:
			if !reflect.DeepEqual(first, AddressTextFind(f.Text, p)) {
				t.Errorf("%q: First is not the strict query", q)
			}
		}
	}
}

// TestAddressFindFlow checks the typeahead's control flow: postcode path
// alone, no request for nothing searchable, strict then fuzzy only when the
// strict query found nothing and a word can be corrected, and the flat
// count only for collapsing queries, as strict or fuzzy as the answer.
func TestAddressFindFlow(t *testing.T) {
	p := AddressFindParams{Size: 10}

	pc := NewAddressFind("EX1 1AE", p)
	if pc.Postcode == nil || pc.QueryType != AddressQueryPostcode || pc.First() == nil {
		t.Fatalf("postcode input: %+v", pc)
	}
	if pc.Fallback(0, 0) != nil || pc.FlatCount([]string{"k"}, 3) != nil {
		t.Error("postcode input: fallback or flat count asked")
	}

	if f := NewAddressFind("!!", p); f.First() != nil || f.QueryType != AddressQueryText {
		t.Errorf("nothing searchable: first %v, type %q", f.First(), f.QueryType)
	}

	f := NewAddressFind("12 hihg streat", p)
	if !reflect.DeepEqual(f.First(), AddressUnitsFind(f.Text, p)) {
		t.Error("text input: first is not the units query")
	}
	if f.Fallback(0, 0) != nil || f.FlatCount([]string{"k"}, 3) != nil {
		t.Error("units answer: fallback or flat count asked before widening")
	}
	if f.Widen(10) != nil {
		t.Error("units query filled the page: widened")
	}
	if got := f.Widen(3); !reflect.DeepEqual(got, AddressTextFind(f.Text, p)) {
		t.Errorf("units query short of the page: widened to %v", got)
	}
	if f.Widen(0) != nil {
		t.Error("widened twice")
	}
	if f.Fallback(3, 3) != nil || f.QueryType != AddressQueryText {
		t.Error("strict query found hits: fallback asked")
	}
	if !reflect.DeepEqual(f.FlatCount([]string{"k"}, 3), AddressBuildingFlats(f.Text, p, false, []string{"k"}, 3)) {
		t.Error("strict answer: flat count is not strict")
	}
	if got := f.Fallback(0, 0); !reflect.DeepEqual(got, AddressFuzzyFind(f.Text, p)) || f.QueryType != AddressQueryFuzzy {
		t.Errorf("strict query found nothing: fallback %v, type %q", got, f.QueryType)
	}
	if f.Fallback(0, 0) != nil {
		t.Error("fuzzy query found nothing: a second fallback asked")
	}
	if !reflect.DeepEqual(f.FlatCount([]string{"k"}, 3), AddressBuildingFlats(f.Text, p, true, []string{"k"}, 3)) {
		t.Error("fuzzy answer: flat count is not fuzzy")
	}
	if f.FlatCount(nil, 3) != nil {
		t.Error("no building keys: flat count asked")
	}

	long := NewAddressFind("12 castle gardens exeter", p)
	if !reflect.DeepEqual(long.First(), AddressTextFind(long.Text, p)) || long.Widen(0) != nil {
		t.Error("twelve letters or more: first is not the strict query, or widened")
	}
	if _, collapsed := long.First()["collapse"]; !collapsed {
		t.Error("twelve letters or more: flats not collapsed")
	}

	flat := NewAddressFind("flat 3 marina court", p)
	if !reflect.DeepEqual(flat.First(), AddressTextFind(flat.Text, p)) || flat.Widen(0) != nil {
		t.Error("flat asked: first is not the strict query, or widened")
	}
	if _, collapsed := flat.First()["collapse"]; collapsed {
		t.Error("flat asked: flats collapsed")
	}

	if short := NewAddressFind("12 high st", p); short.First() == nil || short.Widen(0) == nil || short.Fallback(0, 0) != nil {
		t.Error("no word long enough to correct: fallback asked")
	}
	if flat.FlatCount([]string{"k"}, 3) != nil {
		t.Error("flat asked: flat count asked")
	}
}
