package addrmatch

import (
	"math"
	"sort"

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
	cs := make([]*candidate, 0, len(cands))
	for _, a := range cands {
		if a != nil {
			cs = append(cs, prepare(a))
		}
	}
	return decide(p, cs, t)
}

// decide is Decide on prepared candidates (a UPRN listed twice counts
// once).
func decide(p Parsed, cands []*candidate, t Thresholds) Result {
	res := Result{Parsed: p, MatchType: TypeNone, Recommendation: Reject, Candidates: []Candidate{}}
	scored := make([]Scored, 0, len(cands))
	for i, c := range cands {
		if seenBefore(cands, i) {
			continue
		}
		conf, r := score(p, c)
		scored = append(scored, Scored{Address: c.a, Confidence: conf, Reasons: r})
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

// seenBefore reports whether the UPRN of cands[i] came earlier in cands.
func seenBefore(cands []*candidate, i int) bool {
	for _, c := range cands[:i] {
		if c.a.UPRN == cands[i].a.UPRN {
			return true
		}
	}
	return false
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

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
	var buf [3][32]int // no allocation for words under 32 letters
	var prev2, prev, cur []int
	if len(b) < 32 {
		prev2, prev, cur = buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	} else {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
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

// comparePostcode compares the submitted postcode with the candidate's.
func comparePostcode(p Parsed, c *candidate) string {
	apc, ok := c.postcode, c.postcodeOK
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
