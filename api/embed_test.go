package api

import (
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
