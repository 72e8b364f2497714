package api

// Rooftop solar assessment (solar-assessment/{uprn}/): a deterministic
// estimate from the property record's roof and the assumptions below
// (docs/area.md repeats them).

import (
	"math"
	"net/http"
	"strings"
)

// solarAssumptions are the fixed inputs of the estimate.
type solarAssumptions struct {
	PanelWatts           float64 `json:"panel_watts"`
	PanelAreaSqm         float64 `json:"panel_area_sqm"`
	PitchedUsableFrac    float64 `json:"pitched_usable_fraction"` // of the whole pitched roof: one slope, less edges and obstructions
	FlatUsableFrac       float64 `json:"flat_usable_fraction"`    // of a flat roof: frames need spacing against self-shading
	SouthYieldKWhPerKWp  float64 `json:"south_yield_kwh_per_kwp"` // south-facing at the best pitch, UK average
	ElectricityPencePerK float64 `json:"electricity_price_pence_per_kwh"`
	ExportPencePerKWh    float64 `json:"export_tariff_pence_per_kwh"`
	SelfConsumption      float64 `json:"self_consumption_share"`
	InstallCostPerKWp    float64 `json:"install_cost_gbp_per_kwp"`
	InstallFixedCost     float64 `json:"install_fixed_cost_gbp"`
	GridKgCO2PerKWh      float64 `json:"grid_kg_co2_per_kwh"`
	MinPanels            int     `json:"min_panels"`
	MaxPanels            int     `json:"max_panels"`
}

func defaultSolarAssumptions() solarAssumptions {
	return solarAssumptions{
		PanelWatts: 400, PanelAreaSqm: 1.95,
		PitchedUsableFrac: 0.40, FlatUsableFrac: 0.50,
		SouthYieldKWhPerKWp:  950,
		ElectricityPencePerK: 24.5, ExportPencePerKWh: 15, SelfConsumption: 0.5,
		InstallCostPerKWp: 1200, InstallFixedCost: 1500,
		GridKgCO2PerKWh: 0.207,
		MinPanels:       4, MaxPanels: 30,
	}
}

// orientationFactor is the yield of a roof facing dir relative to south
// (UK, ~35° pitch). Unknown orientation gets the east/west factor.
func orientationFactor(dir string) (float64, bool) {
	switch strings.ToUpper(strings.TrimSpace(dir)) {
	case "S":
		return 1.00, true
	case "SE", "SW":
		return 0.95, true
	case "E", "W":
		return 0.82, true
	case "NE", "NW":
		return 0.65, true
	case "N":
		return 0.55, true
	}
	return 0.82, false
}

// pitchFactor is the yield at a pitch relative to the best (35°): 1 −
// 0.4 % per degree away from 35, floored at 0.85 (a flat roof uses tilted
// frames, so it is treated as 35°).
func pitchFactor(deg float64) float64 {
	return math.Max(0.85, 1-0.004*math.Abs(deg-35))
}

type solarRoof struct {
	AreaSqm        float64  `json:"area_sqm"`
	AreaEstimated  bool     `json:"area_estimated"`
	Orientation    string   `json:"orientation"`
	PitchDeg       *float64 `json:"pitch_deg"`
	Type           string   `json:"type"` // pitched, flat
	UsableAreaSqm  float64  `json:"usable_area_sqm"`
	OrientationFac float64  `json:"orientation_factor"`
	PitchFac       float64  `json:"pitch_factor"`
}

type solarSystem struct {
	Panels           int      `json:"panels"`
	CapacityKWp      float64  `json:"capacity_kwp"`
	AnnualKWh        int      `json:"annual_generation_kwh"`
	YieldKWhPerKWp   int      `json:"yield_kwh_per_kwp"`
	InstallCostGBP   int      `json:"install_cost_gbp"`
	AnnualSavingsGBP int      `json:"annual_savings_gbp"`
	PaybackYears     *float64 `json:"payback_years"` // null when the system saves nothing
	CO2SavedKgYear   int      `json:"co2_saved_kg_per_year"`
}

type solarResponse struct {
	UPRN         int64            `json:"uprn"`
	Address      string           `json:"address,omitempty"`
	PropertyType string           `json:"property_type,omitempty"`
	Suitable     bool             `json:"suitable"`
	Rating       string           `json:"rating"` // excellent, good, fair, poor, not_suitable
	Reason       string           `json:"reason,omitempty"`
	Roof         *solarRoof       `json:"roof"`
	System       *solarSystem     `json:"system"`
	Assumptions  solarAssumptions `json:"assumptions"`
	Note         string           `json:"note"`
}

// solarAssessment answers solar-assessment/{uprn}/.
func (s *Server) solarAssessment(w http.ResponseWriter, r *http.Request) error {
	uprn, prop, err := s.pathProperty(r)
	if err != nil {
		return err
	}
	out := assessSolar(prop.UPRN, prop.FullAddress, prop.PropertyType, prop.RoofType, prop.RoofOrientation,
		prop.RoofPitchDeg, prop.RoofAreaSqm, prop.BuildingFootprintSqm, prop.FloorLevel != nil, defaultSolarAssumptions())
	if out == nil {
		return dataGap("UPRN %d has no roof area or building footprint; a solar assessment is not possible", uprn)
	}
	return writeJSON(w, http.StatusOK, out)
}

// assessSolar is the pure estimate; nil when the roof size is unknown.
func assessSolar(uprn int64, address, propType, roofType, orientation string, pitch, roofArea, footprint float64,
	hasFloor bool, a solarAssumptions) *solarResponse {
	out := &solarResponse{UPRN: uprn, Address: address, PropertyType: propType, Assumptions: a,
		Note: "An indicative estimate from mapped roof geometry and the stated assumptions, not a site survey."}
	isFlat := strings.EqualFold(propType, "Flat") || strings.EqualFold(propType, "Maisonette") || hasFloor ||
		strings.EqualFold(roofType, "Another dwelling above")
	if isFlat {
		out.Rating = "not_suitable"
		out.Reason = "Flats and maisonettes share a roof: panels need the freeholder's or management company's consent " +
			"and are usually a communal installation; no individual estimate is given."
		if strings.EqualFold(roofType, "Another dwelling above") {
			out.Reason = "There is another dwelling above this flat. " + out.Reason
		}
		return out
	}
	area, estimated := roofArea, false
	flatRoof := strings.EqualFold(roofType, "Flat") || (pitch > 0 && pitch < 10)
	if area <= 0 && footprint > 0 {
		// A pitched roof's surface is the footprint over cos(pitch).
		p := pitch
		if p <= 0 {
			p = 35
		}
		if flatRoof {
			p = 0
		}
		area, estimated = footprint/math.Cos(p*math.Pi/180), true
	}
	if area <= 0 {
		return nil
	}
	roof := &solarRoof{AreaSqm: math.Round(area*10) / 10, AreaEstimated: estimated, Orientation: strings.ToUpper(orientation), Type: "pitched"}
	if pitch > 0 {
		pv := pitch
		roof.PitchDeg = &pv
	}
	var usable float64
	if flatRoof {
		roof.Type = "flat"
		usable = area * a.FlatUsableFrac
		roof.OrientationFac, roof.PitchFac = 0.95, 1 // frames face south at about 30°
	} else {
		usable = area * a.PitchedUsableFrac
		f, _ := orientationFactor(orientation)
		roof.OrientationFac = f
		p := pitch
		if p <= 0 {
			p = 35
		}
		roof.PitchFac = math.Round(pitchFactor(p)*1000) / 1000
	}
	roof.UsableAreaSqm = math.Round(usable*10) / 10
	out.Roof = roof
	panels := min(int(usable/a.PanelAreaSqm), a.MaxPanels)
	if panels < a.MinPanels {
		out.Rating = "not_suitable"
		out.Reason = "The usable roof area fits fewer than 4 panels."
		return out
	}
	kwp := float64(panels) * a.PanelWatts / 1000
	yield := a.SouthYieldKWhPerKWp * roof.OrientationFac * roof.PitchFac
	kwh := kwp * yield
	savings := kwh * (a.SelfConsumption*a.ElectricityPencePerK + (1-a.SelfConsumption)*a.ExportPencePerKWh) / 100
	cost := a.InstallFixedCost + kwp*a.InstallCostPerKWp
	out.System = &solarSystem{
		Panels: panels, CapacityKWp: math.Round(kwp*100) / 100, AnnualKWh: int(math.Round(kwh)),
		YieldKWhPerKWp: int(math.Round(yield)), InstallCostGBP: int(math.Round(cost)),
		AnnualSavingsGBP: int(math.Round(savings)), PaybackYears: paybackYears(cost, savings),
		CO2SavedKgYear: int(math.Round(kwh * a.GridKgCO2PerKWh)),
	}
	out.Suitable = true
	switch {
	case yield >= 900:
		out.Rating = "excellent"
	case yield >= 780:
		out.Rating = "good"
	case yield >= 600:
		out.Rating = "fair"
	default:
		out.Rating = "poor"
	}
	return out
}

// paybackYears is cost / yearly savings to a tenth of a year, or nil when
// nothing is saved (a north-facing roof: no finite payback).
func paybackYears(cost, savings float64) *float64 {
	if !(savings > 0) || math.IsInf(cost, 0) || math.IsNaN(cost) {
		return nil
	}
	y := math.Round(cost/savings*10) / 10
	return &y
}
