package query

import "github.com/ukpd/propertyapi/mappings"

// Bucket caps of the nearby aggregations and the closed school status.
const (
	maxTermsBuckets  = 100
	maxGroupsBuckets = 30
	maxGradeBuckets  = 10
	maxOfstedBuckets = 10
	schoolClosed     = "Closed"
)

// nearby is the shape every radius search shares: points within RadiusM of
// Center, nearest first (the engine sorts by arc distance and returns it in
// metres as the first sort value), an id tie-break, exact totals.
func nearby(location string, center GeoPoint, radiusM float64, filter, mustNot []M, tieBreak string, size int) M {
	f := append([]M{GeoDistance(location, center, radiusM)}, filter...)
	return M{
		"query":            Bool(nil, f, nil, mustNot),
		"sort":             []M{GeoDistanceSort(location, center), {tieBreak: M{"order": "asc"}}},
		"size":             size,
		"track_total_hits": true,
	}
}

// SchoolsNearby is the schools/nearby search.
type SchoolsNearby struct {
	Center  GeoPoint
	RadiusM float64
	Phase   string // "" = any
	Ofsted  string // "" = any
	Limit   int
}

// Body builds the request. Closed schools are left out. The phase filter
// narrows the query; the ofsted filter is a post_filter so ofsted_summary
// counts every rating in the radius (for the phase), while hits and their
// total honour it.
func (q SchoolsNearby) Body() M {
	var filter []M
	if q.Phase != "" {
		filter = append(filter, Term(mappings.SchoolFieldPhase, q.Phase))
	}
	b := nearby(mappings.SchoolFieldLocation, q.Center, q.RadiusM, filter, []M{Term(mappings.SchoolFieldStatus, schoolClosed)}, mappings.SchoolFieldURN, q.Limit)
	if q.Ofsted != "" {
		b["post_filter"] = Term(mappings.SchoolFieldOfstedRating, q.Ofsted)
	}
	b["aggs"] = M{
		SchoolsOfstedAgg:       M{"terms": M{"field": mappings.SchoolFieldOfstedRating, "size": maxOfstedBuckets}},
		SchoolsNotInspectedAgg: M{"missing": M{"field": mappings.SchoolFieldOfstedRating}},
	}
	return b
}

// Aggregation names of the nearby searches.
const (
	SchoolsOfstedAgg       = "ofsted_summary" // SchoolsNearby: terms by Ofsted rating
	SchoolsNotInspectedAgg = "not_inspected"  // SchoolsNearby: schools without a rating
	AmenityTypeCountsAgg   = "type_counts"    // AmenitiesNearby: terms by type
	AmenityGroupCountsAgg  = "group_counts"   // AmenitiesNearby: terms by group
	ListedGradeCountsAgg   = "grade_counts"   // ListedBuildingsNearby: terms by grade
)

// AmenitiesNearby is the amenity search behind amenities/nearby and the
// catalogue (amenities/, healthcare/, fuel-stations/).
type AmenitiesNearby struct {
	Center  GeoPoint
	RadiusM float64
	Types   []string // any of these types ("" = any)
	Groups  []string // any of these groups ("" = any)
	Limit   int
}

// Body builds the request: open amenities (status not Closed, Dormant or
// Proposed; documents without a status count as open) of the types and
// groups asked for, with counts by type and group over the whole radius.
func (q AmenitiesNearby) Body() M {
	var filter []M
	if len(q.Types) > 0 {
		filter = append(filter, Terms(mappings.AmenityFieldType, q.Types))
	}
	if len(q.Groups) > 0 {
		filter = append(filter, Terms(mappings.AmenityFieldGroup, q.Groups))
	}
	closed := []string{"Closed", "Dormant", "Proposed"}
	b := nearby(mappings.AmenityFieldLocation, q.Center, q.RadiusM, filter, []M{Terms(mappings.AmenityFieldStatus, closed)}, mappings.AmenityFieldID, q.Limit)
	b["aggs"] = M{
		AmenityTypeCountsAgg:  M{"terms": M{"field": mappings.AmenityFieldType, "size": maxTermsBuckets}},
		AmenityGroupCountsAgg: M{"terms": M{"field": mappings.AmenityFieldGroup, "size": maxGroupsBuckets}},
	}
	return b
}
