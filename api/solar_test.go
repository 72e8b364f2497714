package api

import (
	"math"
	"testing"
)

func TestAssessSolar(t *testing.T) {
	a := defaultSolarAssumptions()
	// 60 m² SW at 40°: usable 24 m² → 12 panels, 4.8 kWp; yield 950 × 0.95 × 0.98.
	out := assessSolar(1, "", "Detached", "Pitched", "SW", 40, 60, 0, false, a)
	if !out.Suitable || out.System.Panels != 12 || out.System.CapacityKWp != 4.8 {
		t.Fatalf("solar %+v", out.System)
	}
	wantKWh := 4.8 * 950 * 0.95 * 0.98
	if math.Abs(float64(out.System.AnnualKWh)-wantKWh) > 1 {
		t.Errorf("kWh %d, want %.0f", out.System.AnnualKWh, wantKWh)
	}
	savings := wantKWh * (0.5*24.5 + 0.5*15) / 100
	cost := 1500 + 4.8*1200
	if math.Abs(float64(out.System.AnnualSavingsGBP)-savings) > 1 || math.Abs(*out.System.PaybackYears-cost/savings) > 0.06 {
		t.Errorf("savings %d payback %.1f, want %.0f %.1f", out.System.AnnualSavingsGBP, *out.System.PaybackYears, savings, cost/savings)
	}
	if out := assessSolar(1, "", "Flat", "", "S", 0, 100, 0, true, a); out.Suitable || out.Rating != "not_suitable" || out.System != nil {
		t.Errorf("flat: %+v", out)
	}
	if out := assessSolar(1, "", "Terraced", "Pitched", "N", 35, 12, 0, false, a); out.Suitable || out.Roof == nil {
		t.Errorf("tiny roof: %+v", out)
	}
	if out := assessSolar(1, "", "Detached", "", "", 0, 0, 0, false, a); out != nil {
		t.Errorf("no roof data: %+v", out)
	}
	// Footprint only: pitched 35° assumed.
	if out := assessSolar(1, "", "Detached", "", "S", 0, 0, 50, false, a); !out.Roof.AreaEstimated || math.Abs(out.Roof.AreaSqm-61) > 0.1 {
		t.Errorf("estimated roof: %+v", out.Roof)
	}
}
