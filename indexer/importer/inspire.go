package importer

// HM Land Registry INSPIRE Index Polygons (layout: the GML HM Land Registry
// publishes per local authority, "Land_Registry_Cadastral_Parcels.gml" in
// each authority's zip): a WFS 2.0 FeatureCollection whose members are
// LR:PREDEFINED features (namespace LR = "www.landregistry.gov.uk") with
// LR:INSPIREID, LR:LABEL, LR:NATIONALCADASTRALREFERENCE, LR:VALIDFROM,
// LR:BEGINLIFESPANVERSION and LR:GEOMETRY holding one gml:Polygon in
// EPSG:27700 (srsName urn:ogc:def:crs:EPSG::27700): gml:exterior and
// gml:interior LinearRings as gml:posList easting/northing pairs.
//
// The polygons are the freehold index polygons of England and Wales. They
// carry no title number and no UPRN: title_no is "INSPIRE-<INSPIREID>" and
// the UPRNs are found by point-in-polygon against the addresses already
// loaded (Env.AddressPoints).

import (
	"archive/zip"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// AddressPoint is a loaded address with a location.
type AddressPoint struct {
	UPRN     int64
	Location mappings.GeoPoint
}

// AddressPoints calls fn with every loaded address located inside the box.
type AddressPoints func(ctx context.Context, minLat, minLon, maxLat, maxLon float64, fn func(AddressPoint)) error

type gmlRing struct {
	PosList string `xml:"LinearRing>posList"`
}

type inspireFeature struct {
	GMLID     string `xml:"id,attr"`
	InspireID string `xml:"INSPIREID"`
	Label     string `xml:"LABEL"`
	NCR       string `xml:"NATIONALCADASTRALREFERENCE"`
	ValidFrom string `xml:"VALIDFROM"`
	Begin     string `xml:"BEGINLIFESPANVERSION"`
	Polygon   *struct {
		SrsName  string    `xml:"srsName,attr"`
		Exterior gmlRing   `xml:"exterior"`
		Interior []gmlRing `xml:"interior"`
	} `xml:"GEOMETRY>Polygon"`
}

// inspireParcel is one polygon kept until the UPRN join.
type inspireParcel struct {
	doc   mappings.Title
	rings []ring // WGS84 [lon, lat]
	bbox  [4]float64
}

// ImportINSPIRE reads INSPIRE Index Polygon GML files (or the zips they
// come in) into titles. With env.AddressPoints it joins each polygon to the
// loaded addresses inside it: one title document per UPRN found (a block
// of flats shares its freehold polygon), and one without UPRN for a
// polygon holding none. Rejects carry the feature number as their line.
func ImportINSPIRE(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("inspire", files)
	em := emitter{sink, rep}
	if env.AddressPoints == nil {
		rep.note("no address lookup: titles loaded without UPRNs")
	}
	// One GML file (one local authority) at a time: its polygons, one
	// address scan over its box, its documents; memory holds one authority.
	for _, path := range files {
		err := eachGML(path, func(name string, r io.Reader) error {
			var parcels []*inspireParcel
			if err := readINSPIRE(ctx, name, r, rep, func(p *inspireParcel) { parcels = append(parcels, p) }); err != nil {
				return err
			}
			return emitParcels(ctx, env, parcels, em)
		})
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

// emitParcels joins one file's polygons to the loaded addresses and writes
// their title documents.
func emitParcels(ctx context.Context, env Env, parcels []*inspireParcel, em emitter) error {
	rep := em.rep
	inside := map[int][]int64{} // parcel → UPRNs
	if env.AddressPoints != nil && len(parcels) > 0 {
		if err := joinParcels(ctx, env.AddressPoints, parcels, inside); err != nil {
			return fmt.Errorf("inspire: join to addresses: %w", err)
		}
	}
	for i, p := range parcels {
		uprns := inside[i]
		sort.Slice(uprns, func(a, b int) bool { return uprns[a] < uprns[b] })
		if len(uprns) == 0 {
			rep.mark("polygon without a loaded address inside", 1)
			if err := em.add(mappings.IndexTitles, p.doc.TitleNo, p.doc); err != nil {
				return err
			}
			continue
		}
		rep.mark("UPRN joined by point-in-polygon", len(uprns))
		for _, u := range uprns {
			d := p.doc
			d.UPRN = u
			if len(uprns) > 1 {
				d.TitleNo = fmt.Sprintf("%s-%d", p.doc.TitleNo, u)
			}
			if err := em.add(mappings.IndexTitles, d.TitleNo, d); err != nil {
				return err
			}
		}
		if len(uprns) > 1 {
			rep.mark("polygon shared by several UPRNs (one document each)", 1)
		}
	}
	return nil
}

// eachGML calls fn with a .gml file, or with every .gml entry of a .zip
// (macOS junk entries ignored).
func eachGML(path string, fn func(name string, r io.Reader) error) error {
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			return fmt.Errorf("open %s: %w", path, err)
		}
		defer zr.Close()
		n := 0
		for _, f := range zr.File {
			base := filepath.Base(f.Name)
			if strings.HasPrefix(f.Name, "__MACOSX/") || strings.HasPrefix(base, "._") || !strings.EqualFold(filepath.Ext(base), ".gml") {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				return fmt.Errorf("open %s in %s: %w", f.Name, path, err)
			}
			err = fn(filepath.Base(path)+"/"+base, rc)
			rc.Close()
			if err != nil {
				return err
			}
			n++
		}
		if n == 0 {
			return fmt.Errorf("%s: no .gml file inside", path)
		}
		return nil
	}
	return withFile(path, fn)
}

func readINSPIRE(ctx context.Context, name string, r io.Reader, rep *Report, each func(*inspireParcel)) error {
	dec := xml.NewDecoder(r)
	n := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if n == 0 {
				return fmt.Errorf("%s: no LR:PREDEFINED features (not an INSPIRE Index Polygons GML file)", name)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: after feature %d: %w", name, n, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "PREDEFINED" {
			continue
		}
		n++
		if n%10000 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		var f inspireFeature
		if err := dec.DecodeElement(&f, &se); err != nil {
			return fmt.Errorf("%s: feature %d: %w", name, n, err)
		}
		rep.Rows++
		p, err := inspireParcelOf(&f)
		if err != nil {
			rep.reject(name, n, "feature %d (INSPIREID %q): %v", n, f.InspireID, err)
			continue
		}
		each(p)
	}
}

func inspireParcelOf(f *inspireFeature) (*inspireParcel, error) {
	id := strings.TrimSpace(f.InspireID)
	if id == "" {
		return nil, fmt.Errorf("no INSPIREID")
	}
	if f.Polygon == nil {
		return nil, fmt.Errorf("no gml:Polygon geometry")
	}
	if s := f.Polygon.SrsName; s != "" && !strings.HasSuffix(s, "27700") {
		return nil, fmt.Errorf("srsName %q (want EPSG:27700)", s)
	}
	var bng [][][2]float64
	ext, err := parsePosList(f.Polygon.Exterior.PosList)
	if err != nil {
		return nil, fmt.Errorf("exterior: %v", err)
	}
	bng = append(bng, ext)
	for i, in := range f.Polygon.Interior {
		r, err := parsePosList(in.PosList)
		if err != nil {
			return nil, fmt.Errorf("interior %d: %v", i+1, err)
		}
		bng = append(bng, r)
	}
	area := math.Abs(shoelace(bng[0]))
	for _, h := range bng[1:] {
		area -= math.Abs(shoelace(h))
	}
	rings := make([]ring, len(bng))
	for i, r := range bng {
		for _, p := range r {
			lat, lon := BNGToWGS84(p[0], p[1])
			rings[i] = append(rings[i], [2]float64{round7(lon), round7(lat)})
		}
	}
	var repairs []string
	clean, err := repairPolygon(rings, &repairs)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(clean)
	if err != nil {
		return nil, err
	}
	p := &inspireParcel{rings: clean, bbox: [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}}
	var sx, sy float64
	for _, pt := range clean[0][:len(clean[0])-1] {
		sx, sy = sx+pt[0], sy+pt[1]
		p.bbox[0], p.bbox[1] = math.Min(p.bbox[0], pt[0]), math.Min(p.bbox[1], pt[1])
		p.bbox[2], p.bbox[3] = math.Max(p.bbox[2], pt[0]), math.Max(p.bbox[3], pt[1])
	}
	k := float64(len(clean[0]) - 1)
	created := dateOnly(firstNonEmpty(f.ValidFrom, f.Begin))
	p.doc = mappings.Title{
		TitleNo: "INSPIRE-" + id, RecordStatus: "A", EstateInterestCode: "F", EstateInterest: "Freehold",
		CreatedAt: created, UpdatedAt: dateOnly(firstNonEmpty(f.Begin, f.ValidFrom)),
		AreaSqm:  math.Round(area*10) / 10,
		Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: b},
		Centroid: &mappings.GeoPoint{Lat: round6(sy / k), Lon: round6(sx / k)},
		Source:   "HM Land Registry INSPIRE Index Polygons",
	}
	return p, nil
}

// parsePosList reads "e1 n1 e2 n2 ..." (srsDimension 2).
func parsePosList(s string) ([][2]float64, error) {
	fs := strings.Fields(s)
	if len(fs) == 0 {
		return nil, fmt.Errorf("empty posList")
	}
	if len(fs)%2 != 0 {
		return nil, fmt.Errorf("posList has %d numbers (want easting/northing pairs)", len(fs))
	}
	out := make([][2]float64, 0, len(fs)/2)
	for i := 0; i < len(fs); i += 2 {
		e, err1 := strconv.ParseFloat(fs[i], 64)
		n, err2 := strconv.ParseFloat(fs[i+1], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad number in posList at pair %d", i/2+1)
		}
		if !validBNG(e, n) {
			return nil, fmt.Errorf("easting/northing %v %v outside the National Grid", e, n)
		}
		out = append(out, [2]float64{e, n})
	}
	return out, nil
}

// shoelace is the signed area of a ring in the units of its coordinates.
func shoelace(r [][2]float64) float64 {
	var a float64
	for i := 0; i+1 < len(r); i++ {
		a += r[i][0]*r[i+1][1] - r[i+1][0]*r[i][1]
	}
	return a / 2
}

func round7(f float64) float64 { return math.Round(f*1e7) / 1e7 }

// dateOnly keeps YYYY-MM-DD of a date-time ("2009-07-31T00:00:00").
func dateOnly(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 10 {
		return s[:10]
	}
	return s
}

// joinParcels streams the addresses inside the parcels' overall box and
// records, per parcel, those whose point falls inside it (holes excluded).
func joinParcels(ctx context.Context, lookup AddressPoints, parcels []*inspireParcel, inside map[int][]int64) error {
	box := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range parcels {
		box[0], box[1] = math.Min(box[0], p.bbox[0]), math.Min(box[1], p.bbox[1])
		box[2], box[3] = math.Max(box[2], p.bbox[2]), math.Max(box[3], p.bbox[3])
	}
	// A grid of about 100 m cells over the box, each listing the parcels
	// whose bounding box touches it.
	const cell = 0.001
	key := func(lon, lat float64) [2]int {
		return [2]int{int(math.Floor((lon - box[0]) / cell)), int(math.Floor((lat - box[1]) / cell))}
	}
	grid := map[[2]int][]int{}
	for i, p := range parcels {
		a, b := key(p.bbox[0], p.bbox[1]), key(p.bbox[2], p.bbox[3])
		for x := a[0]; x <= b[0]; x++ {
			for y := a[1]; y <= b[1]; y++ {
				grid[[2]int{x, y}] = append(grid[[2]int{x, y}], i)
			}
		}
	}
	return lookup(ctx, box[1], box[0], box[3], box[2], func(ap AddressPoint) {
		pt := [2]float64{ap.Location.Lon, ap.Location.Lat}
		for _, i := range grid[key(pt[0], pt[1])] {
			p := parcels[i]
			if pt[0] < p.bbox[0] || pt[0] > p.bbox[2] || pt[1] < p.bbox[1] || pt[1] > p.bbox[3] {
				continue
			}
			if pointInPolygon(pt, p.rings) {
				inside[i] = append(inside[i], ap.UPRN)
			}
		}
	})
}

// pointInPolygon: inside the outer ring and outside every hole (even-odd).
func pointInPolygon(pt [2]float64, rings []ring) bool {
	if len(rings) == 0 || !pointInRing(pt, rings[0]) {
		return false
	}
	for _, h := range rings[1:] {
		if pointInRing(pt, h) {
			return false
		}
	}
	return true
}

func pointInRing(pt [2]float64, r ring) bool {
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		xi, yi, xj, yj := r[i][0], r[i][1], r[j][0], r[j][1]
		if (yi > pt[1]) != (yj > pt[1]) && pt[0] < (xj-xi)*(pt[1]-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}
