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
