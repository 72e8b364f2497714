package query

import "github.com/ukpd/propertyapi/mappings"

// Valuation builders (spec 2.10, 4.2).

// RecentSale finds the latest completed sale of a UPRN sold on or after since.
func RecentSale(uprn int64, since string) M {
	return M{
		"query": Bool(nil, []M{Term(mappings.SaleFieldUPRN, uprn), Term(mappings.SaleFieldIsComplete, true),
			Range(mappings.SaleFieldSoldDate, M{"gte": since, "format": "yyyy-MM-dd"})}, nil, nil),
		"size": 1,
		"sort": []M{{mappings.SaleFieldSoldDate: "desc"}, {mappings.SaleFieldID: "desc"}},
	}
}

// ActiveListing finds the newest live listing of a UPRN for a transaction
// type (Sale or Rental).
func ActiveListing(uprn int64, transactionType string) M {
	return M{
		"query": Bool(nil, []M{Term(mappings.ListingFieldUPRN, uprn), Term(mappings.ListingFieldTransactionType, transactionType), Term(mappings.ListingFieldIsLive, true)},
			nil, []M{Terms(mappings.ListingFieldLatestStatus, []string{"Withdrawn", "Completed", "Let agreed"})}),
		"size": 1,
		"sort": []M{{mappings.ListingFieldAddedDate: "desc"}, {mappings.ListingFieldID: "asc"}},
	}
}

// RentalComparables finds rental listings near a point added on or after
// since, nearest first (sort[0] is the distance in meters).
func RentalComparables(p GeoPoint, radiusMeters float64, excludeUPRN int64, since string, size int) M {
	var mustNot []M
	if excludeUPRN != 0 {
		mustNot = append(mustNot, Term(mappings.ListingFieldUPRN, excludeUPRN))
	}
	return M{
		"query": Bool(nil, []M{GeoDistance(mappings.ListingFieldLocation, p, radiusMeters), Term(mappings.ListingFieldTransactionType, "Rental"),
			Range(mappings.ListingFieldLatestPrice, M{"gt": 0}), Range(mappings.ListingFieldAddedDate, M{"gte": since, "format": "yyyy-MM-dd"})}, nil, mustNot),
		"size": size,
		"sort": []M{GeoDistanceSort(mappings.ListingFieldLocation, p), {mappings.ListingFieldAddedDate: "desc"}, {mappings.ListingFieldID: "asc"}},
	}
}

// HPISeries fetches the monthly index of a region, oldest first.
func HPISeries(region string) M {
	return M{
		"query":   Bool(nil, []M{Term(mappings.HPIFieldRegion, region)}, nil, nil),
		"size":    1000,
		"sort":    []M{{mappings.HPIFieldMonth: "asc"}},
		"_source": []string{mappings.HPIFieldMonth, mappings.HPIFieldIndex},
	}
}
