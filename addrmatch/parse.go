// Package addrmatch matches free-text UK addresses to the addresses of the
// index: Parse splits a submitted address into its parts, Score compares the
// parts with one candidate address, and Decide ranks the candidates and
// returns the quality block (UPRN, confidence, match type, recommendation,
// reasons). The package is pure: candidates come from the caller (the API
// retrieves them with query.AddressMatchCandidates).
package addrmatch

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Parsed is a submitted address split into its parts. Words are lower case,
// abbreviations expanded ("rd" → "road"); Postcode is the display form.
type Parsed struct {
	SubBuilding    string `json:"sub_building"`
	BuildingName   string `json:"building_name"`
	BuildingNumber string `json:"building_number"`
	Street         string `json:"street"`
	Locality       string `json:"locality"`
	Town           string `json:"town"`
	Postcode       string `json:"postcode"`
	// PostcodeInvalid holds a postcode-like token that is not a valid
	// postcode ("EX1 1B"), kept for its outcode.
	PostcodeInvalid string `json:"-"`
	// Outcode is the outward code of Postcode, or of a partial one.
	Outcode string `json:"-"`
	// Words are every word of the text outside the postcode, expanded.
	Words []string `json:"-"`
	// Numbers are the premise numbers of the text ("3", "10", "12a"): flat
	// and building numbers, in order.
	Numbers []string `json:"-"`
	// Flat is the flat identifier ("3", "a") when the text names one.
	Flat string `json:"-"`
}

// Empty reports whether the text held nothing to match on.
func (p Parsed) Empty() bool { return len(p.Words) == 0 && len(p.Numbers) == 0 }

// streetTypes are the words that end a street name (after expansion).
var streetTypes = map[string]bool{
	"road": true, "street": true, "avenue": true, "lane": true, "close": true, "crescent": true, "drive": true,
	"gardens": true, "grove": true, "place": true, "square": true, "terrace": true, "court": true, "park": true,
	"mews": true, "way": true, "hill": true, "green": true, "walk": true, "parade": true, "row": true, "rise": true,
	"view": true, "boulevard": true, "gate": true, "wynd": true, "vale": true, "meadow": true, "meadows": true,
	"mount": true, "estate": true, "drove": true, "croft": true, "fields": true, "end": true, "side": true,
	"yard": true, "wharf": true, "quay": true, "circus": true, "approach": true, "bank": true, "brow": true,
	"chase": true, "hollow": true, "path": true, "heights": true, "cottages": true,
}

// subDesignators introduce a sub-building ("Flat 3", "Apartment 2B").
var subDesignators = map[string]bool{
	"flat": true, "apartment": true, "apt": true, "unit": true, "room": true, "maisonette": true, "studio": true,
	"suite": true, "penthouse": true,
}

// abbreviations expands the common short forms (mappings.StreetSynonyms
// plus a few list-only ones); the directions (n, s, e, w) are not expanded
// because a single letter is more often a flat or house letter.
var abbreviations = func() map[string]string {
	m := map[string]string{"ave": "avenue", "av": "avenue", "rd": "road", "st": "street", "fl": "flat", "flt": "flat",
		"apt": "apartment", "appt": "apartment", "hse": "house", "ct": "court", "cres": "crescent", "gdns": "gardens",
		"gdn": "gardens", "sq": "square", "tce": "terrace", "ter": "terrace", "terr": "terrace", "pl": "place",
		"cl": "close", "dr": "drive", "ln": "lane", "gr": "grove", "gro": "grove", "pk": "park", "mws": "mews", "wy": "way",
		"hl": "hill", "grn": "green", "wlk": "walk", "pde": "parade", "est": "estate", "cotts": "cottages",
		"bldgs": "buildings", "upr": "upper", "lwr": "lower", "gt": "great", "lt": "little", "mt": "mount",
		"blvd": "boulevard", "cnr": "corner", "ch": "church", "rdg": "ridge"}
	for _, syn := range mappings.StreetSynonyms {
		parts := strings.Split(syn, ",")
		long := parts[len(parts)-1]
		if len(long) <= 1 {
			continue
		}
		for _, p := range parts[:len(parts)-1] {
			if len(p) > 1 {
				if _, ok := m[p]; !ok {
					m[p] = long
				}
			}
		}
	}
	return m
}()

// Expand returns the long form of an abbreviated word ("rd" → "road").
func Expand(w string) string {
	if l, ok := abbreviations[w]; ok {
		return l
	}
	return w
}

var (
	postcodeRe = regexp.MustCompile(`(?i)\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b`)
	// a postcode with its last letter missing or an outcode at the end
	outcodeRe = regexp.MustCompile(`(?i)(?:^|[\s,])([A-Z]{1,2}[0-9][A-Z0-9]?)(?:\s+[0-9][A-Z]?)?\s*$`)
	slashRe   = regexp.MustCompile(`\b(\d+[a-zA-Z]?)\s*/\s*(\d+[a-zA-Z]?)\b`)
)

// Parse splits a free-text address into its parts. postcode, when not
// empty, is the postcode given separately (it wins over one in the text).
func Parse(text, postcode string) Parsed {
	var p Parsed
	text = strings.TrimSpace(text)
	if pc, ok := mappings.ParsePostcode(postcode); ok {
		p.Postcode, p.Outcode = pc.Display(), pc.Outward
	} else if strings.TrimSpace(postcode) != "" {
		p.PostcodeInvalid = strings.ToUpper(strings.TrimSpace(postcode))
		if oc, ok := mappings.ParseOutcode(strings.Fields(p.PostcodeInvalid)[0]); ok {
			p.Outcode = oc
		}
	}
	// A postcode in the text: take the last one and cut it out.
	if locs := postcodeRe.FindAllStringSubmatchIndex(text, -1); len(locs) > 0 {
		l := locs[len(locs)-1]
		if pc, ok := mappings.ParsePostcode(text[l[2]:l[3]] + text[l[4]:l[5]]); ok {
			if p.Postcode == "" {
				p.Postcode, p.Outcode, p.PostcodeInvalid = pc.Display(), pc.Outward, ""
			}
			text = text[:l[0]] + " " + text[l[1]:]
		}
	} else if p.Postcode == "" && strings.Contains(text, ",") {
		// "…, Exeter, EX1" or "…, EX1 1": an outcode as the last segment.
		segs := strings.Split(text, ",")
		last := strings.TrimSpace(segs[len(segs)-1])
		if m := outcodeRe.FindStringSubmatch(" " + last); m != nil && strings.EqualFold(strings.TrimSpace(m[0]), last) {
			if oc, ok := mappings.ParseOutcode(m[1]); ok && hasDigit(last) {
				if p.Outcode == "" {
					p.Outcode = oc
				}
				text = strings.Join(segs[:len(segs)-1], ",")
			}
		}
	}
	// "3/10 High Street": flat 3 of number 10.
	if m := slashRe.FindStringSubmatchIndex(text); m != nil {
		flat, num := text[m[2]:m[3]], text[m[4]:m[5]]
		text = text[:m[0]] + "flat " + flat + ", " + num + text[m[1]:]
	}
	segments := splitSegments(text)
	p.parseSegments(segments)
	return p
}

// token is one word of a segment with its kind.
type token struct {
	w   string
	num bool // starts with a digit ("12", "12a", "10-12")
}

// splitSegments lower-cases the text, splits it on commas (and line
// breaks) into segments of words, drops punctuation and expands
// abbreviations.
func splitSegments(text string) [][]token {
	var segs [][]token
	for _, raw := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == '\n' || r == ';' || r == '|' }) {
		var seg []token
		for _, f := range strings.Fields(raw) {
			f = strings.Trim(f, ".-'\"()[]")
			// "12-14" stays one number; "12a" one number; "12 a" becomes "12a" below.
			words := mappings.AddressTokens(strings.ReplaceAll(f, "-", "\x00"))
			if isRange(f) {
				words = []string{strings.ToLower(f)}
			}
			for _, w := range words {
				if w == "" {
					continue
				}
				num := w[0] >= '0' && w[0] <= '9'
				if !num {
					w = Expand(w)
				}
				seg = append(seg, token{w: w, num: num})
			}
		}
		// "12 a high street" → "12a high street"
		for i := 0; i+1 < len(seg); i++ {
			if seg[i].num && isAllDigits(seg[i].w) && len(seg[i+1].w) == 1 && !seg[i+1].num && i+2 < len(seg) && !subDesignators[seg[i+2].w] {
				seg[i].w += seg[i+1].w
				seg = append(seg[:i+1], seg[i+2:]...)
			}
		}
		if len(seg) > 0 {
			segs = append(segs, seg)
		}
	}
	return segs
}

func isRange(s string) bool {
	i := strings.IndexByte(s, '-')
	return i > 0 && i < len(s)-1 && isAllDigits(s[:i]) && isNumberLike(s[i+1:])
}

func isAllDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isNumberLike(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9' && len(s) <= 6
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

func words(ts []token) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.w)
	}
	return b.String()
}

// parseSegments assigns the segments' words to the parts: the sub-building
// (a designator and its identifier), the building number (the number
// before the street), the street (the words after it, up to a street
// type), the building name (words before the number that are not the
// sub-building), then locality and town from the remaining segments.
func (p *Parsed) parseSegments(segs [][]token) {
	w := newSegWalk(p, segs)
	w.subBuilding()
	numAt := w.buildingNumber()
	streetStart := w.street(numAt)
	// Building name: unused words before the street (or before the number).
	limit := len(w.all)
	if numAt >= 0 {
		limit = numAt
	} else if streetStart >= 0 {
		limit = streetStart
	}
	p.BuildingName = words(w.take(0, limit, func(t token) bool { return !t.num }))
	rest := w.places()
	if p.Street == "" && p.BuildingName == "" && p.Town != "" && len(rest) == 1 && numAt >= 0 {
		// "10 high street exeter" without street type: the words after the
		// number are street and town together; keep them as the street.
		p.Street, p.Town = p.Town, ""
	}
}

// segWalk is the segments' words flattened, with each word's segment and
// whether a part has taken it yet.
type segWalk struct {
	p     *Parsed
	all   []token
	where []segPos
	used  []bool
}

// segPos is a word's place: its segment and its index there.
type segPos struct{ seg, i int }

func newSegWalk(p *Parsed, segs [][]token) *segWalk {
	w := &segWalk{p: p}
	for si, s := range segs {
		for i, t := range s {
			if t.num {
				p.Numbers = append(p.Numbers, t.w)
			} else {
				p.Words = append(p.Words, t.w)
			}
			w.all = append(w.all, t)
			w.where = append(w.where, segPos{si, i})
		}
	}
	w.used = make([]bool, len(w.all))
	return w
}

// subBuilding finds a designator and its identifier, anywhere ("Flat 3",
// "10 High Street Flat 3"); "Flat A".
func (w *segWalk) subBuilding() {
	all, where := w.all, w.where
	for i := 0; i+1 < len(all); i++ {
		if subDesignators[all[i].w] && where[i+1].seg == where[i].seg && (all[i+1].num || len(all[i+1].w) <= 2) {
			id := all[i+1].w
			w.p.SubBuilding = titleWord(all[i].w) + " " + strings.ToUpper(id)
			w.p.Flat = id
			w.used[i], w.used[i+1] = true, true
			return
		}
	}
}

// nextNumber is the index of the first unused number from i (-1: none).
func (w *segWalk) nextNumber(i int) int {
	for ; i < len(w.all); i++ {
		if w.all[i].num && !w.used[i] {
			return i
		}
	}
	return -1
}

// buildingNumber finds the building number: the first number not used
// (followed by the street, or a lone number segment followed by the next
// segment); a leading number of a flat list without designator is the
// flat ("3, 10 High Street" → flat 3, number 10). It returns the number's
// index (-1: none).
func (w *segWalk) buildingNumber() int {
	numAt := w.nextNumber(0)
	if numAt >= 0 && w.p.Flat == "" {
		next := w.nextNumber(numAt + 1)
		if next > numAt && (next == numAt+1 || w.where[next].seg != w.where[numAt].seg && onlyUnusedBefore(w.used, numAt)) {
			w.p.Flat = w.all[numAt].w
			w.p.SubBuilding = "Flat " + strings.ToUpper(w.p.Flat)
			w.used[numAt] = true
			numAt = next
		}
	}
	if numAt >= 0 {
		w.p.BuildingNumber = strings.ToUpper(w.all[numAt].w)
		w.used[numAt] = true
	}
	return numAt
}

// street takes the street: after the number, the following words of the
// same segment, or of the next segment when the number stands alone ("10,
// High Street"), up to a street type; without a number, the last run of
// words ending with a street type. It returns where the street starts
// (-1: none found).
func (w *segWalk) street(numAt int) int {
	all, where, used := w.all, w.where, w.used
	streetStart, streetEnd := -1, -1
	if numAt >= 0 {
		j := numAt + 1
		seg := where[numAt].seg
		if j < len(all) && where[j].seg != seg {
			seg = where[j].seg
		}
		streetStart = j
		for j < len(all) && !all[j].num && !used[j] && where[j].seg == seg {
			j++
			if streetTypes[all[j-1].w] && (j >= len(all) || !streetTypes[all[j].w] || where[j].seg != seg) {
				break
			}
		}
		streetEnd = j
	} else {
		for i := len(all) - 1; i >= 0; i-- {
			if !used[i] && streetTypes[all[i].w] && i > 0 && !used[i-1] && where[i-1].seg == where[i].seg {
				streetEnd = i + 1
				streetStart = i
				for streetStart > 0 && !used[streetStart-1] && !all[streetStart-1].num && where[streetStart-1].seg == where[i].seg && !subDesignators[all[streetStart-1].w] {
					streetStart--
				}
				break
			}
		}
	}
	if streetStart >= 0 && streetEnd > streetStart {
		w.p.Street = words(w.take(streetStart, streetEnd, func(token) bool { return true }))
	}
	return streetStart
}

// take marks as used and returns the unused words of [from, to) that ok
// accepts.
func (w *segWalk) take(from, to int, ok func(token) bool) []token {
	var out []token
	for k := from; k < to; k++ {
		if !w.used[k] && ok(w.all[k]) {
			out = append(out, w.all[k])
			w.used[k] = true
		}
	}
	return out
}

// places reads what is left after the street, segment by segment: one
// segment is the town; with more, the first is the locality and the rest
// the town. It returns those segments.
func (w *segWalk) places() [][]token {
	var rest [][]token
	cur := -1
	for k := range w.all {
		if w.used[k] || w.all[k].num {
			continue
		}
		if w.where[k].seg != cur {
			rest = append(rest, nil)
			cur = w.where[k].seg
		}
		rest[len(rest)-1] = append(rest[len(rest)-1], w.all[k])
	}
	switch len(rest) {
	case 0:
	case 1:
		w.p.Town = words(rest[0])
	default:
		w.p.Locality = words(rest[0])
		var t []string
		for _, r := range rest[1:] {
			t = append(t, words(r))
		}
		w.p.Town = strings.Join(t, " ")
	}
	return rest
}

func onlyUnusedBefore(used []bool, i int) bool {
	for k := 0; k < i; k++ {
		if !used[k] {
			return false
		}
	}
	return true
}

func titleWord(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// MarshalJSON writes an unknown part as null, never "" (the API's rule for
// a datum it does not have).
func (p Parsed) MarshalJSON() ([]byte, error) {
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	return json.Marshal(struct {
		SubBuilding    *string `json:"sub_building"`
		BuildingName   *string `json:"building_name"`
		BuildingNumber *string `json:"building_number"`
		Street         *string `json:"street"`
		Locality       *string `json:"locality"`
		Town           *string `json:"town"`
		Postcode       *string `json:"postcode"`
	}{str(p.SubBuilding), str(p.BuildingName), str(p.BuildingNumber), str(p.Street), str(p.Locality), str(p.Town), str(p.Postcode)})
}
