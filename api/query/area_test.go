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

func TestAreaGolden(t *testing.T) {
	p := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	golden(t, "by_id", ByID("E01020000"))
	golden(t, "profile_sales", ProfileSales("EX1 1AE", "2025-06-01", "2026-06-01"))
	golden(t, "profile_schools", ProfileSchools(p, 1609.344))
	golden(t, "profile_transport", ProfileTransport(p, 500))
	golden(t, "profile_properties", ProfileProperties("EX1 1AE"))
	golden(t, "latest_council_tax", LatestCouncilTax("E07000041"))
	golden(t, "hpi_trend", HPITrend("South West", "2025-06-01", "2026-06-01", 13))
}

func TestPricesGolden(t *testing.T) {
	golden(t, "price_distribution", PriceDistribution("EX1", "2025-06-01", "2026-06-01", 50000))
	golden(t, "price_growth", PriceGrowth("EX1", Period{"2025-06-01", "2026-06-01"}, Period{"2024-06-01", "2025-06-01"}))
	golden(t, "price_trends", PriceTrends("EX1", "2025-07-01", "2026-07-01", "2026-06"))
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
