package importer

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/ukpd/propertyapi/mappings"
)

// onsudAreas are the statistical areas of one UPRN.
type onsudAreas struct {
	uprn                      int64
	oa, lsoa, msoa, lad, ward string
	region                    string
	postcode                  string // display form; "" when the row has none
}

type onsudCols struct {
	uprn, oa, lsoa, msoa, lad, ward, rgn, ctry, pcds int
}

// newONSUDCols finds the columns of an ONS UPRN Directory (ONSUD) or
// National Statistics UPRN Lookup (NSUL) file by name across releases:
// OA21CD/OA11CD, LSOA11CD/LSOA21CD (2011 first: IMD 2019 is keyed by it),
// MSOA21CD/MSOA11CD (2021 first: Census 2021 is keyed by it), LADnnCD,
// WDnnCD, RGNnnCD, CTRYnnCD (the most recent year when several), and the
// ONSPD-style names of older ONSUD files (oa11, lsoa11, msoa11, lad, ward,
// rgn, ctry).
func newONSUDCols(h header) (onsudCols, error) {
	pick := func(fixed []string, stem string) int {
		if i := h.index(fixed...); i >= 0 {
			return i
		}
		return h.generation(stem)
	}
	gen := func(stem string, plain ...string) int {
		if i := h.generation(stem); i >= 0 {
			return i
		}
		return h.index(plain...)
	}
	c := onsudCols{
		uprn: h.index("UPRN"),
		oa:   pick([]string{"OA21CD", "OA11CD", "oa21", "oa11"}, "oa"), lsoa: pick([]string{"LSOA11CD", "LSOA21CD", "lsoa11", "lsoa21"}, "lsoa"),
		msoa: pick([]string{"MSOA21CD", "MSOA11CD", "msoa21", "msoa11"}, "msoa"), lad: gen("lad", "lad", "laua", "oslaua"),
		ward: gen("wd", "ward", "osward"), rgn: gen("rgn", "rgn"), ctry: gen("ctry", "ctry"),
		pcds: h.index("PCDS", "pcds", "PCD", "pcd"),
	}
	if c.uprn < 0 {
		return c, errors.New("not an ONSUD/NSUL file: no UPRN column")
	}
	if c.oa < 0 && c.lsoa < 0 && c.msoa < 0 && c.lad < 0 {
		return c, errors.New("not an ONSUD/NSUL file: no OA, LSOA, MSOA or LAD code column")
	}
	return c, nil
}

// ImportONSUD reads ONSUD / NSUL files (UPRN → postcode, output area,
// LSOA, MSOA, local authority, ward, region; one CSV per region in the zip)
// and sets those codes on the property documents already loaded
// (env.UPRNDocs): they are added again with the codes (merge the output
// into the current index). UPRNs without a property document are skipped;
// ONS pseudo-codes (E99999999 ...) leave the field as it was.
//
// The postcode (PCDS) is kept as the property's directory_postcode. When a
// release gives a UPRN another postcode than the one the previous release
// loaded, the UPRN moved: the old postcode goes into postcode_history
// (until env.Release) and the new one becomes the property's postcode.
// That history is what names a terminated postcode's successors.
func ImportONSUD(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("onsud", files)
	if env.UPRNDocs == nil {
		return rep, errors.New("onsud: a UPRN document lookup is required (load properties first; use --merge)")
	}
	em := emitter{sink, rep}
	var batch []onsudAreas
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		ids := make([]int64, len(batch))
		for i, a := range batch {
			ids[i] = a.uprn
		}
		_, props, err := env.UPRNDocs(ctx, ids)
		if err != nil {
			return fmt.Errorf("look up UPRN documents: %w", err)
		}
		for _, a := range batch {
			pr, ok := props[a.uprn]
			if !ok {
				rep.skip("UPRN without property document")
				continue
			}
			set := func(dst *string, v string) {
				if v != "" {
					*dst = v
				}
			}
			set(&pr.OACode, a.oa)
			set(&pr.LSOACode, a.lsoa)
			set(&pr.MSOACode, a.msoa)
			if a.lad != "" && a.lad != pr.LADCode {
				pr.LADCode, pr.LADName = a.lad, "" // the name of another authority would be wrong
			}
			set(&pr.WardCode, a.ward)
			set(&pr.Region, a.region)
			if movePostcode(&pr, a.postcode, env.Release) {
				rep.mark("UPRN moved to another postcode since the previous release", 1)
			}
			if err := em.add(mappings.IndexProperties, strconv.FormatInt(a.uprn, 10), pr); err != nil {
				return err
			}
		}
		batch = batch[:0]
		return ctx.Err()
	}
	err := eachCSVFile(files, newONSUDCols, func(cf *csvFile, c onsudCols) error {
		return eachRecord(ctx, cf, rep, func(rec []string, line int) error {
			u, err := strconv.ParseInt(get(rec, c.uprn), 10, 64)
			if err != nil || u <= 0 {
				rep.reject(cf.name, line, "invalid UPRN %q", get(rec, c.uprn))
				return nil
			}
			ctry := countryLetter(realCode(get(rec, c.ctry)))
			a := onsudAreas{uprn: u, oa: realCode(get(rec, c.oa)), lsoa: realCode(get(rec, c.lsoa)),
				msoa: realCode(get(rec, c.msoa)), lad: realCode(get(rec, c.lad)), ward: realCode(get(rec, c.ward)),
				region: regionName(realCode(get(rec, c.rgn)), ctry)}
			if pc, ok := mappings.ParsePostcode(get(rec, c.pcds)); ok && pc.Inward != "" {
				a.postcode = pc.Display()
			}
			if a.oa == "" && a.lsoa == "" && a.msoa == "" && a.lad == "" {
				rep.reject(cf.name, line, "UPRN %d: no statistical area codes", u)
				return nil
			}
			batch = append(batch, a)
			if len(batch) >= 1000 {
				return flush()
			}
			return nil
		})
	})
	if err != nil {
		return rep, err
	}
	return rep, flush()
}

// movePostcode records the postcode a directory release gives a property
// (pc, display form; "" leaves everything as it was). When the previous
// release loaded gave it another postcode, that one joins the history
// (until release; an older entry of the same postcode is replaced) and pc
// becomes the property's postcode: it reports whether the UPRN moved. The
// first release seen only records pc: a postcode from another source (an
// EPC) that differs is not a move between directory releases.
func movePostcode(pr *mappings.Property, pc, release string) bool {
	if pc == "" {
		return false
	}
	held := pr.DirectoryPostcode
	pr.DirectoryPostcode = pc
	if held == "" || held == pc {
		return false
	}
	hist := pr.PostcodeHistory[:0:0]
	for _, m := range pr.PostcodeHistory {
		if m.Postcode != held {
			hist = append(hist, m)
		}
	}
	pr.PostcodeHistory = append(hist, mappings.PostcodeMove{Postcode: held, Until: release})
	pr.Postcode = pc
	if p, ok := mappings.ParsePostcode(pc); ok {
		pr.Outcode = p.Outward
	}
	return true
}
