package importer

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/indexer/extsort"
	"github.com/ukpd/propertyapi/mappings"
)

// epcCert is one parsed certificate with the fields the transforms need.
type epcCert struct {
	file                            string
	line                            int
	doc                             mappings.EPC
	uprn                            int64
	addr                            [3]string
	postTown                        string
	ladCode                         string
	builtForm, floorLevel, lodgedAt string
	habitable                       int
}

// epcCols finds columns by name; bulk files use UPPER_SNAKE names and the
// API lower-kebab ones, and normCol makes them equal.
type epcCols struct {
	lmk, a1, a2, a3, postcode, uprn, lodged, lodgedAt, inspected        int
	curRating, potRating, curEff, potEff, ptype, builtForm, area, age   int
	rooms, tenure, windows, walls, roof, heating, txType, posttown, lad int
	floorLevel                                                          int
}

func newEPCCols(h header) (epcCols, error) {
	c := epcCols{
		lmk: h.index("lmk-key"), a1: h.index("address1"), a2: h.index("address2"), a3: h.index("address3"),
		postcode: h.index("postcode"), uprn: h.index("uprn"), lodged: h.index("lodgement-date"),
		lodgedAt: h.index("lodgement-datetime"), inspected: h.index("inspection-date"),
		curRating: h.index("current-energy-rating"), potRating: h.index("potential-energy-rating"),
		curEff: h.index("current-energy-efficiency"), potEff: h.index("potential-energy-efficiency"),
		ptype: h.index("property-type"), builtForm: h.index("built-form"), area: h.index("total-floor-area"),
		age: h.index("construction-age-band"), rooms: h.index("number-habitable-rooms"), tenure: h.index("tenure"),
		windows: h.index("windows-description"), walls: h.index("walls-description"), roof: h.index("roof-description"),
		heating: h.index("mainheat-description"), txType: h.index("transaction-type"), posttown: h.index("posttown"),
		lad: h.index("local-authority"), floorLevel: h.index("floor-level"),
	}
	if name, missing := missingColumn(map[string]int{"lmk-key": c.lmk, "postcode": c.postcode, "lodgement-date": c.lodged, "address1": c.a1}); missing {
		return c, fmt.Errorf("EPC header lacks column %q", name)
	}
	return c, nil
}

var reAgeBand = regexp.MustCompile(`(?i)^(?:england and wales|scotland|northern ireland)?:?\s*(.*)$`)

// normAgeBand turns "England and Wales: 1976-1982" into "1976-1982",
// "England and Wales: before 1900" into "before 1900", and reports a bare
// year ("2012") as the year built.
func normAgeBand(s string) (band string, year int) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "NO DATA!") || strings.EqualFold(s, "INVALID!") {
		return "", 0
	}
	if y, err := strconv.Atoi(s); err == nil && y > 1500 && y < 2200 {
		return s, y
	}
	if m := reAgeBand.FindStringSubmatch(s); m != nil {
		return strings.TrimSpace(m[1]), 0
	}
	return s, 0
}

// epcPropertyType maps EPC property type and built form onto the project's
// property types (Detached, Semi-Detached, Terraced, Flat, Bungalow).
func epcPropertyType(ptype, form string) string {
	switch strings.ToLower(ptype) {
	case "flat", "maisonette":
		return "Flat"
	case "bungalow", "park home":
		return "Bungalow"
	}
	f := strings.ToLower(form)
	switch {
	case strings.Contains(f, "semi"):
		return "Semi-Detached"
	case strings.Contains(f, "terrace"):
		return "Terraced"
	case strings.Contains(f, "detached"):
		return "Detached"
	}
	return ptype
}

// epcFloorLevel parses "01", "1st", "Ground", "-1", "Basement".
func epcFloorLevel(s string) *int {
	s = strings.ToLower(strings.TrimSpace(s))
	var n int
	switch {
	case s == "":
		return nil
	case strings.HasPrefix(s, "ground"):
		n = 0
	case strings.HasPrefix(s, "basement"):
		n = -1
	default:
		digits := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(s, " floor"), "+"), "stndrh")
		v, err := strconv.Atoi(digits)
		if err != nil || v < -5 || v > 100 {
			return nil
		}
		n = v
	}
	return &n
}

// ptrs lists the column positions in a fixed order: a certificate is
// spilled to the external sort as these fields only, and read back with
// epcProjected (position i holds field i).
func (c *epcCols) ptrs() []*int {
	return []*int{&c.lmk, &c.a1, &c.a2, &c.a3, &c.postcode, &c.uprn, &c.lodged, &c.lodgedAt, &c.inspected,
		&c.curRating, &c.potRating, &c.curEff, &c.potEff, &c.ptype, &c.builtForm, &c.area, &c.age,
		&c.rooms, &c.tenure, &c.windows, &c.walls, &c.roof, &c.heating, &c.txType, &c.posttown, &c.lad,
		&c.floorLevel}
}

// epcProjected is the column map of a projected record.
var epcProjected = func() epcCols {
	var c epcCols
	for i, p := range c.ptrs() {
		*p = i
	}
	return c
}()

// project keeps the fields the transform reads, in ptrs order.
func (c epcCols) project(rec []string) []string {
	ps := c.ptrs()
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = get(rec, *p)
	}
	return out
}

// readEPCFile calls each with every valid certificate, its row projected
// onto the columns the transform reads.
func readEPCFile(ctx context.Context, path string, rep *Report, each func(c epcCert, projected []string) error) error {
	return withCSVFile(path, newEPCCols, func(cf *csvFile, c epcCols) error {
		return eachRecord(ctx, cf, rep, func(rec []string, line int) error {
			cert, reason := epcFromRecord(rec, c)
			if reason != "" {
				rep.reject(cf.name, line, "%s", reason)
				return nil
			}
			cert.file, cert.line = cf.name, line
			return each(cert, c.project(rec))
		})
	})
}

// epcFromRecord is the pure transform of one certificate row.
func epcFromRecord(rec []string, c epcCols) (epcCert, string) {
	var e epcCert
	g := func(i int) string { return get(rec, i) }
	id := g(c.lmk)
	if id == "" {
		return e, "missing LMK key"
	}
	p, ok := mappings.ParsePostcode(g(c.postcode))
	if !ok {
		return e, fmt.Sprintf("certificate %s: invalid postcode %q", id, g(c.postcode))
	}
	lodged := g(c.lodged)
	if len(lodged) > 10 {
		lodged = lodged[:10]
	}
	if !validISODate(lodged) {
		return e, fmt.Sprintf("certificate %s: invalid lodgement date %q", id, g(c.lodged))
	}
	if s := g(c.uprn); s != "" {
		u, err := strconv.ParseInt(strings.TrimSuffix(s, ".0"), 10, 64)
		if err != nil || u <= 0 {
			return e, fmt.Sprintf("certificate %s: invalid UPRN %q", id, s)
		}
		e.uprn = u
	}
	e.addr = [3]string{g(c.a1), g(c.a2), g(c.a3)}
	e.postTown, e.ladCode = g(c.posttown), g(c.lad)
	e.builtForm, e.floorLevel, e.lodgedAt = g(c.builtForm), g(c.floorLevel), g(c.lodgedAt)
	band, _ := normAgeBand(g(c.age))
	insp := g(c.inspected)
	if !validISODate(insp) {
		insp = ""
	}
	e.habitable = optInt(g(c.rooms))
	e.doc = mappings.EPC{
		EPCID: id, UPRN: e.uprn, Postcode: p.Display(), LodgementDate: lodged, InspectionDate: insp,
		Address:                   mappings.JoinNonEmpty(", ", e.addr[0], e.addr[1], e.addr[2]),
		CurrentEnergyRating:       g(c.curRating),
		PotentialEnergyRating:     g(c.potRating),
		CurrentEnergyEfficiency:   optInt(g(c.curEff)),
		PotentialEnergyEfficiency: optInt(g(c.potEff)),
		PropertyType:              g(c.ptype),
		BuiltForm:                 nodata(g(c.builtForm)),
		TotalFloorArea:            optFloat(g(c.area)),
		ConstructionAgeBand:       band,
		HabitableRooms:            e.habitable,
		Tenure:                    epcTenure(g(c.tenure)),
		WindowsDescription:        g(c.windows),
		WallsDescription:          g(c.walls),
		RoofDescription:           g(c.roof),
		MainHeating:               g(c.heating),
		TransactionType:           g(c.txType),
		Source:                    "epc",
	}
	return e, ""
}

// epcTenure shortens the long "Not defined - use in the case of a new
// dwelling ..." value and the "NO DATA!" marker.
func epcTenure(s string) string {
	if strings.HasPrefix(strings.ToLower(s), "not defined") {
		return "Not defined"
	}
	return nodata(s)
}

func nodata(s string) string {
	if strings.EqualFold(s, "NO DATA!") || strings.EqualFold(s, "INVALID!") {
		return ""
	}
	return s
}

// ImportEPC reads domestic EPC certificate files. Per UPRN the latest
// lodgement (lodgement date, then lodgement datetime, then LMK key) is the
// property's EPC: it gets is_latest and yields a Property and an Address
// document built from the certificate address; the others stay in the epc
// index as history. Certificates without a UPRN are kept in the epc index,
// grouped by postcode and normalised address for is_latest, findable by
// postcode and address.
//
// Memory is bounded whatever the file size: certificates are grouped by an
// external sort (runs of env.SortMemory bytes spilled under env.TempDir),
// keyed by UPRN so that the groups come out in UPRN order and are joined
// to the OS Open UPRN points (env.UPRNCoordsFiles, sorted the same way) by
// a merge; a repeated LMK key is found by a second sort of the keys. Only
// one group of certificates is held at a time.
func ImportEPC(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("epc", files)
	certs, err := extsort.New(env.TempDir, env.SortMemory, &rep.spill)
	if err != nil {
		return rep, err
	}
	defer certs.Close()
	lmks, err := newDupFinder(env, &rep.spill)
	if err != nil {
		return rep, err
	}
	defer lmks.close()
	var key, val []byte
	for fi, path := range files {
		err := readEPCFile(ctx, path, rep, func(c epcCert, projected []string) error {
			seq := rowSeq(fi, c.line)
			key = epcGroupKey(key[:0], &c)
			key = appendSeq(key, seq)
			val = appendStrings(val[:0], projected...)
			if err := certs.Add(key, val); err != nil {
				return err
			}
			return lmks.add([]byte(c.doc.EPCID), seq)
		})
		if err != nil {
			return rep, err
		}
	}
	dups, err := lmks.find()
	if err != nil {
		return rep, err
	}
	isDup := func(seq uint64) bool { o, ok := dups[seq]; return ok && o.N > 1 }

	coords, err := newCoordJoin(ctx, env, rep)
	if err != nil {
		return rep, err
	}
	defer coords.close()
	em := emitter{sink, rep}
	var group []*epcCert
	var groupKey []byte
	var fields []string
	emitGroup := func() error {
		if len(group) == 0 {
			return nil
		}
		err := emitEPCGroup(group, em, coords, rep)
		group = group[:0]
		return err
	}
	err = certs.Iterate(func(k, v []byte) error {
		g, seq := splitSeq(k)
		fi, line := seqFileLine(seq)
		if isDup(seq) {
			o := dups[seq]
			ff, fl := seqFileLine(o.First)
			rep.reject(filepath.Base(files[fi]), line, "duplicate certificate (LMK key of %s:%d)", filepath.Base(files[ff]), fl)
			return nil
		}
		if !bytes.Equal(g, groupKey) {
			if err := emitGroup(); err != nil {
				return err
			}
			groupKey = append(groupKey[:0], g...)
		}
		var err error
		if fields, err = readStrings(v, fields); err != nil {
			return err
		}
		c, reason := epcFromRecord(fields, epcProjected)
		if reason != "" {
			return fmt.Errorf("epc: certificate changed between passes: %s", reason)
		}
		c.file, c.line = filepath.Base(files[fi]), line
		group = append(group, &c)
		if len(group) == 1 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		err = emitGroup()
	}
	if err == nil {
		err = coords.finish()
	}
	return rep, err
}

// emitEPCGroup sends the certificates of one property, newest first and
// the newest marked latest, and the address and property documents the
// newest describes, located at its UPRN's point.
func emitEPCGroup(group []*epcCert, em emitter, coords *coordJoin, rep *Report) error {
	sort.SliceStable(group, func(i, j int) bool {
		a, b := group[i], group[j]
		if a.doc.LodgementDate != b.doc.LodgementDate {
			return a.doc.LodgementDate > b.doc.LodgementDate
		}
		if a.lodgedAt != b.lodgedAt {
			return a.lodgedAt > b.lodgedAt
		}
		return a.doc.EPCID > b.doc.EPCID
	})
	for i, c := range group {
		c.doc.IsLatest = i == 0
		if err := em.add(mappings.IndexEPC, c.doc.EPCID, c.doc); err != nil {
			return err
		}
	}
	latest := group[0]
	if latest.uprn == 0 {
		rep.mark("certificates without UPRN (epc index only)", len(group))
		return nil
	}
	loc, err := coords.point(latest.uprn)
	if err != nil {
		return err
	}
	addr, prop := epcAddressDocs(latest, loc)
	id := strconv.FormatInt(latest.uprn, 10)
	if err := em.add(mappings.IndexAddresses, id, addr); err != nil {
		return err
	}
	return em.add(mappings.IndexProperties, id, prop)
}

// epcGroupKey is the external sort key of a certificate's group: UPRN
// groups ("u" + the UPRN big-endian, so in UPRN order) after the
// certificates without UPRN ("a" + postcode and normalised address).
func epcGroupKey(b []byte, c *epcCert) []byte {
	if c.uprn != 0 {
		return binary.BigEndian.AppendUint64(append(b, 'u'), uint64(c.uprn))
	}
	b = append(b, 'a')
	b = append(b, c.doc.Postcode...)
	b = append(b, '|')
	b = append(b, normAddr(c.doc.Address)...)
	return append(b, 0)
}

// epcAddressDocs builds the Address and Property of a UPRN from its latest
// certificate.
func epcAddressDocs(c *epcCert, loc *mappings.GeoPoint) (mappings.Address, mappings.Property) {
	p, _ := mappings.ParsePostcode(c.doc.Postcode)
	pa := parseAddressLines(c.addr[0], c.addr[1], c.addr[2])
	town := titleCase(c.postTown)
	lines := []string{}
	for _, l := range c.addr {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	full := mappings.JoinNonEmpty(", ", append(append([]string{}, lines...), town, p.Display())...)
	country := ""
	if len(c.ladCode) > 0 {
		country = c.ladCode[:1]
	}
	numbers := []string{}
	for _, n := range []string{pa.number, normSub(pa.sub)} {
		if n != "" && reNumberOnly.MatchString(n) {
			numbers = append(numbers, strings.ToLower(n))
		}
	}
	isFlat := pa.sub != "" || strings.EqualFold(c.doc.PropertyType, "Flat") || strings.EqualFold(c.doc.PropertyType, "Maisonette")
	buildingKey := ""
	if isFlat {
		buildingKey = p.Key() + "|" + normAddr(mappings.JoinNonEmpty(" ", pa.name, pa.number, pa.street))
	}
	a := mappings.Address{
		UPRN: c.uprn, SubBuilding: pa.sub, BuildingName: pa.name, BuildingNumber: pa.number,
		StreetName: pa.street, Locality: pa.locality, TownName: town, PostTown: town,
		Postcode: p.Display(), PostcodeKey: p.Key(), Outcode: p.Outward, Sector: p.Sector(),
		AddressLine1: get(lines, 0), AddressLine2: get(lines, 1), AddressLine3: get(lines, 2),
		FullAddress: full, SearchText: full, Numbers: numbers, BuildingKey: buildingKey, IsFlat: isFlat,
		SortKey: addressSortKey(pa), Location: loc, Country: country, Source: "epc",
	}
	band, year := normAgeBand(c.doc.ConstructionAgeBand)
	if year > 0 {
		band = ""
	}
	prop := mappings.Property{
		UPRN: c.uprn, FullAddress: full, AddressLine1: a.AddressLine1, AddressLine2: a.AddressLine2,
		AddressLine3: a.AddressLine3, SubBuilding: pa.sub, BuildingName: pa.name, BuildingNumber: pa.number,
		StreetName: pa.street, Locality: pa.locality, TownName: town, PostTown: town, Postcode: p.Display(),
		Outcode: p.Outward, Country: country, LADCode: c.ladCode,
		PropertyType: epcPropertyType(c.doc.PropertyType, c.builtForm), BuiltForm: c.doc.BuiltForm,
		ConstructionAgeBand: band, YearBuilt: year, IsNewBuild: strings.EqualFold(c.doc.TransactionType, "new dwelling"),
		WindowsType: c.doc.WindowsDescription, WallType: c.doc.WallsDescription, RoofType: c.doc.RoofDescription,
		HeatingType: c.doc.MainHeating, HabitableRooms: c.habitable, FloorLevel: epcFloorLevel(c.floorLevel),
		EPCFloorArea: c.doc.TotalFloorArea, EPCID: c.doc.EPCID,
		CurrentEnergyEfficiency: c.doc.CurrentEnergyEfficiency, PotentialEnergyEfficiency: c.doc.PotentialEnergyEfficiency,
		CurrentEnergyRating: c.doc.CurrentEnergyRating, PotentialEnergyRating: c.doc.PotentialEnergyRating,
		LastEPCDate: c.doc.LodgementDate, Location: loc, Source: "epc",
	}
	return a, prop
}

// addressSortKey orders addresses naturally within a postcode: street,
// zero-padded number, then sub-building.
func addressSortKey(pa parsedAddress) string {
	pad := func(s string) string {
		n := strings.TrimLeft(s, "0")
		i := 0
		for i < len(n) && n[i] >= '0' && n[i] <= '9' {
			i++
		}
		return fmt.Sprintf("%08s%s", n[:i], strings.ToLower(n[i:]))
	}
	num := pa.number
	if num == "" {
		num = pa.name
	}
	return strings.ToLower(normAddr(pa.street)) + "|" + pad(num) + "|" + pad(normSub(pa.sub))
}

// titleCase turns "EXETER" into "Exeter" and "NEWTON ABBOT" into "Newton Abbot".
func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
