package rehearse

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Dwelling is one address of a country other than the synthetic one of
// this package: the project's generator's, so that a Price Paid file can
// sell the dwellings of a generated national addresses index and its
// matching be measured against them (see World).
type Dwelling struct {
	UPRN                                         int64
	Postcode, SAON, PAON, Street, Locality, Town string
	Lat, Lon                                     float64
	// Building marks a block's own record: it has a UPRN and a point but
	// is not a dwelling, so it is never sold.
	Building bool
}

// World streams a country's dwellings in a fixed order. Size is how many
// Each yields; Each calls fn for every dwelling and stops at its first
// error.
type World struct {
	Size int
	Each func(fn func(Dwelling) error) error
}

// recentSales is how many of the latest sales a C or D record may refer
// to: the monthly files correct and delete sales of recent months.
const recentSales = 50_000

// writePPDWorld writes pp-complete.csv selling w.World's dwellings, in its
// order, rows rows in all: the same columns, quoting and sample rows
// (price, date, type, tenure, category; a template without postcode gives
// a sale without) as writePPD, the same one C record in 200 and one D
// record in 500, which refer to one of the latest sales. About rows/Size
// sales a dwelling, spread evenly. Each transaction id ends in the sold
// dwelling's UPRN in hexadecimal (TrueUPRN), so a matcher's output can be
// checked against the truth.
func (w *Writer) writePPDWorld(p string, rows int) error {
	if w.World.Size <= 0 {
		return fmt.Errorf("the world has no dwellings")
	}
	_, tmpl, err := w.readSample("ppd/pp-complete-1995-sample.csv", false)
	if err != nil {
		return err
	}
	o, err := create(p)
	if err != nil {
		return err
	}
	type sold struct {
		n int
		d Dwelling
	}
	ring := make([]sold, 0, recentSales)
	rec := make([]string, 16)
	b := make([]byte, 0, 512)
	row, sale, k := 0, 0, 0
	write := func(status string, n int, d Dwelling) {
		t := tmpl[mix(n, len(tmpl))]
		copy(rec, t)
		rec[0] = worldGUID(n, d.UPRN)
		if t[3] != "" {
			rec[3] = d.Postcode
		}
		rec[7], rec[8] = d.PAON, d.SAON
		rec[9], rec[10], rec[11], rec[12] = d.Street, d.Locality, d.Town, d.Town
		b = appendPPD(b[:0], rec, t, status)
		o.Write(b)
		w.progress("ppd", row, rows)
		row++
	}
	err = w.World.Each(func(d Dwelling) error {
		if d.Building {
			return nil
		}
		for want := int(int64(k+1) * int64(rows) / int64(w.World.Size)); row < want; {
			switch {
			case row%200 == 199 && len(ring) > 100:
				s := ring[mix(row, len(ring))]
				write("C", s.n, s.d)
			case row%500 == 250 && len(ring) > 100:
				s := ring[mix(row+7, len(ring))]
				write("D", s.n, s.d)
			default:
				if len(ring) < recentSales {
					ring = append(ring, sold{sale, d})
				} else {
					ring[sale%recentSales] = sold{sale, d}
				}
				write("A", sale, d)
				sale++
			}
		}
		k++
		return nil
	})
	if err != nil {
		o.close()
		return err
	}
	return o.close()
}

// worldGUID is a transaction id whose fourth group is 0000 and whose last
// is the dwelling's UPRN in hexadecimal.
func worldGUID(n int, uprn int64) string {
	return guid(n)[:20] + fmt.Sprintf("0000-%012X}", uprn)
}

// TrueUPRN is the UPRN of the dwelling a Price Paid row written from a
// World sold, read from its transaction id; false for other ids (but for
// one real id in 65,536, whose fourth group is 0000 by chance).
func TrueUPRN(txid string) (int64, bool) {
	txid = strings.Trim(txid, "{}")
	if len(txid) != 36 || txid[19:24] != "0000-" {
		return 0, false
	}
	u, err := strconv.ParseInt(txid[24:], 16, 64)
	return u, err == nil && u > 0
}

// SalesCheck counts the sales of a loader's sales NDJSON written from a
// World's Price Paid file against the truth their transaction ids carry.
type SalesCheck struct {
	Sales     int `json:"sales"`
	Matched   int `json:"matched"`   // given a UPRN
	Correct   int `json:"correct"`   // given the UPRN of the dwelling sold
	Wrong     int `json:"wrong"`     // given another dwelling's UPRN
	Unmatched int `json:"unmatched"` // given none
	Foreign   int `json:"foreign"`   // a transaction id not written from a World
}

// CheckSales reads sales documents, one JSON object a line, and counts
// them (see SalesCheck). It reads the two fields it needs without
// decoding the rest, so it keeps up with a national file.
func CheckSales(r io.Reader) (SalesCheck, error) {
	var c SalesCheck
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		tx := jsonString(line, `"txid":"`)
		if tx == "" {
			continue
		}
		c.Sales++
		truth, ok := TrueUPRN(tx)
		if !ok {
			c.Foreign++
			continue
		}
		got := jsonInt(line, `"uprn":`)
		switch {
		case got == 0:
			c.Unmatched++
		case got == truth:
			c.Matched++
			c.Correct++
		default:
			c.Matched++
			c.Wrong++
		}
	}
	return c, sc.Err()
}

func jsonString(line []byte, key string) string {
	i := bytes.Index(line, []byte(key))
	if i < 0 {
		return ""
	}
	rest := line[i+len(key):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}

func jsonInt(line []byte, key string) int64 {
	i := bytes.Index(line, []byte(key))
	if i < 0 {
		return 0
	}
	rest := line[i+len(key):]
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	n, _ := strconv.ParseInt(string(rest[:j]), 10, 64)
	return n
}

// writeUPRNWorld writes OS Open UPRN for w.World: the published header and
// a point for every record it yields (dwellings and their blocks), and
// rows-Size more UPRNs without an address, as the product carries (street
// furniture, outbuildings...), spread among them near the dwelling they
// follow and numbered from 500,000,000 within its UPRN's billion, above
// any the generator gives. X and Y are the National Grid position of the
// point (Writer.ToGrid).
func (w *Writer) writeUPRNWorld(p string, rows int, grid func(lat, lon float64) (e, n float64)) error {
	o, err := create(p)
	if err != nil {
		return err
	}
	o.WriteString(uprnHeader)
	b := make([]byte, 0, 128)
	point := func(u int64, lat, lon float64) {
		e, n := grid(lat, lon)
		b = appendUPRN(b[:0], u, e, n, lat, lon)
		o.Write(b)
	}
	extra := max(rows-w.World.Size, 0)
	written, extras, k := 0, 0, 0
	next := map[int64]int64{}
	err = w.World.Each(func(d Dwelling) error {
		point(d.UPRN, d.Lat, d.Lon)
		w.progress("os-open-uprn", written, rows)
		written++
		if !d.Building {
			k++
		}
		block := (d.UPRN - 10_000_000_000) / 1_000_000_000
		for want := int(int64(k) * int64(extra) / int64(w.World.Size)); extras < want && extras < extra; extras++ {
			next[block]++
			point(10_000_000_000+block*1_000_000_000+500_000_000+next[block], d.Lat+float64(extras%7-3)*0.00004, d.Lon+float64(extras%5-2)*0.00006)
			w.progress("os-open-uprn", written, rows)
			written++
		}
		return nil
	})
	if err != nil {
		o.close()
		return err
	}
	if w.Progress != nil {
		fmt.Fprintf(w.Progress, "rehearse os-open-uprn: %d points (%d records of the world, %d without address)\n", written, written-extras, extras)
	}
	return o.close()
}

// InvertGrid turns a National Grid to WGS84 conversion into its inverse,
// by Newton's method, to a millimetre: the OS Open UPRN file's X and Y
// must agree with the conversion the importer applies to them, so the
// caller passes the importer's own (importer.BNGToWGS84).
func InvertGrid(toWGS84 func(e, n float64) (lat, lon float64)) func(lat, lon float64) (e, n float64) {
	return func(lat, lon float64) (e, n float64) {
		// A start within a few kilometres: the grid's true origin at 49°N
		// 2°W is at 400 km east, -100 km north.
		e = 400_000 + (lon+2)*111_320*math.Cos(lat*math.Pi/180)
		n = -100_000 + (lat-49)*111_200
		const h = 1.0
		for i := 0; i < 6; i++ {
			la, lo := toWGS84(e, n)
			fe, fn := lo-lon, la-lat
			if math.Abs(fe) < 1e-9 && math.Abs(fn) < 1e-9 {
				break
			}
			laE, loE := toWGS84(e+h, n)
			laN, loN := toWGS84(e, n+h)
			// Jacobian of (lon, lat) by (e, n).
			a, b := (loE-lo)/h, (loN-lo)/h
			c, d := (laE-la)/h, (laN-la)/h
			det := a*d - b*c
			e -= (d*fe - b*fn) / det
			n -= (a*fn - c*fe) / det
		}
		return e, n
	}
}
