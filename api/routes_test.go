package api

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/gorilla/mux"
)

// unreachable registers routes as the server does and returns the routes a
// request for their own path (each variable given a sample value) does not
// reach: a route that another one registered before it hides.
func unreachable(routes []*Route) []string {
	r := mux.NewRouter()
	r.MethodNotAllowedHandler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusMethodNotAllowed)
	})
	registerRoutes(r, routes, func(rt *Route) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Header().Set("X-Route", rt.Name) })
	})
	vars := regexp.MustCompile(`\{[a-z_]+\}`)
	var out []string
	for _, rt := range routes {
		for _, prefix := range []string{"/api", "/api/v1"} {
			req := httptest.NewRequest(rt.Method, prefix+vars.ReplaceAllString(rt.Path, "zz9"), nil)
			rec := httptest.NewRecorder()
			r.ServeHTTP(rec, req)
			if got := rec.Header().Get("X-Route"); got != rt.Name {
				out = append(out, rt.Name+" reached "+got+" ("+prefix+")")
			}
		}
	}
	return out
}

// TestRoutesDoNotShadow: every route of the table is reached by a request
// for its own path.
func TestRoutesDoNotShadow(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	for _, u := range unreachable(s.Routes()) {
		t.Error(u)
	}
}

// TestLiteralSegmentsRegisteredFirst: a route with a literal segment
// listed after a template that also matches it is still reached.
func TestLiteralSegmentsRegisteredFirst(t *testing.T) {
	routes := []*Route{
		{Name: "properties.part", Method: get, Path: "/properties/{uprn}/{part}"},
		{Name: "properties.noise", Method: get, Path: "/properties/{uprn}/noise"},
		{Name: "alerts.get", Method: get, Path: "/alerts/{id}"},
		{Name: "alerts.stream", Method: get, Path: "/alerts/stream"},
	}
	if got := unreachable(routes); len(got) != 0 {
		t.Errorf("unreachable routes: %v", got)
	}
}
