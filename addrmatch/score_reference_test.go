package addrmatch

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
)

// TestScoreUnchanged scores generated addresses, written the ways lists
// write them, against the addresses of their postcode and random others,
// with Score and with the scorer as it was before it was split into
// functions (referenceScore below): the confidence and the reasons must be
// the same.
func TestScoreUnchanged(t *testing.T) {
	c, err := synth.Collect(synth.Config{Seed: 5, Properties: 400})
	if err != nil {
		t.Fatal(err)
	}
	var addrs []*mappings.Address
	byPostcode := map[string][]*mappings.Address{}
	for _, d := range c.Map(mappings.IndexAddresses) {
		b, _ := json.Marshal(d)
		var a mappings.Address
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatal(err)
		}
		addrs = append(addrs, &a)
		byPostcode[a.Postcode] = append(byPostcode[a.Postcode], &a)
	}
	r := rand.New(rand.NewPCG(1, 2))
	pairs, differ := 0, 0
	for i, a := range addrs {
		if i%3 != 0 {
			continue
		}
		full := FullAddress(a)
		texts := [][2]string{{full, ""}, {strings.ToLower(full), ""}, {strings.TrimSuffix(full, ", "+a.Postcode), ""},
			{strings.TrimSuffix(full, ", "+a.Postcode), a.Postcode}, {"Flat 2, " + full, ""}, {"7 " + a.StreetName + ", " + a.PostTown, ""},
			{a.BuildingName + " " + a.StreetName, a.Postcode[:len(a.Postcode)-1] + "Z"}, {typo(full, r), ""}}
		cands := append([]*mappings.Address{}, byPostcode[a.Postcode]...)
		for k := 0; k < 5; k++ {
			cands = append(cands, addrs[r.IntN(len(addrs))])
		}
		for _, tx := range texts {
			p := Parse(tx[0], tx[1])
			for _, cand := range cands {
				pairs++
				got, gr := Score(p, cand)
				want, wr := referenceScore(p, cand)
				if math.Abs(got-want) > 1e-9 || fmt.Sprint(gr) != fmt.Sprint(wr) {
					differ++
					if differ < 10 {
						t.Errorf("%q %q vs %s: got %.6f %+v, want %.6f %+v", tx[0], tx[1], FullAddress(cand), got, gr, want, wr)
					}
				}
			}
		}
	}
	if pairs < 10000 {
		t.Errorf("only %d pairs compared", pairs)
	}
	t.Logf("%d pairs compared, %d differ", pairs, differ)
}

// typo swaps two letters of the longest word.
func typo(s string, r *rand.Rand) string {
	ws := strings.Fields(s)
	li := 0
	for i, w := range ws {
		if len(w) > len(ws[li]) {
			li = i
		}
	}
	w := []byte(ws[li])
	if len(w) > 3 {
		k := 1 + r.IntN(len(w)-2)
		w[k], w[k+1] = w[k+1], w[k]
	}
	ws[li] = string(w)
	return strings.Join(ws, " ")
}

// referencePremiseIDs are the numbers and flat letters that identify an address:
// digits in the sub-building, building name and number ("12a", "3"), and
// the flat identifier.
func referencePremiseIDs(a *mappings.Address) (ids map[string]bool, flat, house string) {
	ids = map[string]bool{}
	house = strings.ToLower(strings.ReplaceAll(a.BuildingNumber, " ", ""))
	if house != "" {
		ids[house] = true
	}
	flat = a.FlatNumber
	if flat == "" && a.SubBuilding != "" {
		flat = mappings.FlatIdentifier(a.SubBuilding)
	}
	if flat != "" {
		ids[flat] = true
	}
	for _, f := range []string{a.SubBuilding, a.BuildingName} {
		for _, t := range mappings.AddressTokens(f) {
			if hasDigit(t) {
				ids[t] = true
			}
		}
	}
	return ids, flat, house
}

// referenceScore is Score as it was before it was split: the confidence (0..1) that the submitted address p names a,
// with the reasons. It multiplies three factors: the premise (numbers, flat
// and building name), the street, and the place (postcode and town).
func referenceScore(p Parsed, a *mappings.Address) (float64, Reasons) {
	r := Reasons{Notes: []string{}}
	used := make([]bool, len(p.Words))
	// Designator words ("flat") are part of the sub-building.
	for i, w := range p.Words {
		if subDesignators[w] {
			used[i] = true
		}
	}
	ids, flat, house := referencePremiseIDs(a)
	premise := 1.0
	// A flat named in the text that the address does not have: "Flat 7,
	// 7 Hazel Drive" is not the building 7 Hazel Drive, even though the
	// numbers alone agree; the flat's own number then does not count.
	flatExtra := p.Flat != "" && flat == ""
	if flatExtra {
		premise *= 0.3
	}
	in := map[string]bool{}
	skip := flatExtra
	for _, n := range p.Numbers {
		n = strings.ToLower(n)
		if skip && n == p.Flat {
			skip = false
			continue
		}
		in[n] = true
	}
	if p.Flat != "" && !flatExtra {
		in[p.Flat] = true
	}
	// Numbers the address has that the text lacks.
	for id := range ids {
		if in[id] {
			continue
		}
		switch id {
		case flat:
			premise *= 0.45
		case house:
			if a.BuildingName != "" {
				premise *= 0.9 // flats in a named building are often listed without its number
			} else {
				premise *= 0.5
			}
		default:
			premise *= 0.6
		}
	}
	// Numbers the text has that the address lacks: another house or flat.
	extra := 0
	for id := range in {
		if !ids[id] {
			extra++
			premise *= 0.3
		}
	}
	switch {
	case house == "":
		r.Number = "none"
	case in[house]:
		r.Number = "exact"
	case len(p.Numbers) == 0:
		r.Number = "missing"
	default:
		r.Number = "different"
	}
	// The flat named in the text is another flat of the building ("1/2":
	// flat 1 of number 2, not flat 2 of number 1).
	flatOther := p.Flat != "" && flat != "" && p.Flat != flat
	if flatOther {
		premise *= 0.3
	}
	// A sub-building in words ("Second Floor Flat", "The Gatehouse").
	subWords := 0.0
	if flat == "" && a.SubBuilding != "" {
		var ws []string
		for _, w := range expandedTokens(a.SubBuilding) {
			if !subDesignators[w] {
				ws = append(ws, w)
			}
		}
		if len(ws) > 0 {
			subWords = phraseSim(ws, p.Words, used)
			premise *= 0.4 + 0.6*subWords
		}
	}
	switch {
	case flatOther:
		r.Flat = "different"
	case flat == "" && a.SubBuilding != "" && subWords >= 0.999:
		r.Flat = "exact"
	case flat == "" && a.SubBuilding != "" && subWords > 0:
		r.Flat = "close"
	case flat == "" && a.SubBuilding != "":
		r.Flat = "missing"
	case flat != "" && in[flat]:
		r.Flat = "exact"
	case flat != "" && p.Flat != "":
		r.Flat = "different"
	case flat != "":
		r.Flat = "missing"
	case flatExtra || p.Flat != "" || extra > 0 && house != "" && in[house]:
		r.Flat = "extra"
	default:
		r.Flat = "none"
	}
	// Building name.
	bn := expandedTokens(a.BuildingName)
	bnSim := 0.0
	if len(bn) > 0 {
		bnSim = phraseSim(bn, p.Words, used)
		if a.BuildingNumber == "" && a.StreetName != "" || a.StreetName == "" {
			premise *= 0.35 + 0.65*bnSim // a named building is identified by its name
		} else if bnSim > 0 {
			premise *= 0.85 + 0.15*bnSim
		} else {
			premise *= 0.97
		}
		if bnSim == 0 {
			r.BuildingName = "missing"
		} else {
			r.BuildingName = simLabel(bnSim)
		}
	} else {
		r.BuildingName = "none"
	}
	// Street.
	street := 1.0
	st := expandedTokens(a.StreetName)
	if len(st) > 0 {
		street = phraseSim(st, p.Words, used)
		switch {
		case street == 0:
			r.Street = "missing"
			if p.Street != "" {
				r.Street = "different"
			}
		default:
			r.Street = simLabel(street)
		}
		street = 0.25 + 0.75*street
	} else {
		r.Street = "none"
	}
	// Town: the post town, town or locality among the words left.
	town := 0.0
	townWords := 0
	for i, w := range p.Words {
		if !used[i] {
			townWords++
			_ = w
		}
	}
	for _, f := range []string{a.PostTown, a.TownName, a.Locality} {
		ts := expandedTokens(f)
		if len(ts) == 0 {
			continue
		}
		s := phraseSim(ts, p.Words, nil)
		if s > town {
			town = s
			if f == a.Locality && a.Locality != a.PostTown && s >= 0.75 {
				r.Town = "locality"
			} else {
				r.Town = ""
			}
		}
	}
	townOK := town >= 0.75
	switch {
	case townOK && r.Town == "":
		r.Town = "exact"
	case townOK:
	case townWords == 0:
		r.Town = "missing"
	default:
		r.Town = "different"
	}
	// Postcode.
	place := 1.0
	r.Postcode = referenceComparePostcode(p, a)
	switch r.Postcode {
	case "exact":
		if r.Town == "different" {
			place = 0.97
		}
	case "one_char":
		place = pick(r.Town, 0.95, 0.88, 0.6)
	case "same_sector":
		place = pick(r.Town, 0.92, 0.8, 0.55)
	case "same_outcode":
		place = pick(r.Town, 0.88, 0.72, 0.5)
	case "different":
		place = pick(r.Town, 0.65, 0.4, 0.2)
	case "missing":
		place = pick(r.Town, 0.92, 0.55, 0.3)
	}
	conf := premise * street * place
	return math.Max(0, math.Min(1, conf)), r
}

// referenceComparePostcode compares the submitted postcode with the address's.
func referenceComparePostcode(p Parsed, a *mappings.Address) string {
	apc, ok := mappings.ParsePostcode(a.Postcode)
	if p.Postcode == "" {
		if p.Outcode != "" && ok {
			if p.Outcode == apc.Outward {
				return "same_outcode"
			}
			return "different"
		}
		return "missing"
	}
	ppc, _ := mappings.ParsePostcode(p.Postcode)
	if !ok {
		return "different"
	}
	if ppc.Key() == apc.Key() {
		return "exact"
	}
	if editDistance(ppc.Key(), apc.Key(), 1) <= 1 && ppc.Area() == apc.Area() {
		return "one_char"
	}
	if ppc.Sector() == apc.Sector() {
		return "same_sector"
	}
	if ppc.Outward == apc.Outward {
		return "same_outcode"
	}
	return "different"
}
