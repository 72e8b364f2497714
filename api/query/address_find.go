package query

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// AddressFind is the typeahead's control flow, one request after another,
// which Run sends to the engine:
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
	units     bool           // the last request was the units query
	fuzzy     bool
}

// NewAddressFind classifies the input q.
func NewAddressFind(q string, p AddressFindParams) *AddressFind {
	if shape, ok := ClassifyPostcode(q); ok {
		return &AddressFind{Params: p, Postcode: &shape, QueryType: shape.Kind}
	}
	return &AddressFind{Params: p, Text: ParseAddressText(q), QueryType: AddressQueryText}
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
	case f.Text.Broad(f.Params):
		return PathBroad
	case f.Text.Letters() < SpecificMinLetters:
		return PathUnits
	}
	return PathCollapsed
}

// First is the first request (step 1 or 3); nil when nothing searchable
// was typed (step 2).
func (f *AddressFind) First() M {
	switch f.Path() {
	case PathPostcode:
		return AddressPostcodeFind(*f.Postcode, f.Params)
	case PathNone:
		return nil
	case PathBroad, PathUnits:
		f.units = true
		return AddressUnitsFind(f.Text, f.Params)
	}
	return AddressTextFind(f.Text, f.Params)
}

// Widen is step 4 after the units query returned hits hits: the strict
// query over every address when hits is short of the size asked for; nil
// otherwise.
func (f *AddressFind) Widen(hits int) M {
	if !f.units || hits >= f.Params.Size {
		return nil
	}
	f.units = false
	return AddressTextFind(f.Text, f.Params)
}

// Fallback is the fuzzy retry (step 5) after the strict query found total
// matches and returned hits of them; nil when none is due. It sets
// QueryType to fuzzy.
func (f *AddressFind) Fallback(total int64, hits int) M {
	if f.Postcode != nil || f.units || f.fuzzy || total != 0 || hits != 0 || !f.Text.HasFuzzyWord() {
		return nil
	}
	f.fuzzy, f.QueryType = true, AddressQueryFuzzy
	return AddressFuzzyFind(f.Text, f.Params)
}

// FlatCount is the follow-up (step 6) for the buildings keys whose best
// hit was a flat, returning the first top flats of each; nil when the
// answering query did not collapse flats or keys is empty.
func (f *AddressFind) FlatCount(keys []string, top int) M {
	if f.units || !f.Collapses() || len(keys) == 0 {
		return nil
	}
	return AddressBuildingFlats(f.Text, f.Params, f.fuzzy, keys, top)
}

// Collapses reports whether the answer groups the flats of a building.
func (f *AddressFind) Collapses() bool {
	return f.Postcode == nil && f.Text.Collapses(f.Params)
}

// AddressSearch sends one request body to the addresses index.
type AddressSearch func(ctx context.Context, body M) (*search.Response, error)

// AddressFound is the answer of the whole sequence.
type AddressFound struct {
	// Total is meta.total of the answering query.
	Total int64
	// Addresses are its hits, in order.
	Addresses []*mappings.Address
	// Flats is the answer of the flat count (step 6); nil when none was
	// due.
	Flats *search.Response
}

// Run sends the sequence's requests (steps 1 to 6) one after another and
// returns the answer; an empty answer, and no request, when nothing
// searchable was typed. QueryType is the answering query's on return.
func (f *AddressFind) Run(ctx context.Context, send AddressSearch) (*AddressFound, error) {
	out := &AddressFound{}
	body := f.First()
	if body == nil {
		return out, nil
	}
	resp, err := send(ctx, body)
	if err != nil {
		return nil, fmt.Errorf("address find %s: %w", f.QueryType, err)
	}
	if wide := f.Widen(len(resp.Hits.Hits)); wide != nil {
		if resp, err = send(ctx, wide); err != nil {
			return nil, fmt.Errorf("address find %s: %w", f.QueryType, err)
		}
	}
	if retry := f.Fallback(resp.Hits.Total.Value, len(resp.Hits.Hits)); retry != nil {
		if resp, err = send(ctx, retry); err != nil {
			return nil, fmt.Errorf("address find %s: %w", f.QueryType, err)
		}
	}
	out.Total = resp.Hits.Total.Value
	out.Addresses = make([]*mappings.Address, len(resp.Hits.Hits))
	var keys []string
	for i, h := range resp.Hits.Hits {
		var a mappings.Address
		if err := json.Unmarshal(h.Source, &a); err != nil {
			return nil, fmt.Errorf("decode address %s: %w", h.ID, err)
		}
		out.Addresses[i] = &a
		if a.IsFlat && a.BuildingKey != "" {
			keys = append(keys, a.BuildingKey)
		}
	}
	if flats := f.FlatCount(keys, BuildingMinFlats); flats != nil {
		if out.Flats, err = send(ctx, flats); err != nil {
			return nil, fmt.Errorf("address find building flats: %w", err)
		}
	}
	return out, nil
}
