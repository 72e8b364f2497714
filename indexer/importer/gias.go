package importer

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

type giasCols struct {
	urn, name, typ, typeGroup, status, phase, low, high, gender, religion, admissions   int
	pupils, capacity, fsm, ofsted, ofstedDate, street, locality, address3, town, county int
	postcode, la, website, phone, headTitle, headFirst, headLast, trust, east, north    int
	lsoa, msoa                                                                          int
}

func newGIASCols(h header) (giasCols, error) {
	c := giasCols{
		urn: h.index("URN"), name: h.index("EstablishmentName"), typ: h.index("TypeOfEstablishment (name)"),
		typeGroup: h.index("EstablishmentTypeGroup (name)"), status: h.index("EstablishmentStatus (name)"),
		phase: h.index("PhaseOfEducation (name)"), low: h.index("StatutoryLowAge"), high: h.index("StatutoryHighAge"),
		gender: h.index("Gender (name)"), religion: h.index("ReligiousCharacter (name)"),
		admissions: h.index("AdmissionsPolicy (name)"), pupils: h.index("NumberOfPupils"),
		capacity: h.index("SchoolCapacity"), fsm: h.index("PercentageFSM"), ofsted: h.index("OfstedRating (name)"),
		ofstedDate: h.index("OfstedLastInsp"), street: h.index("Street"), locality: h.index("Locality"),
		address3: h.index("Address3"), town: h.index("Town"), county: h.index("County (name)"),
		postcode: h.index("Postcode"), la: h.index("LA (name)"), website: h.index("SchoolWebsite"),
		phone: h.index("TelephoneNum"), headTitle: h.index("HeadTitle (name)"), headFirst: h.index("HeadFirstName"),
		headLast: h.index("HeadLastName"), trust: h.index("Trusts (name)"), east: h.index("Easting"),
		north: h.index("Northing"), lsoa: h.index("LSOA (code)"), msoa: h.index("MSOA (code)"),
	}
	if n, missing := missingColumn(map[string]int{"URN": c.urn, "EstablishmentName": c.name, "EstablishmentStatus (name)": c.status, "PhaseOfEducation (name)": c.phase}); missing {
		return c, fmt.Errorf("GIAS header lacks column %q", n)
	}
	return c, nil
}

// ofstedRating maps GIAS wording onto the API's four values.
func ofstedRating(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "outstanding":
		return "Outstanding"
	case "good":
		return "Good"
	case "requires improvement", "satisfactory":
		return "Requires Improvement"
	case "inadequate", "serious weaknesses", "special measures":
		return "Inadequate"
	}
	return ""
}

// giasPhase maps "Middle deemed primary" and friends onto the API phases.
func giasPhase(s string) string {
	switch strings.ToLower(s) {
	case "middle deemed primary":
		return "Primary"
	case "middle deemed secondary":
		return "Secondary"
	}
	return s
}

const giasPlaceholder = "999999999"

// schoolFromGIAS is the pure transform of one establishment; reason
// rejects it, skip leaves it out deliberately.
func schoolFromGIAS(rec []string, c giasCols, includeClosed bool) (doc mappings.School, reason, skip string) {
	g := func(i int) string { return get(rec, i) }
	urn, err := strconv.ParseInt(g(c.urn), 10, 64)
	if err != nil || urn <= 0 {
		return doc, fmt.Sprintf("invalid URN %q", g(c.urn)), ""
	}
	for _, col := range []struct {
		name string
		i    int
	}{{"Easting", c.east}, {"Northing", c.north}, {"LSOA (code)", c.lsoa}, {"MSOA (code)", c.msoa}} {
		if g(col.i) == giasPlaceholder {
			return doc, fmt.Sprintf("URN %d: overseas or unlocated establishment (placeholder %s in %s)", urn, giasPlaceholder, col.name), ""
		}
	}
	if strings.EqualFold(g(c.typ), "British schools overseas") {
		return doc, fmt.Sprintf("URN %d: overseas establishment (British schools overseas)", urn), ""
	}
	status := g(c.status)
	if strings.EqualFold(status, "Closed") && !includeClosed {
		return doc, "", "closed establishments (use --include-closed to keep them marked)"
	}
	doc = mappings.School{
		URN: urn, Name: g(c.name), Type: g(c.typ), TypeGroup: g(c.typeGroup), Phase: giasPhase(g(c.phase)),
		Gender: g(c.gender), ReligiousCharacter: g(c.religion), AdmissionsPolicy: g(c.admissions),
		AgeLow: optInt(g(c.low)), AgeHigh: optInt(g(c.high)), NumberOfPupils: optInt(g(c.pupils)),
		SchoolCapacity: optInt(g(c.capacity)), PercentageFSM: optFloat(g(c.fsm)),
		OfstedRating: ofstedRating(g(c.ofsted)), OfstedDate: dmyToISO(g(c.ofstedDate)),
		Street: g(c.street), Locality: g(c.locality), Town: g(c.town), County: nodataGIAS(g(c.county)),
		Postcode: mappings.NormalisePostcode(g(c.postcode)), LocalAuthority: g(c.la), Website: g(c.website),
		Telephone: ukPhone(g(c.phone)), HeadTeacher: mappings.JoinNonEmpty(" ", g(c.headFirst), g(c.headLast)),
		Trust: g(c.trust), Status: status, Source: "gias",
	}
	if e, n := g(c.east), g(c.north); e != "" || n != "" {
		ef, err1 := strconv.ParseFloat(e, 64)
		nf, err2 := strconv.ParseFloat(n, 64)
		if err1 != nil || err2 != nil || !validBNG(ef, nf) {
			return doc, fmt.Sprintf("URN %d: invalid easting/northing %q,%q", urn, e, n), ""
		}
		lat, lon := BNGToWGS84(ef, nf)
		doc.Location = &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}
	}
	return doc, "", ""
}

func nodataGIAS(s string) string {
	if strings.EqualFold(s, "Not recorded") || strings.EqualFold(s, "Does not apply") {
		return ""
	}
	return s
}

// ukPhone restores the leading zero GIAS drops ("2072831147" → "02072831147").
func ukPhone(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) == 10 && s[0] != '0' {
		return "0" + s
	}
	return s
}

// ImportGIAS reads DfE "Get Information About Schools" establishment
// extracts (UTF-8 or Windows-1252). Closed establishments are skipped
// unless env.IncludeClosed, in which case they are kept with status
// "Closed"; "Open, but proposed to close" is kept as it is. Overseas rows
// (999999999 placeholders, "British schools overseas") are rejected with
// the reason. Schools without a grid reference are kept without location.
func ImportGIAS(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("gias", files)
	em := emitter{sink, rep}
	err := eachCSVFile(files, newGIASCols, func(cf *csvFile, c giasCols) error {
		// Cancellation is checked between files.
		err := eachRecord(context.Background(), cf, rep, func(rec []string, line int) error {
			doc, reason, skip := schoolFromGIAS(rec, c, env.IncludeClosed)
			if rep.dropped(cf.name, line, reason, skip) {
				return nil
			}
			if doc.Location == nil {
				rep.mark("without location (no grid reference)", 1)
			}
			return em.add(mappings.IndexSchools, strconv.FormatInt(doc.URN, 10), doc)
		})
		if err != nil {
			return err
		}
		return ctx.Err()
	})
	return rep, err
}
