package query

import "github.com/ukpd/propertyapi/mappings"

// Postcode-profile builders: the aggregations of the postcode profile.

// Aggregation names the postcode-profile builders set and its decoders read.
const (
	// MedianAgg is the 50th percentile (medianAgg) of ProfileSales,
	// PriceDistribution, PriceGrowth and PriceTrends.
	MedianAgg = "median"
	// ProfileOfstedAgg is ProfileSchools' terms aggregation by Ofsted rating.
	ProfileOfstedAgg = "ofsted"
	// TypesAgg is the terms aggregation by type of ProfileTransport (amenity
	// type), ProfileProperties and PostcodeAreaStatistics (property type).
	TypesAgg = "types"
	// BandsAgg is the terms aggregation by council tax band of
	// ProfileProperties and PostcodeAreaStatistics.
	BandsAgg = "bands"
)

// ProfileSales is the sold-price summary of one postcode: median (TDigest
// percentile) and count of sales with from <= sold_let_date < to.
func ProfileSales(postcode, from, to string) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query": Bool(nil, []M{
			Term(mappings.SaleFieldPostcode, postcode),
			Term(mappings.SaleFieldIsComplete, true),
			Range(mappings.SaleFieldSoldDate, M{"gte": from, "lt": to}),
		}, nil, nil),
		"aggs": M{
			MedianAgg: medianAgg(mappings.SaleFieldPrice),
		},
	}
}

// ProfileSchools counts open schools within radiusM of p by Ofsted rating.
func ProfileSchools(p GeoPoint, radiusM float64) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query": Bool(nil, []M{
			GeoDistance(mappings.SchoolFieldLocation, p, radiusM),
		}, nil, []M{Term(mappings.SchoolFieldStatus, "Closed")}),
		"aggs": M{
			ProfileOfstedAgg: M{"terms": M{"field": mappings.SchoolFieldOfstedRating, "size": 10, "missing": "Not inspected"}},
		},
	}
}

// ProfileTransport counts transport amenities within radiusM of p by type.
func ProfileTransport(p GeoPoint, radiusM float64) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query": Bool(nil, []M{
			Term(mappings.AmenityFieldGroup, "transport"),
			GeoDistance(mappings.AmenityFieldLocation, p, radiusM),
		}, nil, nil),
		"aggs": M{
			TypesAgg: M{"terms": M{"field": mappings.AmenityFieldType, "size": 50}},
		},
	}
}

// GroupLoaded tells whether any amenity of a group is loaded at all (the
// amenities index is shared by several sources: NHS ODS for health,
// NaPTAN for transport), stopping at the first match.
func GroupLoaded(group string) M {
	return M{
		"size":             0,
		"track_total_hits": 1,
		"terminate_after":  1,
		"query":            Bool(nil, []M{Term(mappings.AmenityFieldGroup, group)}, nil, nil),
	}
}

// ProfileProperties breaks down the properties of a postcode by type and
// council tax band.
func ProfileProperties(postcode string) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term(mappings.PropertyFieldPostcode, postcode)}, nil, nil),
		"aggs": M{
			TypesAgg: M{"terms": M{"field": mappings.PropertyFieldPropertyType, "size": 20}},
			BandsAgg: M{"terms": M{"field": mappings.PropertyFieldCouncilTaxBand, "size": 10}},
		},
	}
}

// LatestCouncilTax reads the newest charge schedule of a billing authority.
func LatestCouncilTax(ladCode string) M {
	return M{
		"size":  1,
		"query": Bool(nil, []M{Term(mappings.CouncilTaxChargeFieldLADCode, ladCode)}, nil, nil),
		"sort":  []M{{mappings.CouncilTaxChargeFieldYear: "desc"}},
	}
}

// HPITrend reads the months of a region's index with from <= month < to,
// oldest first.
func HPITrend(region, from, to string, size int) M {
	return M{
		"size": size,
		"query": Bool(nil, []M{
			Term(mappings.HPIFieldRegion, region),
			Range(mappings.HPIFieldMonth, M{"gte": from, "lt": to}),
		}, nil, nil),
		"sort": []M{{mappings.HPIFieldMonth: "asc"}},
	}
}

// medianAgg is a 50th percentile with a high TDigest compression so that
// small samples (an outcode's year of sales) come out exact or near exact.
func medianAgg(field string) M {
	return M{"percentiles": M{
		"field":    field,
		"percents": []float64{50},
		"tdigest":  M{"compression": 1000},
		"keyed":    false,
	}}
}
