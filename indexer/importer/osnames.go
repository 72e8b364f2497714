package importer

import (
	"archive/zip"
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// OSOpenNamesAttribution is the attribution of OS Open Names.
const OSOpenNamesAttribution = "Contains OS data © Crown copyright and database right. Licensed under the Open Government Licence v3.0."

// osNamesHeader is the column list of OS Open Names as published in the
// product's DOC/OS_Open_Names_Header.csv (the data files have no header).
// It is used for data files given without their zip.
var osNamesHeader = []string{"ID", "NAMES_URI", "NAME1", "NAME1_LANG", "NAME2", "NAME2_LANG", "TYPE", "LOCAL_TYPE",
	"GEOMETRY_X", "GEOMETRY_Y", "MOST_DETAIL_VIEW_RES", "LEAST_DETAIL_VIEW_RES", "MBR_XMIN", "MBR_YMIN", "MBR_XMAX", "MBR_YMAX",
	"POSTCODE_DISTRICT", "POSTCODE_DISTRICT_URI", "POPULATED_PLACE", "POPULATED_PLACE_URI", "POPULATED_PLACE_TYPE",
	"DISTRICT_BOROUGH", "DISTRICT_BOROUGH_URI", "DISTRICT_BOROUGH_TYPE", "COUNTY_UNITARY", "COUNTY_UNITARY_URI",
	"COUNTY_UNITARY_TYPE", "REGION", "REGION_URI", "COUNTRY", "COUNTRY_URI", "RELATED_SPATIAL_OBJECT", "SAME_AS_DBPEDIA",
	"SAME_AS_GEONAMES"}

// Boundary types and admin levels of OS Open Names entries.
const (
	osNamesTownLevel     = 7  // City, Town (as ONS towns)
	osNamesLocalityLevel = 9  // Village, Hamlet, Suburban Area, Other Settlement
	osNamesStreetLevel   = 11 // Named Road, Numbered Road and their sections
)

type osNamesCols struct {
	id, name1, name2, typ, localType, x, y, pcDistrict, place, district, county int
}

func newOSNamesCols(h header) (osNamesCols, error) {
	c := osNamesCols{
		id: h.index("ID"), name1: h.index("NAME1"), name2: h.index("NAME2"), typ: h.index("TYPE"), localType: h.index("LOCAL_TYPE"),
		x: h.index("GEOMETRY_X"), y: h.index("GEOMETRY_Y"), pcDistrict: h.index("POSTCODE_DISTRICT"),
		place: h.index("POPULATED_PLACE"), district: h.index("DISTRICT_BOROUGH"), county: h.index("COUNTY_UNITARY"),
	}
	if n, missing := missingColumn(map[string]int{"ID": c.id, "NAME1": c.name1, "TYPE": c.typ, "LOCAL_TYPE": c.localType, "GEOMETRY_X": c.x, "GEOMETRY_Y": c.y}); missing {
		return c, fmt.Errorf("OS Open Names header lacks column %q", n)
	}
	return c, nil
}

// boundaryFromOSNames is the pure transform of one gazetteer entry: towns
// and cities (type town), villages, hamlets and suburbs (type locality) and
// roads (type street) become boundary documents with a centroid and no
// polygon; every other entry is skipped with its reason.
func boundaryFromOSNames(rec []string, c osNamesCols) (doc mappings.Boundary, reason, skip string) {
	g := func(i int) string { return get(rec, i) }
	id := g(c.id)
	typ, local := g(c.typ), g(c.localType)
	var btype string
	var level int
	switch typ {
	case "populatedPlace":
		switch local {
		case "City", "Town":
			btype, level = "town", osNamesTownLevel
		case "Village", "Hamlet", "Suburban Area", "Other Settlement":
			btype, level = "locality", osNamesLocalityLevel
		default:
			return doc, fmt.Sprintf("%s: unknown populatedPlace LOCAL_TYPE %q", id, local), ""
		}
	case "transportNetwork":
		switch local {
		case "Named Road", "Numbered Road", "Section Of Named Road", "Section Of Numbered Road":
			btype, level = "street", osNamesStreetLevel
		default:
			return doc, "", "transport features other than roads (stations, airfields, ferry terminals)"
		}
	case "other":
		if local == "Postcode" {
			return doc, "", "postcodes (loaded from ONSPD, NSPL or Code-Point Open)"
		}
		return doc, "", "other named features (schools, hospitals, landmarks)"
	case "hydrography", "landcover", "landform":
		return doc, "", "natural features (water, landcover, landform)"
	default:
		return doc, fmt.Sprintf("%s: unknown TYPE %q", id, typ), ""
	}
	num, ok := osNamesID(id)
	if !ok {
		return doc, fmt.Sprintf("invalid ID %q (want osgb + digits or a UUID)", id), ""
	}
	name := g(c.name1)
	if name == "" {
		return doc, fmt.Sprintf("%s: empty NAME1", id), ""
	}
	x, e1 := strconv.ParseFloat(g(c.x), 64)
	y, e2 := strconv.ParseFloat(g(c.y), 64)
	if e1 != nil || e2 != nil || !validBNG(x, y) {
		return doc, fmt.Sprintf("%s: invalid GEOMETRY_X/Y %q,%q", id, g(c.x), g(c.y)), ""
	}
	lat, lon := BNGToWGS84(x, y)
	area := g(c.district)
	if area == "" {
		area = g(c.county)
	}
	parts := []string{name}
	if btype == "street" && g(c.place) != "" {
		parts = append(parts, g(c.place))
	}
	if area != "" && area != name {
		parts = append(parts, area)
	}
	display := strings.Join(parts, ", ")
	if btype == "street" && g(c.pcDistrict) != "" {
		display += " " + g(c.pcDistrict)
	}
	suggest := name
	if n2 := g(c.name2); n2 != "" {
		suggest += " " + n2 // Welsh or Gaelic form
	}
	doc = mappings.Boundary{
		ID: num, Code: id, Name: name, DisplayName: display, NameSuggest: suggest, Type: btype, AdminLevel: level,
		ParentCode: g(c.pcDistrict), Centroid: &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)},
		Source: "os-open-names", Attribution: OSOpenNamesAttribution,
	}
	return doc, "", ""
}

// osNamesID is the numeric boundary id of an OS Open Names ID: the digits
// of "osgb4000000074541653" (osgb ids seen start 1, 4 and 5 × 10^15: far
// above the ONS boundary ids, below 6.7 × 10^15), or, for the UUIDs that some
// road sections carry, an FNV-64a hash folded into [2^53 − 2^51, 2^53), a
// range no osgb id reaches; all stay exact in JSON numbers. A collision is
// rejected by the importer as a duplicate.
func osNamesID(id string) (int64, bool) {
	if digits, ok := strings.CutPrefix(id, "osgb"); ok {
		n, err := strconv.ParseInt(digits, 10, 64)
		return n, err == nil && n > 0 && n < 1<<53-1<<51
	}
	if len(id) != 36 || strings.Count(id, "-") != 4 {
		return 0, false
	}
	for _, r := range id {
		if r != '-' && !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return 0, false
		}
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(strings.ToLower(id)))
	return int64(1<<53 - 1<<51 + h.Sum64()&(1<<51-1)), true
}

// osNamesIgnored reports zip entries that are not data: directories, macOS
// resource forks (__MACOSX/, ._*) and Finder files (.DS_Store).
func osNamesIgnored(name string) bool {
	base := path.Base(name)
	return strings.HasSuffix(name, "/") || strings.HasPrefix(name, "__MACOSX/") || strings.Contains(name, "/__MACOSX/") ||
		base == ".DS_Store" || strings.HasPrefix(base, "._")
}

// ImportOSOpenNames reads OS Open Names: the official zip (read directly;
// its DOC/OS_Open_Names_Header.csv names the columns of the headerless
// DATA/*.csv tiles; __MACOSX and .DS_Store entries are ignored) or
// extracted tile CSVs (the published header is assumed). Places become
// boundaries of type town or locality and roads boundaries of type street,
// so that boundaries/autocomplete suggests them.
//
// Memory is bounded: repeated IDs are found by an external sort of the IDs
// in a first pass (see findRepeats), not by a table of every ID.
func ImportOSOpenNames(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("os-open-names", files)
	var names []string // tile file names by number, for "first at"
	walk := func(r *Report, fn func(fileNo int, cf *csvFile, line int, doc mappings.Boundary) error) error {
		names = names[:0]
		each := func(cf *csvFile, h header) error {
			c, err := newOSNamesCols(h)
			if err != nil {
				return fmt.Errorf("%s: %w", cf.path, err)
			}
			no := len(names)
			names = append(names, cf.name)
			return eachRecord(ctx, cf, r, func(rec []string, line int) error {
				doc, reason, skip := boundaryFromOSNames(rec, c)
				if r.dropped(cf.name, line, reason, skip) {
					return nil
				}
				return fn(no, cf, line, doc)
			})
		}
		for _, p := range files {
			if strings.HasSuffix(strings.ToLower(p), ".zip") {
				if err := readOSNamesZip(p, r, each); err != nil {
					return err
				}
				continue
			}
			cf, err := openCSV(p)
			if err != nil {
				return err
			}
			err = each(cf, newHeader(osNamesHeader))
			cf.Close()
			if err != nil {
				return err
			}
		}
		return nil
	}
	repeats, err := findRepeats(env, rep, func(scratch *Report, add func([]byte, uint64) error) error {
		return walk(scratch, func(no int, _ *csvFile, line int, doc mappings.Boundary) error {
			return add(binary.BigEndian.AppendUint64(nil, uint64(doc.ID)), rowSeq(no, line))
		})
	})
	if err != nil {
		return rep, err
	}
	em := emitter{sink, rep}
	return rep, walk(rep, func(no int, cf *csvFile, line int, doc mappings.Boundary) error {
		if o, ok := repeats[rowSeq(no, line)]; ok && o.N > 1 {
			fno, fline := seqFileLine(o.First)
			rep.reject(cf.name, line, "duplicate ID %s (first at %s:%d)", doc.Code, names[fno], fline)
			return nil
		}
		return em.add(mappings.IndexBoundaries, strconv.FormatInt(doc.ID, 10), doc)
	})
}

func readOSNamesZip(p string, rep *Report, each func(*csvFile, header) error) error {
	zr, err := zip.OpenReader(p)
	if err != nil {
		return fmt.Errorf("open %s: %w", p, err)
	}
	defer zr.Close()
	var hdr header
	var data []*zip.File
	ignored := 0
	for _, f := range zr.File {
		if osNamesIgnored(f.Name) {
			if !strings.HasSuffix(f.Name, "/") {
				ignored++
			}
			continue
		}
		base := path.Base(f.Name)
		switch {
		case strings.EqualFold(base, "OS_Open_Names_Header.csv"):
			rc, err := f.Open()
			if err != nil {
				return fmt.Errorf("%s: %s: %w", p, f.Name, err)
			}
			cf := csvFromReader(base, rc, rc)
			rec, _, err := cf.next()
			cf.Close()
			if err != nil {
				return fmt.Errorf("%s: read %s: %w", p, f.Name, err)
			}
			hdr = newHeader(rec)
		case strings.EqualFold(path.Ext(base), ".csv") && strings.Contains(strings.ToUpper(f.Name), "DATA/"):
			data = append(data, f)
		}
	}
	if ignored > 0 {
		rep.note("%s: %d macOS metadata entries (__MACOSX, .DS_Store) ignored", path.Base(p), ignored)
	}
	if hdr == nil {
		hdr = newHeader(osNamesHeader)
		rep.note("%s: no DOC/OS_Open_Names_Header.csv; the published 34-column header is assumed", path.Base(p))
	}
	if len(data) == 0 {
		return fmt.Errorf("%s: no DATA/*.csv entries: not an OS Open Names CSV zip", p)
	}
	sort.Slice(data, func(i, j int) bool { return data[i].Name < data[j].Name })
	for _, f := range data {
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("%s: %s: %w", p, f.Name, err)
		}
		err = each(csvFromReader(path.Base(f.Name), rc, rc), hdr)
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}
