package query

import (
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Address typeahead input: what was typed, classified as postcode-shaped
// (ClassifyPostcode) or parsed as free text (ParseAddressText), and the
// questions the request sequence asks of it.

// Address query types (meta.query_type of address/find).
const (
	AddressQueryPostcode        = "postcode"
	AddressQueryPostcodePartial = "postcode_partial"
	AddressQueryOutcode         = "outcode"
	AddressQueryText            = "text"
	AddressQueryFuzzy           = "text_fuzzy"
)

// PostcodeShape is a postcode-shaped typeahead input.
type PostcodeShape struct {
	Kind    string // AddressQueryPostcode, AddressQueryPostcodePartial or AddressQueryOutcode
	Key     string // compact full postcode (Kind postcode)
	Outcode string // outward code when known
	Prefix  string // compact postcode_key prefix (Kind postcode_partial, or an ambiguous outcode)
}

// ClassifyPostcode reports whether q is postcode-shaped: "EX1 1AE", "ex11ae",
// "EX1", "EX1 1", "EX1 1A", "EX11A". A compact input that is both an outcode
// and an outcode plus an inward digit ("EX11": EX11 or EX1 1) is an outcode
// with a Prefix so both readings are served.
func ClassifyPostcode(q string) (PostcodeShape, bool) {
	q = strings.TrimSpace(q)
	if q == "" || len(q) > 10 {
		return PostcodeShape{}, false
	}
	if pc, ok := mappings.ParsePostcode(q); ok {
		return PostcodeShape{Kind: AddressQueryPostcode, Key: pc.Key(), Outcode: pc.Outward}, true
	}
	fields := strings.Fields(q)
	switch len(fields) {
	case 1:
		c := strings.ToUpper(fields[0])
		if !isAlnum(c) {
			return PostcodeShape{}, false
		}
		if out, ok := mappings.ParseOutcode(c); ok {
			s := PostcodeShape{Kind: AddressQueryOutcode, Outcode: out}
			if partialSplit(c) {
				s.Prefix = c
			}
			return s, true
		}
		if partialSplit(c) {
			return PostcodeShape{Kind: AddressQueryPostcodePartial, Prefix: c}, true
		}
	case 2:
		out, ok := mappings.ParseOutcode(fields[0])
		in := strings.ToUpper(fields[1])
		if ok && isPartialInward(in) {
			return PostcodeShape{Kind: AddressQueryPostcodePartial, Outcode: out, Prefix: out + in}, true
		}
	}
	return PostcodeShape{}, false
}

// partialSplit reports whether c is a valid outcode followed by a partial
// inward code of one or two characters.
func partialSplit(c string) bool {
	for n := 1; n <= 2 && n < len(c); n++ {
		if _, ok := mappings.ParseOutcode(c[:len(c)-n]); ok && isPartialInward(c[len(c)-n:]) {
			return true
		}
	}
	return false
}

// isPartialInward accepts "1" and "1A" (a digit then at most one letter).
func isPartialInward(s string) bool {
	if len(s) == 0 || len(s) > 2 || s[0] < '0' || s[0] > '9' {
		return false
	}
	return len(s) == 1 || (s[1] >= 'A' && s[1] <= 'Z' && !strings.ContainsRune("CIKMOV", rune(s[1])))
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// AddressText is free typeahead text parsed into its parts.
type AddressText struct {
	// Words are the lower-case words other than numbers, designators and a
	// full postcode, in typed order.
	Words []string
	// Numbers are house and flat numbers in typed order.
	Numbers []string
	// LastIsNumber: the input ended with a number (typed as a prefix).
	LastIsNumber bool
	// LastComplete: the input ended with a separator (space or comma), so
	// its last token is a complete word, not a prefix.
	LastComplete bool
	// FlatNumber is the number that follows a designator ("flat 3"), or the
	// first of two numbers; HouseNumber the other one (or the only one).
	FlatNumber, HouseNumber string
	// FlatAsked: a designator (or, alone, the start of one) was typed, or
	// two numbers were given.
	FlatAsked bool
	// designatorPrefix: the only word is the unfinished start of a
	// designator, which counts no letters.
	designatorPrefix bool
	// PostcodeKey is a full postcode found in the text (compact form).
	PostcodeKey string
	// PostcodePrefix is a postcode being typed at the end of the text
	// ("12 high st ex1 1a" → "EX11A"): a prefix of postcode_key.
	PostcodePrefix string
	// Outcode is an outward code typed as a word (a scoring hint only).
	Outcode string
}

// ParseAddressText splits free text into words, numbers and a postcode.
func ParseAddressText(q string) AddressText {
	var t AddressText
	toks := mappings.AddressTokens(q)
	trimmed := strings.TrimRight(q, " \t")
	t.LastComplete = len(trimmed) < len(q) || strings.HasSuffix(trimmed, ",")
	// A full postcode in the text: two adjacent tokens, or one compact token.
	for i := 0; i < len(toks); i++ {
		if i+1 < len(toks) {
			if pc, ok := mappings.ParsePostcode(toks[i] + " " + toks[i+1]); ok && len(toks[i+1]) == 3 {
				t.PostcodeKey = pc.Key()
				toks = append(toks[:i:i], toks[i+2:]...)
				break
			}
		}
		if len(toks[i]) >= 5 {
			if pc, ok := mappings.ParsePostcode(toks[i]); ok {
				t.PostcodeKey = pc.Key()
				toks = append(toks[:i:i], toks[i+1:]...)
				break
			}
		}
	}
	// A postcode being typed at the end: an outward code, then a digit and
	// at most one letter, with no separator after it.
	if n := len(toks); n >= 2 && t.PostcodeKey == "" && !t.LastComplete {
		out, in := toks[n-2], strings.ToUpper(toks[n-1])
		if oc, ok := mappings.ParseOutcode(out); ok && hasDigit(out) && isPartialInward(in) {
			t.PostcodePrefix = oc + in
			toks = toks[:n-1]
		}
	}
	afterDesignator := false
	for i, tok := range toks {
		last := i == len(toks)-1
		switch {
		case tok == "flats" || tok == "apartments":
			// A plural names a building ("Hill Apartments 1 Castle Terrace"):
			// it introduces no flat number. Left out of the words, as
			// search_text leaves every designator out.
			afterDesignator = false
			continue
		case mappings.IsDesignator(tok):
			t.FlatAsked = true
			afterDesignator = true
			if last {
				// "flat" typed alone at the end may still be the start of a word ("flatts"): keep it as a word too.
				t.Words = append(t.Words, tok)
			}
			continue
		case mappings.IsAddressNumber(tok):
			t.Numbers = append(t.Numbers, tok)
			if afterDesignator && t.FlatNumber == "" {
				t.FlatNumber = tok
			}
			t.LastIsNumber = last
		case len(tok) == 1 && t.FlatNumber == "" && (afterDesignator || (i+1 < len(toks) && mappings.IsAddressNumber(toks[i+1]) && len(t.Numbers) == 0)):
			// "flat a 5 mill road" or "b, 5 mill road": a lettered flat.
			t.FlatNumber = tok
			t.FlatAsked = true
			t.Words = append(t.Words, tok)
		case i == 0 && last && !t.LastComplete && mappings.IsDesignatorPrefix(tok):
			// "Fla", "Apartm": the first keystrokes of a flat's address.
			// Asked as a flat, so the houses-first query does not walk a
			// third of the country's postings for the few houses on a
			// "Flaxman Road"; the word still matches as a prefix.
			t.FlatAsked, t.designatorPrefix = true, true
			t.Words = append(t.Words, tok)
		default:
			if _, ok := mappings.ParseOutcode(tok); ok && hasDigit(tok) {
				t.Outcode = strings.ToUpper(tok)
			}
			t.Words = append(t.Words, tok)
		}
		afterDesignator = false
	}
	if t.LastComplete {
		t.LastIsNumber = false
	}
	switch {
	case t.FlatNumber != "":
		for _, n := range t.Numbers {
			if n != t.FlatNumber {
				t.HouseNumber = n
				break
			}
		}
	case len(t.Numbers) >= 2:
		t.FlatAsked = true
		t.FlatNumber, t.HouseNumber = t.Numbers[0], t.Numbers[1]
	case len(t.Numbers) == 1:
		t.HouseNumber = t.Numbers[0]
	}
	return t
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// Empty reports whether nothing searchable was typed.
func (t AddressText) Empty() bool {
	return len(t.Words) == 0 && len(t.Numbers) == 0 && t.PostcodeKey == "" && t.PostcodePrefix == ""
}

// HasFuzzyWord reports whether the fuzzy fallback could find more than the
// strict query: a word of FuzzyMinLength letters or more.
func (t AddressText) HasFuzzyWord() bool {
	for _, w := range t.Words {
		if len(w) >= FuzzyMinLength {
			return true
		}
	}
	return false
}

// Collapses reports whether a text query groups the flats of a building
// into one hit (no flat asked for, no building drill-down).
func (t AddressText) Collapses(p AddressFindParams) bool {
	return !t.FlatAsked && p.Parent == 0
}

// Letters counts the letters of the words, designators aside: what
// SpecificMinLetters and BroadMaxLetters are measured in.
func (t AddressText) Letters() int {
	if t.designatorPrefix {
		return 0
	}
	n := 0
	for _, w := range t.Words {
		if !mappings.IsDesignator(w) {
			n += len(w)
		}
	}
	return n
}

// textPath is what the classification decides for the free-text queries:
// whether the input is Broad and whether its flats are collapsed. The
// sequence decides it once (NewAddressFind) and hands it to the DSL.
type textPath struct{ broad, collapse bool }

func (t AddressText) path(p AddressFindParams) textPath {
	return textPath{broad: t.Broad(p), collapse: t.Collapses(p)}
}

// Broad reports whether an input is too short to rank by text: four
// letters or fewer ("cas", "27 ch", "flat 1", "10 "), no location bias, no
// building drill-down. Such an input matches a large part of the country
// (a third of it for "flat 1" or "c"), and scoring every match is what
// made these keystrokes the slowest; their text score says little anyway,
// every match being a prefix of about the same length. They are ranked by
// popularity alone, the order the addresses index is stored in, so the
// engine stops after the first TextTotalCap matches.
func (t AddressText) Broad(p AddressFindParams) bool {
	if p.Bias != nil || p.Parent > 0 {
		return false
	}
	return t.Letters() <= BroadMaxLetters
}
