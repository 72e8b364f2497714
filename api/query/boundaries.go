package query

import "github.com/ukpd/propertyapi/mappings"

// BoundaryAutocomplete is the boundaries/autocomplete typeahead.
type BoundaryAutocomplete struct {
	Text  string
	Types []string // "" = every type
	Size  int
}

// Body builds the request: a bool_prefix multi_match over the
// search_as_you_type field and its shingles (every word must match, the last
// as a prefix), whole-word matches boosted, then broader areas (lower
// admin_level) first. The geometry is never fetched.
func (q BoundaryAutocomplete) Body() M {
	var filter []M
	if len(q.Types) > 0 {
		filter = append(filter, Terms(mappings.BoundaryFieldType, q.Types))
	}
	must := []M{{"multi_match": M{
		"query":    q.Text,
		"type":     "bool_prefix",
		"operator": "and",
		"fields":   []string{mappings.BoundaryFieldNameSuggest, mappings.BoundaryFieldNameSuggest2gram, mappings.BoundaryFieldNameSuggest3gram},
	}}}
	should := []M{{"match": M{mappings.BoundaryFieldNameSuggest: M{"query": q.Text, "operator": "and", "boost": 2}}}}
	return M{
		"query": Bool(must, filter, should, nil),
		"sort": []M{
			{"_score": M{"order": "desc"}},
			{mappings.BoundaryFieldAdminLevel: M{"order": "asc"}},
			{mappings.BoundaryFieldName: M{"order": "asc"}},
		},
		"size":    q.Size,
		"_source": M{"includes": []string{mappings.BoundaryFieldID, mappings.BoundaryFieldName, mappings.BoundaryFieldDisplayName, mappings.BoundaryFieldAdminLevel, mappings.BoundaryFieldType, mappings.BoundaryFieldCode}},
	}
}

// BoundaryPlaces is boundaries/places: the named points (places and
// streets, which carry a centroid) inside a map view.
type BoundaryPlaces struct {
	BBox  BBox
	Types []string // the point types asked for (never empty)
	Size  int
}

// Body builds the request: the types asked for whose centroid is in the
// view, broader places first (towns, then localities, then streets), then
// by id, a stable order with no bias to a corner of the view or to the
// alphabet. Polygons are never fetched.
func (q BoundaryPlaces) Body() M {
	return M{
		"query": Bool(nil, []M{
			Terms(mappings.BoundaryFieldType, q.Types),
			GeoBoundingBox(mappings.BoundaryFieldCentroid, q.BBox),
		}, nil, nil),
		"sort": []M{
			{mappings.BoundaryFieldAdminLevel: M{"order": "asc"}},
			{mappings.BoundaryFieldID: M{"order": "asc"}},
		},
		"size":             q.Size,
		"track_total_hits": false,
		"_source": M{"includes": []string{mappings.BoundaryFieldID, mappings.BoundaryFieldName, mappings.BoundaryFieldType,
			mappings.BoundaryFieldAdminLevel, mappings.BoundaryFieldCentroid, mappings.BoundaryFieldAttribution}},
	}
}
