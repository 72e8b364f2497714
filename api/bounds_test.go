package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/gorilla/mux"
	"github.com/ukpd/propertyapi/api/search"
)

// TestParamBoundsMatchSchema holds the bounds each handler enforces (the
// min, max and default it passes to params.Int / Float / OptInt / OptFloat,
// the length cap it passes to params.String) against the schema's minimum,
// maximum, default and maxLength for the same query parameter of the same
// operation. The bounds are written in Go once; the schema
// (api/openapi/operations.yaml) restates them for clients and this test
// fails when the two differ. docs/api.md is generated from the schema.
func TestParamBoundsMatchSchema(t *testing.T) {
	probe := errors.New("bounds probe: no engine")
	fb := &fakeBackend{
		SearchFn:    func(string, any) (*search.Response, error) { return nil, probe },
		MSearchFn:   func([]search.MultiItem) ([]*search.Response, error) { return nil, probe },
		GetFn:       func(string, string) (json.RawMessage, bool, error) { return nil, false, probe },
		CountFn:     func(string, any) (int64, error) { return 0, probe },
		OpenPITFn:   func(string) (string, error) { return "", probe },
		SearchPITFn: func(any) (*search.Response, error) { return nil, probe },
		HealthFn:    func() (search.ClusterHealth, error) { return search.ClusterHealth{}, probe },
		AliasesFn:   func(string) ([]search.AliasInfo, error) { return nil, probe },
	}
	s := newTestServer(t, fb)
	doc, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, rt := range s.routes {
		if rt.Method != http.MethodGet {
			continue
		}
		params := schemaParams(t, doc, rt)
		rec := &boundsRecorder{}
		req := httptest.NewRequest(rt.Method, "/api"+rt.Path, nil)
		req = req.WithContext(context.WithValue(req.Context(), boundsRecorderKey{}, rec))
		req = mux.SetURLVars(req, pathSamples(rt.Path, params))
		func() {
			defer func() { _ = recover() }() // a handler that needs a gate or a store is not probed further
			_ = rt.h(httptest.NewRecorder(), req)
		}()
		for _, b := range rec.got {
			sp, ok := params[b.Name]
			if !ok {
				continue // a parameter the handler tries that the schema leaves out is another test's business
			}
			checked++
			if why, ok := boundExceptions[rt.Name+" "+b.Name]; ok {
				t.Logf("%s %s: not compared: %s", rt.Name, b.Name, why)
				continue
			}
			for _, d := range boundDiffs(b, sp) {
				t.Errorf("%s %s: %s", rt.Name, b.Name, d)
			}
		}
	}
	t.Logf("%d parameter bounds compared", checked)
	if checked < 40 {
		t.Errorf("only %d parameter bounds were compared; the probe no longer reaches the handlers", checked)
	}
}

// boundExceptions are the parameters whose Go bound the schema states
// another way, each with the reason. Keep it short: a new entry is a schema
// to correct, not a place to park a difference.
var boundExceptions = map[string]string{
	"crime.search category": "its pattern caps the slug at 40 characters",
	// The handler refuses pages past the result window with 422; the schema
	// documents the window in page_too_deep. To fold into the schema (a
	// maximum of 10000 on these two operations' page).
	"listings.list page": "the result window is documented by page_too_deep",
	"events.list page":   "the result window is documented by page_too_deep",
}

// boundDiffs lists where the Go bound and the schema differ.
func boundDiffs(b paramBound, sp map[string]any) []string {
	var out []string
	num := func(k string) (float64, bool) {
		switch v := sp[k].(type) {
		case float64:
			return v, true
		case int:
			return float64(v), true
		case int64:
			return float64(v), true
		case uint64:
			return float64(v), true
		}
		return 0, false
	}
	want := func(k string, got float64) {
		v, ok := num(k)
		if !ok {
			out = append(out, fmt.Sprintf("schema has no %s; the handler enforces %v", k, got))
		} else if v != got {
			out = append(out, fmt.Sprintf("schema %s %v, handler %v", k, v, got))
		}
	}
	switch b.Kind {
	case "string":
		want("maxLength", b.Max)
	default:
		want("minimum", b.Min)
		if b.Max < math.MaxInt32 { // MaxInt32 is "no cap": the schema leaves maximum out
			want("maximum", b.Max)
		}
		if d, ok := num("default"); ok && (!b.HasDef || d != b.Def) {
			out = append(out, fmt.Sprintf("schema default %v, handler %v (has default %v)", d, b.Def, b.HasDef))
		}
	}
	return out
}

// schemaParams returns the schema of each parameter of the route's
// operation, by name, with $refs resolved.
func schemaParams(t *testing.T, doc map[string]any, rt *Route) map[string]map[string]any {
	t.Helper()
	paths, _ := doc["paths"].(map[string]any)
	item, _ := paths[rt.Path].(map[string]any)
	op, _ := item[strings.ToLower(rt.Method)].(map[string]any)
	comps, _ := doc["components"].(map[string]any)
	cparams, _ := comps["parameters"].(map[string]any)
	out := map[string]map[string]any{}
	list, _ := op["parameters"].([]any)
	for _, p := range list {
		pm, _ := p.(map[string]any)
		if ref, ok := pm["$ref"].(string); ok {
			pm, _ = cparams[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
		}
		name, _ := pm["name"].(string)
		sch, _ := pm["schema"].(map[string]any)
		if sch == nil {
			continue
		}
		sch = maps.Clone(sch)
		sch["in"] = pm["in"]
		out[name] = sch
	}
	return out
}

var pathVarRE = regexp.MustCompile(`\{([a-z_]+)\}`)

// pathSamples gives each path variable a valid value: the first of its
// schema enum or examples, else a sample by name.
func pathSamples(path string, params map[string]map[string]any) map[string]string {
	byName := map[string]string{"uprn": "100040212345", "postcode": "EX11AE", "outcode": "EX1", "id": "1"}
	vars := map[string]string{}
	for _, m := range pathVarRE.FindAllStringSubmatch(path, -1) {
		name := m[1]
		v := byName[name]
		if sp := params[name]; sp != nil {
			for _, k := range []string{"enum", "examples"} {
				if l, ok := sp[k].([]any); ok && len(l) > 0 {
					v = fmt.Sprint(l[0])
				}
			}
		}
		if v == "" {
			v = "x"
		}
		vars[name] = v
	}
	return vars
}
