package api

import (
	"net/http"
	"strings"

	"github.com/gorilla/mux"
)

// segmentRouter sends a request under /api or /api/v1 to a router that holds
// only the routes of its first path segment (/api/v1/properties/...: the
// properties routes), and anything else, or a request that router does not
// match, to the router of every route.
//
// gorilla/mux tries its routes one after the other, each with a regular
// expression: the table registers every route under two prefixes, with and
// without a trailing slash, so a request to a route late in the table ran
// hundreds of expressions, about a tenth of the API's CPU per request
// (docs/performance.md). A segment's router is registered by the same
// registerRoutes, in the same order, with the same handlers, so the route it
// matches is the one the whole router would match; whatever it does not match
// (a 404, a 405, a route mounted beside the table) is answered by the whole
// router exactly as before (TestSegmentRouterAnswersAsTheWholeRouter).
type segmentRouter struct {
	all    *mux.Router
	groups map[string]*mux.Router // "/api/v1/properties" → its routes
}

// apiPrefixes are the prefixes the route table is registered under,
// longest first (segmentKey takes the first that fits; registerRoutes
// registers under each, and no route's path under one matches a path under
// the other, since no route begins with a variable).
var apiPrefixes = []string{"/api/v1", "/api"}

func newSegmentRouter(all *mux.Router, routes []*Route, handler func(*Route) http.Handler) *segmentRouter {
	bySegment := map[string][]*Route{}
	var segments []string
	for _, rt := range routes {
		seg := firstSegment(rt.Path)
		if seg == "" || strings.HasPrefix(seg, "{") {
			// A variable first segment could match any group's requests:
			// every request goes to the whole router.
			return &segmentRouter{all: all}
		}
		if _, ok := bySegment[seg]; !ok {
			segments = append(segments, seg)
		}
		bySegment[seg] = append(bySegment[seg], rt)
	}
	sr := &segmentRouter{all: all, groups: map[string]*mux.Router{}}
	fallback := http.HandlerFunc(all.ServeHTTP)
	for _, seg := range segments {
		for _, prefix := range apiPrefixes {
			g := mux.NewRouter()
			g.NotFoundHandler, g.MethodNotAllowedHandler = fallback, fallback
			registerRoutesUnder(g, prefix, bySegment[seg], handler)
			sr.groups[prefix+"/"+seg] = g
		}
	}
	return sr
}

// ServeHTTP implements http.Handler.
func (sr *segmentRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if g := sr.groups[segmentKey(r.URL.Path)]; g != nil {
		g.ServeHTTP(w, r)
		return
	}
	sr.all.ServeHTTP(w, r)
}

// segmentKey is the group a request path belongs to: its API prefix and
// first segment after it ("/api/v1/properties/1/epc" → "/api/v1/properties"),
// or "" for a path outside the API.
func segmentKey(path string) string {
	for _, prefix := range apiPrefixes {
		rest, ok := strings.CutPrefix(path, prefix+"/")
		if !ok {
			continue
		}
		seg, _, _ := strings.Cut(rest, "/")
		if seg == "" {
			return ""
		}
		return path[:len(prefix)+1+len(seg)]
	}
	return ""
}

// firstSegment is a route path's first segment ("/properties/{uprn}" →
// "properties").
func firstSegment(path string) string {
	seg, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	return seg
}

// sharedHandlers makes one handler per route, so the whole router and the
// segment's router serve a route through the same handler.
func sharedHandlers(build func(*Route) http.Handler) func(*Route) http.Handler {
	made := map[*Route]http.Handler{}
	return func(rt *Route) http.Handler {
		h, ok := made[rt]
		if !ok {
			h = build(rt)
			made[rt] = h
		}
		return h
	}
}
