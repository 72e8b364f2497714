package api

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/openapi"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated endpoint reference in docs/api.md")

// TestAPIDocs keeps the endpoint reference of docs/api.md generated from the
// OpenAPI document: routes, parameters, weights, plans and errors cannot drift.
func TestAPIDocs(t *testing.T) {
	const path = "../docs/api.md"
	s := newTestServer(t, &fakeBackend{})
	doc, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	gen := openapi.Markdown(doc)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, openapi.BeginMarker)
	j := strings.Index(text, openapi.EndMarker)
	if i < 0 || j < i {
		t.Fatalf("%s: generated-section markers missing", path)
	}
	cur := text[i : j+len(openapi.EndMarker)+1]
	if cur == gen {
		return
	}
	if *updateDocs {
		if err := os.WriteFile(path, []byte(text[:i]+gen+text[j+len(openapi.EndMarker)+1:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date with the OpenAPI document; run go test ./api -run TestAPIDocs -update-docs", path)
}

// TestAPIDocsExamplesComplete: a curl example must be a call that works; the
// council tax band example once lacked building_number and answered 422.
func TestAPIDocsExamplesComplete(t *testing.T) {
	b, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, "/api/council_tax_band?") && !strings.Contains(line, "building_number=") && !strings.Contains(line, "building_name=") {
			t.Errorf("council_tax_band example without building_number or building_name: %s", line)
		}
	}
}
