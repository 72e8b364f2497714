package openapi

import (
	"reflect"
	"strings"
)

// StructSchema derives a JSON Schema from a Go struct's json tags: integers,
// numbers, strings, booleans, arrays and nested objects, every field
// nullable (unknown data is null). It keeps schemas of stored documents
// (e.g. mappings.Property, which the property tiers and parts render) in
// step with the Go types.
func StructSchema(v any) map[string]any {
	return typeSchema(reflect.TypeOf(v), 0)
}

func typeSchema(t reflect.Type, depth int) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	nullable := func(typ string) map[string]any { return map[string]any{"type": []any{typ, "null"}} }
	switch t.Kind() {
	case reflect.Bool:
		return nullable("boolean")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return nullable("integer")
	case reflect.Float32, reflect.Float64:
		return nullable("number")
	case reflect.String:
		return nullable("string")
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 { // json.RawMessage: any JSON
			return map[string]any{}
		}
		// Collections are never null: empty is [] or {} (docs/decisions.md).
		s := map[string]any{"type": "array"}
		s["items"] = typeSchema(t.Elem(), depth+1)
		return s
	case reflect.Map:
		s := map[string]any{"type": "object"}
		s["additionalProperties"] = typeSchema(t.Elem(), depth+1)
		return s
	case reflect.Struct:
		props := map[string]any{}
		if depth < 6 {
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if !f.IsExported() {
					continue
				}
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "-" {
					continue
				}
				if name == "" {
					name = f.Name
				}
				props[name] = typeSchema(f.Type, depth+1)
			}
		}
		s := nullable("object")
		s["properties"] = props
		return s
	}
	return map[string]any{}
}
