package query

import (
	"encoding/json"
	"math"

	"github.com/ukpd/propertyapi/mappings"
)

// Named queries reported in a risk hit's matched_queries.
const (
	MatchedPoint = "at_point" // the layer polygon contains the property's point
	MatchedTitle = "in_title" // the layer polygon intersects the title polygon
)

// Shape is a GeoJSON geometry for geo_shape queries ([lon, lat] order).
type Shape struct {
	Type        string          `json:"type"`
	Coordinates json.RawMessage `json:"coordinates"`
}

// RiskLayers is a lookup of risk-layer polygons around one property.
type RiskLayers struct {
	RiskTypes []string // risk_type values to read
	Point     GeoPoint // the property's point
	Title     *Shape   // the title polygon, when the property has one
	RadiusM   float64  // search radius for nearby hazards
	Size      int      // max polygons returned
	Fields    []string // _source fields; nil = all
}

// radiusEnvelope is the bounding box of a circle of radius m around p, as a
// GeoJSON-style envelope ([[minLon, maxLat], [maxLon, minLat]]). A box, not a
// circle: OpenSearch cannot sort geo_shapes by distance, so the caller
// computes exact distances and drops anything beyond the radius.
func radiusEnvelope(p GeoPoint, m float64) M {
	const metersPerDegLat = 111_320.0
	dLat := m / metersPerDegLat
	cos := math.Cos(p.Lat * math.Pi / 180)
	if cos < 0.01 {
		cos = 0.01
	}
	dLon := m / (metersPerDegLat * cos)
	round := func(f float64) float64 { return math.Round(f*1e7) / 1e7 }
	return M{
		"type": "envelope",
		"coordinates": [][2]float64{
			{round(p.Lon - dLon), round(math.Min(p.Lat+dLat, 90))},
			{round(p.Lon + dLon), round(math.Max(p.Lat-dLat, -90))},
		},
	}
}

// geoShape is a geo_shape intersects query on the geometry field.
func geoShape(shape any, name string) M {
	q := M{mappings.RiskAreaFieldGeometry: M{"shape": shape, "relation": "intersects"}}
	if name != "" {
		q["_name"] = name
	}
	return M{"geo_shape": q}
}

// Hazards returns the search for the hazard polygons of the requested risk
// types that touch the search box around the point (with their geometry, for
// the distance). Named should-clauses mark the polygons that contain the
// point (at_point) and those that intersect the title polygon (in_title);
// they do not filter.
func (q RiskLayers) Hazards() M {
	should := []M{geoShape(pointShape(q.Point), MatchedPoint)}
	if q.Title != nil {
		should = append(should, geoShape(q.Title, MatchedTitle))
	}
	filter := []M{
		Terms(mappings.RiskAreaFieldRiskType, q.RiskTypes),
		Term(mappings.RiskAreaFieldKind, "hazard"),
		geoShape(radiusEnvelope(q.Point, q.RadiusM), ""),
	}
	return M{
		"size":    q.Size,
		"query":   Bool(nil, filter, should, nil),
		"sort":    []M{{mappings.RiskAreaFieldRiskType: "asc"}, {mappings.RiskAreaFieldSubType: "asc"}, {mappings.RiskAreaFieldScore: M{"order": "desc", "missing": "_last"}}, {mappings.RiskAreaFieldID: "asc"}},
		"timeout": "2s",
	}
}

// Coverage returns the search for the coverage polygons of the requested
// risk types that contain the point, without their geometry (coverage
// polygons can be national multipolygons).
func (q RiskLayers) Coverage() M {
	return M{
		"size": q.Size,
		"query": Bool(nil, []M{
			Terms(mappings.RiskAreaFieldRiskType, q.RiskTypes),
			Term(mappings.RiskAreaFieldKind, "coverage"),
			geoShape(pointShape(q.Point), MatchedPoint),
		}, nil, nil),
		"_source": M{"excludes": []string{mappings.RiskAreaFieldGeometry}},
		"sort":    []M{{mappings.RiskAreaFieldRiskType: "asc"}, {mappings.RiskAreaFieldID: "asc"}},
		"timeout": "2s",
	}
}

func pointShape(p GeoPoint) M {
	return M{"type": "point", "coordinates": [2]float64{p.Lon, p.Lat}}
}
