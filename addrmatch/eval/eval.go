// Package eval measures the address matcher: it builds an evaluation set
// from the addresses of an index (real ones from the EPC and Price Paid
// samples, generated ones from indexer/synth) with the variations real
// lists have, including addresses that are not in the index, runs the
// matcher over it and reports, by variation, how many rows were accepted
// with the right UPRN, accepted with a wrong one, sent to review or
// rejected.
package eval

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"unicode"

	"github.com/ukpd/propertyapi/addrmatch"
	"github.com/ukpd/propertyapi/mappings"
)

// Variations, in report order. The last ones name addresses that are not
// in the index.
const (
	VarClean        = "clean"
	VarCasePunct    = "case_punctuation"
	VarAbbrev       = "abbreviations"
	VarFlatSlash    = "flat_slash"    // "3/10 High Street"
	VarFlatLast     = "flat_last"     // "10 High Street Flat 3"
	VarBuildingName = "building_name" // named building: name alone, or number without the name
	VarPCMissing    = "postcode_missing"
	VarPCUnspaced   = "postcode_unspaced"
	VarPCOneChar    = "postcode_one_char"
	VarPCOutdated   = "postcode_outdated"
	VarTownMissing  = "town_missing"
	VarTownOther    = "town_neighbouring"
	VarTypo         = "typo"
	VarCombined     = "combined" // lower case, abbreviated, a typo, no postcode
	VarAbsentNumber = "absent_number_past_end"
	VarAbsentTown   = "absent_street_other_town"
)

// Variations lists every variation in report order.
var Variations = []string{VarClean, VarCasePunct, VarAbbrev, VarFlatSlash, VarFlatLast, VarBuildingName, VarPCMissing,
	VarPCUnspaced, VarPCOneChar, VarPCOutdated, VarTownMissing, VarTownOther, VarTypo, VarCombined, VarAbsentNumber, VarAbsentTown}

// Case is one row of the evaluation set.
type Case struct {
	Variation string
	Source    string // real (EPC, Price Paid) or generated
	Text      string
	Postcode  string
	Want      int64 // the right UPRN; 0 when the address is not in the index
	// Number, Street and Town of an absent address (built to be absent
	// from the addresses given to Build; a larger index may hold it).
	Number, Street, Town string
}

// FoundAs reports whether an absent case's address is the accepted full
// address after all (the index held more than Build was given).
func (c Case) FoundAs(full string) bool {
	if c.Exists() || c.Street == "" {
		return false
	}
	f := strings.ToLower(full)
	return strings.HasPrefix(f, strings.ToLower(c.Number+" "+c.Street+",")) && strings.Contains(f, ", "+strings.ToLower(c.Town)+",")
}

// Exists reports whether the case's address is in the index.
func (c Case) Exists() bool { return c.Want != 0 }

// Build makes up to perVar cases of each variation from the addresses of
// the index (every address given must be in it), with seed.
func Build(addrs []mappings.Address, seed uint64, perVar int) []Case {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	idx := newIndex(addrs)
	order := r.Perm(len(addrs))
	counts := map[string]int{}
	var out []Case
	full := func() bool {
		for _, v := range Variations {
			if counts[v] < perVar {
				return false
			}
		}
		return true
	}
	for _, i := range order {
		if full() {
			break
		}
		for _, c := range idx.casesOf(r, &addrs[i]) {
			if counts[c.Variation] < perVar {
				counts[c.Variation]++
				out = append(out, c)
			}
		}
	}
	return out
}

// BuildDistinct makes up to n cases, each from a different address and
// no two alike (text and postcode): each address gives one of its
// variations, the one used least so far, so the variations stay even. A
// job of them cannot be served from a cache of repeated rows.
func BuildDistinct(addrs []mappings.Address, seed uint64, n int) []Case {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	idx := newIndex(addrs)
	order := r.Perm(len(addrs))
	counts := map[string]int{}
	seen := map[string]bool{}
	var out []Case
	for _, i := range order {
		if len(out) >= n {
			break
		}
		var pick *Case
		for _, c := range idx.casesOf(r, &addrs[i]) {
			if seen[c.Text+"|"+c.Postcode] {
				continue
			}
			if pick == nil || counts[c.Variation] < counts[pick.Variation] {
				pick = &c
			}
		}
		if pick != nil {
			seen[pick.Text+"|"+pick.Postcode] = true
			counts[pick.Variation]++
			out = append(out, *pick)
		}
	}
	return out
}

// casesOf is every variation of one address (none for a building-level
// record), drawing on r in a fixed order.
func (idx *index) casesOf(r *rand.Rand, a *mappings.Address) []Case {
	if a.FlatCount > 0 || a.StreetName == "" && a.BuildingName == "" {
		return nil // building-level records are not what lists name
	}
	var out []Case
	add := func(c Case) {
		if strings.TrimSpace(c.Text) != "" {
			out = append(out, c)
		}
	}
	src := "generated"
	if a.Source != "generated" {
		src = "real"
	}
	town := townOf(a)
	base := func(v, text, pc string) Case {
		return Case{Variation: v, Source: src, Text: text, Postcode: pc, Want: a.UPRN}
	}
	lines := premiseLines(a)
	withTown := join(append(append([]string{}, lines...), a.Locality, town)...)
	add(base(VarClean, withTown, a.Postcode))
	add(base(VarCasePunct, casePunct(r, withTown), a.Postcode))
	if ab := abbreviate(withTown); ab != withTown {
		add(base(VarAbbrev, ab, a.Postcode))
	}
	if a.FlatNumber != "" && a.BuildingNumber != "" && isDigits(a.FlatNumber) {
		add(base(VarFlatSlash, join(a.FlatNumber+"/"+a.BuildingNumber+" "+a.StreetName, town), a.Postcode))
		add(base(VarFlatLast, join(a.BuildingNumber+" "+a.StreetName+" Flat "+a.FlatNumber, town), a.Postcode))
	}
	if a.BuildingName != "" && a.BuildingNumber != "" {
		// number and street without the building's name
		add(base(VarBuildingName, join(a.SubBuilding, a.BuildingNumber+" "+a.StreetName, town), a.Postcode))
	} else if a.BuildingName != "" {
		add(base(VarBuildingName, join(a.SubBuilding, a.BuildingName, a.StreetName, town), a.Postcode))
	}
	add(base(VarPCMissing, withTown, ""))
	add(base(VarPCUnspaced, withTown, strings.ReplaceAll(a.Postcode, " ", "")))
	if pc := oneChar(r, a.Postcode); pc != "" {
		add(base(VarPCOneChar, withTown, pc))
	}
	if pc := idx.otherInSector(r, a); pc != "" {
		add(base(VarPCOutdated, withTown, pc))
	}
	add(base(VarTownMissing, join(lines...), a.Postcode))
	if other := idx.otherTown(r, town); other != "" {
		add(base(VarTownOther, join(append(append([]string{}, lines...), other)...), a.Postcode))
	}
	if t := typo(r, lines); t != nil {
		add(base(VarTypo, join(append(t, town)...), a.Postcode))
	}
	if t := typo(r, lines); t != nil {
		add(base(VarCombined, strings.ToLower(abbreviate(join(append(t, town)...))), ""))
	}
	// Not in the index: the number after the last of the street.
	if a.SubBuilding == "" && a.BuildingName == "" && isDigits(a.BuildingNumber) {
		if n := idx.pastEnd(a); n != "" {
			add(Case{Variation: VarAbsentNumber, Source: src, Text: join(n+" "+a.StreetName, town), Postcode: a.Postcode,
				Number: n, Street: a.StreetName, Town: town})
		}
	}
	// Not in the index: the street and number in another town.
	if a.SubBuilding == "" && a.BuildingNumber != "" {
		if o := idx.elsewhere(r, a); o != nil {
			add(Case{Variation: VarAbsentTown, Source: src, Text: join(a.BuildingNumber+" "+a.StreetName, townOf(o)), Postcode: o.Postcode,
				Number: a.BuildingNumber, Street: a.StreetName, Town: townOf(o)})
		}
	}
	return out
}

func townOf(a *mappings.Address) string {
	if a.PostTown != "" {
		return a.PostTown
	}
	return a.TownName
}

// premiseLines are the sub-building, building name, number and street.
func premiseLines(a *mappings.Address) []string {
	return []string{a.SubBuilding, a.BuildingName, strings.TrimSpace(a.BuildingNumber + " " + a.StreetName)}
}

func join(parts ...string) string { return mappings.JoinNonEmpty(", ", parts...) }

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// casePunct changes the case and the punctuation.
func casePunct(r *rand.Rand, s string) string {
	switch r.IntN(3) {
	case 0:
		return strings.ToUpper(strings.ReplaceAll(s, ",", ""))
	case 1:
		return strings.ToLower(strings.ReplaceAll(s, ", ", " ; "))
	}
	return strings.ReplaceAll(strings.ToUpper(s), " ", "  ") + "."
}

var shortForms = [][2]string{{"Road", "Rd"}, {"Street", "St"}, {"Avenue", "Ave"}, {"Gardens", "Gdns"}, {"Lane", "Ln"},
	{"Close", "Cl"}, {"Crescent", "Cres"}, {"Drive", "Dr"}, {"Terrace", "Tce"}, {"Place", "Pl"}, {"Square", "Sq"},
	{"Court", "Ct"}, {"Grove", "Gr"}, {"Park", "Pk"}}

func abbreviate(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		core := strings.TrimRight(w, ",")
		for _, f := range shortForms {
			if strings.EqualFold(core, f[0]) {
				ws[i] = f[1] + w[len(core):]
			}
		}
	}
	return strings.Join(ws, " ")
}

// oneChar changes one character of the inward code.
func oneChar(r *rand.Rand, pc string) string {
	p, ok := mappings.ParsePostcode(pc)
	if !ok {
		return ""
	}
	in := []byte(p.Inward)
	i := 1 + r.IntN(2)
	const letters = "ABDEFGHJLNPQRSTUWXYZ"
	for {
		c := letters[r.IntN(len(letters))]
		if c != in[i] {
			in[i] = c
			break
		}
	}
	return p.Outward + " " + string(in)
}

// typo makes one edit (swap, drop, double or change a letter) in the
// longest word of the street or building name.
func typo(r *rand.Rand, lines []string) []string {
	out := append([]string(nil), lines...)
	li, wi, best := -1, -1, 0
	for i, l := range out {
		for j, w := range strings.Fields(l) {
			if len(w) >= 5 && len(w) > best && !strings.ContainsAny(w, "0123456789") {
				li, wi, best = i, j, len(w)
			}
		}
	}
	if li < 0 {
		return nil
	}
	ws := strings.Fields(out[li])
	b := []byte(ws[wi])
	k := 1 + r.IntN(len(b)-2)
	switch r.IntN(4) {
	case 0:
		b[k], b[k+1] = b[k+1], b[k]
	case 1:
		b = append(b[:k], b[k+1:]...)
	case 2:
		b = append(b[:k+1], b[k:]...)
	default:
		b[k] = "aeioun"[r.IntN(6)]
	}
	ws[wi] = string(b)
	out[li] = strings.Join(ws, " ")
	return out
}

// index answers the questions the variations need about the addresses.
type index struct {
	bySector  map[string][]string // sector → postcodes
	byStreet  map[string][]*mappings.Address
	streetPC  map[string]int // postcode|street → highest number
	towns     []string
	townPCs   map[string][]*mappings.Address
	streetNum map[string]bool // town|street|number present
}

func low(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func newIndex(addrs []mappings.Address) *index {
	x := &index{bySector: map[string][]string{}, byStreet: map[string][]*mappings.Address{}, streetPC: map[string]int{},
		townPCs: map[string][]*mappings.Address{}, streetNum: map[string]bool{}}
	seenPC := map[string]bool{}
	for i := range addrs {
		a := &addrs[i]
		p, ok := mappings.ParsePostcode(a.Postcode)
		if !ok {
			continue
		}
		if !seenPC[p.Key()] {
			seenPC[p.Key()] = true
			x.bySector[p.Sector()] = append(x.bySector[p.Sector()], p.Display())
		}
		t := low(townOf(a))
		if _, ok := x.townPCs[t]; !ok {
			x.towns = append(x.towns, townOf(a))
		}
		x.townPCs[t] = append(x.townPCs[t], a)
		x.byStreet[low(a.StreetName)] = append(x.byStreet[low(a.StreetName)], a)
		// Any premise number counts: "past the end" must not be a flat or
		// a building number of the street anywhere in the town.
		for _, n := range a.Numbers {
			if isDigits(n) {
				var v int
				fmt.Sscan(n, &v)
				k := a.Postcode + "|" + low(a.StreetName)
				x.streetPC[k] = max(x.streetPC[k], v)
			}
			x.streetNum[t+"|"+low(a.StreetName)+"|"+n] = true
		}
	}
	sort.Strings(x.towns)
	return x
}

// otherInSector is another postcode of the address's sector (an outdated
// postcode is usually one the street had before a recoding nearby).
func (x *index) otherInSector(r *rand.Rand, a *mappings.Address) string {
	p, _ := mappings.ParsePostcode(a.Postcode)
	pcs := x.bySector[p.Sector()]
	var others []string
	for _, pc := range pcs {
		if pc != p.Display() {
			others = append(others, pc)
		}
	}
	if len(others) == 0 {
		return ""
	}
	return others[r.IntN(len(others))]
}

func (x *index) otherTown(r *rand.Rand, town string) string {
	if len(x.towns) < 2 {
		return ""
	}
	for {
		t := x.towns[r.IntN(len(x.towns))]
		if !strings.EqualFold(t, town) {
			return t
		}
	}
}

// pastEnd is the number after the highest of the street at the postcode,
// when no address of the town has it on that street.
func (x *index) pastEnd(a *mappings.Address) string {
	hi := x.streetPC[a.Postcode+"|"+low(a.StreetName)]
	if hi == 0 {
		return ""
	}
	n := fmt.Sprint(hi + 1)
	if x.streetNum[low(townOf(a))+"|"+low(a.StreetName)+"|"+n] {
		return ""
	}
	return n
}

// elsewhere is an address of another town where the street and number of
// a do not exist (its postcode and town make the absent address).
func (x *index) elsewhere(r *rand.Rand, a *mappings.Address) *mappings.Address {
	for range 5 {
		t := x.otherTown(r, townOf(a))
		if t == "" {
			return nil
		}
		if x.streetNum[low(t)+"|"+low(a.StreetName)+"|"+low(a.BuildingNumber)] {
			continue
		}
		as := x.townPCs[low(t)]
		return as[r.IntN(len(as))]
	}
	return nil
}

// Outcome of one case.
const (
	AcceptedRight = "accepted_right"
	AcceptedWrong = "accepted_wrong"
	Reviewed      = "review"
	Rejected      = "rejected"
)

// Classify is the outcome of a case given the matcher's result.
func Classify(c Case, res addrmatch.Result) string {
	switch res.Recommendation {
	case addrmatch.Accept:
		if c.Want != 0 && res.UPRN != nil && *res.UPRN == c.Want {
			return AcceptedRight
		}
		return AcceptedWrong
	case addrmatch.Review:
		return Reviewed
	}
	return Rejected
}

// Tally counts outcomes.
type Tally struct {
	Rows                                           int
	AcceptedRight, AcceptedWrong, Review, Rejected int
}

// Add counts one outcome.
func (t *Tally) Add(outcome string) {
	t.Rows++
	switch outcome {
	case AcceptedRight:
		t.AcceptedRight++
	case AcceptedWrong:
		t.AcceptedWrong++
	case Reviewed:
		t.Review++
	default:
		t.Rejected++
	}
}

// Report is the evaluation's result.
type Report struct {
	ByVariation map[string]*Tally
	BySource    map[string]*Tally // real, generated
	Existing    Tally             // rows whose address is in the index
	Absent      Tally             // rows whose address is not
	All         Tally
	// Misses keeps a few wrong answers per variation for reading.
	Misses map[string][]string
}

// Targets of the matcher (docs/matching.md).
const (
	TargetWrongAccepted  = 0.005 // at most this share of all rows accepted with a wrong UPRN
	TargetExistingRight  = 0.95  // at least this share of existing rows accepted right
	TargetAbsentNotTaken = 0.90  // at least this share of absent rows not accepted
)

// WrongAcceptedRate is the share of all rows accepted with a wrong UPRN
// (for an absent address, any accepted UPRN is wrong).
func (r *Report) WrongAcceptedRate() float64 { return ratio(r.All.AcceptedWrong, r.All.Rows) }

// ExistingRightRate is the share of existing rows accepted right.
func (r *Report) ExistingRightRate() float64 { return ratio(r.Existing.AcceptedRight, r.Existing.Rows) }

// AbsentNotAcceptedRate is the share of absent rows not accepted.
func (r *Report) AbsentNotAcceptedRate() float64 {
	return ratio(r.Absent.Review+r.Absent.Rejected, r.Absent.Rows)
}

// MeetsTargets reports whether every target holds.
func (r *Report) MeetsTargets() bool {
	return r.WrongAcceptedRate() <= TargetWrongAccepted && r.ExistingRightRate() >= TargetExistingRight &&
		r.AbsentNotAcceptedRate() >= TargetAbsentNotTaken
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Run matches every case (batch rows per multi-search) and tallies.
func Run(ctx context.Context, m *addrmatch.Matcher, cases []Case, batch int) (*Report, error) {
	rep := &Report{ByVariation: map[string]*Tally{}, BySource: map[string]*Tally{}, Misses: map[string][]string{}}
	for i := 0; i < len(cases); i += batch {
		part := cases[i:min(i+batch, len(cases))]
		in := make([]addrmatch.Input, len(part))
		for k, c := range part {
			in[k] = addrmatch.Input{Text: c.Text, Postcode: c.Postcode}
		}
		res, err := m.MatchMany(ctx, in)
		if err != nil {
			return nil, err
		}
		for k, c := range part {
			o := Classify(c, res[k])
			rep.record(c, res[k], o)
		}
	}
	return rep, nil
}

func (r *Report) record(c Case, res addrmatch.Result, o string) {
	t := r.ByVariation[c.Variation]
	if t == nil {
		t = &Tally{}
		r.ByVariation[c.Variation] = t
	}
	t.Add(o)
	if r.BySource[c.Source] == nil {
		r.BySource[c.Source] = &Tally{}
	}
	r.BySource[c.Source].Add(o)
	r.All.Add(o)
	if c.Exists() {
		r.Existing.Add(o)
	} else {
		r.Absent.Add(o)
	}
	bad := o == AcceptedWrong || c.Exists() && o != AcceptedRight
	if bad && len(r.Misses[c.Variation]) < 5 {
		got := "none"
		if res.Address != nil {
			got = *res.Address
		}
		rs := ""
		if res.Reasons != nil {
			rs = fmt.Sprintf("%+v", *res.Reasons)
		}
		r.Misses[c.Variation] = append(r.Misses[c.Variation], fmt.Sprintf("%s: %q %q (want %d) → %s %.2f %s %s", o, c.Text, c.Postcode, c.Want, res.Recommendation, res.Confidence, got, rs))
	}
}

// Markdown writes the report's table by variation and the targets.
func (r *Report) Markdown(w io.Writer) {
	fmt.Fprintln(w, "| variation | in index | rows | accepted right | accepted wrong | review | rejected |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: |")
	pct := func(n, d int) string {
		if d == 0 {
			return "–"
		}
		return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(d))
	}
	row := func(name, in string, t *Tally) {
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %s |\n", name, in, t.Rows, pct(t.AcceptedRight, t.Rows),
			pct(t.AcceptedWrong, t.Rows), pct(t.Review, t.Rows), pct(t.Rejected, t.Rows))
	}
	for _, v := range Variations {
		t := r.ByVariation[v]
		if t == nil {
			continue
		}
		in := "yes"
		if v == VarAbsentNumber || v == VarAbsentTown {
			in = "no"
		}
		row(v, in, t)
	}
	for _, src := range []string{"real", "generated"} {
		if t := r.BySource[src]; t != nil {
			row("*"+src+" addresses (existing and absent)*", "", t)
		}
	}
	row("**all existing**", "yes", &r.Existing)
	row("**all absent**", "no", &r.Absent)
	row("**all**", "", &r.All)
	fmt.Fprintf(w, "\nWrong UPRN accepted: %.2f%% of rows (target ≤ %.1f%%). Existing rows accepted right: %.2f%% (target ≥ %.0f%%). "+
		"Absent rows not accepted: %.2f%% (target ≥ %.0f%%).\n", 100*r.WrongAcceptedRate(), 100*TargetWrongAccepted,
		100*r.ExistingRightRate(), 100*TargetExistingRight, 100*r.AbsentNotAcceptedRate(), 100*TargetAbsentNotTaken)
}

// PricePaidAddresses reads a Price Paid file in the raw layout (no header,
// 16 columns) and returns its distinct addresses with UPRNs counted from
// firstUPRN (Price Paid has none): real spellings of real addresses for
// the evaluation's index. Rows without a postcode or street are skipped.
func PricePaidAddresses(path string, firstUPRN int64) ([]mappings.Address, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = -1
	seen := map[string]bool{}
	var out []mappings.Address
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) < 16 || rec[15] == "D" {
			continue
		}
		pc, paon, saon, street, locality, town := rec[3], rec[7], rec[8], rec[9], rec[10], rec[11]
		if _, ok := mappings.ParsePostcode(pc); !ok || street == "" {
			continue
		}
		k := strings.Join([]string{pc, paon, saon, street}, "|")
		if seen[k] {
			continue
		}
		seen[k] = true
		a := mappings.Address{UPRN: firstUPRN + int64(len(out)), Postcode: pc, StreetName: titleCase(street),
			TownName: titleCase(town), PostTown: titleCase(town), Source: "import:ppd", Country: "E"}
		if saon != "" {
			a.SubBuilding = titleCase(saon)
		}
		if isPremiseNumber(paon) {
			a.BuildingNumber = strings.ToUpper(paon)
		} else {
			a.BuildingName = titleCase(paon)
		}
		if !strings.EqualFold(locality, town) {
			a.Locality = titleCase(locality)
		}
		mappings.AddressSearchFields(&a)
		out = append(out, a)
	}
	return out, nil
}

func isPremiseNumber(s string) bool {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '-') {
			return false
		}
	}
	return true
}

func titleCase(s string) string {
	ws := strings.Fields(strings.ToLower(s))
	for i, w := range ws {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		ws[i] = string(rs)
	}
	return strings.Join(ws, " ")
}
