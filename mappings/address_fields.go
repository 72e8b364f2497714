package mappings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// AddressSearchFields fills the derived search fields of an address from its
// parts, so every writer of the addresses index (generator, importers) builds
// them the same way and the typeahead query (api/query/address.go) can rely
// on them. It is pure and idempotent. It sets:
//
//   - Postcode (display form), PostcodeKey, Outcode, Sector, when Postcode parses;
//   - IsFlat (true when SubBuilding is set; an explicit true is kept);
//   - HouseNumber: BuildingNumber in lower case without spaces ("12a");
//   - FlatNumber: the identifier inside SubBuilding in lower case ("Flat 3" → "3",
//     "Apartment 12B" → "12b", "Flat A" → "a");
//   - Numbers: every house or flat number (digits with at most one letter) of
//     SubBuilding, BuildingName and BuildingNumber, lower case, deduplicated;
//   - SearchText: the words of the address in lower case without the house
//     and flat numbers (they are in Numbers), then the outward and inward
//     postcode: "flat marina court high street exeter ex1 1ae";
//   - BuildingKey: one value per building, shared by its flats and its
//     building-level record (see BuildingKeyOf);
//   - SortKey: natural order (see SortKeyOf);
//   - PopularityBand: Popularity in tenths (see PopularityBandOf);
//   - FullAddress and AddressLine1..3 when they are empty (see AddressLines).
func AddressSearchFields(a *Address) {
	if pc, ok := ParsePostcode(a.Postcode); ok {
		a.Postcode = pc.Display()
		a.PostcodeKey = pc.Key()
		a.Outcode = pc.Outward
		a.Sector = pc.Sector()
	}
	if strings.TrimSpace(a.SubBuilding) != "" {
		a.IsFlat = true
	}
	a.HouseNumber = numberKey(a.BuildingNumber)
	a.FlatNumber = FlatIdentifier(a.SubBuilding)
	a.Numbers = AddressNumbers(a.SubBuilding, a.BuildingName, a.BuildingNumber)
	a.SearchText = AddressSearchText(a)
	a.BuildingKey = BuildingKeyOf(a)
	a.SortKey = SortKeyOf(a)
	if a.FullAddress == "" || a.AddressLine1 == "" {
		l1, l2, l3, full := AddressLines(a)
		if a.AddressLine1 == "" {
			a.AddressLine1, a.AddressLine2, a.AddressLine3 = l1, l2, l3
		}
		if a.FullAddress == "" {
			a.FullAddress = full
		}
	}
	DeriveEngineFields(a)
}

// PopularityBandOf is a popularity (0..1) in tenths, 0..10: the
// addresses' first index sort key (IndexSort).
func PopularityBandOf(p float64) int {
	return int(math.Floor(math.Min(math.Max(p, 0), 1) * 10))
}

// SubBuildingDesignators are words that introduce a flat identifier. Queries
// treat them as a request for a flat, not as words to match ("flat 3" and
// "apartment 3" both ask for flat 3), unless one is the last, unfinished word.
var SubBuildingDesignators = []string{"flat", "flats", "apartment", "apartments", "apt", "unit", "suite", "room", "maisonette", "studio", "no"}

// IsDesignator reports whether a lower-case word is a sub-building designator.
func IsDesignator(w string) bool {
	for _, d := range SubBuildingDesignators {
		if w == d {
			return true
		}
	}
	return false
}

// IsDesignatorPrefix reports whether a lower-case word of three letters or
// more is the unfinished start of a designator ("fla", "apartm"): the
// first keystrokes of "Flat 3, ...".
func IsDesignatorPrefix(w string) bool {
	if len(w) < 3 {
		return false
	}
	for _, d := range SubBuildingDesignators {
		if len(d) > len(w) && strings.HasPrefix(d, w) {
			return true
		}
	}
	return false
}

// IsAddressNumber reports whether a lower-case token is a house or flat
// number: 1 to 5 digits optionally followed by one letter ("12", "12a").
func IsAddressNumber(tok string) bool {
	n := 0
	for n < len(tok) && tok[n] >= '0' && tok[n] <= '9' {
		n++
	}
	if n == 0 || n > 5 {
		return false
	}
	rest := tok[n:]
	return rest == "" || (len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z')
}

// AddressTokens splits text the way the address analyzers do, roughly: lower
// case, ASCII-folded letters and digits; apostrophes are dropped ("john's" →
// "johns"); anything else separates tokens.
func AddressTokens(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '‘':
			continue
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(unicode.ToLower(r))
		case r >= 128 && unicode.IsLetter(r):
			b.WriteString(foldRune(r))
		default:
			flush()
		}
	}
	flush()
	return out
}

// foldRune folds common Latin letters with diacritics to ASCII.
func foldRune(r rune) string {
	const from, to = "àáâãäåèéêëìíîïòóôõöùúûüýÿñçÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÑÇ", "aaaaaaeeeeiiiiooooouuuuyyncaaaaaaeeeeiiiiooooouuuuync"
	i := 0
	for _, f := range from {
		if f == r {
			return string(to[i])
		}
		i++
	}
	if unicode.IsLetter(r) {
		return string(unicode.ToLower(r))
	}
	return ""
}

// AddressNumbers returns the house and flat numbers in the given parts.
func AddressNumbers(parts ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range parts {
		for _, t := range AddressTokens(p) {
			if IsAddressNumber(t) && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// FlatIdentifier returns the identifier of a sub-building in lower case:
// the first number if any ("Flat 3" → "3"), else the word after a designator
// ("Flat A" → "a"), else "".
func FlatIdentifier(sub string) string {
	toks := AddressTokens(sub)
	for _, t := range toks {
		if IsAddressNumber(t) {
			return t
		}
	}
	for i, t := range toks {
		if IsDesignator(t) && i+1 < len(toks) && len(toks[i+1]) <= 2 {
			return toks[i+1]
		}
	}
	return ""
}

// AddressSearchText builds search_text (see AddressSearchFields).
func AddressSearchText(a *Address) string {
	var words []string
	add := func(s string, dropNumbers bool) {
		for _, t := range AddressTokens(s) {
			if dropNumbers && IsAddressNumber(t) {
				continue
			}
			words = append(words, t)
		}
	}
	add(a.SubBuilding, true)
	add(a.BuildingName, true)
	add(a.StreetName, false)
	add(a.Locality, false)
	add(a.TownName, false)
	if !strings.EqualFold(strings.TrimSpace(a.PostTown), strings.TrimSpace(a.TownName)) {
		add(a.PostTown, false)
	}
	if pc, ok := ParsePostcode(a.Postcode); ok {
		words = append(words, strings.ToLower(pc.Outward), strings.ToLower(pc.Inward))
	}
	return strings.Join(words, " ")
}

// BuildingKeyOf returns the key that groups the flats of one building with
// its building-level record: "<postcode_key>|<house number>|<building name
// words>|<street words>". An address with neither number nor building name
// is a group of its own: "u:<uprn>".
func BuildingKeyOf(a *Address) string {
	num := numberKey(a.BuildingNumber)
	name := strings.Join(AddressTokens(a.BuildingName), " ")
	if num == "" && name == "" {
		return fmt.Sprintf("u:%d", a.UPRN)
	}
	pc := a.PostcodeKey
	if p, ok := ParsePostcode(a.Postcode); ok {
		pc = p.Key()
	}
	return pc + "|" + num + "|" + name + "|" + strings.Join(AddressTokens(a.StreetName), " ")
}

// SortKeyOf returns the natural sort key of an address: street (or locality),
// then building number by value then suffix (2 < 10 < 12 < 12A < 14), then
// building name, then flat by number then suffix then the sub-building text.
// Named buildings without a number sort after the numbered ones of the street.
// Fields are separated by U+001F (below every printable character, so "12"
// sorts before "12a"), numbers zero-padded to 6 digits.
func SortKeyOf(a *Address) string {
	street := strings.Join(AddressTokens(a.StreetName), " ")
	if street == "" {
		street = strings.Join(AddressTokens(a.Locality), " ")
	}
	num, suf := splitNumber(numberKey(a.BuildingNumber))
	if a.BuildingNumber == "" {
		// "Unit 4 Riverside" style names: order by their number when no building number.
		num = 999999
	}
	name := strings.Join(AddressTokens(a.BuildingName), " ")
	fnum, fsuf := 0, ""
	if id := FlatIdentifier(a.SubBuilding); id != "" {
		fnum, fsuf = splitNumber(id)
	}
	sub := strings.Join(AddressTokens(a.SubBuilding), " ")
	return fmt.Sprintf("%s\x1f%06d\x1f%s\x1f%s\x1f%06d\x1f%s\x1f%s", street, num, suf, name, fnum, fsuf, sub)
}

// splitNumber splits "12a" into 12 and "a"; a key without leading digits is
// 0 and the whole key.
func splitNumber(k string) (int, string) {
	n := 0
	for n < len(k) && k[n] >= '0' && k[n] <= '9' {
		n++
	}
	if n == 0 {
		return 0, k
	}
	v, err := strconv.Atoi(k[:min(n, 6)])
	if err != nil {
		return 0, k
	}
	return v, k[n:]
}

// numberKey lower-cases a building number and removes spaces ("12 A" → "12a").
func numberKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// AddressLines composes the display lines of an address from its parts:
// the premise (sub-building, building name), the thoroughfare (number and
// street) and the locality, then the town and postcode in the full address.
func AddressLines(a *Address) (line1, line2, line3, full string) {
	premise := JoinNonEmpty(", ", a.SubBuilding, a.BuildingName)
	thoroughfare := strings.TrimSpace(strings.TrimSpace(a.BuildingNumber) + " " + strings.TrimSpace(a.StreetName))
	var lines []string
	for _, l := range []string{premise, thoroughfare, a.Locality} {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	for len(lines) < 3 {
		lines = append(lines, "")
	}
	town := a.PostTown
	if town == "" {
		town = a.TownName
	}
	full = JoinNonEmpty(", ", lines[0], lines[1], lines[2], town, a.Postcode)
	return lines[0], lines[1], lines[2], full
}

// JoinNonEmpty joins the parts that are not blank once trimmed.
func JoinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// AddressFromDocValues is the address whose doc values a search hit
// returned (the hit's "fields", asked for with docvalue_fields and no
// stored field): the fields of the address it names, each as the one value
// the engine returns for it. A search that reads no stored field spares the
// engine decompressing a block of them (about 48 KB with best_compression)
// for every hit. Fields the hit did not return stay zero; a field of
// another type than the address's is an error.
func AddressFromDocValues(fields map[string]json.RawMessage) (*Address, error) {
	a := &Address{}
	for name, raw := range fields {
		set, ok := addressDocValue[name]
		if !ok {
			continue
		}
		if err := set(a, raw); err != nil {
			return nil, fmt.Errorf("address doc value %s %s: %w", name, raw, err)
		}
	}
	return a, nil
}

// addressDocValue sets one field of an address from its doc values.
var addressDocValue = map[string]func(*Address, json.RawMessage) error{
	AddressFieldUPRN:           docInt(func(a *Address) *int64 { return &a.UPRN }),
	AddressFieldSubBuilding:    docString(func(a *Address) *string { return &a.SubBuilding }),
	AddressFieldBuildingName:   docString(func(a *Address) *string { return &a.BuildingName }),
	AddressFieldBuildingNumber: docString(func(a *Address) *string { return &a.BuildingNumber }),
	AddressFieldStreetName:     docString(func(a *Address) *string { return &a.StreetName }),
	AddressFieldLocality:       docString(func(a *Address) *string { return &a.Locality }),
	AddressFieldTownName:       docString(func(a *Address) *string { return &a.TownName }),
	AddressFieldPostTown:       docString(func(a *Address) *string { return &a.PostTown }),
	AddressFieldPostcodeKey:    docString(func(a *Address) *string { return &a.PostcodeKey }),
	AddressFieldFullAddress:    docString(func(a *Address) *string { return &a.FullAddress }),
	AddressFieldFlatNumber:     docString(func(a *Address) *string { return &a.FlatNumber }),
	AddressFieldBuildingKey:    docString(func(a *Address) *string { return &a.BuildingKey }),
	AddressFieldHit: func(a *Address, raw json.RawMessage) error {
		var v string
		if err := docString(func(*Address) *string { return &v })(a, raw); err != nil {
			return err
		}
		return UnpackHit(v, a)
	},
}

// docString sets a string field from its doc values: one plain string
// (["Mill Lane"]), the usual answer, without a decoder.
func docString(field func(*Address) *string) func(*Address, json.RawMessage) error {
	return func(a *Address, raw json.RawMessage) error {
		if n := len(raw); n >= 4 && raw[0] == '[' && raw[1] == '"' && raw[n-2] == '"' && raw[n-1] == ']' &&
			bytes.IndexByte(raw[2:n-2], '"') < 0 && bytes.IndexByte(raw[2:n-2], '\\') < 0 {
			*field(a) = string(raw[2 : n-2])
			return nil
		}
		var v []string
		if err := json.Unmarshal(raw, &v); err != nil {
			return err
		}
		if len(v) > 0 {
			*field(a) = v[0]
		}
		return nil
	}
}

// docInt sets an integer field from its doc values ([12345]).
func docInt(field func(*Address) *int64) func(*Address, json.RawMessage) error {
	return func(a *Address, raw json.RawMessage) error {
		s := bytes.TrimSpace(raw)
		if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' && bytes.IndexByte(s, ',') < 0 {
			if s = bytes.TrimSpace(s[1 : len(s)-1]); len(s) == 0 {
				return nil
			}
			n, err := strconv.ParseInt(string(s), 10, 64)
			if err != nil {
				return err
			}
			*field(a) = n
			return nil
		}
		var v []int64
		if err := json.Unmarshal(raw, &v); err != nil {
			return err
		}
		if len(v) > 0 {
			*field(a) = v[0]
		}
		return nil
	}
}
