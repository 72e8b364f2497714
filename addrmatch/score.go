package addrmatch

import (
	"math"
	"sort"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Match types and recommendations of the quality block.
const (
	TypeExact    = "exact"
	TypeProbable = "probable"
	TypePossible = "possible"
	TypeNone     = "none"

	Accept = "accept"
	Review = "review"
	Reject = "reject"
)

// Thresholds turn a confidence into a match type: exact and probable are
// accepted, possible goes to review, below it is rejected. Tuned with the
// evaluation (docs/matching.md).
type Thresholds struct {
	Exact    float64 // confidence from which a match is exact
	Accept   float64 // from which a match is probable (accepted)
	Review   float64 // from which a match is possible (review)
	TieGap   float64 // a runner-up this close to the best makes it ambiguous
	TieScale float64 // the confidence of an ambiguous best is multiplied by this
}

// DefaultThresholds are the thresholds the API uses.
var DefaultThresholds = Thresholds{Exact: 0.97, Accept: 0.8, Review: 0.5, TieGap: 0.03, TieScale: 0.85}

// Reasons say what agreed and what did not between the submitted address
// and the matched one.
type Reasons struct {
	// Postcode: exact, one_char (one character differs), same_sector,
	// same_outcode, different, invalid (not a postcode; its outcode
	// compared), missing.
	Postcode string `json:"postcode"`
	// Number (building number): exact, different, missing (the text has
	// none), none (the address has none).
	Number string `json:"number"`
	// Street: exact, close (spelling differs a little), different, missing,
	// none (the address has no street).
	Street string `json:"street"`
	// Flat: exact, different, missing (the address is a flat the text does
	// not name), extra (the text names a flat the address does not have),
	// none.
	Flat string `json:"flat"`
	// BuildingName: exact, close, different, missing, none.
	BuildingName string `json:"building_name"`
	// Town: exact, locality (the text names the locality), different,
	// missing.
	Town string `json:"town"`
	// Notes: ambiguous (another address fits about as well), ...
	Notes []string `json:"notes"`
}

// Scored is one candidate with its confidence.
type Scored struct {
	Address    *mappings.Address
	Confidence float64
	Reasons    Reasons
}

// Candidate is an alternative listed for review.
type Candidate struct {
	UPRN       int64   `json:"uprn"`
	Address    string  `json:"address"`
	Postcode   string  `json:"postcode"`
	Confidence float64 `json:"confidence"`
	Reasons    Reasons `json:"reasons"`
}

// Result is the quality block.
type Result struct {
	UPRN           *int64      `json:"uprn"`
	Address        *string     `json:"address"`
	Postcode       *string     `json:"matched_postcode"`
	Confidence     float64     `json:"confidence"`
	MatchType      string      `json:"match_type"`
	Recommendation string      `json:"recommendation"`
	Reasons        *Reasons    `json:"reasons"`
	Parsed         Parsed      `json:"parsed"`
	Candidates     []Candidate `json:"candidates"`
	// Best is the top candidate (also when rejected); not serialised.
	Best *Scored `json:"-"`
}

// FullAddress is the display address of a.
func FullAddress(a *mappings.Address) string {
	if a.FullAddress != "" {
		return a.FullAddress
	}
	_, _, _, full := mappings.AddressLines(a)
	return full
}

// Decide scores the candidates, picks the best and builds the quality
// block with thresholds t.
func Decide(p Parsed, cands []*mappings.Address, t Thresholds) Result {
	res := Result{Parsed: p, MatchType: TypeNone, Recommendation: Reject, Candidates: []Candidate{}}
	seen := map[int64]bool{}
	var scored []Scored
	for _, a := range cands {
		if a == nil || seen[a.UPRN] {
			continue
		}
		seen[a.UPRN] = true
		c, r := Score(p, a)
		scored = append(scored, Scored{Address: a, Confidence: c, Reasons: r})
	}
	if len(scored) == 0 {
		return res
	}
	sort.SliceStable(scored, func(i, j int) bool {
		if scored[i].Confidence != scored[j].Confidence {
			return scored[i].Confidence > scored[j].Confidence
		}
		return scored[i].Address.UPRN < scored[j].Address.UPRN
	})
	best := scored[0]
	conf := best.Confidence
	if len(scored) > 1 && best.Confidence-scored[1].Confidence < t.TieGap && scored[1].Confidence >= t.Review {
		// Never accepted: two addresses fit about as well.
		conf = math.Min(conf*t.TieScale, t.Accept-0.01)
		best.Reasons.Notes = append(best.Reasons.Notes, "ambiguous")
	}
	conf = round2(conf)
	res.Best = &best
	res.Confidence = conf
	switch {
	case conf >= t.Exact:
		res.MatchType, res.Recommendation = TypeExact, Accept
	case conf >= t.Accept:
		res.MatchType, res.Recommendation = TypeProbable, Accept
	case conf >= t.Review:
		res.MatchType, res.Recommendation = TypePossible, Review
	}
	if res.MatchType == TypeNone {
		r := best.Reasons
		res.Reasons = &r
		return res
	}
	uprn, full, pc := best.Address.UPRN, FullAddress(best.Address), best.Address.Postcode
	res.UPRN, res.Address, res.Postcode, res.Reasons = &uprn, &full, &pc, &best.Reasons
	if res.Recommendation == Review {
		for _, s := range scored[:min(3, len(scored))] {
			if s.Confidence < t.Review/2 {
				break
			}
			res.Candidates = append(res.Candidates, Candidate{UPRN: s.Address.UPRN, Address: FullAddress(s.Address),
				Postcode: s.Address.Postcode, Confidence: round2(s.Confidence), Reasons: s.Reasons})
		}
	}
	return res
}

// countOf counts s in xs.
func countOf(xs []string, s string) int {
	n := 0
	for _, x := range xs {
		if strings.EqualFold(x, s) {
			n++
		}
	}
	return n
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// premiseIDs are the numbers and flat letters that identify an address:
// digits in the sub-building, building name and number ("12a", "3"), and
// the flat identifier.
func premiseIDs(a *mappings.Address) (ids map[string]bool, flat, house string) {
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

// wordSim is how alike two words are: 1 when equal, less for one or two
// edits in longer words, 0 otherwise.
func wordSim(a, b string) float64 {
	if a == b {
		return 1
	}
	la, lb := len(a), len(b)
	if la < 4 || lb < 4 {
		return 0
	}
	d := editDistance(a, b, 2)
	switch {
	case d == 1:
		return 0.85
	case d == 2 && min(la, lb) >= 7:
		return 0.7
	}
	return 0
}

// editDistance is the Damerau-Levenshtein (optimal string alignment)
// distance of a and b, or limit+1 when it exceeds limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// phraseSim is how well the words of phrase (an address field) are found
// among the submitted words: the length-weighted mean of each word's best
// similarity (street types weigh half), and which submitted words were used.
func phraseSim(phrase []string, have []string, used []bool) float64 {
	if len(phrase) == 0 {
		return 0
	}
	var got, total float64
	for _, w := range phrase {
		wt := float64(len(w))
		if streetTypes[w] {
			wt /= 2
		}
		total += wt
		best, bi := 0.0, -1
		for i, h := range have {
			if s := wordSim(w, h); s > best {
				best, bi = s, i
				if s == 1 {
					break
				}
			}
		}
		if bi >= 0 && used != nil {
			used[bi] = true
		}
		got += wt * best
	}
	return got / total
}

// expandedTokens are the lower-case words of s with abbreviations expanded
// and numbers dropped.
func expandedTokens(s string) []string {
	var out []string
	for _, t := range mappings.AddressTokens(s) {
		if hasDigit(t) {
			continue
		}
		out = append(out, Expand(t))
	}
	return out
}

func simLabel(s float64) string {
	switch {
	case s >= 0.999:
		return "exact"
	case s >= 0.75:
		return "close"
	}
	return "different"
}

// Score is the confidence (0..1) that the submitted address p names a,
// with the reasons. It multiplies three factors: the premise (numbers, flat
// and building name), the street, and the place (postcode and town).
func Score(p Parsed, a *mappings.Address) (float64, Reasons) {
	r := Reasons{Notes: []string{}}
	used := make([]bool, len(p.Words))
	// Designator words ("flat") are part of the sub-building.
	for i, w := range p.Words {
		if subDesignators[w] {
			used[i] = true
		}
	}
	ids, flat, house := premiseIDs(a)
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
	r.Postcode = comparePostcode(p, a)
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

// pick chooses by the town reason: agreed (exact or locality), missing,
// different.
func pick(town string, agreed, missing, different float64) float64 {
	switch town {
	case "exact", "locality":
		return agreed
	case "missing":
		return missing
	}
	return different
}

// comparePostcode compares the submitted postcode with the address's.
func comparePostcode(p Parsed, a *mappings.Address) string {
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
