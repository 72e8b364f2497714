package api

// Live-listing search and map clusters (spec 2.15, 4.5).

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Live-listing bounds (documented in docs/nearby.md).
const (
	listingsPageSizeDefault = 30
	listingsPageSizeMax     = 100
	// listingsRadiusKmDefault: uprn= means this property (its own listings,
	// and a building's flats'); radius_km widens it to neighbours.
	listingsRadiusKmDefault = 0
	listingsRadiusKmMax     = 5
	maxBedroomsParam        = 50
	maxPriceParam           = 1_000_000_000
	clustersZoomMax         = 22
)

// listingPropertyTypes are the standardised property types of a listing.
func listingPropertyTypes() []string {
	return []string{"Detached", "Semi-Detached", "Terraced", "Flat", "Bungalow"}
}

// The listing filter parameters, read by listingFilter for live-listing
// search and clusters, and accepted in a saved search's "filters".
const (
	paramBoundaryID      = "boundary_id"
	paramBBox            = "bbox"
	paramUPRN            = "uprn"
	paramRadiusKm        = "radius_km"
	paramTransactionType = "transaction_type"
	paramBedrooms        = "bedrooms"
	paramMaxBedrooms     = "max_bedrooms"
	paramMinPrice        = "min_price"
	paramMaxPrice        = "max_price"
	paramPropertyType    = "property_type"
	paramNewBuildsOnly   = "new_builds_only"
	paramReducedOnly     = "reduced_only"
)

// listingFilterParams are the listing filter parameters (page, page_size
// and sort are not filters).
func listingFilterParams() []string {
	return []string{paramBoundaryID, paramBBox, paramUPRN, paramRadiusKm, paramTransactionType, paramBedrooms, paramMaxBedrooms, paramMinPrice, paramMaxPrice, paramPropertyType, paramNewBuildsOnly, paramReducedOnly}
}

// listingFilter reads the filter parameters shared by search and clusters
// and resolves boundary_id (must exist) and uprn (must exist).
func (s *Server) listingFilter(ctx context.Context, p *params) (query.ListingFilter, error) {
	var f query.ListingFilter
	var boundaryID int64
	if p.Has(paramBoundaryID) {
		n, err := strconv.ParseInt(p.raw(paramBoundaryID), 10, 64)
		if err != nil || n <= 0 {
			p.fail(InvalidParam(paramBoundaryID, "must be a positive integer (an id from boundaries/autocomplete)"))
		}
		boundaryID = n
	}
	f.UPRN = p.UPRN(paramUPRN, false)
	radiusKm := p.Float(paramRadiusKm, listingsRadiusKmDefault, 0, listingsRadiusKmMax)
	if p.Has(paramRadiusKm) && !p.Has(paramUPRN) {
		p.fail(InvalidParam(paramRadiusKm, "applies only with uprn"))
	}
	f.BBox = p.BBox(paramBBox, false)
	f.TxType = p.Enum(paramTransactionType, "", "Sale", "Rental")
	f.MinBedrooms = p.OptInt(paramBedrooms, 0, maxBedroomsParam)
	f.MaxBedrooms = p.OptInt(paramMaxBedrooms, 0, maxBedroomsParam)
	if f.MinBedrooms != nil && f.MaxBedrooms != nil && *f.MinBedrooms > *f.MaxBedrooms {
		p.fail(InvalidParam(paramMaxBedrooms, "must be at least bedrooms (%d)", *f.MinBedrooms))
	}
	if v := p.OptInt(paramMinPrice, 0, maxPriceParam); v != nil {
		n := int64(*v)
		f.MinPrice = &n
	}
	if v := p.OptInt(paramMaxPrice, 0, maxPriceParam); v != nil {
		n := int64(*v)
		f.MaxPrice = &n
	}
	if f.MinPrice != nil && f.MaxPrice != nil && *f.MinPrice > *f.MaxPrice {
		p.fail(InvalidParam(paramMaxPrice, "must be at least min_price (%d)", *f.MinPrice))
	}
	f.PropertyTypes = p.List(paramPropertyType, listingPropertyTypes()...)
	f.NewBuildsOnly = p.Bool(paramNewBuildsOnly, false)
	f.ReducedOnly = p.Bool(paramReducedOnly, false)
	if err := p.Err(); err != nil {
		return f, err
	}
	if boundaryID != 0 && f.UPRN != 0 {
		return f, Errorf(http.StatusUnprocessableEntity, CodeInvalidParams, "boundary_id and uprn are mutually exclusive; give one")
	}
	if boundaryID != 0 {
		shape, err := s.boundaryShape(ctx, boundaryID)
		if err != nil {
			return f, err
		}
		f.Boundary = shape
	}
	if f.UPRN != 0 {
		d, b, err := s.uprnRecord(ctx, f.UPRN)
		if err != nil {
			return f, err
		}
		if b != nil {
			f.FlatUPRNs = b.flatUPRNs()
		}
		// A property without a location still matches its own listings.
		if d.Location != nil && radiusKm > 0 {
			f.Near = d.Location
			f.RadiusM = radiusKm * 1000
		}
	}
	return f, nil
}

// boundaryShape checks that a boundary exists and has a polygon (without
// fetching it) and returns the indexed-shape reference the engine resolves.
func (s *Server) boundaryShape(ctx context.Context, id int64) (*query.IndexedShape, error) {
	if err := s.checkBoundaryPolygon(ctx, id); err != nil {
		return nil, err
	}
	index := s.idx.Name(mappings.IndexBoundaries)
	return &query.IndexedShape{Index: index, ID: strconv.FormatInt(id, 10), Path: mappings.BoundaryFieldGeometry}, nil
}

// checkBoundaryPolygon answers 404 for an unknown boundary id and 422 for
// one without a polygon (places and streets from OS Open Names are points):
// the engine cannot filter by a shape that is not there.
func (s *Server) checkBoundaryPolygon(ctx context.Context, id int64) error {
	index := s.idx.Name(mappings.IndexBoundaries)
	sid := strconv.FormatInt(id, 10)
	ids := query.M{"ids": query.M{"values": []string{sid}}}
	n, err := s.backend.Count(ctx, index, query.M{"query": query.Bool(nil, []query.M{ids, {"exists": query.M{"field": mappings.BoundaryFieldGeometry}}}, nil, nil)})
	if err != nil {
		return fmt.Errorf("count boundary %d: %w", id, err)
	}
	if n > 0 {
		return nil
	}
	if n, err = s.backend.Count(ctx, index, query.M{"query": ids}); err != nil {
		return fmt.Errorf("count boundary %d: %w", id, err)
	}
	if n == 0 {
		return NotFound("no boundary with id %d (ids come from boundaries/autocomplete)", id)
	}
	return Errorf(http.StatusUnprocessableEntity, CodeInvalidParams,
		"boundary %d is a place or street point without a polygon; filter by bbox, or by a radius around its centroid", id)
}

// liveListing is one result of live-listings/search (spec 2.15).
type liveListing struct {
	ID                  string             `json:"id"`
	ListingID           *string            `json:"listing_id"`
	BranchID            *string            `json:"branch_id"`
	PropertyUPRN        *int64             `json:"property_uprn"`
	SaleID              *int64             `json:"sale_id"`
	DisplayAddress      string             `json:"display_address"`
	TransactionType     string             `json:"transaction_type"`
	LatestStatus        string             `json:"latest_status"`
	LatestPrice         int64              `json:"latest_price"`
	Source              string             `json:"source"`
	Bedrooms            *int               `json:"bedrooms"`
	Bathrooms           *int               `json:"bathrooms"`
	ReceptionRooms      *int               `json:"reception_rooms"`
	ListingPropertyType *string            `json:"listing_property_type"`
	Ownership           *string            `json:"ownership"`
	IsNewBuild          bool               `json:"is_new_build"`
	AddedDate           *string            `json:"added_date"` // date-time (spec 2.15); null when unknown
	FirstOfferDate      *string            `json:"first_offer_date"`
	FirstSoldOrLetDate  *string            `json:"first_sold_or_let_date"`
	SaleCancelledDate   *string            `json:"sale_cancelled_date"`
	ReducedDate         *string            `json:"reduced_date"`
	Description         *string            `json:"description"`
	Geopoint            *mappings.GeoPoint `json:"geopoint"`
	Images              []string           `json:"images"`
	AgentName           *string            `json:"agent_name"`
	// UKPDPropertyType is the "second property-type field" of spec 2.15:
	// our standardised type (Detached, Semi-Detached, Terraced, Flat,
	// Bungalow), where listing_property_type is the agent's wording.
	UKPDPropertyType string `json:"ukpd_property_type"`
}

func toLiveListing(d *mappings.Listing) liveListing {
	v := viewListing(d)
	return liveListing{
		ID: v.ID, ListingID: v.ListingID, BranchID: v.BranchID, PropertyUPRN: v.UPRN, SaleID: v.SaleID,
		DisplayAddress: v.DisplayAddress, TransactionType: v.TransactionType,
		LatestStatus: v.LatestStatus, LatestPrice: v.LatestPrice, Source: v.Source,
		Bedrooms: v.Bedrooms, Bathrooms: v.Bathrooms, ReceptionRooms: v.ReceptionRooms,
		ListingPropertyType: v.ListingPropertyType, Ownership: v.Ownership, IsNewBuild: v.IsNewBuild,
		AddedDate: v.AddedAt, FirstOfferDate: v.FirstOfferDate, FirstSoldOrLetDate: v.FirstSoldOrLetDate,
		SaleCancelledDate: v.SaleCancelledDate, ReducedDate: v.ReducedDate,
		Description: v.Description, Geopoint: v.Location, Images: v.Images, AgentName: v.AgentName,
		UKPDPropertyType: v.PropertyType,
	}
}

type liveListingsPage struct {
	Count      int64         `json:"count"`
	Page       int           `json:"page"`
	PageSize   int           `json:"page_size"`
	TotalPages int64         `json:"total_pages"`
	Results    []liveListing `json:"results"`
}

func (s *Server) liveListingsSearch(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	sort := p.Enum("sort", "-added_date", query.ListingSortValues()...)
	page := p.Int("page", 1, 1, math.MaxInt32)
	size := p.Int("page_size", listingsPageSizeDefault, 1, listingsPageSizeMax)
	if err := p.Err(); err != nil {
		return err
	}
	if page*size > maxResultWindow {
		return pageTooDeep(page, size)
	}
	f, err := s.listingFilter(r.Context(), p)
	if err != nil {
		return err
	}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexListings), query.LiveListingsSearch(f, sort, (page-1)*size, size))
	if err != nil {
		return fmt.Errorf("live listings search: %w", err)
	}
	out := liveListingsPage{Count: res.Hits.Total.Value, Page: page, PageSize: size, Results: []liveListing{}}
	out.TotalPages = (out.Count + int64(size) - 1) / int64(size)
	for _, h := range res.Hits.Hits {
		var d mappings.Listing
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode listing %s: %w", h.ID, err)
		}
		out.Results = append(out.Results, toLiveListing(&d))
	}
	var next, prev, last *string
	if int64(page) < out.TotalPages && (page+1)*size <= maxResultWindow {
		next = pageURL(r, page+1)
	}
	if page > 1 {
		prev = pageURL(r, page-1)
	}
	if lp := min(out.TotalPages, int64(maxResultWindow/size)); lp >= 1 {
		last = pageURL(r, int(lp))
	}
	setPageLinks(w.Header(), next, prev, pageURL(r, 1), last)
	return writeJSON(w, http.StatusOK, out)
}

// priceStats is a stats aggregation (null fields when no listing has a price).
type priceStats struct {
	Min *float64 `json:"min"`
	Max *float64 `json:"max"`
	Avg *float64 `json:"avg"`
}

func (ps priceStats) rounded() *priceStats {
	if ps.Min == nil {
		return nil
	}
	avg := math.Round(*ps.Avg)
	return &priceStats{Min: ps.Min, Max: ps.Max, Avg: &avg}
}

type cluster struct {
	Key      string            `json:"key"`
	Count    int64             `json:"count"`
	Centroid mappings.GeoPoint `json:"centroid"`
	Bounds   mappings.BBox     `json:"bounds"`
	Price    *priceStats       `json:"price"`
}

type clustersResponse struct {
	Total     int64          `json:"total"`
	Zoom      int            `json:"zoom"`
	Precision int            `json:"precision"`
	BBox      *mappings.BBox `json:"bbox"`
	Price     *priceStats    `json:"price"`
	Clusters  []cluster      `json:"clusters"`
	// Other counts listings in no returned bucket (beyond the bucket cap, or
	// without a geopoint): clusters' counts plus other.count equal total.
	Other struct {
		Count int64 `json:"count"`
	} `json:"other"`
}

// parseTileKey splits a geotile_grid key "z/x/y" (fmt.Sscanf was 7% of
// the clusters endpoint's CPU).
func parseTileKey(key string) (z, x, y int, err error) {
	zs, rest, ok1 := strings.Cut(key, "/")
	xs, ys, ok2 := strings.Cut(rest, "/")
	if ok1 && ok2 {
		if z, err = strconv.Atoi(zs); err == nil {
			if x, err = strconv.Atoi(xs); err == nil {
				if y, err = strconv.Atoi(ys); err == nil {
					return z, x, y, nil
				}
			}
		}
	}
	return 0, 0, 0, fmt.Errorf("bucket key %q is not z/x/y", key)
}

// tileBoundsOf returns the WGS84 bounds of geotile z/x/y (Web Mercator).
func tileBoundsOf(z, x, y int) mappings.BBox {
	n := math.Exp2(float64(z))
	lon := func(x float64) float64 { return x/n*360 - 180 }
	lat := func(y float64) float64 { return math.Atan(math.Sinh(math.Pi*(1-2*y/n))) * 180 / math.Pi }
	return mappings.BBox{MinLon: lon(float64(x)), MaxLon: lon(float64(x + 1)), MaxLat: lat(float64(y)), MinLat: lat(float64(y + 1))}
}

func (s *Server) liveListingsClusters(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	if !p.Has("zoom") {
		p.fail(InvalidParam("zoom", "is required: an integer from 0 to %d", clustersZoomMax))
	}
	zoom := p.Int("zoom", 0, 0, clustersZoomMax)
	if err := p.Err(); err != nil {
		return err
	}
	if !p.Has("bbox") && !p.Has("boundary_id") && !p.Has("uprn") {
		return InvalidParam("bbox", "is required (minLon,minLat,maxLon,maxLat), unless boundary_id or uprn is given")
	}
	f, err := s.listingFilter(r.Context(), p)
	if err != nil {
		return err
	}
	precision := query.ClusterPrecisionFor(zoom, f.BBox)
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexListings), query.LiveListingsClusters(f, precision))
	if err != nil {
		return fmt.Errorf("live listings clusters: %w", err)
	}
	var aggs struct {
		Clusters struct {
			Buckets []struct {
				Key      string `json:"key"`
				DocCount int64  `json:"doc_count"`
				Centroid struct {
					Location mappings.GeoPoint `json:"location"`
				} `json:"centroid"` // query.ClusterCentroidAgg
				Price priceStats `json:"price"` // query.PriceStatsAgg
			} `json:"buckets"`
		}
		Price priceStats
	}
	if err := decodeAggs(res.Aggregations, map[string]any{query.ClustersAgg: &aggs.Clusters, query.PriceStatsAgg: &aggs.Price}); err != nil {
		return fmt.Errorf("live listings clusters: %w", err)
	}
	out := clustersResponse{Total: res.Hits.Total.Value, Zoom: zoom, Precision: precision, Price: aggs.Price.rounded(), Clusters: []cluster{}}
	if f.BBox != nil {
		out.BBox = f.BBox
	}
	var sum int64
	for _, b := range aggs.Clusters.Buckets {
		z, x, y, err := parseTileKey(b.Key)
		if err != nil {
			return fmt.Errorf("live listings clusters: %w", err)
		}
		sum += b.DocCount
		out.Clusters = append(out.Clusters, cluster{
			Key: b.Key, Count: b.DocCount, Centroid: roundPoint(b.Centroid.Location, 6),
			Bounds: tileBoundsOf(z, x, y), Price: b.Price.rounded(),
		})
	}
	out.Other.Count = out.Total - sum
	if out.Other.Count < 0 {
		out.Other.Count = 0
	}
	return writeJSON(w, http.StatusOK, out)
}
