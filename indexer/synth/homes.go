package synth

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// ageBand is an EPC construction age band.
type ageBand struct {
	label  string
	lo, hi int
}

func ageBands(now time.Time) []ageBand {
	all := []ageBand{
		{"1850-1899", 1850, 1899}, {"1900-1929", 1900, 1929}, {"1930-1949", 1930, 1949}, {"1950-1966", 1950, 1966},
		{"1967-1975", 1967, 1975}, {"1976-1982", 1976, 1982}, {"1983-1990", 1983, 1990}, {"1991-1995", 1991, 1995},
		{"1996-2002", 1996, 2002}, {"2003-2006", 2003, 2006}, {"2007-2011", 2007, 2011}, {"2012-2022", 2012, 2022},
		{fmt.Sprintf("2023-%d", max(2023, now.Year())), 2023, now.Year()},
	}
	// A reference date in the past ends the bands at its year.
	out := all[:0]
	for _, b := range all {
		if b.lo > now.Year() {
			break
		}
		if b.hi > now.Year() {
			b.hi = now.Year()
			b.label = fmt.Sprintf("%d-%d", b.lo, b.hi)
		}
		out = append(out, b)
	}
	return out
}

// Property kinds.
const (
	kDetached = "Detached"
	kSemi     = "Semi-Detached"
	kTerraced = "Terraced"
	kFlat     = "Flat"
	kBungalow = "Bungalow"
)

// street is one street of a district.
type street struct {
	name, locality string
	usrn           int64
	x0, y0, ux, uy float64 // start and unit direction
	era            int     // index into ageBands
	style          string  // flats, terraced, semi, detached, bungalow, mixed
}

// building is one addressable building on a street.
type building struct {
	number    int
	suffix    string // "A" for 12A
	name      string // "Alder Court" for blocks
	kind      string // property kind of its dwellings
	form      string // built form
	x, y      float64
	flats     int // > 0: a block or a converted house
	floors    int
	plot      rect
	year      int
	uprn      int64 // the building record of a block; 0 for a house
	houseUPRN int64 // the dwelling of a house
	listed    bool
	postcode  int // index into the street's postcodes
}

// townState is the per-town mutable state while streets are emitted.
type townState struct {
	g         *townGeo
	uprnSeq   int64
	udprnSeq  int64
	streetSeq int64
	pcSeq     []int // postcodes issued per district
	names     map[string]bool
	prefixed  int // names taken with a prefix ("Upper ..."): see layStreet
	msoaStats []msoaStat
	streets   []streetRef // a sample of street points for crime and amenities
	postcodes []pcRef
	agents    []agent
	listed    int
}

type msoaStat struct {
	dwellings, flats, detached int
	desir                      float64
}

type streetRef struct {
	name string
	x, y float64
}

type pcRef struct {
	pc   string
	x, y float64
}

type agent struct {
	id           int64
	name, branch string
	branchID     string
}

// pcLetters are the letters used in the last two places of a unit postcode.
const pcLetters = "ABDEFGHJLNPQRSTUWXYZ"

// inward returns the k-th inward code of a district: sectors 1..9 then 0,
// 400 unit codes per sector in a scrambled but fixed order.
func inward(k int) (string, bool) {
	if k >= 4000 {
		return "", false
	}
	sector := (k/400 + 1) % 10
	p := (k%400*7 + 13) % 400
	return fmt.Sprintf("%d%c%c", sector, pcLetters[p/20], pcLetters[p%20]), true
}

func (gen *generator) emitTown(g *townGeo) error {
	t := g.t
	st := &townState{g: g, pcSeq: make([]int, len(g.districts)), names: map[string]bool{}, msoaStats: make([]msoaStat, len(g.msoas))}
	ar := newRnd(gen.cfg.Seed, "agents", t.Name)
	nAgents := 6 + min(10, g.props/2000)
	for i := 0; i < nAgents; i++ {
		name := agentNames[(i+g.idx*3)%len(agentNames)]
		loc := t.Name
		if i >= len(agentNames)/2 {
			loc = t.Localities[i%len(t.Localities)]
		}
		st.agents = append(st.agents, agent{id: int64(1000 + g.idx*100 + i), name: name, branch: name + " - " + loc, branchID: fmt.Sprintf("B%05d", ar.IntN(90000)+10000)})
	}
	// Dwellings per district.
	dr := newRnd(gen.cfg.Seed, "districts", t.Name)
	w := make([]float64, len(g.districts))
	var sum float64
	for i := range w {
		w[i] = dr.between(0.7, 1.3)
		sum += w[i]
	}
	left := g.props
	for di := range g.districts {
		n := int(math.Round(float64(g.props) * w[di] / sum))
		if di == len(g.districts)-1 || n > left {
			n = left
		}
		left -= n
		if err := gen.emitDistrict(st, di, n); err != nil {
			return err
		}
	}
	if err := gen.emitCensus(st); err != nil {
		return err
	}
	if err := gen.emitSchools(st); err != nil {
		return err
	}
	if err := gen.emitAmenities(st); err != nil {
		return err
	}
	return gen.emitCrime(st)
}

// emitDistrict lays streets in one postcode district until n dwellings exist.
func (gen *generator) emitDistrict(st *townState, di, n int) error {
	g := st.g
	d := g.districts[di]
	// Postcodes hold 8-25 delivery points, more when a district is large.
	minPer := max(8, (n+3499)/3500)
	si := 0
	// A terminated postcode per district: valid format, no addresses.
	if code, ok := inward(st.pcSeq[di]); ok {
		st.pcSeq[di]++
		pc := g.t.Outcodes[di] + " " + code
		if err := gen.emitPostcode(st, pc, d.cx(), d.cy(), "198001", "201906"); err != nil {
			return err
		}
	}
	for n > 0 {
		si++
		s, blds := gen.layStreet(st, di, si, n)
		count := 0
		for _, b := range blds {
			count += max(1, b.flats)
		}
		n -= count
		if err := gen.emitStreet(st, di, s, blds, minPer); err != nil {
			return err
		}
	}
	return nil
}

// nameRoot draws the root of a street or building name: a classic root,
// or with Config.NationalNames mostly one of the national tail's.
func (gen *generator) nameRoot(r rnd) string {
	if !gen.cfg.NationalNames || r.chance(classicRootShare) {
		return pick(r, streetRoots)
	}
	return pick(r, tailRoots())
}

// layStreet designs one street and its buildings (at most budget dwellings).
// streetPrefixes qualify a street name when the plain ones run out.
var streetPrefixes = []string{"Upper", "Lower", "Little", "Great", "Old", "New"}

// prefixedStreetNames is how many distinct prefixed names layStreet can
// draw: once a town has taken them all, names repeat across districts.
var prefixedStreetNames = sync.OnceValue(func() int {
	seen := map[string]bool{}
	for _, p := range streetPrefixes {
		for _, root := range streetRoots {
			for _, suf := range streetSuffixes {
				for _, typ := range streetTypes {
					seen[p+" "+root+suf+" "+typ] = true
				}
			}
		}
	}
	return len(seen)
})

// districtStreetName draws a name not yet used in the district outcode.
func (gen *generator) districtStreetName(st *townState, r rnd, outcode string) string {
	for try := 0; ; try++ {
		name := gen.nameRoot(r)
		if try > 3 || r.chance(0.35) {
			name += pick(r, streetSuffixes)
		}
		name += " " + pick(r, streetTypes)
		if try > 30 {
			name = pick(r, streetPrefixes) + " " + name
		}
		if k := outcode + "|" + name; !st.names[k] {
			st.names[k] = true
			return name
		}
	}
}

func (gen *generator) layStreet(st *townState, di, si, budget int) (street, []building) {
	g := st.g
	d := g.districts[di]
	r := newRnd(gen.cfg.Seed, "street", g.t.Name, di, si)
	st.streetSeq++
	s := street{usrn: int64(10_000_000 + g.idx*1_000_000 + int(st.streetSeq))}
	// Name, unique within the town while the town's names last; a
	// national-size town that has taken every prefixed name repeats names
	// across its districts (as real towns do), unique within each.
	for try := 0; ; try++ {
		if try > 30 && st.prefixed >= prefixedStreetNames() {
			s.name = gen.districtStreetName(st, r, g.t.Outcodes[di])
			break
		}
		root := gen.nameRoot(r)
		if try > 3 || r.chance(0.35) {
			root += pick(r, streetSuffixes)
		}
		name := root + " " + pick(r, streetTypes)
		if try > 30 {
			name = fmt.Sprintf("%s %s", pick(r, streetPrefixes), name)
		}
		if !st.names[name] {
			st.names[name] = true
			st.names[g.t.Outcodes[di]+"|"+name] = true // districtStreetName's key
			if try > 30 {
				st.prefixed++
			}
			s.name = name
			break
		}
	}
	if di > 0 || r.chance(0.3) {
		s.locality = g.t.Localities[(di*3+si)%len(g.t.Localities)]
	}
	if di == 0 && si%3 == 0 {
		s.locality = ""
	}
	a := r.between(0, 2*math.Pi)
	s.ux, s.uy = math.Cos(a), math.Sin(a)
	in := d.inset(40)
	s.x0, s.y0 = r.between(in.x0, in.x1), r.between(in.y0, in.y1)
	// Era: the centre is older.
	dist := math.Hypot(s.x0, s.y0) / (g.box.w() / 2)
	eraW := []float64{3 - 2*dist, 2.5 - dist, 2, 2, 1.2, 1, 1, 0.6, 1 + dist, 0.8 + dist, 0.8, 1, 0.5}
	s.era = r.weighted(eraW[:len(gen.bands)])
	year := gen.bands[s.era]
	switch {
	case year.hi < 1930:
		s.style = pick(r, []string{"terraced", "terraced", "terraced", "flats", "semi", "mixed"})
	case year.hi < 1950:
		s.style = pick(r, []string{"semi", "semi", "terraced", "detached", "bungalow"})
	case year.hi < 1976:
		s.style = pick(r, []string{"semi", "terraced", "flats", "bungalow", "mixed"})
	case year.hi < 2003:
		s.style = pick(r, []string{"detached", "semi", "bungalow", "terraced", "mixed"})
	default:
		s.style = pick(r, []string{"flats", "flats", "detached", "terraced", "semi"})
	}
	target := map[string]int{"flats": r.intIn(12, 70), "terraced": r.intIn(16, 60), "semi": r.intIn(12, 40), "detached": r.intIn(6, 24), "bungalow": r.intIn(6, 20), "mixed": r.intIn(12, 40)}[s.style]
	target = min(target, budget)

	var blds []building
	num := [2]int{1, 2} // odd and even sides
	pos := [2]float64{10, 10}
	total := 0
	for total < target {
		side := len(blds) % 2
		kind, form, width, depth, flats, floors := gen.pickBuilding(r, s.style, target-total, len(blds))
		b := building{number: num[side], kind: kind, form: form, flats: flats, floors: floors, year: r.intIn(year.lo, year.hi)}
		num[side] += 2
		if kind == kFlat && flats >= 6 {
			b.name = gen.nameRoot(r) + " " + pick(r, buildingWords)
			if r.chance(0.4) {
				b.number = 0 // named block without a number
				num[side] -= 2
			}
		}
		off := 12.0 + depth/2
		if side == 1 {
			off = -off
		}
		along := pos[side] + width/2
		pos[side] += width + 1
		x := s.x0 + s.ux*along - s.uy*off
		y := s.y0 + s.uy*along + s.ux*off
		x, y = d.clampPt(x, y, 15)
		b.x, b.y = x, y
		b.plot = rect{x - width/2, y - depth/2, x + width/2, y + depth/2}
		b.listed = (b.year < 1900 && r.chance(0.05)) || (st.listed == 0 && (b.year < 1950 || st.streetSeq >= 3))
		if b.listed {
			st.listed++
		}
		blds = append(blds, b)
		total += max(1, flats)
		if flats == 0 && kind != kFlat && r.chance(0.03) && total < target {
			// 12A: a second house squeezed in after 12.
			b2 := b
			b2.suffix = "A"
			b2.listed = false
			b2.x, b2.y = d.clampPt(x+s.ux*(width/2+3), y+s.uy*(width/2+3), 15)
			b2.plot = rect{b2.x - width/3, b2.y - depth/2, b2.x + width/3, b2.y + depth/2}
			blds = append(blds, b2)
			total++
		}
	}
	return s, blds
}

// pickBuilding chooses the kind, built form, plot width/depth, flats and
// floors of the next building on a street of a style.
func (gen *generator) pickBuilding(r rnd, style string, left, i int) (kind, form string, width, depth float64, flats, floors int) {
	if style == "mixed" {
		style = pick(r, []string{"terraced", "semi", "detached", "flats", "bungalow"})
	}
	switch style {
	case "flats":
		n := min(left, r.intIn(6, 30))
		if n < 2 {
			return kTerraced, "Mid-Terrace", 5.5, 20, 0, 2
		}
		fl := max(2, min(8, (n+3)/4))
		return kFlat, "Mid-Terrace", 24, 16, n, fl
	case "terraced":
		form = "Mid-Terrace"
		if i%6 == 0 || i%6 == 5 {
			form = "End-Terrace"
		}
		if r.chance(0.06) && left >= 2 {
			return kFlat, form, 5.5, 20, r.intIn(2, min(3, left)), 3
		}
		return kTerraced, form, r.between(4.8, 6.5), r.between(18, 26), 0, 2
	case "semi":
		return kSemi, "Semi-Detached", r.between(7.5, 10), r.between(24, 32), 0, 2
	case "detached":
		return kDetached, "Detached", r.between(13, 24), r.between(26, 40), 0, 2
	default:
		return kBungalow, pick(r, []string{"Detached", "Semi-Detached"}), r.between(11, 17), r.between(22, 32), 0, 1
	}
}

// dwelling is one residential unit (a property document).
type dwelling struct {
	b          *building
	uprn       int64
	udprn      int64
	sub        string
	floorLevel int
	postcode   string
}

// emitStreet assigns UPRNs and postcodes, then writes the street's
// postcodes and every document of its buildings and dwellings.
func (gen *generator) emitStreet(st *townState, di int, s street, blds []building, minPer int) error {
	g := st.g
	r := newRnd(gen.cfg.Seed, "postcodes", s.usrn)
	// Postcodes: consecutive buildings, never splitting a block.
	type pcAcc struct {
		code   string
		n      int
		sx, sy float64
	}
	var pcs []pcAcc
	per := 0
	for i := range blds {
		b := &blds[i]
		if len(pcs) == 0 || pcs[len(pcs)-1].n >= per {
			code, ok := inward(st.pcSeq[di])
			if !ok {
				return fmt.Errorf("district %s: out of postcodes", g.t.Outcodes[di])
			}
			st.pcSeq[di]++
			pcs = append(pcs, pcAcc{code: g.t.Outcodes[di] + " " + code})
			per = max(minPer, r.intIn(8, 25))
		}
		p := &pcs[len(pcs)-1]
		b.postcode = len(pcs) - 1
		k := max(1, b.flats)
		p.n += k
		p.sx += b.x * float64(k)
		p.sy += b.y * float64(k)
	}
	introduced := "198001"
	if y := gen.bands[s.era].lo; y > 1980 {
		introduced = fmt.Sprintf("%d%02d", blds[0].year, 1+r.IntN(12))
	}
	for _, p := range pcs {
		x, y := p.sx/float64(p.n), p.sy/float64(p.n)
		if err := gen.emitPostcode(st, p.code, x, y, introduced, ""); err != nil {
			return err
		}
		st.postcodes = append(st.postcodes, pcRef{pc: p.code, x: x, y: y})
	}
	st.streets = append(st.streets, streetRef{name: s.name, x: blds[0].x, y: blds[0].y})

	for i := range blds {
		b := &blds[i]
		pc := pcs[b.postcode].code
		if b.flats > 0 {
			st.uprnSeq++
			b.uprn = int64(10_000_000_000 + int64(g.idx)*1_000_000_000 + st.uprnSeq)
			if err := gen.emitBuildingRecord(st, s, b, pc); err != nil {
				return err
			}
			for f := 1; f <= b.flats; f++ {
				st.uprnSeq++
				st.udprnSeq++
				sub := "Flat " + strconv.Itoa(f)
				if b.name == "" && b.flats <= 3 {
					sub = "Flat " + string(rune('A'+f-1))
				}
				dw := dwelling{b: b, uprn: int64(10_000_000_000 + int64(g.idx)*1_000_000_000 + st.uprnSeq),
					udprn: int64(10_000_000 + g.idx*10_000_000 + int(st.udprnSeq)), sub: sub,
					floorLevel: min(b.floors-1, (f-1)*b.floors/b.flats), postcode: pc}
				if err := gen.emitDwelling(st, s, dw); err != nil {
					return err
				}
			}
		} else {
			st.uprnSeq++
			st.udprnSeq++
			dw := dwelling{b: b, uprn: int64(10_000_000_000 + int64(g.idx)*1_000_000_000 + st.uprnSeq),
				udprn: int64(10_000_000 + g.idx*10_000_000 + int(st.udprnSeq)), postcode: pc}
			b.houseUPRN = dw.uprn
			if err := gen.emitDwelling(st, s, dw); err != nil {
				return err
			}
		}
		if b.listed {
			if err := gen.emitListed(st, s, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// addressParts builds the address lines of a dwelling or building.
type addrParts struct {
	sub, name, number, street, locality, town, postcode string
}

func (a addrParts) lines() (l1, l2, l3 string) {
	var parts []string
	numStreet := a.street
	if a.number != "" {
		numStreet = a.number + " " + a.street
	}
	switch {
	case a.sub != "" && a.name != "":
		parts = []string{a.sub + ", " + a.name, numStreet}
	case a.sub != "":
		parts = []string{a.sub + ", " + numStreet}
	case a.name != "":
		parts = []string{a.name, numStreet}
	default:
		parts = []string{numStreet}
	}
	if a.locality != "" {
		parts = append(parts, a.locality)
	}
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	return parts[0], parts[1], parts[2]
}

func (a addrParts) full() string {
	l1, l2, l3 := a.lines()
	var out []string
	for _, s := range []string{l1, l2, l3, a.town, a.postcode} {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}

func (gen *generator) emitPostcode(st *townState, pc string, x, y float64, introduced, terminated string) error {
	g := st.g
	p, ok := mappings.ParsePostcode(pc)
	if !ok {
		return fmt.Errorf("invalid postcode %q", pc)
	}
	c := g.locate(x, y)
	doc := mappings.Postcode{
		Postcode: p.Display(), PostcodeKey: p.Key(), Outcode: p.Outward, Sector: p.Sector(), Area: p.Area(),
		Location: g.pj.point(x, y), Quality: 10, Country: g.t.Country, Region: g.t.Region,
		LADCode: g.t.LADCode, LADName: g.t.LADName, WardCode: g.wards[c.ward].Code, LSOACode: g.lsoas[c.lsoa].Code,
		MSOACode: g.msoas[c.msoa].Code, PostTown: g.t.Name, Introduced: introduced, Terminated: terminated,
		IsTerminated: terminated != "", Source: source,
	}
	if err := gen.sink.Add(mappings.IndexPostcodes, doc.Postcode, doc); err != nil {
		return err
	}
	if terminated != "" {
		return nil
	}
	return gen.emitBroadband(st, doc.Postcode, x, y)
}

func (gen *generator) emitBroadband(st *townState, pc string, x, y float64) error {
	r := newRnd(gen.cfg.Seed, "broadband", pc)
	g := st.g
	central := 1 - clamp(math.Hypot(x, y)/(g.box.w()/2), 0, 1)
	ff := clamp(r.between(0, 100)*0.6+central*40+g.desir(x, y)*10, 0, 100)
	if r.chance(0.25) {
		ff = 100
	}
	gig := clamp(ff+r.between(0, 30), 0, 100)
	ultra := clamp(gig+r.between(0, 15), 0, 100)
	superfast := clamp(96+r.between(0, 4), 0, 100)
	if r.chance(0.05) {
		superfast = r.between(60, 95)
	}
	avg := 40 + ff*2.2 + r.between(0, 40)
	prem := r.intIn(8, 40)
	b := mappings.Broadband{
		Postcode: pc, AvgDownloadSpeed: round1(avg), MaxDownloadSpeed: round1(math.Max(avg*1.8, 80+ff*9)),
		AvgUploadSpeed: round1(avg * r.between(0.12, 0.5)), MaxUploadSpeed: round1(math.Max(20, ff*9)),
		SuperfastAvailablePct: round1(superfast), UltrafastAvailablePct: round1(ultra), GigabitAvailablePct: round1(gig),
		FullFibreAvailablePct: round1(ff), BelowUSOPct: round1(clamp(100-superfast-r.between(0, 3), 0, 100) / 4),
		ConnectionsCount: prem * r.intIn(55, 90) / 100, PremisesCount: prem, DataYear: gen.now.Year() - 1, Source: source,
	}
	return gen.sink.Add(mappings.IndexBroadband, pc, b)
}

// emitBuildingRecord writes the address and the freehold title of a block
// (or converted house) whose flats follow.
func (gen *generator) emitBuildingRecord(st *townState, s street, b *building, pc string) error {
	g := st.g
	num := ""
	if b.number > 0 {
		num = strconv.Itoa(b.number) + b.suffix
	}
	ap := addrParts{name: b.name, number: num, street: s.name, locality: s.locality, town: g.t.Name, postcode: pc}
	p, _ := mappings.ParsePostcode(pc)
	l1, l2, l3 := ap.lines()
	a := mappings.Address{
		UPRN: b.uprn, USRN: s.usrn, BuildingName: b.name, BuildingNumber: num, StreetName: s.name, Locality: s.locality,
		TownName: g.t.Name, PostTown: g.t.Name, Postcode: pc, PostcodeKey: p.Key(), Outcode: p.Outward, Sector: p.Sector(),
		AddressLine1: l1, AddressLine2: l2, AddressLine3: l3, FullAddress: ap.full(), FlatCount: b.flats,
		Location: g.pj.point(b.x, b.y), Classification: "PP", Country: g.t.Country,
		Popularity: 0.3, Source: source,
	}
	mappings.AddressSearchFields(&a)
	if err := gen.sink.Add(mappings.IndexAddresses, strconv.FormatInt(a.UPRN, 10), a); err != nil {
		return err
	}
	gen.titleSeq++
	tr := newRnd(gen.cfg.Seed, "title", b.uprn)
	created := time.Date(max(1990, b.year), time.Month(1+tr.IntN(12)), 1+tr.IntN(28), 0, 0, 0, 0, time.UTC)
	t := mappings.Title{
		TitleNo: fmt.Sprintf("%s%06d", g.t.TitlePfx, gen.titleSeq), UPRN: b.uprn, RecordStatus: "A",
		EstateInterestCode: "F", EstateInterest: "Freehold", TitleClassCode: "A", TitleClass: "Absolute",
		HasRestrictiveCovenant: tr.chance(0.3), CreatedAt: created.Format(time.RFC3339), UpdatedAt: created.AddDate(tr.IntN(10), 0, 0).Format(time.RFC3339),
		AreaSqm: round1(b.plot.areaSqm()), Geometry: g.pj.polygon(b.plot), Centroid: g.pj.point(b.x, b.y), Source: source,
	}
	return gen.sink.Add(mappings.IndexTitles, t.TitleNo, t)
}
