package addrmatch

import (
	"reflect"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestParse(t *testing.T) {
	cases := []struct {
		text, postcode string
		want           Parsed
	}{
		{"Flat 3, 10 High St", "", Parsed{SubBuilding: "Flat 3", BuildingNumber: "10", Street: "high street"}},
		{"3/10 High Street", "", Parsed{SubBuilding: "Flat 3", BuildingNumber: "10", Street: "high street"}},
		{"10 High Street Flat 3", "", Parsed{SubBuilding: "Flat 3", BuildingNumber: "10", Street: "high street"}},
		{"10 HIGH STREET, FLAT 3, EXETER, ex11ae", "", Parsed{SubBuilding: "Flat 3", BuildingNumber: "10", Street: "high street", Town: "exeter", Postcode: "EX1 1AE"}},
		{"4 percy mews, exeter", "", Parsed{BuildingNumber: "4", Street: "percy mews", Town: "exeter"}},
		{"4 Percy Mews", "ex1 1ba", Parsed{BuildingNumber: "4", Street: "percy mews", Postcode: "EX1 1BA"}},
		{"12a Castle Gdns., Heavitree, Exeter EX1 2AB", "", Parsed{BuildingNumber: "12A", Street: "castle gardens", Locality: "heavitree", Town: "exeter", Postcode: "EX1 2AB"}},
		{"Flat 20, Marlborough Ct, 1 Willowgate Ln, Withington, Manchester", "M9 1BA",
			Parsed{SubBuilding: "Flat 20", BuildingName: "marlborough court", BuildingNumber: "1", Street: "willowgate lane", Locality: "withington", Town: "manchester", Postcode: "M9 1BA"}},
		{"Rose Cottage, Mill Lane, Exeter", "", Parsed{BuildingName: "rose cottage", Street: "mill lane", Town: "exeter"}},
		{"Flat A, 7 Park Road", "", Parsed{SubBuilding: "Flat A", BuildingNumber: "7", Street: "park road"}},
		{"10 High Street", "not a postcode", Parsed{BuildingNumber: "10", Street: "high street"}},
	}
	for _, c := range cases {
		got := Parse(c.text, c.postcode)
		got.Words, got.Numbers, got.Flat, got.Outcode, got.PostcodeInvalid = nil, nil, "", "", ""
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q, %q):\n got %+v\nwant %+v", c.text, c.postcode, got, c.want)
		}
	}
}

func TestParseNumbers(t *testing.T) {
	p := Parse("3/10 High Street", "")
	if p.Flat != "3" || len(p.Numbers) != 2 {
		t.Errorf("3/10: flat %q numbers %v", p.Flat, p.Numbers)
	}
	if p := Parse("Flat 3, 10 High St, Exeter", ""); p.Outcode != "" || p.Postcode != "" {
		t.Errorf("no postcode: got %q %q", p.Postcode, p.Outcode)
	}
	if p := Parse("10 High St, Exeter, EX1", ""); p.Outcode != "EX1" || p.Town != "exeter" {
		t.Errorf("outcode: got %+v", p)
	}
}

func addr(sub, name, num, street, locality, town, pc string) *mappings.Address {
	a := &mappings.Address{UPRN: int64(len(sub)*1000 + len(name)*100 + len(num)*10 + len(street)), SubBuilding: sub, BuildingName: name,
		BuildingNumber: num, StreetName: street, Locality: locality, TownName: town, PostTown: town, Postcode: pc}
	if sub != "" {
		ts := mappings.AddressTokens(sub)
		a.FlatNumber = ts[len(ts)-1]
	}
	return a
}

func TestScore(t *testing.T) {
	house := addr("", "", "10", "High Street", "Heavitree", "Exeter", "EX1 1AE")
	flat := addr("Flat 3", "", "10", "High Street", "", "Exeter", "EX1 1AE")
	named := addr("", "Rose Cottage", "", "Mill Lane", "", "Exeter", "EX4 2AB")
	cases := []struct {
		text, pc string
		a        *mappings.Address
		lo, hi   float64
	}{
		{"10 High Street", "EX1 1AE", house, 1, 1},
		{"10 high st., exeter", "ex11ae", house, 1, 1},
		{"10 High Street, Exeter", "", house, 0.85, 0.95},            // no postcode, town agrees
		{"10 High Street", "EX1 1AF", house, 0.8, 0.9},               // one character wrong, no town
		{"10 High Street, Exeter", "EX1 1AF", house, 0.9, 0.96},      // one character wrong, town agrees
		{"10 High Street, Exeter", "EX1 2ZZ", house, 0.85, 0.95},     // outdated, same sector
		{"10 Hihg Street, Exeter", "EX1 1AE", house, 0.85, 0.95},     // typo
		{"12 High Street", "EX1 1AE", house, 0, 0.35},                // another house
		{"Flat 3, 10 High St", "EX1 1AE", house, 0, 0.35},            // a flat of it, not the house
		{"Flat 3, 10 High St", "EX1 1AE", flat, 1, 1},                // the flat
		{"3/10 High Street", "EX1 1AE", flat, 1, 1},                  // slash form
		{"10 High Street Flat 3", "EX1 1AE", flat, 1, 1},             // flat last
		{"10 High Street", "EX1 1AE", flat, 0.4, 0.5},                // flat not named
		{"10 High Street, Leeds", "LS6 1DB", house, 0, 0.25},         // another town
		{"Rose Cottage, Mill Lane", "EX4 2AB", named, 1, 1},          // a named house
		{"Mill Lane", "EX4 2AB", named, 0.3, 0.4},                    // name missing
		{"Rose Cotage, Mill Ln, Exeter", "", named, 0.75, 0.9},       // typo, no postcode
		{"Nothing like it at all", "EX4 2AB", named, 0, 0.35},        //
		{"10 High Street, Heavitree", "", house, 0.85, 0.95},         // locality instead of town
		{"10 High Street, Topsham", "EX1 1AE", house, 0.95, 0.98},    // neighbouring town, postcode right
		{"10 High Street, Topsham", "EX3 0AA", house, 0, 0.25},       // another place altogether
		{"10 High Street, Exeter", "LS6 1DB", house, 0.55, 0.7},      // wrong postcode, town right
		{"Flat 9, 10 High Street", "EX1 1AE", flat, 0.0, 0.2},        // another flat
		{"10 High Street, Exeter, EX1", "", house, 0.85, 0.9},        // outcode only
		{"10 High Street, Exeter", "EX1 1A", house, 0.85, 0.9},       // partial postcode: its outcode
		{"FLAT 3 10 HIGH STREET EXETER EX1 1AE", "", flat, 1, 1},     // no punctuation
		{"flat 3 10 high street exeter ex1 1ae", "", house, 0, 0.35}, // lower case, the house
	}
	for _, c := range cases {
		got, r := Score(Parse(c.text, c.pc), c.a)
		if got < c.lo || got > c.hi {
			t.Errorf("%q %q vs %s: %.3f, want %.2f..%.2f (%+v)", c.text, c.pc, FullAddress(c.a), got, c.lo, c.hi, r)
		}
	}
}

func TestDecide(t *testing.T) {
	house := addr("", "", "10", "High Street", "", "Exeter", "EX1 1AE")
	next := addr("", "", "12", "High Street", "", "Exeter", "EX1 1AE")
	next.UPRN = 2
	flat := addr("Flat 3", "", "10", "High Street", "", "Exeter", "EX1 1AE")
	flat.UPRN = 3
	cands := []*mappings.Address{next, house, flat}
	r := Decide(Parse("10 High St", "EX1 1AE"), cands, DefaultThresholds)
	if r.UPRN == nil || *r.UPRN != house.UPRN || r.Recommendation != Accept || r.MatchType != TypeExact || r.Reasons.Number != "exact" {
		t.Errorf("house: %+v", r)
	}
	r = Decide(Parse("11 High St", "EX1 1AE"), cands, DefaultThresholds)
	if r.Recommendation != Reject || r.UPRN != nil || r.MatchType != TypeNone {
		t.Errorf("11 (not there): %+v", r)
	}
	// Two equally good: ambiguous, reviewed with candidates.
	twin := addr("", "", "10", "High Street", "", "Exeter", "EX1 1AE")
	twin.UPRN = 99
	r = Decide(Parse("10 High St, Exeter", ""), []*mappings.Address{house, twin}, DefaultThresholds)
	if r.Recommendation != Review || len(r.Candidates) != 2 || r.Reasons.Notes[0] != "ambiguous" {
		t.Errorf("twins: %+v", r)
	}
	r = Decide(Parse("10 High St", ""), nil, DefaultThresholds)
	if r.Recommendation != Reject || r.Candidates == nil {
		t.Errorf("no candidates: %+v", r)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"percy", "percy", 0}, {"percy", "pecry", 1}, {"percy", "perc", 1}, {"mews", "mwes", 1}, {"abcdef", "ghijkl", 3}} {
		if got := editDistance(c.a, c.b, 2); got != c.want {
			t.Errorf("%s/%s: %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
