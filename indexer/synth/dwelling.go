package synth

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// home is everything the market and energy models need about a dwelling.
type home struct {
	dw         dwelling
	s          street
	addr       addrParts
	valueNow   float64 // model value today, without transaction noise
	region     string
	codes      codes
	boundaries []string
}

// EPC rating bands by efficiency.
func rating(eff int) string {
	switch {
	case eff >= 92:
		return "A"
	case eff >= 81:
		return "B"
	case eff >= 69:
		return "C"
	case eff >= 55:
		return "D"
	case eff >= 39:
		return "E"
	case eff >= 21:
		return "F"
	}
	return "G"
}

var compass = []string{"E", "NE", "N", "NW", "W", "SW", "S", "SE"}

func compassOf(dx, dy float64) string {
	a := math.Atan2(dy, dx)
	i := int(math.Round(a/(math.Pi/4))) % 8
	if i < 0 {
		i += 8
	}
	return compass[i]
}

var typeMult = map[string]float64{kDetached: 1.18, kSemi: 1.0, kTerraced: 0.93, kFlat: 0.9, kBungalow: 1.06}

// dwellingSpec is what the model draws for one dwelling before its
// documents are written: rooms, value, fabric, roof, plot and position.
// Its parts are drawn in a fixed order from the dwelling's own random
// stream, so the output depends on nothing else.
type dwellingSpec struct {
	kind                       string
	beds, baths, recep, floors int
	area                       float64
	value                      float64 // model value today, without transaction noise
	region                     string
	wall, heating, windows     string
	cur, pot                   int // current and potential energy efficiency
	roofType, roofOrient       string
	pitch, footprint, roofArea float64
	hasGarden                  bool
	garden                     float64
	gardenOrient               string
	parking                    string
	spaces                     int
	tenure                     string
	x, y                       float64 // position in the town's plane
}

func (gen *generator) emitDwelling(st *townState, s street, dw dwelling) error {
	g, b := st.g, dw.b
	r := newRnd(gen.cfg.Seed, "dwelling", dw.uprn)
	band := gen.bands[s.era]
	d := &dwellingSpec{kind: b.kind}
	if dw.sub != "" {
		d.kind = kFlat
	}
	d.drawRooms(r, b, band)
	gen.drawValue(d, r, g, b, band)
	d.drawFabric(r, b.year)
	d.drawRoofAndPlot(r, s, dw)
	d.drawPosition(r, g, b)
	c := g.locate(d.x, d.y)
	p, ap := gen.propertyOf(g, s, dw, d, c, band)
	h := &home{dw: dw, s: s, addr: ap, valueNow: d.value, region: d.region, codes: c}
	pp, _ := mappings.ParsePostcode(dw.postcode)
	h.boundaries = []string{g.t.LADCode, g.wards[c.ward].Code, g.msoas[c.msoa].Code, g.lsoas[c.lsoa].Code, g.townCode, pp.Outward, pp.Area()}

	// Council tax band from the value at the valuation date.
	p.CouncilTaxBand, p.CouncilTaxHistory = gen.councilTax(r, g.t.Country, d.value, d.region)

	// EPC certificates over time.
	epcs := gen.certificates(r, h, p, d.cur, d.pot, d.wall, d.heating, d.windows, d.roofType, d.kind, b.form, d.area, band.label, d.tenure)
	if len(epcs) > 0 {
		last := epcs[len(epcs)-1]
		p.EPCID, p.CurrentEnergyEfficiency, p.PotentialEnergyEfficiency = last.EPCID, last.CurrentEnergyEfficiency, last.PotentialEnergyEfficiency
		p.CurrentEnergyRating, p.PotentialEnergyRating, p.LastEPCDate = last.CurrentEnergyRating, last.PotentialEnergyRating, last.LodgementDate
		p.EPCRenovations = renovations(r, last.CurrentEnergyEfficiency, last.PotentialEnergyEfficiency, d.wall, d.windows, d.heating, d.roofType)
	}

	t := gen.titleOf(r, g, dw, d.tenure)
	p.TitleNo = t.TitleNo

	// Market history (writes sales, listings, events) and the figures it sets.
	if err := gen.market(st, h, p); err != nil {
		return err
	}
	titleDates(r, &t, b.year, p.LastSoldDate)
	p.PredictedValue = int64(math.Round(d.value/1000) * 1000)
	p.PredictedRent = int64(math.Round(d.value*rentYield(d.kind)/12/5) * 5)
	p.PredictedBedrooms = d.beds
	p.PredictedFloorArea = d.area

	a := addressOf(r, g, s, dw, p, d)
	if err := gen.writeDwelling(a, p, epcs, t); err != nil {
		return err
	}
	if err := gen.planning(st, h, p, r); err != nil {
		return err
	}
	ms := &st.msoaStats[c.msoa]
	ms.dwellings++
	ms.desir += g.desir(d.x, d.y)
	if d.kind == kFlat {
		ms.flats++
	}
	if d.kind == kDetached {
		ms.detached++
	}
	return nil
}

// drawRooms draws bedrooms, floor area, bathrooms and reception rooms.
func (d *dwellingSpec) drawRooms(r rnd, b *building, band ageBand) {
	switch d.kind {
	case kFlat:
		d.beds = 1 + r.weighted([]float64{0.35, 0.5, 0.15})
	case kTerraced:
		d.beds = 2 + r.weighted([]float64{0.3, 0.55, 0.15})
	case kSemi:
		d.beds = 2 + r.weighted([]float64{0.15, 0.6, 0.25})
	case kDetached:
		d.beds = 3 + r.weighted([]float64{0.3, 0.45, 0.25})
	default:
		d.beds = 2 + r.weighted([]float64{0.5, 0.4, 0.1})
	}
	perBed := map[string]float64{kFlat: 24, kTerraced: 26, kSemi: 28, kDetached: 32, kBungalow: 30}[d.kind]
	area := (20 + perBed*float64(d.beds)) * r.lognorm(0.08)
	if band.lo < 1930 && d.kind != kFlat {
		area *= 1.06
	}
	d.area = round1(area)
	d.baths = 1
	if d.beds >= 4 || (d.beds == 3 && r.chance(0.4)) {
		d.baths = 2
	}
	if d.beds >= 5 && r.chance(0.5) {
		d.baths = 3
	}
	d.recep = 1
	if d.kind != kFlat && d.beds >= 3 {
		d.recep = 1 + r.weighted([]float64{0.5, 0.4, 0.1})
	}
	d.floors = b.floors
	if d.kind == kFlat {
		d.floors = 1
	}
}

// drawValue sets the value today: region × town × location × type × size ×
// age × latent.
func (gen *generator) drawValue(d *dwellingSpec, r rnd, g *townGeo, b *building, band ageBand) {
	reg := regionOf(g.t.Region)
	hNow := gen.hpi.at(reg.Name, gen.now)
	loc := math.Exp(0.28*g.desir(b.x, b.y) + districtEffect(gen.cfg.Seed, g.t.Outcodes[g.distTree.find(b.x, b.y)]))
	ageMult := 1.0
	switch {
	case band.lo < 1900:
		ageMult = 1.04
	case band.lo >= 2012:
		ageMult = 1.06
	case band.lo >= 1950 && band.lo < 1983:
		ageMult = 0.95
	}
	d.region = reg.Name
	d.value = reg.Base2015 * hNow / 100 * g.t.PriceMult * loc * typeMult[d.kind] * math.Pow(d.area/90, 0.85) * (1 + 0.025*float64(d.beds-3)) * ageMult * r.lognorm(0.05)
}

// drawFabric draws walls, heating, windows and the energy efficiency they
// give (current and potential).
func (d *dwellingSpec) drawFabric(r rnd, year int) {
	d.wall = "Cavity wall, filled cavity"
	switch {
	case year < 1930:
		d.wall = pick(r, []string{"Solid brick, as built, no insulation (assumed)", "Solid brick, with internal insulation", "Sandstone, as built, no insulation (assumed)"})
	case year < 1983:
		d.wall = pick(r, []string{"Cavity wall, filled cavity", "Cavity wall, as built, no insulation (assumed)", "System built, as built, no insulation (assumed)"})
	case year >= 2003:
		d.wall = pick(r, []string{"Average thermal transmittance 0.28 W/m²K", "Timber frame, as built, insulated (assumed)"})
	}
	d.heating = "Boiler and radiators, mains gas"
	switch {
	case r.chance(0.06):
		d.heating = "Air source heat pump, radiators, electric"
	case d.kind == kFlat && r.chance(0.2):
		d.heating = "Electric storage heaters"
	}
	d.windows = "Fully double glazed"
	switch {
	case year < 1930 && r.chance(0.2):
		d.windows = "Single glazed"
	case year >= 2012 && r.chance(0.3):
		d.windows = "High performance glazing"
	case r.chance(0.08):
		d.windows = "Secondary glazing"
	}
	eff := 0.0
	switch {
	case year >= 2012:
		eff = r.between(80, 88)
	case year >= 1996:
		eff = r.between(68, 78)
	case year >= 1967:
		eff = r.between(58, 72)
	case year >= 1930:
		eff = r.between(52, 68)
	default:
		eff = r.between(38, 64)
	}
	if d.kind == kFlat {
		eff += 4
	}
	if d.heating == "Electric storage heaters" {
		eff -= 12
	}
	if d.heating == "Air source heat pump, radiators, electric" {
		eff += 5
	}
	if d.windows == "Single glazed" {
		eff -= 5
	}
	d.cur = int(clamp(math.Round(eff), 1, 100))
	gain := 2 + r.IntN(4)
	if year < 2003 {
		gain = 8 + r.IntN(18)
	}
	d.pot = min(100, d.cur+gain)
}

// drawRoofAndPlot draws the roof, its orientation (the street front), the
// garden, parking and tenure.
func (d *dwellingSpec) drawRoofAndPlot(r rnd, s street, dw dwelling) {
	b, kind, year := dw.b, d.kind, dw.b.year
	d.roofType = "Pitched"
	d.pitch = r.between(30, 45)
	if kind == kFlat && dw.floorLevel < b.floors-1 {
		d.roofType = "Another dwelling above"
	} else if kind == kFlat && r.chance(0.5) {
		d.roofType = "Flat"
		d.pitch = r.between(0, 5)
	}
	d.footprint = b.plot.w() * math.Min(b.plot.h()*0.45, 12)
	if kind == kFlat {
		d.footprint = d.area
	}
	if d.roofType != "Another dwelling above" {
		ra := d.footprint / math.Cos(d.pitch*math.Pi/180)
		if kind == kFlat {
			ra = d.footprint * 1.1 / float64(max(1, b.flats/b.floors))
		}
		d.roofArea = round1(ra)
	}
	frontDX, frontDY := -s.uy, s.ux
	if b.x-s.x0 < 0 && (b.x-s.x0)*frontDX+(b.y-s.y0)*frontDY > 0 {
		frontDX, frontDY = -frontDX, -frontDY
	}
	d.roofOrient = compassOf(frontDX, frontDY)
	gardenOrient := compassOf(-frontDX, -frontDY)
	d.hasGarden = kind != kFlat || (dw.floorLevel == 0 && r.chance(0.15))
	if d.hasGarden {
		d.gardenOrient = gardenOrient
		d.garden = round1(math.Max(8, b.plot.areaSqm()-d.footprint) * r.between(0.6, 0.9))
		if kind == kFlat {
			d.garden = round1(r.between(15, 40))
		}
	}
	d.parking, d.spaces = "On street", 0
	switch {
	case kind == kDetached:
		d.parking, d.spaces = pick(r, []string{"Garage", "Driveway", "Driveway"}), 2
	case kind == kSemi || kind == kBungalow:
		d.parking, d.spaces = pick(r, []string{"Driveway", "Garage", "On street"}), 1
	case kind == kFlat && year >= 1990:
		d.parking, d.spaces = pick(r, []string{"Allocated", "On street"}), 1
	}
	if d.parking == "On street" {
		d.spaces = 0
	}
	d.tenure = "Freehold"
	if kind == kFlat || (year >= 2005 && kind != kDetached && r.chance(0.08)) {
		d.tenure = "Leasehold"
	}
}

// drawPosition places houses at the building, flats at the block with a
// metre or two of spread.
func (d *dwellingSpec) drawPosition(r rnd, g *townGeo, b *building) {
	d.x, d.y = b.x, b.y
	if d.kind == kFlat && b.flats > 1 {
		d.x, d.y = g.districts[g.distTree.find(b.x, b.y)].clampPt(b.x+r.between(-3, 3), b.y+r.between(-3, 3), 15)
	}
}

// dwellingClass is the AddressBase classification of a property type.
var dwellingClass = map[string]string{kDetached: "RD02", kSemi: "RD03", kTerraced: "RD04", kFlat: "RD06", kBungalow: "RD02"}

// propertyOf is the property document of a dwelling (before council tax,
// EPC, title and market figures) and its address parts.
func (gen *generator) propertyOf(g *townGeo, s street, dw dwelling, d *dwellingSpec, c codes, band ageBand) (*mappings.Property, addrParts) {
	b := dw.b
	num := ""
	if b.number > 0 {
		num = strconv.Itoa(b.number) + b.suffix
	}
	ap := addrParts{sub: dw.sub, name: b.name, number: num, street: s.name, locality: s.locality, town: g.t.Name, postcode: dw.postcode}
	l1, l2, l3 := ap.lines()
	pp, _ := mappings.ParsePostcode(dw.postcode)
	year := b.year
	p := &mappings.Property{
		UPRN: dw.uprn, UDPRN: dw.udprn, USRN: s.usrn, ParentUPRN: b.uprn, FullAddress: ap.full(),
		AddressLine1: l1, AddressLine2: l2, AddressLine3: l3, SubBuilding: dw.sub, BuildingName: b.name, BuildingNumber: num,
		StreetName: s.name, Locality: s.locality, TownName: g.t.Name, PostTown: g.t.Name, Postcode: dw.postcode, Outcode: pp.Outward,
		Country: g.t.Country, Region: g.t.Region, LADCode: g.t.LADCode, LADName: g.t.LADName, WardCode: g.wards[c.ward].Code,
		LSOACode: g.lsoas[c.lsoa].Code, MSOACode: g.msoas[c.msoa].Code, Classification: dwellingClass[d.kind],
		PropertyType: d.kind, BuiltForm: b.form, Tenure: d.tenure, ConstructionAgeBand: band.label, YearBuilt: year,
		IsNewBuild: year >= gen.now.Year()-1, WindowsType: d.windows, WallType: d.wall, RoofType: d.roofType,
		RoofOrientation: d.roofOrient, RoofPitchDeg: round1(d.pitch), RoofAreaSqm: d.roofArea, HeatingType: d.heating,
		Bedrooms: d.beds, Bathrooms: d.baths, ReceptionRooms: d.recep, HabitableRooms: d.beds + d.recep, Floors: d.floors,
		EPCFloorArea: d.area, InternalAreaSqm: round1(d.area * 0.96), PlotAreaSqm: round1(b.plot.areaSqm()),
		BuildingFootprintSqm: round1(d.footprint), WidthM: round1(b.plot.w()), DepthM: round1(math.Min(b.plot.h()*0.45, 12)),
		HeightM: round1(2.7*float64(b.floors) + 1.5), HasGarden: d.hasGarden, GardenAreaSqm: d.garden, GardenOrientation: d.gardenOrient,
		HasParking: d.parking != "On street", ParkingType: d.parking, ParkingSpaces: d.spaces, IsListed: b.listed,
		Location: g.pj.point(d.x, d.y), Source: source,
	}
	if d.kind == kFlat {
		fl := dw.floorLevel
		p.FloorLevel = &fl
	}
	return p, ap
}

// titleOf is the dwelling's Land Registry title (dates are set after the
// market history by titleDates).
func (gen *generator) titleOf(r rnd, g *townGeo, dw dwelling, tenure string) mappings.Title {
	b := dw.b
	gen.titleSeq++
	t := mappings.Title{
		TitleNo: fmt.Sprintf("%s%06d", g.t.TitlePfx, gen.titleSeq), UPRN: dw.uprn, RecordStatus: "A",
		EstateInterestCode: "F", EstateInterest: "Freehold", TitleClassCode: "A", TitleClass: "Absolute",
		HasRestrictiveCovenant: r.chance(0.25), Geometry: g.pj.polygon(b.plot), Centroid: g.pj.point(b.x, b.y),
		AreaSqm: round1(b.plot.areaSqm()), Source: source,
	}
	if tenure == "Leasehold" {
		t.EstateInterestCode, t.EstateInterest = "L", "Leasehold"
		if r.chance(0.1) {
			t.TitleClassCode, t.TitleClass = "G", "Good leasehold"
		}
	} else if r.chance(0.03) {
		t.TitleClassCode, t.TitleClass = "P", "Possessory"
	}
	return t
}

// titleDates sets when a title was created (around the year built) and
// last updated (its last sale, when later).
func titleDates(r rnd, t *mappings.Title, year int, lastSold string) {
	created := time.Date(max(1990, year), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
	t.CreatedAt = created.Format(time.RFC3339)
	t.UpdatedAt = created.Format(time.RFC3339)
	if lastSold != "" {
		if d, err := time.Parse("2006-01-02", lastSold); err == nil && d.After(created) {
			t.UpdatedAt = d.Format(time.RFC3339)
		}
	}
}

// addressOf is the address record of a dwelling.
func addressOf(r rnd, g *townGeo, s street, dw dwelling, p *mappings.Property, d *dwellingSpec) mappings.Address {
	pp, _ := mappings.ParsePostcode(dw.postcode)
	a := mappings.Address{
		UPRN: dw.uprn, UDPRN: dw.udprn, USRN: s.usrn, ParentUPRN: dw.b.uprn, SubBuilding: dw.sub, BuildingName: dw.b.name,
		BuildingNumber: p.BuildingNumber, StreetName: s.name, Locality: s.locality, TownName: g.t.Name, PostTown: g.t.Name,
		Postcode: dw.postcode, PostcodeKey: pp.Key(), Outcode: pp.Outward, Sector: pp.Sector(),
		AddressLine1: p.AddressLine1, AddressLine2: p.AddressLine2, AddressLine3: p.AddressLine3, FullAddress: p.FullAddress, IsFlat: d.kind == kFlat,
		Location: p.Location, Classification: p.Classification, Country: g.t.Country,
		Popularity: round2(clamp(0.5+0.2*g.desir(d.x, d.y)+r.between(-0.2, 0.2), 0, 1)), Source: source,
	}
	// The search fields (search_text, numbers, building_key, sort_key, ...)
	// come from the one function every writer of the index shares.
	mappings.AddressSearchFields(&a)
	return a
}

// writeDwelling writes the address, property, EPC and title documents of a
// dwelling.
func (gen *generator) writeDwelling(a mappings.Address, p *mappings.Property, epcs []mappings.EPC, t mappings.Title) error {
	if err := gen.sink.Add(mappings.IndexAddresses, strconv.FormatInt(a.UPRN, 10), a); err != nil {
		return err
	}
	if err := gen.sink.Add(mappings.IndexProperties, strconv.FormatInt(p.UPRN, 10), *p); err != nil {
		return err
	}
	for _, e := range epcs {
		if err := gen.sink.Add(mappings.IndexEPC, e.EPCID, e); err != nil {
			return err
		}
	}
	return gen.sink.Add(mappings.IndexTitles, t.TitleNo, t)
}

func rentYield(kind string) float64 {
	if kind == kFlat {
		return 0.058
	}
	return 0.047
}

// districtEffect is a fixed price effect per postcode district (±12%).
func districtEffect(seed int64, outcode string) float64 {
	r := newRnd(seed, "district-effect", outcode)
	return r.between(-0.12, 0.12)
}

// councilTax returns the band from the value at the valuation date (1 April
// 1991 in England and Scotland, 1 April 2003 in Wales) and its history.
func (gen *generator) councilTax(r rnd, country string, value float64, region string) (string, []mappings.CouncilTaxEntry) {
	var limits []float64
	var valDate, effective string
	switch country {
	case "E":
		limits, valDate, effective = []float64{40000, 52000, 68000, 88000, 120000, 160000, 320000}, "1995-01-01", "1993-04-01"
	case "W":
		limits, valDate, effective = []float64{44000, 65000, 91000, 123000, 162000, 223000, 324000, 424000}, "2003-04-01", "2005-04-01"
	case "S":
		limits, valDate, effective = []float64{27000, 35000, 45000, 58000, 80000, 106000, 212000}, "1995-01-01", "1993-04-01"
	default:
		return "", nil
	}
	vd, _ := time.Parse("2006-01-02", valDate)
	past := value * gen.hpi.at(region, vd) / gen.hpi.at(region, gen.now)
	switch country {
	case "E":
		past *= 1.1 // 1991 prices stood a little above 1995's
	case "S":
		past *= 0.7 // Scottish 1991 values sat well below the regional index's path
	}
	band := len(limits)
	for i, l := range limits {
		if past <= l {
			band = i
			break
		}
	}
	letter := string(rune('A' + band))
	hist := []mappings.CouncilTaxEntry{{Band: letter, Effective: effective, Reason: "Initial valuation"}}
	if r.chance(0.04) && band > 0 {
		// An earlier, lower band before an extension was valued on sale.
		hist[0].Band = string(rune('A' + band - 1))
		hist = append(hist, mappings.CouncilTaxEntry{Band: letter, Effective: fmt.Sprintf("%d-04-01", 2008+r.IntN(15)), Reason: "Improvement on sale"})
	}
	return letter, hist
}

// certificates returns 1-3 EPCs over time, efficiency rising with each
// (the last is the latest); the property's figures come from the last.
func (gen *generator) certificates(r rnd, h *home, p *mappings.Property, cur, pot int, wall, heating, windows, roof, kind, form string, area float64, band, tenure string) []mappings.EPC {
	n := 1 + r.weighted([]float64{0.5, 0.35, 0.15})
	first := time.Date(max(2009, p.YearBuilt), 1, 1, 0, 0, 0, 0, time.UTC)
	span := int(gen.now.Sub(first).Hours()/24) - 7
	if span < 30 {
		span = 30
		first = gen.now.AddDate(0, 0, -37)
	}
	var days []int
	for i := 0; i < n; i++ {
		days = append(days, r.IntN(span))
	}
	sort.Ints(days)
	out := make([]mappings.EPC, 0, n)
	for i, d := range days {
		date := first.AddDate(0, 0, d)
		e := cur - (n-1-i)*r.intIn(2, 6)
		e = max(1, e)
		pe := max(e, min(100, pot-(n-1-i)*r.IntN(3)))
		tt := pick(r, []string{"marketed sale", "rental (private)", "ECO assessment", "none of the above"})
		if i == 0 && p.YearBuilt >= 2009 {
			tt = "new dwelling"
		}
		out = append(out, mappings.EPC{
			EPCID: r.hex(64), UPRN: p.UPRN, Address: joinNonEmpty(p.AddressLine1, p.AddressLine2, p.AddressLine3), Postcode: p.Postcode,
			LodgementDate: day(date), InspectionDate: day(date.AddDate(0, 0, -r.IntN(10))),
			CurrentEnergyRating: rating(e), PotentialEnergyRating: rating(pe), CurrentEnergyEfficiency: e, PotentialEnergyEfficiency: pe,
			PropertyType: map[string]string{kFlat: "Flat", kBungalow: "Bungalow"}[kind], BuiltForm: form,
			TotalFloorArea: area, ConstructionAgeBand: band, HabitableRooms: p.HabitableRooms, Tenure: map[bool]string{true: "Owner-occupied", false: "Rented (private)"}[r.chance(0.7)],
			WindowsDescription: windows, WallsDescription: wall, RoofDescription: roof, MainHeating: heating,
			TransactionType: tt, IsLatest: i == n-1, Source: source,
		})
		if out[i].PropertyType == "" {
			out[i].PropertyType = "House"
		}
	}
	return out
}

func joinNonEmpty(parts ...string) string {
	out := ""
	for _, s := range parts {
		if s == "" {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += s
	}
	return out
}

// renovations splits the gap between current and potential efficiency over
// the recommended measures; efficiency_after rises to the potential.
func renovations(r rnd, cur, pot int, wall, windows, heating, roof string) []mappings.Renovation {
	type measure struct {
		name      string
		low, high int
	}
	var ms []measure
	if roof != "Another dwelling above" {
		ms = append(ms, measure{"Increase loft insulation to 270 mm", 100, 350})
	}
	if len(wall) >= 11 && wall[:11] == "Solid brick" {
		ms = append(ms, measure{"Internal or external wall insulation", 4000, 14000})
	} else if wall == "Cavity wall, as built, no insulation (assumed)" {
		ms = append(ms, measure{"Cavity wall insulation", 500, 1500})
	}
	if windows == "Single glazed" {
		ms = append(ms, measure{"Replace single glazed windows with low-E double glazed windows", 3300, 6500})
	}
	ms = append(ms, measure{"Low energy lighting for all fixed outlets", 20, 60})
	if heating == "Boiler and radiators, mains gas" {
		ms = append(ms, measure{"Heating controls (room thermostat and TRVs)", 350, 450})
	}
	ms = append(ms, measure{"Solar water heating", 4000, 6000}, measure{"Solar photovoltaic panels, 2.5 kWp", 3500, 5500})
	gap := pot - cur
	if gap <= 0 {
		return nil
	}
	k := min(len(ms), 1+gap/6)
	out := make([]mappings.Renovation, 0, k)
	e := cur
	for i := 0; i < k; i++ {
		step := gap / k
		if i == k-1 {
			step = pot - e
		}
		e += step
		m := ms[i]
		if k < len(ms) && i == k-1 {
			m = ms[len(ms)-1] // the biggest single gain last
		}
		out = append(out, mappings.Renovation{
			Improvement: m.name, IndicativeCostLow: m.low, IndicativeCostHigh: m.high,
			TypicalSavingYear: 20 + step*r.intIn(8, 15), EfficiencyAfter: e, RatingAfter: rating(e),
		})
	}
	return out
}
