package api

// Terminated postcodes (docs/data.md#terminated-postcodes): the postcode
// directories keep a postcode after Royal Mail retires it, with the month
// (ONSPD/NSPL doterm), and the directory releases loaded (ONSUD/NSUL) say
// where its UPRNs moved. The lookup (address/postcode) and the postcode
// profile answer one with terminated: YYYY-MM and its successors; every
// other endpoint that takes a postcode needs a live one and answers 410
// postcode_terminated with the successors in details.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"

	"github.com/ukpd/propertyapi/api/calc"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// postcodeSuccessorsMax is the number of successors listed by the sector
// fallback; movedToMax the number of postcodes a terminated postcode's
// UPRNs moved to that are listed.
const (
	postcodeSuccessorsMax = 3
	movedToMax            = 10
)

// Successor bases: where a successor comes from.
const (
	successorUPRNHistory     = "uprn_history"
	successorNearestInSector = "nearest_live_in_sector"
)

// postcodeSuccessor is a live postcode that replaced a terminated one.
type postcodeSuccessor struct {
	Postcode string `json:"postcode"`
	// Basis says how it was found: uprn_history (the directory releases
	// loaded, ONSUD/NSUL, moved UPRNs of the terminated postcode to it) or
	// nearest_live_in_sector (no history loaded says where the terminated
	// postcode's addresses went: the nearest live postcodes of its sector).
	Basis     string   `json:"basis"`
	DistanceM *float64 `json:"distance_m"`
	// UPRNs is the number of the terminated postcode's UPRNs that moved to
	// it (uprn_history; null for the sector fallback).
	UPRNs *int `json:"uprns"`
}

// postcodeSuccessors lists the live postcodes that replaced a terminated
// one: those its UPRNs moved to, by the UPRN → postcode history of the
// directory releases loaded (most UPRNs first); without such history, the
// live postcodes nearest it in its sector.
func (s *Server) postcodeSuccessors(ctx context.Context, d *mappings.Postcode) ([]postcodeSuccessor, error) {
	var from *query.GeoPoint
	if d.Location != nil {
		from = &query.GeoPoint{Lat: d.Location.Lat, Lon: d.Location.Lon}
	}
	moved, err := s.postcodeMovedTo(ctx, d.Postcode, from)
	if err != nil || len(moved) > 0 {
		return moved, err
	}
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

// postcodeMovedTo lists the live postcodes the last directory release gives
// the properties whose directory history had postcode, with how many moved
// to each (none when
// the properties are not loaded or carry no such history).
func (s *Server) postcodeMovedTo(ctx context.Context, postcode string, from *query.GeoPoint) ([]postcodeSuccessor, error) {
	res, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexProperties), query.PostcodeMovedTo(postcode, movedToMax))
	if errors.Is(err, search.ErrIndexMissing) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("where the UPRNs of %s moved: %w", postcode, err)
	}
	var agg struct {
		Buckets []struct {
			Key   string `json:"key"`
			Count int    `json:"doc_count"`
		} `json:"buckets"`
	}
	if raw, ok := res.Aggregations[query.PostcodeMovedToAgg]; !ok || json.Unmarshal(raw, &agg) != nil || len(agg.Buckets) == 0 {
		return nil, nil
	}
	keys := make([]string, len(agg.Buckets))
	for i, b := range agg.Buckets {
		keys[i] = b.Key
	}
	live, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexPostcodes), query.LivePostcodes(keys))
	if err != nil {
		return nil, fmt.Errorf("where the UPRNs of %s moved: %w", postcode, err)
	}
	points := map[string]*mappings.GeoPoint{}
	for _, h := range live.Hits.Hits {
		var p struct {
			Postcode string             `json:"postcode"`
			Location *mappings.GeoPoint `json:"location"`
		}
		if json.Unmarshal(h.Source, &p) == nil && p.Postcode != "" {
			points[p.Postcode] = p.Location
		}
	}
	var out []postcodeSuccessor
	for _, b := range agg.Buckets {
		pt, ok := points[b.Key]
		if !ok || b.Key == postcode {
			continue // terminated (or unknown) itself: not a live successor
		}
		n := b.Count
		sc := postcodeSuccessor{Postcode: b.Key, Basis: successorUPRNHistory, UPRNs: &n}
		if from != nil && pt != nil {
			m := math.Round(calc.DistanceM(from.Lat, from.Lon, pt.Lat, pt.Lon))
			sc.DistanceM = &m
		}
		out = append(out, sc)
	}
	return out, nil
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

// notFoundOrTerminated is nf, the 404 of a lookup by postcode that found
// nothing, unless the postcode directory holds the postcode as terminated:
// then the 410 postcode_terminated with its successors.
func (s *Server) notFoundOrTerminated(ctx context.Context, pc mappings.PostcodeParts, nf error) error {
	d, err := s.postcodeRecord(ctx, pc)
	if err != nil || terminatedMonth(d) == "" {
		return nf
	}
	return s.terminatedErr(ctx, d)
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
