package query

import "github.com/ukpd/propertyapi/mappings"

// Listed-building builders (spec 4.4).

// ListedBuildingsNearby is the listed-buildings search.
type ListedBuildingsNearby struct {
	Center  GeoPoint
	RadiusM float64
	Grade   string // "" = any
	Limit   int
}

// Body builds the request with counts by grade over the radius (ignoring
// the grade filter, which is a post_filter).
func (q ListedBuildingsNearby) Body() M {
	b := nearby(mappings.ListedBuildingFieldLocation, q.Center, q.RadiusM, nil, nil, mappings.ListedBuildingFieldListEntry, q.Limit)
	if q.Grade != "" {
		b["post_filter"] = Term(mappings.ListedBuildingFieldGrade, q.Grade)
	}
	b["aggs"] = M{ListedGradeCountsAgg: M{"terms": M{"field": mappings.ListedBuildingFieldGrade, "size": maxGradeBuckets}}}
	return b
}
