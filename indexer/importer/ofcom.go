package importer

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/indexer/extsort"
	"github.com/ukpd/propertyapi/mappings"
)

// OfcomAttribution is the attribution of Ofcom Connected Nations data.
const OfcomAttribution = "Contains Ofcom Connected Nations data licensed under the Open Government Licence v3.0."

// squash reduces a column name to lower-case letters, digits and the
// characters that carry meaning in Ofcom's names (%, <, >, =), so that
// spacing, underscores and bracket changes between releases do not matter.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || strings.ContainsRune("%<>=", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// looseHeader finds columns by squashed name.
type looseHeader map[string]int

func newLooseHeader(rec []string) looseHeader {
	h := looseHeader{}
	for i, n := range rec {
		k := squash(strings.TrimPrefix(n, "\ufeff"))
		if _, dup := h[k]; !dup {
			h[k] = i
		}
	}
	return h
}

// find returns the position of the first of names present, and its name.
func (h looseHeader) find(names ...string) (int, string) {
	for _, n := range names {
		if i, ok := h[squash(n)]; ok {
			return i, n
		}
	}
	return -1, ""
}

// ofcomField is one Broadband field and the column names it has had.
type ofcomField struct {
	set   func(*mappings.Broadband, float64)
	names []string
}

var ofcomCoverageFields = []ofcomField{
	{func(b *mappings.Broadband, v float64) { b.SuperfastAvailablePct = v }, []string{"SFBB availability (% premises)", "SFBB availability"}},
	{func(b *mappings.Broadband, v float64) { b.UltrafastAvailablePct = v }, []string{"UFBB availability (% premises)", "UFBB (300Mbit/s) availability (% premises)", "UFBB (100Mbit/s) availability (% premises)"}},
	{func(b *mappings.Broadband, v float64) { b.FullFibreAvailablePct = v }, []string{"Full Fibre availability (% premises)", "FTTP availability (% premises)"}},
	{func(b *mappings.Broadband, v float64) { b.GigabitAvailablePct = v }, []string{"Gigabit availability (% premises)", "Gigabit availability"}},
	{func(b *mappings.Broadband, v float64) { b.BelowUSOPct = v }, []string{"% of premises below the USO", "% of premises unable to receive decent broadband from fixed or FWA", "% of premises unable to receive decent broadband from FWA", "% of premises unable to receive 10Mbit/s"}},
	{func(b *mappings.Broadband, v float64) { b.PremisesCount = int(v) }, []string{"All Premises", "All Matched Premises"}},
}

var ofcomPerformanceFields = []ofcomField{
	{func(b *mappings.Broadband, v float64) { b.AvgDownloadSpeed = v }, []string{"Average download speed (Mbit/s)"}},
	{func(b *mappings.Broadband, v float64) { b.MaxDownloadSpeed = v }, []string{"Maximum download speed (Mbit/s)"}},
	{func(b *mappings.Broadband, v float64) { b.AvgUploadSpeed = v }, []string{"Average upload speed (Mbit/s)"}},
	{func(b *mappings.Broadband, v float64) { b.MaxUploadSpeed = v }, []string{"Maximum upload speed (Mbit/s)"}},
}

// ofcomYear reads the data year from Ofcom's file names
// ("202601_fixed_postcode_coverage_r01_AB.csv" → 2026), 0 when absent.
var ofcomYearRe = regexp.MustCompile(`^((?:19|20)\d\d)(0[1-9]|1[0-2])_`)

func ofcomYear(file string) int {
	m := ofcomYearRe.FindStringSubmatch(filepath.Base(file))
	if m == nil {
		return 0
	}
	y, _ := strconv.Atoi(m[1])
	return y
}

// ImportOfcomBroadband reads Ofcom Connected Nations fixed broadband files
// by postcode: coverage files (availability of superfast, ultrafast, full
// fibre and gigabit, premises below the USO) and performance files
// (average and maximum speeds). Each file is recognised by its columns,
// found by name across releases; coverage and performance rows of one
// postcode are merged into one broadband document. Blank cells stay 0
// (Ofcom leaves small postcodes blank); an unreadable number rejects the
// row.
func ImportOfcomBroadband(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("ofcom-broadband", files)
	rows, err := extsort.New(env.TempDir, env.SortMemory, &rep.spill)
	if err != nil {
		return rep, err
	}
	defer rows.Close()
	setters := make([][]func(*mappings.Broadband, float64), len(files))
	years := make([]int, len(files))
	rd := ofcomReader{ctx: ctx, rep: rep, rows: rows}
	for fi, path := range files {
		cols, err := rd.readFile(fi, path)
		if err != nil {
			return rep, err
		}
		for _, c := range cols {
			setters[fi] = append(setters[fi], c.set)
		}
		years[fi] = ofcomYear(path)
	}
	// Rows of one postcode come out together, in file order: coverage
	// and performance merge into one document, a later value winning.
	em := emitter{sink, rep}
	var cur *mappings.Broadband
	flush := func() error {
		if cur == nil {
			return nil
		}
		b := *cur
		cur = nil
		return em.add(mappings.IndexBroadband, b.Postcode, b)
	}
	err = rows.Iterate(func(k, v []byte) error {
		g, seq := splitSeq(k)
		pc := string(g[:len(g)-1])
		fi, _ := seqFileLine(seq)
		if cur != nil && cur.Postcode == pc {
			rep.mark("postcode rows merged into an earlier row (coverage + performance)", 1)
		} else {
			if err := flush(); err != nil {
				return err
			}
			cur = &mappings.Broadband{Postcode: pc, Source: "ofcom-cn", Attribution: OfcomAttribution}
		}
		for k, set := range setters[fi] {
			set(cur, math.Float64frombits(binary.BigEndian.Uint64(v[8*k:])))
		}
		if years[fi] > cur.DataYear {
			cur.DataYear = years[fi]
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return rep, err
}

// ofcomCol is a column of an Ofcom file mapped to a broadband field.
type ofcomCol struct {
	i    int
	name string
	set  func(*mappings.Broadband, float64)
}

// ofcomColumns maps the header's coverage and performance columns; kind
// says which of the two the file holds.
func ofcomColumns(h looseHeader, path string) (cols []ofcomCol, kind string, err error) {
	for _, set := range []struct {
		kind   string
		fields []ofcomField
	}{{"coverage", ofcomCoverageFields}, {"performance", ofcomPerformanceFields}} {
		n := 0
		for _, f := range set.fields {
			if i, name := h.find(f.names...); i >= 0 {
				cols = append(cols, ofcomCol{i, name, f.set})
				n++
			}
		}
		if n > 0 {
			kind = strings.TrimPrefix(kind+"+"+set.kind, "+")
		}
	}
	if len(cols) == 0 {
		return nil, "", fmt.Errorf("%s: neither an Ofcom coverage nor a performance file (no known availability or speed column)", path)
	}
	return cols, kind, nil
}

// ofcomReader sorts the rows of Ofcom files by postcode, then file and
// line; a row's value is its mapped columns' numbers.
type ofcomReader struct {
	ctx      context.Context
	rep      *Report
	rows     *extsort.Sorter
	key, val []byte
}

// readFile sorts the rows of file fi, returning its mapped columns.
func (rd *ofcomReader) readFile(fi int, path string) ([]ofcomCol, error) {
	rep := rd.rep
	cf, err := openCSV(path)
	if err != nil {
		return nil, err
	}
	defer cf.Close()
	hrec, _, err := cf.next()
	if err != nil {
		return nil, fmt.Errorf("read header of %s: %w", path, err)
	}
	h := newLooseHeader(hrec)
	pc, _ := h.find("postcode_space", "pcds", "postcode")
	if pc < 0 {
		return nil, fmt.Errorf("%s: not an Ofcom postcode file: no postcode_space, pcds or postcode column", path)
	}
	cols, kind, err := ofcomColumns(h, path)
	if err != nil {
		return nil, err
	}
	if ofcomYear(path) == 0 {
		rep.note("%s: no YYYYMM_ prefix in the file name: data_year left 0", filepath.Base(path))
	}
	rep.note("%s: %s file, %d columns mapped", filepath.Base(path), kind, len(cols))
	return cols, eachRecord(rd.ctx, cf, rep, func(rec []string, line int) error {
		p, ok := mappings.ParsePostcode(get(rec, pc))
		if !ok {
			rep.reject(cf.name, line, "invalid postcode %q", get(rec, pc))
			return nil
		}
		vals := make([]float64, len(cols))
		for k, c := range cols {
			s := strings.TrimSuffix(strings.TrimSpace(get(rec, c.i)), "%")
			if s == "" || strings.EqualFold(s, "n/a") || s == "-" {
				continue
			}
			v, err := atofLoose(s)
			if err != nil || v < 0 {
				rep.reject(cf.name, line, "%s: %q is not a number in %q", p.Display(), get(rec, c.i), c.name)
				return nil
			}
			vals[k] = v
		}
		rd.key = appendSeq(append(append(rd.key[:0], p.Display()...), 0), rowSeq(fi, line))
		rd.val = rd.val[:0]
		for _, v := range vals {
			rd.val = binary.BigEndian.AppendUint64(rd.val, math.Float64bits(v))
		}
		return rd.rows.Add(rd.key, rd.val)
	})
}
