package calc

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
	"time"
)

func TestHPIFactor(t *testing.T) {
	h := HPI{Points: []HPIPoint{{"2024-01-01", 100}, {"2024-02-01", 102}, {"2024-04-01", 110}}}
	tests := []struct {
		date string
		want float64
	}{
		{"2024-01-15", 1.1}, {"2024-03-09", 110.0 / 102}, {"2023-06-01", 1.1}, {"2024-04-30", 1}, {"", 1},
	}
	for _, tc := range tests {
		if got := h.Factor(tc.date); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Factor(%q) = %v, want %v", tc.date, got, tc.want)
		}
	}
	if (HPI{}).Factor("2024-01-01") != 1 {
		t.Error("empty series must not adjust")
	}
}

func TestCompositeWeighsCloseMatches(t *testing.T) {
	sub := Subject{Bedrooms: 3, PropertyType: "Semi-Detached", FloorArea: 90}
	comps := []Comp{
		{UPRN: 1, Bedrooms: 3, PropertyType: "Semi-Detached", FloorArea: 90, DistanceM: 50, Date: "2025-01-01", Price: 300_000},
		{UPRN: 2, Bedrooms: 3, PropertyType: "Semi-Detached", FloorArea: 90, DistanceM: 100, Date: "2025-01-01", Price: 310_000},
		{UPRN: 3, Bedrooms: 1, PropertyType: "Flat", FloorArea: 45, DistanceM: 1500, Date: "2025-01-01", Price: 150_000},
		{UPRN: 4, Bedrooms: 3, PropertyType: "Semi-Detached", FloorArea: 90, DistanceM: 200, Date: "2025-01-01", Price: 5_000_000}, // outlier
	}
	est := Composite(sub, comps, HPI{}, DefaultCompositeOptions(1609.344, 20))
	if len(est.Comps) != 3 {
		t.Fatalf("kept %d comparables, want 3 (outlier dropped)", len(est.Comps))
	}
	if est.Value < 290_000 || est.Value > 310_000 {
		t.Errorf("estimate %.0f, want near 300k", est.Value)
	}
	if est.Comps[0].UPRN != 1 || est.Comps[len(est.Comps)-1].UPRN != 3 {
		t.Errorf("order by weight: %+v", est.Comps)
	}
	if !(est.Low < est.Value && est.Value < est.High) {
		t.Errorf("range %v..%v around %v", est.Low, est.High, est.Value)
	}
}

// fixtureMarket builds a synthetic town: neighbourhood price levels that
// vary smoothly in space, floor area by type and bedrooms, a rising index,
// and lognormal noise of sigma per sale.
func fixtureMarket(seed int64, n int, sigma float64) ([]HeldOutSale, HPI) {
	rng := rand.New(rand.NewSource(seed))
	var hpi HPI
	start := time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC)
	for m := 0; m < 84; m++ {
		hpi.Points = append(hpi.Points, HPIPoint{start.AddDate(0, m, 0).Format("2006-01-02"), 100 * math.Pow(1.004, float64(m))})
	}
	types := []string{"Detached", "Semi-Detached", "Terraced", "Flat"}
	typeMult := map[string]float64{"Detached": 1.25, "Semi-Detached": 1.05, "Terraced": 0.95, "Flat": 0.9}
	var out []HeldOutSale
	for i := 0; i < n; i++ {
		lat := 50.70 + rng.Float64()*0.06
		lon := -3.56 + rng.Float64()*0.08
		perM2 := 3200 * (1 + 0.25*math.Sin(lat*300) + 0.2*math.Cos(lon*200))
		typ := types[rng.Intn(len(types))]
		beds := 1 + rng.Intn(4)
		if typ == "Flat" {
			beds = 1 + rng.Intn(2)
		}
		area := float64(25+beds*22) * (0.85 + rng.Float64()*0.3)
		m := rng.Intn(60) + 24
		date := hpi.Points[m].Month
		today := perM2 * area * typeMult[typ] * math.Exp(rng.NormFloat64()*sigma)
		price := math.Round(today / hpi.Factor(date))
		out = append(out, HeldOutSale{Comp: Comp{UPRN: int64(100000000 + i), Address: fmt.Sprintf("%d Fixture Road", i), Bedrooms: beds,
			PropertyType: typ, FloorArea: math.Round(area), Date: date, Price: price}, Lat: lat, Lon: lon})
	}
	return out, hpi
}

// TestHoldOutAccuracy measures (does not assert) the composite's median
// absolute percentage error on the fixture market; the bound only catches
// a broken method.
func TestHoldOutAccuracy(t *testing.T) {
	sales, hpi := fixtureMarket(7, 3000, 0.08)
	acc := HoldOut(sales, HoldOutConfig{RadiiM: []float64{804.672, 1609.344, 3218.688, 8046.72}, WidenBelow: 8, Count: 20, MaxN: 600,
		HPIFor: func(string) HPI { return hpi }})
	t.Logf("fixture market (3000 sales, 8%% noise, 0.5 mile widening, 20 comparables): valued %d, skipped %d, MdAPE %.1f%%, P90 %.1f%%, within 10%%: %.0f%%",
		acc.Valued, acc.Skipped, acc.MdAPE, acc.P90APE, acc.Within10)
	if acc.Valued == 0 || acc.MdAPE > 40 {
		t.Errorf("composite looks broken: %+v", acc)
	}
}
