package query

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ukpd/propertyapi/mappings"
)

// AddressFind is the typeahead's control flow, one request after another,
// which RunAddressFind sends to the engine:
//
//  1. postcode-shaped input (ClassifyPostcode): AddressPostcodeFind, and
//     nothing more (query type postcode, outcode or postcode_partial);
//  2. free text with nothing searchable (AddressText.Empty): no request;
//  3. else, when no flat was asked for (AddressText.Collapses) and fewer
//     than SpecificMinLetters letters were typed, the units query
//     AddressUnitsFind (houses and building records); otherwise the strict
//     AddressTextFind (query type text). One request answers almost every
//     keystroke: a short input matches far more than ten units, and a long
//     one so few addresses that collapsing them costs little;
//  4. when the units query returned fewer suggestions than asked for, the
//     strict AddressTextFind over every address, flats collapsed per
//     building, replaces it (Widen): flats that match where their building
//     record does not ("basement 12 high st"), and flats whose building has
//     no record of its own;
//  5. when the strict query finds nothing and a word is long enough to
//     correct (HasFuzzyWord), the fuzzy AddressFuzzyFind replaces it (query
//     type fuzzy);
//  6. when the answering query collapsed flats, the follow-up
//     AddressBuildingFlats counts the matching flats of each building whose
//     best hit was a flat, with the same strictness as the query that
//     answered.
type AddressFind struct {
	Params    AddressFindParams
	Postcode  *PostcodeShape // set for postcode-shaped input
	Text      AddressText    // free text otherwise
	QueryType string         // meta.query_type; Fallback turns it to fuzzy
	path      textPath       // the free-text path, decided once
	units     bool           // the last request was the units query
	fuzzy     bool
}

// NewAddressFind classifies the input q.
func NewAddressFind(q string, p AddressFindParams) *AddressFind {
	if shape, ok := ClassifyPostcode(q); ok {
		return &AddressFind{Params: p, Postcode: &shape, QueryType: shape.Kind}
	}
	t := ParseAddressText(q)
	return &AddressFind{Params: p, Text: t, path: t.path(p), QueryType: AddressQueryText}
}

// The paths of the first request (Path), for reports and benchmarks.
const (
	PathNone      = "none"      // nothing searchable: no request
	PathPostcode  = "postcode"  // postcode-shaped input
	PathFlat      = "flat"      // a flat asked for (or a building drill-down): strict, not collapsed
	PathBroad     = "broad"     // at most BroadMaxLetters letters: houses first, by popularity alone
	PathUnits     = "units"     // fewer than SpecificMinLetters letters: houses first, scored
	PathCollapsed = "collapsed" // SpecificMinLetters letters or more: every address, flats collapsed
)

// Path names the way First answers the input.
func (f *AddressFind) Path() string {
	switch {
	case f.Postcode != nil:
		return PathPostcode
	case f.Text.Empty():
		return PathNone
	case !f.Collapses():
		return PathFlat
	case f.path.broad:
		return PathBroad
	case f.Text.Letters() < SpecificMinLetters:
		return PathUnits
	}
	return PathCollapsed
}

// Collapses reports whether the answer groups the flats of a building.
func (f *AddressFind) Collapses() bool {
	return f.Postcode == nil && f.path.collapse
}

// AddressAnswer is what the sequence reads of the engine's answer to one
// of its requests (*search.Response in the server).
type AddressAnswer interface {
	// HitsTotal is the number of matches (hits.total.value).
	HitsTotal() int64
	// HitCount is the number of hits returned.
	HitCount() int
	// HitSource is the id and document of the i-th hit returned.
	HitSource(i int) (id string, source json.RawMessage)
	// HitFields is the doc values the i-th hit returned (FetchDocValues).
	HitFields(i int) map[string]json.RawMessage
}

// AddressFound is the answer of the whole sequence.
type AddressFound[R AddressAnswer] struct {
	// Total is meta.total of the answering query.
	Total int64
	// Addresses are its hits, in order.
	Addresses []*mappings.Address
	// Flats is the answer of the flat count (step 6), when one was due.
	Flats    R
	HasFlats bool
}

// FindAddresses is the whole typeahead for the input q: it classifies q
// (NewAddressFind) and sends the sequence's requests through send
// (RunAddressFind). The AddressFind says how the input was read and which
// query answered.
func FindAddresses[R AddressAnswer](ctx context.Context, q string, p AddressFindParams, send func(context.Context, M) (R, error)) (*AddressFind, *AddressFound[R], error) {
	f := NewAddressFind(q, p)
	found, err := RunAddressFind(ctx, f, send)
	return f, found, err
}

// RunAddressFind sends the sequence's requests (steps 1 to 6) one after
// another through send and returns the answer; an empty answer, and no
// request, when nothing searchable was typed. f.QueryType is the answering
// query's on return.
func RunAddressFind[R AddressAnswer](ctx context.Context, f *AddressFind, send func(context.Context, M) (R, error)) (*AddressFound[R], error) {
	out := &AddressFound[R]{}
	body := f.First()
	if body == nil {
		return out, nil
	}
	resp, err := send(ctx, body)
	if err != nil {
		return nil, fmt.Errorf("address find %s: %w", f.QueryType, err)
	}
	if wide := f.Widen(resp.HitCount()); wide != nil {
		if resp, err = send(ctx, wide); err != nil {
			return nil, fmt.Errorf("address find %s: %w", f.QueryType, err)
		}
	}
	if retry := f.Fallback(resp.HitsTotal(), resp.HitCount()); retry != nil {
		if resp, err = send(ctx, retry); err != nil {
			return nil, fmt.Errorf("address find %s: %w", f.QueryType, err)
		}
	}
	out.Total = resp.HitsTotal()
	out.Addresses = make([]*mappings.Address, resp.HitCount())
	var keys []string
	for i := range out.Addresses {
		id, src := resp.HitSource(i)
		a, err := DecodeAddress(id, src, resp.HitFields(i))
		if err != nil {
			return nil, err
		}
		out.Addresses[i] = a
		if a.IsFlat && a.BuildingKey != "" {
			keys = append(keys, a.BuildingKey)
		}
	}
	if flats := f.FlatCount(keys, BuildingMinFlats); flats != nil {
		if out.Flats, err = send(ctx, flats); err != nil {
			return nil, fmt.Errorf("address find building flats: %w", err)
		}
		out.HasFlats = true
	}
	return out, nil
}
