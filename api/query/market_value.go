package query

// Comparables and valuation builders (spec 2.10, 2.17, 4.2).

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

// RecentSale finds the latest completed sale of a UPRN sold on or after since.
func RecentSale(uprn int64, since string) M {
	return M{
		"query": Bool(nil, []M{Term("uprn", uprn), Term("is_complete", true),
			Range("sold_let_date", M{"gte": since, "format": "yyyy-MM-dd"})}, nil, nil),
		"size": 1,
		"sort": []M{{"sold_let_date": "desc"}, {"id": "desc"}},
	}
}

// ActiveListing finds the newest live listing of a UPRN for a transaction
// type (Sale or Rental).
func ActiveListing(uprn int64, transactionType string) M {
	return M{
		"query": Bool(nil, []M{Term("property_uprn", uprn), Term("transaction_type", transactionType), Term("is_live", true)},
			nil, []M{Terms("latest_status", []string{"Withdrawn", "Completed", "Let agreed"})}),
		"size": 1,
		"sort": []M{{"added_date": "desc"}, {"id": "asc"}},
	}
}

// RentalComparables finds rental listings near a point added on or after
// since, nearest first (sort[0] is the distance in meters).
func RentalComparables(p GeoPoint, radiusMeters float64, excludeUPRN int64, since string, size int) M {
	var mustNot []M
	if excludeUPRN != 0 {
		mustNot = append(mustNot, Term("property_uprn", excludeUPRN))
	}
	return M{
		"query": Bool(nil, []M{GeoDistance("geopoint", p, radiusMeters), Term("transaction_type", "Rental"),
			Range("latest_price", M{"gt": 0}), Range("added_date", M{"gte": since, "format": "yyyy-MM-dd"})}, nil, mustNot),
		"size": size,
		"sort": []M{GeoDistanceSort("geopoint", p), {"added_date": "desc"}, {"id": "asc"}},
	}
}

// HPISeries fetches the monthly index of a region, oldest first.
func HPISeries(region string) M {
	return M{
		"query":   Bool(nil, []M{Term("region", region)}, nil, nil),
		"size":    1000,
		"sort":    []M{{"month": "asc"}},
		"_source": []string{"month", "index"},
	}
}
