package api

// POST listings/export (spec 2.16, 4.5, 8.3–8.4): a bulk export of live
// listings as CSV or JSON, streamed page by page over a point in time with
// search_after so memory stays flat however many rows are exported.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/ratelimit"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Export bounds.
const (
	// MaxExportBody caps the request body.
	MaxExportBody = 64 << 10
	// ExportPageSize is the rows fetched per engine round trip.
	ExportPageSize = 500
	// exportMaxOffset bounds how far an export may skip.
	exportMaxOffset = 1_000_000
	// exportKeepAlive is the point-in-time lifetime between pages.
	exportKeepAlive = time.Minute
	// Plan caps on rows per export (spec 8.4).
	ExportCapGrowth = 1000
	ExportCapPro    = 5000
	// ExportCapEnterpriseDefault applies when Options.ExportEnterpriseCap is 0.
	ExportCapEnterpriseDefault = 50_000
	exportRadiusDefault        = 5.0
	exportRadiusMin            = 0.1
	exportRadiusMax            = 25.0
)

// exportColumn is a selectable field of the export (spec 2.16): the
// listing source field it reads and its cell, taken from the listing's one
// rendering and typed: string, int64, float64, bool or nil.
type exportColumn struct {
	name   string
	source string
	cell   func(v *listingView, now time.Time) any
}

// exportColumns lists the selectable fields in the order the spec gives.
func exportColumns() []exportColumn {
	return []exportColumn{
		{"listing_id", "listing_id", func(v *listingView, _ time.Time) any { return cell(v.ListingID) }},
		{"address", "display_address", func(v *listingView, _ time.Time) any { return nullIfZeroAny(v.DisplayAddress) }},
		{"postcode", "postcode", func(v *listingView, _ time.Time) any { return nullIfZeroAny(v.Postcode) }},
		{"uprn", "property_uprn", func(v *listingView, _ time.Time) any { return cell(v.UPRN) }},
		{"price", "latest_price", func(v *listingView, _ time.Time) any { return v.LatestPrice }},
		{"original_price", "original_price", func(v *listingView, _ time.Time) any { return cell(v.OriginalPrice) }},
		{"bedrooms", "bedrooms", func(v *listingView, _ time.Time) any { return intCell(v.Bedrooms) }},
		{"bathrooms", "bathrooms", func(v *listingView, _ time.Time) any { return intCell(v.Bathrooms) }},
		{"property_type", "property_type", func(v *listingView, _ time.Time) any { return nullIfZeroAny(v.PropertyType) }},
		{"transaction_type", "transaction_type", func(v *listingView, _ time.Time) any { return nullIfZeroAny(v.TransactionType) }},
		{"status", "latest_status", func(v *listingView, _ time.Time) any { return nullIfZeroAny(v.LatestStatus) }},
		{"dom", "added_date", func(v *listingView, now time.Time) any { return cell(v.daysOnMarket(now)) }},
		{"listed_date", "added_date", func(v *listingView, _ time.Time) any { return cell(v.AddedDay) }},
		{"agent", "agent_name", func(v *listingView, _ time.Time) any { return cell(v.AgentName) }},
		{"agent_branch", "agent_branch", func(v *listingView, _ time.Time) any { return cell(v.AgentBranch) }},
		{"reductions", "reductions", func(v *listingView, _ time.Time) any { return v.Reductions }},
		{"lat", "geopoint", func(v *listingView, _ time.Time) any {
			if v.Location == nil {
				return nil
			}
			return v.Location.Lat
		}},
		{"lng", "geopoint", func(v *listingView, _ time.Time) any {
			if v.Location == nil {
				return nil
			}
			return v.Location.Lon
		}},
		{"construction_age", "construction_age", func(v *listingView, _ time.Time) any { return cell(v.ConstructionAge) }},
		{"has_address_match", "has_address_match", func(v *listingView, _ time.Time) any { return v.HasAddressMatch }},
	}
}

// exportDefaultFields is the default selection (spec 4.5).
func exportDefaultFields() []string {
	return []string{"address", "postcode", "price", "bedrooms", "property_type", "status", "dom", "listed_date", "agent", "reductions"}
}

// cell is *p, or nil.
func cell[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// intCell is a count as the sinks write integers (int64), or nil.
func intCell(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

// ExportWeight is the calls charged for n rows: one per ten, at least one.
func ExportWeight(rows int) int {
	if rows <= exportRowsPerCall {
		return 1
	}
	return (rows + exportRowsPerCall - 1) / exportRowsPerCall
}

type exportFilters struct {
	Postcode        string   `json:"postcode"`
	BoundaryID      *int64   `json:"boundary_id"`
	Lat             *float64 `json:"lat"`
	Lng             *float64 `json:"lng"`
	RadiusMiles     *float64 `json:"radius_miles"`
	MinPrice        *int64   `json:"min_price"`
	MaxPrice        *int64   `json:"max_price"`
	PropertyType    []string `json:"property_type"`
	BedroomsMin     *int     `json:"bedrooms_min"`
	BedroomsMax     *int     `json:"bedrooms_max"`
	TransactionType string   `json:"transaction_type"`
	MinDOM          *int     `json:"min_dom"`
	ListedSince     string   `json:"listed_since"`
	IsNewBuild      *bool    `json:"is_new_build"`
}

type exportRequest struct {
	Filters *exportFilters `json:"filters"`
	Fields  []string       `json:"fields"`
	Format  string         `json:"format"`
	Limit   *int           `json:"limit"`
	Offset  int            `json:"offset"`
}

// exportPlan is a validated export.
type exportPlan struct {
	spec    query.ExportSpec
	columns []exportColumn
	fields  []string // the columns' names
	format  string
	limit   int
	// planCap is the row cap of the caller's plan (header X-Export-Row-Cap).
	planCap int
	offset  int
}

// decodeExport reads the body strictly: size cap, JSON only, unknown fields
// and trailing data refused.
func decodeExport(w http.ResponseWriter, r *http.Request) (exportRequest, error) {
	var req exportRequest
	return req, decodeBody(w, r, &req, MaxExportBody)
}

// validateExport turns a request into a plan (422 invalid_params on any
// bad value, naming it), checking in order: the geographic scope, the
// filters, the fields, the format and the row window.
func (s *Server) validateExport(ctx context.Context, req exportRequest, plan string) (exportPlan, error) {
	var ep exportPlan
	f := req.Filters
	scope, radius, err := exportScopeOf(f)
	if err != nil {
		return ep, err
	}
	if err := s.resolveExportScope(ctx, f, scope, radius, &ep.spec); err != nil {
		return ep, err
	}
	if err := exportFilterSpec(f, s.opt.Now().UTC(), &ep.spec); err != nil {
		return ep, err
	}
	if ep.columns, err = exportColumnsOf(req.Fields); err != nil {
		return ep, err
	}
	for _, c := range ep.columns {
		ep.fields = append(ep.fields, c.name)
	}
	if ep.format, err = exportFormatOf(req.Format); err != nil {
		return ep, err
	}
	ep.planCap = ExportCap(plan, s.opt.ExportEnterpriseCap)
	ep.limit, ep.offset, err = exportWindow(req.Limit, req.Offset, ep.planCap, plan)
	return ep, err
}

// Geographic scopes of an export.
const (
	exportScopePostcode = "postcode"
	exportScopeBoundary = "boundary_id"
	exportScopePoint    = "lat/lng"
)

// exportScopeOf checks that the filters name exactly one geographic scope
// and returns it with the radius in miles (default, or radius_miles).
func exportScopeOf(f *exportFilters) (string, float64, error) {
	if f == nil {
		return "", 0, InvalidParam("filters", "is required, with a geographic scope: postcode, boundary_id or lat and lng")
	}
	var scopes []string
	if f.Postcode != "" {
		scopes = append(scopes, exportScopePostcode)
	}
	if f.BoundaryID != nil {
		scopes = append(scopes, exportScopeBoundary)
	}
	if f.Lat != nil || f.Lng != nil {
		if f.Lat == nil || f.Lng == nil {
			return "", 0, InvalidParam("filters.lat", "lat and lng must be given together")
		}
		scopes = append(scopes, exportScopePoint)
	}
	switch len(scopes) {
	case 0:
		return "", 0, InvalidParam("filters", "a geographic scope is required: postcode, boundary_id or lat and lng")
	case 1:
	default:
		return "", 0, InvalidParam("filters", "give one geographic scope, not %s", strings.Join(scopes, " and "))
	}
	radius := exportRadiusDefault
	if f.RadiusMiles != nil {
		radius = *f.RadiusMiles
		if math.IsNaN(radius) || radius < exportRadiusMin || radius > exportRadiusMax {
			return "", 0, InvalidParam("filters.radius_miles", "must be from %g to %g", exportRadiusMin, exportRadiusMax)
		}
	}
	return scopes[0], radius, nil
}

// resolveExportScope sets the scope of sp: a circle around a postcode's
// centroid or a point, an outcode, or a boundary that must exist.
func (s *Server) resolveExportScope(ctx context.Context, f *exportFilters, scope string, radius float64, sp *query.ExportSpec) error {
	switch scope {
	case exportScopePostcode:
		if pc, ok := mappings.ParsePostcode(f.Postcode); ok {
			pt, err := s.postcodePoint(ctx, pc)
			if err != nil {
				return err
			}
			sp.Point, sp.RadiusMeters = &pt, radius*query.MetersPerMile
		} else if oc, ok := mappings.ParseOutcode(f.Postcode); ok {
			sp.Outcode = oc
		} else {
			return Errorf(http.StatusUnprocessableEntity, CodeInvalidPostcode, "filters.postcode %q is neither a UK postcode nor an outcode", truncate(f.Postcode, 20))
		}
	case exportScopeBoundary:
		if *f.BoundaryID <= 0 {
			return InvalidParam("filters.boundary_id", "must be a positive integer")
		}
		id := strconv.FormatInt(*f.BoundaryID, 10)
		if err := s.checkBoundaryPolygon(ctx, *f.BoundaryID); err != nil {
			return err
		}
		sp.BoundaryAlias, sp.BoundaryID = s.idx.Name(mappings.IndexBoundaries), id
	default:
		if math.IsNaN(*f.Lat) || *f.Lat < -90 || *f.Lat > 90 || math.IsNaN(*f.Lng) || *f.Lng < -180 || *f.Lng > 180 {
			return InvalidParam("filters.lat", "lat must be from -90 to 90 and lng from -180 to 180")
		}
		sp.Point, sp.RadiusMeters = &query.GeoPoint{Lat: *f.Lat, Lon: *f.Lng}, radius*query.MetersPerMile
	}
	return nil
}

// exportFilterSpec checks the non-geographic filters and sets them on sp;
// now dates min_dom.
func exportFilterSpec(f *exportFilters, now time.Time, sp *query.ExportSpec) error {
	if f.MinPrice != nil && *f.MinPrice < 0 {
		return InvalidParam("filters.min_price", "must not be negative")
	}
	if f.MaxPrice != nil && *f.MaxPrice < 0 {
		return InvalidParam("filters.max_price", "must not be negative")
	}
	if f.MinPrice != nil && f.MaxPrice != nil && *f.MinPrice > *f.MaxPrice {
		return InvalidParam("filters.min_price", "must not exceed max_price")
	}
	sp.MinPrice, sp.MaxPrice = f.MinPrice, f.MaxPrice
	for _, t := range f.PropertyType {
		canon := ""
		for _, a := range []string{"Detached", "Semi-Detached", "Terraced", "Flat", "Bungalow"} {
			if strings.EqualFold(a, t) {
				canon = a
			}
		}
		if canon == "" {
			return InvalidParam("filters.property_type", "unknown value %q; allowed: Detached, Semi-Detached, Terraced, Flat, Bungalow", truncate(t, 40))
		}
		sp.PropertyTypes = append(sp.PropertyTypes, canon)
	}
	for name, v := range map[string]*int{"filters.bedrooms_min": f.BedroomsMin, "filters.bedrooms_max": f.BedroomsMax} {
		if v != nil && (*v < 0 || *v > 50) {
			return InvalidParam(name, "must be from 0 to 50")
		}
	}
	if f.BedroomsMin != nil && f.BedroomsMax != nil && *f.BedroomsMin > *f.BedroomsMax {
		return InvalidParam("filters.bedrooms_min", "must not exceed bedrooms_max")
	}
	sp.BedroomsMin, sp.BedroomsMax = f.BedroomsMin, f.BedroomsMax
	switch strings.ToLower(f.TransactionType) {
	case "":
	case "sale":
		sp.Transaction = "Sale"
	case "rental":
		sp.Transaction = "Rental"
	default:
		return InvalidParam("filters.transaction_type", "must be Sale or Rental")
	}
	if f.MinDOM != nil {
		if *f.MinDOM < 0 || *f.MinDOM > 36500 {
			return InvalidParam("filters.min_dom", "must be from 0 to 36500 days")
		}
		sp.AddedBefore = now.AddDate(0, 0, -*f.MinDOM).Format("2006-01-02")
	}
	if f.ListedSince != "" {
		d, err := time.Parse("2006-01-02", f.ListedSince)
		if err != nil {
			return InvalidParam("filters.listed_since", "must be a date YYYY-MM-DD")
		}
		sp.ListedSince = d.Format("2006-01-02")
	}
	sp.IsNewBuild = f.IsNewBuild
	return nil
}

// exportColumnsOf is the field selection: the default when fields is
// absent, else the names given, known and deduplicated, in order.
func exportColumnsOf(fields []string) ([]exportColumn, error) {
	if fields == nil {
		fields = exportDefaultFields()
	}
	if len(fields) == 0 {
		return nil, InvalidParam("fields", "must name at least one field")
	}
	all := exportColumns()
	var out []exportColumn
	for _, name := range fields {
		i := slices.IndexFunc(all, func(c exportColumn) bool { return c.name == name })
		if i < 0 {
			names := make([]string, len(all))
			for j, c := range all {
				names[j] = c.name
			}
			return nil, InvalidParam("fields", "unknown field %q; allowed: %s", truncate(name, 40), strings.Join(names, ", "))
		}
		if !slices.ContainsFunc(out, func(c exportColumn) bool { return c.name == name }) {
			out = append(out, all[i])
		}
	}
	return out, nil
}

// exportFormatOf is csv (the default) or json.
func exportFormatOf(format string) (string, error) {
	switch strings.ToLower(format) {
	case "", "csv":
		return "csv", nil
	case "json":
		return "json", nil
	}
	return "", InvalidParam("format", "must be csv or json")
}

// exportWindow is the rows to export (limit, at most planCap, else 422
// limit_above_plan_cap; planCap when absent) and the rows to skip.
func exportWindow(limit *int, offset, planCap int, plan string) (int, int, error) {
	n := planCap
	if limit != nil {
		if *limit < 1 {
			return 0, 0, InvalidParam("limit", "must be at least 1")
		}
		if *limit > planCap {
			// Never cut silently: a limit above the plan's cap is refused
			// with the cap named (docs/decisions.md).
			e := Errorf(http.StatusUnprocessableEntity, CodeExportLimitAboveCap,
				"limit %d is above the %s plan's cap of %d rows per export; ask for at most %d (or page with offset)", *limit, planLabel(plan), planCap, planCap)
			e.Details = map[string]any{"parameter": "limit", "limit": *limit, "plan_cap": planCap, "plan": planLabel(plan)}
			return 0, 0, e
		}
		n = *limit
	}
	if offset < 0 || offset > exportMaxOffset {
		return 0, 0, InvalidParam("offset", "must be from 0 to %d", exportMaxOffset)
	}
	return n, offset, nil
}

func (s *Server) listingsExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	req, err := decodeExport(w, r)
	if err != nil {
		return err
	}
	ep, err := s.validateExport(ctx, req, planOf(ctx))
	if err != nil {
		return err
	}
	pit, err := s.backend.OpenPIT(ctx, s.idx.Name(mappings.IndexListings), exportKeepAlive)
	if err != nil {
		return fmt.Errorf("export: open point in time: %w", err)
	}
	defer s.closeExportPIT(ctx, pit)
	st := &exportStream{s: s, ctx: ctx, q: query.ExportQuery(ep.spec), pit: pit, plan: ep}
	// The first page also counts the matches in the snapshot, so the rows
	// to return (and the calls to charge) are known before any byte is sent.
	first, total, err := st.start()
	if err != nil {
		return err
	}
	rows := max(0, min(ep.limit, int(total)-ep.offset))
	weight := ExportWeight(rows)
	SetCallWeight(ctx, weight)
	bw := bufio.NewWriterSize(w, 32<<10)
	sink := exportSink(w.Header(), bw, ep, total, rows)
	w.WriteHeader(http.StatusOK)
	if err := st.stream(w, bw, sink, first, exportHead{total: total, returned: rows, offset: ep.offset, format: ep.format}, weight); err != nil {
		// Headers are out: the only honest signal left is to cut the
		// connection so the client sees a truncated transfer.
		zerolog.Ctx(ctx).Error().Err(err).Int("rows", rows).Msg("export aborted mid-stream")
		panic(http.ErrAbortHandler)
	}
	return nil
}

// closeExportPIT closes the export's point in time, even when the request
// was cancelled; a failure is only logged (the engine expires it anyway).
func (s *Server) closeExportPIT(ctx context.Context, pit string) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := s.backend.ClosePIT(cctx, pit); err != nil {
		zerolog.Ctx(ctx).Warn().Err(err).Msg("export: close point in time")
	}
}

// exportSink sets the export's response headers (counts, cap, content type)
// and returns the sink of its format writing to bw.
func exportSink(h http.Header, bw *bufio.Writer, ep exportPlan, total int64, rows int) rowSink {
	h.Set("X-Total-Results", strconv.FormatInt(total, 10))
	h.Set("X-Export-Rows", strconv.Itoa(rows))
	h.Set("X-Export-Row-Cap", strconv.Itoa(ep.planCap))
	h.Set("Cache-Control", "no-store")
	if ep.format == "csv" {
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Content-Disposition", `attachment; filename="listings-export.csv"`)
		return newCSVSink(bw, ep.fields)
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	return &jsonSink{w: bw, fields: ep.fields}
}

// stream writes head.returned rows to sink, starting with the hits of the
// first page and fetching the rest page by page, flushing bw (and the
// response) after each page.
func (st *exportStream) stream(w http.ResponseWriter, bw *bufio.Writer, sink rowSink, first []search.Hit, head exportHead, weight int) error {
	rc := http.NewResponseController(w)
	flush := func() error {
		if err := bw.Flush(); err != nil {
			return err
		}
		if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
		return nil
	}
	if err := sink.begin(head); err != nil {
		return err
	}
	now := st.s.opt.Now().UTC()
	rows, written, hits := head.returned, 0, first
	for written < rows {
		if len(hits) == 0 {
			var err error
			if hits, err = st.next(min(ExportPageSize, rows-written)); err != nil {
				return err
			}
			if len(hits) == 0 {
				break
			}
		}
		for _, h := range hits {
			if written == rows {
				break
			}
			var l mappings.Listing
			if err := json.Unmarshal(h.Source, &l); err != nil {
				return fmt.Errorf("decode listing %s: %w", h.ID, err)
			}
			if err := sink.row(exportRow(st.plan.columns, &l, now)); err != nil {
				return err
			}
			written++
		}
		hits = nil
		if err := flush(); err != nil {
			return err
		}
	}
	if err := sink.end(weight); err != nil {
		return err
	}
	return flush()
}

// exportStream pages through a point in time.
type exportStream struct {
	s     *Server
	ctx   context.Context
	q     query.M
	pit   string
	plan  exportPlan
	after []any
}

func (st *exportStream) source() []string {
	src := []string{"id"}
	for _, c := range st.plan.columns {
		src = append(src, c.source)
	}
	return src
}

func (st *exportStream) search(body query.M) (*search.Response, error) {
	res, err := st.s.backend.SearchPIT(st.ctx, body)
	if err != nil {
		return nil, fmt.Errorf("export: search page: %w", err)
	}
	if res.PitID != "" {
		st.pit = res.PitID
	}
	if n := len(res.Hits.Hits); n > 0 {
		last := res.Hits.Hits[n-1].Sort
		st.after = make([]any, len(last))
		for i, v := range last {
			st.after[i] = v
		}
	}
	return res, nil
}

// start skips offset rows and returns the first page with the total
// matches of the snapshot.
func (st *exportStream) start() ([]search.Hit, int64, error) {
	size := min(ExportPageSize, st.plan.limit)
	from := st.plan.offset
	total := int64(-1)
	// counted searches a page, asking for the total until it is known.
	counted := func(size, from int, source []string) (*search.Response, error) {
		body := st.pageBody(size, from, source)
		body["track_total_hits"] = total < 0
		res, err := st.search(body)
		if err != nil {
			return nil, err
		}
		if total < 0 {
			total = res.Hits.Total.Value
		}
		return res, nil
	}
	if from+size > maxResultWindow {
		// Beyond the result window: skip in sort-only pages, then go on
		// with search_after.
		from = 0
		for skipped := 0; skipped < st.plan.offset; {
			n := min(maxResultWindow, st.plan.offset-skipped)
			res, err := counted(n, 0, nil)
			if err != nil {
				return nil, 0, err
			}
			skipped += len(res.Hits.Hits)
			if len(res.Hits.Hits) < n {
				return nil, total, nil
			}
		}
	}
	res, err := counted(size, from, st.source())
	if err != nil {
		return nil, 0, err
	}
	return res.Hits.Hits, total, nil
}

// next fetches the next page after the last hit seen.
func (st *exportStream) next(size int) ([]search.Hit, error) {
	res, err := st.search(st.pageBody(size, 0, st.source()))
	if err != nil {
		return nil, err
	}
	return res.Hits.Hits, nil
}

// pageBody is the request for size rows of the point in time after the
// last hit seen (from rows skipped, before search_after takes over).
func (st *exportStream) pageBody(size, from int, source []string) query.M {
	keep := fmt.Sprintf("%dms", exportKeepAlive.Milliseconds())
	return query.ExportPage(st.q, st.pit, keep, size, from, st.after, source)
}

// exportRow is the cells of the selected columns.
func exportRow(cols []exportColumn, l *mappings.Listing, now time.Time) []any {
	v := viewListing(l)
	row := make([]any, len(cols))
	for i, c := range cols {
		row[i] = c.cell(&v, now)
	}
	return row
}

// NeutraliseCell defuses spreadsheet formula injection: a text cell that
// starts with = + - @, a tab, a carriage return or another control
// character is prefixed with a single quote.
func NeutraliseCell(s string) string {
	if s == "" {
		return s
	}
	switch c := s[0]; {
	case c == '=' || c == '+' || c == '-' || c == '@' || c < 0x20 || c == 0x7f:
		return "'" + s
	}
	return s
}

// planLabel names a plan for messages ("" = no gate: Pro's cap applies).
func planLabel(plan string) string {
	if plan == "" {
		return ratelimit.PlanPro
	}
	return plan
}
