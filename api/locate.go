package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ukpd/propertyapi/mappings"
)

// postcodeDoc fetches a postcode document; a valid postcode the data does not
// hold is 404 not_found.
func (s *Server) postcodeDoc(ctx context.Context, pc mappings.PostcodeParts) (*mappings.Postcode, error) {
	src, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexPostcodes), pc.Display())
	if err != nil {
		return nil, fmt.Errorf("get postcode %s: %w", pc.Display(), err)
	}
	if !found {
		return nil, NotFound("postcode %s not found", pc.Display())
	}
	var d mappings.Postcode
	if err := json.Unmarshal(src, &d); err != nil {
		return nil, fmt.Errorf("decode postcode %s: %w", pc.Display(), err)
	}
	return &d, nil
}

// postcodePoint returns the centroid of a postcode (404 when unknown or
// without a grid reference).
func (s *Server) postcodePoint(ctx context.Context, pc mappings.PostcodeParts) (mappings.GeoPoint, error) {
	d, err := s.postcodeDoc(ctx, pc)
	if err != nil {
		return mappings.GeoPoint{}, err
	}
	if d.Location == nil {
		return mappings.GeoPoint{}, Errorf(http.StatusNotFound, CodeNotFound, "postcode %s has no location", pc.Display())
	}
	return *d.Location, nil
}

// propertyDoc fetches a property record; an unknown UPRN is 404 not_found.
func (s *Server) propertyDoc(ctx context.Context, uprn int64) (*mappings.Property, error) {
	id := fmt.Sprint(uprn)
	src, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexProperties), id)
	if err != nil {
		return nil, fmt.Errorf("get property %d: %w", uprn, err)
	}
	if !found {
		return nil, NotFound("no property for UPRN %d", uprn)
	}
	var d mappings.Property
	if err := json.Unmarshal(src, &d); err != nil {
		return nil, fmt.Errorf("decode property %d: %w", uprn, err)
	}
	return &d, nil
}

// uprnPoint returns the location of a UPRN (404 when unknown or unlocated).
func (s *Server) uprnPoint(ctx context.Context, uprn int64) (mappings.GeoPoint, error) {
	d, err := s.propertyDoc(ctx, uprn)
	if err != nil {
		return mappings.GeoPoint{}, err
	}
	if d.Location == nil {
		return mappings.GeoPoint{}, Errorf(http.StatusNotFound, "no_geopoint", "UPRN %d has no location", uprn)
	}
	return *d.Location, nil
}

// placeForms says which location forms an endpoint accepts.
type placeForms struct{ postcode, uprn, latlng bool }

// place is a resolved search centre.
type place struct {
	Point    mappings.GeoPoint
	Postcode string // display form when given
	UPRN     int64
	Form     string // postcode, uprn, latlng
}

// resolvePlace reads the location among the forms allowed (postcode, uprn,
// lat+lng). Every form sent is validated; when several are sent the most
// specific wins: uprn, then postcode, then lat with lng (documented in
// the schema's parameter rules, so no schema-valid combination is
// refused). None, or lat without lng as the only form, is 422 invalid_params.
func (s *Server) resolvePlace(ctx context.Context, p *params, forms placeForms) (place, error) {
	var pc mappings.PostcodeParts
	var hasPC bool
	var uprn int64
	var lat, lng *float64
	if forms.postcode && p.Has("postcode") {
		pc, hasPC = p.Postcode("postcode", false)
	}
	if forms.uprn && p.Has("uprn") {
		uprn = p.UPRN("uprn", false)
	}
	if forms.latlng {
		lat, lng = p.OptFloat("lat", -90, 90), p.OptFloat("lng", -180, 180)
	}
	if err := p.Err(); err != nil {
		return place{}, err
	}
	switch {
	case uprn > 0:
		pt, err := s.uprnPoint(ctx, uprn)
		return place{Point: pt, UPRN: uprn, Form: "uprn"}, err
	case hasPC:
		pt, err := s.postcodePoint(ctx, pc)
		return place{Point: pt, Postcode: pc.Display(), Form: "postcode"}, err
	case lat != nil && lng != nil:
		return place{Point: mappings.GeoPoint{Lat: *lat, Lon: *lng}, Form: "latlng"}, nil
	case lat != nil || lng != nil:
		return place{}, Errorf(http.StatusUnprocessableEntity, CodeInvalidParams, "lat and lng must be given together")
	}
	var allowed []string
	if forms.uprn {
		allowed = append(allowed, "uprn")
	}
	if forms.postcode {
		allowed = append(allowed, "postcode")
	}
	if forms.latlng {
		allowed = append(allowed, "lat with lng")
	}
	return place{}, Errorf(http.StatusUnprocessableEntity, CodeInvalidParams, "give a location: %s", joinOr(allowed))
}

func joinOr(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	out := ""
	for i, x := range xs {
		switch {
		case i == 0:
			out = x
		case i == len(xs)-1:
			out += " or " + x
		default:
			out += ", " + x
		}
	}
	return out
}
