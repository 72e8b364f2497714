package query

import "testing"

func TestCrimeGolden(t *testing.T) {
	p := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	golden(t, "crime_latest_month", CrimeLatestMonth(p, 1000))
	golden(t, "crime_search", CrimeSearch{Center: p, RadiusM: 1000, From: "2025-10-01", To: "2026-09-01", Limit: 20}.Body())
	golden(t, "crime_search_month_category", CrimeSearch{Center: p, RadiusM: 1000, From: "2026-07-01", To: "2026-07-01", Limit: 20, Category: "burglary"}.Body())
}
