package api

import (
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/embedtool"
)

func TestEmbedToolsDocumented(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	for tool, ops := range embedtool.Table() {
		for op, eo := range ops {
			if s.routeByName(eo.Route) == nil {
				t.Errorf("%s/%s relays to unknown route %q", tool, op, eo.Route)
			}
		}
	}
	if len(EmbedTools()) != 4 {
		t.Errorf("tools %v", EmbedTools())
	}
}

// TestEmbedUnknownOperationSaysWhere: a tool whose one operation has no
// name says where it is served, not "operations: " with an empty list.
func TestEmbedUnknownOperationSaysWhere(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	rec := do(t, s, "GET", "/api/embed/v2/stamp-duty/find?price=300000", "")
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), "served at /embed/v2/stamp-duty with no operation name") {
		t.Errorf("stamp-duty/find: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, s, "GET", "/api/embed/v2/address-lookup/nope?q=x", "")
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), "operations: find, postcode, retrieve") {
		t.Errorf("address-lookup/nope: %d %s", rec.Code, rec.Body)
	}
}
