package api

// Listed buildings near a postcode (spec 4.4).

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Listed-building bounds (documented in docs/nearby.md).
const (
	listedRadiusKmDefault = 0.5
	listedRadiusKmMin     = 0.1
	listedRadiusKmMax     = 5.0
	listedLimitDefault    = 20
	listedLimitMax        = 100
)

type listedQuery struct {
	Postcode string  `json:"postcode"`
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	RadiusKm float64 `json:"radius_km"`
	Grade    *string `json:"grade"`
	Limit    int     `json:"limit"`
}

type listedItem struct {
	ListEntry  int64   `json:"list_entry"`
	Name       string  `json:"name"`
	Grade      string  `json:"grade"`
	ListDate   *string `json:"list_date"`
	UPRN       *int64  `json:"uprn"`
	URL        *string `json:"url"`
	Location   *latLng `json:"location"`
	DistanceM  int64   `json:"distance_m"`
	DistanceKm float64 `json:"distance_km"`
}

type listedResponse struct {
	Query         listedQuery      `json:"query"`
	Count         int              `json:"count"`
	TotalInRadius int64            `json:"total_in_radius"`
	GradeCounts   map[string]int64 `json:"grade_counts"`
	Buildings     []listedItem     `json:"listed_buildings"`
	Metadata      nearbyMetadata   `json:"metadata"`
}

func (s *Server) listedBuildings(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius_km", listedRadiusKmDefault, listedRadiusKmMin, listedRadiusKmMax)
	limit := p.Int("limit", listedLimitDefault, 1, listedLimitMax)
	grade := p.Enum("grade", "", "I", "II*", "II")
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	pt, err := s.postcodePoint(r.Context(), pc)
	if err != nil {
		return err
	}
	q := query.ListedBuildingsNearby{Center: pt, RadiusM: radius * 1000, Grade: grade, Limit: limit}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexListedBuildings), q.Body())
	if err != nil {
		return fmt.Errorf("listed buildings: %w", err)
	}
	var aggs struct{ Grades termsBuckets }
	if err := decodeAggs(res.Aggregations, map[string]any{query.ListedGradeCountsAgg: &aggs.Grades}); err != nil {
		return fmt.Errorf("listed buildings: %w", err)
	}
	out := listedResponse{
		Query:         listedQuery{Postcode: pc.Display(), Lat: pt.Lat, Lng: pt.Lon, RadiusKm: radius, Grade: nullIfZero(grade), Limit: limit},
		TotalInRadius: res.Hits.Total.Value,
		GradeCounts:   map[string]int64{"I": 0, "II*": 0, "II": 0},
		Buildings:     []listedItem{},
		Metadata: nearbyMetadata{
			Source:   s.sourceLabel(r.Context(), mappings.IndexListedBuildings, "Historic England, National Heritage List for England (Open Government Licence v3.0)"),
			Coverage: "England",
			Note:     straightLineNote + " grade_counts cover the whole radius whatever the grade filter.",
		},
	}
	for k, v := range aggs.Grades.counts() {
		out.GradeCounts[k] = v
	}
	for _, h := range res.Hits.Hits {
		var d mappings.ListedBuilding
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode listed building %s: %w", h.ID, err)
		}
		m, err := distanceOf(h)
		if err != nil {
			return fmt.Errorf("listed buildings: %w", err)
		}
		out.Buildings = append(out.Buildings, listedItem{ListEntry: d.ListEntry, Name: d.Name, Grade: d.Grade,
			ListDate: nullIfZero(d.ListDate), UPRN: nullIfZero(d.UPRN), URL: nullIfZero(d.URL), Location: toLatLng(d.Location),
			DistanceM: int64(math.Round(m)), DistanceKm: roundTo(m/1000, 2)})
	}
	out.Count = len(out.Buildings)
	return writeJSON(w, http.StatusOK, out)
}
