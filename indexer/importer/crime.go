package importer

import (
	"archive/zip"
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// PoliceUKAttribution is the attribution data.police.uk asks for.
const PoliceUKAttribution = "Contains public sector information licensed under the Open Government Licence v3.0. Source: data.police.uk."

// policeCategories maps the "Crime type" wording of the street-level CSVs
// onto the category slugs of the police.uk API (and of this API).
var policeCategories = map[string]string{
	"anti-social behaviour":        "anti-social-behaviour",
	"bicycle theft":                "bicycle-theft",
	"burglary":                     "burglary",
	"criminal damage and arson":    "criminal-damage-arson",
	"drugs":                        "drugs",
	"other crime":                  "other-crime",
	"other theft":                  "other-theft",
	"possession of weapons":        "possession-of-weapons",
	"public order":                 "public-order",
	"robbery":                      "robbery",
	"shoplifting":                  "shoplifting",
	"theft from the person":        "theft-from-the-person",
	"vehicle crime":                "vehicle-crime",
	"violence and sexual offences": "violent-crime",
	"violent crime":                "violent-crime", // before May 2013
	"public disorder and weapons":  "public-disorder-weapons",
}

type crimeCols struct {
	id, month, reportedBy, lon, lat, location, lsoa, typ, outcome int
}

func newCrimeCols(h header) (crimeCols, error) {
	c := crimeCols{
		id: h.index("Crime ID"), month: h.index("Month"), reportedBy: h.index("Reported by"),
		lon: h.index("Longitude"), lat: h.index("Latitude"), location: h.index("Location"),
		lsoa: h.index("LSOA code"), typ: h.index("Crime type"), outcome: h.index("Last outcome category"),
	}
	if n, missing := missingColumn(map[string]int{"Month": c.month, "Longitude": c.lon, "Latitude": c.lat, "Crime type": c.typ}); missing {
		return c, fmt.Errorf("not a police.uk street-level CSV: header lacks column %q", n)
	}
	return c, nil
}

// crimeFromPoliceUK is the pure transform of one street-level row. reason
// rejects it; skip leaves it out deliberately (no published location).
// A row without Crime ID (anti-social behaviour) gets no id here: the caller
// derives one from its content.
func crimeFromPoliceUK(rec []string, c crimeCols) (doc mappings.Crime, reason, skip string) {
	g := func(i int) string { return get(rec, i) }
	month := g(c.month)
	if len(month) != 7 || !validISODate(month+"-01") {
		return doc, fmt.Sprintf("invalid Month %q (want YYYY-MM)", month), ""
	}
	typ := g(c.typ)
	cat, ok := policeCategories[strings.ToLower(typ)]
	if !ok {
		return doc, fmt.Sprintf("unknown Crime type %q", typ), ""
	}
	lon, lat := g(c.lon), g(c.lat)
	if lon == "" && lat == "" {
		return doc, "", "no location published (police.uk could not map the crime to a street point)"
	}
	lo, e1 := strconv.ParseFloat(lon, 64)
	la, e2 := strconv.ParseFloat(lat, 64)
	if e1 != nil || e2 != nil || la < 49 || la > 61.5 || lo < -8.9 || lo > 2.1 {
		return doc, fmt.Sprintf("invalid or out-of-UK Longitude/Latitude %q,%q", lon, lat), ""
	}
	doc = mappings.Crime{
		ID: g(c.id), Category: cat, Month: month + "-01", Street: g(c.location), Outcome: g(c.outcome),
		LSOACode: g(c.lsoa), Location: &mappings.GeoPoint{Lat: la, Lon: lo}, Source: "police-uk",
		Attribution: PoliceUKAttribution,
	}
	return doc, "", ""
}

// contentHash identifies a crime without Crime ID by what the row says;
// its id is nc-<hash>-<n>, n its occurrence among identical rows of the
// import (two anti-social behaviour reports at one street point in one
// month are two incidents). Re-importing the same file gives the same ids.
func contentHash(rec []string, c crimeCols) uint64 {
	h := fnv.New64a()
	for _, i := range []int{c.month, c.reportedBy, c.lon, c.lat, c.location, c.lsoa, c.typ} {
		h.Write([]byte(get(rec, i)))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// eachPoliceZipStreetFile calls fn with every YYYY-MM-<force>-street.csv of
// a data.police.uk download zip (the archive or a custom download), in name
// order; outcomes and stop-and-search files and macOS junk are ignored.
func eachPoliceZipStreetFile(p string, rep *Report, notes bool, fn func(*csvFile) error) error {
	zr, err := zip.OpenReader(p)
	if err != nil {
		return fmt.Errorf("open %s: %w", p, err)
	}
	defer zr.Close()
	var street []*zip.File
	for _, f := range zr.File {
		if !osNamesIgnored(f.Name) && strings.HasSuffix(strings.ToLower(f.Name), "-street.csv") {
			street = append(street, f)
		}
	}
	if len(street) == 0 {
		return fmt.Errorf("%s: no *-street.csv entries: not a data.police.uk download", p)
	}
	sort.Slice(street, func(i, j int) bool { return street[i].Name < street[j].Name })
	if notes {
		rep.note("%s: %d street-level files", filepath.Base(p), len(street))
	}
	for _, f := range street {
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("%s: %s: %w", p, f.Name, err)
		}
		if err := fn(csvFromReader(path.Base(f.Name), rc, rc)); err != nil {
			return err
		}
	}
	return nil
}

// ImportPoliceUK reads data.police.uk street-level crime CSVs (one file per
// force and month: YYYY-MM-<force>-street.csv), or the download zips that
// hold them (only the -street.csv entries are read), into crime documents.
// Columns are found by name. Rows without coordinates are skipped (counted);
// anti-social behaviour rows, which have no Crime ID, get a content id. A
// Crime ID seen again (police.uk reuses ids for distinct crimes) gets a
// suffix, so that no crime is lost.
//
// Memory is bounded: repeated Crime IDs and identical anti-social
// behaviour rows are found by an external sort of their keys in a first
// pass (see findRepeats), not by a table of every crime.
func ImportPoliceUK(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("police-uk", files)
	type row struct {
		no, line int
		doc      mappings.Crime
		content  uint64 // content hash of a row without Crime ID
	}
	walk := func(r *Report, notes bool, fn func(row) error) error {
		no := 0
		one := func(cf *csvFile) error {
			defer cf.Close()
			hrec, _, err := cf.next()
			if err != nil {
				return fmt.Errorf("read header of %s: %w", cf.path, err)
			}
			c, err := newCrimeCols(newHeader(hrec))
			if err != nil {
				return fmt.Errorf("%s: %w", cf.path, err)
			}
			no++
			return eachRecord(ctx, cf, r, func(rec []string, line int) error {
				doc, reason, skip := crimeFromPoliceUK(rec, c)
				if r.dropped(cf.name, line, reason, skip) {
					return nil
				}
				x := row{no: no, line: line, doc: doc}
				if doc.ID == "" {
					x.content = contentHash(rec, c)
				}
				return fn(x)
			})
		}
		for _, p := range files {
			if strings.EqualFold(filepath.Ext(p), ".zip") {
				if err := eachPoliceZipStreetFile(p, r, notes, one); err != nil {
					return err
				}
				continue
			}
			cf, err := openCSV(p)
			if err != nil {
				return err
			}
			if err := one(cf); err != nil {
				return err
			}
		}
		return nil
	}
	key := func(x row) []byte {
		if x.doc.ID == "" {
			return binary.BigEndian.AppendUint64([]byte{'c'}, x.content)
		}
		return append([]byte{'i'}, x.doc.ID...)
	}
	repeats, err := findRepeats(env, rep, func(scratch *Report, add func([]byte, uint64) error) error {
		return walk(scratch, false, func(x row) error { return add(key(x), rowSeq(x.no, x.line)) })
	})
	if err != nil {
		return rep, err
	}
	em := emitter{sink, rep}
	return rep, walk(rep, true, func(x row) error {
		n := 1
		if o, ok := repeats[rowSeq(x.no, x.line)]; ok {
			n = o.N
		}
		doc := x.doc
		switch {
		case doc.ID == "":
			doc.ID = fmt.Sprintf("nc-%016x-%d", x.content, n)
			rep.mark("without Crime ID (anti-social behaviour): content id", 1)
		case n > 1:
			// police.uk publishes the same Crime ID for distinct crimes
			// (other street point, LSOA, outcome): both are kept, the
			// later one with a suffix.
			doc.ID = fmt.Sprintf("%s-%d", doc.ID, n)
			rep.mark("Crime ID shared with an earlier row (police.uk reuses ids): id suffixed -2, -3 ...", 1)
		}
		return em.add(mappings.IndexCrime, doc.ID, doc)
	})
}
