package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gorilla/mux"
)

// TestSegmentRouterAnswersAsTheWholeRouter: for every route of the table,
// under both prefixes, with and without a trailing slash, with every method,
// and for paths no route has, the segment router answers exactly as the
// router of every route: the same route with the same path variables, the
// same 404, the same 405 and the same redirect of an unclean path.
func TestSegmentRouterAnswersAsTheWholeRouter(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	routes := s.Routes()
	all := mux.NewRouter()
	all.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "404") })
	all.MethodNotAllowedHandler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "405") })
	handler := sharedHandlers(func(rt *Route) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			vars := mux.Vars(r)
			keys := make([]string, 0, len(vars))
			for k, v := range vars {
				keys = append(keys, k+"="+v)
			}
			sort.Strings(keys)
			fmt.Fprint(w, rt.Name, " ", r.Method, " ", strings.Join(keys, ","))
		})
	})
	registerRoutes(all, routes, handler)
	all.PathPrefix("/docs/").Handler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, "docs") }))
	sr := newSegmentRouter(all, routes, handler)
	if len(sr.groups) == 0 {
		t.Fatal("no segment groups: every request takes the whole router")
	}

	vars := regexp.MustCompile(`\{[a-z_]+\}`)
	paths := map[string]bool{}
	for _, rt := range routes {
		for _, prefix := range apiPrefixes {
			for _, v := range []string{"100023336956", "noise", "zz9"} {
				p := prefix + vars.ReplaceAllString(rt.Path, v)
				paths[p], paths[p+"/"], paths[p+"/extra"] = true, true, true
			}
		}
	}
	for _, p := range []string{"/", "/api", "/api/", "/api/v1", "/api/v1/", "/api/v1/nosuch", "/api/nosuch/1",
		"/api/v1//properties/1", "/api/v1/properties/../address/find", "/api/v2/properties/1", "/docs/", "/docs/x",
		"/api/v1x/properties/1", "/apiv1/properties/1"} {
		paths[p] = true
	}
	methods := []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions}
	answer := func(h http.Handler, method, path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
		return fmt.Sprint(rec.Code, " ", rec.Header().Get("Location"), " ", rec.Body.String())
	}
	grouped := 0
	for p := range paths {
		if sr.groups[segmentKey(p)] != nil {
			grouped++
		}
		for _, m := range methods {
			if want, got := answer(all, m, p), answer(sr, m, p); got != want {
				t.Errorf("%s %s: segment router %q, whole router %q", m, p, got, want)
			}
		}
	}
	if grouped < len(paths)/2 {
		t.Errorf("only %d of %d paths took a segment's router", grouped, len(paths))
	}
}

func TestSegmentKey(t *testing.T) {
	for path, want := range map[string]string{
		"/api/v1/properties/1/epc": "/api/v1/properties",
		"/api/v1/properties":       "/api/v1/properties",
		"/api/properties/1":        "/api/properties",
		"/api/v1/":                 "",
		"/api/v1":                  "/api/v1", // the /api prefix's segment "v1", which no route has
		"/api/":                    "",
		"/docs/x":                  "",
		"/api/v1x/a":               "/api/v1x",
	} {
		if got := segmentKey(path); got != want {
			t.Errorf("segmentKey(%q) = %q, want %q", path, got, want)
		}
	}
}
