package query

import (
	"encoding/json"
	"testing"
)

func TestRiskLayersGolden(t *testing.T) {
	p := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	title := &Shape{Type: "Polygon", Coordinates: json.RawMessage(`[[[-3.5276,50.7235],[-3.5274,50.7235],[-3.5274,50.7237],[-3.5276,50.7237],[-3.5276,50.7235]]]`)}
	q := RiskLayers{RiskTypes: []string{"flood", "radon"}, Point: p, Title: title, RadiusM: 500, Size: 200}
	golden(t, "risk_hazards_with_title", q.Hazards())
	golden(t, "risk_coverage", q.Coverage())
	golden(t, "risk_hazards_no_title", RiskLayers{RiskTypes: []string{"noise"}, Point: p, RadiusM: 1000, Size: 50}.Hazards())
}

func TestRadiusEnvelope(t *testing.T) {
	e := radiusEnvelope(GeoPoint{Lat: 51.5, Lon: -0.1}, 1000)
	c := e["coordinates"].([][2]float64)
	// 1 km is about 0.00898 degrees of latitude and 0.01444 of longitude at 51.5N.
	if d := c[0][1] - 51.5; d < 0.0089 || d > 0.0091 {
		t.Errorf("lat half-height %f", d)
	}
	if d := -0.1 - c[0][0]; d < 0.0143 || d > 0.0146 {
		t.Errorf("lon half-width %f", d)
	}
}
