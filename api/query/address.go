package query

import (
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// Address typeahead (address/find) and addresses by postcode: the request
// bodies (DSL), the request of each step of the sequence among them. The
// input is classified in address_input.go, RunAddressFind (address_find.go)
// sends the steps' requests in order, and the tuning values are in
// address_defaults.go.
//
// The input is classified first: a postcode-shaped input (full postcode in
// any case and spacing, outcode, outcode with a partial inward code) takes a
// postcode path that lists addresses in natural order (sort_key). Anything
// else is free text, parsed into words and numbers: numbers (house and flat
// numbers, "12", "12a") must match the numbers field exactly, except a number
// typed last, which is a prefix; words must all match search_text, whose
// index side holds every prefix of every word (so every word is a prefix and
// word order is free), with street-type synonyms both ways. Complete words,
// word order, the house and flat number in their own fields, a building-level
// record and a location bias add to the score. When the strict query finds
// nothing, a fuzzy fallback allows one edit in each word of five letters or
// more. Flats of one building are collapsed on building_key unless a flat was
// asked for.

// AddressFindParams are the validated inputs of a typeahead query.
type AddressFindParams struct {
	Size int       // suggestions wanted (1..20)
	Bias *GeoPoint // location bias, nil for none
	// Parent limits results to the flats of one building (its UPRN): the
	// drill-down of a building suggestion.
	Parent int64
	// Fetch is how the hits come back: doc values (the zero value), or
	// _source from an index without them.
	Fetch AddressFetch
	// LegacySort: the serving index was built before its popularity band
	// (mappings.LegacyAddressSort), so the broad query sorts by popularity.
	LegacySort bool
}

// naturalSort is the natural address order.
func naturalSort() []M {
	return []M{{mappings.AddressFieldSortKey: "asc"}, {mappings.AddressFieldPostcodeKey: "asc"}, {mappings.AddressFieldUPRN: "asc"}}
}

// AddressPostcodeFind lists the addresses of a postcode-shaped input in
// natural order.
func AddressPostcodeFind(s PostcodeShape, p AddressFindParams) M {
	var filter []M
	if p.Parent > 0 {
		filter = append(filter, Term(mappings.AddressFieldParentUPRN, p.Parent))
	}
	switch {
	case s.Kind == AddressQueryPostcode:
		filter = append(filter, Term(mappings.AddressFieldPostcodeKey, s.Key))
	case s.Kind == AddressQueryOutcode && s.Prefix != "":
		// Both readings ("EX11": outcode EX11, or EX1 1..): the outcode's
		// addresses first, then the others, each in natural order.
		filter = append(filter, Bool(nil, nil, []M{Term(mappings.AddressFieldOutcode, s.Outcode), {"prefix": M{mappings.AddressFieldPostcodeKey: s.Prefix}}}, nil))
		return p.Fetch.Apply(M{
			"size":             p.Size,
			"track_total_hits": true,
			"query":            Bool(nil, filter, []M{{"constant_score": M{"filter": Term(mappings.AddressFieldOutcode, s.Outcode), "boost": 1}}}, nil),
			"sort":             append([]M{{"_score": "desc"}}, naturalSort()...),
		})
	case s.Kind == AddressQueryOutcode:
		filter = append(filter, Term(mappings.AddressFieldOutcode, s.Outcode))
	default:
		if s.Outcode != "" {
			filter = append(filter, Term(mappings.AddressFieldOutcode, s.Outcode))
		}
		filter = append(filter, M{"prefix": M{mappings.AddressFieldPostcodeKey: s.Prefix}})
	}
	return p.Fetch.Apply(M{
		"size":             p.Size,
		"track_total_hits": true,
		"query":            Bool(nil, filter, nil, nil),
		"sort":             naturalSort(),
	})
}

// AddressTextFind is the strict free-text typeahead query over every
// address, flats of one building collapsed into one hit when no flat was
// asked for.
func AddressTextFind(t AddressText, p AddressFindParams) M {
	return addressTextQuery(t, p, textStrict, t.path(p))
}

// AddressUnitsFind is the strict free-text query over the addresses a
// typeahead offers first when no flat was asked for: houses and building
// records, never flats. Without flats there is nothing to collapse and no
// flat-count follow-up; like every free-text query it scores at most
// TextScoreWindow matches, so its cost stays near constant however many
// addresses share a short prefix.
func AddressUnitsFind(t AddressText, p AddressFindParams) M {
	return addressTextQuery(t, p, textUnits, t.path(p))
}

// AddressFuzzyFind is the fallback run only when the strict query finds
// nothing: one edit allowed in each word of five letters or more.
func AddressFuzzyFind(t AddressText, p AddressFindParams) M {
	return addressTextQuery(t, p, textFuzzy, t.path(p))
}

// The request of each step of the sequence (AddressFind, address_find.go),
// built from what the classification decided (f.path); RunAddressFind
// sends them in order.

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
		return addressTextQuery(f.Text, f.Params, textUnits, f.path)
	}
	return addressTextQuery(f.Text, f.Params, textStrict, f.path)
}

// Widen is step 4 after the units query returned hits hits: the strict
// query over every address when hits is short of the size asked for; nil
// otherwise.
func (f *AddressFind) Widen(hits int) M {
	if !f.units || hits >= f.Params.Size {
		return nil
	}
	f.units = false
	return addressTextQuery(f.Text, f.Params, textStrict, f.path)
}

// Fallback is the fuzzy retry (step 5) after the strict query found total
// matches and returned hits of them; nil when none is due. It sets
// QueryType to fuzzy.
func (f *AddressFind) Fallback(total int64, hits int) M {
	if f.Postcode != nil || f.units || f.fuzzy || total != 0 || hits != 0 || !f.Text.HasFuzzyWord() {
		return nil
	}
	f.fuzzy, f.QueryType = true, AddressQueryFuzzy
	return addressTextQuery(f.Text, f.Params, textFuzzy, f.path)
}

// FlatCount is the follow-up (step 6) for the buildings keys whose best
// hit was a flat, returning the first top flats of each; nil when the
// answering query did not collapse flats or keys is empty.
func (f *AddressFind) FlatCount(keys []string, top int) M {
	if f.units || !f.Collapses() || len(keys) == 0 {
		return nil
	}
	return addressBuildingFlats(f.Text, f.Params, f.fuzzy, f.path, keys, top)
}

// textMode selects the free-text query variant.
type textMode int

const (
	textStrict textMode = iota // every address; flats collapsed per building unless asked for
	textUnits                  // houses and building records only, nothing collapsed
	textFuzzy                  // as textStrict, one edit allowed per long word
)

// addressTextBool is the bool query of free-text typeahead, shared by the
// ranked query and the follow-up that counts a building's matching flats.
//
// A number typed last is a prefix, matched as one term of numbers.prefix
// (a prefix query expanded "1" into 1, 10-19, 100-199 ...: a third of the
// country, and the slowest keystrokes of all). A lettered flat ("flat c")
// is matched on flat_number rather than as a search_text prefix.
func addressTextBool(t AddressText, p AddressFindParams, fuzzy, collapse bool) M {
	var must, filter, should []M
	tw := t.Words
	if len(t.FlatNumber) == 1 && !isDigit(t.FlatNumber[0]) {
		tw = nil
		for _, w := range t.Words {
			if w != t.FlatNumber {
				tw = append(tw, w)
			}
		}
		filter = append(filter, Term(mappings.AddressFieldFlatNumber, t.FlatNumber))
	}
	words := strings.Join(tw, " ")
	if len(tw) > 0 {
		if !fuzzy {
			must = append(must, M{"match": M{mappings.AddressFieldSearchText: M{"query": words, "operator": "and"}}})
		} else {
			for i, w := range tw {
				must = append(must, fuzzyWord(w, i == len(tw)-1 && !t.LastComplete))
			}
		}
		// Complete words score higher than prefixes, and (with two words or
		// more) typed order higher than any order. A one-word phrase is the
		// same term query again: left out, it saved 1.4 ms a query at 1M.
		should = append(should, M{"match": M{mappings.AddressFieldSearchTextWords: M{"query": words, "boost": BoostCompleteWords}}})
		if len(tw) > 1 {
			should = append(should, M{"match_phrase": M{mappings.AddressFieldSearchTextWords: M{"query": words, "slop": PhraseSlop, "boost": BoostWordOrder}}})
		}
	}
	for i, n := range t.Numbers {
		if i == len(t.Numbers)-1 && t.LastIsNumber {
			filter = append(filter, Term(mappings.AddressFieldNumbersPrefix, n))
			should = append(should, M{"term": M{mappings.AddressFieldNumbers: M{"value": n, "boost": BoostNumberExact}}})
			continue
		}
		filter = append(filter, Term(mappings.AddressFieldNumbers, n))
	}
	if t.HouseNumber != "" {
		should = append(should, M{"term": M{mappings.AddressFieldHouseNumber: M{"value": t.HouseNumber, "boost": BoostHouseNumber}}})
	}
	if t.FlatNumber != "" {
		should = append(should, M{"term": M{mappings.AddressFieldFlatNumber: M{"value": t.FlatNumber, "boost": BoostFlatNumber}}})
	}
	if t.PostcodeKey != "" {
		filter = append(filter, Term(mappings.AddressFieldPostcodeKey, t.PostcodeKey))
	}
	if t.PostcodePrefix != "" {
		filter = append(filter, M{"prefix": M{mappings.AddressFieldPostcodeKey: t.PostcodePrefix}})
	}
	if t.Outcode != "" {
		should = append(should, M{"term": M{mappings.AddressFieldOutcode: M{"value": t.Outcode, "boost": BoostOutcode}}})
	}
	if p.Parent > 0 {
		filter = append(filter, Term(mappings.AddressFieldParentUPRN, p.Parent))
	}
	if collapse {
		// The building-level record wins its group when no flat was asked
		// for: a tie-breaker only, so big buildings do not outrank houses.
		// Only building records carry flat_count (omitted when zero), so
		// exists is the same set as flat_count > 0, read from the postings
		// of _field_names: the range read the field's points tree and built
		// a set of every building in the country on each query (6 ms at
		// 32M addresses, for 13 documents looked at).
		should = append(should, M{"exists": M{"field": mappings.AddressFieldFlatCount, "boost": BoostBuildingRecord}})
	} else if !t.FlatAsked {
		should = append(should, M{"term": M{mappings.AddressFieldIsFlat: M{"value": false, "boost": BoostNotFlat}}})
	}
	if p.Bias != nil {
		should = append(should, M{"distance_feature": M{"field": mappings.AddressFieldLocation, "origin": []float64{p.Bias.Lon, p.Bias.Lat}, "pivot": BiasPivot, "boost": BoostBias}})
	}
	if len(must) == 0 && len(should) == 0 {
		return Bool(nil, filter, nil, nil)
	}
	if len(must) == 0 {
		must = []M{{"match_all": M{}}}
	}
	return Bool(must, filter, should, nil)
}

// addressTextQuery is the free-text query of mode on the path the input
// was given when it was classified (textPath): the query never asks the
// classification again.
func addressTextQuery(t AddressText, p AddressFindParams, mode textMode, path textPath) M {
	if mode != textFuzzy && path.broad {
		return addressBroadQuery(t, p, mode == textUnits, path.collapse)
	}
	q := addressTextBool(t, p, mode == textFuzzy, path.collapse)
	if mode == textUnits {
		b := q["bool"].(M)
		filter, _ := b["filter"].([]M)
		b["filter"] = append(filter, NotFlat())
	}
	body := M{
		"size": p.Size,
		// Exact totals up to the window, and no match scored beyond it.
		"track_total_hits": TextTotalCap,
		"terminate_after":  TextScoreWindow,
		"query": M{"function_score": M{
			"query":      q,
			"functions":  []M{{"field_value_factor": M{"field": mappings.AddressFieldPopularity, "factor": 1, "missing": 0}}},
			"score_mode": "sum",
			"boost_mode": "sum",
		}},
		"sort": append([]M{{"_score": "desc"}}, naturalSort()...),
	}
	if mode != textUnits && path.collapse {
		// One hit per building, without inner_hits: the engine expands
		// inner_hits with one extra search per hit (ten per keystroke). The
		// few groups whose top hit is a flat are counted afterwards by
		// AddressBuildingFlats, in one request.
		body["collapse"] = M{"field": mappings.AddressFieldBuildingKey}
	}
	return p.Fetch.Apply(body)
}

// addressBroadQuery is the query of a Broad input: every clause a filter,
// sorted by the index sort.
func addressBroadQuery(t AddressText, p AddressFindParams, units, collapse bool) M {
	b := addressTextBool(t, p, false, collapse)["bool"].(M)
	filter, _ := b["filter"].([]M)
	if must, _ := b["must"].([]M); len(must) > 0 {
		for _, m := range must {
			if _, all := m["match_all"]; !all {
				filter = append(filter, m)
			}
		}
	}
	if t.FlatNumber != "" && isDigit(t.FlatNumber[0]) && t.HouseNumber == "" {
		// "flat 1": flats numbered 1 or 1x, not every address with a 1.
		if t.LastIsNumber && t.FlatNumber == t.Numbers[len(t.Numbers)-1] {
			filter = append(filter, M{"prefix": M{mappings.AddressFieldFlatNumber: t.FlatNumber}})
		} else {
			filter = append(filter, Term(mappings.AddressFieldFlatNumber, t.FlatNumber))
		}
	}
	if units {
		filter = append(filter, NotFlat())
	}
	indexSort := mappings.IndexSort(mappings.IndexAddresses)
	if p.LegacySort {
		indexSort = mappings.LegacyAddressSort
	}
	sort := sortBy(indexSort)
	body := M{
		"size":             p.Size,
		"track_total_hits": TextTotalCap,
		"query":            Bool(nil, filter, nil, nil),
		"sort":             sort,
	}
	if !units && collapse {
		// The widened query (step 4): rare for so short an input, and the
		// flats of one building must still come back as one suggestion.
		body["collapse"] = M{"field": mappings.AddressFieldBuildingKey}
	}
	return p.Fetch.Apply(body)
}

// NotFlat is the units filter: every address but the flats. Written as a
// bool with one must_not rather than `term is_flat: false`, because the
// engine's query cache never caches a term query (it counts a term's
// postings as cheap enough): at 32M addresses the 21.7M-document list of
// is_flat:false cost a new block decoded on nearly every advance of the
// keystroke's conjunction (1,213 advances, 2.15 ms of one 5-11 letter
// keystroke), where the cached form is a bit set. The cache only takes a
// filter whose lead is broad, which a keystroke's seldom is, so the API
// primes it (WarmFilters).
func NotFlat() M {
	return Bool(nil, nil, nil, []M{Term(mappings.AddressFieldIsFlat, true)})
}

// WarmFilter is a query that makes the engine cache filter: a match-all
// lead (the engine skips caching a filter whose lead is narrower than a
// tenth of it), one hit, no total, so a cached filter costs one cached
// bit set scan to its first document.
func WarmFilter(filter M) M {
	return M{
		"size":             1,
		"_source":          false,
		"track_total_hits": false,
		"query":            Bool([]M{{"match_all": M{}}}, []M{filter}, nil, nil),
	}
}

// SortProbe is a search that matches nothing and sorts by the addresses'
// index sort (mappings.IndexSort): the engine refuses it (400) when the
// index was built before that sort's fields, and the typeahead then sorts
// its broad query by mappings.LegacyAddressSort.
func SortProbe() M {
	return M{"size": 0, "track_total_hits": false, "query": M{"match_none": M{}}, "sort": sortBy(mappings.IndexSort(mappings.IndexAddresses))}
}

// sortBy is the sort clause of an index sort.
func sortBy(fields []mappings.SortField) []M {
	sort := make([]M, 0, len(fields))
	for _, f := range fields {
		sort = append(sort, M{f.Field: f.Order})
	}
	return sort
}

// BuildingFlatsAgg names the terms aggregation of AddressBuildingFlats.
const BuildingFlatsAgg = "building"

// BuildingFlatsTop names its top_hits sub-aggregation.
const BuildingFlatsTop = "flats"

// AddressBuildingFlats counts, for each building key, the addresses the
// same typeahead query matches there, with the first few in natural order:
// the follow-up of a collapsed query for the buildings whose best hit was a
// flat rather than the building record.
func AddressBuildingFlats(t AddressText, p AddressFindParams, fuzzy bool, keys []string, top int) M {
	return addressBuildingFlats(t, p, fuzzy, t.path(p), keys, top)
}

func addressBuildingFlats(t AddressText, p AddressFindParams, fuzzy bool, path textPath, keys []string, top int) M {
	q := addressTextBool(t, p, fuzzy, path.collapse)
	b := q["bool"].(M)
	filter, _ := b["filter"].([]M)
	b["filter"] = append(filter, M{"terms": M{mappings.AddressFieldBuildingKey: keys}})
	return p.Fetch.Apply(M{
		"size":             0,
		"track_total_hits": false,
		"query":            q,
		"aggs": M{BuildingFlatsAgg: M{
			// map: a hash of the few keys the filter lets through. The
			// default (dense global ordinals) sizes its counters by every
			// building key in the index, 21.6M at 32M addresses: 355 MB
			// allocated per request, the 32M collapse (docs/performance.md).
			"terms": M{"field": mappings.AddressFieldBuildingKey, "size": len(keys), "execution_hint": "map"},
			"aggs": M{BuildingFlatsTop: M{"top_hits": M{
				"size": top, "sort": naturalSort(),
			}}},
		}},
	})
}

// fuzzyWord matches one word exactly (with synonyms), or as a prefix when
// it is the last, or — for words of FuzzyMinLength letters or more — within
// one edit of a whole word (search_text.plain) or of a word prefix (the last
// word, against the n-grams of search_text).
func fuzzyWord(w string, last bool) M {
	var alts []M
	if last {
		alts = append(alts, M{"match": M{mappings.AddressFieldSearchText: M{"query": w}}})
	} else {
		alts = append(alts, M{"match": M{mappings.AddressFieldSearchTextWords: M{"query": w}}})
	}
	if len(w) >= FuzzyMinLength {
		alts = append(alts, M{"fuzzy": M{mappings.AddressFieldSearchTextPlain: M{"value": w, "fuzziness": 1, "prefix_length": 1}}})
		if last {
			alts = append(alts, M{"fuzzy": M{mappings.AddressFieldSearchText: M{"value": w, "fuzziness": 1, "prefix_length": 1}}})
		}
	} else if !last {
		// Short words stay prefixes, as in the strict query.
		alts = append(alts, M{"match": M{mappings.AddressFieldSearchText: M{"query": w}}})
	}
	return Bool(nil, nil, alts, nil)
}

// AddressesAtPostcode lists every address of one postcode in natural order.
func AddressesAtPostcode(key string, size int) M {
	return M{
		"size":             size,
		"track_total_hits": true,
		"_source": []string{mappings.AddressFieldUPRN, mappings.AddressFieldParentUPRN, mappings.AddressFieldFullAddress, mappings.AddressFieldAddressLine1, mappings.AddressFieldAddressLine2, mappings.AddressFieldSubBuilding,
			mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName, mappings.AddressFieldLocality, mappings.AddressFieldTownName, mappings.AddressFieldPostTown, mappings.AddressFieldPostcode,
			mappings.AddressFieldIsFlat, mappings.AddressFieldFlatCount, mappings.AddressFieldClassification},
		"query": Bool(nil, []M{Term(mappings.AddressFieldPostcodeKey, key)}, nil, nil),
		"sort":  naturalSort(),
	}
}

// FlatsOfBuilding lists the dwellings whose parent is the building uprn, in
// natural address order.
func FlatsOfBuilding(uprn int64, size int) M {
	return M{
		"size":             size,
		"track_total_hits": true,
		"_source":          []string{mappings.AddressFieldUPRN, mappings.AddressFieldSubBuilding, mappings.AddressFieldFullAddress, mappings.AddressFieldPostcode},
		"query":            Bool(nil, []M{Term(mappings.AddressFieldParentUPRN, uprn)}, nil, nil),
		"sort":             naturalSort(),
	}
}

// Aggregation names of PostcodeAreaStatistics besides BandsAgg and TypesAgg.
const (
	AreaPredictedValueAgg = "predicted_value" // median predicted value
	AreaLastSoldPriceAgg  = "last_sold_price" // median last sold price
	AreaFloorAreaAgg      = "floor_area"      // mean EPC floor area
)

// PostcodeAreaStatistics aggregates the property records of a postcode:
// record count, median predicted value and last sold price, mean floor area,
// and the council tax band and property type distributions.
func PostcodeAreaStatistics(postcode string) M {
	return M{
		"size":             0,
		"track_total_hits": true,
		"query":            Bool(nil, []M{Term(mappings.AddressFieldPostcode, postcode)}, nil, nil),
		"aggs": M{
			AreaPredictedValueAgg: M{"percentiles": M{"field": "predicted_value", "percents": []float64{50}}},
			AreaLastSoldPriceAgg:  M{"percentiles": M{"field": "last_sold_price", "percents": []float64{50}}},
			AreaFloorAreaAgg:      M{"avg": M{"field": "epc_floor_area"}},
			BandsAgg:              M{"terms": M{"field": "council_tax_band", "size": 10}},
			TypesAgg:              M{"terms": M{"field": "property_type", "size": 10}},
		},
	}
}
