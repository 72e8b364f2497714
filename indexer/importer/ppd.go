package importer

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// ppdRow is one Price Paid record in either layout.
type ppdRow struct {
	txid, price, date, postcode, ptype, newBuild, duration string
	paon, saon, street, locality, town, district, county   string
	category, status                                       string
}

// ppdLayout maps a file's columns onto ppdRow.
type ppdLayout struct {
	builder bool
	cols    [16]int // positions of the ppdRow fields, in declaration order
}

// Raw layout: 16 columns, no header, PAON before SAON, record status last.
var rawPPDLayout = ppdLayout{cols: [16]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}

func builderPPDLayout(h header) (ppdLayout, error) {
	l := ppdLayout{builder: true}
	names := [16]string{"unique_id", "price_paid", "deed_date", "postcode", "property_type", "new_build", "estate_type",
		"paon", "saon", "street", "locality", "town", "district", "county", "transaction_category", "record_status"}
	for i, n := range names {
		l.cols[i] = h.index(n)
		if l.cols[i] < 0 && i < 15 {
			return l, fmt.Errorf("Report Builder header lacks column %q", n)
		}
	}
	return l, nil
}

func (l ppdLayout) row(rec []string) ppdRow {
	g := func(i int) string { return get(rec, l.cols[i]) }
	r := ppdRow{g(0), g(1), g(2), g(3), g(4), g(5), g(6), g(7), g(8), g(9), g(10), g(11), g(12), g(13), g(14), g(15)}
	if r.status == "" && l.builder {
		r.status = "A" // the Report Builder serves current records only
	}
	return r
}

// fixBuilderHeader splits the Report Builder's first line when the header
// has no line terminator and the first record follows it directly
// (`...,linked_data_uri"F3B6...`).
func fixBuilderHeader(first string) (string, int) {
	const last = "linked_data_uri"
	i := strings.Index(strings.ToLower(first), last)
	if i < 0 {
		return first, 0
	}
	rest := first[i+len(last):]
	if strings.TrimSpace(rest) == "" {
		return first, 0
	}
	return first[:i+len(last)] + "\n" + rest, 1
}

// SaleID derives the numeric sale id from a transaction GUID: the FNV-64a
// hash folded to 53 bits, so that it survives JSON clients that hold
// numbers as doubles.
func SaleID(txid string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(normTxID(txid)))
	return int64(h.Sum64() & (1<<53 - 1))
}

// normTxID returns "{GUID}" in upper case for both layouts.
func normTxID(s string) string {
	s = strings.ToUpper(strings.Trim(strings.TrimSpace(s), "{}"))
	return "{" + s + "}"
}

var ppdTypes = map[string]string{"D": "Detached", "S": "Semi-Detached", "T": "Terraced", "F": "Flat", "O": "Other"}
var ppdTenure = map[string]string{"F": "Freehold", "L": "Leasehold", "U": ""}

// saleFromPPD is the pure transform of one record; a non-empty reason
// rejects it.
func saleFromPPD(r ppdRow) (mappings.Sale, string) {
	var s mappings.Sale
	tx := strings.Trim(r.txid, "{}")
	if len(tx) != 36 || strings.Count(tx, "-") != 4 {
		return s, fmt.Sprintf("invalid transaction id %q", r.txid)
	}
	switch r.status {
	case "A", "C", "D":
	default:
		return s, fmt.Sprintf("invalid record status %q (want A, C or D)", r.status)
	}
	s.TxID = normTxID(r.txid)
	s.ID = SaleID(s.TxID)
	s.RecordStatus = r.status
	if r.status == "D" {
		return s, "" // a deletion needs only its id
	}
	price, err := strconv.ParseInt(strings.TrimSpace(r.price), 10, 64)
	if err != nil || price <= 0 {
		return s, fmt.Sprintf("invalid price %q", r.price)
	}
	s.Price = price
	date := strings.TrimSpace(r.date)
	if len(date) >= 10 {
		date = date[:10]
	}
	if !validISODate(date) {
		return s, fmt.Sprintf("invalid date %q", r.date)
	}
	s.SoldDate = date
	pt, ok := ppdTypes[r.ptype]
	if !ok {
		return s, fmt.Sprintf("invalid property type %q", r.ptype)
	}
	s.PropertyType = pt
	s.IsNewBuild = r.newBuild == "Y"
	s.Tenure = ppdTenure[r.duration]
	s.PPDCategory = r.category
	s.TransactionType = "Sale"
	s.IsComplete = true
	if p, ok := mappings.ParsePostcode(r.postcode); ok {
		s.Postcode, s.Outcode, s.Sector = p.Display(), p.Outward, p.Sector()
	}
	s.PAON, s.SAON, s.Street, s.Locality = r.paon, r.saon, r.street, r.locality
	s.Town, s.District, s.County = r.town, r.district, r.county
	s.Address = ppdAddress(r, s.Postcode)
	s.Source = "ppd"
	return s, ""
}

// ppdAddress joins "SAON, PAON STREET, LOCALITY, TOWN, POSTCODE".
func ppdAddress(r ppdRow, postcode string) string {
	var parts []string
	if r.saon != "" {
		parts = append(parts, r.saon)
	}
	line := strings.TrimSpace(r.paon + " " + r.street)
	if line != "" {
		parts = append(parts, line)
	}
	if r.locality != "" && r.locality != r.town {
		parts = append(parts, r.locality)
	}
	for _, p := range []string{r.town, postcode} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// ImportPPD reads Price Paid files (raw or Report Builder, detected per
// file). Record status C replaces and D deletes: within the import the
// records of a transaction are applied in file order, and every D id is
// also listed in Report.Deletes so the loader can delete it from existing
// indices (merge mode). With env.Addresses each sale is matched to a UPRN
// (batch by batch, or by the merge join of saleJoin when useJoin says so);
// with env.Points a sale left without location gets its postcode's point.
//
// Memory is bounded on the 30-million-row complete file: a first pass
// sorts the sale ids externally (runs of env.SortMemory bytes under
// env.TempDir) to find the ids that occur more than once (C and D
// records, repeated A records, two GUIDs folded to one id); every other
// sale is streamed straight out in batches, and only the repeated ones
// are held until the end.
func ImportPPD(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("ppd", files)
	finder, err := newDupFinder(env, &rep.spill)
	if err != nil {
		return rep, err
	}
	defer finder.close()
	scratch := newReport("ppd", files)
	var idKey [8]byte
	for fi, path := range files {
		if err := readPPDFile(ctx, path, scratch, func(s mappings.Sale, _ string, line int) error {
			binary.BigEndian.PutUint64(idKey[:], uint64(s.ID))
			return finder.add(idKey[:], rowSeq(fi, line))
		}); err != nil {
			return rep, err
		}
	}
	repeated, err := finder.find()
	if err != nil {
		return rep, err
	}
	out := &saleOut{ctx: ctx, env: env, em: emitter{sink, rep}, m: newMatcher(env.Addresses)}
	if env.Addresses != nil {
		join, err := useJoin(ctx, env, scratch.Rows)
		if err != nil {
			return rep, err
		}
		if join {
			if out.join, err = newSaleJoin(env, &rep.spill); err != nil {
				return rep, err
			}
			defer out.join.close()
		}
	}
	deletes := func(s mappings.Sale) {
		rep.Deletes[mappings.IndexSales] = append(rep.Deletes[mappings.IndexSales], strconv.FormatInt(s.ID, 10))
	}
	var order []string
	held := map[string]*mappings.Sale{}
	ids := map[int64]uint32{} // repeated sale id → second hash of its txid, to tell collisions from repeats
	for fi, path := range files {
		err := readPPDFile(ctx, path, rep, func(s mappings.Sale, file string, line int) error {
			if out.err != nil {
				return out.err
			}
			if _, ok := repeated[rowSeq(fi, line)]; !ok {
				if s.RecordStatus == "D" {
					deletes(s)
				} else {
					out.push(s)
				}
				return out.err
			}
			h := txHash32(s.TxID)
			if prev, ok := ids[s.ID]; ok && prev != h {
				rep.reject(file, line, "sale id %d of %s collides with another transaction", s.ID, s.TxID)
				return nil
			}
			ids[s.ID] = h
			switch s.RecordStatus {
			case "D":
				if _, ok := held[s.TxID]; ok {
					held[s.TxID] = nil
				}
				deletes(s)
			default:
				cur, seen := held[s.TxID]
				if !seen {
					order = append(order, s.TxID)
				}
				if cur != nil && s.RecordStatus == "A" {
					rep.skip("repeated A record replaced the earlier one")
				}
				held[s.TxID] = &s
			}
			return nil
		})
		if err != nil {
			return rep, err
		}
	}
	for _, tx := range order {
		if s := held[tx]; s != nil {
			out.push(*s)
		}
	}
	out.finish()
	if len(rep.Deletes[mappings.IndexSales]) == 0 {
		delete(rep.Deletes, mappings.IndexSales)
	}
	return rep, out.err
}

func txHash32(tx string) uint32 {
	h := fnv.New32a()
	_, _ = h.Write([]byte(tx))
	return h.Sum32()
}

// saleOut matches, locates and emits sales in batches of 1,000. With a
// join, the sales pushed are queued for it, and finish runs it and emits
// the joined sales.
type saleOut struct {
	ctx    context.Context
	env    Env
	em     emitter
	m      *matcher
	join   *saleJoin // nil: match by lookups, batch by batch
	joined bool      // the join runs: sales pushed are matched already
	batch  []mappings.Sale
	err    error
}

func (o *saleOut) push(s mappings.Sale) {
	if o.err != nil {
		return
	}
	if o.join != nil && !o.joined {
		o.err = o.join.add(&s)
		return
	}
	o.batch = append(o.batch, s)
	if len(o.batch) >= 1000 {
		o.flush()
	}
}

// finish emits what is left: with a join, it runs the join first.
func (o *saleOut) finish() {
	if o.join != nil && o.err == nil {
		o.joined = true
		if err := o.join.run(o.ctx, o.em.rep, func(s *mappings.Sale) error {
			o.push(*s)
			return o.err
		}); err != nil && o.err == nil {
			o.err = err
		}
	}
	o.flush()
}

func (o *saleOut) flush() {
	if o.err != nil || len(o.batch) == 0 {
		return
	}
	rep := o.em.rep
	lookup := o.env.Addresses != nil && o.join == nil
	if lookup && o.env.AddressesOf != nil {
		if err := o.m.prefetch(o.ctx, o.env.AddressesOf, o.batch); err != nil {
			o.err = err
			return
		}
	}
	var need []string
	seen := map[string]bool{}
	for i := range o.batch {
		s := &o.batch[i]
		if lookup {
			var a *mappings.Address
			if s.Postcode != "" {
				var err error
				if a, err = o.m.match(o.ctx, s); err != nil {
					o.err = err
					return
				}
			}
			if a != nil {
				s.UPRN, s.HasAddressMatch, s.Location = a.UPRN, true, a.Location
				rep.Matched++
			} else {
				rep.Unmatched++
			}
		}
		if s.Location == nil && s.Postcode != "" && !seen[s.Postcode] {
			seen[s.Postcode] = true
			need = append(need, s.Postcode)
		}
	}
	var pts map[string]mappings.GeoPoint
	if o.env.Points != nil && len(need) > 0 {
		var err error
		if pts, err = o.env.Points(o.ctx, need); err != nil {
			o.err = fmt.Errorf("locate sale postcodes: %w", err)
			return
		}
	}
	for i := range o.batch {
		s := &o.batch[i]
		if s.Location == nil {
			if p, ok := pts[s.Postcode]; ok {
				s.Location = &p
			}
		}
		if err := o.em.add(mappings.IndexSales, strconv.FormatInt(s.ID, 10), *s); err != nil {
			o.err = err
			return
		}
	}
	o.batch = o.batch[:0]
	if len(o.m.cache) > 20000 {
		clear(o.m.cache) // bounded: files are not sorted by postcode
	}
}

func readPPDFile(ctx context.Context, path string, rep *Report, each func(s mappings.Sale, file string, line int) error) error {
	cf, err := openCSVFix(path, fixBuilderHeader)
	if err != nil {
		return err
	}
	defer cf.Close()
	layout := rawPPDLayout
	first := true
	// The first record is the header of a Report Builder download, which
	// sets the layout; raw files have none.
	isHeader := func(rec []string, _ int) (bool, error) {
		if !first {
			return false, nil
		}
		first = false
		if !strings.EqualFold(get(rec, 0), "unique_id") {
			return false, nil
		}
		var err error
		if layout, err = builderPPDLayout(newHeader(rec)); err != nil {
			return false, fmt.Errorf("%s: %w", path, err)
		}
		return true, nil
	}
	return eachRecordSkipping(ctx, cf, rep, isHeader, func(rec []string, line int) error {
		if !layout.builder && len(rec) != 16 {
			rep.reject(cf.name, line, "expected 16 columns, got %d", len(rec))
			return nil
		}
		s, reason := saleFromPPD(layout.row(rec))
		if reason != "" {
			rep.reject(cf.name, line, "%s", reason)
			return nil
		}
		return each(s, cf.name, line)
	})
}
