package importer

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// csvFile reads one CSV file record by record, with the physical line
// number of each record, a UTF-8 BOM removed, and fields that are not valid
// UTF-8 decoded as Windows-1252 (GIAS, older ODS and IMD downloads).
type csvFile struct {
	name   string // base name, for rejects
	path   string // as opened, for errors
	f      io.Closer
	r      *csv.Reader
	offset int // added to csv line numbers (Report Builder header fix-up)
}

func openCSV(path string) (*csvFile, error) { return openCSVFix(path, nil) }

// openCSVFix is openCSV with a repair of the first physical line: fix
// returns the replacement text and how many line breaks it inserted (line
// numbers of later records are corrected by that much).
func openCSVFix(path string, fix func(first string) (string, int)) (*csvFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	br := bufio.NewReaderSize(f, 1<<16)
	if b, _ := br.Peek(3); len(b) == 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		_, _ = br.Discard(3)
	}
	c := &csvFile{name: filepath.Base(path), path: path, f: f}
	var src io.Reader = br
	if fix != nil {
		first, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			f.Close()
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		fixed, inserted := fix(first)
		c.offset = -inserted
		src = io.MultiReader(strings.NewReader(fixed), br)
	}
	c.r = newCSVReader(src)
	return c, nil
}

// csvFromReader reads CSV records from r (a zip entry, for example) under
// the given name, with the same BOM removal, line numbers and field
// decoding as openCSV; Close closes c when it is not nil.
func csvFromReader(name string, r io.Reader, c io.Closer) *csvFile {
	br := bufio.NewReaderSize(r, 1<<16)
	if b, _ := br.Peek(3); len(b) == 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		_, _ = br.Discard(3)
	}
	if c == nil {
		c = io.NopCloser(nil)
	}
	return &csvFile{name: name, path: name, f: c, r: newCSVReader(br)}
}

// openWithHeader opens path and reads its first record as the header.
func openWithHeader(path string) (*csvFile, header, error) {
	cf, err := openCSV(path)
	if err != nil {
		return nil, nil, err
	}
	hrec, _, err := cf.next()
	if err != nil {
		cf.Close()
		return nil, nil, fmt.Errorf("read header of %s: %w", path, err)
	}
	return cf, newHeader(hrec), nil
}

// eachRecord reads cf to its end and calls fn with every well-formed
// record and its line, after counting it in rep.Rows. A malformed record
// is counted and rejected with its line, and reading goes on; any other
// read error ends it, wrapped with the file. Every 50,000 lines ctx is
// checked and its error returned once it is done. An error from fn ends
// the file and is returned as it is.
func eachRecord(ctx context.Context, cf *csvFile, rep *Report, fn func(rec []string, line int) error) error {
	return eachRecordSkipping(ctx, cf, rep, nil, fn)
}

// eachRecordSkipping is eachRecord with a look at every well-formed record
// before it is counted: a record skip reports true for (a header row) is
// neither counted nor passed to fn; an error from skip ends the file.
func eachRecordSkipping(ctx context.Context, cf *csvFile, rep *Report, skip func(rec []string, line int) (bool, error), fn func(rec []string, line int) error) error {
	for {
		rec, line, err := cf.next()
		if err == io.EOF {
			return nil
		}
		if errors.Is(err, errBadRecord) {
			rep.Rows++
			rep.reject(cf.name, line, "%v", err)
			continue
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", cf.path, err)
		}
		if skip != nil {
			isHeader, err := skip(rec, line)
			if err != nil {
				return err
			}
			if isHeader {
				continue
			}
		}
		if line%50000 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		rep.Rows++
		if err := fn(rec, line); err != nil {
			return err
		}
	}
}

func newCSVReader(r io.Reader) *csv.Reader {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false
	return cr
}

func (c *csvFile) Close() error { return c.f.Close() }

// next returns the next record and its line number. A malformed record is
// returned as errBadRecord wrapped with the parser's message (the caller
// rejects it and continues); io.EOF ends the file.
func (c *csvFile) next() ([]string, int, error) {
	rec, err := c.r.Read()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, pe.StartLine + c.offset, fmt.Errorf("%w: %v", errBadRecord, pe.Err)
		}
		return nil, 0, err
	}
	line, _ := c.r.FieldPos(0)
	for i, f := range rec {
		rec[i] = decodeField(f)
	}
	return rec, line + c.offset, nil
}

var errBadRecord = errors.New("malformed CSV record")

// decodeField returns f trimmed, decoding it from Windows-1252 when it is
// not valid UTF-8.
func decodeField(f string) string {
	if !utf8.ValidString(f) {
		f = decode1252(f)
	}
	return strings.TrimSpace(f)
}

// cp1252 maps bytes 0x80..0x9F of Windows-1252; 0xA0..0xFF equal Latin-1.
var cp1252 = [32]rune{
	'€', '\u0081', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u008d', 'Ž', '\u008f',
	'\u0090', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u009d', 'ž', 'Ÿ',
}

func decode1252(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case c < 0xA0:
			b.WriteRune(cp1252[c-0x80])
		default:
			b.WriteRune(rune(c))
		}
	}
	return b.String()
}

// header maps normalised column names to positions.
type header map[string]int

func newHeader(rec []string) header {
	h := header{}
	for i, name := range rec {
		n := normCol(name)
		if _, dup := h[n]; !dup {
			h[n] = i
		}
	}
	return h
}

// normCol lower-cases a column name and turns UPPER_SNAKE into lower-kebab
// so that the bulk and API styles of a dataset share names.
func normCol(s string) string {
	s = strings.TrimSpace(strings.TrimPrefix(s, "\ufeff"))
	return strings.ReplaceAll(strings.ToLower(s), "_", "-")
}

// index returns the position of the first of names present, or -1.
func (h header) index(names ...string) int {
	for _, n := range names {
		if i, ok := h[normCol(n)]; ok {
			return i
		}
	}
	return -1
}

// generation finds a column named stem+YY+"cd" (ONSPD 2025 style:
// "lad25cd"), preferring the most recent year, or -1.
func (h header) generation(stem string) int {
	re := regexp.MustCompile("^" + regexp.QuoteMeta(stem) + `(\d\d)cd$`)
	type hit struct{ year, pos int }
	var hits []hit
	for name, pos := range h {
		if m := re.FindStringSubmatch(name); m != nil {
			y, _ := strconv.Atoi(m[1])
			hits = append(hits, hit{y, pos})
		}
	}
	if len(hits) == 0 {
		return -1
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].year > hits[j].year })
	return hits[0].pos
}

// get returns rec[i], or "" when i is -1 or beyond the record.
func get(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return rec[i]
}

// atoiLoose parses an integer that may carry thousands separators
// ("29,199") or a trailing ".0".
func atoiLoose(s string) (int, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	s = strings.TrimSuffix(s, ".0")
	return strconv.Atoi(s)
}

func atofLoose(s string) (float64, error) {
	return strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), 64)
}

// optInt parses s or returns 0 for an empty or unparseable value.
func optInt(s string) int {
	n, err := atoiLoose(s)
	if err != nil {
		return 0
	}
	return n
}

func optFloat(s string) float64 {
	f, err := atofLoose(s)
	if err != nil {
		return 0
	}
	return f
}

// dmyToISO turns DD-MM-YYYY or DD/MM/YYYY into YYYY-MM-DD ("" when s is not a date).
func dmyToISO(s string) string {
	s = strings.TrimSpace(s)
	if len(s) != 10 || (s[2] != '-' && s[2] != '/') || s[5] != s[2] {
		return ""
	}
	iso := s[6:10] + "-" + s[3:5] + "-" + s[0:2]
	if !validISODate(iso) {
		return ""
	}
	return iso
}

// ymdCompactToISO turns YYYYMMDD into YYYY-MM-DD ("" when invalid).
func ymdCompactToISO(s string) string {
	s = strings.TrimSpace(s)
	if len(s) != 8 {
		return ""
	}
	iso := s[0:4] + "-" + s[4:6] + "-" + s[6:8]
	if !validISODate(iso) {
		return ""
	}
	return iso
}

func validISODate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, e1 := strconv.Atoi(s[0:4])
	m, e2 := strconv.Atoi(s[5:7])
	d, e3 := strconv.Atoi(s[8:10])
	return e1 == nil && e2 == nil && e3 == nil && y >= 1800 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= 31
}

// eachCSVFile opens every file with its header, resolves the columns it
// needs with cols (an error is wrapped with the file) and reads it with fn;
// each file is closed before the next, and the first error ends the run.
func eachCSVFile[C any](files []string, cols func(header) (C, error), fn func(cf *csvFile, c C) error) error {
	for _, path := range files {
		if err := withCSVFile(path, cols, fn); err != nil {
			return err
		}
	}
	return nil
}

func withCSVFile[C any](path string, cols func(header) (C, error), fn func(cf *csvFile, c C) error) error {
	cf, h, err := openWithHeader(path)
	if err != nil {
		return err
	}
	defer cf.Close()
	c, err := cols(h)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return fn(cf, c)
}

// firstSeen remembers where each key was first read, so a later row with
// the same key can be rejected naming the first ("file:line").
type firstSeen[K comparable] map[K]string

// at returns where key was first read and true, or records file:line for
// it and returns false.
func (s firstSeen[K]) at(key K, file string, line int) (string, bool) {
	if first, dup := s[key]; dup {
		return first, true
	}
	s[key] = fmt.Sprintf("%s:%d", file, line)
	return "", false
}

// missingColumn returns the first name (in sorted order, so the message is
// stable) whose header index is negative, and whether there is one.
func missingColumn(cols map[string]int) (string, bool) {
	var missing []string
	for name, i := range cols {
		if i < 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		return "", false
	}
	slices.Sort(missing)
	return missing[0], true
}

// withFile opens path and calls fn with its base name and contents; the
// file is closed when fn returns.
func withFile(path string, fn func(name string, r io.Reader) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	return fn(filepath.Base(path), f)
}
