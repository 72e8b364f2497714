package importer

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// UKHPIAttribution is the attribution of the UK House Price Index.
const UKHPIAttribution = "Contains HM Land Registry data © Crown copyright and database right. " +
	"UK House Price Index (HM Land Registry, ONS, Registers of Scotland, LPS Northern Ireland). Licensed under the Open Government Licence v3.0."

// countryCodes are the GSS code prefixes of nations and unions of them.
var countryCodes = []struct{ prefix, name string }{
	{"E92", "England"}, {"W92", "Wales"}, {"S92", "Scotland"}, {"N92", "Northern Ireland"},
	{"K02", "United Kingdom"}, {"K03", "Great Britain"}, {"K04", "England and Wales"},
}

// hpiArea names the API region an HPI area is served under: English
// regions (E12) under the names the postcode importers give regions,
// countries and the UK under their names, local authorities under their
// own name. Other areas (counties, metropolitan counties, inner and outer
// London) are not served: skip says why.
func hpiArea(code, name string) (region, skip string) {
	if n, ok := regionNames[code]; ok {
		return n, ""
	}
	for _, c := range countryCodes {
		if strings.HasPrefix(code, c.prefix) {
			return c.name, ""
		}
	}
	if len(code) == 9 {
		switch code[:3] {
		case "E06", "E07", "E08", "E09", "W06", "S12", "N09":
			return name, ""
		case "E10", "E11", "E13":
			return "", "counties, metropolitan counties and inner/outer London (regions and local authorities are served)"
		}
	}
	return "", ""
}

// hpiMonth reads the Date of the full file: DD/MM/YYYY (the published
// CSV), YYYY-MM-DD or YYYY-MM. It returns the first of the month.
func hpiMonth(s string) string {
	s = strings.TrimSpace(s)
	if iso := dmyToISO(s); iso != "" {
		return iso[:8] + "01"
	}
	if len(s) >= 10 && validISODate(s[:10]) {
		return s[:8] + "01"
	}
	if len(s) == 7 && validISODate(s+"-01") {
		return s + "-01"
	}
	return ""
}

// ImportUKHPI reads the UK House Price Index full file
// (UK-HPI-full-file-YYYY-MM.csv: Date, RegionName, AreaCode, AveragePrice,
// Index, IndexSA, 1m%Change, 12m%Change, ...; columns by name) into hpi
// documents, one per area and month (id AreaCode-YYYY-MM). Regions, the
// nations and local authorities are loaded; counties are skipped.
func ImportUKHPI(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("ukhpi", files)
	em := emitter{sink, rep}
	seen := firstSeen[string]{}
	err := eachCSVFile(files, newHPICols, func(cf *csvFile, c hpiCols) error {
		date, name, code, index, price := c.date, c.name, c.code, c.index, c.price
		return eachRecord(ctx, cf, rep, func(rec []string, line int) error {
			ac, nm := get(rec, code), get(rec, name)
			region, skip := hpiArea(ac, nm)
			switch {
			case skip != "":
				rep.skip(skip)
				return nil
			case region == "":
				rep.reject(cf.name, line, "unknown AreaCode %q (%s)", ac, nm)
				return nil
			}
			month := hpiMonth(get(rec, date))
			if month == "" {
				rep.reject(cf.name, line, "%s: invalid Date %q", ac, get(rec, date))
				return nil
			}
			ix, err := atofLoose(get(rec, index))
			if err != nil || ix <= 0 {
				rep.reject(cf.name, line, "%s %s: invalid Index %q", ac, month[:7], get(rec, index))
				return nil
			}
			avg, err := atofLoose(get(rec, price))
			if err != nil || avg <= 0 {
				rep.reject(cf.name, line, "%s %s: invalid AveragePrice %q", ac, month[:7], get(rec, price))
				return nil
			}
			id := ac + "-" + month[:7]
			if first, dup := seen.at(id, cf.name, line); dup {
				rep.reject(cf.name, line, "duplicate area and month %s (first at %s)", id, first)
				return nil
			}
			doc := mappings.HPI{ID: id, Region: region, Month: month, Index: math.Round(ix*100) / 100,
				AveragePrice: int64(math.Round(avg)), Source: "ukhpi", AreaCode: ac, Attribution: UKHPIAttribution}
			return em.add(mappings.IndexHPI, id, doc)
		})
	})
	return rep, err
}

// hpiCols are the UK HPI full-file columns the importer reads (by name).
type hpiCols struct{ date, name, code, index, price int }

func newHPICols(h header) (hpiCols, error) {
	c := hpiCols{date: h.index("Date"), name: h.index("RegionName", "Region Name"), code: h.index("AreaCode", "Area Code"),
		index: h.index("Index"), price: h.index("AveragePrice", "Average Price")}
	if c.date < 0 || c.name < 0 || c.code < 0 || c.index < 0 || c.price < 0 {
		return c, fmt.Errorf("not a UK HPI full file: need Date, RegionName, AreaCode, AveragePrice and Index columns")
	}
	return c, nil
}
