//go:build integration

package integration

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/calc"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// memSink keeps the generated sales and index points.
type memSink struct {
	sales  []mappings.Sale
	hpi    map[string][]mappings.HPI
	events map[string][]mappings.SaleEvent // by listing
}

func (m *memSink) Add(index, id string, doc any) error {
	switch index {
	case mappings.IndexSales:
		if s, ok := doc.(mappings.Sale); ok {
			m.sales = append(m.sales, s)
		}
	case mappings.IndexSaleEvents:
		if e, ok := doc.(mappings.SaleEvent); ok && e.Listing != "" {
			m.events[e.Listing] = append(m.events[e.Listing], e)
		}
	case mappings.IndexHPI:
		if h, ok := doc.(mappings.HPI); ok {
			m.hpi[h.Region] = append(m.hpi[h.Region], h)
		}
	}
	return nil
}

// TestValuationAccuracySynthetic holds out sales of the synthetic market
// (indexer/synth) and values each from the others with the production
// composite, reporting the median absolute percentage error. Measured, not
// asserted (the bound only catches a broken method).
func TestValuationAccuracySynthetic(t *testing.T) {
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	sink := &memSink{hpi: map[string][]mappings.HPI{}, events: map[string][]mappings.SaleEvent{}}
	if err := synth.Generate(synth.Config{Seed: 1, Properties: 20000, Now: now}, sink); err != nil {
		t.Fatal(err)
	}
	// Events of each listing, in sequence, follow the lifecycle (spec 3).
	bad := 0
	for id, evs := range sink.events {
		sort.Slice(evs, func(i, j int) bool { return evs[i].Seq < evs[j].Seq })
		var types []string
		for _, e := range evs {
			types = append(types, e.EventType)
		}
		if err := mappings.CheckEventOrder(types); err != nil {
			if bad < 5 {
				t.Errorf("listing %s: %v (%v)", id, err, types)
			}
			bad++
		}
	}
	t.Logf("%d listings' event sequences checked, %d out of order", len(sink.events), bad)
	series := map[string]calc.HPI{}
	for region, pts := range sink.hpi {
		sort.Slice(pts, func(i, j int) bool { return pts[i].Month < pts[j].Month })
		var h calc.HPI
		for _, p := range pts {
			h.Points = append(h.Points, calc.HPIPoint{Month: p.Month, Index: p.Index})
		}
		series[region] = h
	}
	var sales []calc.HeldOutSale
	for _, s := range sink.sales {
		if !s.IsComplete || s.Location == nil || s.Price <= 0 {
			continue
		}
		sales = append(sales, calc.HeldOutSale{Comp: calc.Comp{UPRN: s.UPRN, Bedrooms: s.Bedrooms, PropertyType: s.PropertyType,
			FloorArea: s.EPCFloorArea, Date: s.SoldDate, Price: float64(s.Price)}, Lat: s.Location.Lat, Lon: s.Location.Lon, Region: s.Region})
	}
	// Subjects: a spread of the sales of the last five years (the comparables window).
	var recent []int
	for i, s := range sales {
		if s.Date >= "2021-11-01" {
			recent = append(recent, i)
		}
	}
	const mile = 1609.344
	cfg := calc.HoldOutConfig{RadiiM: []float64{0.5 * mile, mile, 2 * mile, 5 * mile}, WidenBelow: 8, Count: 20,
		Now: now.Format("2006-01-02"), MaxYears: 5, HPIFor: func(r string) calc.HPI { return series[r] }}
	step := max(1, len(recent)/1500)
	for i := 0; i < len(recent); i += step {
		cfg.Subjects = append(cfg.Subjects, recent[i])
	}
	acc := calc.HoldOut(sales, cfg)
	t.Logf("synthetic market (seed 1, 20,000 properties, %d sales, %d regions): valued %d, skipped %d, MdAPE %.1f%%, P90 %.1f%%, within 10%%: %.0f%%",
		len(sales), len(series), acc.Valued, acc.Skipped, acc.MdAPE, acc.P90APE, acc.Within10)
	if acc.Valued == 0 || acc.MdAPE > 40 {
		t.Errorf("composite looks broken: %+v", acc)
	}
}

// docSink keeps every generated document by index and id.
type docSink struct{ docs map[string]map[string]any }

func (d *docSink) Add(index, id string, doc any) error {
	if d.docs[index] == nil {
		d.docs[index] = map[string]any{}
	}
	d.docs[index][id] = doc
	return nil
}

// TestValuationAccuracySyntheticAPI loads a small synthetic market into the
// real engine and values properties through GET valuations/estimate; each
// property's own latest sale, brought to today by the index, is the truth
// (the composite excludes the property's own sales). Measured, not asserted.
func TestValuationAccuracySyntheticAPI(t *testing.T) {
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	sink := &docSink{docs: map[string]map[string]any{}}
	if err := synth.Generate(synth.Config{Seed: 2, Properties: 4000, Now: now}, sink); err != nil {
		t.Fatal(err)
	}
	osURL, prefix := testenv.OpenSearchPrefix(t)
	for _, idx := range []string{mappings.IndexProperties, mappings.IndexSales, mappings.IndexListings, mappings.IndexHPI} {
		fixture.Load(t, osURL, prefix, idx, sink.docs[idx])
	}
	srv := newAPIServer(t, osURL, api.Options{IndexPrefix: prefix, Now: func() time.Time { return now }})
	series := map[string]calc.HPI{}
	for _, d := range sink.docs[mappings.IndexHPI] {
		h := d.(mappings.HPI)
		s := series[h.Region]
		s.Points = append(s.Points, calc.HPIPoint{Month: h.Month, Index: h.Index})
		series[h.Region] = s
	}
	for r, s := range series {
		sort.Slice(s.Points, func(i, j int) bool { return s.Points[i].Month < s.Points[j].Month })
		series[r] = s
	}
	latest := map[int64]mappings.Sale{}
	for _, d := range sink.docs[mappings.IndexSales] {
		s := d.(mappings.Sale)
		if s.IsComplete && s.SoldDate >= "2021-11-01" && s.SoldDate > latest[s.UPRN].SoldDate {
			latest[s.UPRN] = s
		}
	}
	var uprns []int64
	for u := range latest {
		uprns = append(uprns, u)
	}
	sort.Slice(uprns, func(i, j int) bool { return uprns[i] < uprns[j] })
	var apes []float64
	methods := map[string]int{}
	for i := 0; i < len(uprns) && len(apes) < 200; i += max(1, len(uprns)/300) {
		s := latest[uprns[i]]
		req := httptest.NewRequest(http.MethodGet, fmt.Sprintf("/api/valuations/estimate/?uprn=%d", s.UPRN), nil)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		var v struct {
			Method   string `json:"method"`
			Estimate int64  `json:"estimate_gbp"`
		}
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
			methods[fmt.Sprint(rec.Code)]++
			continue
		}
		methods[v.Method]++
		if v.Method != api.MethodComposite {
			continue
		}
		truth := float64(s.Price) * series[s.Region].Factor(s.SoldDate)
		apes = append(apes, math.Abs(float64(v.Estimate)-truth)/truth*100)
	}
	sort.Float64s(apes)
	if len(apes) == 0 {
		t.Fatalf("no composite valuations: %v", methods)
	}
	t.Logf("synthetic market via the API (seed 2, 4,000 properties): methods %v; composite MdAPE %.1f%%, P90 %.1f%% over %d",
		methods, apes[len(apes)/2], apes[len(apes)*9/10], len(apes))
}
