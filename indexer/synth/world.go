package synth

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// area is one statistical or administrative area (ward, MSOA, LSOA).
type area struct {
	Code, Name string
	R          rect
	Parent     int     // MSOA index of an LSOA
	Desir      float64 // desirability at the centre
	Score      float64 // deprivation score (LSOAs)
}

// bump is one hot or cold spot of the desirability field.
type bump struct{ x, y, a, s float64 }

// townGeo is the built geography of one town.
type townGeo struct {
	t         town
	idx       int
	pj        proj
	box       rect
	props     int
	districts []rect
	distTree  *kdNode
	wards     []area
	wardTree  *kdNode
	msoas     []area
	msoaTree  *kdNode
	lsoas     []area
	lsoaTrees []*kdNode // per MSOA
	lsoaOff   []int     // first LSOA index per MSOA
	bumps     []bump
	townCode  string
}

// codes are the areas containing a point.
type codes struct{ ward, msoa, lsoa, district int }

func (g *townGeo) locate(x, y float64) codes {
	m := g.msoaTree.find(x, y)
	return codes{ward: g.wardTree.find(x, y), msoa: m, lsoa: g.lsoaOff[m] + g.lsoaTrees[m].find(x, y), district: g.distTree.find(x, y)}
}

// desir is the desirability field (about -1.5..1.5): smooth hot and cold
// spots; it drives prices, deprivation and the census mix.
func (g *townGeo) desir(x, y float64) float64 {
	d := 0.0
	for _, b := range g.bumps {
		dx, dy := x-b.x, y-b.y
		d += b.a * math.Exp(-(dx*dx+dy*dy)/(2*b.s*b.s))
	}
	return clamp(d, -1.5, 1.5)
}

// maxDistrictProps is the most dwellings one postcode district holds: its
// 4,000 inward codes (inward) fill up beyond about this many, with every
// street starting a postcode of its own.
const maxDistrictProps = 30000

// maxDistrictNumber is the highest district number of a postcode area
// (the outward code's digits run 1 to 99).
const maxDistrictNumber = 99

// scaledOutcodes adds districts to a town too big for its real outcodes
// (past about 1.1M properties in all): the next numbers of its postcode
// area ("TF3" → "TF4", "TF5" ... "TF99"), then those of its overflow
// areas in order ("WV1" ...). A town that would need more districts than
// those areas have keeps them all, each holding more dwellings. Smaller
// worlds keep the real list, so their output is unchanged.
func scaledOutcodes(outcodes, overflow []string, props int) []string {
	need := (props + maxDistrictProps - 1) / maxDistrictProps
	if need <= len(outcodes) {
		return outcodes
	}
	out := append([]string(nil), outcodes...)
	have := map[string]bool{}
	for _, oc := range out {
		have[oc] = true
	}
	for _, area := range append([]string{postcodeArea(outcodes[0])}, overflow...) {
		for n := 1; n <= maxDistrictNumber && len(out) < need; n++ {
			if oc := fmt.Sprintf("%s%d", area, n); !have[oc] {
				out = append(out, oc)
				have[oc] = true
			}
		}
	}
	return out
}

// buildTown lays out one town: its box, postcode districts, wards, MSOAs
// and LSOAs (all kd partitions of the box, so every level tiles the town
// without gaps or overlaps and every LSOA nests in its MSOA).
func buildTown(seed int64, idx int, t town, props int) *townGeo {
	r := newRnd(seed, "town", t.Name)
	t.Outcodes = scaledOutcodes(t.Outcodes, t.Overflow, props)
	g := &townGeo{t: t, idx: idx, pj: newProj(t.Lat, t.Lon), props: props, townCode: "T" + t.LADCode}
	side := 2600 * math.Sqrt(float64(len(t.Outcodes)))
	g.box = rect{-side / 2, -side / 2, side / 2, side / 2}
	n := 0
	g.distTree = kdSplit(g.box, len(t.Outcodes), &n, r, 0.15)
	g.districts = g.distTree.leaves(nil)
	for i := 0; i < 5; i++ {
		g.bumps = append(g.bumps, bump{x: r.between(-side/2, side/2), y: r.between(-side/2, side/2), a: r.between(-1.1, 1.1), s: r.between(side/8, side/3)})
	}
	wardP, msoaP, lsoaP := onsCodes(t.Country)
	nLSOA := max(4, props/350)
	nMSOA := max(2, (nLSOA+4)/5)
	nWard := max(2, nLSOA/6)
	base := 100000 + idx*10000

	n = 0
	g.wardTree = kdSplit(g.box, nWard, &n, r, 0.2)
	for i, wr := range g.wardTree.leaves(nil) {
		name := t.Localities[i%len(t.Localities)]
		if k := i / len(t.Localities); k > 0 {
			name += []string{"", " North", " South", " East", " West", " Central", " Park", " Vale"}[k%8]
			if k >= 8 {
				name += fmt.Sprintf(" %d", k/8+1)
			}
		}
		g.wards = append(g.wards, area{Code: fmt.Sprintf("%s%06d", wardP, base+i), Name: name, R: wr})
	}
	n = 0
	g.msoaTree = kdSplit(g.box, nMSOA, &n, r, 0.2)
	for i, mr := range g.msoaTree.leaves(nil) {
		g.msoas = append(g.msoas, area{Code: fmt.Sprintf("%s%06d", msoaP, base+i), Name: fmt.Sprintf("%s %03d", t.LADName, i+1), R: mr, Desir: g.desir(mr.cx(), mr.cy())})
	}
	for mi := range g.msoas {
		k := nLSOA / nMSOA
		if mi < nLSOA%nMSOA {
			k++
		}
		n = 0
		tr := kdSplit(g.msoas[mi].R, k, &n, r, 0.2)
		g.lsoaTrees = append(g.lsoaTrees, tr)
		g.lsoaOff = append(g.lsoaOff, len(g.lsoas))
		for j, lr := range tr.leaves(nil) {
			g.lsoas = append(g.lsoas, area{
				Code: fmt.Sprintf("%s%06d", lsoaP, base+len(g.lsoas)), Name: fmt.Sprintf("%s %03d%c", t.LADName, mi+1, 'A'+rune(j%26)),
				R: lr, Parent: mi, Desir: g.desir(lr.cx(), lr.cy()),
			})
		}
	}
	for i := range g.lsoas {
		lr := newRnd(seed, "imd", g.lsoas[i].Code)
		g.lsoas[i].Score = clamp(26-14*g.lsoas[i].Desir+lr.NormFloat64()*7, 1.5, 85)
	}
	return g
}

// emitBoundaries writes the town, LAD, postcode area and districts, wards,
// MSOAs and LSOAs of one town.
func (gen *generator) emitBoundaries(g *townGeo) error {
	t := g.t
	add := func(code, name, display, typ string, level int, parent string, pop int, rr rect) error {
		gen.boundaryID++
		b := mappings.Boundary{
			ID: gen.boundaryID, Code: code, Name: name, DisplayName: display, NameSuggest: name, Type: typ,
			AdminLevel: level, ParentCode: parent, LADCode: t.LADCode, Population: pop,
			Geometry: g.pj.polygon(rr), Centroid: g.pj.point(rr.cx(), rr.cy()), Source: source,
		}
		return gen.sink.Add(mappings.IndexBoundaries, fmt.Sprint(b.ID), b)
	}
	pop := int(t.Weight * 1000)
	if err := add(g.townCode, t.Name, t.Name+", "+t.County, "town", 7, t.LADCode, pop, g.box); err != nil {
		return err
	}
	if err := add(t.LADCode, t.LADName, t.LADName+", "+t.County, "lad", 6, "", pop, g.box); err != nil {
		return err
	}
	pa := postcodeArea(t.Outcodes[0])
	if err := add(pa, pa+" "+t.Name, pa+" postcode area, "+t.Name, "postcode_area", 5, "", pop, g.box); err != nil {
		return err
	}
	// Districts of overflow areas (national-size worlds only) have their
	// own area as parent; those areas come after the town's other
	// boundaries, so the ids of everything before them stay the same.
	extra := map[string]rect{}
	var extraOrder []string
	for i, d := range g.districts {
		oc := t.Outcodes[i]
		parent := postcodeArea(oc)
		if parent != pa {
			if r, ok := extra[parent]; ok {
				extra[parent] = r.union(d)
			} else {
				extra[parent] = d
				extraOrder = append(extraOrder, parent)
			}
		}
		if err := add(oc, oc, oc+", "+t.Name, "postcode_district", 7, parent, pop/len(g.districts), d); err != nil {
			return err
		}
	}
	for _, w := range g.wards {
		if err := add(w.Code, w.Name, w.Name+", "+t.Name, "ward", 8, t.LADCode, pop/len(g.wards), w.R); err != nil {
			return err
		}
	}
	for _, m := range g.msoas {
		if err := add(m.Code, m.Name, m.Name+", "+t.Name, "msoa", 9, t.LADCode, pop/len(g.msoas), m.R); err != nil {
			return err
		}
	}
	for _, l := range g.lsoas {
		if err := add(l.Code, l.Name, l.Name+", "+t.Name, "lsoa", 10, g.msoas[l.Parent].Code, pop/len(g.lsoas), l.R); err != nil {
			return err
		}
	}
	for _, a := range extraOrder {
		if err := add(a, a+" "+t.Name, a+" postcode area, "+t.Name, "postcode_area", 5, "", pop/len(g.districts), extra[a]); err != nil {
			return err
		}
	}
	return nil
}

// emitRegions writes one region boundary per HPI region: a MultiPolygon of
// the boxes of its towns.
func (gen *generator) emitRegions() error {
	for _, reg := range regions() {
		var polys []string
		var cent *mappings.GeoPoint
		for _, g := range gen.towns {
			if g.t.Region != reg.Name {
				continue
			}
			polys = append(polys, string(g.pj.polygon(g.box).Coordinates))
			if cent == nil {
				cent = g.pj.point(0, 0)
			}
		}
		if len(polys) == 0 {
			continue
		}
		gen.boundaryID++
		b := mappings.Boundary{
			ID: gen.boundaryID, Code: "R-" + strings.ReplaceAll(strings.ToLower(reg.Name), " ", "-"), Name: reg.Name, DisplayName: reg.Name,
			NameSuggest: reg.Name, Type: "region", AdminLevel: 4,
			Geometry: &mappings.Geometry{Type: "MultiPolygon", Coordinates: []byte("[" + strings.Join(polys, ",") + "]")},
			Centroid: cent, Source: source,
		}
		if err := gen.sink.Add(mappings.IndexBoundaries, fmt.Sprint(b.ID), b); err != nil {
			return err
		}
	}
	return nil
}

func postcodeArea(outcode string) string {
	i := 0
	for i < len(outcode) && outcode[i] >= 'A' && outcode[i] <= 'Z' {
		i++
	}
	return outcode[:i]
}

var imdDomains = []string{"income", "employment", "education", "health", "crime", "housing", "environment"}

// emitDeprivation ranks the LSOAs of each nation among themselves, as each
// nation's own index does (IMD, WIMD, SIMD, NIMDM): rank 1 = most deprived
// (highest score). The generated areas stand for a sample of the nation, so
// a local rank is spread over the national count of ranked areas and
// deciles follow the national rank. Towns in the postcode areas the
// specification lists as uncovered get no deprivation documents.
func (gen *generator) emitDeprivation() error {
	type ref struct{ t, l int }
	covered := func(g *townGeo) bool {
		whole, _ := mappings.DeprivationUncovered(postcodeArea(g.t.Outcodes[0]))
		return !whole
	}
	byNation := map[string][]ref{}
	for ti, g := range gen.towns {
		if !covered(g) {
			continue
		}
		for li := range g.lsoas {
			byNation[g.t.Country] = append(byNation[g.t.Country], ref{ti, li})
		}
	}
	domScore := func(x ref, d int) float64 {
		l := gen.towns[x.t].lsoas[x.l]
		r := newRnd(gen.cfg.Seed, "imd-domain", l.Code, d)
		return clamp(l.Score*r.between(0.6, 1.4)+r.NormFloat64()*4, 0.5, 95)
	}
	overall, domRanks := map[ref]int{}, make([]map[ref]int, len(imdDomains))
	for d := range domRanks {
		domRanks[d] = map[ref]int{}
	}
	for country, all := range byNation {
		idx, _ := mappings.DeprivationIndexOf(country)
		n, total := len(all), idx.AreaCount
		rankBy := func(score func(ref) float64, into map[ref]int) {
			s := append([]ref(nil), all...)
			sort.SliceStable(s, func(i, j int) bool { return score(s[i]) > score(s[j]) })
			for i, x := range s {
				into[x] = 1 + i*total/n
			}
		}
		rankBy(func(x ref) float64 { return gen.towns[x.t].lsoas[x.l].Score }, overall)
		for d := range imdDomains {
			rankBy(func(x ref) float64 { return domScore(x, d) }, domRanks[d])
		}
	}
	decile := func(rank, total int) int { return min(10, (rank-1)*10/total+1) }
	for ti, g := range gen.towns {
		if !covered(g) {
			continue
		}
		idx, _ := mappings.DeprivationIndexOf(g.t.Country)
		total := idx.AreaCount
		// rank within the LAD
		lad := make([]int, len(g.lsoas))
		for i := range lad {
			lad[i] = i
		}
		sort.SliceStable(lad, func(i, j int) bool { return overall[ref{ti, lad[i]}] < overall[ref{ti, lad[j]}] })
		ladRank := make([]int, len(g.lsoas))
		for pos, li := range lad {
			ladRank[li] = pos + 1
		}
		for li, l := range g.lsoas {
			x := ref{ti, li}
			rk := overall[x]
			d := mappings.Deprivation{
				LSOACode: l.Code, LSOAName: l.Name, LADCode: g.t.LADCode, LADName: g.t.LADName,
				Rank: rk, Decile: decile(rk, total), Score: round2(l.Score), LADRank: ladRank[li], LADCount: len(g.lsoas),
				TotalLSOAs: total, Edition: idx.Edition, Source: source,
			}
			for di, name := range imdDomains {
				dr := domRanks[di][x]
				d.Domains = append(d.Domains, mappings.DeprivationDomain{Domain: name, Rank: dr, Decile: decile(dr, total), Score: round2(domScore(x, di) / 100)})
			}
			if err := gen.sink.Add(mappings.IndexDeprivation, l.Code, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// emitCouncilTax writes the band charges of each billing authority for the
// six financial years up to the reference date's.
func (gen *generator) emitCouncilTax(g *townGeo) error {
	t := g.t
	if t.BandDPence == 0 {
		return nil // Northern Ireland levies domestic rates, not council tax
	}
	ratios := map[string][]float64{
		"E": {6, 7, 8, 9, 11, 13, 15, 18},
		"W": {6, 7, 8, 9, 11, 13, 15, 18, 21},
		"S": {240. / 40, 280. / 40, 320. / 40, 9, 473. / 40, 585. / 40, 705. / 40, 882. / 40},
	}[t.Country]
	fy := gen.now.Year()
	if gen.now.Month() < time.April {
		fy--
	}
	r := newRnd(gen.cfg.Seed, "ctax", t.LADCode)
	d := float64(t.BandDPence)
	for y := 2020; y <= fy; y++ {
		if y > 2020 {
			d *= 1 + r.between(0.025, 0.0499)
		}
		bandD := int64(math.Round(d))
		year := fmt.Sprintf("%d-%02d", y, (y+1)%100)
		c := mappings.CouncilTaxCharge{
			ID: t.LADCode + "-" + year, LADCode: t.LADCode, BillingAuthority: t.LADName, Year: year,
			BandDChargePence: bandD, ChargesPence: map[string]int64{}, Source: source,
		}
		for i, ratio := range ratios {
			c.ChargesPence[string(rune('A'+i))] = int64(math.Round(float64(bandD) * ratio / 9))
		}
		if err := gen.sink.Add(mappings.IndexCouncilTax, c.ID, c); err != nil {
			return err
		}
	}
	return nil
}
