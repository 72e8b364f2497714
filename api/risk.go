package api

// Environmental risks (risks/{risk_type}) and flood risk (flood-risk).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// riskLayer describes one risk type: the sub-types always reported (others
// found in the data are added) and the unit of its score.
type riskLayer struct {
	Name      string
	SubTypes  []string
	ScoreUnit string
	Title     string // human name used in descriptions
}

// riskLayers lists the risk types of risks/{risk_type}, in response order.
func riskLayers() []riskLayer {
	return []riskLayer{
		{"flood", []string{"rivers_and_sea", "surface_water"}, "band", "flood risk"},
		{"radon", []string{"radon"}, "band", "radon potential"},
		{"noise", []string{"road_noise", "rail_noise"}, "dB", "environmental noise"},
		{"landfill", []string{"landfill"}, "band", "historic and active landfill"},
		{"coal_mining", []string{"coal_mining"}, "band", "coal mining"},
		{"non_coal_mining", []string{"non_coal_mining"}, "band", "non-coal mining (metalliferous, chalk, gypsum, ironstone and other workings)"},
		{"invasive_plants", []string{"japanese_knotweed"}, "band", "invasive plants"},
		{"air_quality_today", []string{"air_quality"}, "index", "air quality"},
	}
}

func riskLayerNames() []string {
	var out []string
	for _, l := range riskLayers() {
		out = append(out, l.Name)
	}
	return out
}

// riskDistanceMethod explains distance_m in every risk response.
const riskDistanceMethod = "straight-line metres from the property point to the nearest edge of the hazard polygon " +
	"(local equirectangular projection; under 0.1% error within 5 km); 0 inside"

// Risk search bounds.
const (
	riskRadiusDefaultM = 500
	riskRadiusMaxM     = 5000
	riskMaxPolygons    = 500
)

// Labels of results that carry no band.
const (
	labelNotAssessed  = "Not assessed"
	labelNoneNearby   = "None identified"
	floodBaselineBand = "Very low"
)

type riskLocation struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

type riskProps struct {
	Description string  `json:"description"`
	Name        *string `json:"name"`   // null when the data names none
	Source      *string `json:"source"` // null when the data gives none
}

type riskNearest struct {
	Label     string  `json:"label"`
	Score     int     `json:"score"`
	DistanceM float64 `json:"distance_m"`
}

// riskResult is one result of spec 2.4, plus the coverage flag.
type riskResult struct {
	RiskType          string       `json:"risk_type"` // the sub-type
	Layer             string       `json:"layer"`     // the risk type it belongs to
	Assessed          bool         `json:"assessed"`  // false: the layer does not cover this location
	Label             string       `json:"label"`
	Score             *int         `json:"score"`
	ScoreUnit         string       `json:"score_unit"`
	Intersects        bool         `json:"intersects"`
	IntersectsVia     *string      `json:"intersects_via"` // point, title, point_and_title; null when it does not intersect
	DistanceM         *float64     `json:"distance_m"`     // nearest hazard within the radius; null when none
	RadiusDescription string       `json:"radius_description"`
	Nearest           *riskNearest `json:"nearest"` // the nearest hazard when the property is outside every one; else null
	Properties        riskProps    `json:"properties"`
}

type riskResponse struct {
	RiskType        string       `json:"risk_type"`
	UPRN            int64        `json:"uprn"`
	Location        riskLocation `json:"location"`
	TitleNo         string       `json:"title_no,omitempty"`
	TitleChecked    bool         `json:"title_polygon_checked"`
	SearchRadiusM   int          `json:"search_radius_m"`
	DistanceMethod  string       `json:"distance_method"`
	Results         []riskResult `json:"results"`
	UnassessedCount int          `json:"not_assessed_count"`
	// Coverage (risks/all only) says why results are not assessed when
	// the risk dataset is not loaded on this server.
	Coverage []coverageEntry `json:"coverage"`
}

// riskHit is a decoded risk polygon with what the engine matched.
type riskHit struct {
	doc       mappings.RiskArea
	atPoint   bool
	inTitle   bool
	distanceM float64
	hasDist   bool
}

// riskAssessment is the outcome of one lookup.
type riskAssessment struct {
	prop         *mappings.Property
	titleChecked bool
	results      []riskResult
	// missing is the risk_areas index name when it is not loaded: every
	// result is then "Not assessed".
	missing string
}

// assessRisks reads the property, its title polygon (when it has one) and,
// in one search, every hazard and coverage polygon of the requested layers
// within radiusM; then decides per sub-type.
func (s *Server) assessRisks(ctx context.Context, uprn int64, layers []riskLayer, radiusM int) (*riskAssessment, error) {
	prop, _, err := s.uprnRecord(ctx, uprn) // a building's risks are its own
	if err != nil {
		return nil, err
	}
	if prop.Location == nil {
		return nil, Errorf(http.StatusNotFound, "no_geopoint", "UPRN %d has no location", uprn)
	}
	pt := *prop.Location
	var title *query.Shape
	if prop.TitleNo != "" {
		src, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexTitles), prop.TitleNo)
		if errors.Is(err, search.ErrIndexMissing) {
			found, err = false, nil // titles not loaded: assess from the point
		}
		if err != nil {
			return nil, fmt.Errorf("get title %s: %w", prop.TitleNo, err)
		}
		if found {
			var t mappings.Title
			if err := json.Unmarshal(src, &t); err != nil {
				return nil, fmt.Errorf("decode title %s: %w", prop.TitleNo, err)
			}
			if t.Geometry != nil && len(t.Geometry.Coordinates) > 0 {
				title = &query.Shape{Type: t.Geometry.Type, Coordinates: t.Geometry.Coordinates}
			}
		}
	}
	names := make([]string, len(layers))
	for i, l := range layers {
		names[i] = l.Name
	}
	q := query.RiskLayers{
		RiskTypes: names, Point: pt, Title: title,
		RadiusM: float64(radiusM), Size: riskMaxPolygons,
	}
	idx := s.idx.Name(mappings.IndexRiskAreas)
	items := func() []search.MultiItem {
		return []search.MultiItem{{Index: idx, Body: q.Hazards(), AllowMissing: true}, {Index: idx, Body: q.Coverage(), AllowMissing: true}}
	}
	res, err := s.backend.MSearch(ctx, items())
	var ee *search.EngineError
	if err != nil && title != nil && errors.As(err, &ee) {
		// The engine refused the title polygon (e.g. self-intersecting):
		// assess from the point alone rather than fail.
		zerolog.Ctx(ctx).Warn().Str("title_no", prop.TitleNo).Str("reason", ee.Reason).Msg("risk query without title polygon")
		q.Title, title = nil, nil
		res, err = s.backend.MSearch(ctx, items())
	}
	if err != nil {
		return nil, fmt.Errorf("search risk areas of UPRN %d: %w", uprn, err)
	}
	a := &riskAssessment{prop: prop, titleChecked: title != nil}
	var hits []riskHit
	if res[0].Missing != "" || res[1].Missing != "" {
		a.missing = idx // nothing assessed: no polygon, no coverage
	} else if hits, err = decodeRiskHits(res[0], res[1], pt); err != nil {
		return nil, err
	}
	for _, l := range layers {
		a.results = append(a.results, decideLayer(l, hits, radiusM)...)
	}
	return a, nil
}

// decodeRiskHits decodes hazard polygons (with their matched named queries
// and the distance from pt) and the coverage polygons, which all contain pt.
func decodeRiskHits(hazards, coverage *search.Response, pt mappings.GeoPoint) ([]riskHit, error) {
	var hits []riskHit
	for _, h := range coverage.Hits.Hits {
		rh := riskHit{atPoint: true}
		if err := json.Unmarshal(h.Source, &rh.doc); err != nil {
			return nil, fmt.Errorf("decode risk coverage %s: %w", h.ID, err)
		}
		rh.doc.Kind = "coverage"
		hits = append(hits, rh)
	}
	for _, h := range hazards.Hits.Hits {
		var rh riskHit
		if err := json.Unmarshal(h.Source, &rh.doc); err != nil {
			return nil, fmt.Errorf("decode risk area %s: %w", h.ID, err)
		}
		for _, m := range h.MatchedQueries {
			switch m {
			case query.MatchedPoint:
				rh.atPoint = true
			case query.MatchedTitle:
				rh.inTitle = true
			}
		}
		if rh.doc.Kind != "coverage" {
			d, ok, err := distanceToPolygonM(pt, rh.doc.Geometry)
			if err != nil {
				return nil, fmt.Errorf("risk area %s: %w", h.ID, err)
			}
			if rh.atPoint {
				d, ok = 0, true
			}
			rh.distanceM, rh.hasDist = d, ok
		}
		hits = append(hits, rh)
	}
	return hits, nil
}

// decideLayer turns the polygons of one layer into one result per sub-type.
func decideLayer(l riskLayer, hits []riskHit, radiusM int) []riskResult {
	covered := map[string]bool{} // sub-type ("" = whole layer) → covered
	subs := append([]string(nil), l.SubTypes...)
	seen := map[string]bool{}
	for _, st := range subs {
		seen[st] = true
	}
	for i := range hits {
		h := &hits[i]
		if h.doc.RiskType != l.Name {
			continue
		}
		if h.doc.Kind == "coverage" {
			if h.atPoint {
				covered[h.doc.SubType] = true
			}
			continue
		}
		if h.doc.SubType == "" {
			h.doc.SubType = l.SubTypes[0] // a hazard without sub-type belongs to the layer's main one
		}
		if !seen[h.doc.SubType] {
			seen[h.doc.SubType] = true
			subs = append(subs, h.doc.SubType)
		}
	}
	radiusDesc := fmt.Sprintf("hazard areas within %d m of the property", radiusM)
	var out []riskResult
	for _, st := range subs {
		r := riskResult{RiskType: st, Layer: l.Name, ScoreUnit: l.ScoreUnit, RadiusDescription: radiusDesc}
		if !covered[""] && !covered[st] {
			r.Label = labelNotAssessed
			r.Properties.Description = fmt.Sprintf("This location is outside the area covered by the %s data for %s; it has not been assessed, which is not the same as no risk.", l.Title, strings.ReplaceAll(st, "_", " "))
			out = append(out, r)
			continue
		}
		r.Assessed = true
		var worst, nearest *riskHit
		for i := range hits {
			h := &hits[i]
			if h.doc.RiskType != l.Name || h.doc.Kind == "coverage" || h.doc.SubType != st {
				continue
			}
			if h.atPoint || h.inTitle {
				if worst == nil || h.doc.Score > worst.doc.Score {
					worst = h
				}
			} else if h.hasDist && h.distanceM <= float64(radiusM) && (nearest == nil || h.distanceM < nearest.distanceM) {
				nearest = h
			}
		}
		switch {
		case worst != nil:
			sc := worst.doc.Score
			d := round1(worst.distanceM)
			r.Label, r.Score, r.Intersects, r.DistanceM = worst.doc.Label, &sc, true, &d
			switch {
			case worst.atPoint && worst.inTitle:
				r.IntersectsVia = nullIfZero("point_and_title")
			case worst.atPoint:
				r.IntersectsVia = nullIfZero("point")
			default:
				r.IntersectsVia = nullIfZero("title")
			}
			if worst.doc.ScoreUnit != "" {
				r.ScoreUnit = worst.doc.ScoreUnit
			}
			r.Properties = riskProps{Description: worst.doc.Description, Name: nullIfZero(worst.doc.Name), Source: nullIfZero(worst.doc.Source)}
			if r.Properties.Description == "" {
				where := "The property lies within"
				if !worst.atPoint {
					where = "The property's land title polygon intersects"
				}
				r.Properties.Description = fmt.Sprintf("%s a %s %s area.", where, strings.ToLower(worst.doc.Label), strings.ReplaceAll(st, "_", " "))
			}
		default:
			zero := 0
			r.Label, r.Score = labelNoneNearby, &zero
			if l.Name == "flood" {
				// Assessed land outside every mapped band is the Very low band (1).
				zero = 1
				r.Label = floodBaselineBand
			}
			r.Properties.Description = fmt.Sprintf("No %s area was found at the property.", strings.ReplaceAll(st, "_", " "))
			if nearest != nil {
				d := round1(nearest.distanceM)
				r.DistanceM = &d
				r.Nearest = &riskNearest{Label: nearest.doc.Label, Score: nearest.doc.Score, DistanceM: d}
				r.Properties.Description += fmt.Sprintf(" The nearest (%s) is %.0f m away.", strings.ToLower(nearest.doc.Label), d)
				r.Properties.Source = nullIfZero(nearest.doc.Source)
			} else {
				r.Properties.Description += fmt.Sprintf(" None lies within %d m.", radiusM)
			}
		}
		out = append(out, r)
	}
	return out
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

// risks answers risks/{risk_type}/?uprn=.
func (s *Server) risks(w http.ResponseWriter, r *http.Request) error {
	rt := strings.ToLower(pathVar(r, "risk_type"))
	var layers []riskLayer
	for _, l := range riskLayers() {
		if rt == "all" || l.Name == rt {
			layers = append(layers, l)
		}
	}
	if len(layers) == 0 {
		valid := append(riskLayerNames(), "all")
		e := NotFound("unknown risk type %q; valid risk types: %s", truncate(pathVar(r, "risk_type"), 40), strings.Join(valid, ", "))
		e.Details = map[string]any{"valid_risk_types": valid}
		return e
	}
	uprn, radius, err := riskParams(r)
	if err != nil {
		return err
	}
	a, err := s.assessRisks(r.Context(), uprn, layers, radius)
	if err != nil {
		return err
	}
	coverage := []coverageEntry{}
	if a.missing != "" {
		if rt != "all" {
			return datasetNotLoaded(&search.MissingIndexError{Index: a.missing})
		}
		// risks/all is composite: every layer not assessed, and why.
		coverage = []coverageEntry{{Section: "results", Dataset: mappings.IndexRiskAreas, Status: coverageNotLoaded,
			Reason: "the risk_areas dataset is not loaded on this server: no layer is assessed"}}
	}
	resp := riskResponse{
		RiskType: rt, UPRN: uprn,
		Location:       riskLocation{Lat: a.prop.Location.Lat, Lon: a.prop.Location.Lon},
		TitleNo:        a.prop.TitleNo,
		TitleChecked:   a.titleChecked,
		SearchRadiusM:  radius,
		DistanceMethod: riskDistanceMethod,
		Results:        a.results,
		Coverage:       coverage,
	}
	for _, res := range a.results {
		if !res.Assessed {
			resp.UnassessedCount++
		}
	}
	return writeJSON(w, http.StatusOK, resp)
}

// Flood risk (spec 2.5).

type floodBand struct {
	RiskBand    string   `json:"risk_band"`
	Score       *int     `json:"score"` // null when the band was not assessed, as risks/{type}
	Confidence  *string  `json:"confidence"`
	Description string   `json:"description"`
	Assessed    bool     `json:"assessed"`
	DistanceM   *float64 `json:"distance_to_nearest_area_m"`
}

type floodResponse struct {
	Location struct {
		Lat  float64 `json:"lat"`
		Lng  float64 `json:"lng"`
		UPRN int64   `json:"uprn"`
	} `json:"location"`
	FloodRisk struct {
		RiversAndSea floodBand `json:"rivers_and_sea"`
		SurfaceWater floodBand `json:"surface_water"`
	} `json:"flood_risk"`
	OverallRisk string `json:"overall_risk"`
	DataSource  string `json:"data_source"`
}

const floodDataSource = "Environment Agency Risk of Flooding from Rivers and Sea and Risk of Flooding from Surface Water (Open Government Licence v3.0)"

// scoreOf is a band's score for ordering (a band without one ranks lowest).
func scoreOf(b floodBand) int {
	if b.Score == nil {
		return -1
	}
	return *b.Score
}

// floodRisk answers flood-risk/?uprn=.
func (s *Server) floodRisk(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	uprn := p.UPRN("uprn", true)
	if err := p.Err(); err != nil {
		return err
	}
	layer := riskLayers()[0]
	a, err := s.assessRisks(r.Context(), uprn, []riskLayer{layer}, riskRadiusDefaultM)
	if err != nil {
		return err
	}
	if a.missing != "" {
		return datasetNotLoaded(&search.MissingIndexError{Index: a.missing})
	}
	var resp floodResponse
	resp.Location.Lat, resp.Location.Lng, resp.Location.UPRN = a.prop.Location.Lat, a.prop.Location.Lon, uprn
	resp.DataSource = s.sourceLabel(r.Context(), mappings.IndexRiskAreas, floodDataSource)
	band := func(sub string) floodBand {
		for _, res := range a.results {
			if res.RiskType != sub {
				continue
			}
			b := floodBand{RiskBand: res.Label, Description: res.Properties.Description, Assessed: res.Assessed, DistanceM: res.DistanceM}
			if res.Assessed {
				b.Score = res.Score
			}
			return b
		}
		return floodBand{RiskBand: labelNotAssessed}
	}
	resp.FloodRisk.RiversAndSea = band("rivers_and_sea")
	resp.FloodRisk.SurfaceWater = band("surface_water")
	resp.OverallRisk = labelNotAssessed
	var bands []floodBand
	for _, b := range []floodBand{resp.FloodRisk.RiversAndSea, resp.FloodRisk.SurfaceWater} {
		if b.Assessed {
			bands = append(bands, b)
		}
	}
	sort.SliceStable(bands, func(i, j int) bool { return scoreOf(bands[i]) > scoreOf(bands[j]) })
	if len(bands) > 0 {
		resp.OverallRisk = bands[0].RiskBand
	}
	return writeJSON(w, http.StatusOK, resp)
}

// riskLayerOne answers risks/{risk_type}/{layer}/: the result of one
// sub-type (layer) of a risk type, e.g. risks/flood/surface_water/ (the
// vendor client's flood:<layer> form).
func (s *Server) riskLayerOne(w http.ResponseWriter, r *http.Request) error {
	rt := strings.ToLower(pathVar(r, "risk_type"))
	layer := strings.ToLower(pathVar(r, "layer"))
	var found *riskLayer
	for _, l := range riskLayers() {
		if l.Name == rt {
			l := l
			found = &l
		}
	}
	if found == nil {
		e := NotFound("unknown risk type %q; valid risk types: %s", truncate(rt, 40), strings.Join(riskLayerNames(), ", "))
		e.Details = map[string]any{"valid_risk_types": riskLayerNames()}
		return e
	}
	uprn, radius, err := riskParams(r)
	if err != nil {
		return err
	}
	a, err := s.assessRisks(r.Context(), uprn, []riskLayer{*found}, radius)
	if err != nil {
		return err
	}
	if a.missing != "" {
		return datasetNotLoaded(&search.MissingIndexError{Index: a.missing})
	}
	var results []riskResult
	layers := append([]string(nil), found.SubTypes...)
	for _, res := range a.results {
		if !slices.Contains(layers, res.RiskType) {
			layers = append(layers, res.RiskType)
		}
		if res.RiskType == layer {
			results = append(results, res)
		}
	}
	if len(results) == 0 {
		e := NotFound("risk type %s has no layer %q; its layers: %s", rt, truncate(layer, 40), strings.Join(layers, ", "))
		e.Details = map[string]any{"valid_layers": layers}
		return e
	}
	resp := riskResponse{
		RiskType: rt + ":" + layer, UPRN: uprn,
		Location:       riskLocation{Lat: a.prop.Location.Lat, Lon: a.prop.Location.Lon},
		TitleNo:        a.prop.TitleNo,
		TitleChecked:   a.titleChecked,
		SearchRadiusM:  radius,
		DistanceMethod: riskDistanceMethod,
		Results:        results,
		Coverage:       []coverageEntry{},
	}
	for _, res := range results {
		if !res.Assessed {
			resp.UnassessedCount++
		}
	}
	return writeJSON(w, http.StatusOK, resp)
}

// riskParams reads the uprn and radius_m query parameters of the risk
// endpoints.
func riskParams(r *http.Request) (uprn int64, radiusM int, err error) {
	p := newParams(r)
	uprn = p.UPRN("uprn", true)
	radiusM = p.Int("radius_m", riskRadiusDefaultM, 50, riskRadiusMaxM)
	return uprn, radiusM, p.Err()
}
