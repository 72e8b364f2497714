package api

// Comparable sales (spec 2.10).

import (
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
	ctx := r.Context()
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	now := s.opt.Now().UTC()
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
		return err
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
		return InvalidParam("start_date", "must not be after end_date")
	}
	prop, err := s.propertyDoc(ctx, uprn)
	if err != nil {
		return err
	}
	if prop.Location == nil {
		return Errorf(http.StatusNotFound, CodeNoGeopoint, "UPRN %d has no location to find comparables around", uprn)
	}
	spec := query.ComparablesSpec{
		Point: query.GeoPoint{Lat: prop.Location.Lat, Lon: prop.Location.Lon}, RadiusMeters: comparablesRadiusMiles * query.MetersPerMile,
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
	res, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexSales), query.Comparables(spec))
	if err != nil {
		return fmt.Errorf("search comparables: %w", err)
	}
	out := comparablesResponse{ReferenceUPRN: uprn, Filters: f, Comparables: []comparableOut{}, TotalResults: res.Hits.Total.Value, RadiusMiles: comparablesRadiusMiles}
	sales, err := decodeHits[mappings.Sale](res.Hits.Hits, "sale")
	if err != nil {
		return err
	}
	if len(sales) > 0 {
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
			return fmt.Errorf("search comparable listings: %w", err)
		}
		latest := map[int64]mappings.Listing{}
		ls, err := decodeHits[mappings.Listing](lres.Hits.Hits, "listing")
		if err != nil {
			return err
		}
		for _, l := range ls {
			if _, ok := latest[l.SaleID]; !ok {
				latest[l.SaleID] = l
			}
		}
		titles := map[string]json.RawMessage{}
		if len(titleNos) > 0 {
			if titles, err = s.backend.MGet(ctx, s.idx.Name(mappings.IndexTitles), titleNos); err != nil {
				return fmt.Errorf("get comparable titles: %w", err)
			}
		}
		for i, sa := range sales {
			c := comparableOut{
				UPRN: nz64(sa.UPRN), Bedrooms: nzi(sa.Bedrooms), Bathrooms: nzi(sa.Bathrooms), EPCFloorArea: nzf(sa.EPCFloorArea),
				PropertyType: nzs(sa.PropertyType), ConstructionAgeBand: nzs(sa.ConstructionAgeBand), CurrentEnergyEff: nzi(sa.CurrentEnergyEff),
				Address: sa.Address, Postcode: nzs(sa.Postcode), DistanceMeters: math.Round(hitDistance(res.Hits.Hits[i])*10) / 10,
				SaleID: sa.ID, TxID: sa.TxID, SoldDate: day(sa.SoldDate), SoldPrice: sa.Price, TransactionType: sa.TransactionType, IsComplete: sa.IsComplete,
			}
			if l, ok := latest[sa.ID]; ok {
				c.ListingPrice = nz64(l.LatestPrice)
				c.LatestListing = &latestListing{ListingID: l.ListingID, AddedDate: day(l.AddedDate), LatestPrice: l.LatestPrice,
					LatestStatus: l.LatestStatus, Source: publicSource(l.Source, "")}
				if c.LatestListing.ListingID == "" {
					c.LatestListing.ListingID = l.ID
				}
			}
			if src, ok := titles[sa.TitleNo]; ok {
				var t mappings.Title
				if err := json.Unmarshal(src, &t); err != nil {
					return fmt.Errorf("decode title %s: %w", sa.TitleNo, err)
				}
				c.Title = &titleBrief{TitleNo: t.TitleNo, EstateInterest: nzs(t.EstateInterest), TitleClass: nzs(t.TitleClass)}
			} else if sa.TitleNo != "" {
				c.Title = &titleBrief{TitleNo: sa.TitleNo}
			}
			out.Comparables = append(out.Comparables, c)
		}
	}
	out.ResponseTime = math.Round(time.Since(start).Seconds()*1000) / 1000
	return writeJSON(w, http.StatusOK, out)
}
