package importer

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// ODS kinds: the NHS ODS 27-column layout is shared by GP practices
// (epraccur), dental practices (egdpprac) and pharmacies (edispensary).
const (
	ODSGP       = "gp"
	ODSDentist  = "dentist"
	ODSPharmacy = "pharmacy"
)

var odsStatus = map[string]string{"A": "Active", "C": "Closed", "D": "Dormant", "P": "Proposed"}

// odsRow is one parsed ODS record awaiting its location.
type odsRow struct {
	file string
	line int
	doc  mappings.Amenity
}

// amenityFromODS is the pure transform of one record.
func amenityFromODS(rec []string, kind string, includeClosed bool) (doc mappings.Amenity, reason, skip string) {
	if len(rec) < 18 {
		return doc, fmt.Sprintf("expected 27 columns, got %d", len(rec)), ""
	}
	code := rec[0]
	if code == "" {
		return doc, "missing organisation code", ""
	}
	st, ok := odsStatus[rec[12]]
	if !ok {
		return doc, fmt.Sprintf("%s: invalid status code %q (want A, C, D or P)", code, rec[12]), ""
	}
	if (st == "Closed" || st == "Dormant") && !includeClosed {
		return doc, "", "status " + st + " (use --include-closed to keep them marked)"
	}
	if kind == ODSGP {
		if s := get(rec, 25); s != "4" {
			return doc, "", fmt.Sprintf("prescribing setting %q is not a GP practice (4)", s)
		}
	}
	p, ok := mappings.ParsePostcode(rec[9])
	if !ok {
		return doc, fmt.Sprintf("%s: invalid postcode %q", code, rec[9]), ""
	}
	var lines []string
	for _, l := range rec[4:9] {
		if l != "" {
			lines = append(lines, l)
		}
	}
	// The last line is the county when there are three or more; the town
	// precedes it.
	city, street := "", lines
	switch {
	case len(lines) >= 3:
		city, street = lines[len(lines)-2], lines[:len(lines)-2]
	case len(lines) == 2:
		city, street = lines[1], lines[:1]
	}
	doc = mappings.Amenity{
		ID: code, Name: titleCase(rec[1]), Type: kind, Group: "healthcare",
		Line1: titleCase(strings.Join(street, ", ")), City: titleCase(city), Postcode: p.Display(),
		Telephone: get(rec, 17), Status: st, OpeningDate: ymdCompactToISO(rec[10]), ClosingDate: ymdCompactToISO(rec[11]),
		Source: "ods-" + kind,
	}
	return doc, "", ""
}

// ImportODS reads NHS ODS files of one kind (gp, dentist, pharmacy). Status
// codes are respected: Active and Proposed are loaded with their status;
// Closed and Dormant are skipped unless env.IncludeClosed. For gp only
// prescribing setting 4 (GP practice) is loaded. Each organisation is
// located through env.Points (its postcode's point); one whose postcode is
// unknown is rejected.
func ImportODS(ctx context.Context, env Env, kind string, files []string, sink Sink) (*Report, error) {
	rep := newReport("ods-"+kind, files)
	if env.Points == nil {
		return rep, errors.New("ods: a postcode lookup is required (load postcodes first)")
	}
	var rows []odsRow
	for _, path := range files {
		cf, err := openCSV(path)
		if err != nil {
			return rep, err
		}
		// Cancellation is checked when the rows are located.
		err = eachRecord(context.Background(), cf, rep, func(rec []string, line int) error {
			doc, reason, skip := amenityFromODS(rec, kind, env.IncludeClosed)
			if !rep.dropped(cf.name, line, reason, skip) {
				rows = append(rows, odsRow{cf.name, line, doc})
			}
			return nil
		})
		cf.Close()
		if err != nil {
			return rep, err
		}
	}
	em := emitter{sink, rep}
	const batch = 1000
	for start := 0; start < len(rows); start += batch {
		chunk := rows[start:min(start+batch, len(rows))]
		var pcs []string
		seen := map[string]bool{}
		for _, r := range chunk {
			if !seen[r.doc.Postcode] {
				seen[r.doc.Postcode] = true
				pcs = append(pcs, r.doc.Postcode)
			}
		}
		pts, err := env.Points(ctx, pcs)
		if err != nil {
			return rep, fmt.Errorf("locate postcodes: %w", err)
		}
		for _, r := range chunk {
			pt, ok := pts[r.doc.Postcode]
			if !ok {
				rep.reject(r.file, r.line, "%s: postcode %s not in the postcodes index (no location)", r.doc.ID, r.doc.Postcode)
				continue
			}
			r.doc.Location = &pt
			if err := em.add(mappings.IndexAmenities, r.doc.ID, r.doc); err != nil {
				return rep, err
			}
		}
	}
	return rep, nil
}
