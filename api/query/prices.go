package query

import "github.com/ukpd/propertyapi/mappings"

// Prices by outcode: sold-price histograms, year-on-year growth and monthly
// asking-price medians.

// Aggregation names of the price builders (the median of each is MedianAgg).
const (
	// PricePeriodAgg is PriceDistribution's filter on the period asked for.
	PricePeriodAgg = "period"
	// PriceBinsAgg is the price histogram inside PricePeriodAgg.
	PriceBinsAgg = "bins"
	// PriceCurrentAgg and PricePriorAgg are PriceGrowth's two periods.
	PriceCurrentAgg = "current"
	PricePriorAgg   = "prior"
	// PriceWindowAgg is PriceTrends' filter on the twelve months.
	PriceWindowAgg = "window"
	// PriceMonthsAgg is the monthly date histogram inside PriceWindowAgg.
	PriceMonthsAgg = "months"
)

// PriceDistribution counts an outcode's completed sales with from <= sold_let_date < to
// in price bins of width binWidth (GBP). hits.total counts every sale of the
// outcode ever, so the caller can tell an unknown outcode (0) from a quiet
// period.
func PriceDistribution(outcode, from, to string, binWidth int64) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term(mappings.SaleFieldOutcode, outcode), Term(mappings.SaleFieldIsComplete, true)}, nil, nil),
		"aggs": M{
			PricePeriodAgg: M{
				"filter": Range(mappings.SaleFieldSoldDate, M{"gte": from, "lt": to}),
				"aggs": M{
					PriceBinsAgg: M{"histogram": M{"field": mappings.SaleFieldPrice, "interval": binWidth, "min_doc_count": 1}},
					MedianAgg:    medianAgg(mappings.SaleFieldPrice),
				},
			},
		},
	}
}

// Period is a half-open date range [From, To) in YYYY-MM-DD.
type Period struct{ From, To string }

// PriceGrowth reads the median and count of an outcode's completed sales in two
// periods (current and prior) in one request; hits.total counts every sale
// of the outcode.
func PriceGrowth(outcode string, current, prior Period) M {
	period := func(p Period) M {
		return M{
			"filter": Range(mappings.SaleFieldSoldDate, M{"gte": p.From, "lt": p.To}),
			"aggs":   M{MedianAgg: medianAgg(mappings.SaleFieldPrice)},
		}
	}
	return M{
		"size":             0,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term(mappings.SaleFieldOutcode, outcode), Term(mappings.SaleFieldIsComplete, true)}, nil, nil),
		"aggs": M{
			PriceCurrentAgg: period(current),
			PricePriorAgg:   period(prior),
		},
	}
}

// PriceTrends buckets an outcode's sale listings by the month they were
// added (from <= added_date < to, every month present even when empty) with
// the median asking price of each month. hits.total counts every sale
// listing of the outcode.
func PriceTrends(outcode, from, to, lastMonth string) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query": Bool(nil, []M{
			Term(mappings.ListingFieldOutcode, outcode),
			Term(mappings.ListingFieldTransactionType, "Sale"),
			Range(mappings.ListingFieldLatestPrice, M{"gt": 0}), // price on application has no price
		}, nil, nil),
		"aggs": M{
			PriceWindowAgg: M{
				"filter": Range(mappings.ListingFieldAddedDate, M{"gte": from, "lt": to}),
				"aggs": M{
					PriceMonthsAgg: M{
						"date_histogram": M{
							"field":             mappings.ListingFieldAddedDate,
							"calendar_interval": "month",
							"format":            "yyyy-MM",
							"min_doc_count":     0,
							"extended_bounds":   M{"min": from[:7], "max": lastMonth},
						},
						"aggs": M{MedianAgg: medianAgg(mappings.ListingFieldLatestPrice)},
					},
				},
			},
		},
	}
}
