package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/ukpd/propertyapi/api/internal/fieldmap"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// postcodeDoc fetches a live postcode's document; a valid postcode the
// data does not hold is 404 not_found, a terminated one 410
// postcode_terminated with its successors (postcode_terminated.go).
func (s *Server) postcodeDoc(ctx context.Context, pc mappings.PostcodeParts) (*mappings.Postcode, error) {
	d, err := s.postcodeRecord(ctx, pc)
	if err == nil && terminatedMonth(d) != "" {
		return nil, s.terminatedErr(ctx, d)
	}
	return d, err
}

// postcodeRecord fetches a postcode document, live or terminated.
func (s *Server) postcodeRecord(ctx context.Context, pc mappings.PostcodeParts) (*mappings.Postcode, error) {
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

// pathProperty is propertyDoc of the {uprn} path variable.
func (s *Server) pathProperty(r *http.Request) (int64, *mappings.Property, error) {
	uprn, err := pathUPRN(r)
	if err != nil {
		return 0, nil, err
	}
	d, err := s.propertyDoc(r.Context(), uprn)
	return uprn, d, err
}

// propertyDoc fetches the record of one dwelling. An unknown UPRN is 404
// not_found; a UPRN that is a whole building (a block of flats) is 422
// uprn_is_building with the flats to ask about: the per-dwelling endpoints
// (EPC, valuation, comparables, council tax, solar) use it.
func (s *Server) propertyDoc(ctx context.Context, uprn int64) (*mappings.Property, error) {
	d, b, err := s.uprnRecord(ctx, uprn)
	if err != nil {
		return nil, err
	}
	if b != nil {
		return nil, b.perDwellingErr()
	}
	return d, nil
}

// dwellingDoc fetches a properties document; found false when the index
// has none for uprn.
func (s *Server) dwellingDoc(ctx context.Context, uprn int64) (*mappings.Property, bool, error) {
	src, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexProperties), strconv.FormatInt(uprn, 10))
	if err != nil {
		return nil, false, fmt.Errorf("get property %d: %w", uprn, err)
	}
	if !found {
		return nil, false, nil
	}
	var d mappings.Property
	// fieldmap.Unmarshal: json.Unmarshal's result, at a fraction of its cost.
	if err := fieldmap.Unmarshal(src, &d); err != nil {
		return nil, false, fmt.Errorf("decode property %d: %w", uprn, err)
	}
	return &d, true, nil
}

// uprnRecord resolves any UPRN an endpoint lists: a dwelling (b nil) or a
// whole building, whose record is built from its address, its title and
// the area fields its flats share (d is then the building's record and b
// its flats). Unknown: 404 not_found.
func (s *Server) uprnRecord(ctx context.Context, uprn int64) (d *mappings.Property, b *building, err error) {
	d, found, err := s.dwellingDoc(ctx, uprn)
	if err != nil || found {
		return d, nil, err
	}
	b, err = s.buildingOf(ctx, uprn)
	if err != nil {
		return nil, nil, err
	}
	if b == nil {
		return nil, nil, NotFound("no property for UPRN %d", uprn)
	}
	return b.record(), b, nil
}

// uprnKnown reports whether uprn is a dwelling or a building the data holds
// (the "no such UPRN" test of list endpoints).
func (s *Server) uprnKnown(ctx context.Context, uprn int64) error {
	_, _, err := s.uprnRecord(ctx, uprn)
	return err
}

// CodeUPRNIsBuilding answers a per-dwelling endpoint asked about a building.
const CodeUPRNIsBuilding = "uprn_is_building"

// buildingMaxFlats caps the flats listed for one building.
const buildingMaxFlats = 500

// building is a UPRN that is a whole building (AddressBase parent shell,
// classification PP): its address record, its flats and its title.
type building struct {
	addr  *mappings.Address
	flats []*mappings.Address
	total int64
	first *mappings.Property // the first flat's record: area fields a building shares
	title *mappings.Title
}

// isBuildingAddress reports an address record that stands for a whole
// building rather than a dwelling.
func isBuildingAddress(a *mappings.Address) bool {
	return a.FlatCount > 0 || a.Classification == "PP"
}

// buildingOf returns the building uprn stands for, or nil when uprn has no
// address record or its record is not a building.
func (s *Server) buildingOf(ctx context.Context, uprn int64) (*building, error) {
	a, err := s.getAddress(ctx, uprn)
	if errors.Is(err, search.ErrIndexMissing) || (err == nil && a == nil) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !isBuildingAddress(a) {
		return nil, nil
	}
	b := &building{addr: a}
	resp, err := s.backend.Search(ctx, s.idx.Name(mappings.IndexAddresses), query.FlatsOfBuilding(uprn, buildingMaxFlats))
	if err != nil {
		return nil, fmt.Errorf("flats of %d: %w", uprn, err)
	}
	b.total = resp.Hits.Total.Value
	for _, h := range resp.Hits.Hits {
		f, err := decodeAddress(h)
		if err != nil {
			return nil, err
		}
		b.flats = append(b.flats, f)
	}
	if len(b.flats) > 0 {
		if d, ok, err := s.dwellingDoc(ctx, b.flats[0].UPRN); err != nil {
			return nil, err
		} else if ok {
			b.first = d
		}
	}
	if t, err := s.titleByUPRN(ctx, uprn); err != nil {
		return nil, err
	} else {
		b.title = t
	}
	return b, nil
}

// record is the building as a property record: address, location and
// classification from its address, area codes from its flats, its title;
// every per-dwelling attribute unknown.
func (b *building) record() *mappings.Property {
	a := b.addr
	d := &mappings.Property{
		UPRN: a.UPRN, USRN: a.USRN, UDPRN: a.UDPRN, FullAddress: a.FullAddress, AddressLine1: a.AddressLine1,
		AddressLine2: a.AddressLine2, AddressLine3: a.AddressLine3, BuildingName: a.BuildingName,
		BuildingNumber: a.BuildingNumber, StreetName: a.StreetName, Locality: a.Locality, TownName: a.TownName,
		PostTown: a.PostTown, Postcode: a.Postcode, Outcode: a.Outcode, Country: a.Country,
		Classification: a.Classification, Location: a.Location, Source: a.Source,
	}
	if d.Classification == "" {
		d.Classification = "PP"
	}
	if f := b.first; f != nil {
		d.Region, d.LADCode, d.LADName, d.WardCode, d.LSOACode, d.MSOACode = f.Region, f.LADCode, f.LADName, f.WardCode, f.LSOACode, f.MSOACode
		if d.Country == "" {
			d.Country = f.Country
		}
	}
	if b.title != nil {
		d.TitleNo = b.title.TitleNo
	}
	return d
}

// flatCount is the number of dwellings in the building.
func (b *building) flatCount() int {
	return max(b.addr.FlatCount, int(b.total))
}

// flatRefs lists the building's flats as {uprn, sub_building, address}.
func (b *building) flatRefs() []map[string]any {
	out := make([]map[string]any, 0, len(b.flats))
	for _, f := range b.flats {
		out = append(out, map[string]any{"uprn": f.UPRN, "sub_building": nullIfZeroAny(f.SubBuilding), "address": nullIfZeroAny(f.FullAddress)})
	}
	return out
}

// flatUPRNs lists the UPRNs of the building's flats.
func (b *building) flatUPRNs() []int64 {
	out := make([]int64, 0, len(b.flats))
	for _, f := range b.flats {
		out = append(out, f.UPRN)
	}
	return out
}

// perDwellingErr is the 422 a per-dwelling endpoint answers for a building:
// the flats to ask about instead.
func (b *building) perDwellingErr() *Error {
	e := Errorf(http.StatusUnprocessableEntity, CodeUPRNIsBuilding,
		"UPRN %d is a building of %d flats, not a dwelling; ask about one of its flats (details.flats)", b.addr.UPRN, b.flatCount())
	e.Details = map[string]any{"uprn": b.addr.UPRN, "flat_count": b.flatCount(), "flats": b.flatRefs()}
	return e
}

// uprnPoint returns the location of a UPRN (404 when unknown or unlocated);
// a building's location is its own.
func (s *Server) uprnPoint(ctx context.Context, uprn int64) (mappings.GeoPoint, error) {
	d, _, err := s.uprnRecord(ctx, uprn)
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

func decodeAddress(h search.Hit) (*mappings.Address, error) {
	return query.DecodeAddress(h.ID, h.Source, h.Fields)
}

func (s *Server) addressByUPRN(r *http.Request, uprn int64) (*mappings.Address, error) {
	return s.getAddress(r.Context(), uprn)
}

// getAddress reads one address record by UPRN; nil when there is none.
func (s *Server) getAddress(ctx context.Context, uprn int64) (*mappings.Address, error) {
	src, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexAddresses), fmt.Sprint(uprn))
	if err != nil {
		return nil, fmt.Errorf("get address %d: %w", uprn, err)
	}
	if !found {
		return nil, nil
	}
	var a mappings.Address
	if err := json.Unmarshal(src, &a); err != nil {
		return nil, fmt.Errorf("decode address %d: %w", uprn, err)
	}
	return &a, nil
}
