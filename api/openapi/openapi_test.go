package openapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestShorthand(t *testing.T) {
	cases := map[string]string{
		"string":               `{"type":["string","null"]}`,
		"integer!":             `{"type":"integer"}`,
		"integer!(1..100)":     `{"maximum":100,"minimum":1,"type":"integer"}`,
		"number(0..)":          `{"minimum":0,"type":["number","null"]}`,
		"number!(-90..90)":     `{"maximum":90,"minimum":-90,"type":"number"}`,
		"date":                 `{"format":"date","type":["string","null"]}`,
		"uuid!":                `{"format":"uuid","type":"string"}`,
		"[]string":             `{"items":{"type":["string","null"]},"type":"array"}`,
		"[]#Sale!":             `{"items":{"$ref":"#/components/schemas/Sale"},"type":"array"}`,
		"#LatLng":              `{"$ref":"#/components/schemas/LatLng"}`,
		"#LatLng?":             `{"anyOf":[{"$ref":"#/components/schemas/LatLng"},{"type":"null"}]}`,
		"[]#AddressSuggestion": `{"items":{"$ref":"#/components/schemas/AddressSuggestion"},"type":"array"}`,
	}
	for in, want := range cases {
		got, err := shorthand(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		b, _ := json.Marshal(got)
		if string(b) != want {
			t.Errorf("%s: got %s, want %s", in, b, want)
		}
	}
	for _, bad := range []string{"strin", "integer(1-2)", "[]", "Number"} {
		if _, err := shorthand(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCheckFindsDrift(t *testing.T) {
	names, err := Names()
	if err != nil {
		t.Fatal(err)
	}
	var ops []Operation
	for _, n := range names {
		ops = append(ops, Operation{Name: n, Method: "GET", Path: "/x"})
	}
	// Path variables must match the declared path parameters; every
	// definition needs a route and every route a definition.
	err = Check(append(ops[1:], Operation{Name: "nope.new", Method: "GET", Path: "/nope"}))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"route nope.new (GET /nope) has no entry", "defines " + names[0] + ", which is not in the route table", "is not in /x"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestParametersWellFormed checks the OpenAPI rules a JSON Schema compile
// does not: every parameter has a name, a location and a schema, path
// parameters are required, and no operation repeats a parameter.
func TestParametersWellFormed(t *testing.T) {
	d, err := load()
	if err != nil {
		t.Fatal(err)
	}
	for name, op := range d.Operations {
		seen := map[string]bool{}
		for _, p := range op.Parameters {
			pm := resolveParam(d, p)
			if pm == nil {
				t.Errorf("%s: unresolved parameter %v", name, p)
				continue
			}
			key := fmt.Sprint(pm["in"], ":", pm["name"])
			if seen[key] {
				t.Errorf("%s: parameter %s twice", name, key)
			}
			seen[key] = true
			if pm["name"] == nil || pm["schema"] == nil {
				t.Errorf("%s: parameter %v lacks a name or schema", name, pm)
			}
			switch pm["in"] {
			case "path":
				if pm["required"] != true {
					t.Errorf("%s: path parameter %v is not required", name, pm["name"])
				}
			case "query", "header":
			default:
				t.Errorf("%s: parameter %v in %v", name, pm["name"], pm["in"])
			}
		}
	}
}

// TestExamplesFromData: Info.Examples sets the example of a parameter by
// "operation.parameter" first, then by name, inline (the shared component
// keeps no example), and leaves other parameters alone.
func TestExamplesFromData(t *testing.T) {
	ops := []Operation{
		{Name: "properties.get", Method: "GET", Path: "/properties/{uprn}", Auth: AuthKey, Weight: 1},
		{Name: "listings.get", Method: "GET", Path: "/property_listings/{id}", Auth: AuthKey, Weight: 1},
		{Name: "events.get", Method: "GET", Path: "/property_sale_events/{id}", Auth: AuthKey, Weight: 1},
	}
	d, err := load()
	if err != nil {
		t.Fatal(err)
	}
	var sub []Operation
	for _, op := range ops {
		if _, ok := d.Operations[op.Name]; ok {
			sub = append(sub, op)
		}
	}
	// Build checks the whole table, so use every defined operation with
	// placeholder routes for the ones not under test.
	names, _ := Names()
	all := append([]Operation(nil), sub...)
	for _, n := range names {
		if n == "properties.get" || n == "listings.get" || n == "events.get" {
			continue
		}
		all = append(all, Operation{Name: n, Method: "GET", Path: "/x/" + n + pathOf(d, n), Auth: AuthKey})
	}
	doc, err := Build(all, Info{Title: "t", Version: "1", Examples: map[string]any{"uprn": 10000000001, "listings.get.id": "ccbd708b-23db-40fe-852c-7bf40df6a397"}})
	if err != nil {
		t.Fatal(err)
	}
	param := func(path, name string) map[string]any {
		op := doc["paths"].(map[string]any)[path].(map[string]any)["get"].(map[string]any)
		for _, p := range op["parameters"].([]any) {
			if pm, ok := p.(map[string]any); ok && pm["name"] == name {
				return pm
			}
		}
		t.Fatalf("%s has no inline parameter %s", path, name)
		return nil
	}
	if got := param("/properties/{uprn}", "uprn")["example"]; got != 10000000001 {
		t.Errorf("properties.get uprn example %v", got)
	}
	if got := param("/property_listings/{id}", "id")["example"]; got != "ccbd708b-23db-40fe-852c-7bf40df6a397" {
		t.Errorf("listings.get id example %v", got)
	}
	if _, has := param("/property_sale_events/{id}", "id")["example"]; has {
		t.Error("events.get id got an example meant for listings.get")
	}
	comp := doc["components"].(map[string]any)["parameters"].(map[string]any)["UPRNPath"].(map[string]any)
	if _, has := comp["example"]; has {
		t.Error("the shared UPRNPath component was changed")
	}
}

// pathOf returns "/{v}" segments for an operation's path parameters.
func pathOf(d *defs, name string) string {
	out := ""
	for _, p := range d.Operations[name].Parameters {
		if pm := resolveParam(d, p); pm["in"] == "path" {
			out += "/{" + fmt.Sprint(pm["name"]) + "}"
		}
	}
	return out
}
