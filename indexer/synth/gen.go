package synth

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/mappings"
)

// Version names the generator model; it goes into the manifest.
const Version = "synth/1"

// source is the Source value of every generated document.
const source = "generated"

// DefaultNow is the reference date of the generated world.
var defaultNow = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

// DefaultNow returns the default reference date (2026-11-01).
func DefaultNow() time.Time { return defaultNow }

// Config configures Generate.
type Config struct {
	Seed int64
	// Properties is the number of dwellings (documents of the properties
	// index); at least 100.
	Properties int
	// Now is the reference date: sales end before it, live listings are
	// current at it, crime covers the 12 months before it. Zero means
	// 2026-11-01.
	Now time.Time
	// NationalNames draws street and building names from the national
	// vocabulary (nameRoot): the classic roots for a minority of names and
	// a long tail of place-name compounds for the rest, so a word's share
	// of the country falls as real street words' do. Off, every name has
	// one of the 77 classic roots, each on ~1.3% of the streets whatever
	// the country's size (the demo and test worlds, unchanged).
	NationalNames bool
}

// generator holds the run's state: the geography (small) and the id
// counters. Documents are streamed to the sink as they are made.
type generator struct {
	cfg   Config
	sink  indexer.Sink
	now   time.Time
	towns []*townGeo
	hpi   *hpiTable
	bands []ageBand

	// marketDocs is false when the sink wants none of the sales, listings
	// and sale events (a national build of the typeahead's indices and the
	// property records): the market then makes its random draws and the
	// property's last-sale fields, but not those documents.
	marketDocs bool

	boundaryID int64
	saleID     int64
	eventID    int64
	listEntry  int64
	urn        int64
	titleSeq   int64
	amenitySeq int64
}

// Generate builds the synthetic UK for cfg and sends every document to sink.
// Output order and content depend only on cfg.
func Generate(cfg Config, sink indexer.Sink) error {
	if cfg.Properties < 100 {
		return errors.New("synth: need at least 100 properties")
	}
	if cfg.Properties > 50_000_000 {
		return errors.New("synth: at most 50,000,000 properties")
	}
	if cfg.Now.IsZero() {
		cfg.Now = defaultNow
	}
	cfg.Now = time.Date(cfg.Now.Year(), cfg.Now.Month(), cfg.Now.Day(), 0, 0, 0, 0, time.UTC)
	gen := &generator{cfg: cfg, sink: sink, now: cfg.Now, saleID: 10_000_000, eventID: 50_000_000, listEntry: 1_000_000, urn: 100_000}
	gen.marketDocs = wants(sink, mappings.IndexSales) || wants(sink, mappings.IndexListings) || wants(sink, mappings.IndexSaleEvents)
	gen.hpi = newHPITable(cfg.Seed, cfg.Now)
	gen.bands = ageBands(cfg.Now)

	ts := towns()
	shares := allocate(cfg.Properties, ts)
	for i, t := range ts {
		gen.towns = append(gen.towns, buildTown(cfg.Seed, i, t, shares[i]))
	}
	if err := gen.emitHPI(); err != nil {
		return fmt.Errorf("synth: hpi: %w", err)
	}
	if err := gen.emitRegions(); err != nil {
		return fmt.Errorf("synth: regions: %w", err)
	}
	for _, g := range gen.towns {
		if err := gen.emitBoundaries(g); err != nil {
			return fmt.Errorf("synth: boundaries %s: %w", g.t.Name, err)
		}
		if err := gen.emitCouncilTax(g); err != nil {
			return fmt.Errorf("synth: council tax %s: %w", g.t.Name, err)
		}
		if err := gen.emitRisks(g); err != nil {
			return fmt.Errorf("synth: risks %s: %w", g.t.Name, err)
		}
	}
	if err := gen.emitDeprivation(); err != nil {
		return fmt.Errorf("synth: deprivation: %w", err)
	}
	for _, g := range gen.towns {
		if err := gen.emitTown(g); err != nil {
			return fmt.Errorf("synth: %s: %w", g.t.Name, err)
		}
	}
	return nil
}

// allocate splits n properties over the towns by weight (largest remainder).
func allocate(n int, ts []town) []int {
	var sum float64
	for _, t := range ts {
		sum += t.Weight
	}
	out := make([]int, len(ts))
	rem := make([]float64, len(ts))
	used := 0
	for i, t := range ts {
		x := float64(n) * t.Weight / sum
		out[i] = int(x)
		rem[i] = x - float64(out[i])
		used += out[i]
	}
	for used < n {
		best := 0
		for i := range rem {
			if rem[i] > rem[best] {
				best = i
			}
		}
		out[best]++
		rem[best] = -1
		used++
	}
	return out
}

// hpiTable is the monthly index per region from January 1995 to the
// reference month; 100 = January 2015.
type hpiTable struct {
	start  time.Time
	months int
	idx    map[string][]float64
}

// national cycle knots: (year, month, index).
var hpiKnots = []struct {
	y, m int
	v    float64
}{
	{1995, 1, 34}, {1999, 1, 41}, {2002, 1, 56}, {2004, 7, 80}, {2007, 10, 95}, {2009, 3, 80}, {2011, 1, 85},
	{2013, 1, 86}, {2015, 1, 100}, {2018, 1, 112}, {2020, 3, 117}, {2022, 9, 148}, {2023, 12, 140}, {2026, 12, 153},
}

// wants reports whether sink takes index's documents (every sink that is not
// an indexer.Wanter takes every index).
func wants(sink indexer.Sink, index string) bool {
	w, ok := sink.(indexer.Wanter)
	return !ok || w.Wants(index)
}

func monthIndex(y int, m time.Month) int { return (y-1995)*12 + int(m) - 1 }

func newHPITable(seed int64, now time.Time) *hpiTable {
	h := &hpiTable{start: time.Date(1995, 1, 1, 0, 0, 0, 0, time.UTC), months: monthIndex(now.Year(), now.Month()) + 1, idx: map[string][]float64{}}
	nat := make([]float64, h.months)
	for m := range nat {
		for k := 0; k+1 < len(hpiKnots); k++ {
			a, b := hpiKnots[k], hpiKnots[k+1]
			ma, mb := monthIndex(a.y, time.Month(a.m)), monthIndex(b.y, time.Month(b.m))
			if m >= ma && m <= mb {
				f := float64(m-ma) / float64(mb-ma)
				nat[m] = math.Exp(math.Log(a.v) + f*(math.Log(b.v)-math.Log(a.v)))
				break
			}
		}
	}
	for _, reg := range regions() {
		r := newRnd(seed, "hpi", reg.Name)
		s := make([]float64, h.months)
		noise := 0.0
		for m := range s {
			noise = 0.8*noise + r.NormFloat64()*0.003
			season := 0.006 * math.Sin(2*math.Pi*float64(m%12-3)/12)
			s[m] = 100 * math.Pow(nat[m]/100, reg.Beta) * math.Exp(noise+season)
		}
		h.idx[reg.Name] = s
	}
	return h
}

// at returns the index of a region in the month of d (clamped to the table).
func (h *hpiTable) at(region string, d time.Time) float64 {
	m := monthIndex(d.Year(), d.Month())
	s := h.idx[region]
	return s[max(0, min(m, len(s)-1))]
}

func (gen *generator) emitHPI() error {
	for _, reg := range regions() {
		s := gen.hpi.idx[reg.Name]
		for m, v := range s {
			d := gen.hpi.start.AddDate(0, m, 0)
			doc := mappings.HPI{
				ID: reg.Name + "-" + d.Format("2006-01"), Region: reg.Name, Month: d.Format("2006-01-02"),
				Index: round2(v), AveragePrice: int64(math.Round(reg.Base2015 * v / 100)), Source: source,
			}
			if err := gen.sink.Add(mappings.IndexHPI, doc.ID, doc); err != nil {
				return err
			}
		}
	}
	return nil
}

func regionOf(name string) region {
	for _, r := range regions() {
		if r.Name == name {
			return r
		}
	}
	return regions()[0]
}

func day(t time.Time) string { return t.Format("2006-01-02") }

// Collect generates in memory and returns every document by index, in
// emission order; collector.Map(index) gives the id → document map that
// integration/fixture.Load takes. Meant for tests and small sizes.
func Collect(cfg Config) (*indexer.Collector, error) {
	c := indexer.NewCollector()
	if err := Generate(cfg, c); err != nil {
		return nil, err
	}
	return c, nil
}
