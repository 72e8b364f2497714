package api

// Boundary typeahead (spec 4.6) and boundary geometry as GeoJSON: lets map pages draw the polygon of a boundary found with
// boundaries/autocomplete.

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Boundary typeahead bounds (documented in docs/nearby.md).
const (
	boundaryQueryMinChars = 2
	boundaryQueryMaxChars = 100
	boundaryLimitDefault  = 10
	boundaryLimitMax      = 20
)

func boundaryTypes() []string {
	return []string{"region", "lad", "ward", "town", "locality", "street", "postcode_area", "postcode_district", "msoa", "lsoa"}
}

type boundaryItem struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	AdminLevel  int    `json:"admin_level"`
	Type        string `json:"type"`
	Code        string `json:"code"`
}

type boundariesResponse struct {
	Count   int            `json:"count"`
	Results []boundaryItem `json:"results"`
}

func (s *Server) boundariesAutocomplete(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	q := p.String("q", boundaryQueryMaxChars)
	types := p.List("type", boundaryTypes()...)
	limit := p.Int("limit", boundaryLimitDefault, 1, boundaryLimitMax)
	if err := p.Err(); err != nil {
		return err
	}
	if utf8.RuneCountInString(q) < boundaryQueryMinChars {
		return QueryTooShort("q", boundaryQueryMinChars, boundaryQueryMaxChars)
	}
	body := query.BoundaryAutocomplete{Text: q, Types: types, Size: limit}.Body()
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexBoundaries), body)
	if err != nil {
		return fmt.Errorf("boundaries autocomplete: %w", err)
	}
	out := boundariesResponse{Results: []boundaryItem{}}
	for _, h := range res.Hits.Hits {
		var d mappings.Boundary
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode boundary %s: %w", h.ID, err)
		}
		out.Results = append(out.Results, boundaryItem{ID: d.ID, Name: d.Name, DisplayName: d.DisplayName, AdminLevel: d.AdminLevel, Type: d.Type, Code: d.Code})
	}
	out.Count = len(out.Results)
	return writeJSON(w, http.StatusOK, out)
}

// Named points in a view (boundaries/places): the place and street points
// of OS Open Names, for a basemap's labels.
const (
	placesLimitDefault = 200
	placesLimitMax     = 1000
)

func placeTypes() []string { return []string{"town", "locality", "street"} }

type placePoint struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
}

type placeProps struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Type       string `json:"type"`
	AdminLevel int    `json:"admin_level"`
}

type placeFeature struct {
	Type       string     `json:"type"`
	Geometry   placePoint `json:"geometry"`
	Properties placeProps `json:"properties"`
}

// placesResponse is a GeoJSON FeatureCollection with the count, whether
// the limit cut the list, and the attributions of the sources shown.
type placesResponse struct {
	Type        string         `json:"type"`
	Count       int            `json:"count"`
	Truncated   bool           `json:"truncated"`
	Attribution []string       `json:"attribution"`
	Features    []placeFeature `json:"features"`
}

func (s *Server) boundariesPlaces(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	bbox := p.BBox("bbox", true)
	types := p.List("type", placeTypes()...)
	limit := p.Int("limit", placesLimitDefault, 1, placesLimitMax)
	if err := p.Err(); err != nil {
		return err
	}
	if len(types) == 0 {
		types = placeTypes()
	}
	// One more than the limit says whether the limit cut the list.
	body := query.BoundaryPlaces{BBox: *bbox, Types: types, Size: limit + 1}.Body()
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexBoundaries), body)
	if err != nil {
		return fmt.Errorf("boundaries places: %w", err)
	}
	out := placesResponse{Type: "FeatureCollection", Attribution: []string{}, Features: []placeFeature{}}
	seen := map[string]bool{}
	for _, h := range res.Hits.Hits {
		if len(out.Features) == limit {
			out.Truncated = true
			break
		}
		var d mappings.Boundary
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode boundary %s: %w", h.ID, err)
		}
		if d.Centroid == nil {
			continue
		}
		out.Features = append(out.Features, placeFeature{Type: "Feature",
			Geometry:   placePoint{Type: "Point", Coordinates: [2]float64{d.Centroid.Lon, d.Centroid.Lat}},
			Properties: placeProps{ID: d.ID, Name: d.Name, Type: d.Type, AdminLevel: d.AdminLevel}})
		if d.Attribution != "" && !seen[d.Attribution] {
			seen[d.Attribution] = true
			out.Attribution = append(out.Attribution, d.Attribution)
		}
	}
	out.Count = len(out.Features)
	b, err := json.Marshal(out)
	if err != nil {
		return fmt.Errorf("encode places: %w", err)
	}
	return writeRaw(w, http.StatusOK, "application/geo+json", append(b, '\n'))
}

type boundaryFeature struct {
	Type       string             `json:"type"`
	Geometry   *mappings.Geometry `json:"geometry"`
	Properties boundaryProps      `json:"properties"`
}

type boundaryProps struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	Type        string `json:"type"`
	Code        string `json:"code"`
	AdminLevel  int    `json:"admin_level"`
}

func (s *Server) boundaryGeometry(w http.ResponseWriter, r *http.Request) error {
	raw := pathVar(r, "id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return InvalidParam("id", "must be a positive integer (an id from boundaries/autocomplete)")
	}
	p := newParams(r)
	tol := p.Float("simplify", 0, 0, 5000)
	if err := p.Err(); err != nil {
		return err
	}
	src, found, err := s.backend.Get(r.Context(), s.idx.Name(mappings.IndexBoundaries), strconv.FormatInt(id, 10))
	if err != nil {
		return fmt.Errorf("get boundary %d: %w", id, err)
	}
	if !found {
		return NotFound("no boundary with id %d", id)
	}
	var b mappings.Boundary
	if err := json.Unmarshal(src, &b); err != nil {
		return fmt.Errorf("decode boundary %d: %w", id, err)
	}
	if b.Geometry == nil {
		return NotFound("boundary %d has no geometry", id)
	}
	g := b.Geometry
	if tol > 0 {
		if g, err = simplifyGeometry(b.Geometry, tol); err != nil {
			return fmt.Errorf("simplify boundary %d: %w", id, err)
		}
	}
	body, err := json.Marshal(boundaryFeature{Type: "Feature", Geometry: g, Properties: boundaryProps{
		ID: b.ID, Name: b.Name, DisplayName: b.DisplayName, Type: b.Type, Code: b.Code, AdminLevel: b.AdminLevel,
	}})
	if err != nil {
		return fmt.Errorf("encode boundary %d: %w", id, err)
	}
	return writeRaw(w, http.StatusOK, "application/geo+json", append(body, '\n'))
}

// simplifyGeometry drops ring vertices closer than tol metres to the last kept
// one (rings keep at least 4 positions, closed). Polygon and MultiPolygon only;
// other types are returned unchanged.
func simplifyGeometry(g *mappings.Geometry, tol float64) (*mappings.Geometry, error) {
	var out any
	switch g.Type {
	case "Polygon":
		var rings [][][2]float64
		if err := json.Unmarshal(g.Coordinates, &rings); err != nil {
			return nil, err
		}
		out = simplifyRings(rings, tol)
	case "MultiPolygon":
		var polys [][][][2]float64
		if err := json.Unmarshal(g.Coordinates, &polys); err != nil {
			return nil, err
		}
		for i := range polys {
			polys[i] = simplifyRings(polys[i], tol)
		}
		out = polys
	default:
		return g, nil
	}
	c, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return &mappings.Geometry{Type: g.Type, Coordinates: c}, nil
}

func simplifyRings(rings [][][2]float64, tol float64) [][][2]float64 {
	for i, ring := range rings {
		if len(ring) <= 4 {
			continue
		}
		kept := [][2]float64{ring[0]}
		for _, pt := range ring[1 : len(ring)-1] {
			if metresBetween(kept[len(kept)-1], pt) >= tol {
				kept = append(kept, pt)
			}
		}
		kept = append(kept, ring[len(ring)-1])
		if len(kept) >= 4 {
			rings[i] = kept
		}
	}
	return rings
}

// metresBetween is the equirectangular distance between [lon, lat] positions.
func metresBetween(a, b [2]float64) float64 {
	const earth = 6371000.0
	lat := (a[1] + b[1]) / 2 * math.Pi / 180
	dx := (b[0] - a[0]) * math.Pi / 180 * math.Cos(lat)
	dy := (b[1] - a[1]) * math.Pi / 180
	return earth * math.Hypot(dx, dy)
}
