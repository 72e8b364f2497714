package api

// Address typeahead, addresses by postcode and address retrieve (issue 12).
// The algorithm is described in api/query/address.go and docs/addresses.md.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sort"
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

// findAddresses runs the typeahead's requests in the order
// query.AddressFind describes (postcode path; or houses and buildings,
// widened to every address when short, then fuzzy, then the flat count of
// collapsed buildings) and turns the hits into suggestions.
func (s *Server) findAddresses(ctx context.Context, q string, fp query.AddressFindParams) (*findResponse, error) {
	index := s.idx.Name(mappings.IndexAddresses)
	f := query.NewAddressFind(q, fp)
	found, err := query.RunAddressFind(ctx, f, func(ctx context.Context, body query.M) (*search.Response, error) {
		return s.backend.Search(ctx, index, body)
	})
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
	if len(resp.Hits.Hits) == 0 {
		return NotFound("no addresses at postcode %s", pc.Display())
	}
	out := struct {
		Postcode  string            `json:"postcode"`
		Count     int               `json:"count"`
		Addresses []postcodeAddress `json:"addresses"`
	}{Postcode: pc.Display(), Addresses: []postcodeAddress{}}
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

// Address match thresholds: a best candidate scoring below addressMatchMin
// is no_match; two candidates within addressMatchTie of each other make the
// answer ambiguous (confidence scaled down).
const (
	addressMatchMin = 0.6
	addressMatchTie = 0.05
)

type addressMatchResponse struct {
	Status       string         `json:"status"` // matched or no_match
	UPRN         *int64         `json:"uprn"`
	Address      *string        `json:"matched_address"`
	Postcode     string         `json:"postcode"`
	Confidence   float64        `json:"confidence"`
	MatchLevel   string         `json:"match_level"` // exact, high, medium, none
	Reason       *string        `json:"reason"`
	Candidates   int            `json:"candidates"`
	Alternatives []matchAltItem `json:"alternatives"`
	Query        map[string]any `json:"query"`
}

type matchAltItem struct {
	UPRN       int64   `json:"uprn"`
	Address    string  `json:"address"`
	Confidence float64 `json:"confidence"`
}

// addressMatch answers address/match/?address=&postcode=: the one address at
// the postcode that best matches the submitted street address, with a
// confidence, or status no_match.
func (s *Server) addressMatch(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	text := p.String("address", MaxTextParam)
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	// The schema's pattern: at least one ASCII letter or digit (ToLower
	// would let the Kelvin sign pass as a k).
	if !strings.ContainsAny(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
		return InvalidParam("address", "is required: the street address to match, e.g. 10 Downing Street")
	}
	out := addressMatchResponse{Status: "no_match", Postcode: pc.Display(), MatchLevel: "none", Alternatives: []matchAltItem{},
		Query: map[string]any{"address": text, "postcode": pc.Display()}}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexAddresses), query.AddressesAtPostcode(pc.Key(), postcodeMaxAddresses))
	if err != nil {
		return fmt.Errorf("addresses at %s: %w", pc.Display(), err)
	}
	type cand struct {
		a     *mappings.Address
		score float64
	}
	var cands []cand
	for _, h := range resp.Hits.Hits {
		a, err := decodeAddress(h)
		if err != nil {
			return err
		}
		cands = append(cands, cand{a, addressMatchScore(text, a)})
	}
	out.Candidates = len(cands)
	if len(cands) == 0 {
		reason := fmt.Sprintf("no addresses are known at postcode %s", pc.Display())
		out.Reason = &reason
		return writeJSON(w, http.StatusOK, out)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	best := cands[0]
	conf := best.score
	if len(cands) > 1 && best.score-cands[1].score < addressMatchTie {
		conf *= 0.8 // two addresses fit about as well: say so in the confidence
	}
	conf = float64(int(conf*100+0.5)) / 100
	for _, c := range cands[1:min(len(cands), 4)] {
		if c.score >= addressMatchMin/2 {
			out.Alternatives = append(out.Alternatives, matchAltItem{UPRN: c.a.UPRN, Address: fullAddressOf(c.a), Confidence: float64(int(c.score*100+0.5)) / 100})
		}
	}
	out.Confidence = conf
	if conf < addressMatchMin {
		reason := fmt.Sprintf("no address at %s matches closely enough (best confidence %.2f, threshold %.2f)", pc.Display(), conf, addressMatchMin)
		out.Reason = &reason
		return writeJSON(w, http.StatusOK, out)
	}
	uprn, full := best.a.UPRN, fullAddressOf(best.a)
	out.Status, out.UPRN, out.Address = "matched", &uprn, &full
	switch {
	case conf >= 0.99:
		out.MatchLevel = "exact"
	case conf >= 0.85:
		out.MatchLevel = "high"
	default:
		out.MatchLevel = "medium"
	}
	return writeJSON(w, http.StatusOK, out)
}

func fullAddressOf(a *mappings.Address) string {
	if a.FullAddress != "" {
		return a.FullAddress
	}
	_, _, _, full := mappings.AddressLines(a)
	return full
}

// addressMatchScore scores how well submitted text names address a, in
// [0, 1]: the share of the address's identifying words (flat, building
// number and name, street) found in the text, times penalties for a
// number in the text that the address does not have (another house or
// flat) and for a missing house number.
func addressMatchScore(text string, a *mappings.Address) float64 {
	have := map[string]bool{}
	var textNumbers []string
	for _, t := range mappings.AddressTokens(text) {
		have[t] = true
		have[expandAbbrev(t)] = true
		if t[0] >= '0' && t[0] <= '9' {
			textNumbers = append(textNumbers, t)
		}
	}
	// Identifying words from the address's own fields (the postcode
	// listing does not carry the derived numbers field).
	var want []string
	for _, f := range []string{a.SubBuilding, a.BuildingName, a.BuildingNumber, a.StreetName} {
		want = append(want, mappings.AddressTokens(f)...)
	}
	if a.StreetName == "" {
		want = append(want, mappings.AddressTokens(a.Locality)...)
	}
	numbers := map[string]bool{}
	seen := map[string]bool{}
	got, total := 0, 0
	for _, t := range want {
		if t[0] >= '0' && t[0] <= '9' {
			numbers[t] = true
		}
		if seen[t] {
			continue
		}
		seen[t] = true
		total++
		if have[t] {
			got++
		}
	}
	if total == 0 {
		return 0
	}
	score := float64(got) / float64(total)
	for _, n := range textNumbers {
		if !numbers[n] {
			score *= 0.5 // "12 High Street" is not 14 High Street
		}
	}
	house := strings.ToLower(strings.ReplaceAll(a.BuildingNumber, " ", ""))
	if house != "" && !have[house] {
		score *= 0.6
	}
	return score
}
