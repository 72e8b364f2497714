// Package rehearse writes files in the publishers' exact layouts at
// national row counts, to rehearse a national load where the national
// releases cannot be downloaded: every row is a row of the real sample of
// that format (the folder of real publisher samples the caller names) with its
// identifiers and address replaced, so columns, quoting, encodings, header
// quirks and the sample's odd rows (blank UPRNs, empty postcodes, rows
// without location, terminated postcodes, anti-social behaviour without
// Crime ID, macOS entries in the OS Open Names zip, BOMs) recur at the
// sample's rate. No layout is invented: OS Open UPRN, which has no sample,
// is written with the published header only.
//
// The files describe one synthetic country of dwellings: dwelling d has
// UPRN 10000000000+d, postcode number d/15 (15 dwellings a postcode, so 41M
// dwellings need the 2.7M postcodes of an ONSPD release), house number
// d%15+1 and the street of its postcode. EPC certificates, Price Paid
// sales and OS Open UPRN points refer to the same dwellings, so the EPC
// addresses join to the points and sales match to UPRNs.
package rehearse

import (
	"archive/zip"
	"bufio"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// National are the row counts of the national releases.
var National = map[string]int{
	"os-open-uprn":  41_000_000,
	"onspd":         2_700_000,
	"ppd":           30_000_000,
	"epc":           28_000_000,
	"police-uk":     6_000_000,
	"os-open-names": 3_000_000,
}

// Formats in the order they are written.
var Formats = []string{"onspd", "os-open-uprn", "epc", "ppd", "police-uk", "os-open-names"}

// FileName is the file (or directory) a format is written to under the
// output directory, named as the publisher names it.
var FileName = map[string]string{
	"os-open-uprn":  "osopenuprn_national.csv",
	"onspd":         "ONSPD_national_UK.csv",
	"ppd":           "pp-complete.csv",
	"epc":           "certificates.csv",
	"police-uk":     "police-uk",
	"os-open-names": "opname_csv_gb.zip",
}

const perPostcode = 15

// Writer writes the files from the samples in SamplesDir.
type Writer struct {
	SamplesDir string
	Dir        string
	// Dwellings is the size of the country (the OS Open UPRN row count
	// when it is written); EPC certificates and sales refer to dwellings
	// below it.
	Dwellings int
	// World, when set, is the country the Price Paid file sells and the
	// OS Open UPRN file locates instead (no other format is written from
	// it).
	World *World
	// ToGrid is the National Grid position of a WGS84 point, for the X
	// and Y of OS Open UPRN points written from World (InvertGrid).
	ToGrid   func(lat, lon float64) (e, n float64)
	Progress io.Writer
}

// Write writes one format with rows data rows and returns the path.
func (w *Writer) Write(format string, rows int) (string, error) {
	if w.Dwellings <= 0 {
		w.Dwellings = National["os-open-uprn"]
	}
	p := filepath.Join(w.Dir, FileName[format])
	var err error
	switch {
	case w.World != nil && format == "ppd":
		err = w.writePPDWorld(p, rows)
	case w.World != nil && format == "os-open-uprn":
		if w.ToGrid == nil {
			return "", fmt.Errorf("rehearse %s: another world's points need ToGrid", format)
		}
		err = w.writeUPRNWorld(p, rows, w.ToGrid)
	case w.World != nil:
		return "", fmt.Errorf("rehearse %s: only ppd and os-open-uprn are written from another world", format)
	case format == "os-open-uprn":
		err = w.writeUPRN(p, rows)
	case format == "onspd":
		err = w.writeONSPD(p, rows)
	case format == "ppd":
		err = w.writePPD(p, rows)
	case format == "epc":
		err = w.writeEPC(p, rows)
	case format == "police-uk":
		err = w.writeCrime(p, rows)
	case format == "os-open-names":
		err = w.writeOSNames(p, rows)
	default:
		return "", fmt.Errorf("rehearse: unknown format %q (have %s)", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return "", fmt.Errorf("rehearse %s: %w", format, err)
	}
	return p, nil
}

// readSample reads a sample CSV: header (nil when headerless) and rows.
func (w *Writer) readSample(rel string, hasHeader bool) ([]string, [][]string, error) {
	f, err := os.Open(filepath.Join(w.SamplesDir, rel))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReader(f))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	recs, err := r.ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", rel, err)
	}
	if hasHeader && len(recs) > 0 {
		return recs[0], recs[1:], nil
	}
	return nil, recs, nil
}

// output is a buffered file.
type output struct {
	f *os.File
	*bufio.Writer
}

func create(p string) (*output, error) {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(p)
	if err != nil {
		return nil, err
	}
	return &output{f, bufio.NewWriterSize(f, 1<<20)}, nil
}

func (o *output) close() error {
	if err := o.Flush(); err != nil {
		o.f.Close()
		return err
	}
	return o.f.Close()
}

var postcodeAreas = strings.Fields("AB AL B BA BB BD BH BL BN BR BS CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO")

const inwardLetters = "ABDEFGHJLNPQRSTUWXYZ"

// postcode is the display form of postcode number i ("AB1 0AA"): 4,000
// inward codes per district, districts 1.. of each area in turn.
func postcode(i int) string {
	o, in := i/4000, i%4000
	area := postcodeAreas[o%len(postcodeAreas)]
	district := o/len(postcodeAreas) + 1
	return area + strconv.Itoa(district) + " " + strconv.Itoa(in/400) + string(inwardLetters[in%400/20]) + string(inwardLetters[in%20])
}

// pcd7 and pcd8 are the fixed-width forms ("AB1 0AA", "AB1  0AA").
func pcd7(pc string) string {
	out, in, _ := strings.Cut(pc, " ")
	if len(out) < 4 {
		out += strings.Repeat(" ", 4-len(out))
	}
	return out + in
}

func pcd8(pc string) string {
	out, in, _ := strings.Cut(pc, " ")
	return out + strings.Repeat(" ", 5-len(out)) + in
}

func uprn(d int) int64 { return 10_000_000_000 + int64(d) }

// hex64 is a 64-hex-digit identifier (EPC LMK keys, police.uk Crime IDs)
// derived from a kind and a number.
func hex64(kind string, n int) string {
	var b strings.Builder
	for k := 0; k < 4; k++ {
		h := fnv.New64a()
		fmt.Fprintf(h, "%s/%d/%d", kind, n, k)
		fmt.Fprintf(&b, "%016x", h.Sum64())
	}
	return b.String()
}

// guid is a Price Paid transaction id "{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}".
func guid(n int) string {
	h := hex64("ppd", n)
	return strings.ToUpper("{" + h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32] + "}")
}

// mix scatters i over [0, n) (a bijection when n is not a multiple of the
// multiplier's factors; close enough for picking templates and dwellings).
func mix(i, n int) int {
	if n <= 0 {
		return 0
	}
	return int((uint64(i)*2654435761 + 12345) % uint64(n))
}

// places are the sample's points (ONSPD AB and NSPL TF postcodes with a
// grid reference), the base of every location written.
type place struct{ lat, lon, e, n float64 }

func (w *Writer) places() ([]place, error) {
	var out []place
	for _, rel := range []string{"postcodes/onspd-sample-ab1.csv", "postcodes/NSPL_NOV_2021_UK_TF.csv"} {
		h, rows, err := w.readSample(rel, true)
		if err != nil {
			return nil, err
		}
		col := func(names ...string) int {
			for _, n := range names {
				for i, c := range h {
					if strings.EqualFold(strings.TrimSpace(c), n) {
						return i
					}
				}
			}
			return -1
		}
		la, lo, e, n := col("lat"), col("long"), col("oseast1m"), col("osnrth1m")
		for _, r := range rows {
			lat, _ := strconv.ParseFloat(r[la], 64)
			lon, _ := strconv.ParseFloat(r[lo], 64)
			ee, _ := strconv.ParseFloat(r[e], 64)
			nn, _ := strconv.ParseFloat(r[n], 64)
			if lat > 49 && lat < 61 && ee > 0 {
				out = append(out, place{lat, lon, ee, nn})
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no located postcodes in the samples")
	}
	return out, nil
}

// streets are the sample's Price Paid street, locality, town, district
// and county, one per postcode number in turn.
type street struct{ name, locality, town, district, county string }

func (w *Writer) streets() ([]street, error) {
	_, rows, err := w.readSample("ppd/pp-complete-1995-sample.csv", false)
	if err != nil {
		return nil, err
	}
	var out []street
	for _, r := range rows {
		if len(r) == 16 && r[9] != "" && r[3] != "" {
			out = append(out, street{r[9], r[10], r[11], r[12], r[13]})
		}
	}
	return out, nil
}

func (w *Writer) progress(format string, i, n int) {
	if w.Progress != nil && i > 0 && i%1_000_000 == 0 {
		fmt.Fprintf(w.Progress, "rehearse %s: %d of %d rows\n", format, i, n)
	}
}

// writeUPRN writes OS Open UPRN: the published header, X/Y to 2 decimals,
// lat/long to 7 (no sample exists; the columns are the product's).
func (w *Writer) writeUPRN(p string, rows int) error {
	pl, err := w.places()
	if err != nil {
		return err
	}
	o, err := create(p)
	if err != nil {
		return err
	}
	o.WriteString(uprnHeader)
	b := make([]byte, 0, 128)
	for d := 0; d < rows; d++ {
		base := pl[mix(d/perPostcode, len(pl))]
		dx, dy := float64(d%perPostcode*7-50), float64(d%5*9-20)
		lat := base.lat + dy/111_320
		lon := base.lon + dx/(111_320*math.Cos(base.lat*math.Pi/180))
		b = appendUPRN(b[:0], uprn(d), base.e+dx, base.n+dy, lat, lon)
		o.Write(b)
		w.progress("os-open-uprn", d, rows)
	}
	return o.close()
}

// uprnHeader is OS Open UPRN's published header.
const uprnHeader = "UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE\n"

// appendUPRN appends an OS Open UPRN row: X/Y to 2 decimals, lat/long to 7.
func appendUPRN(b []byte, u int64, e, n, lat, lon float64) []byte {
	b = strconv.AppendInt(b, u, 10)
	for _, f := range [...]struct {
		v    float64
		prec int
	}{{e, 2}, {n, 2}, {lat, 7}, {lon, 7}} {
		b = strconv.AppendFloat(append(b, ','), f.v, 'f', f.prec, 64)
	}
	return append(b, '\n')
}

// writeONSPD writes the ONSPD (2025 header of the AB sample): each row a
// sample row (terminated, unlocated and pseudo-coded rows included) under
// postcode number i.
func (w *Writer) writeONSPD(p string, rows int) error {
	h, tmpl, err := w.readSample("postcodes/onspd-sample-ab1.csv", true)
	if err != nil {
		return err
	}
	i7, i8, ids := index(h, "pcd7"), index(h, "pcd8"), index(h, "pcds")
	o, err := create(p)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(o)
	cw.Write(h)
	rec := make([]string, len(h))
	for i := 0; i < rows; i++ {
		copy(rec, tmpl[mix(i, len(tmpl))])
		pc := postcode(i)
		rec[i7], rec[i8], rec[ids] = pcd7(pc), pcd8(pc), pc
		cw.Write(rec)
		w.progress("onspd", i, rows)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return o.close()
}

func index(h []string, name string) int {
	for i, c := range h {
		if strings.EqualFold(strings.TrimSpace(strings.TrimPrefix(c, "\ufeff")), name) {
			return i
		}
	}
	return -1
}

// writePPD writes pp-complete.csv: 16 quoted columns, no header. Each sale
// is a sample row (price, date, type, tenure, category) of a dwelling; a
// sample row without postcode stays without. One row in 200 is a C record
// (a later price for an earlier sale) and one in 500 a D record (an
// earlier sale deleted), as the monthly update files carry them.
func (w *Writer) writePPD(p string, rows int) error {
	_, tmpl, err := w.readSample("ppd/pp-complete-1995-sample.csv", false)
	if err != nil {
		return err
	}
	sts, err := w.streets()
	if err != nil {
		return err
	}
	o, err := create(p)
	if err != nil {
		return err
	}
	rec := make([]string, 16)
	b := make([]byte, 0, 512)
	sale := 0
	for i := 0; i < rows; i++ {
		status := "A"
		n := sale
		switch {
		case i%200 == 199 && sale > 100:
			status, n = "C", mix(i, sale)
		case i%500 == 250 && sale > 100:
			status, n = "D", mix(i+7, sale)
		default:
			sale++
		}
		t := tmpl[mix(n, len(tmpl))]
		copy(rec, t)
		d := mix(n, w.Dwellings)
		pcn := d / perPostcode
		st := sts[pcn%len(sts)]
		rec[0] = guid(n)
		if t[3] != "" {
			rec[3] = postcode(pcn)
		}
		rec[7], rec[8] = strconv.Itoa(d%perPostcode+1), ""
		rec[9], rec[10], rec[11], rec[12], rec[13] = st.name, st.locality, st.town, st.district, st.county
		b = appendPPD(b[:0], rec, t, status)
		o.Write(b)
		w.progress("ppd", i, rows)
	}
	return o.close()
}

// appendPPD appends a raw Price Paid line, every field quoted: rec with
// record status status, a C record priced 1,000 above its sample row t.
func appendPPD(b []byte, rec, t []string, status string) []byte {
	if status == "C" {
		pr, _ := strconv.Atoi(t[1])
		rec[1] = strconv.Itoa(pr + 1000)
	}
	rec[15] = status
	for k, f := range rec {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, strings.ReplaceAll(f, `"`, `""`)...)
		b = append(b, '"')
	}
	return append(b, '\n')
}

// writeEPC writes certificates.csv as in the bulk zips: the sample's 92
// columns under their UPPER_SNAKE names, every column filled from a sample
// row (mojibake and NO DATA! included). Certificates are spread over
// three quarters as many dwellings, so about one UPRN in three has two
// certificates, far apart in the file; a sample row without UPRN stays
// without.
func (w *Writer) writeEPC(p string, rows int) error {
	h, tmpl, err := w.readSample("epc/epc-domestic-exeter-flats-first300.csv", true)
	if err != nil {
		return err
	}
	sts, err := w.streets()
	if err != nil {
		return err
	}
	col := func(n string) int { return index(h, n) }
	cLMK, cA1, cA2, cA3, cPC, cUPRN := col("lmk-key"), col("address1"), col("address2"), col("address3"), col("postcode"), col("uprn")
	cAddr, cTown, cLodged, cLodgedAt, cInsp := col("address"), col("posttown"), col("lodgement-date"), col("lodgement-datetime"), col("inspection-date")
	cBRN := col("building-reference-number")
	head := make([]string, len(h))
	for i, c := range h {
		head[i] = strings.ToUpper(strings.ReplaceAll(c, "-", "_"))
	}
	o, err := create(p)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(o)
	cw.Write(head)
	rec := make([]string, len(h))
	span := max(rows*3/4, 1)
	for i := 0; i < rows; i++ {
		t := tmpl[mix(i, len(tmpl))]
		copy(rec, t)
		d := mix(i%span, min(span, w.Dwellings))
		pcn := d / perPostcode
		st := sts[pcn%len(sts)]
		line1 := strconv.Itoa(d%perPostcode+1) + " " + titleCase(st.name)
		rec[cLMK] = hex64("epc", i)
		rec[cA1], rec[cA2], rec[cA3] = line1, "", ""
		rec[cAddr] = line1
		rec[cPC] = postcode(pcn)
		rec[cTown] = st.town
		if t[cUPRN] != "" {
			rec[cUPRN] = strconv.FormatInt(uprn(d), 10)
		}
		rec[cBRN] = strconv.Itoa(1_000_000 + d)
		// Later certificates of a dwelling are later lodgements.
		year := 2009 + (i/span)*5 + i%10
		date := fmt.Sprintf("%04d-%02d-%02d", year, i%12+1, i%28+1)
		rec[cLodged], rec[cInsp] = date, date
		rec[cLodgedAt] = date + " 10:" + fmt.Sprintf("%02d:%02d", i%60, i/60%60)
		cw.Write(rec)
		w.progress("epc", i, rows)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return o.close()
}

func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// policeForces are the forces of the data.police.uk archive's file names.
var policeForces = strings.Fields("avon-and-somerset bedfordshire btp cambridgeshire cheshire city-of-london cleveland cumbria derbyshire devon-and-cornwall dorset durham dyfed-powys essex gloucestershire greater-manchester gwent hampshire hertfordshire humberside kent lancashire leicestershire lincolnshire merseyside metropolitan norfolk north-wales north-yorkshire northamptonshire northumbria nottinghamshire south-wales south-yorkshire staffordshire suffolk surrey sussex thames-valley warwickshire west-mercia west-midlands west-yorkshire wiltshire")

// writeCrime writes a year of street-level crime as the archive extracts:
// DIR/YYYY-MM/YYYY-MM-<force>-street.csv, the sample's 12 columns. Rows
// are sample rows (no-location rows and anti-social behaviour without
// Crime ID included) with new Crime IDs; one in 4,000 reuses the previous
// row's Crime ID, as police.uk does (two pairs in the sample).
func (w *Writer) writeCrime(dir string, rows int) error {
	h, tmpl, err := w.readSample("crime/police-uk-2025-12-west-mercia-street.csv", true)
	if err != nil {
		return err
	}
	cID, cMonth, cBy, cWithin := index(h, "Crime ID"), index(h, "Month"), index(h, "Reported by"), index(h, "Falls within")
	files := 12 * len(policeForces)
	per := (rows + files - 1) / files
	rec := make([]string, len(h))
	prevID := ""
	i := 0
	for m := 0; m < 12; m++ {
		month := fmt.Sprintf("2025-%02d", m+1)
		for _, force := range policeForces {
			o, err := create(filepath.Join(dir, month, month+"-"+force+"-street.csv"))
			if err != nil {
				return err
			}
			cw := csv.NewWriter(o)
			cw.Write(h)
			name := strings.ReplaceAll(titleCase(strings.ReplaceAll(force, "-", " ")), " And ", " and ") + " Police"
			for k := 0; k < per && i < rows; k++ {
				copy(rec, tmpl[mix(i, len(tmpl))])
				if rec[cID] != "" {
					rec[cID] = hex64("crime", i)
					if i%4000 == 3999 && prevID != "" {
						rec[cID] = prevID
					}
					prevID = rec[cID]
				}
				rec[cMonth], rec[cBy], rec[cWithin] = month, name, name
				cw.Write(rec)
				i++
				w.progress("police-uk", i, rows)
			}
			cw.Flush()
			if err := cw.Error(); err != nil {
				return err
			}
			if err := o.close(); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeOSNames writes opname_csv_gb.zip as the sample zip is made: stored
// entries, DOC/OS_Open_Names_Header.csv, DATA/<tile>.csv without header
// and with a BOM, and the macOS entries (__MACOSX/..., .DS_Store). Rows are
// sample rows with new osgb ids, 4,000 to a tile.
func (w *Writer) writeOSNames(p string, rows int) error {
	zr, err := zip.OpenReader(filepath.Join(w.SamplesDir, "osnames/os-open-names-sample-hp40-hp60.zip"))
	if err != nil {
		return err
	}
	defer zr.Close()
	var tmpl [][]string
	entries := map[string][]byte{}
	var order []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return err
		}
		if strings.Contains(f.Name, "/DATA/") && strings.HasSuffix(f.Name, ".csv") && !strings.Contains(f.Name, "__MACOSX") {
			r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), "\ufeff")))
			r.FieldsPerRecord = -1
			recs, err := r.ReadAll()
			if err != nil {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			tmpl = append(tmpl, recs...)
			continue
		}
		if strings.Contains(f.Name, "DATA/") && strings.Contains(f.Name, "._HP") {
			continue // per-tile macOS entries are written per tile below
		}
		entries[f.Name] = data
		order = append(order, f.Name)
	}
	o, err := create(p)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(o)
	add := func(name string, data []byte) (io.Writer, error) {
		e, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
		if err != nil {
			return nil, err
		}
		if data != nil {
			_, err = e.Write(data)
		}
		return e, err
	}
	for _, name := range order {
		if _, err := add(name, entries[name]); err != nil {
			return err
		}
	}
	rec := make([]string, 0, 34)
	tiles := (rows + 3999) / 4000
	i := 0
	for t := 0; t < tiles; t++ {
		tile := fmt.Sprintf("%s%02d", []string{"HP", "HT", "HU", "HW", "HX", "HY", "HZ", "NA", "NB", "NC", "ND", "NF", "NG", "NH", "NJ", "NK", "NL", "NM", "NN", "NO", "NR", "NS", "NT", "NU", "NW", "NX", "NY", "NZ", "OV", "SD", "SE", "TA", "SH", "SJ", "SK", "TF", "TG", "SM", "SN", "SO", "SP", "TL", "TM", "SR", "SS", "ST", "SU", "TQ", "TR", "SV", "SW", "SX", "SY", "SZ", "TV"}[t%55], t/55)
		e, err := add("opname_csv_gb/DATA/"+tile+".csv", nil)
		if err != nil {
			return err
		}
		bw := bufio.NewWriterSize(e, 1<<20)
		bw.WriteString("\ufeff")
		cw := csv.NewWriter(bw)
		for k := 0; k < 4000 && i < rows; k++ {
			rec = append(rec[:0], tmpl[mix(i, len(tmpl))]...)
			id := strconv.FormatInt(4_100_000_000_000_000+int64(i), 10)
			rec[0] = "osgb" + id
			rec[1] = "http://data.ordnancesurvey.co.uk/id/" + id
			cw.Write(rec)
			i++
			w.progress("os-open-names", i, rows)
		}
		cw.Flush()
		if err := bw.Flush(); err != nil {
			return err
		}
		if _, err := add("__MACOSX/opname_csv_gb/DATA/._"+tile+".csv", make([]byte, 212)); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return o.close()
}
