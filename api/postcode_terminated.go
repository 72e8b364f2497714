package api

// Terminated postcodes (docs/data.md#terminated-postcodes): the postcode
// directories keep a postcode after Royal Mail retires it, with the month
// (ONSPD/NSPL doterm). The lookup (address/postcode) and the postcode
// profile answer one with terminated: YYYY-MM and its successors; every
// other endpoint that takes a postcode needs a live one and answers 410
// postcode_terminated with the successors in details.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// postcodeSuccessorsMax is the number of successors listed.
const postcodeSuccessorsMax = 3

// Successor bases: where a successor comes from.
const successorNearestInSector = "nearest_live_in_sector"

// postcodeSuccessor is a live postcode that replaced a terminated one.
type postcodeSuccessor struct {
	Postcode string `json:"postcode"`
	// Basis says how it was found: nearest_live_in_sector (the nearest
	// live postcodes of the same sector; no directory loaded here says
	// where the terminated postcode's addresses went).
	Basis     string   `json:"basis"`
	DistanceM *float64 `json:"distance_m"`
}

// terminatedMonth is "YYYY-MM" for a terminated postcode, "" for a live one.
func terminatedMonth(d *mappings.Postcode) string {
	t := d.Terminated
	switch {
	case len(t) == 6:
		return t[:4] + "-" + t[4:]
	case t != "":
		return t
	case d.IsTerminated:
		return "unknown"
	}
	return ""
}

// postcodeSuccessors lists the live postcodes nearest a terminated one in
// its sector.
func (s *Server) postcodeSuccessors(ctx context.Context, d *mappings.Postcode) ([]postcodeSuccessor, error) {
	sector := d.Sector
	if sector == "" {
		if pc, ok := mappings.ParsePostcode(d.Postcode); ok {
			sector = pc.Sector()
		}
	}
	out := []postcodeSuccessor{}
	if sector == "" {
		return out, nil
	}
	var from *query.GeoPoint
	if d.Location != nil {
		from = &query.GeoPoint{Lat: d.Location.Lat, Lon: d.Location.Lon}
	}
	res, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexPostcodes), query.PostcodeSuccessors(sector, from, postcodeSuccessorsMax))
	if err != nil {
		return nil, fmt.Errorf("successors of %s: %w", d.Postcode, err)
	}
	for _, h := range res.Hits.Hits {
		var p struct {
			Postcode string `json:"postcode"`
		}
		if json.Unmarshal(h.Source, &p) != nil || p.Postcode == "" || p.Postcode == d.Postcode {
			continue
		}
		sc := postcodeSuccessor{Postcode: p.Postcode, Basis: successorNearestInSector}
		if from != nil && len(h.Sort) > 0 {
			var m float64
			if json.Unmarshal(h.Sort[0], &m) == nil {
				m = float64(int64(m + 0.5))
				sc.DistanceM = &m
			}
		}
		out = append(out, sc)
	}
	return out, nil
}

// terminatedErr is the 410 of an endpoint that needs a live postcode.
func (s *Server) terminatedErr(ctx context.Context, d *mappings.Postcode) error {
	succ, err := s.postcodeSuccessors(ctx, d)
	if err != nil {
		return err
	}
	month := terminatedMonth(d)
	e := Errorf(http.StatusGone, CodePostcodeTerminated, "postcode %s was terminated in %s; details.successors lists the live postcodes that replaced it", d.Postcode, month)
	e.Details = map[string]any{"postcode": d.Postcode, "terminated": month, "successors": succ}
	return e
}

// terminatedInfo is what the lookup and the profile add for a terminated
// postcode (nil for a live one).
func (s *Server) terminatedInfo(ctx context.Context, d *mappings.Postcode) (*string, []postcodeSuccessor, error) {
	month := terminatedMonth(d)
	if month == "" {
		return nil, nil, nil
	}
	succ, err := s.postcodeSuccessors(ctx, d)
	return &month, succ, err
}
