package api

// Valuation estimate (spec 2.17 "Valuation estimate", 4.2): recent sale →
// active listing → composite of comparables.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/api/calc"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Valuation error codes (spec 7).
const (
	CodeNoGeopoint              = "no_geopoint"
	CodeNoComparables           = "no_comparables"
	CodeInsufficientComparables = "insufficient_comparables"
)

// Valuation methods and settings.
const (
	MethodRecentSale    = "recent_sale_price"
	MethodActiveListing = "active_listing_price"
	MethodComposite     = "composite_score_weighted_average"
	// valuationSaleMaxYears bounds the age of comparable sales.
	valuationSaleMaxYears = 5
	// valuationRentMaxYears bounds the age of comparable rental listings.
	valuationRentMaxYears = 2
	// minComparables below which the composite refuses to answer.
	minComparables = 3
	// widenBelow: the search radius grows until this many candidates are found.
	widenBelow           = 8
	valuationAttribution = "Contains HM Land Registry data © Crown copyright and database right. " +
		"Licensed under the Open Government Licence v3.0. Price index: UK House Price Index (ONS, HM Land Registry)."
)

// valuationRadiiMiles are tried in turn until enough candidates are found.
func valuationRadiiMiles() []float64 { return []float64{0.5, 1, 2, 5} }

type valuationConfidence struct {
	Level           string   `json:"level"`
	Tier            string   `json:"tier"`
	Label           string   `json:"label"`
	Reasons         []string `json:"reasons"`
	ComparableCount int      `json:"comparable_count"`
}

type valuationComparable struct {
	UPRN          *int64   `json:"uprn"`
	Address       string   `json:"address"`
	Postcode      string   `json:"postcode"`
	Bedrooms      *int     `json:"bedrooms"`
	PropertyType  *string  `json:"property_type"`
	FloorArea     *float64 `json:"floor_area_m2"`
	DistanceM     float64  `json:"distance_m"`
	SaleDate      *string  `json:"sale_date"`
	SalePrice     int64    `json:"sale_price_gbp"`
	AdjustedPrice int64    `json:"adjusted_price_gbp"`
	Weight        float64  `json:"weight"`
}

type valuationResponse struct {
	UPRN            int64                 `json:"uprn"`
	Type            string                `json:"type"`
	Estimate        int64                 `json:"estimate_gbp"`
	RangeLow        int64                 `json:"range_low_gbp"`
	RangeHigh       int64                 `json:"range_high_gbp"`
	Confidence      valuationConfidence   `json:"confidence"`
	ComparableCount int                   `json:"comparables_count"`
	Method          string                `json:"method"`
	Attribution     string                `json:"attribution"`
	Comparables     []valuationComparable `json:"comparable_properties"`
	Methodology     map[string]any        `json:"methodology"`
	ResponseTime    float64               `json:"response_time_seconds"`
}

// valuationEstimate answers valuations/estimate?uprn=&type=&count=; the
// estimate itself is s.valuation.
func (s *Server) valuationEstimate(w http.ResponseWriter, r *http.Request) error {
	start := time.Now()
	uprn, typ, count, err := valuationParams(r)
	if err != nil {
		return err
	}
	prop, err := s.propertyDoc(r.Context(), uprn)
	if err != nil {
		return err
	}
	if prop.Location == nil {
		return Errorf(http.StatusNotFound, CodeNoGeopoint, "UPRN %d has no location to find comparables around", uprn)
	}
	out, err := s.valuation(r.Context(), uprn, prop, typ, count)
	if err != nil {
		return err
	}
	out.ResponseTime = time.Since(start).Seconds()
	return writeJSON(w, http.StatusOK, out)
}

// valuationParams reads uprn (required), type (sale, the default, or rent)
// and count (1 to 50, default 20).
func valuationParams(r *http.Request) (uprn int64, typ string, count int, err error) {
	p := newParams(r)
	uprn = p.UPRN("uprn", true)
	if err := p.Err(); err != nil {
		return 0, "", 0, err
	}
	// Any case, as every enum; sent empty it is 422 like every typed
	// parameter, and a value that is not a type is the spec's 400 invalid_type.
	if p.blank("type") {
		return 0, "", 0, p.Err()
	}
	typ = strings.ToLower(p.raw("type"))
	switch typ {
	case "":
		typ = "sale"
	case "sale", "rent":
	default:
		return 0, "", 0, Errorf(http.StatusBadRequest, CodeInvalidType, "type must be sale or rent")
	}
	count = p.Int("count", 20, 1, 50)
	return uprn, typ, count, p.Err()
}

// valuation estimates prop by the first method that applies: a sale in the
// last twelve months brought forward by the price index (sale only), the
// asking price of an active listing, else the composite of comparables.
func (s *Server) valuation(ctx context.Context, uprn int64, prop *mappings.Property, typ string, count int) (valuationResponse, error) {
	now := s.opt.Now().UTC()
	out := valuationResponse{UPRN: uprn, Type: typ, Attribution: valuationAttribution, Comparables: []valuationComparable{}}

	// One round trip: the index series, a recent sale and an active listing.
	items := []search.MultiItem{
		{Index: s.idx.Name(mappings.IndexHPI), Body: query.HPISeries(prop.Region)},
		{Index: s.idx.Name(mappings.IndexSales), Body: query.RecentSale(uprn, now.AddDate(-1, 0, 0).Format("2006-01-02"))},
		{Index: s.idx.Name(mappings.IndexListings), Body: query.ActiveListing(uprn, listingTransaction(typ))},
	}
	rs, err := s.backend.MSearch(ctx, items)
	if err != nil {
		return out, fmt.Errorf("valuation lookups for %d: %w", uprn, err)
	}
	hpi, err := decodeHPI(rs[0])
	if err != nil {
		return out, err
	}
	if typ == "rent" {
		hpi = calc.HPI{} // no rent index: asking rents are taken as they are
	}
	if typ == "sale" {
		if ok, err := recentSaleValuation(&out, rs[1], hpi, prop.Region); ok || err != nil {
			return out, err
		}
	}
	if ok, err := activeListingValuation(&out, rs[2], typ); ok || err != nil {
		return out, err
	}
	comps, radius, err := s.valuationCandidates(ctx, prop, typ, count, now)
	if err != nil {
		return out, err
	}
	if len(comps) == 0 {
		what := "sales"
		if typ == "rent" {
			what = "rental listings"
		}
		return out, Errorf(http.StatusNotFound, CodeNoComparables, "no comparable %s within %g miles of UPRN %d", what, radius, uprn)
	}
	return out, compositeValuation(&out, prop, comps, hpi, radius, count)
}

// recentSaleValuation is tier 1: the property's sale of the last twelve
// months (first hit of r) brought to today by the price index; false when
// there is none.
func recentSaleValuation(out *valuationResponse, r *search.Response, hpi calc.HPI, region string) (bool, error) {
	if len(r.Hits.Hits) == 0 {
		return false, nil
	}
	var sale mappings.Sale
	if err := json.Unmarshal(r.Hits.Hits[0].Source, &sale); err != nil {
		return false, fmt.Errorf("decode sale: %w", err)
	}
	f := hpi.Factor(sale.SoldDate)
	est := float64(sale.Price) * f
	out.Method = MethodRecentSale
	fill(out, est, 0.05, out.Type)
	out.Confidence = valuationConfidence{Level: "high", Tier: "1", Label: "High confidence",
		Reasons: []string{fmt.Sprintf("sold for £%d on %s, within the last 12 months", sale.Price, *orEmpty(day(sale.SoldDate))),
			fmt.Sprintf("adjusted by the regional price index (factor %.3f)", f)}}
	out.Methodology = map[string]any{"source": LabelLandRegistry, "sold_date": day(sale.SoldDate), "sold_price_gbp": sale.Price,
		"hpi_factor": round4(f), "hpi_region": nullIfZero(region), "hpi_latest_month": nullIfZero(hpi.Latest())}
	return true, nil
}

// activeListingValuation is tier 2: the asking price of the property's
// active listing (first hit of r); false when there is none with a price.
func activeListingValuation(out *valuationResponse, r *search.Response, typ string) (bool, error) {
	if len(r.Hits.Hits) == 0 {
		return false, nil
	}
	var l mappings.Listing
	if err := json.Unmarshal(r.Hits.Hits[0].Source, &l); err != nil {
		return false, fmt.Errorf("decode listing: %w", err)
	}
	if l.LatestPrice <= 0 {
		return false, nil
	}
	v := viewListing(&l)
	out.Method = MethodActiveListing
	fill(out, float64(v.LatestPrice), 0.075, typ)
	out.Confidence = valuationConfidence{Level: "medium", Tier: "2", Label: "Medium confidence",
		Reasons: []string{fmt.Sprintf("asking price of an active listing (%s) added %s", v.LatestStatus, *orEmpty(v.AddedDay)),
			"asking prices can differ from achieved prices"}}
	out.Methodology = map[string]any{"source": v.Source, "listing_added_date": v.AddedDay,
		"listing_status": v.LatestStatus, "listing_price_gbp": v.LatestPrice}
	return true, nil
}

// valuationSubject is what the composite compares comparables with: EPC
// floor area, else the internal area, else the predicted one; bedrooms,
// else the predicted count.
func valuationSubject(prop *mappings.Property) calc.Subject {
	sub := calc.Subject{Bedrooms: prop.Bedrooms, PropertyType: prop.PropertyType, FloorArea: prop.EPCFloorArea}
	if sub.FloorArea == 0 {
		sub.FloorArea = prop.InternalAreaSqm
	}
	if sub.Bedrooms == 0 {
		sub.Bedrooms = prop.PredictedBedrooms
	}
	if sub.FloorArea == 0 {
		sub.FloorArea = prop.PredictedFloorArea
	}
	return sub
}

// compositeValuation is tier 3: the weighted composite of comparables found
// within radius miles (404 when fewer than minComparables are viable).
func compositeValuation(out *valuationResponse, prop *mappings.Property, comps []calc.Comp, hpi calc.HPI, radius float64, count int) error {
	typ := out.Type
	opts := calc.DefaultCompositeOptions(radius*query.MetersPerMile, count)
	est := calc.Composite(valuationSubject(prop), comps, hpi, opts)
	if len(est.Comps) < minComparables {
		return Errorf(http.StatusNotFound, CodeInsufficientComparables, "only %d viable comparables for UPRN %d (at least %d needed)", len(est.Comps), out.UPRN, minComparables)
	}
	out.Method = MethodComposite
	step := 1000.0
	if typ == "rent" {
		step = 5
	}
	out.Estimate = int64(calc.RoundTo(est.Value, step))
	out.RangeLow = int64(calc.RoundTo(est.Low, step))
	out.RangeHigh = int64(calc.RoundTo(est.High, step))
	g := calc.Grade(len(est.Comps), est.Dispersion)
	nearest := math.Inf(1)
	for _, c := range est.Comps {
		nearest = math.Min(nearest, c.DistanceM)
		out.Comparables = append(out.Comparables, valuationComparable{
			UPRN: nullIfZero(c.UPRN), Address: c.Address, Postcode: c.Postcode, Bedrooms: nullIfZero(c.Bedrooms), PropertyType: nullIfZero(c.PropertyType),
			FloorArea: nullIfZero(c.FloorArea), DistanceM: math.Round(c.DistanceM*10) / 10, SaleDate: day(c.Date),
			SalePrice: int64(c.Price), AdjustedPrice: int64(math.Round(c.Adjusted)), Weight: round4(c.Weight),
		})
	}
	out.ComparableCount = len(est.Comps)
	out.Confidence = valuationConfidence{Level: g.Level, Tier: fmt.Sprint(g.Tier), Label: g.Label, ComparableCount: len(est.Comps),
		Reasons: []string{
			fmt.Sprintf("%d comparables within %g miles", len(est.Comps), radius),
			fmt.Sprintf("comparable prices spread ±%.0f%% after adjustment", est.Dispersion*100),
			fmt.Sprintf("nearest comparable %.0f m away", nearest),
		}}
	if typ == "sale" {
		if hpi.Latest() != "" {
			out.Confidence.Reasons = append(out.Confidence.Reasons, "prices brought to "+hpi.Latest()+" by the regional price index")
		} else {
			out.Confidence.Reasons = append(out.Confidence.Reasons, "no regional price index: prices not adjusted for date")
		}
	}
	maxYears := valuationSaleMaxYears
	if typ == "rent" {
		maxYears = valuationRentMaxYears
	}
	out.Methodology = map[string]any{
		"weights":                 opts.Weights,
		"hpi_monthly_growth":      round4(hpi.MonthlyGrowth()),
		"comparable_radius_miles": radius,
		"sale_date_max_years":     maxYears,
		"floor_area_elasticity":   opts.AreaElasticity,
		"hpi_region":              nullIfZero(prop.Region),
		"hpi_latest_month":        nullIfZero(hpi.Latest()),
	}
	return nil
}

// listingTransaction is the listing transaction type of a valuation type.
func listingTransaction(typ string) string {
	if typ == "rent" {
		return "Rental"
	}
	return "Sale"
}

// fill sets a single-price estimate with a ± spread.
func fill(out *valuationResponse, est, spread float64, typ string) {
	step := 1000.0
	if typ == "rent" {
		step = 5
	}
	out.Estimate = int64(calc.RoundTo(est, step))
	out.RangeLow = int64(calc.RoundTo(est*(1-spread), step))
	out.RangeHigh = int64(calc.RoundTo(est*(1+spread), step))
}

// valuationCandidates searches comparables, widening the radius until
// enough are found; it returns the radius used (miles).
func (s *Server) valuationCandidates(ctx context.Context, prop *mappings.Property, typ string, count int, now time.Time) ([]calc.Comp, float64, error) {
	pt := *prop.Location
	size := count * 4
	if size < 40 {
		size = 40
	}
	var comps []calc.Comp
	var radius float64
	for _, radius = range valuationRadiiMiles() {
		meters := radius * query.MetersPerMile
		var res *search.Response
		var err error
		if typ == "rent" {
			since := now.AddDate(-valuationRentMaxYears, 0, 0).Format("2006-01-02")
			res, err = s.backend.Search(ctx, s.idx.Name(mappings.IndexListings), query.RentalComparables(pt, meters, prop.UPRN, since, size))
		} else {
			yes := true
			res, err = s.backend.Search(ctx, s.idx.Name(mappings.IndexSales), query.Comparables(query.ComparablesSpec{
				Point: pt, RadiusMeters: meters, ExcludeUPRN: prop.UPRN, Complete: &yes,
				StartDate: now.AddDate(-valuationSaleMaxYears, 0, 0).Format("2006-01-02"), Size: size}))
		}
		if err != nil {
			return nil, 0, fmt.Errorf("search comparables: %w", err)
		}
		comps = comps[:0]
		for _, h := range res.Hits.Hits {
			d := hitDistance(h)
			if typ == "rent" {
				var l mappings.Listing
				if err := json.Unmarshal(h.Source, &l); err != nil {
					return nil, 0, fmt.Errorf("decode listing %s: %w", h.ID, err)
				}
				comps = append(comps, calc.Comp{UPRN: l.UPRN, Address: l.DisplayAddress, Postcode: l.Postcode, Bedrooms: l.Bedrooms,
					PropertyType: l.PropertyType, DistanceM: d, Date: l.AddedDate, Price: float64(l.LatestPrice)})
				continue
			}
			var sa mappings.Sale
			if err := json.Unmarshal(h.Source, &sa); err != nil {
				return nil, 0, fmt.Errorf("decode sale %s: %w", h.ID, err)
			}
			comps = append(comps, calc.Comp{UPRN: sa.UPRN, Address: sa.Address, Postcode: sa.Postcode, Bedrooms: sa.Bedrooms,
				PropertyType: sa.PropertyType, FloorArea: sa.EPCFloorArea, DistanceM: d, Date: sa.SoldDate, Price: float64(sa.Price)})
		}
		if len(comps) >= widenBelow {
			break
		}
	}
	return comps, radius, nil
}

// hitDistance reads the geo-distance sort value (meters) of a hit.
func hitDistance(h search.Hit) float64 {
	if len(h.Sort) == 0 {
		return 0
	}
	var d float64
	if err := json.Unmarshal(h.Sort[0], &d); err != nil {
		return 0
	}
	return d
}

func decodeHPI(r *search.Response) (calc.HPI, error) {
	var h calc.HPI
	for _, hit := range r.Hits.Hits {
		var d mappings.HPI
		if err := json.Unmarshal(hit.Source, &d); err != nil {
			return h, fmt.Errorf("decode hpi %s: %w", hit.ID, err)
		}
		h.Points = append(h.Points, calc.HPIPoint{Month: d.Month, Index: d.Index})
	}
	return h, nil
}

func round4(f float64) float64 { return math.Round(f*10000) / 10000 }
