package query

import (
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestAlertPercolatorQueryGolden(t *testing.T) {
	minP, maxP, beds := int64(150000), int64(300000), 2
	tests := []struct {
		name      string
		f         ListingFilter
		uprns     []int64
		postcodes []string
	}{
		{"alert_match_all", ListingFilter{}, nil, nil},
		{"alert_uprns_only", ListingFilter{}, []int64{100040212345, 100040212346}, nil},
		{"alert_filters_only", ListingFilter{
			BBox: &BBox{MinLon: -3.6, MinLat: 50.7, MaxLon: -3.5, MaxLat: 50.75}, TxType: "Sale",
			MinPrice: &minP, MaxPrice: &maxP, MinBedrooms: &beds, PropertyTypes: []string{"Flat"}, ReducedOnly: true,
		}, nil, nil},
		{"alert_boundary_and_uprns", ListingFilter{Boundary: &IndexedShape{Index: "boundaries", ID: "42", Path: mappings.BoundaryFieldGeometry}, NewBuildsOnly: true}, []int64{100040212345}, nil},
		{"alert_postcodes_and_uprns", ListingFilter{}, []int64{100040212345}, []string{"EX1 1AS"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { golden(t, tc.name, AlertPercolatorQuery(tc.f, tc.uprns, tc.postcodes)) })
	}
}

func TestAlertPercolateGolden(t *testing.T) {
	docs := []any{M{"id": "a", "latest_price": 1}, M{"id": "b"}}
	golden(t, "alert_percolate", AlertPercolate("query", docs, 500, ""))
	golden(t, "alert_percolate_after", AlertPercolate("query", docs, 500, "alr_0001"))
}

func TestListingClausesKeepIsLiveFirst(t *testing.T) {
	f := ListingFilter{TxType: "Sale"}
	c := f.Clauses()
	if len(c) != 2 || len(f.MatchClauses()) != 1 {
		t.Fatalf("clauses %v, match clauses %v", c, f.MatchClauses())
	}
	if _, ok := c[0]["term"].(M)[mappings.ListingFieldIsLive]; !ok {
		t.Errorf("first clause %v, want is_live", c[0])
	}
	if !(ListingFilter{}).IsEmpty() || f.IsEmpty() {
		t.Error("IsEmpty wrong")
	}
}
