package query

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// goldenIndex names the index each golden file's query runs against, by
// file-name prefix (longest first wins). A golden file named after its
// index ("<index>_<what>", e.g. "listed_buildings_count") needs no line
// here: an index's name followed by "_" is a prefix of its own. A golden
// file no prefix matches fails the test.
var goldenIndex = []struct{ prefix, index string }{
	{"address_", mappings.IndexAddresses},
	{"addresses_at_postcode", mappings.IndexAddresses},
	{"flats_of_building", mappings.IndexAddresses},
	{"listing_address_match", mappings.IndexAddresses},
	{"amenities_", mappings.IndexAmenities},
	{"profile_transport", mappings.IndexAmenities},
	{"group_loaded", mappings.IndexAmenities},
	{"boundaries_", mappings.IndexBoundaries},
	{"comparables_latest_listings", mappings.IndexListings},
	{"comparables", mappings.IndexSales},
	{"council_tax_charges", mappings.IndexCouncilTax},
	{"latest_council_tax", mappings.IndexCouncilTax},
	{"crime_", mappings.IndexCrime},
	{"epc_history", mappings.IndexEPC},
	{"export_", mappings.IndexListings},
	{"geo_helpers", mappings.IndexSchools},
	{"hpi_", mappings.IndexHPI},
	{"listed_buildings", mappings.IndexListedBuildings},
	{"listings_", mappings.IndexListings},
	{"sale_listings", mappings.IndexListings},
	{"valuation_active_listing", mappings.IndexListings},
	{"valuation_rental_comparables", mappings.IndexListings},
	{"price_trends", mappings.IndexListings},
	{"planning_", mappings.IndexPlanning},
	{"postcode_area_statistics", mappings.IndexProperties},
	{"profile_properties", mappings.IndexProperties},
	{"properties_at_postcode", mappings.IndexProperties},
	{"price_distribution", mappings.IndexSales},
	{"price_growth", mappings.IndexSales},
	{"profile_sales", mappings.IndexSales},
	{"sales_by_", mappings.IndexSales},
	{"valuation_recent_sale", mappings.IndexSales},
	{"profile_schools", mappings.IndexSchools},
	{"schools_nearby", mappings.IndexSchools},
	{"risk_", mappings.IndexRiskAreas},
	{"sale_events_", mappings.IndexSaleEvents},
	{"title_by_uprn", mappings.IndexTitles},
	{"by_id", ""}, // ids only: any index
	{"alert_", alertsIndex},
	{"changes_", changeLogIndex},
	{"postcode_successors", mappings.IndexPostcodes},
}

// alertsIndex is the percolator index of saved searches (alerts.IndexBody):
// the listings mapping plus alertsExtraFields. alerts.TestIndexBodyFields
// checks that IndexBody maps exactly these.
const alertsIndex = "alerts"

var alertsExtraFields = []string{"query", "alert", "alert.id", "alert.org_id", "alert.events", "alert.enabled", "alert.created_at"}

// changeLogIndex is the indexer's change log (indexer/epochs.go,
// changesMapping), which is not a dataset.
const changeLogIndex = "ukpd-changes"

var changeLogFields = []string{ChangeFieldDataset, ChangeFieldEpoch, ChangeFieldID, ChangeFieldOp, ChangeFieldFields}

// TestGoldenFieldsExistInMappings checks that every field a golden query
// names (in a clause, an aggregation, a sort, _source or collapse) exists
// in the mapping JSON of the index it runs against, so a renamed mapping
// field cannot leave a builder querying a field that is not there.
func TestGoldenFieldsExistInMappings(t *testing.T) {
	byIndex := map[string]map[string]bool{}
	for _, name := range mappings.Names() {
		paths, err := mappings.FieldPaths(name)
		if err != nil {
			t.Fatal(err)
		}
		byIndex[name] = paths
	}
	byIndex[alertsIndex] = map[string]bool{}
	for f := range byIndex[mappings.IndexListings] {
		byIndex[alertsIndex][f] = true
	}
	for _, f := range alertsExtraFields {
		byIndex[alertsIndex][f] = true
	}
	byIndex[changeLogIndex] = map[string]bool{}
	for _, f := range changeLogFields {
		byIndex[changeLogIndex][f] = true
	}
	checked := 0
	for name, body := range goldenBodies(t) {
		index, ok := goldenIndexOf(name)
		if !ok {
			t.Errorf("%s: no index for this golden file; name it <index>_... or add it to goldenIndex", name)
			continue
		}
		fields := map[string]bool{}
		queryFields(body, func(s, _ string) { fields[s] = true })
		if index == "" && len(fields) > 0 {
			t.Errorf("%s: names fields %v but is mapped to no index", name, keys(fields))
		}
		for _, fd := range keys(fields) {
			checked++
			if index != "" && !byIndex[index][fd] {
				t.Errorf("%s: field %q is not in mappings/json/%s.json", name, fd, index)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d field references checked; the walker misses clauses", checked)
	}
}

// goldenBodies reads every golden query body, by file name without
// .golden.json.
func goldenBodies(t *testing.T) map[string]any {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	out := make(map[string]any, len(files))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".golden.json")
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var body any
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = body
	}
	return out
}

func goldenIndexOf(name string) (string, bool) {
	best, index := -1, ""
	for _, ix := range mappings.Names() {
		if strings.HasPrefix(name, ix+"_") && len(ix)+1 > best {
			best, index = len(ix)+1, ix
		}
	}
	for _, g := range goldenIndex {
		if strings.HasPrefix(name, g.prefix) && len(g.prefix) > best {
			best, index = len(g.prefix), g.index
		}
	}
	return index, best >= 0
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Keys of a clause that are options, not field names.
var clauseOptions = []string{"boost", "_name", "distance", "distance_type", "validation_method", "ignore_unmapped",
	"order", "unit", "mode", "minimum_should_match"}

// Clauses whose object keys are field names (or whose "field" is, for the
// aggregation of the same name).
var fieldKeyed = []string{"term", "terms", "range", "match", "match_phrase", "match_phrase_prefix", "prefix", "fuzzy",
	"wildcard", "geo_shape", "geo_bounding_box", "geo_distance", "geo_polygon"}

// Roles of a field in a search body: matched or filtered (needs the
// inverted index or points), read from doc values (sorted, aggregated,
// collapsed on, scored by its value), or only returned from _source.
const (
	roleSearch = "search"
	roleValues = "values"
	roleSource = "source"
)

// queryFields calls add for every field name a search body names, with its
// role.
func queryFields(v any, add func(field, role string)) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			queryFields(e, add)
		}
	case map[string]any:
		for k, val := range x {
			switch {
			case k == "field":
				if s, ok := val.(string); ok {
					add(s, roleValues)
				}
			case k == "exists":
				if m, ok := val.(map[string]any); ok {
					if s, ok := m["field"].(string); ok {
						add(s, roleSearch)
					}
				}
			case k == "fields":
				for _, e := range asList(val) {
					if s, ok := e.(string); ok {
						add(strings.SplitN(s, "^", 2)[0], roleSearch)
					}
				}
			case k == "_source":
				sourceFields(val, func(s string) { add(s, roleSource) })
			case k == "docvalue_fields":
				for _, e := range asList(val) {
					switch f := e.(type) {
					case string:
						add(f, roleValues)
					case map[string]any:
						if s, ok := f["field"].(string); ok {
							add(s, roleValues)
						}
					}
				}
			case k == "sort":
				sortFields(val, func(s string) { add(s, roleValues) })
			case k == "aggs" || k == "aggregations":
				if m, ok := val.(map[string]any); ok {
					for _, agg := range m { // keys are aggregation names
						queryFields(agg, add)
					}
				}
			case k == "indexed_shape", k == "ids", k == "pit", k == "search_after":
				// another index's document, ids, cursors: no field of this index
			case slices.Contains(fieldKeyed, k):
				m, ok := val.(map[string]any)
				if !ok {
					continue
				}
				if _, isAgg := m["field"]; isAgg {
					queryFields(m, add)
					continue
				}
				for f := range m {
					if !slices.Contains(clauseOptions, f) {
						add(f, roleSearch)
					}
				}
			default:
				queryFields(val, add)
			}
		}
	}
}

// TestGoldenFieldsIndexedForTheirUse checks, for the indices whose mapping
// turns the inverted index or doc values off for some fields (the
// addresses, and the property records: fields only returned are neither
// indexed nor kept as doc values), that every golden query matches only
// indexed fields and sorts, aggregates, collapses or scores only on fields
// with doc values: a trimmed mapping cannot silently break a query.
func TestGoldenFieldsIndexedForTheirUse(t *testing.T) {
	for _, tc := range []struct {
		index string
		min   int // field uses the golden queries make of it, at least
	}{{mappings.IndexAddresses, 50}, {mappings.IndexProperties, 10}} {
		flags := fieldFlags(t, tc.index)
		checked := 0
		for name, body := range goldenBodies(t) {
			if index, _ := goldenIndexOf(name); index != tc.index {
				continue
			}
			queryFields(body, func(field, role string) {
				fl, ok := flags[field]
				if !ok {
					return // TestGoldenFieldsExistInMappings reports it
				}
				checked++
				switch {
				case role == roleSearch && !fl.indexed:
					t.Errorf("%s: matches or filters on %q, which the %s mapping does not index", name, field, tc.index)
				case role == roleValues && !fl.docValues:
					t.Errorf("%s: sorts, aggregates or scores on %q, which has no doc values in the %s mapping", name, field, tc.index)
				}
			})
		}
		if checked < tc.min {
			t.Errorf("only %d %s field uses checked", checked, tc.index)
		}
	}
}

type indexFlags struct{ indexed, docValues bool }

// fieldFlags reads, from an index's mapping JSON, whether each field (and
// multi-field, and field of an object) is indexed and has doc values. Text
// fields have no doc values.
func fieldFlags(t *testing.T, index string) map[string]indexFlags {
	t.Helper()
	b, err := mappings.MappingJSON(index)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Mappings struct {
			Properties map[string]map[string]any `json:"properties"`
		} `json:"mappings"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]indexFlags{}
	var walk func(prefix string, props map[string]map[string]any)
	walk = func(prefix string, props map[string]map[string]any) {
		for name, p := range props {
			fl := indexFlags{indexed: p["index"] != false, docValues: p["doc_values"] != false && p["type"] != "text"}
			out[prefix+name] = fl
			for _, key := range []string{"fields", "properties"} {
				subs, ok := p[key].(map[string]any)
				if !ok {
					continue
				}
				sub := map[string]map[string]any{}
				for k, v := range subs {
					sub[k], _ = v.(map[string]any)
				}
				walk(prefix+name+".", sub)
			}
		}
	}
	walk("", m.Mappings.Properties)
	return out
}

func asList(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return []any{v}
}

func sourceFields(v any, add func(string)) {
	switch x := v.(type) {
	case string:
		add(x)
	case []any:
		for _, e := range x {
			sourceFields(e, add)
		}
	case map[string]any:
		sourceFields(x["includes"], add)
		sourceFields(x["excludes"], add)
	}
}

func sortFields(v any, add func(string)) {
	for _, e := range asList(v) {
		switch x := e.(type) {
		case string:
			if !strings.HasPrefix(x, "_") {
				add(x)
			}
		case map[string]any:
			for k, opts := range x {
				switch {
				case k == "_geo_distance":
					for f := range opts.(map[string]any) {
						if !slices.Contains(clauseOptions, f) {
							add(f)
						}
					}
				case !strings.HasPrefix(k, "_"):
					add(k)
				}
			}
		}
	}
}
