package api

// Sales, listings and sale events (spec 2.12–2.14, 3, 4.5).

import (
	"bytes"
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
	// maxWindow is the engine's result window: from+size beyond it is refused.
	maxWindow = 10_000
	// maxNested caps the listings and events nested in one page of sales.
	maxNested = 1000
)

// Source labels shown to clients (spec 2.14): never a portal's own name.
const (
	LabelLandRegistry = "HM Land Registry"
	LabelPortal       = "Property portal"
)

// portalNames are originating portals whose names must not reach clients.
func portalNames() []string {
	return []string{"rightmove", "zoopla", "onthemarket", "on the market", "primelocation", "prime location",
		"boomin", "purplebricks", "openrent", "spareroom", "jitty", "home.co.uk", "propertypal", "s1homes", "espc", "otm"}
}

// publicSource maps a stored source to the label a client may see: the
// land-registry label for completions and registry records, a generic portal
// label for anything naming a portal, otherwise the stored label.
func publicSource(stored, eventType string) string {
	l := strings.ToLower(stored)
	if eventType == mappings.EventCompleted || strings.Contains(l, "land registry") || strings.Contains(l, "hmlr") || strings.Contains(l, "price paid") {
		return LabelLandRegistry
	}
	if stored == "" {
		return LabelPortal
	}
	for _, n := range portalNames() {
		if strings.Contains(l, n) {
			return LabelPortal
		}
	}
	return stored
}

// pageEnvelope is the paginated envelope of sales, listings and events.
type pageEnvelope struct {
	Count    int64   `json:"count"`
	Next     *string `json:"next"`
	Previous *string `json:"previous"`
	Results  any     `json:"results"`
}

// baseURL is the absolute scheme://host of the request as the client saw it
// (X-Forwarded-Proto from a proxy, else TLS).
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if fp := strings.ToLower(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0])); fp == "http" || fp == "https" {
		scheme = fp
	}
	return scheme + "://" + r.Host
}

// pageLinks returns the next and previous page URLs: the request's URL with
// its query kept and page replaced (page 1 drops the parameter).
func pageLinks(r *http.Request, page, size int, count int64) (next, prev *string) {
	if int64(page)*int64(size) < count && page*size < maxWindow {
		next = pageURL(r, page+1)
	}
	if page > 1 {
		prev = pageURL(r, page-1)
	}
	return next, prev
}

// readPage reads page (1-based) and refuses pages beyond the result window.
func readPage(p *params, size int) (int, query.Page) {
	page := p.Int("page", 1, 1, maxWindow)
	if p.err == nil && page*size > maxWindow {
		e := Errorf(http.StatusUnprocessableEntity, CodePageTooDeep, "page %d is beyond the last reachable page (%d results at most)", page, maxWindow)
		e.Details = map[string]any{"max_results": maxWindow}
		p.fail(e)
	}
	return page, query.Page{From: (page - 1) * size, Size: size}
}

func nzs(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func nzi(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

func nz64(n int64) *int64 {
	if n == 0 {
		return nil
	}
	return &n
}

// day keeps the date part of a date or date-time.
func day(s string) *string {
	if len(s) >= 10 {
		s = s[:10]
	}
	return nzs(s)
}

// searchPage runs the query of one page (page of size) on index, decodes
// its hits (what names them, singular, in errors), renders them and writes
// the page envelope with its links. When nothing matches, none (if not nil)
// may refuse the filter instead (an unknown UPRN is a 404, not an empty
// page).
func searchPage[T, O any](s *Server, w http.ResponseWriter, r *http.Request, index, what string, body any, page, size int, none func() error, render func([]T) ([]O, error)) error {
	res, err := s.backend.Search(r.Context(), s.idx.Name(index), body)
	if err != nil {
		return fmt.Errorf("search %ss: %w", what, err)
	}
	docs, err := decodeHits[T](res.Hits.Hits, what)
	if err != nil {
		return err
	}
	if res.Hits.Total.Value == 0 && none != nil {
		if err := none(); err != nil {
			return err
		}
	}
	out, err := render(docs)
	if err != nil {
		return err
	}
	next, prev := pageLinks(r, page, size, res.Hits.Total.Value)
	return writePage(w, pageEnvelope{Count: res.Hits.Total.Value, Next: next, Previous: prev, Results: out})
}

// renderEach renders documents one by one, for searchPage.
func renderEach[T, O any](render func(T) O) func([]T) ([]O, error) {
	return func(docs []T) ([]O, error) {
		out := make([]O, 0, len(docs))
		for _, d := range docs {
			out = append(out, render(d))
		}
		return out, nil
	}
}

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

func decodeHits[T any](hits []search.Hit, what string) ([]T, error) {
	out := make([]T, 0, len(hits))
	for _, h := range hits {
		var d T
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return nil, fmt.Errorf("decode %s %s: %w", what, h.ID, err)
		}
		out = append(out, d)
	}
	return out, nil
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
	return listingOut{
		ID: l.ID, Agent: l.Agent, Property: nz64(l.UPRN), Sale: nz64(l.SaleID), DisplayAddress: l.DisplayAddress,
		Postcode: l.Postcode, TransactionType: l.TransactionType, AddedDate: day(l.AddedDate),
		FirstOfferDate: day(l.FirstOfferDate), FirstSoldOrLetDate: day(l.FirstSoldOrLetDate),
		SaleCancelledDate: day(l.SaleCancelledDate), WithdrawnDate: day(l.WithdrawnDate), ReducedDate: day(l.ReducedDate),
		IsWithdrawn: l.IsWithdrawn, IsNewBuild: l.IsNewBuild, LatestStatus: l.LatestStatus, LatestPrice: l.LatestPrice,
		ListingPropertyType: nzs(l.ListingPropertyType), Ownership: nzs(l.Ownership), Description: nzs(l.Description),
		Bedrooms: nzi(l.Bedrooms), Bathrooms: nzi(l.Bathrooms), ReceptionRooms: nzi(l.ReceptionRooms),
		Source: publicSource(l.Source, ""),
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
		o := saleOut{ID: sa.ID, TxID: sa.TxID, Property: nz64(sa.UPRN), SoldDate: day(sa.SoldDate),
			FirstListingDate: day(sa.FirstListingDate), Price: sa.Price, TransactionType: sa.TransactionType,
			IsComplete: sa.IsComplete, IsAvailable: sa.IsAvailable, Listings: []saleListingOut{}, Events: []eventBrief{}}
		linked := map[string]bool{}
		for _, id := range sa.ListingIDs {
			linked[id] = true
		}
		for _, l := range listings {
			if l.SaleID == sa.ID || linked[l.ID] {
				imgs := l.Images
				if imgs == nil {
					imgs = []string{}
				}
				o.Listings = append(o.Listings, saleListingOut{listingOut: renderListing(l), Alias: l.ListingID,
					ListingID: l.ListingID, IsLive: l.IsLive, Images: imgs})
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

func orEmpty(s *string) *string {
	if s == nil {
		e := ""
		return &e
	}
	return s
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
	return eventOut{ID: e.ID, EventType: e.EventType, Date: day(e.Date), Price: nz64(e.Price),
		Source: publicSource(e.Source, e.EventType), Listing: nzs(e.Listing), Sale: nz64(e.Sale)}
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

// writePage writes a page envelope without HTML escaping, so the next and
// previous URLs read as they are (& not \u0026).
func writePage(w http.ResponseWriter, env pageEnvelope) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		return fmt.Errorf("encode page: %w", err)
	}
	setPageLinks(w.Header(), env.Next, env.Previous, nil, nil)
	return writeRaw(w, http.StatusOK, "application/json; charset=utf-8", buf.Bytes())
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
