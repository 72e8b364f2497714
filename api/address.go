package api

// Address typeahead, addresses by postcode and address retrieve.
// The algorithm is described in api/query/address.go and docs/addresses.md.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Typeahead bounds.
const (
	findMinQuery     = 2
	findDefaultLimit = 10
	findMaxLimit     = 20
	// postcodeMaxAddresses caps address/postcode (the largest real postcodes
	// hold a few hundred delivery points).
	postcodeMaxAddresses = 1000
)

// Suggestion types.
const (
	suggestionAddress  = "address"
	suggestionBuilding = "building"
)

type addressSuggestion struct {
	UPRN         int64   `json:"uprn"`
	Address      string  `json:"address"`
	AddressLine1 string  `json:"address_line_1"`
	AddressLine2 *string `json:"address_line_2"`
	Town         string  `json:"town"`
	Postcode     string  `json:"postcode"`
	// Type is "address" or "building" (a building whose flats matched; drill
	// down with ?building=<uprn> or by typing a flat number).
	Type      string `json:"type"`
	FlatCount *int   `json:"flat_count"`
}

type findMeta struct {
	QueryType string `json:"query_type"`
	TookMS    int64  `json:"took_ms"`
	Total     int64  `json:"total"`
}

type findResponse struct {
	Suggestions []addressSuggestion `json:"suggestions"`
	Count       int                 `json:"count"`
	Meta        findMeta            `json:"meta"`
}

func (s *Server) addressFind(w http.ResponseWriter, r *http.Request) error {
	start := s.opt.Now()
	ctx := r.Context()
	p := newParams(r)
	q := p.String("q", MaxTextParam)
	limit := p.Int("limit", findDefaultLimit, 1, findMaxLimit)
	parent := p.UPRN("building", false)
	if err := p.Err(); err != nil {
		return err
	}
	if utf8.RuneCountInString(strings.TrimSpace(q)) < findMinQuery {
		return QueryTooShort("q", findMinQuery, MaxTextParam)
	}
	fp := query.AddressFindParams{Size: limit, Parent: parent}
	if p.Has("postcode") || p.Has("lat") || p.Has("lng") {
		pl, err := s.resolvePlace(ctx, p, placeForms{postcode: true, latlng: true})
		if err != nil {
			return err
		}
		fp.Bias = &pl.Point
	}
	res, err := s.cachedFind(w, r, q, fp)
	if err != nil {
		return err
	}
	res.Meta.TookMS = s.opt.Now().Sub(start).Milliseconds()
	return writeJSON(w, http.StatusOK, res)
}

// cachedFind serves a typeahead result from the cache when it can (a
// request with Cache-Control: no-cache skips the lookup and refreshes the
// entry), reporting X-Cache: hit or miss when the cache is on. The result
// is the caller's to modify.
func (s *Server) cachedFind(w http.ResponseWriter, r *http.Request, q string, fp query.AddressFindParams) (*findResponse, error) {
	if s.finds == nil {
		return s.findAddresses(r.Context(), q, fp)
	}
	key := findCacheKey(q, fp)
	if !skipCache(r) {
		if hit := s.finds.Get(key); hit != nil {
			w.Header().Set("X-Cache", "hit")
			res := *hit
			return &res, nil
		}
	}
	// Concurrent misses on one key share one engine request (a hot
	// prefix whose entry just expired does not stampede the engine); the
	// call stores its result, so it is cached even if every waiter has
	// gone. Errors reach every waiter and are not cached.
	stored, _, err := s.findFlight.Do(r.Context(), key, func(ctx context.Context) (*findResponse, error) {
		res, err := s.findAddresses(ctx, q, fp)
		if err != nil {
			return nil, err
		}
		s.finds.Put(key, res)
		return res, nil
	})
	if err != nil {
		return nil, err
	}
	w.Header().Set("X-Cache", "miss")
	res := *stored
	return &res, nil
}

// findAddresses runs the typeahead (query.FindAddresses: the requests in
// the order query.AddressFind describes: postcode path; or houses and
// buildings, widened to every address when short, then fuzzy, then the
// flat count of collapsed buildings) and turns the hits into suggestions.
func (s *Server) findAddresses(ctx context.Context, q string, fp query.AddressFindParams) (*findResponse, error) {
	index := s.idx.Name(mappings.IndexAddresses)
	fp.Fetch = s.addressSourceOnly.Fetch(index)
	fp.LegacySort = s.addressLegacySort.Load()
	send := func(ctx context.Context, body query.M) (*search.Response, error) {
		return s.backend.Search(ctx, index, body)
	}
	res, err := s.findAddressesWith(ctx, q, fp, send)
	if errors.Is(err, search.ErrBadRequest) && !fp.LegacySort {
		// An index built before the popularity band refuses the band sort
		// (between two rounds of probeAddressSort, or before the first):
		// sort as it does, and remember it when that is the cure.
		fp.LegacySort = true
		if res, lerr := s.findAddressesWith(ctx, q, fp, send); lerr == nil {
			s.addressLegacySort.Store(true)
			return res, nil
		}
		fp.LegacySort = false
	}
	if errors.Is(err, query.ErrNoDocValues) && fp.Fetch == query.FetchDocValues {
		// An index built before the typeahead's packed doc value (the
		// engine answers its hits without it): read its _source, and
		// remember the index for a while.
		s.addressSourceOnly.Refused(index)
		fp.Fetch = query.FetchSource
		return s.findAddressesWith(ctx, q, fp, send)
	}
	return res, err
}

// findAddressesWith answers q with the searches send runs.
func (s *Server) findAddressesWith(ctx context.Context, q string, fp query.AddressFindParams, send func(context.Context, query.M) (*search.Response, error)) (*findResponse, error) {
	f, found, err := query.FindAddresses(ctx, q, fp, send)
	if err != nil {
		return nil, err
	}
	res := &findResponse{Suggestions: []addressSuggestion{}}
	res.Meta.QueryType, res.Meta.Total = f.QueryType, found.Total
	if f.Postcode != nil {
		for _, a := range found.Addresses {
			if isBuildingAddress(a) {
				res.Suggestions = append(res.Suggestions, buildingRecordSuggestion(a))
			} else {
				res.Suggestions = append(res.Suggestions, suggestionOf(a))
			}
		}
		res.Count = len(res.Suggestions)
		return res, nil
	}
	groups, err := flatGroups(found.Flats)
	if err != nil {
		return nil, err
	}
	res.Suggestions = groupSuggestions(found.Addresses, groups, fp.Size)
	res.Count = len(res.Suggestions)
	return res, nil
}

// flatGroup is what the typeahead query matched in one building.
type flatGroup struct {
	n     int64               // matching addresses
	first []*mappings.Address // the first few, in natural order
}

// flatGroups decodes the flat count's answer: the matches in each building
// whose best hit was a flat (not the building record); nil when no flat
// count was due.
func flatGroups(resp *search.Response) (map[string]flatGroup, error) {
	if resp == nil {
		return nil, nil
	}
	var agg struct {
		Buckets []struct {
			Key      string `json:"key"`
			DocCount int64  `json:"doc_count"`
			Flats    struct {
				Hits search.Hits `json:"hits"`
			} `json:"flats"`
		} `json:"buckets"`
	}
	if raw, ok := resp.Aggregations[query.BuildingFlatsAgg]; ok {
		if err := json.Unmarshal(raw, &agg); err != nil {
			return nil, fmt.Errorf("address find building flats: decode: %w", err)
		}
	}
	out := make(map[string]flatGroup, len(agg.Buckets))
	for _, b := range agg.Buckets {
		g := flatGroup{n: b.DocCount}
		for _, h := range b.Flats.Hits.Hits {
			a, err := decodeAddress(h)
			if err != nil {
				return nil, err
			}
			g.first = append(g.first, a)
		}
		out[b.Key] = g
	}
	return out, nil
}

// groupSuggestions turns hits into suggestions. A building record (when no
// flat was asked for) or a building with at least query.BuildingMinFlats matching
// flats becomes one building suggestion; smaller groups come back flat by
// flat.
func groupSuggestions(addrs []*mappings.Address, groups map[string]flatGroup, size int) []addressSuggestion {
	out := []addressSuggestion{}
	seen := map[int64]bool{}
	add := func(sg addressSuggestion) {
		if len(out) < size && !seen[sg.UPRN] {
			seen[sg.UPRN] = true
			out = append(out, sg)
		}
	}
	for _, a := range addrs {
		g, grouped := groups[a.BuildingKey]
		switch {
		case a.FlatCount > 0:
			add(buildingRecordSuggestion(a))
		case a.IsFlat && grouped && g.n >= query.BuildingMinFlats:
			add(buildingSuggestion(a, int(g.n)))
		case grouped && g.n > 1:
			for _, f := range g.first {
				add(suggestionOf(f))
			}
		default:
			add(suggestionOf(a))
		}
	}
	return out
}

func suggestionOf(a *mappings.Address) addressSuggestion {
	sg := addressSuggestion{
		UPRN: a.UPRN, Address: a.FullAddress, AddressLine1: a.AddressLine1,
		Town: townOf(a.PostTown, a.TownName), Postcode: a.Postcode, Type: suggestionAddress,
	}
	if a.AddressLine2 != "" {
		l2 := a.AddressLine2
		sg.AddressLine2 = &l2
	}
	if sg.Address == "" || sg.AddressLine1 == "" {
		l1, l2, _, full := mappings.AddressLines(a)
		if sg.Address == "" {
			sg.Address = full
		}
		if sg.AddressLine1 == "" {
			sg.AddressLine1 = l1
			if l2 != "" {
				sg.AddressLine2 = &l2
			}
		}
	}
	return sg
}

// buildingSuggestion summarises the building of a flat: its parent UPRN
// (the flat's own UPRN when the parent is unknown) and its address without
// the sub-building.
func buildingSuggestion(flat *mappings.Address, flats int) addressSuggestion {
	b := *flat
	b.SubBuilding, b.FullAddress, b.AddressLine1, b.AddressLine2, b.AddressLine3 = "", "", "", "", ""
	if b.ParentUPRN > 0 {
		b.UPRN = b.ParentUPRN
	}
	sg := suggestionOf(&b)
	sg.Type, sg.FlatCount = suggestionBuilding, &flats
	return sg
}

// buildingRecordSuggestion is the suggestion of a building's own record.
func buildingRecordSuggestion(a *mappings.Address) addressSuggestion {
	sg := suggestionOf(a)
	n := a.FlatCount
	sg.Type, sg.FlatCount = suggestionBuilding, &n
	return sg
}

func townOf(postTown, town string) string {
	if town != "" {
		return town
	}
	return titleCase(postTown)
}

// titleCase turns "EXETER" into "Exeter" (post towns are upper case in PAF).
func titleCase(s string) string {
	if s != strings.ToUpper(s) {
		return s
	}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// postcodeAddress is one address of address/postcode: unknown parts are
// null (never ""), like every other endpoint (docs/decisions.md).
type postcodeAddress struct {
	UPRN           int64  `json:"uprn"`
	Address        string `json:"address"`
	BuildingName   any    `json:"building_name"`
	BuildingNumber any    `json:"building_number"`
	SubBuilding    any    `json:"sub_building"`
	Street         any    `json:"street"`
	Town           any    `json:"town"`
	// Type is "building" for a whole building (its flats follow), else
	// "address", as in address/find.
	Type       string `json:"type"`
	ParentUPRN any    `json:"parent_uprn"`
	FlatCount  *int   `json:"flat_count"`
}

func (s *Server) addressPostcode(w http.ResponseWriter, r *http.Request) error {
	raw := pathVar(r, "postcode")
	pc, ok := mappings.ParsePostcode(raw)
	if !ok {
		if strings.Contains(raw, "+") {
			return Errorf(http.StatusUnprocessableEntity, CodeInvalidPostcode, "%q is not a full UK postcode (a plus sign in a path is not a space: use %%20 or no space)", truncate(raw, 20))
		}
		return Errorf(http.StatusUnprocessableEntity, CodeInvalidPostcode, "%q is not a full UK postcode", truncate(raw, 20))
	}
	noCache := skipCache(r)
	if s.postcodes != nil && !noCache {
		if b := s.postcodes.Get(pc.Key()); b != nil {
			w.Header().Set("X-Cache", "hit")
			return writeRaw(w, http.StatusOK, jsonContentType, b)
		}
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexAddresses), query.AddressesAtPostcode(pc.Key(), postcodeMaxAddresses))
	if err != nil {
		return fmt.Errorf("addresses at %s: %w", pc.Display(), err)
	}
	out := struct {
		Postcode   string              `json:"postcode"`
		Count      int                 `json:"count"`
		Addresses  []postcodeAddress   `json:"addresses"`
		Terminated *string             `json:"terminated,omitempty"`
		Successors []postcodeSuccessor `json:"successors,omitempty"`
	}{Postcode: pc.Display(), Addresses: []postcodeAddress{}}
	if len(resp.Hits.Hits) == 0 {
		// A terminated postcode has no addresses: say what replaced it.
		d, err := s.postcodeRecord(r.Context(), pc)
		if err == nil {
			out.Terminated, out.Successors, err = s.terminatedInfo(r.Context(), d)
		}
		if _, client := asClientError(err); err != nil && !client {
			return err
		}
		if out.Terminated == nil {
			return NotFound("no addresses at postcode %s", pc.Display())
		}
		return writeJSON(w, http.StatusOK, out)
	}
	for _, h := range resp.Hits.Hits {
		a, err := decodeAddress(h)
		if err != nil {
			return err
		}
		full := a.FullAddress
		if full == "" {
			_, _, _, full = mappings.AddressLines(a)
		}
		pa := postcodeAddress{
			UPRN: a.UPRN, Address: full, BuildingName: nullIfZeroAny(a.BuildingName), BuildingNumber: nullIfZeroAny(a.BuildingNumber),
			SubBuilding: nullIfZeroAny(a.SubBuilding), Street: nullIfZeroAny(a.StreetName), Town: nullIfZeroAny(townOf(a.PostTown, a.TownName)),
			Type: suggestionAddress, ParentUPRN: nullIfZeroAny(a.ParentUPRN),
		}
		if isBuildingAddress(a) {
			n := a.FlatCount
			pa.Type, pa.FlatCount = suggestionBuilding, &n
		}
		out.Addresses = append(out.Addresses, pa)
	}
	out.Count = len(out.Addresses)
	if s.postcodes == nil {
		return writeJSON(w, http.StatusOK, out)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	s.postcodes.Put(pc.Key(), b)
	w.Header().Set("X-Cache", "miss")
	return writeRaw(w, http.StatusOK, jsonContentType, b)
}

// skipCache reports a request that asks for a fresh result
// (Cache-Control: no-cache).
func skipCache(r *http.Request) bool {
	return strings.Contains(strings.ToLower(r.Header.Get("Cache-Control")), "no-cache")
}

// addressRetrieve answers one address at level address, property or full.
func (s *Server) addressRetrieve(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	level := p.Enum("level", "address", "address", "property", "full")
	if err := p.Err(); err != nil {
		return err
	}
	addressFields := []string{"uprn", "udprn", "usrn", "full_address", "address_line_1", "address_line_2",
		"address_line_3", "building_name", "building_number", "sub_building", "street_name", "locality",
		"town_name", "post_town", "postcode", "outward_postcode", "latitude", "longitude",
		"parent_uprn", "is_building", "flat_count"}
	if level == "address" {
		a, err := s.addressByUPRN(r, uprn)
		if err != nil {
			return err
		}
		if a != nil {
			m := map[string]any{
				"uprn": a.UPRN, "udprn": nullIfZeroAny(a.UDPRN), "usrn": nullIfZeroAny(a.USRN), "full_address": a.FullAddress,
				"address_line_1": a.AddressLine1, "address_line_2": nullIfZeroAny(a.AddressLine2), "address_line_3": nullIfZeroAny(a.AddressLine3),
				"building_name": nullIfZeroAny(a.BuildingName), "building_number": nullIfZeroAny(a.BuildingNumber),
				"sub_building": nullIfZeroAny(a.SubBuilding), "street_name": nullIfZeroAny(a.StreetName), "locality": nullIfZeroAny(a.Locality),
				"town_name": nullIfZeroAny(a.TownName), "post_town": nullIfZeroAny(a.PostTown), "postcode": a.Postcode,
				"outward_postcode": a.Outcode, "latitude": nil, "longitude": nil, "level": level,
				"parent_uprn": nullIfZeroAny(a.ParentUPRN), "is_building": isBuildingAddress(a), "flat_count": nil,
			}
			if isBuildingAddress(a) {
				m["flat_count"] = a.FlatCount
			}
			if a.Location != nil {
				m["latitude"], m["longitude"] = a.Location.Lat, a.Location.Lon
			}
			return writeJSON(w, http.StatusOK, m)
		}
	}
	d, m, err := s.propertyWithMap(r.Context(), uprn)
	if err != nil {
		return err
	}
	fields := addressFields
	if level != "address" {
		fields = append(fields, "property_type", "bedrooms", "predicted_bedrooms", "bathrooms", "habitable_rooms", "floors",
			"epc_floor_area", "predicted_floor_area", "current_energy_efficiency", "potential_energy_efficiency",
			"last_epc_date", "last_sold_date", "last_sold_price", "last_sold_adjusted_price", "classification_code")
	}
	out := pick(m, fields...)
	out["level"] = level
	if level == "full" {
		out["valuation"] = pick(m, "predicted_value", "predicted_rent_pcm", "last_sold_price", "last_sold_date", "last_sold_adjusted_price")
		out["construction"] = pick(m, partFields["construction"]...)
		out["outdoor"] = pick(m, "has_garden", "garden_area_sqm", "garden_orientation", "has_parking", "parking_type", "parking_spaces")
		renovationSummary(d, m)
		out["renovation_costs"] = pick(m, partFields["epc_renovations"]...)
		stats, err := s.areaStatistics(r, d)
		if err != nil {
			return err
		}
		out["area_statistics"] = stats
	}
	return writeJSON(w, http.StatusOK, out)
}

// areaStatistics summarises the postcode of a property from the property
// records: codes of the areas it lies in and aggregates over its postcode.
func (s *Server) areaStatistics(r *http.Request, d *mappings.Property) (map[string]any, error) {
	out := map[string]any{
		"postcode": d.Postcode, "outward_postcode": d.Outcode, "region": nullIfZeroAny(d.Region),
		"lad_code": nullIfZeroAny(d.LADCode), "lad_name": nullIfZeroAny(d.LADName), "ward_code": nullIfZeroAny(d.WardCode),
		"lsoa_code": nullIfZeroAny(d.LSOACode), "msoa_code": nullIfZeroAny(d.MSOACode),
		"postcode_property_count": 0, "postcode_median_predicted_value": nil, "postcode_median_last_sold_price": nil,
		"postcode_mean_floor_area": nil, "postcode_council_tax_bands": map[string]int64{}, "postcode_property_types": map[string]int64{},
	}
	if d.Postcode == "" {
		return out, nil
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexProperties), query.PostcodeAreaStatistics(d.Postcode))
	if err != nil {
		return nil, fmt.Errorf("area statistics %s: %w", d.Postcode, err)
	}
	out["postcode_property_count"] = resp.Hits.Total.Value
	var pct struct {
		Values map[string]*float64 `json:"values"`
	}
	median := func(name string) any {
		pct.Values = nil
		if raw, ok := resp.Aggregations[name]; ok && json.Unmarshal(raw, &pct) == nil {
			if v := pct.Values["50.0"]; v != nil {
				return int64(math.Round(*v))
			}
		}
		return nil
	}
	out["postcode_median_predicted_value"] = median(query.AreaPredictedValueAgg)
	out["postcode_median_last_sold_price"] = median(query.AreaLastSoldPriceAgg)
	var avg struct {
		Value *float64 `json:"value"`
	}
	if raw, ok := resp.Aggregations[query.AreaFloorAreaAgg]; ok && json.Unmarshal(raw, &avg) == nil && avg.Value != nil {
		out["postcode_mean_floor_area"] = math.Round(*avg.Value*10) / 10
	}
	for agg, key := range map[string]string{query.BandsAgg: "postcode_council_tax_bands", query.TypesAgg: "postcode_property_types"} {
		var terms struct {
			Buckets []struct {
				Key   string `json:"key"`
				Count int64  `json:"doc_count"`
			} `json:"buckets"`
		}
		counts := map[string]int64{}
		if raw, ok := resp.Aggregations[agg]; ok && json.Unmarshal(raw, &terms) == nil {
			for _, b := range terms.Buckets {
				counts[b.Key] = b.Count
			}
		}
		out[key] = counts
	}
	return out, nil
}
