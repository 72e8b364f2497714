package query

import "github.com/ukpd/propertyapi/mappings"

// Crime builders (spec 4.4): recent crime near a point.

// maxCrimeCategory caps the category buckets.
const maxCrimeCategory = 50

// Aggregation names of the crime builders.
const (
	CrimeLatestAgg     = "latest"      // CrimeLatestMonth: max of month
	CrimeByCategoryAgg = "by_category" // CrimeSearch: terms by category (also inside each month)
	CrimeByMonthAgg    = "by_month"    // CrimeSearch: date histogram by month
)

// CrimeLatestMonth finds the newest month with recorded crime near a point
// (police data lags by a couple of months, so "recent" counts back from it).
func CrimeLatestMonth(center GeoPoint, radiusM float64) M {
	return M{
		"query": Bool(nil, []M{GeoDistance(mappings.CrimeFieldLocation, center, radiusM)}, nil, nil),
		"size":  0,
		"aggs":  M{CrimeLatestAgg: M{"max": M{"field": mappings.CrimeFieldMonth, "format": "yyyy-MM-dd"}}},
	}
}

// CrimeSearch is the crime query: crimes in months From..(latest) within
// RadiusM, counted by category and by month (with categories), and the
// Limit nearest.
type CrimeSearch struct {
	Center  GeoPoint
	RadiusM float64
	From    string // first month, YYYY-MM-01
	To      string // last month, YYYY-MM-01
	Limit   int
	// Category, when set, keeps one crime category (police.uk slug).
	Category string
}

// Body builds the request; by_month has a bucket for every month of the
// period, empty ones included. From and To must be YYYY-MM-DD.
func (q CrimeSearch) Body() M {
	filter := []M{Range(mappings.CrimeFieldMonth, M{"gte": q.From, "lte": q.To, "format": "yyyy-MM-dd"})}
	if q.Category != "" {
		filter = append(filter, Term(mappings.CrimeFieldCategory, q.Category))
	}
	b := nearby(mappings.CrimeFieldLocation, q.Center, q.RadiusM, filter, nil, mappings.CrimeFieldID, q.Limit)
	b["aggs"] = M{
		CrimeByCategoryAgg: M{"terms": M{"field": mappings.CrimeFieldCategory, "size": maxCrimeCategory}},
		CrimeByMonthAgg: M{
			"date_histogram": M{"field": mappings.CrimeFieldMonth, "calendar_interval": "month", "format": "yyyy-MM", "min_doc_count": 0,
				"extended_bounds": M{"min": q.From[:7], "max": q.To[:7]}},
			"aggs": M{CrimeByCategoryAgg: M{"terms": M{"field": mappings.CrimeFieldCategory, "size": maxCrimeCategory}}},
		},
	}
	return b
}
