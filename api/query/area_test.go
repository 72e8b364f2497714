package query

import (
	"testing"
)

func TestAreaGolden(t *testing.T) {
	p := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	golden(t, "by_id", ByID("E01020000"))
	golden(t, "profile_sales", ProfileSales("EX1 1AE", "2025-06-01", "2026-06-01"))
	golden(t, "profile_schools", ProfileSchools(p, 1609.344))
	golden(t, "profile_transport", ProfileTransport(p, 500))
	golden(t, "group_loaded", GroupLoaded("transport"))
	golden(t, "profile_properties", ProfileProperties("EX1 1AE"))
	golden(t, "latest_council_tax", LatestCouncilTax("E07000041"))
	golden(t, "hpi_trend", HPITrend("South West", "2025-06-01", "2026-06-01", 13))
}
