package query

import "github.com/ukpd/propertyapi/mappings"

// Listings export builder (spec 4.5): one query, read page by page over a
// point in time with search_after.

// ExportSpec is a validated export filter. Exactly one geographic scope is
// set by the caller: Outcode, Point (with RadiusMeters) or BoundaryID.
type ExportSpec struct {
	Outcode       string
	Point         *GeoPoint
	RadiusMeters  float64
	BoundaryAlias string // the boundaries alias holding the shape
	BoundaryID    string
	MinPrice      *int64
	MaxPrice      *int64
	PropertyTypes []string
	BedroomsMin   *int
	BedroomsMax   *int
	Transaction   string
	AddedBefore   string // min_dom: added on or before this day (YYYY-MM-DD)
	ListedSince   string // added on or after (YYYY-MM-DD)
	IsNewBuild    *bool
}

// ExportQuery is the filter of live listings for an export.
func ExportQuery(s ExportSpec) M {
	filter := []M{Term(mappings.ListingFieldIsLive, true)}
	switch {
	case s.Outcode != "":
		filter = append(filter, Term(mappings.ListingFieldOutcode, s.Outcode))
	case s.Point != nil:
		filter = append(filter, GeoDistance(mappings.ListingFieldLocation, *s.Point, s.RadiusMeters))
	case s.BoundaryID != "":
		filter = append(filter, M{"geo_shape": M{mappings.ListingFieldLocation: M{
			"indexed_shape": M{"index": s.BoundaryAlias, "id": s.BoundaryID, "path": mappings.BoundaryFieldGeometry},
			"relation":      "intersects",
		}}})
	}
	if s.MinPrice != nil || s.MaxPrice != nil {
		b := M{}
		if s.MinPrice != nil {
			b["gte"] = *s.MinPrice
		}
		if s.MaxPrice != nil {
			b["lte"] = *s.MaxPrice
		}
		filter = append(filter, Range(mappings.ListingFieldLatestPrice, b))
	}
	if len(s.PropertyTypes) > 0 {
		filter = append(filter, Terms(mappings.ListingFieldPropertyType, s.PropertyTypes))
	}
	if s.BedroomsMin != nil || s.BedroomsMax != nil {
		b := M{}
		if s.BedroomsMin != nil {
			b["gte"] = *s.BedroomsMin
		}
		if s.BedroomsMax != nil {
			b["lte"] = *s.BedroomsMax
		}
		filter = append(filter, Range(mappings.ListingFieldBedrooms, b))
	}
	if s.Transaction != "" {
		filter = append(filter, Term(mappings.ListingFieldTransactionType, s.Transaction))
	}
	if r, ok := DateRange(mappings.ListingFieldAddedDate, s.ListedSince, s.AddedBefore); ok {
		filter = append(filter, r)
	}
	if s.IsNewBuild != nil {
		filter = append(filter, Term(mappings.ListingFieldIsNewBuild, *s.IsNewBuild))
	}
	return Bool(nil, filter, nil, nil)
}

// ExportSort is the stable order of an export: newest first, id breaking ties.
func ExportSort() []M {
	return []M{{mappings.ListingFieldAddedDate: "desc"}, {mappings.ListingFieldID: "asc"}}
}

// ExportPage is one page of an export over a point in time. searchAfter is
// the sort of the last hit of the previous page (nil for the first page);
// from skips rows on the first page only. source lists the fields read
// (nil: none, for skipping).
func ExportPage(q M, pitID, keepAlive string, size, from int, searchAfter []any, source []string) M {
	body := M{
		"query":            q,
		"size":             size,
		"sort":             ExportSort(),
		"pit":              M{"id": pitID, "keep_alive": keepAlive},
		"track_total_hits": false,
	}
	if source == nil {
		body["_source"] = false
	} else {
		body["_source"] = source
	}
	if searchAfter != nil {
		body["search_after"] = searchAfter
	} else if from > 0 {
		body["from"] = from
	}
	return body
}
