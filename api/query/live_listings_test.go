package query

import (
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestLiveListingsSearchGolden(t *testing.T) {
	two, five := 2, 5
	minP, maxP := int64(200000), int64(450000)
	exeter := GeoPoint{Lat: 50.7236, Lon: -3.5275}
	tests := []struct {
		name string
		f    ListingFilter
		sort string
		from int
		size int
	}{
		{"listings_search_default", ListingFilter{}, "-added_date", 0, 30},
		{"listings_search_boundary", ListingFilter{Boundary: &IndexedShape{Index: "boundaries", ID: "42", Path: mappings.BoundaryFieldGeometry}, TxType: "Sale"}, "latest_price", 30, 30},
		{"listings_search_uprn", ListingFilter{UPRN: 100040212345, Near: &exeter, RadiusM: 250}, "-latest_price", 0, 10},
		{"listings_search_uprn_exact", ListingFilter{UPRN: 100040212345}, "added_date", 0, 10},
		{"listings_search_uprn_building", ListingFilter{UPRN: 100040212300, FlatUPRNs: []int64{100040212301, 100040212302}}, "added_date", 0, 10},
		{"listings_search_all_filters", ListingFilter{
			BBox: &BBox{MinLon: -3.6, MinLat: 50.7, MaxLon: -3.5, MaxLat: 50.75}, TxType: "Rental",
			MinBedrooms: &two, MaxBedrooms: &five, MinPrice: &minP, MaxPrice: &maxP,
			PropertyTypes: []string{"Detached", "Flat"}, NewBuildsOnly: true, ReducedOnly: true,
		}, "-added_date", 60, 30},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			golden(t, tc.name, LiveListingsSearch(tc.f, tc.sort, tc.from, tc.size))
		})
	}
}

func TestLiveListingsClustersGolden(t *testing.T) {
	f := ListingFilter{BBox: &BBox{MinLon: -3.6, MinLat: 50.7, MaxLon: -3.5, MaxLat: 50.75}, TxType: "Sale"}
	golden(t, "listings_clusters", LiveListingsClusters(f, ClusterPrecision(12)))
}

func TestClusterPrecision(t *testing.T) {
	for zoom, want := range map[int]int{0: 2, 10: 12, 27: 29, 30: 29} {
		if got := ClusterPrecision(zoom); got != want {
			t.Errorf("ClusterPrecision(%d) = %d, want %d", zoom, got, want)
		}
	}
}

func TestClusterPrecisionFor(t *testing.T) {
	exeter := &BBox{MinLon: -3.56, MinLat: 50.71, MaxLon: -3.50, MaxLat: 50.74} // a city-sized screen
	devon := &BBox{MinLon: -4, MinLat: 50.5, MaxLon: -3, MaxLat: 51}
	tests := []struct {
		zoom int
		b    *BBox
		want int
	}{
		{14, exeter, 16}, // ~ 44 x 34 cells: zoom + 2
		{14, devon, 14},  // a county at zoom 14: ~ 24,000 cells at 16, ~ 1,650 at 14
		{8, devon, 10},
		{14, nil, 16},
		{0, &BBox{MinLon: -180, MinLat: -85, MaxLon: 180, MaxLat: 85}, 2},
	}
	for _, tc := range tests {
		got := ClusterPrecisionFor(tc.zoom, tc.b)
		if got != tc.want {
			t.Errorf("ClusterPrecisionFor(%d, %+v) = %d, want %d", tc.zoom, tc.b, got, tc.want)
		}
		if tc.b != nil && tileCells(got, *tc.b) > MaxClusterBuckets {
			t.Errorf("zoom %d: %v cells at precision %d", tc.zoom, tileCells(got, *tc.b), got)
		}
	}
}
