package api

// Listing address match.

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// listingAddressMinConfidence is the confidence below which a listing is
// reported as unmatched (404).
const listingAddressMinConfidence = 0.5

// maxListingAddressBody caps the request body (one listing id).
const maxListingAddressBody = 64 << 10

func (s *Server) listingAddress(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ListingID string `json:"listing_id"`
	}
	// The shared strict reading: 415 for another media type, 413 over the
	// cap (never a truncated body read as malformed), unknown fields 422.
	if err := decodeBody(w, r, &body, maxListingAddressBody); err != nil {
		return err
	}
	id := strings.TrimSpace(body.ListingID)
	if id == "" || len(id) > 100 {
		return InvalidParam("listing_id", "required, at most 100 characters")
	}
	l, err := s.listingByID(r, id)
	if err != nil {
		return err
	}
	type match struct {
		ListingID  string  `json:"listing_id"`
		UPRN       int64   `json:"uprn"`
		Address    string  `json:"address"`
		Postcode   string  `json:"postcode"`
		Confidence float64 `json:"confidence"`
		Method     string  `json:"method"`
	}
	if l.UPRN > 0 {
		a, err := s.addressByUPRN(r, l.UPRN)
		if err != nil {
			return err
		}
		if a != nil {
			return writeJSON(w, http.StatusOK, match{ListingID: l.ID, UPRN: a.UPRN, Address: a.FullAddress, Postcode: a.Postcode, Confidence: 1, Method: "linked"})
		}
	}
	key := ""
	if pc, ok := mappings.ParsePostcode(l.Postcode); ok {
		key = pc.Key()
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexAddresses), query.ListingAddressMatch(l.DisplayAddress, key, 5))
	if err != nil {
		return fmt.Errorf("match listing %s: %w", l.ID, err)
	}
	if len(resp.Hits.Hits) == 0 {
		return NotFound("no address matches listing %s", l.ID)
	}
	top, err := decodeAddress(resp.Hits.Hits[0])
	if err != nil {
		return err
	}
	conf := matchConfidence(l.DisplayAddress, top, len(resp.Hits.Hits))
	if conf < listingAddressMinConfidence {
		return NotFound("no confident address match for listing %s", l.ID)
	}
	return writeJSON(w, http.StatusOK, match{ListingID: l.ID, UPRN: top.UPRN, Address: top.FullAddress, Postcode: top.Postcode, Confidence: conf, Method: "address_match"})
}

// matchConfidence scores how well a display address identifies an address:
// the share of the address's number and street words that the display text
// contains, reduced when several addresses matched.
func matchConfidence(display string, a *mappings.Address, candidates int) float64 {
	have := map[string]bool{}
	for _, t := range mappings.AddressTokens(display) {
		have[t] = true
	}
	var want []string
	want = append(want, a.Numbers...)
	want = append(want, mappings.AddressTokens(a.BuildingName)...)
	want = append(want, mappings.AddressTokens(a.StreetName)...)
	if len(want) == 0 {
		return 0
	}
	got := 0
	for _, t := range want {
		if have[t] || have[expandAbbrev(t)] {
			got++
		}
	}
	c := float64(got) / float64(len(want))
	if candidates > 1 {
		c *= 0.9
	}
	if len(a.Numbers) > 0 && !have[a.Numbers[0]] {
		c *= 0.5
	}
	return math.Round(c*100) / 100
}

// expandAbbrev maps a street word to its abbreviation or back ("road" ↔ "rd").
func expandAbbrev(w string) string {
	for _, syn := range mappings.StreetSynonyms {
		parts := strings.Split(syn, ",")
		for _, p := range parts {
			if p == w {
				if parts[0] == w {
					return parts[len(parts)-1]
				}
				return parts[0]
			}
		}
	}
	return w
}

func (s *Server) listingByID(r *http.Request, id string) (*mappings.Listing, error) {
	idx := s.idx.Name(mappings.IndexListings)
	src, found, err := s.backend.Get(r.Context(), idx, id)
	if err != nil {
		return nil, fmt.Errorf("get listing %s: %w", id, err)
	}
	if !found {
		resp, err := s.backend.Search(r.Context(), idx, query.M{"size": 1, "query": query.Bool(nil, []query.M{query.Term(mappings.ListingFieldListingID, id)}, nil, nil)})
		if err != nil {
			return nil, fmt.Errorf("find listing %s: %w", id, err)
		}
		if len(resp.Hits.Hits) == 0 {
			return nil, NotFound("no listing %s", id)
		}
		src = resp.Hits.Hits[0].Source
	}
	var l mappings.Listing
	if err := json.Unmarshal(src, &l); err != nil {
		return nil, fmt.Errorf("decode listing %s: %w", id, err)
	}
	return &l, nil
}
