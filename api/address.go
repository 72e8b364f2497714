package api

// Address typeahead, addresses by postcode and address retrieve (issue 12).
// The algorithm is described in api/query/address.go and docs/addresses.md.

import (
	"context"
	"encoding/json"
	"fmt"
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
	// buildingMinFlats is the number of matched flats from which a building
	// comes back as one suggestion instead of its flats.
	buildingMinFlats = 3
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
	FlatCount int    `json:"flat_count,omitempty"`
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
		e := Errorf(http.StatusUnprocessableEntity, CodeQueryTooShort, "q must be at least %d characters", findMinQuery)
		e.Details = map[string]any{"parameter": "q", "min_length": findMinQuery}
		return e
	}
	fp := query.AddressFindParams{Size: limit, Parent: parent}
	if p.Has("postcode") || p.Has("lat") || p.Has("lng") {
		pl, err := s.resolvePlace(ctx, p, placeForms{postcode: true, latlng: true})
		if err != nil {
			return err
		}
		fp.Bias = &query.GeoPoint{Lat: pl.Point.Lat, Lon: pl.Point.Lon}
	}
	res, err := s.findAddresses(ctx, q, fp)
	if err != nil {
		return err
	}
	res.Meta.TookMS = s.opt.Now().Sub(start).Milliseconds()
	return writeJSON(w, http.StatusOK, res)
}

// findAddresses runs the typeahead: the postcode path for postcode-shaped
// input, else the strict text query and, only when it finds nothing, the
// fuzzy fallback.
func (s *Server) findAddresses(ctx context.Context, q string, fp query.AddressFindParams) (*findResponse, error) {
	index := s.idx.Name(mappings.IndexAddresses)
	res := &findResponse{Suggestions: []addressSuggestion{}}
	if shape, ok := query.ClassifyPostcode(q); ok {
		resp, err := s.backend.Search(ctx, index, query.AddressPostcodeFind(shape, fp))
		if err != nil {
			return nil, fmt.Errorf("address find %s: %w", shape.Kind, err)
		}
		res.Meta = findMeta{QueryType: shape.Kind, Total: resp.Hits.Total.Value}
		for _, h := range resp.Hits.Hits {
			a, err := decodeAddress(h)
			if err != nil {
				return nil, err
			}
			res.Suggestions = append(res.Suggestions, suggestionOf(a))
		}
		res.Count = len(res.Suggestions)
		return res, nil
	}
	t := query.ParseAddressText(q)
	res.Meta.QueryType = query.AddressQueryText
	if t.Empty() {
		return res, nil
	}
	resp, err := s.backend.Search(ctx, index, query.AddressTextFind(t, fp))
	if err != nil {
		return nil, fmt.Errorf("address find text: %w", err)
	}
	if resp.Hits.Total.Value == 0 && len(resp.Hits.Hits) == 0 && hasFuzzyWord(t) {
		res.Meta.QueryType = query.AddressQueryFuzzy
		resp, err = s.backend.Search(ctx, index, query.AddressFuzzyFind(t, fp))
		if err != nil {
			return nil, fmt.Errorf("address find fuzzy: %w", err)
		}
	}
	res.Meta.Total = resp.Hits.Total.Value
	res.Suggestions, err = groupSuggestions(resp.Hits.Hits, fp.Size)
	if err != nil {
		return nil, err
	}
	res.Count = len(res.Suggestions)
	return res, nil
}

// hasFuzzyWord reports whether the fallback could find more than the strict query.
func hasFuzzyWord(t query.AddressText) bool {
	for _, w := range t.Words {
		if len(w) >= query.FuzzyMinLength {
			return true
		}
	}
	return false
}

// groupSuggestions turns collapsed hits into suggestions: a building record
// or a group of at least buildingMinFlats flats becomes one building
// suggestion; smaller groups come back flat by flat.
func groupSuggestions(hits []search.Hit, size int) ([]addressSuggestion, error) {
	out := []addressSuggestion{}
	seen := map[int64]bool{}
	add := func(sg addressSuggestion) {
		if len(out) < size && !seen[sg.UPRN] {
			seen[sg.UPRN] = true
			out = append(out, sg)
		}
	}
	for _, h := range hits {
		a, err := decodeAddress(h)
		if err != nil {
			return nil, err
		}
		group, grouped := h.InnerHits[query.CollapseGroup()]
		n := group.Hits.Total.Value
		switch {
		case a.FlatCount > 0 && (!grouped || n > 1):
			sg := suggestionOf(a)
			sg.Type, sg.FlatCount = suggestionBuilding, a.FlatCount
			add(sg)
		case a.IsFlat && grouped && n >= buildingMinFlats:
			add(buildingSuggestion(a, int(n)))
		case grouped && n > 1:
			for _, gh := range group.Hits.Hits {
				ga, err := decodeAddress(gh)
				if err != nil {
					return nil, err
				}
				add(suggestionOf(ga))
			}
		default:
			add(suggestionOf(a))
		}
	}
	return out, nil
}

func decodeAddress(h search.Hit) (*mappings.Address, error) {
	var a mappings.Address
	if err := json.Unmarshal(h.Source, &a); err != nil {
		return nil, fmt.Errorf("decode address %s: %w", h.ID, err)
	}
	return &a, nil
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
	sg.Type, sg.FlatCount = suggestionBuilding, flats
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

type postcodeAddress struct {
	UPRN           int64  `json:"uprn"`
	Address        string `json:"address"`
	BuildingName   string `json:"building_name"`
	BuildingNumber string `json:"building_number"`
	SubBuilding    string `json:"sub_building"`
	Street         string `json:"street"`
	Town           string `json:"town"`
}

func (s *Server) addressPostcode(w http.ResponseWriter, r *http.Request) error {
	raw := pathVar(r, "postcode")
	pc, ok := mappings.ParsePostcode(raw)
	if !ok {
		return Errorf(http.StatusUnprocessableEntity, CodeInvalidPostcode, "%q is not a full UK postcode (a plus sign is not a space: use %%20 or no space)", truncate(raw, 20))
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
		out.Addresses = append(out.Addresses, postcodeAddress{
			UPRN: a.UPRN, Address: full, BuildingName: a.BuildingName, BuildingNumber: a.BuildingNumber,
			SubBuilding: a.SubBuilding, Street: a.StreetName, Town: townOf(a.PostTown, a.TownName),
		})
	}
	out.Count = len(out.Addresses)
	return writeJSON(w, http.StatusOK, out)
}
