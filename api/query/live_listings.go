package query

import (
	"math"

	"github.com/ukpd/propertyapi/mappings"
)

// BBox is a viewport in WGS84 degrees (the stored type itself).
type BBox = mappings.BBox

// IndexedShape names a shape stored in another index: the engine fetches it,
// so the polygon never travels in the request.
type IndexedShape struct {
	Index string // real alias name of the boundaries index
	ID    string
	Path  string
}

// ListingFilter is the validated filter set of live-listing search, clusters
// (and export). Zero values mean "no filter".
type ListingFilter struct {
	Boundary      *IndexedShape
	UPRN          int64     // listings at this property ...
	FlatUPRNs     []int64   // ... or, when UPRN is a building, at its flats ...
	Near          *GeoPoint // ... or within RadiusM of this point
	RadiusM       float64
	BBox          *BBox
	TxType        string
	MinBedrooms   *int
	MaxBedrooms   *int
	MinPrice      *int64
	MaxPrice      *int64
	PropertyTypes []string
	NewBuildsOnly bool
	ReducedOnly   bool
}

// Clauses returns the filter clauses; the first is always is_live = true.
func (f ListingFilter) Clauses() []M {
	return append([]M{Term(mappings.ListingFieldIsLive, true)}, f.MatchClauses()...)
}

// IsEmpty reports whether the filter restricts nothing.
func (f ListingFilter) IsEmpty() bool { return len(f.MatchClauses()) == 0 }

// MatchClauses are the filter's own clauses without the is_live condition:
// what "matches this search" means for one listing whatever its state. Live
// search adds is_live; saved-search percolation (AlertPercolatorQuery) does
// not, so a listing that is sold or withdrawn still matches the searches it
// belonged to.
func (f ListingFilter) MatchClauses() []M {
	out := []M{}
	if f.Boundary != nil {
		out = append(out, M{"geo_shape": M{mappings.ListingFieldLocation: M{"indexed_shape": M{
			"index": f.Boundary.Index, "id": f.Boundary.ID, "path": f.Boundary.Path,
		}}}})
	}
	if f.UPRN != 0 {
		should := []M{Term(mappings.ListingFieldUPRN, f.UPRN)}
		if len(f.FlatUPRNs) > 0 {
			should = []M{Terms(mappings.ListingFieldUPRN, append([]int64{f.UPRN}, f.FlatUPRNs...))}
		}
		if f.Near != nil && f.RadiusM > 0 {
			should = append(should, GeoDistance(mappings.ListingFieldLocation, *f.Near, f.RadiusM))
		}
		if len(should) == 1 {
			out = append(out, should[0])
		} else {
			out = append(out, M{"bool": M{"should": should, "minimum_should_match": 1}})
		}
	}
	if f.BBox != nil {
		out = append(out, GeoBoundingBox(mappings.ListingFieldLocation, *f.BBox))
	}
	if f.TxType != "" {
		out = append(out, Term(mappings.ListingFieldTransactionType, f.TxType))
	}
	if f.MinBedrooms != nil || f.MaxBedrooms != nil {
		b := M{}
		if f.MinBedrooms != nil {
			b["gte"] = *f.MinBedrooms
		}
		if f.MaxBedrooms != nil {
			b["lte"] = *f.MaxBedrooms
		}
		out = append(out, Range(mappings.ListingFieldBedrooms, b))
	}
	if f.MinPrice != nil || f.MaxPrice != nil {
		b := M{}
		if f.MinPrice != nil {
			b["gte"] = *f.MinPrice
		}
		if f.MaxPrice != nil {
			b["lte"] = *f.MaxPrice
		}
		out = append(out, Range(mappings.ListingFieldLatestPrice, b))
	}
	if len(f.PropertyTypes) > 0 {
		out = append(out, Terms(mappings.ListingFieldPropertyType, f.PropertyTypes))
	}
	if f.NewBuildsOnly {
		out = append(out, Term(mappings.ListingFieldIsNewBuild, true))
	}
	if f.ReducedOnly {
		out = append(out, Term(mappings.ListingFieldIsReduced, true))
	}
	return out
}

// GeoBoundingBox filters points inside a viewport.
func GeoBoundingBox(field string, b BBox) M {
	return M{"geo_bounding_box": M{field: M{
		"top_left":     GeoPoint{Lat: b.MaxLat, Lon: b.MinLon},
		"bottom_right": GeoPoint{Lat: b.MinLat, Lon: b.MaxLon},
	}}}
}

// listingSort maps the sort parameter to sort clauses (id breaks ties so
// pages are stable); unknown values fall back to -added_date.
func listingSort(sort string) []M {
	field, order := mappings.ListingFieldAddedDate, "desc"
	switch sort {
	case "added_date":
		order = "asc"
	case "-latest_price":
		field = mappings.ListingFieldLatestPrice
	case "latest_price":
		field, order = mappings.ListingFieldLatestPrice, "asc"
	}
	return []M{{field: M{"order": order}}, {mappings.ListingFieldID: M{"order": "asc"}}}
}

// ListingSortValues are the accepted sort parameter values, default first.
func ListingSortValues() []string {
	return []string{"-added_date", "added_date", "-latest_price", "latest_price"}
}

// LiveListingsSearch is one page of live listings, newest first by default.
func LiveListingsSearch(f ListingFilter, sort string, from, size int) M {
	return M{
		"query":            Bool(nil, f.Clauses(), nil, nil),
		"sort":             listingSort(sort),
		"from":             from,
		"size":             size,
		"track_total_hits": true,
		"_source":          M{"excludes": []string{mappings.ListingFieldBoundaryCodes}},
	}
}

// MaxClusterBuckets caps the geotile buckets returned; the rest is reported
// as a remainder so counts still add up.
const MaxClusterBuckets = 2000

// ClusterPrecision is the geotile precision for a map zoom: four cells across
// a 256-pixel tile (cells of about 64 px), capped at the engine's 29.
func ClusterPrecision(zoom int) int {
	return int(math.Min(float64(zoom+2), 29))
}

// ClusterPrecisionFor is ClusterPrecision lowered, when a viewport is
// given, until the viewport spans at most MaxClusterBuckets cells, so a
// viewport far larger than the screen (or a zoom that does not match it)
// still gets real clusters instead of a capped list and a large remainder.
func ClusterPrecisionFor(zoom int, b *BBox) int {
	p := ClusterPrecision(zoom)
	if b == nil {
		return p
	}
	for p > 0 && tileCells(p, *b) > MaxClusterBuckets {
		p--
	}
	return p
}

// tileCells counts the geotiles of precision p a viewport touches.
func tileCells(p int, b BBox) float64 {
	n := math.Exp2(float64(p))
	tx := func(lon float64) float64 { return math.Min(n-1, math.Floor((lon+180)/360*n)) }
	ty := func(lat float64) float64 {
		lat = math.Max(-85.05112878, math.Min(85.05112878, lat))
		r := lat * math.Pi / 180
		return math.Min(n-1, math.Floor((1-math.Log(math.Tan(r)+1/math.Cos(r))/math.Pi)/2*n))
	}
	return (tx(b.MaxLon) - tx(b.MinLon) + 1) * (ty(b.MinLat) - ty(b.MaxLat) + 1)
}

// Aggregation names of LiveListingsClusters: the geotile buckets, each
// with its centroid and price stats, and the overall price stats.
const (
	ClustersAgg        = "clusters"
	ClusterCentroidAgg = "centroid"
	PriceStatsAgg      = "price"
)

// LiveListingsClusters aggregates the filtered live listings into geotile
// buckets with a centroid and price statistics each, plus overall stats.
func LiveListingsClusters(f ListingFilter, precision int) M {
	return M{
		"query":            Bool(nil, f.Clauses(), nil, nil),
		"size":             0,
		"track_total_hits": true,
		"aggs": M{
			ClustersAgg: M{
				"geotile_grid": M{"field": mappings.ListingFieldLocation, "precision": precision, "size": MaxClusterBuckets},
				"aggs": M{
					ClusterCentroidAgg: M{"geo_centroid": M{"field": mappings.ListingFieldLocation}},
					PriceStatsAgg:      M{"stats": M{"field": mappings.ListingFieldLatestPrice}},
				},
			},
			PriceStatsAgg: M{"stats": M{"field": mappings.ListingFieldLatestPrice}},
		},
	}
}
