package api

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestSchemaNullEmptyRule walks every schema of the served OpenAPI document
// for the one way to say "no value" (docs/decisions.md): unknown scalars and
// unknown records are null, but a collection (an array, or a map: an object
// of additionalProperties without fixed properties) is never null: empty is
// [] or {}. A collection may be null only where its schema says when, with
// x-null-when (e.g. a breakdown withheld on the Free plan).
func TestSchemaNullEmptyRule(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	var walk func(path string, n any)
	walk = func(path string, n any) {
		switch v := n.(type) {
		case map[string]any:
			if msg := nullableCollection(v); msg != "" {
				if _, ok := v["x-null-when"]; !ok {
					bad = append(bad, fmt.Sprintf("%s: %s", path, msg))
				}
			}
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(path+"/"+k, v[k])
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s/%d", path, i), e)
			}
		}
	}
	walk("#/components/schemas", doc["components"].(map[string]any)["schemas"])
	walk("#/paths", doc["paths"])
	for _, b := range bad {
		t.Errorf("nullable collection without x-null-when: %s", b)
	}
}

// nullableCollection describes a schema node that allows null for a
// collection ("" when it does not).
func nullableCollection(s map[string]any) string {
	var types []string
	switch t := s["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			types = append(types, fmt.Sprint(x))
		}
	}
	if !slices.Contains(types, "null") {
		return ""
	}
	if slices.Contains(types, "array") {
		return "array may be null (type " + strings.Join(types, ",") + ")"
	}
	if slices.Contains(types, "object") {
		_, props := s["properties"]
		if ap, ok := s["additionalProperties"]; ok && ap != false && !props {
			return "map may be null (type " + strings.Join(types, ",") + ")"
		}
	}
	return ""
}
