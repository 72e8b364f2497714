package query

import "github.com/ukpd/propertyapi/mappings"

// PlanningSearch is the planning/search query: applications received on or
// after Since within RadiusM of Center, newest first, then nearest.
type PlanningSearch struct {
	Center   GeoPoint
	RadiusM  float64
	Since    string // YYYY-MM-DD
	Type     string // "" = any
	Decision string // "" = any
	From     int
	Size     int
}

// Body builds the request. The second sort value is the distance in metres.
func (q PlanningSearch) Body() M {
	filter := []M{
		GeoDistance(mappings.PlanningFieldLocation, q.Center, q.RadiusM),
		Range(mappings.PlanningFieldDateReceived, M{"gte": q.Since, "format": "yyyy-MM-dd"}),
	}
	if q.Type != "" {
		filter = append(filter, Term(mappings.PlanningFieldType, q.Type))
	}
	if q.Decision != "" {
		filter = append(filter, Term(mappings.PlanningFieldDecision, q.Decision))
	}
	return M{
		"query": Bool(nil, filter, nil, nil),
		"sort": []M{
			{mappings.PlanningFieldDateReceived: M{"order": "desc"}},
			GeoDistanceSort(mappings.PlanningFieldLocation, q.Center),
			{mappings.PlanningFieldReference: M{"order": "asc"}},
		},
		"from":             q.From,
		"size":             q.Size,
		"track_total_hits": true,
	}
}
