package importer

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// imdDomains are the seven domains of the English IoD 2019 (File 7), by
// the column-name prefix that introduces them.
var imdDomains = []struct{ name, prefix string }{
	{"income", "income "},
	{"employment", "employment "},
	{"education", "education, skills and training "},
	{"health", "health deprivation and disability "},
	{"crime", "crime "},
	{"housing", "barriers to housing and services "},
	{"environment", "living environment "},
}

// triple holds the score, rank and decile columns of a measure.
type triple struct{ score, rank, decile int }

// findTriple finds "<prefix>score...", "<prefix>rank...", "<prefix>decile..."
// among the header names (normalised lower case).
func findTriple(h header, prefix string) triple {
	t := triple{-1, -1, -1}
	for name, i := range h {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		switch {
		case strings.HasPrefix(rest, "score"):
			t.score = i
		case strings.HasPrefix(rest, "rank"):
			t.rank = i
		case strings.HasPrefix(rest, "decile"):
			t.decile = i
		}
	}
	return t
}

// ImportIMD2019 reads IoD 2019 File 1 (IMD rank and decile) or File 7
// (all ranks, deciles and scores of the IMD and its seven domains) into
// deprivation documents. The UTF-8 BOM and quoted thousands ("29,199") are
// handled. The rank of each LSOA within its local authority is computed.
func ImportIMD2019(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("imd2019", files)
	var docs []*mappings.Deprivation
	seen := map[string]bool{}
	for _, path := range files {
		if err := readIMDFile(path, rep, func(d *mappings.Deprivation, file string, line int) {
			if seen[d.LSOACode] {
				rep.reject(file, line, "duplicate LSOA %s", d.LSOACode)
				return
			}
			seen[d.LSOACode] = true
			docs = append(docs, d)
		}); err != nil {
			return rep, err
		}
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
	}
	byLAD := map[string][]*mappings.Deprivation{}
	for _, d := range docs {
		byLAD[d.LADCode] = append(byLAD[d.LADCode], d)
	}
	for _, ds := range byLAD {
		sort.Slice(ds, func(i, j int) bool { return ds[i].Rank < ds[j].Rank })
		for i, d := range ds {
			d.LADRank, d.LADCount = i+1, len(ds)
		}
	}
	em := emitter{sink, rep}
	for _, d := range docs {
		d.TotalLSOAs = 32844 // English LSOAs (2011) ranked by the IoD 2019
		if err := em.add(mappings.IndexDeprivation, d.LSOACode, *d); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func readIMDFile(path string, rep *Report, each func(*mappings.Deprivation, string, int)) error {
	cf, h, err := openWithHeader(path)
	if err != nil {
		return err
	}
	defer cf.Close()
	lsoa, lsoaName := h.index("lsoa code (2011)"), h.index("lsoa name (2011)")
	lad, ladName := h.index("local authority district code (2019)"), h.index("local authority district name (2019)")
	imd := findTriple(h, "index of multiple deprivation (imd) ")
	if lsoa < 0 || imd.rank < 0 || imd.decile < 0 {
		return fmt.Errorf("%s: not an IoD 2019 File 1 or File 7 (need LSOA code, IMD rank and decile columns)", path)
	}
	var doms []triple
	for _, d := range imdDomains {
		doms = append(doms, findTriple(h, d.prefix))
	}
	// No cancellation check inside a file (the IoD files are small).
	return eachRecord(context.Background(), cf, rep, func(rec []string, line int) error {
		code := get(rec, lsoa)
		if len(code) != 9 || (code[0] != 'E' && code[0] != 'W') {
			rep.reject(cf.name, line, "invalid LSOA code %q", code)
			return nil
		}
		rank, err1 := atoiLoose(get(rec, imd.rank))
		dec, err2 := atoiLoose(get(rec, imd.decile))
		if err1 != nil || err2 != nil || rank < 1 || rank > 32844 || dec < 1 || dec > 10 {
			rep.reject(cf.name, line, "%s: invalid IMD rank %q or decile %q", code, get(rec, imd.rank), get(rec, imd.decile))
			return nil
		}
		d := &mappings.Deprivation{
			LSOACode: code, LSOAName: get(rec, lsoaName), LADCode: get(rec, lad), LADName: get(rec, ladName),
			Rank: rank, Decile: dec, Score: optFloat(get(rec, imd.score)), Edition: "IMD2019", Source: "imd2019",
		}
		for i, t := range doms {
			if t.rank < 0 || t.decile < 0 {
				continue
			}
			r, err1 := atoiLoose(get(rec, t.rank))
			dd, err2 := atoiLoose(get(rec, t.decile))
			if err1 != nil || err2 != nil {
				continue
			}
			d.Domains = append(d.Domains, mappings.DeprivationDomain{Domain: imdDomains[i].name, Rank: r, Decile: dd, Score: optFloat(get(rec, t.score))})
		}
		each(d, cf.name, line)
		return nil
	})
}
