package importer

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Census 2021 nomis bulk tables by the measure prefix of their columns.
const (
	ts054 = "tenure of household: "
	ts007 = "age: "
)

// ageBands are the TS007A five-year bands, in column order after the total.
var ageBands = []string{
	"aged 4 years and under", "aged 5 to 9 years", "aged 10 to 14 years", "aged 15 to 19 years",
	"aged 20 to 24 years", "aged 25 to 29 years", "aged 30 to 34 years", "aged 35 to 39 years",
	"aged 40 to 44 years", "aged 45 to 49 years", "aged 50 to 54 years", "aged 55 to 59 years",
	"aged 60 to 64 years", "aged 65 to 69 years", "aged 70 to 74 years", "aged 75 to 79 years",
	"aged 80 to 84 years", "aged 85 years and over",
}

// ageGroups maps the spec's age groups onto weights of the five-year
// bands. The 15 to 19 band straddles the 0-15 and 16-29 groups: one fifth
// of it (age 15) is counted in 0-15 and four fifths in 16-29, assuming an
// even spread across the band.
var ageGroups = []struct {
	key     string
	weights map[int]float64 // band index → share
}{
	{"age_0_15_pct", map[int]float64{0: 1, 1: 1, 2: 1, 3: 0.2}},
	{"age_16_29_pct", map[int]float64{3: 0.8, 4: 1, 5: 1}},
	{"age_30_44_pct", map[int]float64{6: 1, 7: 1, 8: 1}},
	{"age_45_64_pct", map[int]float64{9: 1, 10: 1, 11: 1, 12: 1}},
	{"age_65_plus_pct", map[int]float64{13: 1, 14: 1, 15: 1, 16: 1, 17: 1}},
}

// tenureGroups maps the spec's tenure groups onto TS054 columns.
var tenureGroups = []struct{ key, col string }{
	{"owned_outright_pct", "owned: owns outright"},
	{"owned_mortgage_pct", "owned: owns with a mortgage or loan"},
	{"shared_ownership_pct", "shared ownership"},
	{"social_rented_pct", "social rented"},
	{"private_rented_pct", "private rented"},
	{"rent_free_pct", "lives rent free"},
}

func pct(n, total float64) float64 {
	if total <= 0 {
		return 0
	}
	return math.Round(n/total*10000) / 100
}

// ImportCensus2021 reads nomis bulk Census 2021 tables TS054 (tenure) and
// TS007A (age by five-year band) at MSOA level and merges them into one
// census document per MSOA with the percentage groups of spec 2.17. The
// table of each file is recognised by its column names. Rows of other
// geographies (LTLA files) are rejected.
func ImportCensus2021(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("census2021", files)
	docs := map[string]*mappings.Census{}
	var order []string
	for _, path := range files {
		if err := readCensusFile(path, rep, func(code string) *mappings.Census {
			d, ok := docs[code]
			if !ok {
				d = &mappings.Census{MSOACode: code, CensusYear: 2021, Source: "census2021"}
				docs[code] = d
				order = append(order, code)
			}
			return d
		}); err != nil {
			return rep, err
		}
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
	}
	em := emitter{sink, rep}
	for _, code := range order {
		if err := em.add(mappings.IndexCensus, code, *docs[code]); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func readCensusFile(path string, rep *Report, doc func(code string) *mappings.Census) error {
	cf, h, err := openWithHeader(path)
	if err != nil {
		return err
	}
	defer cf.Close()
	geo, name := h.index("geography code"), h.index("geography")
	var table string
	var cols []int
	var total int
	switch {
	case h.index(ts054+"total: all households") >= 0:
		table, total = "TS054", h.index(ts054+"total: all households")
		for _, g := range tenureGroups {
			cols = append(cols, h.index(ts054+g.col))
		}
	case h.index(ts007+"total") >= 0:
		table, total = "TS007A", h.index(ts007+"total")
		for _, b := range ageBands {
			cols = append(cols, h.index(ts007+b))
		}
	default:
		return fmt.Errorf("%s: not a nomis bulk TS054 or TS007A table", path)
	}
	if geo < 0 {
		return fmt.Errorf("%s: no \"geography code\" column", path)
	}
	for i, c := range cols {
		if c < 0 {
			return fmt.Errorf("%s: %s column %d missing", path, table, i+1)
		}
	}
	// No cancellation check inside a file (the census tables are small).
	return eachRecord(context.Background(), cf, rep, func(rec []string, line int) error {
		code := get(rec, geo)
		if len(code) != 9 || !(strings.HasPrefix(code, "E02") || strings.HasPrefix(code, "W02")) {
			rep.reject(cf.name, line, "%s: geography %q is not an MSOA (E02/W02)", table, code)
			return nil
		}
		tot, err := atoiLoose(get(rec, total))
		if err != nil || tot <= 0 {
			rep.reject(cf.name, line, "%s %s: invalid total %q", table, code, get(rec, total))
			return nil
		}
		vals := make([]float64, len(cols))
		bad := ""
		for i, c := range cols {
			v, err := atoiLoose(get(rec, c))
			if err != nil || v < 0 {
				bad = get(rec, c)
				break
			}
			vals[i] = float64(v)
		}
		if bad != "" {
			rep.reject(cf.name, line, "%s %s: invalid count %q", table, code, bad)
			return nil
		}
		d := doc(code)
		if n := get(rec, name); n != "" {
			d.MSOAName = n
			if i := strings.LastIndex(n, " "); i > 0 {
				d.LADName = n[:i]
			}
		}
		d.Sources = append(d.Sources, "Census 2021 "+table)
		switch table {
		case "TS054":
			d.Households = tot
			d.Tenure = map[string]float64{}
			for i, g := range tenureGroups {
				d.Tenure[g.key] = pct(vals[i], float64(tot))
			}
		case "TS007A":
			d.PopulationTotal = tot
			d.Age = map[string]float64{}
			for _, g := range ageGroups {
				var n float64
				for band, w := range g.weights {
					n += w * vals[band]
				}
				d.Age[g.key] = pct(n, float64(tot))
			}
		}
		return nil
	})
}
