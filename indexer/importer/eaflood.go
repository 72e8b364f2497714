package importer

// Environment Agency flood data as GeoJSON exports (the EA publishes the
// layers as GeoPackage, Shapefile and ESRI services; GeoJSON comes from an
// export, e.g. ogr2ogr -f GeoJSON, in EPSG:27700 or WGS84):
//
//   - Risk of Flooding from Rivers and Sea (RoFRS): polygons with the band in
//     prob_4band (editions to 2024) or risk_band (NaFRA2, 2025): High,
//     Medium, Low, Very Low → sub_type rivers_and_sea.
//   - Risk of Flooding from Surface Water (RoFSW): the same bands (risk_band,
//     prob_4band) → sub_type surface_water.
//   - Flood Map for Planning, Flood Zones 2 and 3: flood_zone ("FZ2", "FZ3")
//     or layer ("Flood Zone 2", "Flood Zone 3") → sub_type flood_zones.
//   - Coverage: the extent each model assessed (for England, the country
//     boundary), so that a point outside it reads "Not assessed" instead of
//     "no risk". A file whose name contains "coverage" holds coverage
//     polygons; their optional sub_type property limits them to one layer.
//
// Which layer a hazard file is comes from its features (flood_zone/layer)
// or, for the banded layers, from its name: "rofsw" or "surface" is surface
// water, anything else rivers and sea.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

var floodBands = map[string]struct {
	label string
	score int
}{
	"high": {"High", 4}, "medium": {"Medium", 3}, "low": {"Low", 2}, "very low": {"Very low", 1}, "verylow": {"Very low", 1},
}

const eaSource = "Environment Agency flood risk data, © Environment Agency copyright and/or database right. Open Government Licence v3.0"

// ImportEAFlood reads EA flood GeoJSON files into risk_areas (risk_type
// flood). Rejects carry the feature number as their line.
func ImportEAFlood(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("ea-flood", files)
	em := emitter{sink, rep}
	for _, path := range files {
		if err := importEAFile(ctx, path, em); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func importEAFile(ctx context.Context, path string, em emitter) error {
	return withFile(path, func(name string, f io.Reader) error {
		lower := strings.ToLower(name)
		coverage := strings.Contains(lower, "coverage")
		banded := "rivers_and_sea"
		if strings.Contains(lower, "rofsw") || strings.Contains(lower, "surface") {
			banded = "surface_water"
		}
		slug := strings.TrimSuffix(lower, filepath.Ext(lower))
		if !strings.HasPrefix(slug, "ea-") {
			slug = "ea-" + slug
		}
		dec := json.NewDecoder(f)
		bng := false
		crs := func(name string, raw json.RawMessage) {
			if name == "crs" && strings.Contains(string(raw), "27700") {
				bng = true
			}
		}
		if err := enterFeatures(dec, path, crs); err != nil {
			return err
		}
		rep := em.rep
		return eachFeature(ctx, dec, path, rep, func(n int, feat geoFeature) error {
			doc, err := eaFeature(feat, coverage, banded, bng)
			if err != nil {
				rep.reject(name, n, "feature %d: %v", n, err)
				return nil
			}
			doc.ID = fmt.Sprintf("%s-%d", slug, n)
			if id := propString(feat.Properties, []string{"id", "fid", "objectid"}, "\x00"); id != "" {
				doc.ID = fmt.Sprintf("%s-%s", slug, id)
			}
			return em.add(mappings.IndexRiskAreas, doc.ID, *doc)
		})
	})
}

func eaFeature(feat geoFeature, coverage bool, banded string, bng bool) (*mappings.RiskArea, error) {
	if feat.Geometry == nil {
		return nil, fmt.Errorf("no geometry")
	}
	doc := &mappings.RiskArea{RiskType: "flood", Source: eaSource}
	p := feat.Properties
	switch {
	case coverage:
		doc.Kind = "coverage"
		doc.SubType = propString(p, []string{"sub_type"}, "\x00")
		doc.Name = firstNonEmpty(propString(p, []string{"name", "area_name"}, "nm"), "Environment Agency assessed area")
		doc.Description = "Assessed by the Environment Agency flood risk models"
	default:
		doc.Kind, doc.ScoreUnit = "hazard", "band"
		zone := strings.ToUpper(strings.ReplaceAll(propString(p, []string{"flood_zone", "layer", "zone"}, "\x00"), " ", ""))
		switch {
		case strings.HasSuffix(zone, "3") && (strings.Contains(zone, "ZONE") || strings.HasPrefix(zone, "FZ")):
			doc.SubType, doc.Label, doc.Score = "flood_zones", "Flood Zone 3", 3
			doc.Description = "Flood Zone 3: land with a 1% or greater annual chance of river flooding, or 0.5% or greater from the sea (Flood Map for Planning)"
		case strings.HasSuffix(zone, "2") && (strings.Contains(zone, "ZONE") || strings.HasPrefix(zone, "FZ")):
			doc.SubType, doc.Label, doc.Score = "flood_zones", "Flood Zone 2", 2
			doc.Description = "Flood Zone 2: land with between a 1% and 0.1% annual chance of river flooding, or between 0.5% and 0.1% from the sea (Flood Map for Planning)"
		case zone != "":
			return nil, fmt.Errorf("unknown flood zone %q (want Flood Zone 2 or 3)", zone)
		default:
			band := strings.ToLower(strings.TrimSpace(propString(p, []string{"prob_4band", "risk_band", "riskband", "prob4band"}, "\x00")))
			b, ok := floodBands[band]
			if !ok {
				if band == "" {
					return nil, fmt.Errorf("no prob_4band, risk_band or flood_zone property")
				}
				return nil, fmt.Errorf("unknown risk band %q (want High, Medium, Low, Very Low)", band)
			}
			doc.SubType, doc.Label, doc.Score = banded, b.label, b.score
			what := "rivers or the sea"
			if banded == "surface_water" {
				what = "surface water"
			}
			doc.Description = fmt.Sprintf("%s chance of flooding from %s", b.label, what)
			if s := propString(p, []string{"suitability"}, "\x00"); s != "" {
				doc.Description += " (suitability: " + s + ")"
			}
		}
		doc.ValidFrom = dateOnly(propString(p, []string{"pub_date", "publication_date", "valid_from"}, "\x00"))
	}
	raw := feat.Geometry.Coordinates
	if bng || looksBNG(raw) {
		var err error
		if raw, err = bngCoordsToWGS84(feat.Geometry.Type, raw); err != nil {
			return nil, err
		}
	}
	var repairs []string
	geom, centroid, err := boundaryGeometry(feat.Geometry.Type, raw, &repairs)
	if err != nil {
		return nil, err
	}
	doc.Geometry, doc.Centroid = geom, centroid
	return doc, nil
}

// looksBNG: the first number of the coordinates is outside ±180.
func looksBNG(raw json.RawMessage) bool {
	s := strings.TrimLeft(string(raw), "[ \n\t\r")
	end := strings.IndexAny(s, ", ]")
	if end < 0 {
		return false
	}
	f, err := strconv.ParseFloat(s[:end], 64)
	return err == nil && (f > 180 || f < -180)
}

// bngCoordsToWGS84 converts Polygon or MultiPolygon coordinates from the
// National Grid to [lon, lat].
func bngCoordsToWGS84(typ string, raw json.RawMessage) (json.RawMessage, error) {
	conv := func(p []ring) error {
		for _, r := range p {
			for i, pt := range r {
				if !validBNG(pt[0], pt[1]) {
					return fmt.Errorf("easting/northing %v %v outside the National Grid", pt[0], pt[1])
				}
				lat, lon := BNGToWGS84(pt[0], pt[1])
				r[i] = [2]float64{round7(lon), round7(lat)}
			}
		}
		return nil
	}
	switch typ {
	case "Polygon":
		var p []ring
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, fmt.Errorf("polygon coordinates: %v", err)
		}
		if err := conv(p); err != nil {
			return nil, err
		}
		return json.Marshal(p)
	case "MultiPolygon":
		var mp [][]ring
		if err := json.Unmarshal(raw, &mp); err != nil {
			return nil, fmt.Errorf("multipolygon coordinates: %v", err)
		}
		for _, p := range mp {
			if err := conv(p); err != nil {
				return nil, err
			}
		}
		return json.Marshal(mp)
	}
	return nil, fmt.Errorf("geometry type %q (want Polygon or MultiPolygon)", typ)
}
