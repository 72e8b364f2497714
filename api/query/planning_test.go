package query

import "testing"

func TestPlanningGolden(t *testing.T) {
	p := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	golden(t, "planning_search", PlanningSearch{Center: p, RadiusM: 500, Since: "2026-08-24", From: 0, Size: 25}.Body())
	golden(t, "planning_search_filters", PlanningSearch{Center: p, RadiusM: 5000, Since: "2025-11-22", Type: "Full", Decision: "Approved", From: 25, Size: 25}.Body())
}
