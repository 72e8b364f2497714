package api

// address/match: one free-text address (postcode optional) to one UPRN
// with the quality block of package addrmatch.

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/ukpd/propertyapi/addrmatch"
	"github.com/ukpd/propertyapi/mappings"
)

// addressMatchResponse is the quality block with the fields the endpoint
// answered before it (status, matched_address, match_level, reason,
// alternatives, query), which clients built on it still read.
type addressMatchResponse struct {
	Status string `json:"status"` // matched (accept), review, no_match (reject)
	addrmatch.Result
	MatchedAddress *string        `json:"matched_address"`
	Postcode       *string        `json:"postcode"`    // as submitted (display form); null when none was
	MatchLevel     string         `json:"match_level"` // exact, high, medium, none
	Reason         *string        `json:"reason"`
	Alternatives   []matchAltItem `json:"alternatives"`
	Query          map[string]any `json:"query"`
}

type matchAltItem struct {
	UPRN       int64   `json:"uprn"`
	Address    string  `json:"address"`
	Confidence float64 `json:"confidence"`
}

// matcher is the address matcher over this server's addresses index.
func (s *Server) matcher() *addrmatch.Matcher {
	return &addrmatch.Matcher{Search: s.backend, Index: s.idx.Name(mappings.IndexAddresses), Thresholds: addrmatch.DefaultThresholds}
}

// addressMatch answers address/match?address=&postcode=: the address that
// best matches the submitted free text, with the quality block.
func (s *Server) addressMatch(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	text := p.String("address", MaxTextParam)
	pc, _ := p.Postcode("postcode", false)
	if err := p.Err(); err != nil {
		return err
	}
	// The schema's pattern: at least one ASCII letter or digit (ToLower
	// would let the Kelvin sign pass as a k).
	if !strings.ContainsAny(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
		return InvalidParam("address", "is required: the address to match, e.g. Flat 2, 4 Percy Mews, Exeter")
	}
	res, err := s.matcher().MatchMany(r.Context(), []addrmatch.Input{{Text: text, Postcode: pc.Display()}})
	if err != nil {
		return fmt.Errorf("address match: %w", err)
	}
	return writeJSON(w, http.StatusOK, newAddressMatchResponse(res[0], text, pc.Display()))
}

// newAddressMatchResponse wraps a result with the endpoint's older fields.
func newAddressMatchResponse(res addrmatch.Result, text, postcode string) addressMatchResponse {
	pc := nullIfZero(postcode)
	out := addressMatchResponse{Result: res, MatchedAddress: res.Address, Postcode: pc, Alternatives: []matchAltItem{},
		Query: map[string]any{"address": text, "postcode": pc}}
	switch res.Recommendation {
	case addrmatch.Accept:
		out.Status = "matched"
	case addrmatch.Review:
		out.Status = "review"
	default:
		out.Status = "no_match"
	}
	out.MatchLevel = map[string]string{addrmatch.TypeExact: "exact", addrmatch.TypeProbable: "high", addrmatch.TypePossible: "medium"}[res.MatchType]
	if out.MatchLevel == "" {
		out.MatchLevel = "none"
	}
	for _, c := range res.Candidates {
		if res.UPRN == nil || c.UPRN != *res.UPRN {
			out.Alternatives = append(out.Alternatives, matchAltItem{UPRN: c.UPRN, Address: c.Address, Confidence: c.Confidence})
		}
	}
	if reason := matchReason(res); reason != "" {
		out.Reason = &reason
	}
	return out
}

// matchReason says in words why a result is not accepted ("" when it is).
func matchReason(res addrmatch.Result) string {
	switch {
	case res.Recommendation == addrmatch.Accept:
		return ""
	case res.Best == nil && res.Parsed.Empty():
		return "nothing to match: the address has no words or numbers"
	case res.Best == nil:
		return "no address in the index resembles it"
	}
	var diffs []string
	rs := res.Reasons
	for _, f := range []struct{ name, v string }{{"postcode", rs.Postcode}, {"number", rs.Number}, {"street", rs.Street},
		{"flat", rs.Flat}, {"building name", rs.BuildingName}, {"town", rs.Town}} {
		if f.v != "exact" && f.v != "none" && f.v != "locality" {
			diffs = append(diffs, f.name+" "+strings.ReplaceAll(f.v, "_", " "))
		}
	}
	diffs = append(diffs, rs.Notes...)
	what := "the closest address"
	if res.Recommendation == addrmatch.Review {
		what = "the best match needs review"
	}
	return fmt.Sprintf("%s (confidence %.2f): %s", what, res.Confidence, strings.Join(diffs, ", "))
}
