package mappings

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite json/*.json from the document structs")

// fieldMapping returns the mapping of one field from its os tag: a kind,
// then options after commas (fieldOptions).
func fieldMapping(t *testing.T, typ reflect.Type, tag string) map[string]any {
	kind, opts, _ := strings.Cut(tag, ",")
	m := kindMapping(t, typ, kind)
	if opts != "" {
		fieldOptions(t, m, strings.Split(opts, ","))
	}
	return m
}

// fieldOptions applies the options of an os tag: "nodocvalues" (no doc
// values: the field is matched or filtered, never sorted or aggregated on),
// "nosearch" (not indexed: the field is sorted on or read through doc
// values, never matched) and "stored" (neither: the field is only returned
// from _source).
func fieldOptions(t *testing.T, m map[string]any, opts []string) {
	for _, o := range opts {
		switch o {
		case "nodocvalues":
			m["doc_values"] = false
		case "nosearch":
			m["index"] = false
		case "stored":
			m["index"], m["doc_values"] = false, false
		default:
			t.Fatalf("unknown os tag option %q", o)
		}
	}
}

// kindMapping returns the mapping of one field kind.
func kindMapping(t *testing.T, typ reflect.Type, tag string) map[string]any {
	switch tag {
	case "keyword", "long", "integer", "float", "double", "boolean", "geo_point", "geo_shape", "text":
		m := map[string]any{"type": tag}
		if tag == "geo_shape" {
			m["ignore_malformed"] = false
		}
		return m
	case "date":
		return map[string]any{"type": "date", "format": "strict_date_optional_time||yyyy-MM-dd||yyyy-MM"}
	case "number_keyword":
		return map[string]any{"type": "keyword", "fields": map[string]any{
			"prefix": map[string]any{"type": "text", "analyzer": "number_prefix", "search_analyzer": "number_exact", "index_options": "docs", "norms": false},
		}}
	case "noindex":
		return map[string]any{"type": "keyword", "index": false, "doc_values": false}
	case "flat":
		return map[string]any{"type": "object", "enabled": false}
	case "sayt":
		return map[string]any{"type": "search_as_you_type", "analyzer": "address_words"}
	case "address_text":
		// No positions on the prefix field and the fuzzy field: no phrase
		// query reads them (match_phrase runs on .words alone).
		return map[string]any{
			"type": "text", "analyzer": "address_index", "search_analyzer": "address_search", "index_options": "freqs",
			"fields": map[string]any{
				"words": map[string]any{"type": "text", "analyzer": "address_words"},
				"plain": map[string]any{"type": "text", "analyzer": "address_plain", "index_options": "freqs"},
			},
		}
	case "object":
		for typ.Kind() == reflect.Slice || typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		return map[string]any{"type": "object", "properties": structProperties(t, typ)}
	}
	t.Fatalf("unknown os tag %q", tag)
	return nil
}

func structProperties(t *testing.T, typ reflect.Type) map[string]any {
	props := map[string]any{}
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		tag := f.Tag.Get("os")
		if name == "" || name == "-" {
			continue
		}
		if tag == "" {
			t.Fatalf("%s.%s has no os tag", typ.Name(), f.Name)
		}
		props[name] = fieldMapping(t, f.Type, tag)
	}
	return props
}

func buildMapping(t *testing.T, s Spec) []byte {
	settings := map[string]any{
		"number_of_shards":   1,
		"number_of_replicas": 0,
		"refresh_interval":   "1s",
		"max_result_window":  10000,
	}
	if sort := IndexSort(s.Name); len(sort) > 0 {
		var fields, orders []string
		for _, f := range sort {
			fields, orders = append(fields, f.Field), append(orders, f.Order)
		}
		settings["sort.field"], settings["sort.order"] = fields, orders
	}
	if c := IndexCodec(s.Name); c != "" {
		settings["codec"] = c
	}
	if a := analysisSettings(s.Analysis); a != nil {
		settings["analysis"] = a
	}
	body := map[string]any{
		"settings": map[string]any{"index": settings},
		"mappings": map[string]any{
			"dynamic":    "strict",
			"properties": structProperties(t, reflect.TypeOf(s.Doc)),
		},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(body); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestMappingFiles checks that every embedded mapping is exactly what its
// document struct declares (run with -update to regenerate).
func TestMappingFiles(t *testing.T) {
	for _, s := range Specs() {
		want := buildMapping(t, s)
		path := filepath.Join("json", s.Name+".json")
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := MappingJSON(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: embedded mapping differs from the struct; run go test ./mappings -run TestMappingFiles -update", path)
		}
	}
}

// TestIDFieldsExist checks each spec's id field is a field of its document.
func TestIDFieldsExist(t *testing.T) {
	for _, s := range Specs() {
		b, err := MappingJSON(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Mappings struct {
				Dynamic    string                     `json:"dynamic"`
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"mappings"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if m.Mappings.Dynamic != "strict" {
			t.Errorf("%s: dynamic = %q, want strict", s.Name, m.Mappings.Dynamic)
		}
		if _, ok := m.Mappings.Properties[s.IDField]; !ok {
			t.Errorf("%s: id field %q not in mapping", s.Name, s.IDField)
		}
	}
}

func TestParsePostcode(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"EX1 1AE", "EX1 1AE", true},
		{"ex11ae", "EX1 1AE", true},
		{"  sw1a  2aa ", "SW1A 2AA", true},
		{"M1 1AE", "M1 1AE", true},
		{"B33 8TH", "B33 8TH", true},
		{"CR2 6XH", "CR2 6XH", true},
		{"DN55 1PT", "DN55 1PT", true},
		{"W1A 0AX", "W1A 0AX", true},
		{"EC1A 1BB", "EC1A 1BB", true},
		{"GIR 0AA", "GIR 0AA", true},
		{"EX1+1AE", "", false},
		{"EX1", "", false},
		{"EX1 1CE", "", false},
		{"12345", "", false},
		{"", "", false},
		{"EX1 1AÉ", "", false},
		{"AAAA 1AA", "", false},
	}
	for _, tc := range tests {
		p, ok := ParsePostcode(tc.in)
		if ok != tc.ok || (ok && p.Display() != tc.want) {
			t.Errorf("ParsePostcode(%q) = %q, %v; want %q, %v", tc.in, p.Display(), ok, tc.want, tc.ok)
		}
	}
	p, _ := ParsePostcode("ex11ae")
	if p.Key() != "EX11AE" || p.Sector() != "EX1 1" || p.Area() != "EX" {
		t.Errorf("parts of EX1 1AE: key %q sector %q area %q", p.Key(), p.Sector(), p.Area())
	}
	if o, ok := ParseOutcode("sw1a"); !ok || o != "SW1A" {
		t.Errorf("ParseOutcode(sw1a) = %q, %v", o, ok)
	}
}

func FuzzParsePostcode(f *testing.F) {
	for _, s := range []string{"EX1 1AE", "ex11ae", "GIR0AA", "EX1+1AE", "\x00", "SW1A 2AA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := ParsePostcode(s)
		if !ok {
			return
		}
		// A parsed postcode re-parses to itself.
		q, ok2 := ParsePostcode(p.Display())
		if !ok2 || q != p {
			t.Fatalf("round trip of %q: %q", s, p.Display())
		}
	})
}

// TestEngineBody checks the body that creates each index: every stored-only
// field (and only those) is an object the engine does not parse, every
// other field and the settings are the mapping file's, and the property
// records, which the API reads whole, leave to the engine only the nine
// fields their queries use.
func TestEngineBody(t *testing.T) {
	for _, s := range Specs() {
		raw, err := MappingJSON(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		var file map[string]any
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatal(err)
		}
		got, err := EngineBody(s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got["settings"], file["settings"]) {
			t.Errorf("%s: settings differ from the mapping file's", s.Name)
		}
		gm, fm := got["mappings"].(map[string]any), file["mappings"].(map[string]any)
		if gm["dynamic"] != "strict" {
			t.Errorf("%s: dynamic = %v, want strict", s.Name, gm["dynamic"])
		}
		gp, fp := gm["properties"].(map[string]any), fm["properties"].(map[string]any)
		if len(gp) != len(fp) {
			t.Errorf("%s: %d fields, the file has %d", s.Name, len(gp), len(fp))
		}
		var parsed []string
		for field, def := range fp {
			d := def.(map[string]any)
			want := def
			if StoredOnly(d) {
				want = map[string]any{"type": "object", "enabled": false}
			} else {
				parsed = append(parsed, field)
			}
			if !reflect.DeepEqual(gp[field], want) {
				t.Errorf("%s.%s: engine body %v, want %v", s.Name, field, gp[field], want)
			}
		}
		if s.Name == IndexProperties {
			sort.Strings(parsed)
			want := []string{"council_tax_band", "directory_postcode", "epc_floor_area", "last_sold_price", "postcode", "postcode_history", "predicted_value", "property_type", "uprn"}
			if !reflect.DeepEqual(parsed, want) {
				t.Errorf("properties: the engine parses %v, want %v", parsed, want)
			}
		}
	}
}

func TestStoredOnly(t *testing.T) {
	f := false
	for _, c := range []struct {
		def  map[string]any
		want bool
	}{
		{map[string]any{"type": "keyword", "index": f, "doc_values": f}, true},
		{map[string]any{"type": "date", "index": f, "doc_values": f, "format": "yyyy-MM-dd"}, true},
		{map[string]any{"type": "keyword", "index": f}, false},      // doc values
		{map[string]any{"type": "keyword", "doc_values": f}, false}, // indexed
		{map[string]any{"type": "text", "index": f}, false},         // text keeps no doc values, but says nothing
		{map[string]any{"type": "keyword", "index": f, "doc_values": f, "copy_to": "all"}, false},
		{map[string]any{"type": "keyword", "index": f, "doc_values": f, "fields": map[string]any{"raw": map[string]any{"type": "keyword"}}}, false},
		{map[string]any{"type": "keyword", "index": f, "doc_values": f, "store": true}, false},
		{map[string]any{"type": "object", "properties": map[string]any{
			"a": map[string]any{"type": "keyword", "index": f, "doc_values": f},
			"b": map[string]any{"type": "long", "index": f, "doc_values": f}}}, true},
		{map[string]any{"type": "object", "properties": map[string]any{
			"a": map[string]any{"type": "keyword", "index": f, "doc_values": f},
			"b": map[string]any{"type": "keyword", "doc_values": f}}}, false},
		{map[string]any{"type": "object", "properties": map[string]any{}}, false},
	} {
		if got := StoredOnly(c.def); got != c.want {
			t.Errorf("StoredOnly(%v) = %v, want %v", c.def, got, c.want)
		}
	}
}
