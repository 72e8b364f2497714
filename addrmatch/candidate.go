package addrmatch

import (
	"math"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// candidate is an address with what the scorer reads of it, worked out
// once: a bulk job scores the same candidates against many rows.
type candidate struct {
	a *mappings.Address
	// ids are the numbers and flat letters that identify the address:
	// digits in the sub-building, building name and number ("12a", "3"),
	// and the flat identifier; flat and house are two of them (or "").
	ids         []string
	flat, house string
	// subWords are the words of a sub-building without a flat identifier
	// ("Second Floor Flat": second, floor), designators left out.
	subWords []string
	building []string // building name words, expanded, no numbers
	street   []string // street words, expanded, no numbers
	// towns are the words of the post town, town and locality, in that
	// order (nil when empty); townIsLocality marks the locality when it is
	// not the post town.
	towns          [3][]string
	townIsLocality [3]bool
	postcode       mappings.PostcodeParts
	postcodeOK     bool
}

func prepare(a *mappings.Address) *candidate {
	c := &candidate{a: a}
	c.house = strings.ToLower(strings.ReplaceAll(a.BuildingNumber, " ", ""))
	c.flat = a.FlatNumber
	if c.flat == "" && a.SubBuilding != "" {
		c.flat = mappings.FlatIdentifier(a.SubBuilding)
	}
	addID := func(id string) {
		for _, x := range c.ids {
			if x == id {
				return
			}
		}
		c.ids = append(c.ids, id)
	}
	if c.house != "" {
		addID(c.house)
	}
	if c.flat != "" {
		addID(c.flat)
	}
	for _, f := range []string{a.SubBuilding, a.BuildingName} {
		for _, t := range mappings.AddressTokens(f) {
			if hasDigit(t) {
				addID(t)
			}
		}
	}
	if c.flat == "" && a.SubBuilding != "" {
		for _, w := range expandedTokens(a.SubBuilding) {
			if !subDesignators[w] {
				c.subWords = append(c.subWords, w)
			}
		}
	}
	c.building = expandedTokens(a.BuildingName)
	c.street = expandedTokens(a.StreetName)
	for i, f := range []string{a.PostTown, a.TownName, a.Locality} {
		c.towns[i] = expandedTokens(f)
		c.townIsLocality[i] = f == a.Locality && a.Locality != a.PostTown
	}
	c.postcode, c.postcodeOK = mappings.ParsePostcode(a.Postcode)
	return c
}

func (c *candidate) hasID(id string) bool {
	for _, x := range c.ids {
		if x == id {
			return true
		}
	}
	return false
}

// Score is the confidence (0..1) that the submitted address p names a,
// with the reasons. It multiplies three factors: the premise (numbers, flat
// and building name), the street, and the place (postcode and town).
func Score(p Parsed, a *mappings.Address) (float64, Reasons) {
	return score(p, prepare(a))
}

func score(p Parsed, c *candidate) (float64, Reasons) {
	r := Reasons{Notes: []string{}}
	used := make([]bool, len(p.Words))
	// Designator words ("flat") are part of the sub-building.
	for i, w := range p.Words {
		if subDesignators[w] {
			used[i] = true
		}
	}
	premise := scorePremise(p, c, used, &r)
	premise *= scoreBuildingName(p, c, used, &r)
	street := scoreStreet(p, c, used, &r)
	place := scorePlace(p, c, used, &r)
	conf := premise * street * place
	return math.Max(0, math.Min(1, conf)), r
}

// textNumbers are the identifiers the text names, as a candidate reads
// them: a flat named in the text that the address does not have (flatExtra)
// does not count its own number once.
func textNumbers(p Parsed, flatExtra bool) []string {
	in := make([]string, 0, len(p.Numbers)+1)
	add := func(n string) {
		for _, x := range in {
			if x == n {
				return
			}
		}
		in = append(in, n)
	}
	skip := flatExtra
	for _, n := range p.Numbers {
		n = strings.ToLower(n)
		if skip && n == p.Flat {
			skip = false
			continue
		}
		add(n)
	}
	if p.Flat != "" && !flatExtra {
		add(p.Flat)
	}
	return in
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// scorePremise is the premise factor of the numbers, the flat and a
// sub-building in words; it sets the number and flat reasons.
func scorePremise(p Parsed, c *candidate, used []bool, r *Reasons) float64 {
	a, flat, house := c.a, c.flat, c.house
	premise := 1.0
	// A flat named in the text that the address does not have: "Flat 7,
	// 7 Hazel Drive" is not the building 7 Hazel Drive, even though the
	// numbers alone agree; the flat's own number then does not count.
	flatExtra := p.Flat != "" && flat == ""
	if flatExtra {
		premise *= 0.3
	}
	in := textNumbers(p, flatExtra)
	// Numbers the address has that the text lacks.
	for _, id := range c.ids {
		if contains(in, id) {
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
	for _, id := range in {
		if !c.hasID(id) {
			extra++
			premise *= 0.3
		}
	}
	switch {
	case house == "":
		r.Number = "none"
	case contains(in, house):
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
	if len(c.subWords) > 0 {
		subWords = phraseSim(c.subWords, p.Words, used)
		premise *= 0.4 + 0.6*subWords
	}
	named := flat == "" && a.SubBuilding != ""
	switch {
	case flatOther:
		r.Flat = "different"
	case named && subWords >= 0.999:
		r.Flat = "exact"
	case named && subWords > 0:
		r.Flat = "close"
	case named:
		r.Flat = "missing"
	case flat != "" && contains(in, flat):
		r.Flat = "exact"
	case flat != "" && p.Flat != "":
		r.Flat = "different"
	case flat != "":
		r.Flat = "missing"
	case flatExtra || p.Flat != "" || extra > 0 && house != "" && contains(in, house):
		r.Flat = "extra"
	default:
		r.Flat = "none"
	}
	return premise
}

// scoreBuildingName is the premise factor of the building name; it sets
// the building name reason.
func scoreBuildingName(p Parsed, c *candidate, used []bool, r *Reasons) float64 {
	a := c.a
	if len(c.building) == 0 {
		r.BuildingName = "none"
		return 1
	}
	f := 1.0
	bnSim := phraseSim(c.building, p.Words, used)
	if a.BuildingNumber == "" && a.StreetName != "" || a.StreetName == "" {
		f = 0.35 + 0.65*bnSim // a named building is identified by its name
	} else if bnSim > 0 {
		f = 0.85 + 0.15*bnSim
	} else {
		f = 0.97
	}
	if bnSim == 0 {
		r.BuildingName = "missing"
	} else {
		r.BuildingName = simLabel(bnSim)
	}
	return f
}

// scoreStreet is the street factor; it sets the street reason.
func scoreStreet(p Parsed, c *candidate, used []bool, r *Reasons) float64 {
	if len(c.street) == 0 {
		r.Street = "none"
		return 1
	}
	street := phraseSim(c.street, p.Words, used)
	switch {
	case street == 0:
		r.Street = "missing"
		if p.Street != "" {
			r.Street = "different"
		}
	default:
		r.Street = simLabel(street)
	}
	return 0.25 + 0.75*street
}

// scorePlace is the place factor (postcode and town together, among the
// words the premise and street left); it sets the town and postcode
// reasons.
func scorePlace(p Parsed, c *candidate, used []bool, r *Reasons) float64 {
	// Town: the post town, town or locality among the words left.
	town := 0.0
	townWords := 0
	for i := range p.Words {
		if !used[i] {
			townWords++
		}
	}
	for i, ts := range c.towns {
		if len(ts) == 0 {
			continue
		}
		s := phraseSim(ts, p.Words, nil)
		if s > town {
			town = s
			if c.townIsLocality[i] && s >= 0.75 {
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
	r.Postcode = comparePostcode(p, c)
	switch r.Postcode {
	case "exact":
		if r.Town == "different" {
			return 0.97
		}
	case "one_char":
		return pick(r.Town, placeOneCharAgreed, 0.88, 0.6)
	case "same_sector":
		return pick(r.Town, placeSameSectorAgreed, 0.8, 0.55)
	case "same_outcode":
		return pick(r.Town, placeSameOutcodeAgreed, 0.72, 0.5)
	case "different":
		return pick(r.Town, 0.65, 0.4, 0.2)
	case "missing":
		return pick(r.Town, 0.92, 0.55, 0.3)
	}
	return 1
}

// placeOneCharAgreed is the highest place factor of an address whose
// postcode is not the one submitted (one character off, the town agreeing).
const placeOneCharAgreed = 0.95

// The place factors of the same sector and the same outcode, the town
// agreeing.
const (
	placeSameSectorAgreed  = 0.92
	placeSameOutcodeAgreed = 0.88
)
