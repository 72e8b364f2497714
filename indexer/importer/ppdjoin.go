package importer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/ukpd/propertyapi/indexer/extsort"
	"github.com/ukpd/propertyapi/indexer/importer/oslookup"
	"github.com/ukpd/propertyapi/mappings"
)

// How ppd matches sales to addresses and os-open-uprn finds the documents
// it locates (Env.MatchMode, `indexer import --match`).
const (
	MatchAuto   = "auto"
	MatchJoin   = "join"
	MatchLookup = "lookup"
)

// ErrStopScan, returned by the callback of Env.AddressScan, ends the read
// of the addresses early.
var ErrStopScan = oslookup.ErrStopScan

// joinAddressesPerSale: in auto mode, the join is chosen when the file has
// at least one sale per joinAddressesPerSale loaded addresses. Measured on
// the same busy engine (docs/importers.md, "PPD → UPRN matching"): the
// lookups take ~7 ms a sale, the join's read of the addresses ~0.04 ms an
// address, so they break even near one sale per 170 addresses; 100 leaves
// a margin. A national file joins, a monthly update (~100,000 sales
// against ~32 M addresses) looks up.
const joinAddressesPerSale = 100

// useJoin says whether an import of sales sales matches by the join.
func useJoin(ctx context.Context, env Env, sales int) (bool, error) {
	if env.AddressScan == nil {
		return false, nil
	}
	return chooseJoin(ctx, env.MatchMode, true, env.AddressCount, sales, joinAddressesPerSale)
}

// saleJoin matches sales to addresses by a merge join: the sales are
// sorted externally by postcode key (runs under Env.TempDir); the loaded
// addresses of the sales' postcode range are read once (Env.AddressScan,
// in the engine's storage order, its cheapest read) and sorted the same
// way; the two sorted streams are merged, and each postcode's sales are
// compared with that postcode's addresses by matchAddress, the rule of the
// lookups. Memory: the two sort buffers and one postcode's addresses.
type saleJoin struct {
	env         Env
	stats       *SpillStats
	s           *extsort.Sorter
	seq         uint64
	first, last string // the sales' smallest and largest postcode keys
	key, val    []byte
}

func newSaleJoin(env Env, stats *SpillStats) (*saleJoin, error) {
	s, err := extsort.New(env.TempDir, env.SortMemory, stats)
	if err != nil {
		return nil, err
	}
	return &saleJoin{env: env, stats: stats, s: s}, nil
}

func (j *saleJoin) close() { j.s.Close() }

// salePostcodeKey is the compact postcode of a sale, "" without one.
func salePostcodeKey(s *mappings.Sale) string {
	if s.Postcode == "" {
		return ""
	}
	p, ok := mappings.ParsePostcode(s.Postcode)
	if !ok {
		return ""
	}
	return p.Key()
}

// add queues a sale for the join: key = postcode key, 0, sequence number
// (the 0 keeps "AB1" before "AB10"; the sequence keeps file order within
// a postcode).
func (j *saleJoin) add(s *mappings.Sale) error {
	pk := salePostcodeKey(s)
	if pk != "" && (j.first == "" || pk < j.first) {
		j.first = pk
	}
	if pk > j.last {
		j.last = pk
	}
	j.key = appendSeq(append(append(j.key[:0], pk...), 0), j.seq)
	j.seq++
	j.val = encodeSale(j.val[:0], s)
	return j.s.Add(j.key, j.val)
}

// run joins the queued sales with the addresses and calls emit with each
// sale, matched (UPRN, HasAddressMatch, Location) or not, in postcode
// order; it counts rep.Matched and rep.Unmatched.
func (j *saleJoin) run(ctx context.Context, rep *Report, emit func(*mappings.Sale) error) error {
	it, err := j.s.Open()
	if err != nil {
		return err
	}
	defer it.Close()
	var (
		cur     mappings.Sale
		curKey  string
		have    bool
		scratch []string
	)
	advance := func() error {
		k, v, ok, err := it.Next()
		if err != nil || !ok {
			have = false
			return err
		}
		g, _ := splitSeq(k)
		curKey = string(g[:len(g)-1])
		if scratch, err = decodeSale(v, &cur, scratch); err != nil {
			return err
		}
		have = true
		return nil
	}
	// unmatched emits the current sale without address and moves on.
	unmatched := func() error {
		rep.Unmatched++
		if err := emit(&cur); err != nil {
			return err
		}
		return advance()
	}
	if err := advance(); err != nil {
		return err
	}
	for have && curKey == "" { // no postcode: nothing to match
		if err := unmatched(); err != nil {
			return err
		}
	}
	if !have {
		return nil
	}
	err = j.addressGroups(ctx, func(key string, addrs []mappings.Address) error {
		for have && curKey < key {
			if err := unmatched(); err != nil {
				return err
			}
		}
		for have && curKey == key {
			if a := matchAddress(cur.PAON, cur.SAON, cur.Street, addrs); a != nil {
				cur.UPRN, cur.HasAddressMatch, cur.Location = a.UPRN, true, a.Location
				rep.Matched++
				if err := emit(&cur); err != nil {
					return err
				}
				if err := advance(); err != nil {
					return err
				}
				continue
			}
			if err := unmatched(); err != nil {
				return err
			}
		}
		if !have {
			return ErrStopScan
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("join sales to addresses: %w", err)
	}
	for have {
		if err := unmatched(); err != nil {
			return err
		}
	}
	return nil
}

// addressGroups reads the addresses of the sales' postcode range once,
// sorts them externally by postcode key and UPRN, and calls fn with each
// postcode's addresses in key order; fn returning ErrStopScan ends it.
func (j *saleJoin) addressGroups(ctx context.Context, fn func(key string, addrs []mappings.Address) error) error {
	s, err := extsort.New(j.env.TempDir, j.env.SortMemory, j.stats)
	if err != nil {
		return err
	}
	defer s.Close()
	var key, val []byte
	err = j.env.AddressScan(ctx, j.first, j.last, func(a mappings.Address) error {
		if a.PostcodeKey == "" {
			return nil
		}
		key = appendSeq(append(append(key[:0], a.PostcodeKey...), 0), uint64(a.UPRN))
		val = encodeAddress(val[:0], &a)
		return s.Add(key, val)
	})
	if err != nil {
		return fmt.Errorf("read the addresses: %w", err)
	}
	var (
		group   []mappings.Address
		cur     string
		scratch []string
	)
	err = s.Iterate(func(k, v []byte) error {
		g, uprn := splitSeq(k)
		g = g[:len(g)-1]
		if string(g) != cur {
			if len(group) > 0 {
				if err := fn(cur, group); err != nil {
					return err
				}
			}
			cur, group = string(g), group[:0] // fn keeps nothing past its call
		}
		var a mappings.Address
		var err error
		if scratch, err = decodeAddress(v, &a, scratch); err != nil {
			return err
		}
		a.UPRN, a.PostcodeKey = int64(uprn), cur
		group = append(group, a)
		return nil
	})
	if err == nil && len(group) > 0 {
		err = fn(cur, group)
	}
	if errors.Is(err, ErrStopScan) {
		return nil
	}
	return err
}

// encodeAddress and decodeAddress carry the fields matchAddress reads and
// the location through the address sort (UPRN and postcode are the key).
func encodeAddress(b []byte, a *mappings.Address) []byte {
	lat, lon := "", ""
	if a.Location != nil {
		lat, lon = strconv.FormatFloat(a.Location.Lat, 'g', -1, 64), strconv.FormatFloat(a.Location.Lon, 'g', -1, 64)
	}
	return appendStrings(b, a.SubBuilding, a.BuildingName, a.BuildingNumber, a.StreetName, lat, lon)
}

func decodeAddress(b []byte, a *mappings.Address, scratch []string) ([]string, error) {
	f, err := readStrings(b, scratch)
	if err != nil {
		return f, err
	}
	if len(f) != 6 {
		return f, fmt.Errorf("join: corrupt address record (%d fields)", len(f))
	}
	a.SubBuilding, a.BuildingName, a.BuildingNumber, a.StreetName = f[0], f[1], f[2], f[3]
	if f[4] != "" {
		lat, err1 := strconv.ParseFloat(f[4], 64)
		lon, err2 := strconv.ParseFloat(f[5], 64)
		if err1 != nil || err2 != nil {
			return f, fmt.Errorf("join: corrupt address location %q %q", f[4], f[5])
		}
		a.Location = &mappings.GeoPoint{Lat: lat, Lon: lon}
	}
	return f, nil
}

// encodeSale and decodeSale carry a sale through the external sort: the
// fields saleFromPPD sets, as length-prefixed strings (about half the
// size of its JSON).
func encodeSale(b []byte, s *mappings.Sale) []byte {
	return appendStrings(b, s.TxID, strconv.FormatInt(s.ID, 10), s.RecordStatus, strconv.FormatInt(s.Price, 10),
		s.SoldDate, s.PropertyType, boolStr(s.IsNewBuild), s.Tenure, s.PPDCategory, s.TransactionType,
		boolStr(s.IsComplete), s.Postcode, s.Outcode, s.Sector, s.PAON, s.SAON, s.Street, s.Locality,
		s.Town, s.District, s.County, s.Address, s.Source)
}

func boolStr(b bool) string {
	if b {
		return "1"
	}
	return ""
}

func decodeSale(b []byte, s *mappings.Sale, scratch []string) ([]string, error) {
	f, err := readStrings(b, scratch)
	if err != nil {
		return f, err
	}
	if len(f) != 23 {
		return f, fmt.Errorf("join: corrupt sale record (%d fields)", len(f))
	}
	id, err1 := strconv.ParseInt(f[1], 10, 64)
	price, err2 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil {
		return f, fmt.Errorf("join: corrupt sale record %q", bytes.ToValidUTF8(b, nil))
	}
	*s = mappings.Sale{TxID: f[0], ID: id, RecordStatus: f[2], Price: price, SoldDate: f[4], PropertyType: f[5],
		IsNewBuild: f[6] != "", Tenure: f[7], PPDCategory: f[8], TransactionType: f[9], IsComplete: f[10] != "",
		Postcode: f[11], Outcode: f[12], Sector: f[13], PAON: f[14], SAON: f[15], Street: f[16], Locality: f[17],
		Town: f[18], District: f[19], County: f[20], Address: f[21], Source: f[22]}
	return f, nil
}
