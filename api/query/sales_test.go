package query

import "testing"

func TestMarketBuilders(t *testing.T) {
	p := GeoPoint{Lat: 50.72, Lon: -3.53}
	two := 2
	yes := true
	min, max := int64(100000), int64(400000)
	golden(t, "sales_by_uprn", Sales(SalesFilter{UPRN: 100040000001}, Page{From: 20, Size: 20}))
	golden(t, "sales_by_id", Sales(SalesFilter{ID: 7}, Page{Size: 20}))
	golden(t, "sale_listings", SaleListings([]int64{7, 8}, []string{"0b9f3f2e-8c1e-4d43-9a43-4a1f0c1e2d3f"}, 100))
	golden(t, "sale_events_of", SaleEventsOf([]int64{7, 8}, 500))
	golden(t, "listings_by_uprn", Listings(100040000001, Page{Size: 20}))
	for _, o := range EventOrderings() {
		golden(t, "sale_events_"+o, SaleEvents(EventFilter{UPRN: 100040000001, EventType: "Reduced", DateGTE: "2024-01-01", DateLTE: "2024-12-31"}, o, Page{Size: 10}))
		if o == "date" {
			golden(t, "sale_events_let_alias", SaleEvents(EventFilter{UPRN: 100040000001, EventType: "Let"}, o, Page{Size: 10}))
		}
	}
	golden(t, "sale_events_exact_date", SaleEvents(EventFilter{Sale: 7, Listing: "abc", Date: "2024-05-01", ID: 3}, "", Page{From: 10, Size: 10}))
	golden(t, "comparables", Comparables(ComparablesSpec{Point: p, RadiusMeters: 1609.344, ExcludeUPRN: 1, Bedrooms: &two, PropertyType: "Flat",
		StartDate: "2023-01-01", EndDate: "2025-01-01", Complete: &yes, Size: 10}))
	golden(t, "comparables_latest_listings", LatestListingsOfSales([]int64{1, 2}, 50))
	golden(t, "valuation_recent_sale", RecentSale(1, "2025-01-01"))
	golden(t, "valuation_active_listing", ActiveListing(1, "Sale"))
	golden(t, "valuation_rental_comparables", RentalComparables(p, 3218.688, 1, "2024-01-01", 60))
	golden(t, "hpi_series", HPISeries("South West"))
	golden(t, "export_outcode_all_filters", ExportQuery(ExportSpec{Outcode: "EX1", MinPrice: &min, MaxPrice: &max, PropertyTypes: []string{"Flat", "Terraced"},
		BedroomsMin: &two, BedroomsMax: &two, Transaction: "Sale", AddedBefore: "2025-01-01", ListedSince: "2024-01-01", IsNewBuild: &yes}))
	golden(t, "export_point", ExportQuery(ExportSpec{Point: &p, RadiusMeters: 8046.72}))
	golden(t, "export_boundary", ExportQuery(ExportSpec{BoundaryAlias: "boundaries", BoundaryID: "42"}))
	q := ExportQuery(ExportSpec{Outcode: "EX1"})
	golden(t, "export_page_first", ExportPage(q, "PIT", "60000ms", 500, 0, nil, []string{"id", "latest_price"}))
	golden(t, "export_page_offset", ExportPage(q, "PIT", "60000ms", 500, 40, nil, []string{"id"}))
	golden(t, "export_page_after", ExportPage(q, "PIT", "60000ms", 500, 40, []any{int64(1700000000000), "x"}, nil))
}
