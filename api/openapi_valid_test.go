package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi-validator/schema_validation"
)

// TestServedOpenAPIIsValid validates the document GET /api/schema serves (JSON
// and YAML) against the OpenAPI 3.1 specification's own JSON Schema, the check
// strict SDK generators run first(one stray key in a
// parameter made every generator reject the whole document).
func TestServedOpenAPIIsValid(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	for _, target := range []string{"/api/schema/", "/api/schema?format=yaml"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", target, rec.Code)
		}
		doc, err := libopenapi.NewDocument(rec.Body.Bytes())
		if err != nil {
			t.Fatalf("GET %s: parse: %v", target, err)
		}
		if v := doc.GetVersion(); !strings.HasPrefix(v, "3.1") {
			t.Fatalf("GET %s: openapi %q, want 3.1.x", target, v)
		}
		ok, errs := schema_validation.ValidateOpenAPIDocument(doc)
		for i, e := range errs {
			if i == 20 {
				t.Errorf("… %d more", len(errs)-20)
				break
			}
			t.Errorf("GET %s: %s: %s", target, e.Message, e.Reason)
			for _, se := range e.SchemaValidationErrors {
				t.Errorf("  at %s (%s): %s", se.FieldPath, se.KeywordLocation, se.Reason)
			}
		}
		if !ok && len(errs) == 0 {
			t.Errorf("GET %s: invalid, no reason given", target)
		}
	}
}
