package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/ukpd/propertyapi/api/openapi"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestOpenAPICoversRouteTable fails when a route has no schema entry or the
// schema defines an operation that is not a route.
func TestOpenAPICoversRouteTable(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	if err := openapi.Check(s.OpenAPIOperations()); err != nil {
		t.Fatal(err)
	}
	names, err := openapi.Names()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(names), len(s.Routes()); got != want {
		t.Errorf("operations.yaml has %d operations, route table %d routes", got, want)
	}
}

func fetchSchema(t *testing.T, s *Server, target, accept string) (map[string]any, *http.Response) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body.String())
	}
	var doc map[string]any
	ct := rec.Header().Get("Content-Type")
	if strings.HasPrefix(ct, "application/yaml") {
		if err := yaml.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
			t.Fatalf("GET %s: yaml: %v", target, err)
		}
	} else {
		if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
			t.Fatalf("GET %s: json: %v", target, err)
		}
	}
	return doc, rec.Result()
}

func TestSchemaEndpoint(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	cases := []struct {
		target, accept, wantCT string
	}{
		{"/api/schema", "", "application/json"},
		{"/api/schema/", "", "application/json"},
		{"/api/v1/schema/", "", "application/json"},
		{"/api/schema/?format=yaml", "", "application/yaml"},
		{"/api/schema/?format=YAML", "", "application/yaml"},
		{"/api/schema/", "application/yaml", "application/yaml"},
		{"/api/schema/?format=json", "application/yaml", "application/json"},
	}
	for _, c := range cases {
		t.Run(c.target+" "+c.accept, func(t *testing.T) {
			doc, resp := fetchSchema(t, s, c.target, c.accept)
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.wantCT) {
				t.Errorf("content type %q, want %q", ct, c.wantCT)
			}
			if doc["openapi"] != "3.1.0" {
				t.Errorf("openapi = %v, want 3.1.0", doc["openapi"])
			}
		})
	}
	rec := do(t, s, http.MethodGet, "/api/schema/?format=xml", "")
	if rec.Code != http.StatusUnprocessableEntity || errorCode(t, rec) != CodeInvalidParams {
		t.Errorf("format=xml: got %d %s, want 422 invalid_params", rec.Code, errorCode(t, rec))
	}
}

// TestSchemaOperations checks each route's operation against the table:
// method, weight, plan gate, security, error envelope.
func TestSchemaOperations(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc, _ := fetchSchema(t, s, "/api/schema/", "")
	paths := doc["paths"].(map[string]any)
	for _, rt := range s.Routes() {
		item, ok := paths[rt.Path].(map[string]any)
		if !ok {
			t.Errorf("%s: path %s missing", rt.Name, rt.Path)
			continue
		}
		op, ok := item[strings.ToLower(rt.Method)].(map[string]any)
		if !ok {
			t.Errorf("%s: %s %s missing", rt.Name, rt.Method, rt.Path)
			continue
		}
		if op["operationId"] != rt.Name {
			t.Errorf("%s: operationId %v", rt.Name, op["operationId"])
		}
		if w := op["x-call-weight"]; w != float64(rt.Weight) {
			t.Errorf("%s: x-call-weight %v, want %d", rt.Name, w, rt.Weight)
		}
		wantGate := rt.MinPlan
		if wantGate == "" {
			wantGate = ratelimit.PlanFree
		}
		if g := op["x-plan-gate"]; g != wantGate {
			t.Errorf("%s: x-plan-gate %v, want %s", rt.Name, g, wantGate)
		}
		sec, _ := json.Marshal(op["security"])
		switch rt.Auth {
		case AuthKey:
			if !bytes.Contains(sec, []byte(`"ApiKey"`)) || bytes.Contains(sec, []byte(`{}`)) {
				t.Errorf("%s: security %s, want ApiKey required", rt.Name, sec)
			}
		case AuthOpen:
			if !bytes.Contains(sec, []byte(`{}`)) {
				t.Errorf("%s: security %s, want optional", rt.Name, sec)
			}
		case AuthPublicKey:
			if string(sec) != `[{"PublicKey":[]}]` {
				t.Errorf("%s: security %s, want PublicKey", rt.Name, sec)
			}
		}
		resp := op["responses"].(map[string]any)
		_, ok200 := resp["200"]
		_, ok201 := resp["201"]
		_, ok202 := resp["202"]
		_, ok204 := resp["204"]
		if !ok200 && !ok201 && !ok202 && !ok204 {
			t.Errorf("%s: no 200, 201, 202 or 204 response", rt.Name)
		}
		for _, st := range []string{"401", "429", "500", "503"} {
			if _, ok := resp[st]; !ok {
				t.Errorf("%s: no %s response", rt.Name, st)
			}
		}
		// A 403 is the plan gate's, or a limit of the operation's own
		// (alerts.create: the plan's number of saved searches).
		r403, _ := json.Marshal(resp["403"])
		ownLimit := bytes.Contains(r403, []byte(`"`+CodeLimitReached+`"`))
		if _, ok := resp["403"]; ok != (rt.MinPlan != "" || rt.Auth == AuthPublicKey || ownLimit) {
			t.Errorf("%s: 403 documented = %v, plan gate %q", rt.Name, ok, rt.MinPlan)
		}
	}
}

// TestSchemaCompiles compiles every response and request schema as JSON
// Schema 2020-12 (the dialect of OpenAPI 3.1) and checks the error envelope
// against a real error body.
func TestSchemaCompiles(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(doc)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://propertyapi.test/openapi.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, inst); err != nil {
		t.Fatal(err)
	}
	for path, item := range doc["paths"].(map[string]any) {
		for method, o := range item.(map[string]any) {
			op := o.(map[string]any)
			for st, r := range op["responses"].(map[string]any) {
				content, _ := r.(map[string]any)["content"].(map[string]any)
				for ct := range content {
					ptr := "#/paths/" + pointerEscape(path) + "/" + method + "/responses/" + st + "/content/" + pointerEscape(ct) + "/schema"
					if _, err := c.Compile(url + ptr); err != nil {
						t.Errorf("%s %s: %v", op["operationId"], ptr, err)
					}
				}
			}
		}
	}
	sch, err := c.Compile(url + "#/components/schemas/ErrorEnvelope")
	if err != nil {
		t.Fatal(err)
	}
	rec := do(t, s, http.MethodGet, "/api/nope", "")
	body, err := jsonschema.UnmarshalJSON(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(body); err != nil {
		t.Errorf("404 body does not match ErrorEnvelope: %v", err)
	}
}

func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func TestDemoMounted(t *testing.T) {
	s := NewServer(Options{Backend: &fakeBackend{T: t}, Logger: zerolog.Nop(), DemoPublicKey: "pk_test"})
	rec := do(t, s, http.MethodGet, "/demo", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"publicKey":"pk_test"`) {
		t.Errorf("GET /demo: %d, key injected = %v", rec.Code, strings.Contains(rec.Body.String(), "pk_test"))
	}
	if rec := do(t, s, http.MethodGet, "/demo/static/demo.js", ""); rec.Code != http.StatusOK {
		t.Errorf("GET /demo/static/demo.js: %d", rec.Code)
	}
}
