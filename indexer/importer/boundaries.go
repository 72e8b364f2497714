package importer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

type geoFeature struct {
	Properties map[string]any `json:"properties"`
	Geometry   *struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	} `json:"geometry"`
}

type ring [][2]float64

// areaType infers the boundary type and admin level from an ONS code
// (E06000001 ...) or a postcode area/district ("EX", "EX1").
func areaType(code string) (string, int) {
	if len(code) == 9 {
		switch code[:3] {
		case "E92", "W92", "S92", "N92":
			return "country", 2
		case "E12":
			return "region", 4
		case "E06", "E07", "E08", "E09", "W06", "S12", "N09":
			return "lad", 6
		case "E05", "W05", "S13", "N08":
			return "ward", 8
		case "E02", "W02":
			return "msoa", 9
		case "E01", "W01":
			return "lsoa", 10
		}
		return "", 0
	}
	if o, ok := mappings.ParseOutcode(code); ok && o == code {
		return "postcode_district", 7
	}
	if code != "" && len(code) <= 2 && strings.Trim(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		return "postcode_area", 5
	}
	return "", 0
}

// BoundaryID derives a stable numeric id: for an ONS code letter and
// eight digits, (letter-'A'+1)·10⁸ + digits; otherwise a 53-bit hash.
func BoundaryID(code string) int64 {
	if len(code) == 9 && code[0] >= 'A' && code[0] <= 'Z' {
		if n, err := strconv.ParseInt(code[1:], 10, 64); err == nil {
			return int64(code[0]-'A'+1)*100_000_000 + n
		}
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(code))
	return int64(h.Sum64() & (1<<53 - 1))
}

// propString finds a property by candidate names, then by suffix.
func propString(props map[string]any, names []string, suffix string) string {
	lower := map[string]any{}
	keys := make([]string, 0, len(props))
	for k, v := range props {
		lower[strings.ToLower(k)] = v
		keys = append(keys, strings.ToLower(k))
	}
	sort.Strings(keys)
	str := func(v any) string {
		switch x := v.(type) {
		case string:
			return strings.TrimSpace(x)
		case float64:
			return strconv.FormatFloat(x, 'f', -1, 64)
		}
		return ""
	}
	for _, n := range names {
		if v, ok := lower[n]; ok {
			return str(v)
		}
	}
	for _, k := range keys {
		if strings.HasSuffix(k, suffix) {
			return str(lower[k])
		}
	}
	return ""
}

// repairPolygon cleans one polygon (outer ring then holes): duplicate
// consecutive points dropped, unclosed rings closed, degenerate holes
// dropped. It fails on out-of-range coordinates, a degenerate outer ring
// and a ring that touches itself (a vertex repeated away from the closure).
func repairPolygon(rings []ring, repairs *[]string) ([]ring, error) {
	var out []ring
	for ri, r := range rings {
		var clean ring
		for pi, p := range r {
			if math.IsNaN(p[0]) || math.IsNaN(p[1]) || p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90 {
				return nil, fmt.Errorf("coordinate [%v, %v] out of range (ring %d point %d; want [lon, lat] in CRS84)", p[0], p[1], ri+1, pi+1)
			}
			if len(clean) > 0 && clean[len(clean)-1] == p {
				*repairs = append(*repairs, "duplicate consecutive point dropped")
				continue
			}
			clean = append(clean, p)
		}
		if len(clean) > 1 && clean[0] != clean[len(clean)-1] {
			clean = append(clean, clean[0])
			*repairs = append(*repairs, "unclosed ring closed")
		}
		if len(clean) < 4 {
			if ri == 0 {
				return nil, fmt.Errorf("outer ring has %d points after repair (need at least 4, closed)", len(clean))
			}
			*repairs = append(*repairs, "degenerate hole dropped")
			continue
		}
		seen := map[[2]float64]int{}
		for i, p := range clean[:len(clean)-1] {
			if j, ok := seen[p]; ok {
				return nil, fmt.Errorf("ring %d touches itself at [%v, %v] (points %d and %d)", ri+1, p[0], p[1], j+1, i+1)
			}
			seen[p] = i
		}
		if i, j, ok := selfIntersection(clean); ok {
			return nil, fmt.Errorf("ring %d crosses itself (edges %d and %d)", ri+1, i+1, j+1)
		}
		out = append(out, clean)
	}
	return out, nil
}

// boundaryGeometry parses and repairs a Polygon or MultiPolygon.
func boundaryGeometry(typ string, raw json.RawMessage, repairs *[]string) (*mappings.Geometry, *mappings.GeoPoint, error) {
	var polys [][]ring
	switch typ {
	case "Polygon":
		var p []ring
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, nil, fmt.Errorf("polygon coordinates: %v", err)
		}
		polys = [][]ring{p}
	case "MultiPolygon":
		if err := json.Unmarshal(raw, &polys); err != nil {
			return nil, nil, fmt.Errorf("multipolygon coordinates: %v", err)
		}
	default:
		return nil, nil, fmt.Errorf("geometry type %q (want Polygon or MultiPolygon)", typ)
	}
	var kept [][]ring
	var firstErr error
	for _, p := range polys {
		if len(p) == 0 {
			continue
		}
		r, err := repairPolygon(p, repairs)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		kept = append(kept, r)
	}
	if firstErr != nil && (typ == "Polygon" || len(kept) == 0 || !strings.Contains(firstErr.Error(), "outer ring")) {
		return nil, nil, firstErr
	}
	if firstErr != nil {
		*repairs = append(*repairs, "degenerate polygon dropped")
	}
	if len(kept) == 0 {
		return nil, nil, errors.New("no polygon")
	}
	var coords any = kept
	outType := "MultiPolygon"
	if len(kept) == 1 {
		coords, outType = kept[0], "Polygon"
	}
	b, err := json.Marshal(coords)
	if err != nil {
		return nil, nil, err
	}
	// Centroid: vertex mean of the largest outer ring (by point count).
	big := kept[0][0]
	for _, p := range kept {
		if len(p[0]) > len(big) {
			big = p[0]
		}
	}
	var sx, sy float64
	for _, pt := range big[:len(big)-1] {
		sx, sy = sx+pt[0], sy+pt[1]
	}
	n := float64(len(big) - 1)
	return &mappings.Geometry{Type: outType, Coordinates: b}, &mappings.GeoPoint{Lat: round6(sy / n), Lon: round6(sx / n)}, nil
}

// ImportBoundaries reads GeoJSON FeatureCollections of area polygons (ONS
// boundaries in CRS84) into boundary documents. Name and code come from
// area_name/area_code, name/code, or the ONS style *NM/*CD properties; the
// type (lad, ward, msoa ...) is inferred from the code. Invalid geometry is
// repaired (rings closed, duplicate consecutive points dropped, degenerate
// holes and parts dropped) or the feature is rejected with its reason;
// rejects carry the feature number (1-based) as their line.
func ImportBoundaries(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("ons-boundaries", files)
	em := emitter{sink, rep}
	for _, path := range files {
		if err := importBoundaryFile(ctx, path, em); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func importBoundaryFile(ctx context.Context, path string, em emitter) error {
	return withFile(path, func(name string, f io.Reader) error {
		dec := json.NewDecoder(f)
		if err := enterFeatures(dec, path, nil); err != nil {
			return err
		}
		rep := em.rep
		return eachFeature(ctx, dec, path, rep, func(n int, feat geoFeature) error {
			code := propString(feat.Properties, []string{"area_code", "code"}, "cd")
			nm := propString(feat.Properties, []string{"area_name", "name"}, "nm")
			if code == "" || nm == "" {
				rep.reject(name, n, "feature %d: no name or code property", n)
				return nil
			}
			typ, level := areaType(code)
			if typ == "" {
				rep.reject(name, n, "feature %d (%s): cannot tell the area type of code %q", n, nm, code)
				return nil
			}
			if feat.Geometry == nil {
				rep.reject(name, n, "feature %d (%s %s): no geometry", n, code, nm)
				return nil
			}
			var repairs []string
			geom, centroid, err := boundaryGeometry(feat.Geometry.Type, feat.Geometry.Coordinates, &repairs)
			if err != nil {
				rep.reject(name, n, "feature %d (%s %s): %v", n, code, nm, err)
				return nil
			}
			for _, r := range repairs {
				rep.mark("repaired: "+r, 1)
			}
			if la, lo := propString(feat.Properties, []string{"lat"}, "\x00"), propString(feat.Properties, []string{"long", "lon"}, "\x00"); la != "" && lo != "" {
				lat, e1 := strconv.ParseFloat(la, 64)
				lon, e2 := strconv.ParseFloat(lo, 64)
				if e1 == nil && e2 == nil {
					centroid = &mappings.GeoPoint{Lat: lat, Lon: lon}
				}
			}
			doc := mappings.Boundary{
				ID: BoundaryID(code), Code: code, Name: nm, DisplayName: nm, NameSuggest: nm, Type: typ, AdminLevel: level,
				Population: optInt(propString(feat.Properties, []string{"population"}, "\x00")),
				Geometry:   geom, Centroid: centroid, Source: "ons-boundaries",
			}
			if typ == "lad" {
				doc.LADCode = code
			}
			return em.add(mappings.IndexBoundaries, strconv.FormatInt(doc.ID, 10), doc)
		})
	})
}

// selfIntersection reports two non-adjacent edges of a closed ring that
// cross or touch, by a sweep over edges sorted by their smallest x (fast
// for real boundaries, whose edges are short).
func selfIntersection(r ring) (int, int, bool) {
	n := len(r) - 1 // edges; r is closed
	if n < 4 {
		return 0, 0, false
	}
	type edge struct {
		i          int
		minX, maxX float64
	}
	edges := make([]edge, n)
	for i := 0; i < n; i++ {
		a, b := r[i], r[i+1]
		edges[i] = edge{i, math.Min(a[0], b[0]), math.Max(a[0], b[0])}
	}
	sort.Slice(edges, func(x, y int) bool { return edges[x].minX < edges[y].minX })
	for x := 0; x < n; x++ {
		e := edges[x]
		for y := x + 1; y < n && edges[y].minX <= e.maxX; y++ {
			i, j := e.i, edges[y].i
			if i > j {
				i, j = j, i
			}
			if j == i+1 || (i == 0 && j == n-1) {
				continue // adjacent edges share a vertex
			}
			if segmentsIntersect(r[i], r[i+1], r[j], r[j+1]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

func orient(a, b, c [2]float64) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

func onSegment(a, b, p [2]float64) bool {
	return math.Min(a[0], b[0]) <= p[0] && p[0] <= math.Max(a[0], b[0]) &&
		math.Min(a[1], b[1]) <= p[1] && p[1] <= math.Max(a[1], b[1])
}

// segmentsIntersect reports whether segments ab and cd share any point.
func segmentsIntersect(a, b, c, d [2]float64) bool {
	o1, o2, o3, o4 := orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
	if ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) {
		return true
	}
	return (o1 == 0 && onSegment(a, b, c)) || (o2 == 0 && onSegment(a, b, d)) ||
		(o3 == 0 && onSegment(c, d, a)) || (o4 == 0 && onSegment(c, d, b))
}

// eachFeature decodes the features of a GeoJSON file one at a time (after
// enterFeatures), counts each in rep.Rows and calls fn with it and its
// 1-based number; ctx is checked between features and an error from fn ends
// the file.
func eachFeature(ctx context.Context, dec *json.Decoder, path string, rep *Report, fn func(n int, feat geoFeature) error) error {
	for n := 1; dec.More(); n++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var feat geoFeature
		if err := dec.Decode(&feat); err != nil {
			return fmt.Errorf("%s: feature %d: %w", path, n, err)
		}
		rep.Rows++
		if err := fn(n, feat); err != nil {
			return err
		}
	}
	return nil
}

// enterFeatures walks dec to the first element of the "features" array of
// a top-level GeoJSON object, so the caller can decode one feature at a time
// with dec.More / dec.Decode. Members before it (crs, name ...) are handed to
// member when it is not nil, then skipped.
func enterFeatures(dec *json.Decoder, path string, member func(name string, raw json.RawMessage)) error {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("%s: not a GeoJSON object", path)
	}
	for {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("%s: no features array: %w", path, err)
		}
		if t == "features" {
			break
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if name, ok := t.(string); ok && member != nil {
			member(name, raw)
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return fmt.Errorf("%s: features is not an array", path)
	}
	return nil
}
