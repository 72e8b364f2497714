package importer

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// onspdCols are the positions of the ONSPD/NSPL columns we use, found by
// name so that every header generation (2018 "oslaua", 2021 NSPL "laua",
// 2025 "lad25cd" ...) maps the same way.
type onspdCols struct {
	pcds, pcd, dointr, doterm, east, north, grid, lat, lon int
	ctry, rgn, lad, ward, lsoa11, lsoa21, msoa11, msoa21   int
}

func newOnspdCols(h header) (onspdCols, error) {
	pick := func(stem string, names ...string) int {
		if i := h.index(names...); i >= 0 {
			return i
		}
		if stem == "" {
			return -1
		}
		return h.generation(stem)
	}
	c := onspdCols{
		pcds:   h.index("pcds"),
		pcd:    h.index("pcd", "pcd7", "pcd2", "pcd8"),
		dointr: h.index("dointr"),
		doterm: h.index("doterm"),
		east:   pick("", "oseast1m", "east1m"),
		north:  pick("", "osnrth1m", "north1m"),
		grid:   pick("", "osgrdind", "gridind"),
		lat:    h.index("lat"),
		lon:    h.index("long", "lon", "lng"),
		ctry:   pick("ctry", "ctry"),
		rgn:    pick("rgn", "rgn"),
		lad:    pick("lad", "oslaua", "laua", "lad"),
		ward:   pick("wd", "osward", "ward"),
		lsoa11: h.index("lsoa11", "lsoa11cd"),
		lsoa21: h.index("lsoa21", "lsoa21cd"),
		msoa11: h.index("msoa11", "msoa11cd"),
		msoa21: h.index("msoa21", "msoa21cd"),
	}
	if c.pcds < 0 && c.pcd < 0 {
		return c, errors.New("no postcode column (pcds, pcd, pcd7)")
	}
	return c, nil
}

// countryLetter turns an ONS country code (E92000001) into its letter.
func countryLetter(code string) string {
	switch {
	case strings.HasPrefix(code, "E92"):
		return "E"
	case strings.HasPrefix(code, "W92"):
		return "W"
	case strings.HasPrefix(code, "S92"):
		return "S"
	case strings.HasPrefix(code, "N92"):
		return "N"
	case strings.HasPrefix(code, "L93"):
		return "L" // Channel Islands
	case strings.HasPrefix(code, "M83"):
		return "M" // Isle of Man
	}
	return ""
}

var regionNames = map[string]string{
	"E12000001": "North East", "E12000002": "North West", "E12000003": "Yorkshire and The Humber",
	"E12000004": "East Midlands", "E12000005": "West Midlands", "E12000006": "East of England",
	"E12000007": "London", "E12000008": "South East", "E12000009": "South West",
}

func regionName(code, country string) string {
	if n, ok := regionNames[code]; ok {
		return n
	}
	switch country {
	case "W":
		return "Wales"
	case "S":
		return "Scotland"
	case "N":
		return "Northern Ireland"
	}
	return ""
}

// realCode drops ONS pseudo-codes ("E99999999" = not applicable).
func realCode(s string) string {
	if len(s) == 9 && strings.HasSuffix(s, "99999999") {
		return ""
	}
	return s
}

// postcodeDoc fills the derived postcode fields.
func postcodeDoc(p mappings.PostcodeParts, source string) mappings.Postcode {
	return mappings.Postcode{
		Postcode: p.Display(), PostcodeKey: p.Key(), Outcode: p.Outward,
		Sector: p.Sector(), Area: p.Area(), Source: source,
	}
}

// ImportONSPD reads ONSPD or NSPL files (source "onspd" or "nspl") into
// postcodes documents. Terminated postcodes are kept with is_terminated and
// terminated (YYYYMM); rows without a grid reference (lat 99.999999) are
// kept without a location.
func ImportONSPD(ctx context.Context, source string, files []string, sink Sink) (*Report, error) {
	rep := newReport(source, files)
	em := emitter{sink, rep}
	for _, path := range files {
		if err := importONSPDFile(ctx, source, path, em); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func importONSPDFile(ctx context.Context, source, path string, em emitter) error {
	return withCSVFile(path, newOnspdCols, func(cf *csvFile, cols onspdCols) error {
		rep := em.rep
		return eachRecord(ctx, cf, rep, func(rec []string, line int) error {
			raw := get(rec, cols.pcds)
			if raw == "" {
				raw = get(rec, cols.pcd)
			}
			p, ok := mappings.ParsePostcode(raw)
			if !ok {
				rep.reject(cf.name, line, "invalid postcode %q", raw)
				return nil
			}
			doc := postcodeDoc(p, source)
			doc.Introduced = get(rec, cols.dointr)
			doc.Terminated = get(rec, cols.doterm)
			doc.IsTerminated = doc.Terminated != ""
			doc.Country = countryLetter(get(rec, cols.ctry))
			doc.Region = regionName(get(rec, cols.rgn), doc.Country)
			doc.LADCode = realCode(get(rec, cols.lad))
			doc.WardCode = realCode(get(rec, cols.ward))
			// IMD 2019 is keyed by 2011 LSOAs; Census 2021 by 2021 MSOAs.
			doc.LSOACode = firstNonEmpty(realCode(get(rec, cols.lsoa11)), realCode(get(rec, cols.lsoa21)))
			doc.MSOACode = firstNonEmpty(realCode(get(rec, cols.msoa21)), realCode(get(rec, cols.msoa11)))
			if g, err := strconv.Atoi(get(rec, cols.grid)); err == nil {
				doc.Quality = g * 10 // 1..9 onto the Code-Point 10..90 scale
			}
			loc, reason := onspdLocation(rec, cols, doc.Country)
			if reason != "" {
				rep.reject(cf.name, line, "%s: %s", doc.Postcode, reason)
				return nil
			}
			doc.Location = loc
			if loc == nil {
				rep.mark("without location (no grid reference)", 1)
			}
			if doc.IsTerminated {
				rep.mark("terminated", 1)
			}
			return em.add(mappings.IndexPostcodes, doc.Postcode, doc)
		})
	})
}

// onspdLocation returns the WGS84 point of a row: its lat/long, or its
// grid reference converted when lat/long are absent (Great Britain only:
// Northern Ireland rows are on the Irish Grid). The 99.999999 placeholder
// means no grid reference: nil without a reason. A reason is returned for
// coordinates that are present but impossible.
func onspdLocation(rec []string, c onspdCols, country string) (*mappings.GeoPoint, string) {
	ls, lo := get(rec, c.lat), get(rec, c.lon)
	if ls != "" && lo != "" {
		lat, err1 := strconv.ParseFloat(ls, 64)
		lon, err2 := strconv.ParseFloat(lo, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Sprintf("unparseable lat/long %q,%q", ls, lo)
		}
		if lat > 99.9 {
			return nil, ""
		}
		if lat < 49 || lat > 61.5 || lon < -8.9 || lon > 2.1 {
			if country == "L" || country == "M" || lat == 0 {
				return nil, ""
			}
			return nil, fmt.Sprintf("lat/long %v,%v outside the UK", lat, lon)
		}
		return &mappings.GeoPoint{Lat: lat, Lon: lon}, ""
	}
	if country == "N" {
		return nil, ""
	}
	e, err1 := strconv.ParseFloat(get(rec, c.east), 64)
	n, err2 := strconv.ParseFloat(get(rec, c.north), 64)
	if err1 != nil || err2 != nil || !validBNG(e, n) {
		return nil, ""
	}
	lat, lon := BNGToWGS84(e, n)
	return &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}, ""
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func round6(f float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', 6, 64), 64)
	return v
}

// ImportCodePoint reads Code-Point Open CSVs (no header; Postcode,
// Positional_quality_indicator, Eastings, Northings, Country_code, ...).
// Eastings/northings are converted from OSGB36 to WGS84.
func ImportCodePoint(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("codepoint", files)
	em := emitter{sink, rep}
	for _, path := range files {
		if err := importCodePointFile(ctx, path, em); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func importCodePointFile(ctx context.Context, path string, em emitter) error {
	cf, err := openCSV(path)
	if err != nil {
		return err
	}
	defer cf.Close()
	rep := em.rep
	// A header row some redistributions add is skipped.
	isHeader := func(rec []string, line int) (bool, error) {
		return line == 1 && (strings.EqualFold(get(rec, 0), "postcode") || strings.EqualFold(get(rec, 0), "pc")), nil
	}
	return eachRecordSkipping(ctx, cf, rep, isHeader, func(rec []string, line int) error {
		if len(rec) < 4 {
			rep.reject(cf.name, line, "expected at least 4 columns, got %d", len(rec))
			return nil
		}
		p, ok := mappings.ParsePostcode(rec[0])
		if !ok {
			rep.reject(cf.name, line, "invalid postcode %q", rec[0])
			return nil
		}
		doc := postcodeDoc(p, "codepoint")
		doc.Quality, _ = strconv.Atoi(rec[1])
		doc.Country = countryLetter(get(rec, 4))
		doc.Region = regionName("", doc.Country)
		doc.LADCode = realCode(get(rec, 8))
		doc.WardCode = realCode(get(rec, 9))
		e, err1 := strconv.ParseFloat(rec[2], 64)
		n, err2 := strconv.ParseFloat(rec[3], 64)
		switch {
		case err1 != nil || err2 != nil:
			rep.reject(cf.name, line, "%s: unparseable eastings/northings %q,%q", doc.Postcode, rec[2], rec[3])
			return nil
		case e == 0 && n == 0 || doc.Quality == 90:
			rep.mark("without location (no coordinates, quality 90)", 1)
		case !validBNG(e, n):
			rep.reject(cf.name, line, "%s: eastings/northings %v,%v off the National Grid", doc.Postcode, e, n)
			return nil
		default:
			lat, lon := BNGToWGS84(e, n)
			doc.Location = &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}
		}
		return em.add(mappings.IndexPostcodes, doc.Postcode, doc)
	})
}
