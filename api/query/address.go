package query

import (
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Address typeahead (address/find) and addresses by postcode.
//
// The input is classified first: a postcode-shaped input (full postcode in
// any case and spacing, outcode, outcode with a partial inward code) takes a
// postcode path that lists addresses in natural order (sort_key). Anything
// else is free text, parsed into words and numbers: numbers (house and flat
// numbers, "12", "12a") must match the numbers field exactly, except a number
// typed last, which is a prefix; words must all match search_text, whose
// index side holds every prefix of every word (so every word is a prefix and
// word order is free), with street-type synonyms both ways. Complete words,
// word order, the house and flat number in their own fields, a building-level
// record and a location bias add to the score. When the strict query finds
// nothing, a fuzzy fallback allows one edit in each word of five letters or
// more. Flats of one building are collapsed on building_key unless a flat was
// asked for.

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

// AddressFindParams are the validated inputs of a typeahead query.
type AddressFindParams struct {
	Size int       // suggestions wanted (1..20)
	Bias *GeoPoint // location bias, nil for none
	// Parent limits results to the flats of one building (its UPRN): the
	// drill-down of a building suggestion.
	Parent int64
}

// AddressSource lists the fields typeahead reads back.
var AddressSource = []string{
	mappings.AddressFieldUPRN, mappings.AddressFieldParentUPRN, mappings.AddressFieldFullAddress, mappings.AddressFieldAddressLine1, mappings.AddressFieldAddressLine2, mappings.AddressFieldAddressLine3,
	mappings.AddressFieldSubBuilding, mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName, mappings.AddressFieldLocality, mappings.AddressFieldTownName,
	mappings.AddressFieldPostTown, mappings.AddressFieldPostcode, mappings.AddressFieldIsFlat, mappings.AddressFieldFlatCount, mappings.AddressFieldBuildingKey, mappings.AddressFieldLocation,
}

// naturalSort is the natural address order.
func naturalSort() []M {
	return []M{{mappings.AddressFieldSortKey: "asc"}, {mappings.AddressFieldPostcodeKey: "asc"}, {mappings.AddressFieldUPRN: "asc"}}
}

// AddressPostcodeFind lists the addresses of a postcode-shaped input in
// natural order.
func AddressPostcodeFind(s PostcodeShape, p AddressFindParams) M {
	var filter []M
	if p.Parent > 0 {
		filter = append(filter, Term(mappings.AddressFieldParentUPRN, p.Parent))
	}
	switch {
	case s.Kind == AddressQueryPostcode:
		filter = append(filter, Term(mappings.AddressFieldPostcodeKey, s.Key))
	case s.Kind == AddressQueryOutcode && s.Prefix != "":
		// Both readings ("EX11": outcode EX11, or EX1 1..): the outcode's
		// addresses first, then the others, each in natural order.
		filter = append(filter, Bool(nil, nil, []M{Term(mappings.AddressFieldOutcode, s.Outcode), {"prefix": M{mappings.AddressFieldPostcodeKey: s.Prefix}}}, nil))
		return M{
			"size":             p.Size,
			"track_total_hits": true,
			"_source":          AddressSource,
			"query":            Bool(nil, filter, []M{{"constant_score": M{"filter": Term(mappings.AddressFieldOutcode, s.Outcode), "boost": 1}}}, nil),
			"sort":             append([]M{{"_score": "desc"}}, naturalSort()...),
		}
	case s.Kind == AddressQueryOutcode:
		filter = append(filter, Term(mappings.AddressFieldOutcode, s.Outcode))
	default:
		if s.Outcode != "" {
			filter = append(filter, Term(mappings.AddressFieldOutcode, s.Outcode))
		}
		filter = append(filter, M{"prefix": M{mappings.AddressFieldPostcodeKey: s.Prefix}})
	}
	return M{
		"size":             p.Size,
		"track_total_hits": true,
		"_source":          AddressSource,
		"query":            Bool(nil, filter, nil, nil),
		"sort":             naturalSort(),
	}
}

// AddressTextFind is the strict free-text typeahead query over every
// address, flats of one building collapsed into one hit when no flat was
// asked for.
func AddressTextFind(t AddressText, p AddressFindParams) M {
	return addressTextQuery(t, p, textStrict)
}

// AddressUnitsFind is the strict free-text query over the addresses a
// typeahead offers first when no flat was asked for: houses and building
// records, never flats. Without flats there is nothing to collapse and no
// flat-count follow-up; like every free-text query it scores at most
// TextScoreWindow matches, so its cost stays near constant however many
// addresses share a short prefix.
func AddressUnitsFind(t AddressText, p AddressFindParams) M {
	return addressTextQuery(t, p, textUnits)
}

// AddressFuzzyFind is the fallback run only when the strict query finds
// nothing: one edit allowed in each word of five letters or more.
func AddressFuzzyFind(t AddressText, p AddressFindParams) M {
	return addressTextQuery(t, p, textFuzzy)
}

// textMode selects the free-text query variant.
type textMode int

const (
	textStrict textMode = iota // every address; flats collapsed per building unless asked for
	textUnits                  // houses and building records only, nothing collapsed
	textFuzzy                  // as textStrict, one edit allowed per long word
)

// AddressFind is the typeahead's control flow, one request after another,
// which api/address.go runs against the engine:
//
//  1. postcode-shaped input (ClassifyPostcode): AddressPostcodeFind, and
//     nothing more (query type postcode, outcode or postcode_partial);
//  2. free text with nothing searchable (AddressText.Empty): no request;
//  3. else, when no flat was asked for (AddressText.Collapses) and fewer
//     than SpecificMinLetters letters were typed, the units query
//     AddressUnitsFind (houses and building records); otherwise the strict
//     AddressTextFind (query type text). One request answers almost every
//     keystroke: a short input matches far more than ten units, and a long
//     one so few addresses that collapsing them costs little;
//  4. when the units query returned fewer suggestions than asked for, the
//     strict AddressTextFind over every address, flats collapsed per
//     building, replaces it (Widen): flats that match where their building
//     record does not ("basement 12 high st"), and flats whose building has
//     no record of its own;
//  5. when the strict query finds nothing and a word is long enough to
//     correct (HasFuzzyWord), the fuzzy AddressFuzzyFind replaces it (query
//     type fuzzy);
//  6. when the answering query collapsed flats, the follow-up
//     AddressBuildingFlats counts the matching flats of each building whose
//     best hit was a flat, with the same strictness as the query that
//     answered.
type AddressFind struct {
	Params    AddressFindParams
	Postcode  *PostcodeShape // set for postcode-shaped input
	Text      AddressText    // free text otherwise
	QueryType string         // meta.query_type; Fallback turns it to fuzzy
	units     bool           // the last request was the units query
	fuzzy     bool
}

// NewAddressFind classifies the input q.
func NewAddressFind(q string, p AddressFindParams) *AddressFind {
	if shape, ok := ClassifyPostcode(q); ok {
		return &AddressFind{Params: p, Postcode: &shape, QueryType: shape.Kind}
	}
	return &AddressFind{Params: p, Text: ParseAddressText(q), QueryType: AddressQueryText}
}

// The paths of the first request (Path), for reports and benchmarks.
const (
	PathNone      = "none"      // nothing searchable: no request
	PathPostcode  = "postcode"  // postcode-shaped input
	PathFlat      = "flat"      // a flat asked for (or a building drill-down): strict, not collapsed
	PathBroad     = "broad"     // at most BroadMaxLetters letters: houses first, by popularity alone
	PathUnits     = "units"     // fewer than SpecificMinLetters letters: houses first, scored
	PathCollapsed = "collapsed" // SpecificMinLetters letters or more: every address, flats collapsed
)

// Path names the way First answers the input.
func (f *AddressFind) Path() string {
	switch {
	case f.Postcode != nil:
		return PathPostcode
	case f.Text.Empty():
		return PathNone
	case !f.Collapses():
		return PathFlat
	case f.Text.Broad(f.Params):
		return PathBroad
	case f.Text.Letters() < SpecificMinLetters:
		return PathUnits
	}
	return PathCollapsed
}

// First is the first request (step 1 or 3); nil when nothing searchable
// was typed (step 2).
func (f *AddressFind) First() M {
	switch f.Path() {
	case PathPostcode:
		return AddressPostcodeFind(*f.Postcode, f.Params)
	case PathNone:
		return nil
	case PathBroad, PathUnits:
		f.units = true
		return AddressUnitsFind(f.Text, f.Params)
	}
	return AddressTextFind(f.Text, f.Params)
}

// Widen is step 4 after the units query returned hits hits: the strict
// query over every address when hits is short of the size asked for; nil
// otherwise.
func (f *AddressFind) Widen(hits int) M {
	if !f.units || hits >= f.Params.Size {
		return nil
	}
	f.units = false
	return AddressTextFind(f.Text, f.Params)
}

// Fallback is the fuzzy retry (step 5) after the strict query found total
// matches and returned hits of them; nil when none is due. It sets
// QueryType to fuzzy.
func (f *AddressFind) Fallback(total int64, hits int) M {
	if f.Postcode != nil || f.units || f.fuzzy || total != 0 || hits != 0 || !f.Text.HasFuzzyWord() {
		return nil
	}
	f.fuzzy, f.QueryType = true, AddressQueryFuzzy
	return AddressFuzzyFind(f.Text, f.Params)
}

// FlatCount is the follow-up (step 6) for the buildings keys whose best
// hit was a flat, returning the first top flats of each; nil when the
// answering query did not collapse flats or keys is empty.
func (f *AddressFind) FlatCount(keys []string, top int) M {
	if f.units || !f.Collapses() || len(keys) == 0 {
		return nil
	}
	return AddressBuildingFlats(f.Text, f.Params, f.fuzzy, keys, top)
}

// Collapses reports whether the answer groups the flats of a building.
func (f *AddressFind) Collapses() bool {
	return f.Postcode == nil && f.Text.Collapses(f.Params)
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

// TextTotalCap bounds meta.total of free-text queries: exact up to it,
// that cap beyond.
const TextTotalCap = 1000

// TextScoreWindow is the most matches a free-text query scores. The
// addresses index is stored most popular first, so the engine scores the
// first TextScoreWindow matches in that order and stops: an input as
// broad as "north" or "27 church l" (thousands of matches, more as the
// index grows) is ranked among its most popular thousand, at a cost that
// does not grow with the country. An input that identifies an address
// matches far fewer and is ranked over all of them.
const TextScoreWindow = TextTotalCap

// FuzzyMinLength is the shortest word the fuzzy fallback corrects.
const FuzzyMinLength = 5

// Collapses reports whether a text query groups the flats of a building
// into one hit (no flat asked for, no building drill-down).
func (t AddressText) Collapses(p AddressFindParams) bool {
	return !t.FlatAsked && p.Parent == 0
}

// addressTextBool is the bool query of free-text typeahead, shared by the
// ranked query and the follow-up that counts a building's matching flats.
//
// A number typed last is a prefix, matched as one term of numbers.prefix
// (a prefix query expanded "1" into 1, 10-19, 100-199 ...: a third of the
// country, and the slowest keystrokes of all). A lettered flat ("flat c")
// is matched on flat_number rather than as a search_text prefix.
func addressTextBool(t AddressText, p AddressFindParams, fuzzy bool) M {
	var must, filter, should []M
	tw := t.Words
	if len(t.FlatNumber) == 1 && !isDigit(t.FlatNumber[0]) {
		tw = nil
		for _, w := range t.Words {
			if w != t.FlatNumber {
				tw = append(tw, w)
			}
		}
		filter = append(filter, Term(mappings.AddressFieldFlatNumber, t.FlatNumber))
	}
	words := strings.Join(tw, " ")
	if len(tw) > 0 {
		if !fuzzy {
			must = append(must, M{"match": M{mappings.AddressFieldSearchText: M{"query": words, "operator": "and"}}})
		} else {
			for i, w := range tw {
				must = append(must, fuzzyWord(w, i == len(tw)-1 && !t.LastComplete))
			}
		}
		// Complete words score higher than prefixes, and (with two words or
		// more) typed order higher than any order. A one-word phrase is the
		// same term query again: left out, it saved 1.4 ms a query at 1M.
		should = append(should, M{"match": M{mappings.AddressFieldSearchTextWords: M{"query": words, "boost": 2}}})
		if len(tw) > 1 {
			should = append(should, M{"match_phrase": M{mappings.AddressFieldSearchTextWords: M{"query": words, "slop": 3, "boost": 1}}})
		}
	}
	for i, n := range t.Numbers {
		if i == len(t.Numbers)-1 && t.LastIsNumber {
			filter = append(filter, Term(mappings.AddressFieldNumbersPrefix, n))
			should = append(should, M{"term": M{mappings.AddressFieldNumbers: M{"value": n, "boost": 2}}})
			continue
		}
		filter = append(filter, Term(mappings.AddressFieldNumbers, n))
	}
	if t.HouseNumber != "" {
		should = append(should, M{"term": M{mappings.AddressFieldHouseNumber: M{"value": t.HouseNumber, "boost": 3}}})
	}
	if t.FlatNumber != "" {
		should = append(should, M{"term": M{mappings.AddressFieldFlatNumber: M{"value": t.FlatNumber, "boost": 3}}})
	}
	if t.PostcodeKey != "" {
		filter = append(filter, Term(mappings.AddressFieldPostcodeKey, t.PostcodeKey))
	}
	if t.PostcodePrefix != "" {
		filter = append(filter, M{"prefix": M{mappings.AddressFieldPostcodeKey: t.PostcodePrefix}})
	}
	if t.Outcode != "" {
		should = append(should, M{"term": M{mappings.AddressFieldOutcode: M{"value": t.Outcode, "boost": 2}}})
	}
	if p.Parent > 0 {
		filter = append(filter, Term(mappings.AddressFieldParentUPRN, p.Parent))
	}
	if t.Collapses(p) {
		// The building-level record wins its group when no flat was asked
		// for: a tie-breaker only, so big buildings do not outrank houses.
		should = append(should, M{"range": M{mappings.AddressFieldFlatCount: M{"gt": 0, "boost": 0.01}}})
	} else if !t.FlatAsked {
		should = append(should, M{"term": M{mappings.AddressFieldIsFlat: M{"value": false, "boost": 0.5}}})
	}
	if p.Bias != nil {
		should = append(should, M{"distance_feature": M{"field": mappings.AddressFieldLocation, "origin": []float64{p.Bias.Lon, p.Bias.Lat}, "pivot": "2km", "boost": 4}})
	}
	if len(must) == 0 && len(should) == 0 {
		return Bool(nil, filter, nil, nil)
	}
	if len(must) == 0 {
		must = []M{{"match_all": M{}}}
	}
	return Bool(must, filter, should, nil)
}

func addressTextQuery(t AddressText, p AddressFindParams, mode textMode) M {
	if mode != textFuzzy && t.Broad(p) {
		return addressBroadQuery(t, p, mode == textUnits)
	}
	q := addressTextBool(t, p, mode == textFuzzy)
	if mode == textUnits {
		b := q["bool"].(M)
		filter, _ := b["filter"].([]M)
		b["filter"] = append(filter, Term(mappings.AddressFieldIsFlat, false))
	}
	body := M{
		"size": p.Size,
		// Exact totals up to the window, and no match scored beyond it.
		"track_total_hits": TextTotalCap,
		"terminate_after":  TextScoreWindow,
		"_source":          AddressSource,
		"query": M{"function_score": M{
			"query":      q,
			"functions":  []M{{"field_value_factor": M{"field": mappings.AddressFieldPopularity, "factor": 1, "missing": 0}}},
			"score_mode": "sum",
			"boost_mode": "sum",
		}},
		"sort": append([]M{{"_score": "desc"}}, naturalSort()...),
	}
	if mode != textUnits && t.Collapses(p) {
		// One hit per building, without inner_hits: the engine expands
		// inner_hits with one extra search per hit (ten per keystroke). The
		// few groups whose top hit is a flat are counted afterwards by
		// AddressBuildingFlats, in one request.
		body["collapse"] = M{"field": mappings.AddressFieldBuildingKey}
	}
	return body
}

// SpecificMinLetters is the fewest letters (in words, designators aside)
// from which the first request is the strict query over every address:
// on the typing workload at 1M, the units query came back short of ten
// suggestions (and so was widened) for 6% of inputs of up to seven
// letters, 31% of eight to eleven, 75% of twelve to fifteen and 98% or
// more beyond.
const SpecificMinLetters = 12

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

// BroadMaxLetters is the most letters (in words, designators aside) an
// input may hold and still be ranked by popularity alone (Broad).
const BroadMaxLetters = 4

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

// addressBroadQuery is the query of a Broad input: every clause a filter,
// sorted by the index sort.
func addressBroadQuery(t AddressText, p AddressFindParams, units bool) M {
	b := addressTextBool(t, p, false)["bool"].(M)
	filter, _ := b["filter"].([]M)
	if must, _ := b["must"].([]M); len(must) > 0 {
		for _, m := range must {
			if _, all := m["match_all"]; !all {
				filter = append(filter, m)
			}
		}
	}
	if t.FlatNumber != "" && isDigit(t.FlatNumber[0]) && t.HouseNumber == "" {
		// "flat 1": flats numbered 1 or 1x, not every address with a 1.
		if t.LastIsNumber && t.FlatNumber == t.Numbers[len(t.Numbers)-1] {
			filter = append(filter, M{"prefix": M{mappings.AddressFieldFlatNumber: t.FlatNumber}})
		} else {
			filter = append(filter, Term(mappings.AddressFieldFlatNumber, t.FlatNumber))
		}
	}
	if units {
		filter = append(filter, Term(mappings.AddressFieldIsFlat, false))
	}
	var sort []M
	for _, f := range mappings.IndexSort(mappings.IndexAddresses) {
		sort = append(sort, M{f.Field: f.Order})
	}
	body := M{
		"size":             p.Size,
		"track_total_hits": TextTotalCap,
		"_source":          AddressSource,
		"query":            Bool(nil, filter, nil, nil),
		"sort":             sort,
	}
	if !units && t.Collapses(p) {
		// The widened query (step 4): rare for so short an input, and the
		// flats of one building must still come back as one suggestion.
		body["collapse"] = M{"field": mappings.AddressFieldBuildingKey}
	}
	return body
}

// BuildingFlatsAgg names the terms aggregation of AddressBuildingFlats.
const BuildingFlatsAgg = "building"

// BuildingFlatsTop names its top_hits sub-aggregation.
const BuildingFlatsTop = "flats"

// AddressBuildingFlats counts, for each building key, the addresses the
// same typeahead query matches there, with the first few in natural order:
// the follow-up of a collapsed query for the buildings whose best hit was a
// flat rather than the building record.
func AddressBuildingFlats(t AddressText, p AddressFindParams, fuzzy bool, keys []string, top int) M {
	q := addressTextBool(t, p, fuzzy)
	b := q["bool"].(M)
	filter, _ := b["filter"].([]M)
	b["filter"] = append(filter, M{"terms": M{mappings.AddressFieldBuildingKey: keys}})
	return M{
		"size":             0,
		"track_total_hits": false,
		"query":            q,
		"aggs": M{BuildingFlatsAgg: M{
			"terms": M{"field": mappings.AddressFieldBuildingKey, "size": len(keys)},
			"aggs": M{BuildingFlatsTop: M{"top_hits": M{
				"size": top, "_source": AddressSource, "sort": naturalSort(),
			}}},
		}},
	}
}

// fuzzyWord matches one word exactly (with synonyms), or as a prefix when
// it is the last, or — for words of FuzzyMinLength letters or more — within
// one edit of a whole word (search_text.plain) or of a word prefix (the last
// word, against the n-grams of search_text).
func fuzzyWord(w string, last bool) M {
	var alts []M
	if last {
		alts = append(alts, M{"match": M{mappings.AddressFieldSearchText: M{"query": w}}})
	} else {
		alts = append(alts, M{"match": M{mappings.AddressFieldSearchTextWords: M{"query": w}}})
	}
	if len(w) >= FuzzyMinLength {
		alts = append(alts, M{"fuzzy": M{mappings.AddressFieldSearchTextPlain: M{"value": w, "fuzziness": 1, "prefix_length": 1}}})
		if last {
			alts = append(alts, M{"fuzzy": M{mappings.AddressFieldSearchText: M{"value": w, "fuzziness": 1, "prefix_length": 1}}})
		}
	} else if !last {
		// Short words stay prefixes, as in the strict query.
		alts = append(alts, M{"match": M{mappings.AddressFieldSearchText: M{"query": w}}})
	}
	return Bool(nil, nil, alts, nil)
}

// AddressesAtPostcode lists every address of one postcode in natural order.
func AddressesAtPostcode(key string, size int) M {
	return M{
		"size":             size,
		"track_total_hits": true,
		"_source": []string{mappings.AddressFieldUPRN, mappings.AddressFieldParentUPRN, mappings.AddressFieldFullAddress, mappings.AddressFieldAddressLine1, mappings.AddressFieldAddressLine2, mappings.AddressFieldSubBuilding,
			mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName, mappings.AddressFieldLocality, mappings.AddressFieldTownName, mappings.AddressFieldPostTown, mappings.AddressFieldPostcode,
			mappings.AddressFieldIsFlat, mappings.AddressFieldFlatCount, mappings.AddressFieldClassification},
		"query": Bool(nil, []M{Term(mappings.AddressFieldPostcodeKey, key)}, nil, nil),
		"sort":  naturalSort(),
	}
}

// FlatsOfBuilding lists the dwellings whose parent is the building uprn, in
// natural address order.
func FlatsOfBuilding(uprn int64, size int) M {
	return M{
		"size":             size,
		"track_total_hits": true,
		"_source":          []string{mappings.AddressFieldUPRN, mappings.AddressFieldSubBuilding, mappings.AddressFieldFullAddress, mappings.AddressFieldPostcode},
		"query":            Bool(nil, []M{Term(mappings.AddressFieldParentUPRN, uprn)}, nil, nil),
		"sort":             naturalSort(),
	}
}

// Aggregation names of PostcodeAreaStatistics besides BandsAgg and TypesAgg.
const (
	AreaPredictedValueAgg = "predicted_value" // median predicted value
	AreaLastSoldPriceAgg  = "last_sold_price" // median last sold price
	AreaFloorAreaAgg      = "floor_area"      // mean EPC floor area
)

// PostcodeAreaStatistics aggregates the property records of a postcode:
// record count, median predicted value and last sold price, mean floor area,
// and the council tax band and property type distributions.
func PostcodeAreaStatistics(postcode string) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term(mappings.AddressFieldPostcode, postcode)}, nil, nil),
		"aggs": M{
			AreaPredictedValueAgg: M{"percentiles": M{"field": "predicted_value", "percents": []float64{50}}},
			AreaLastSoldPriceAgg:  M{"percentiles": M{"field": "last_sold_price", "percents": []float64{50}}},
			AreaFloorAreaAgg:      M{"avg": M{"field": "epc_floor_area"}},
			BandsAgg:              M{"terms": M{"field": "council_tax_band", "size": 10}},
			TypesAgg:              M{"terms": M{"field": "property_type", "size": 10}},
		},
	}
}
