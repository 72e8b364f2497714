package query

import "github.com/ukpd/propertyapi/mappings"

// Comparable-sales builders (spec 2.17).

// ComparablesSpec selects comparable sales around a point.
type ComparablesSpec struct {
	Point        GeoPoint
	RadiusMeters float64
	ExcludeUPRN  int64
	Bedrooms     *int
	PropertyType string
	StartDate    string // sold on or after (YYYY-MM-DD)
	EndDate      string // sold on or before
	Complete     *bool  // nil: completed and pending alike
	Size         int
}

// Comparables finds sales near a point, nearest first, newest first among
// equals; sort[0] of each hit is its distance in meters.
func Comparables(c ComparablesSpec) M {
	filter := []M{GeoDistance(mappings.SaleFieldLocation, c.Point, c.RadiusMeters), Term(mappings.SaleFieldTransactionType, "Sale")}
	if c.Bedrooms != nil {
		filter = append(filter, Term(mappings.SaleFieldBedrooms, *c.Bedrooms))
	}
	if c.PropertyType != "" {
		filter = append(filter, Term(mappings.SaleFieldPropertyType, c.PropertyType))
	}
	if r, ok := DateRange(mappings.SaleFieldSoldDate, c.StartDate, c.EndDate); ok {
		filter = append(filter, r)
	}
	if c.Complete != nil {
		filter = append(filter, Term(mappings.SaleFieldIsComplete, *c.Complete))
	}
	var mustNot []M
	if c.ExcludeUPRN != 0 {
		mustNot = append(mustNot, Term(mappings.SaleFieldUPRN, c.ExcludeUPRN))
	}
	return M{
		"query":            Bool(nil, filter, nil, mustNot),
		"size":             c.Size,
		"sort":             []M{GeoDistanceSort(mappings.SaleFieldLocation, c.Point), {mappings.SaleFieldSoldDate: "desc"}, {mappings.SaleFieldID: "asc"}},
		"track_total_hits": true,
	}
}

// LatestListingsOfSales fetches listings of the given sales, newest first;
// callers keep the first per sale.
func LatestListingsOfSales(saleIDs []int64, size int) M {
	return M{
		"query":   Bool(nil, []M{Terms(mappings.ListingFieldSaleID, saleIDs)}, nil, nil),
		"size":    size,
		"sort":    []M{{mappings.ListingFieldAddedDate: "desc"}, {mappings.ListingFieldID: "asc"}},
		"_source": []string{mappings.ListingFieldID, mappings.ListingFieldListingID, mappings.ListingFieldSaleID, mappings.ListingFieldAddedDate, mappings.ListingFieldLatestPrice, mappings.ListingFieldLatestStatus, mappings.ListingFieldSource},
	}
}
