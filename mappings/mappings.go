package mappings

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// Index names (without prefix). The API reads aliases with these names; the
// indexer writes versioned indices behind them (NAME-vYYYYMMDDhhmmss).
const (
	IndexAddresses       = "addresses"
	IndexProperties      = "properties"
	IndexPostcodes       = "postcodes"
	IndexEPC             = "epc"
	IndexSales           = "sales"
	IndexListings        = "listings"
	IndexSaleEvents      = "sale_events"
	IndexBoundaries      = "boundaries"
	IndexDeprivation     = "deprivation"
	IndexCensus          = "census"
	IndexBroadband       = "broadband"
	IndexSchools         = "schools"
	IndexAmenities       = "amenities"
	IndexPlanning        = "planning"
	IndexCrime           = "crime"
	IndexListedBuildings = "listed_buildings"
	IndexTitles          = "titles"
	IndexRiskAreas       = "risk_areas"
	IndexHPI             = "hpi"
	IndexCouncilTax      = "council_tax"
)

// Spec describes one index: its name, document type and the analysis
// settings it needs.
type Spec struct {
	Name string
	// Doc is a zero value of the document struct.
	Doc any
	// IDField is the json name of the natural key used as document id.
	IDField string
	// Analysis names the settings block: "address" or "" (none).
	Analysis string
}

// Specs lists every index, in load order (postcodes first: other importers
// locate records through them).
func Specs() []Spec {
	return []Spec{
		{IndexPostcodes, Postcode{}, "postcode", ""},
		{IndexBoundaries, Boundary{}, "id", "address"},
		{IndexAddresses, Address{}, "uprn", "address"},
		{IndexProperties, Property{}, "uprn", ""},
		{IndexEPC, EPC{}, "epc_id", ""},
		{IndexSales, Sale{}, "id", ""},
		{IndexListings, Listing{}, "id", ""},
		{IndexSaleEvents, SaleEvent{}, "id", ""},
		{IndexDeprivation, Deprivation{}, "lsoa_code", ""},
		{IndexCensus, Census{}, "msoa_code", ""},
		{IndexBroadband, Broadband{}, "postcode", ""},
		{IndexSchools, School{}, "urn", ""},
		{IndexAmenities, Amenity{}, "id", ""},
		{IndexPlanning, Planning{}, "reference", ""},
		{IndexCrime, Crime{}, "id", ""},
		{IndexListedBuildings, ListedBuilding{}, "list_entry", ""},
		{IndexTitles, Title{}, "title_no", ""},
		{IndexRiskAreas, RiskArea{}, "id", ""},
		{IndexHPI, HPI{}, "id", ""},
		{IndexCouncilTax, CouncilTaxCharge{}, "id", ""},
	}
}

// SortField is one field of an index sort.
type SortField struct {
	Field, Order string // order: asc or desc
}

// IndexSort is the order an index stores its documents in, nil for none.
// The addresses are stored most popular first, so a typeahead query that
// ranks by popularity alone (query.AddressBroadFind, for inputs too short
// to rank by text) stops after the first matches instead of visiting every
// match: its sort must be the serving index's, or a prefix of it. They are
// sorted by popularity in tenths (PopularityBand), then UPRN, rather than
// by popularity itself: within a band the addresses of one street or
// building are neighbours, so a keystroke's posting lists advance within
// the few blocks that hold its street instead of one block an address
// (docs/performance.md, "The index sorted by popularity band").
func IndexSort(name string) []SortField {
	if name == IndexAddresses {
		return []SortField{{AddressFieldPopularityBand, "desc"}, {AddressFieldUPRN, "asc"}}
	}
	return nil
}

// LegacyAddressSort is the sort of an addresses index built before
// PopularityBand: the typeahead sorts by it when the serving index cannot
// sort on the band.
var LegacyAddressSort = []SortField{{AddressFieldPopularity, "desc"}, {AddressFieldUPRN, "asc"}}

// IndexCodec is the stored-fields codec of an index ("" for the engine's
// default, LZ4). The addresses use best_compression (DEFLATE): _source is
// the largest part of the typeahead index, and a keystroke fetches at most
// a page of it, so the smaller index (more of it in the page cache at
// national scale) is worth the slower decompression of those few hits.
// The property records likewise: a lookup decompresses one block (about
// 0.15 ms more than LZ4), and the national index is a quarter of the size,
// small enough to stay in the page cache beside the addresses.
func IndexCodec(name string) string {
	if name == IndexAddresses || name == IndexProperties {
		return "best_compression"
	}
	return ""
}

// SpecOf returns the spec of a named index.
func SpecOf(name string) (Spec, bool) {
	for _, s := range Specs() {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// Names returns every index name, sorted.
func Names() []string {
	var out []string
	for _, s := range Specs() {
		out = append(out, s.Name)
	}
	sort.Strings(out)
	return out
}

//go:embed json/*.json
var files embed.FS

// MappingJSON returns the embedded mapping-and-settings body of an index:
// the document format, every field with its type, as its struct declares
// it (TestMappingFiles). The engine is given EngineBody.
func MappingJSON(name string) ([]byte, error) {
	b, err := files.ReadFile("json/" + name + ".json")
	if err != nil {
		return nil, fmt.Errorf("mappings: no mapping for index %q", name)
	}
	return b, nil
}

// EngineBody returns the body that creates an index (PUT /{index}):
// MappingJSON with every stored-only field (StoredOnly: neither indexed nor
// kept as doc values) declared as an object the engine does not parse,
// {"type": "object", "enabled": false}. The engine still keeps such a field
// in _source, returns it and rejects a document with a field the mapping
// does not name (dynamic: strict), but no longer parses its value into a
// field nobody can query: at 500,000 property records (71 of their 80 fields
// stored only) that was a quarter of the engine's CPU for the load. What it
// no longer checks is the value's type, which the document structs fix.
func EngineBody(name string) (map[string]any, error) {
	b, err := MappingJSON(name)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("mappings: %s: %w", name, err)
	}
	mp, _ := m["mappings"].(map[string]any)
	props, _ := mp["properties"].(map[string]any)
	for field, def := range props {
		if d, ok := def.(map[string]any); ok && StoredOnly(d) {
			props[field] = map[string]any{"type": "object", "enabled": false}
		}
	}
	return m, nil
}

// StoredOnly reports whether a field's mapping (decoded JSON) makes it
// neither searchable nor readable from doc values, so that the engine only
// keeps it in _source: a leaf with "index" and "doc_values" both false and
// nothing derived from it (no copy_to, no multi-fields, not stored apart),
// or an object whose every sub-field is stored only.
func StoredOnly(def map[string]any) bool {
	if sub, ok := def["properties"].(map[string]any); ok {
		if len(sub) == 0 {
			return false
		}
		for _, d := range sub {
			m, ok := d.(map[string]any)
			if !ok || !StoredOnly(m) {
				return false
			}
		}
		return true
	}
	_, copies := def["copy_to"]
	_, multi := def["fields"]
	return def["index"] == false && def["doc_values"] == false && !copies && !multi && def["store"] != true
}

// Aliases resolves index names to alias names under a prefix.
type Aliases struct{ prefix string }

// NewAliases returns the resolver for a prefix ("" in production).
func NewAliases(prefix string) Aliases { return Aliases{prefix: prefix} }

// Name returns the alias for an index name.
func (a Aliases) Name(index string) string { return a.prefix + index }

// Prefix returns the prefix.
func (a Aliases) Prefix() string { return a.prefix }

// FieldPaths lists the dotted field paths an index's mapping JSON defines:
// properties, object sub-properties ("epc_renovations.measure"),
// multi-fields ("search_text.plain") and the implicit sub-fields of
// search_as_you_type ("name_suggest._2gram"). Tests check field names
// against it.
func FieldPaths(index string) (map[string]bool, error) {
	raw, err := MappingJSON(index)
	if err != nil {
		return nil, err
	}
	var m struct {
		Mappings struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"mappings"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("mappings: %s: %w", index, err)
	}
	out := map[string]bool{}
	if err := addFieldPaths(out, "", m.Mappings.Properties); err != nil {
		return nil, fmt.Errorf("mappings: %s: %w", index, err)
	}
	return out, nil
}

func addFieldPaths(out map[string]bool, prefix string, props map[string]json.RawMessage) error {
	for name, def := range props {
		var d struct {
			Type       string                     `json:"type"`
			Shingles   int                        `json:"max_shingle_size"`
			Properties map[string]json.RawMessage `json:"properties"`
			Fields     map[string]json.RawMessage `json:"fields"`
		}
		if err := json.Unmarshal(def, &d); err != nil {
			return err
		}
		path := prefix + name
		out[path] = true
		for sub := range d.Fields {
			out[path+"."+sub] = true
		}
		if d.Type == "search_as_you_type" {
			if d.Shingles == 0 {
				d.Shingles = 3 // the engine's default
			}
			out[path+"._index_prefix"] = true
			for n := 2; n <= d.Shingles; n++ {
				out[path+"._"+strconv.Itoa(n)+"gram"] = true
			}
		}
		if err := addFieldPaths(out, path+".", d.Properties); err != nil {
			return err
		}
	}
	return nil
}
