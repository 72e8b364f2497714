package synth

import (
	"math"
	"strconv"

	"github.com/ukpd/propertyapi/mappings"
)

// Geometry works in metres on a local plane per town (x east, y north from
// the town centre) and converts to WGS84 with an equirectangular
// projection, exact enough over a city and affine, so shared edges stay
// shared and nesting survives the conversion.

const metresPerDegLat = 111320.0

// proj converts local metres to degrees around an origin.
type proj struct{ lat0, lon0, mPerDegLon float64 }

func newProj(lat, lon float64) proj {
	return proj{lat0: lat, lon0: lon, mPerDegLon: metresPerDegLat * math.Cos(lat*math.Pi/180)}
}

func (p proj) lat(y float64) float64 { return round6(p.lat0 + y/metresPerDegLat) }
func (p proj) lon(x float64) float64 { return round6(p.lon0 + x/p.mPerDegLon) }

func (p proj) point(x, y float64) *mappings.GeoPoint {
	return &mappings.GeoPoint{Lat: p.lat(y), Lon: p.lon(x)}
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// rect is an axis-aligned rectangle in local metres.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) w() float64           { return r.x1 - r.x0 }
func (r rect) h() float64           { return r.y1 - r.y0 }
func (r rect) cx() float64          { return (r.x0 + r.x1) / 2 }
func (r rect) cy() float64          { return (r.y0 + r.y1) / 2 }
func (r rect) inset(m float64) rect { return rect{r.x0 + m, r.y0 + m, r.x1 - m, r.y1 - m} }
func (r rect) areaSqm() float64     { return r.w() * r.h() }

// union is the smallest rect holding r and o.
func (r rect) union(o rect) rect {
	return rect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

// corners is the ring of r: its corners anticlockwise from (x0, y0).
func (r rect) corners() [][2]float64 {
	return [][2]float64{{r.x0, r.y0}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}}
}
func (r rect) clampPt(x, y, m float64) (float64, float64) {
	return clamp(x, r.x0+m, r.x1-m), clamp(y, r.y0+m, r.y1-m)
}

// polygon returns the GeoJSON Polygon of a rectangle (counter-clockwise).
func (p proj) polygon(r rect) *mappings.Geometry {
	return p.ring([][2]float64{{r.x0, r.y0}, {r.x1, r.y0}, {r.x1, r.y1}, {r.x0, r.y1}})
}

// ring returns a Polygon from a counter-clockwise ring of local points (not
// closed; ring closes it).
func (p proj) ring(pts [][2]float64) *mappings.Geometry {
	b := make([]byte, 0, 32*len(pts)+8)
	b = append(b, "[["...)
	for i := 0; i <= len(pts); i++ {
		q := pts[i%len(pts)]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendFloat(b, p.lon(q[0]), 'f', -1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, p.lat(q[1]), 'f', -1, 64)
		b = append(b, ']')
	}
	b = append(b, "]]"...)
	return &mappings.Geometry{Type: "Polygon", Coordinates: b}
}

// octagon approximates a circle of radius r around (x, y).
func octagon(x, y, r float64) [][2]float64 {
	out := make([][2]float64, 8)
	for i := range out {
		a := float64(i) * math.Pi / 4
		out[i] = [2]float64{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return out
}

// kdNode partitions a rectangle into k leaves with no gaps or overlaps.
type kdNode struct {
	r        rect
	vertical bool // split on x
	cut      float64
	lo, hi   *kdNode
	leaf     int // leaf index when lo == nil
}

// kdSplit splits r into exactly k rectangles by recursive halving along the
// longer side, proportionally to the leaf counts; leaves are numbered from
// *next in left-to-right/bottom-to-top order. jitter (0..0.3) moves each cut
// a little so the pattern does not look like a grid.
func kdSplit(r rect, k int, next *int, rr rnd, jitter float64) *kdNode {
	n := &kdNode{r: r}
	if k <= 1 {
		n.leaf = *next
		*next++
		return n
	}
	k1 := k / 2
	f := float64(k1) / float64(k)
	f = clamp(f+rr.between(-jitter, jitter)*f, 0.2, 0.8)
	if r.w() >= r.h() {
		n.vertical = true
		n.cut = r.x0 + f*r.w()
		n.lo = kdSplit(rect{r.x0, r.y0, n.cut, r.y1}, k1, next, rr, jitter)
		n.hi = kdSplit(rect{n.cut, r.y0, r.x1, r.y1}, k-k1, next, rr, jitter)
	} else {
		n.cut = r.y0 + f*r.h()
		n.lo = kdSplit(rect{r.x0, r.y0, r.x1, n.cut}, k1, next, rr, jitter)
		n.hi = kdSplit(rect{r.x0, n.cut, r.x1, r.y1}, k-k1, next, rr, jitter)
	}
	return n
}

// find returns the leaf containing (x, y) (points outside are clamped to
// the nearest leaf).
func (n *kdNode) find(x, y float64) int {
	for n.lo != nil {
		v := y
		if n.vertical {
			v = x
		}
		if v < n.cut {
			n = n.lo
		} else {
			n = n.hi
		}
	}
	return n.leaf
}

// leaves returns the leaf rectangles in leaf order.
func (n *kdNode) leaves(out []rect) []rect {
	if n.lo == nil {
		for len(out) <= n.leaf {
			out = append(out, rect{})
		}
		out[n.leaf] = n.r
		return out
	}
	out = n.lo.leaves(out)
	return n.hi.leaves(out)
}
