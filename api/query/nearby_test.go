package query

import "testing"

func TestNearbyGolden(t *testing.T) {
	p := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	tests := []struct {
		name string
		body M
	}{
		{"schools_nearby", SchoolsNearby{Center: p, RadiusM: 0.5 * MetersPerMile, Limit: 20}.Body()},
		{"schools_nearby_filters", SchoolsNearby{Center: p, RadiusM: 2 * MetersPerMile, Phase: "Primary", Ofsted: "Good", Limit: 5}.Body()},
		{"amenities_nearby_types", AmenitiesNearby{Center: p, RadiusM: 1000, Types: []string{"gp", "pharmacy"}, Limit: 10}.Body()},
		{"amenities_group", AmenitiesNearby{Center: p, RadiusM: 1500, Groups: []string{"food"}, Limit: 25}.Body()},
		{"amenities_all", AmenitiesNearby{Center: p, RadiusM: 1000, Limit: 10}.Body()},
		{"listed_buildings", ListedBuildingsNearby{Center: p, RadiusM: 500, Limit: 20}.Body()},
		{"listed_buildings_grade", ListedBuildingsNearby{Center: p, RadiusM: 500, Grade: "II*", Limit: 20}.Body()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { golden(t, tc.name, tc.body) })
	}
}
