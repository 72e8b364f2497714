// Package query builds OpenSearch query DSL from typed, validated inputs. It
// is pure (no I/O): every builder returns a value that encoding/json turns
// into the request body, and golden-file tests (testdata/*.golden.json,
// refreshed with go test ./api/query -update) pin the DSL each variant emits.
// User text only ever lands in match/term values, never in query_string.
package query

import "github.com/ukpd/propertyapi/mappings"

// M is a JSON object in a query body.
type M = map[string]any

// GeoPoint is a point for geo queries ({"lat":..,"lon":..}): the stored
// point type itself, so a document's point goes into a query unconverted.
type GeoPoint = mappings.GeoPoint

// Term is {"term": {field: value}}.
func Term(field string, value any) M { return M{"term": M{field: value}} }

// Terms is {"terms": {field: values}}.
func Terms(field string, values any) M { return M{"terms": M{field: values}} }

// Range is {"range": {field: {op: v, ...}}} with only the bounds given.
func Range(field string, bounds M) M { return M{"range": M{field: bounds}} }

// DateRange is a range of YYYY-MM-DD dates with only the bounds given
// (from inclusive, to inclusive); ok is false when neither is.
func DateRange(field, from, to string) (M, bool) {
	if from == "" && to == "" {
		return nil, false
	}
	b := M{"format": "yyyy-MM-dd"}
	if from != "" {
		b["gte"] = from
	}
	if to != "" {
		b["lte"] = to
	}
	return Range(field, b), true
}

// GeoDistance filters points within meters of a centre.
func GeoDistance(field string, p GeoPoint, meters float64) M {
	return M{"geo_distance": M{"distance": fmtMeters(meters), field: p}}
}

// GeoDistanceSort sorts nearest first and returns distance in meters.
func GeoDistanceSort(field string, p GeoPoint) M {
	return M{"_geo_distance": M{field: p, "order": "asc", "unit": "m", "distance_type": "arc"}}
}

// Bool builds a bool query, leaving out empty clauses.
func Bool(must, filter, should, mustNot []M) M {
	b := M{}
	if len(must) > 0 {
		b["must"] = must
	}
	if len(filter) > 0 {
		b["filter"] = filter
	}
	if len(should) > 0 {
		b["should"] = should
	}
	if len(mustNot) > 0 {
		b["must_not"] = mustNot
	}
	return M{"bool": b}
}
