package query

// Valuation builders (spec 2.10, 4.2).

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
