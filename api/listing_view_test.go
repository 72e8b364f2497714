package api

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// TestListingRenderedOnce: the answers that show a listing show each
// datum the same way (one rendering, listingView), whatever they call it.
func TestListingRenderedOnce(t *testing.T) {
	l := mappings.Listing{ID: "5a0e5e00-0000-4000-8000-000000000002", ListingID: "AG-1", BranchID: "B7", Agent: 4,
		AgentName: "Acme Homes", AgentBranch: "Exeter", UPRN: 10001, SaleID: 77, DisplayAddress: "2 High Street",
		Postcode: "EX1 1AA", TransactionType: "Sale", LatestStatus: "Under offer", LatestPrice: 300000, OriginalPrice: 320000,
		Reductions: 1, Source: "Rightmove plc", Bedrooms: 3, PropertyType: "Terraced", ListingPropertyType: "Terraced house",
		AddedDate: "2026-10-03T09:30:00+01:00", FirstOfferDate: "2026-10-20", ReducedDate: "2026-10-10",
		Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}, HasAddressMatch: true}
	sale := renderListing(l)
	live := toLiveListing(&l)
	comp, err := comparableRow(mappings.Sale{ID: 77}, 0, map[int64]mappings.Listing{77: l}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := exportColumnsOf(nil)
	if err != nil {
		t.Fatal(err)
	}
	cols = append(cols, exportColumns()...)
	row := exportRow(cols, &l, time.Date(2026, 10, 13, 12, 0, 0, 0, time.UTC))
	cellOf := func(name string) any {
		for i, c := range cols {
			if c.name == name {
				return row[i]
			}
		}
		t.Fatalf("no export column %s", name)
		return nil
	}
	same := func(what string, vs ...any) {
		t.Helper()
		for _, v := range vs[1:] {
			if !reflect.DeepEqual(jsonOf(t, v), jsonOf(t, vs[0])) {
				t.Errorf("%s: %s, want %s", what, jsonOf(t, v), jsonOf(t, vs[0]))
			}
		}
	}
	same("source", LabelPortal, sale.Source, live.Source, comp.LatestListing.Source)
	same("added day", "2026-10-03", sale.AddedDate, comp.LatestListing.AddedDate, cellOf("listed_date"))
	same("added instant", "2026-10-03T08:30:00Z", live.AddedDate)
	same("first offer", "2026-10-20", sale.FirstOfferDate, live.FirstOfferDate)
	same("unknown", nil, sale.Ownership, live.Ownership, sale.Bathrooms, live.Bathrooms, cellOf("bathrooms"), cellOf("construction_age"))
	same("uprn", int64(10001), sale.Property, live.PropertyUPRN, cellOf("uprn"))
	same("price", int64(300000), sale.LatestPrice, live.LatestPrice, comp.LatestListing.LatestPrice, cellOf("price"))
	same("listing id", "AG-1", live.ListingID, comp.LatestListing.ListingID, cellOf("listing_id"))
	same("days on market", int64(10), cellOf("dom"))
	same("images", []string{}, live.Images)
	if got := cellOf("bedrooms"); got != int64(3) { // the sinks write int64
		t.Errorf("bedrooms cell %#v, want int64(3)", got)
	}
	l.ListingID = ""
	comp, _ = comparableRow(mappings.Sale{ID: 77}, 0, map[int64]mappings.Listing{77: l}, nil)
	same("listing id without the agent's", l.ID, comp.LatestListing.ListingID)
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
