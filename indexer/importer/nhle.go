package importer

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// NHLEAttribution is Historic England's attribution for NHLE GIS data.
const NHLEAttribution = "© Historic England. Contains Ordnance Survey data © Crown copyright and database right. " +
	"The most publicly available up to date Historic England GIS Data can be obtained from https://historicengland.org.uk. " +
	"Licensed under the Open Government Licence v3.0."

const nhleEntryURL = "https://historicengland.org.uk/listing/the-list/list-entry/"

// nhleDate reads a ListDate as the NHLE downloads give it: epoch
// milliseconds (ArcGIS JSON/GeoJSON), "YYYY/MM/DD hh:mm:ss+00" (ArcGIS Hub
// CSV), ISO "YYYY-MM-DD[T...]" or "DD/MM/YYYY". "" when unreadable.
func nhleDate(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if ms, err := strconv.ParseInt(s, 10, 64); err == nil && (ms > 99999999 || ms < 0) {
		return time.UnixMilli(ms).UTC().Format("2006-01-02")
	}
	if len(s) >= 10 && (s[4] == '/' || s[4] == '-') {
		iso := strings.ReplaceAll(s[:10], "/", "-")
		if validISODate(iso) {
			return iso
		}
	}
	return dmyToISO(s)
}

// listedFromNHLE is the pure transform of one NHLE listed-building point,
// read through get (by column or property name). lonlat, when not nil, is
// the WGS84 point of a GeoJSON geometry.
func listedFromNHLE(get func(names ...string) string, lonlat *mappings.GeoPoint) (doc mappings.ListedBuilding, reason string) {
	raw := get("ListEntry", "List Entry", "LEN")
	entry, err := strconv.ParseInt(strings.TrimSuffix(raw, ".0"), 10, 64)
	if err != nil || entry <= 0 {
		return doc, fmt.Sprintf("invalid ListEntry %q", raw)
	}
	grade := strings.ToUpper(strings.TrimSpace(get("Grade")))
	switch grade {
	case "I", "II*", "II":
	default:
		return doc, fmt.Sprintf("%d: unknown Grade %q (want I, II* or II)", entry, get("Grade"))
	}
	name := get("Name")
	if name == "" {
		return doc, fmt.Sprintf("%d: empty Name", entry)
	}
	pt := lonlat
	if e, n := get("Easting"), get("Northing"); pt == nil && (e != "" || n != "") {
		ef, e1 := strconv.ParseFloat(e, 64)
		nf, e2 := strconv.ParseFloat(n, 64)
		if e1 != nil || e2 != nil || !validBNG(ef, nf) {
			return doc, fmt.Sprintf("%d: invalid Easting/Northing %q,%q", entry, e, n)
		}
		lat, lon := BNGToWGS84(ef, nf)
		pt = &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}
	}
	if pt == nil {
		return doc, fmt.Sprintf("%d: no location (no geometry, no Easting/Northing)", entry)
	}
	url := get("hyperlink", "Hyperlink", "URL")
	if url == "" {
		url = nhleEntryURL + strconv.FormatInt(entry, 10)
	}
	doc = mappings.ListedBuilding{
		ListEntry: entry, Name: name, Grade: grade, ListDate: nhleDate(get("ListDate", "List Date")),
		Location: pt, URL: url, Source: "nhle", Attribution: NHLEAttribution,
	}
	return doc, ""
}

// ImportNHLE reads Historic England's National Heritage List for England
// listed-building points: the CSV export (columns by name: ListEntry, Name,
// Grade, ListDate, hyperlink, Easting, Northing) or the GeoJSON export
// (the same properties, MultiPoint or Point geometry in WGS84 or British
// National Grid; Easting/Northing when the geometry is absent). A list entry seen twice is rejected the second time.
func ImportNHLE(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("nhle", files)
	em := emitter{sink, rep}
	seen := firstSeen[int64]{}
	add := func(file string, line int, doc mappings.ListedBuilding, reason string) error {
		if reason != "" {
			rep.reject(file, line, "%s", reason)
			return nil
		}
		if first, dup := seen.at(doc.ListEntry, file, line); dup {
			rep.reject(file, line, "duplicate ListEntry %d (first at %s)", doc.ListEntry, first)
			return nil
		}
		return em.add(mappings.IndexListedBuildings, strconv.FormatInt(doc.ListEntry, 10), doc)
	}
	for _, path := range files {
		ext := strings.ToLower(filepath.Ext(path))
		if ext == ".geojson" || ext == ".json" {
			if err := readNHLEGeoJSON(ctx, path, rep, add); err != nil {
				return rep, err
			}
			continue
		}
		cf, h, err := openWithHeader(path)
		if err != nil {
			return rep, err
		}
		if h.index("ListEntry", "List Entry") < 0 || h.index("Grade") < 0 {
			cf.Close()
			return rep, fmt.Errorf("%s: not an NHLE listed-building export: need ListEntry and Grade columns", path)
		}
		err = eachRecord(ctx, cf, rep, func(rec []string, line int) error {
			getter := func(names ...string) string { return get(rec, h.index(names...)) }
			doc, reason := listedFromNHLE(getter, nil)
			return add(cf.name, line, doc, reason)
		})
		cf.Close()
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// readNHLEGeoJSON streams the features of a GeoJSON FeatureCollection;
// rejects are reported by 1-based feature number.
func readNHLEGeoJSON(ctx context.Context, path string, rep *Report, add func(string, int, mappings.ListedBuilding, string) error) error {
	return withFile(path, func(name string, f io.Reader) error {
		dec := json.NewDecoder(f)
		dec.UseNumber()
		if err := enterFeatures(dec, path, nil); err != nil {
			return err
		}
		return eachFeature(ctx, dec, path, rep, func(n int, feat geoFeature) error {
			props := map[string]string{}
			for k, v := range feat.Properties {
				if v != nil {
					props[strings.ToLower(k)] = strings.TrimSpace(fmt.Sprint(v))
				}
			}
			getter := func(names ...string) string {
				for _, k := range names {
					if v, ok := props[strings.ToLower(k)]; ok && v != "" {
						return v
					}
				}
				return ""
			}
			var pt *mappings.GeoPoint
			// The NHLE layer's geometry is a MultiPoint (one point per entry in
			// practice); a Point is read too. The first point is used.
			var xy []float64
			if g := feat.Geometry; g != nil {
				switch g.Type {
				case "Point":
					_ = json.Unmarshal(g.Coordinates, &xy)
				case "MultiPoint":
					var pts [][]float64
					if json.Unmarshal(g.Coordinates, &pts) == nil && len(pts) > 0 {
						xy = pts[0]
					}
				}
			}
			if len(xy) >= 2 {
				x, y := xy[0], xy[1]
				switch {
				case x >= -8.9 && x <= 2.1 && y >= 49 && y <= 61.5:
					pt = &mappings.GeoPoint{Lat: y, Lon: x}
				case validBNG(x, y): // exported in EPSG:27700
					lat, lon := BNGToWGS84(x, y)
					pt = &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}
				}
			}
			doc, reason := listedFromNHLE(getter, pt)
			return add(name, n, doc, reason)
		})
	})
}
