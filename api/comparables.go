package api

// Comparable sales (spec 2.10).

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Comparables settings.
const (
	comparablesRadiusMiles = 1.0
	comparablesDefCount    = 10
	comparablesMaxCount    = 50
	comparablesDefYears    = 2
)

// Comparable event types: which sales count.
const (
	CompEventCompleted = "Completed" // completed (registered) sales, the default
	CompEventSoldSTC   = "Sold STC"  // agreed, not yet completed
	CompEventAny       = "Any"
)

type comparablesFilters struct {
	Bedrooms     *int    `json:"bedrooms"`
	PropertyType *string `json:"property_type"`
	Count        int     `json:"count"`
	StartDate    string  `json:"start_date"`
	EndDate      string  `json:"end_date"`
	EventType    string  `json:"event_type"`
}

type latestListing struct {
	ListingID    string  `json:"listing_id"`
	AddedDate    *string `json:"added_date"`
	LatestPrice  int64   `json:"latest_price"`
	LatestStatus string  `json:"latest_status"`
	Source       string  `json:"source"`
}

type titleBrief struct {
	TitleNo        string  `json:"title_no"`
	EstateInterest *string `json:"estate_interest"`
	TitleClass     *string `json:"title_class"`
}

type comparableOut struct {
	UPRN                *int64         `json:"uprn"`
	Bedrooms            *int           `json:"bedrooms"`
	Bathrooms           *int           `json:"bathrooms"`
	EPCFloorArea        *float64       `json:"epc_floor_area"`
	PropertyType        *string        `json:"property_type"`
	ConstructionAgeBand *string        `json:"construction_age_band"`
	CurrentEnergyEff    *int           `json:"current_energy_efficiency"`
	Address             string         `json:"address"`
	Postcode            *string        `json:"postcode"`
	DistanceMeters      float64        `json:"distance_meters"`
	SaleID              int64          `json:"sale_id"`
	TxID                string         `json:"txid"`
	SoldDate            *string        `json:"sold_let_date"`
	SoldPrice           int64          `json:"sold_let_price"`
	ListingPrice        *int64         `json:"listing_price"`
	TransactionType     string         `json:"transaction_type"`
	IsComplete          bool           `json:"is_complete"`
	LatestListing       *latestListing `json:"latest_listing"`
	Title               *titleBrief    `json:"title"`
}

type comparablesResponse struct {
	ReferenceUPRN int64              `json:"reference_uprn"`
	Filters       comparablesFilters `json:"filters"`
	Comparables   []comparableOut    `json:"comparables"`
	TotalResults  int64              `json:"total_results"`
	RadiusMiles   float64            `json:"radius_miles"`
	ResponseTime  float64            `json:"response_time_seconds"`
}

func (s *Server) comparables(w http.ResponseWriter, r *http.Request) error {
	start := time.Now()
	uprn, f, err := comparablesParams(r, s.opt.Now().UTC())
	if err != nil {
		return err
	}
	out, err := s.comparablesOf(r.Context(), uprn, f)
	if err != nil {
		return err
	}
	out.ResponseTime = math.Round(time.Since(start).Seconds()*1000) / 1000
	return writeJSON(w, http.StatusOK, out)
}

// comparablesParams reads the path UPRN and the filters, with the default
// window of comparablesDefYears up to now.
func comparablesParams(r *http.Request, now time.Time) (int64, comparablesFilters, error) {
	uprn, err := pathUPRN(r)
	if err != nil {
		return 0, comparablesFilters{}, err
	}
	p := newParams(r)
	f := comparablesFilters{
		Bedrooms:  p.OptInt("bedrooms", 0, 20),
		Count:     p.Int("count", comparablesDefCount, 1, comparablesMaxCount),
		EventType: p.Enum("event_type", CompEventCompleted, CompEventCompleted, CompEventSoldSTC, CompEventAny),
	}
	if pt := p.Enum("property_type", "", "Detached", "Semi-Detached", "Terraced", "Flat", "Bungalow", "Other"); pt != "" {
		f.PropertyType = &pt
	}
	sd, ed := p.Date("start_date"), p.Date("end_date")
	if err := p.Err(); err != nil {
		return 0, f, err
	}
	f.StartDate = now.AddDate(-comparablesDefYears, 0, 0).Format("2006-01-02")
	f.EndDate = now.Format("2006-01-02")
	if sd != nil {
		f.StartDate = sd.Format("2006-01-02")
	}
	if ed != nil {
		f.EndDate = ed.Format("2006-01-02")
	}
	if f.StartDate > f.EndDate {
		return 0, f, InvalidParam("start_date", "must not be after end_date")
	}
	return uprn, f, nil
}

// comparablesSpec is the sales search of the filters around a point.
func comparablesSpec(uprn int64, at mappings.GeoPoint, f comparablesFilters) query.ComparablesSpec {
	spec := query.ComparablesSpec{
		Point: at, RadiusMeters: comparablesRadiusMiles * query.MetersPerMile,
		ExcludeUPRN: uprn, Bedrooms: f.Bedrooms, StartDate: f.StartDate, EndDate: f.EndDate, Size: f.Count,
	}
	if f.PropertyType != nil {
		spec.PropertyType = *f.PropertyType
	}
	switch f.EventType {
	case CompEventCompleted:
		yes := true
		spec.Complete = &yes
	case CompEventSoldSTC:
		no := false
		spec.Complete = &no
	}
	return spec
}

// comparablesOf finds the comparable sales around a property with the
// latest listing and the title of each.
func (s *Server) comparablesOf(ctx context.Context, uprn int64, f comparablesFilters) (comparablesResponse, error) {
	out := comparablesResponse{ReferenceUPRN: uprn, Filters: f, Comparables: []comparableOut{}, RadiusMiles: comparablesRadiusMiles}
	prop, err := s.propertyDoc(ctx, uprn)
	if err != nil {
		return out, err
	}
	if prop.Location == nil {
		return out, Errorf(http.StatusNotFound, CodeNoGeopoint, "UPRN %d has no location to find comparables around", uprn)
	}
	res, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexSales), query.Comparables(comparablesSpec(uprn, *prop.Location, f)))
	if err != nil {
		return out, fmt.Errorf("search comparables: %w", err)
	}
	out.TotalResults = res.Hits.Total.Value
	sales, err := decodeHits[mappings.Sale](res.Hits.Hits, "sale")
	if err != nil || len(sales) == 0 {
		return out, err
	}
	latest, titles, err := s.comparableExtras(ctx, sales)
	if err != nil {
		return out, err
	}
	for i, sa := range sales {
		c, err := comparableRow(sa, hitDistance(res.Hits.Hits[i]), latest, titles)
		if err != nil {
			return out, err
		}
		out.Comparables = append(out.Comparables, c)
	}
	return out, nil
}

// comparableExtras fetches the latest listing of each sale (by sale id) and
// the title documents the sales name (by title number).
func (s *Server) comparableExtras(ctx context.Context, sales []mappings.Sale) (map[int64]mappings.Listing, map[string]json.RawMessage, error) {
	ids := make([]int64, 0, len(sales))
	var titleNos []string
	for _, sa := range sales {
		ids = append(ids, sa.ID)
		if sa.TitleNo != "" {
			titleNos = append(titleNos, sa.TitleNo)
		}
	}
	lres, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexListings), query.LatestListingsOfSales(ids, maxNested))
	if err != nil {
		return nil, nil, fmt.Errorf("search comparable listings: %w", err)
	}
	ls, err := decodeHits[mappings.Listing](lres.Hits.Hits, "listing")
	if err != nil {
		return nil, nil, err
	}
	latest := map[int64]mappings.Listing{}
	for _, l := range ls {
		if _, ok := latest[l.SaleID]; !ok {
			latest[l.SaleID] = l
		}
	}
	titles := map[string]json.RawMessage{}
	if len(titleNos) > 0 {
		if titles, err = s.backend.MGet(ctx, s.idx.Name(mappings.IndexTitles), titleNos); err != nil {
			return nil, nil, fmt.Errorf("get comparable titles: %w", err)
		}
	}
	return latest, titles, nil
}

// comparableRow is one comparable of the response: the sale, its distance
// in metres, its latest listing and its title when known.
func comparableRow(sa mappings.Sale, distance float64, latest map[int64]mappings.Listing, titles map[string]json.RawMessage) (comparableOut, error) {
	c := comparableOut{
		UPRN: nullIfZero(sa.UPRN), Bedrooms: nullIfZero(sa.Bedrooms), Bathrooms: nullIfZero(sa.Bathrooms), EPCFloorArea: nullIfZero(sa.EPCFloorArea),
		PropertyType: nullIfZero(sa.PropertyType), ConstructionAgeBand: nullIfZero(sa.ConstructionAgeBand), CurrentEnergyEff: nullIfZero(sa.CurrentEnergyEff),
		Address: sa.Address, Postcode: nullIfZero(sa.Postcode), DistanceMeters: math.Round(distance*10) / 10,
		SaleID: sa.ID, TxID: sa.TxID, SoldDate: day(sa.SoldDate), SoldPrice: sa.Price, TransactionType: sa.TransactionType, IsComplete: sa.IsComplete,
	}
	if l, ok := latest[sa.ID]; ok {
		c.ListingPrice = nullIfZero(l.LatestPrice)
		v := viewListing(&l)
		c.LatestListing = &latestListing{ListingID: *cmp.Or(v.ListingID, &v.ID), AddedDate: v.AddedDay, LatestPrice: v.LatestPrice,
			LatestStatus: v.LatestStatus, Source: v.Source}
	}
	if src, ok := titles[sa.TitleNo]; ok {
		var t mappings.Title
		if err := json.Unmarshal(src, &t); err != nil {
			return c, fmt.Errorf("decode title %s: %w", sa.TitleNo, err)
		}
		c.Title = &titleBrief{TitleNo: t.TitleNo, EstateInterest: nullIfZero(t.EstateInterest), TitleClass: nullIfZero(t.TitleClass)}
	} else if sa.TitleNo != "" {
		c.Title = &titleBrief{TitleNo: sa.TitleNo}
	}
	return c, nil
}
