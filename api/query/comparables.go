package query

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
	filter := []M{GeoDistance("location", c.Point, c.RadiusMeters), Term("transaction_type", "Sale")}
	if c.Bedrooms != nil {
		filter = append(filter, Term("bedrooms", *c.Bedrooms))
	}
	if c.PropertyType != "" {
		filter = append(filter, Term("property_type", c.PropertyType))
	}
	if r, ok := DateRange("sold_let_date", c.StartDate, c.EndDate); ok {
		filter = append(filter, r)
	}
	if c.Complete != nil {
		filter = append(filter, Term("is_complete", *c.Complete))
	}
	var mustNot []M
	if c.ExcludeUPRN != 0 {
		mustNot = append(mustNot, Term("uprn", c.ExcludeUPRN))
	}
	return M{
		"query":            Bool(nil, filter, nil, mustNot),
		"size":             c.Size,
		"sort":             []M{GeoDistanceSort("location", c.Point), {"sold_let_date": "desc"}, {"id": "asc"}},
		"track_total_hits": true,
	}
}

// LatestListingsOfSales fetches listings of the given sales, newest first;
// callers keep the first per sale.
func LatestListingsOfSales(saleIDs []int64, size int) M {
	return M{
		"query":   Bool(nil, []M{Terms("sale_id", saleIDs)}, nil, nil),
		"size":    size,
		"sort":    []M{{"added_date": "desc"}, {"id": "asc"}},
		"_source": []string{"id", "listing_id", "sale_id", "added_date", "latest_price", "latest_status", "source"},
	}
}
