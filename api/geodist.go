package api

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Distances from a point to a polygon, computed in Go because OpenSearch
// cannot sort geo_shapes by distance.
//
// Method: the polygon is projected onto a local equirectangular plane
// centred on the point (x = Δlon·cos(lat₀)·R, y = Δlat·R, R = 6,371,008.8 m);
// a point inside an outer ring and outside its holes is at distance 0,
// otherwise the distance is the smallest point-to-segment distance over every
// ring. Against a great-circle distance the error is below 0.1 % for the
// distances served here (a search radius of at most 5 km at UK latitudes),
// i.e. under 5 m at the largest radius and well under 1 m at 300 m.

const earthRadiusM = 6_371_008.8

// polygonRings decodes the rings of a Polygon or MultiPolygon as
// [polygon][ring][vertex]{lon, lat}. Other geometry types yield nil.
func polygonRings(g *mappings.Geometry) ([][][][2]float64, error) {
	if g == nil || len(g.Coordinates) == 0 {
		return nil, nil
	}
	switch strings.ToLower(g.Type) {
	case "polygon":
		var p [][][2]float64
		if err := json.Unmarshal(g.Coordinates, &p); err != nil {
			return nil, fmt.Errorf("decode polygon: %w", err)
		}
		return [][][][2]float64{p}, nil
	case "multipolygon":
		var mp [][][][2]float64
		if err := json.Unmarshal(g.Coordinates, &mp); err != nil {
			return nil, fmt.Errorf("decode multipolygon: %w", err)
		}
		return mp, nil
	}
	return nil, nil
}

// distanceToPolygonM returns the distance in metres from p to the polygon
// (0 when p is inside). ok is false for a geometry that is not a polygon.
func distanceToPolygonM(p mappings.GeoPoint, g *mappings.Geometry) (d float64, ok bool, err error) {
	polys, err := polygonRings(g)
	if err != nil || len(polys) == 0 {
		return 0, false, err
	}
	cos := math.Cos(p.Lat * math.Pi / 180)
	proj := func(v [2]float64) (float64, float64) {
		return (v[0] - p.Lon) * math.Pi / 180 * cos * earthRadiusM, (v[1] - p.Lat) * math.Pi / 180 * earthRadiusM
	}
	best := math.Inf(1)
	for _, poly := range polys {
		inside := false
		for i, ring := range poly {
			in := ringContainsOrigin(ring, proj)
			if i == 0 {
				inside = in
			} else if in {
				inside = false // in a hole
			}
			for j := 0; j+1 < len(ring); j++ {
				ax, ay := proj(ring[j])
				bx, by := proj(ring[j+1])
				best = math.Min(best, segmentDistance(ax, ay, bx, by))
			}
		}
		if inside {
			return 0, true, nil
		}
	}
	if math.IsInf(best, 1) {
		return 0, false, nil
	}
	return best, true, nil
}

// ringContainsOrigin is the even-odd ray test of the projected origin.
func ringContainsOrigin(ring [][2]float64, proj func([2]float64) (float64, float64)) bool {
	in := false
	n := len(ring)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi := proj(ring[i])
		xj, yj := proj(ring[j])
		if (yi > 0) != (yj > 0) {
			x := xi + (0-yi)*(xj-xi)/(yj-yi)
			if x > 0 {
				in = !in
			}
		}
	}
	return in
}

// segmentDistance is the distance from the origin to segment AB.
func segmentDistance(ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, -(ax*dx+ay*dy)/l2))
	}
	x, y := ax+t*dx, ay+t*dy
	return math.Hypot(x, y)
}
