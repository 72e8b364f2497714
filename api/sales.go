package api

// Sales, listings and sale events (spec 2.12–2.14, 3, 4.5).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Paging bounds of the market lists.
const (
	salesPageSize      = 20
	maxListingPageSize = 100
	defListingPageSize = 20
	defEventLimit      = 10
	maxEventLimit      = 100
	// maxNested caps the listings and events nested in one page of sales.
	maxNested = 1000
)

// uprnOrProperty reads the uprn filter or its alias property (not both; 0
// when neither is given).
func uprnOrProperty(p *params) (int64, error) {
	if p.Has("uprn") && p.Has("property") {
		return 0, InvalidParam("property", "give uprn or property (its alias), not both")
	}
	if uprn := p.UPRN("uprn", false); uprn != 0 {
		return uprn, nil
	}
	return p.UPRN("property", false), nil
}

// listingOut is a listing (spec 2.13).
type listingOut struct {
	ID                  string  `json:"id"`
	Agent               int64   `json:"agent"`
	Property            *int64  `json:"property"`
	Sale                *int64  `json:"sale"`
	DisplayAddress      string  `json:"display_address"`
	Postcode            string  `json:"postcode"`
	TransactionType     string  `json:"transaction_type"`
	AddedDate           *string `json:"added_date"`
	FirstOfferDate      *string `json:"first_offer_date"`
	FirstSoldOrLetDate  *string `json:"first_sold_or_let_date"`
	SaleCancelledDate   *string `json:"sale_cancelled_date"`
	WithdrawnDate       *string `json:"withdrawn_date"`
	ReducedDate         *string `json:"reduced_date"`
	IsWithdrawn         bool    `json:"is_withdrawn"`
	IsNewBuild          bool    `json:"is_new_build"`
	LatestStatus        string  `json:"latest_status"`
	LatestPrice         int64   `json:"latest_price"`
	ListingPropertyType *string `json:"listing_property_type"`
	Ownership           *string `json:"ownership"`
	Description         *string `json:"description"`
	Bedrooms            *int    `json:"bedrooms"`
	Bathrooms           *int    `json:"bathrooms"`
	ReceptionRooms      *int    `json:"reception_rooms"`
	Source              string  `json:"source"`
}

// saleListingOut is the sales rendering of a listing: 2.13 plus alias,
// listing_id, is_live and images.
type saleListingOut struct {
	listingOut
	Alias     string   `json:"alias"`
	ListingID string   `json:"listing_id"`
	IsLive    bool     `json:"is_live"`
	Images    []string `json:"images"`
}

func renderListing(l mappings.Listing) listingOut {
	return listingOutOf(viewListing(&l))
}

func listingOutOf(v listingView) listingOut {
	return listingOut{
		ID: v.ID, Agent: v.Agent, Property: v.UPRN, Sale: v.SaleID, DisplayAddress: v.DisplayAddress,
		Postcode: v.Postcode, TransactionType: v.TransactionType, AddedDate: v.AddedDay,
		FirstOfferDate: v.FirstOfferDate, FirstSoldOrLetDate: v.FirstSoldOrLetDate,
		SaleCancelledDate: v.SaleCancelledDate, WithdrawnDate: v.WithdrawnDate, ReducedDate: v.ReducedDate,
		IsWithdrawn: v.IsWithdrawn, IsNewBuild: v.IsNewBuild, LatestStatus: v.LatestStatus, LatestPrice: v.LatestPrice,
		ListingPropertyType: v.ListingPropertyType, Ownership: v.Ownership, Description: v.Description,
		Bedrooms: v.Bedrooms, Bathrooms: v.Bathrooms, ReceptionRooms: v.ReceptionRooms, Source: v.Source,
	}
}

// eventBrief is the event as nested in a sale (spec 2.12).
type eventBrief struct {
	ID     int64   `json:"id"`
	Status string  `json:"event_status"`
	Date   *string `json:"event_date"` // null when unknown
}

// saleOut is a sale (spec 2.12).
type saleOut struct {
	ID               int64            `json:"id"`
	TxID             string           `json:"txid"`
	Property         *int64           `json:"property"`
	SoldDate         *string          `json:"sold_let_date"`
	FirstListingDate *string          `json:"first_listing_date"`
	Price            int64            `json:"sold_let_price"`
	TransactionType  string           `json:"transaction_type"`
	IsComplete       bool             `json:"is_complete"`
	IsAvailable      bool             `json:"is_available"`
	Listings         []saleListingOut `json:"property_listings"`
	Events           []eventBrief     `json:"property_sale_events"`
}

func (s *Server) propertySales(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	var f query.SalesFilter
	var err error
	if f.UPRN, err = uprnOrProperty(p); err != nil {
		return err
	}
	if p.Has("id") {
		f.ID = int64(p.Int("id", 0, 1, 1<<53))
	}
	page, pg := readPage(p, salesPageSize)
	if err := p.Err(); err != nil {
		return err
	}
	if f.UPRN == 0 && f.ID == 0 {
		return Errorf(http.StatusBadRequest, CodeFilterRequired, "a filter is required: uprn, property or id")
	}
	var none func() error
	if f.UPRN != 0 {
		none = func() error { return s.uprnKnown(r.Context(), f.UPRN) }
	}
	return searchPage(s, w, r, mappings.IndexSales, "sale", query.Sales(f, pg), page, salesPageSize, none, func(sales []mappings.Sale) ([]saleOut, error) {
		if len(sales) == 0 {
			return []saleOut{}, nil
		}
		return s.renderSales(r.Context(), sales)
	})
}

// renderSales nests the listings and events of a page of sales (one
// multi-search).
func (s *Server) renderSales(ctx context.Context, sales []mappings.Sale) ([]saleOut, error) {
	var ids []int64
	var listingIDs []string
	for _, sa := range sales {
		ids = append(ids, sa.ID)
		listingIDs = append(listingIDs, sa.ListingIDs...)
	}
	rs, err := s.backend.MSearch(ctx, []search.MultiItem{
		{Index: s.idx.Name(mappings.IndexListings), Body: query.SaleListings(ids, listingIDs, maxNested)},
		{Index: s.idx.Name(mappings.IndexSaleEvents), Body: query.SaleEventsOf(ids, maxNested)},
	})
	if err != nil {
		return nil, fmt.Errorf("search sale listings and events: %w", err)
	}
	listings, err := decodeHits[mappings.Listing](rs[0].Hits.Hits, "listing")
	if err != nil {
		return nil, err
	}
	events, err := decodeHits[mappings.SaleEvent](rs[1].Hits.Hits, "sale event")
	if err != nil {
		return nil, err
	}
	out := make([]saleOut, 0, len(sales))
	for _, sa := range sales {
		o := saleOut{ID: sa.ID, TxID: sa.TxID, Property: nullIfZero(sa.UPRN), SoldDate: day(sa.SoldDate),
			FirstListingDate: day(sa.FirstListingDate), Price: sa.Price, TransactionType: sa.TransactionType,
			IsComplete: sa.IsComplete, IsAvailable: sa.IsAvailable, Listings: []saleListingOut{}, Events: []eventBrief{}}
		linked := map[string]bool{}
		for _, id := range sa.ListingIDs {
			linked[id] = true
		}
		for _, l := range listings {
			if l.SaleID == sa.ID || linked[l.ID] {
				v := viewListing(&l)
				o.Listings = append(o.Listings, saleListingOut{listingOut: listingOutOf(v), Alias: l.ListingID,
					ListingID: l.ListingID, IsLive: v.IsLive, Images: v.Images})
			}
		}
		for _, e := range events {
			if e.Sale == sa.ID {
				o.Events = append(o.Events, eventBrief{ID: e.ID, Status: e.EventType, Date: day(e.Date)})
			}
		}
		out = append(out, o)
	}
	return out, nil
}

func (s *Server) propertyListings(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	uprn, err := uprnOrProperty(p)
	if err != nil {
		return err
	}
	size := p.Int("page_size", defListingPageSize, 1, maxListingPageSize)
	page, pg := readPage(p, size)
	if err := p.Err(); err != nil {
		return err
	}
	if uprn == 0 {
		return Errorf(http.StatusBadRequest, CodeFilterRequired, "a filter is required: uprn or property")
	}
	return searchPage(s, w, r, mappings.IndexListings, "listing", query.Listings(uprn, pg), page, size,
		func() error { return s.uprnKnown(r.Context(), uprn) }, renderEach(renderListing))
}

// isUUID accepts the canonical 8-4-4-4-12 hexadecimal form.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}

func (s *Server) propertyListing(w http.ResponseWriter, r *http.Request) error {
	id := pathVar(r, "id")
	if !isUUID(id) {
		return InvalidParam("id", "must be a listing UUID")
	}
	id = strings.ToLower(id)
	src, found, err := s.backend.Get(r.Context(), s.idx.Name(mappings.IndexListings), id)
	if err != nil {
		return fmt.Errorf("get listing %s: %w", id, err)
	}
	if !found {
		return NotFound("no listing %s", id)
	}
	var l mappings.Listing
	if err := json.Unmarshal(src, &l); err != nil {
		return fmt.Errorf("decode listing %s: %w", id, err)
	}
	return writeJSON(w, http.StatusOK, renderListing(l))
}

// eventOut is a sale event (spec 2.14).
type eventOut struct {
	ID        int64   `json:"id"`
	EventType string  `json:"event_type"`
	Date      *string `json:"date"`
	Price     *int64  `json:"price"`
	Source    string  `json:"source"`
	Listing   *string `json:"listing"`
	Sale      *int64  `json:"sale"`
}

func renderEvent(e mappings.SaleEvent) eventOut {
	return eventOut{ID: e.ID, EventType: e.EventType, Date: day(e.Date), Price: nullIfZero(e.Price),
		Source: publicSource(e.Source, e.EventType), Listing: nullIfZero(e.Listing), Sale: nullIfZero(e.Sale)}
}

func (s *Server) saleEvents(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	var f query.EventFilter
	if p.Has("id") {
		f.ID = int64(p.Int("id", 0, 1, 1<<53))
	}
	if p.Has("sale") {
		f.Sale = int64(p.Int("sale", 0, 1, 1<<53))
	}
	f.UPRN = p.UPRN("uprn", false)
	if p.Has("listing") {
		if l := p.raw("listing"); isUUID(l) {
			f.Listing = strings.ToLower(l)
		} else {
			p.fail(InvalidParam("listing", "must be a listing UUID"))
		}
	}
	f.EventType = p.Enum("event_type", "", mappings.EventTypes()...)
	dateStr := func(name string) string {
		if d := p.Date(name); d != nil {
			return d.Format("2006-01-02")
		}
		return ""
	}
	f.Date, f.DateGTE, f.DateLTE = dateStr("date"), dateStr("date__gte"), dateStr("date__lte")
	ordering := p.Enum("ordering", "-date", query.EventOrderings()...)
	limit := p.Int("limit", defEventLimit, 1, maxEventLimit)
	page, pg := readPage(p, limit)
	if err := p.Err(); err != nil {
		return err
	}
	if f.Empty() {
		return Errorf(http.StatusBadRequest, CodeFilterRequired, "at least one filter is required: sale, uprn, listing, event_type, date, date__gte, date__lte or id")
	}
	if f.DateGTE != "" && f.DateLTE != "" && f.DateGTE > f.DateLTE {
		return InvalidParam("date__gte", "must not be after date__lte")
	}
	return searchPage(s, w, r, mappings.IndexSaleEvents, "sale event", query.SaleEvents(f, ordering, pg), page, limit,
		func() error { return s.eventFilterKnown(r.Context(), f) }, renderEach(renderEvent))
}

func (s *Server) saleEvent(w http.ResponseWriter, r *http.Request) error {
	raw := pathVar(r, "id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return InvalidParam("id", "must be a positive integer (a sale event id)")
	}
	src, found, err := s.backend.Get(r.Context(), s.idx.Name(mappings.IndexSaleEvents), strconv.FormatInt(id, 10))
	if err != nil {
		return fmt.Errorf("get sale event %d: %w", id, err)
	}
	if !found {
		return NotFound("no sale event %d", id)
	}
	var e mappings.SaleEvent
	if err := json.Unmarshal(src, &e); err != nil {
		return fmt.Errorf("decode sale event %d: %w", id, err)
	}
	return writeJSON(w, http.StatusOK, renderEvent(e))
}

// eventFilterKnown answers 404 when an empty event list was asked for by
// an id that does not exist (a UPRN or a sale): "no such id" is 404 and
// free, "the id exists, no rows" is 200 with count 0 (docs/decisions.md).
func (s *Server) eventFilterKnown(ctx context.Context, f query.EventFilter) error {
	if f.UPRN != 0 {
		if err := s.uprnKnown(ctx, f.UPRN); err != nil {
			return err
		}
	}
	if f.Sale != 0 {
		_, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexSales), strconv.FormatInt(f.Sale, 10))
		if err != nil {
			return fmt.Errorf("get sale %d: %w", f.Sale, err)
		}
		if !found {
			return NotFound("no sale with id %d", f.Sale)
		}
	}
	return nil
}
