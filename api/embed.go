package api

// Browser relay with public keys (issue 4). The gate has already checked the
// public key, its tool scope and the origin; the relay maps the tool and
// operation to a route of this server and serves it in-process, metered
// through the gate at that route's weight and charged to the key's meter.

import (
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/gorilla/mux"
)

// embedOp is one relayed operation.
type embedOp struct {
	route string     // route Name
	fixed url.Values // query parameters forced by the relay
}

// embedTools is the relay's table: tool slug → operation → route. The
// operation "" is the one served at /embed/v2/{tool_slug}.
func embedTools() map[string]map[string]embedOp {
	return map[string]map[string]embedOp{
		"address-lookup": {
			"":         {route: "address.find"},
			"find":     {route: "address.find"},
			"retrieve": {route: "address.retrieve", fixed: url.Values{"level": {"address"}}},
		},
		"listing-map": {
			"":         {route: "live_listings.search"},
			"search":   {route: "live_listings.search"},
			"clusters": {route: "live_listings.clusters"},
			// Areas for the map: boundary typeahead and polygon (both free).
			"boundaries": {route: "boundaries.autocomplete"},
			"boundary":   {route: "boundaries.geometry"},
			// Live alert events of the key's organisation (SSE).
			"alerts": {route: "alerts.stream"},
		},
		"stamp-duty": {"": {route: "calculators.stamp_duty"}},
		"mortgage":   {"": {route: "calculators.mortgage"}},
	}
}

// EmbedTools lists the tool slugs a public key may be scoped to.
func EmbedTools() []string {
	var out []string
	for k := range embedTools() {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (s *Server) routeByName(name string) *Route {
	for _, rt := range s.routes {
		if rt.Name == name {
			return rt
		}
	}
	return nil
}

func (s *Server) embedRelay(w http.ResponseWriter, r *http.Request) error {
	tool, opName := pathVar(r, "tool_slug"), pathVar(r, "op")
	ops, ok := embedTools()[tool]
	if !ok {
		return NotFound("no embed tool %q; tools: %s", tool, strings.Join(EmbedTools(), ", "))
	}
	op, ok := ops[opName]
	if !ok {
		var names []string
		for n := range ops {
			if n != "" {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		return NotFound("tool %q has no operation %q; operations: %s", tool, opName, strings.Join(names, ", "))
	}
	target := s.routeByName(op.route)
	if target == nil {
		return errNotImplemented
	}
	// Path variables of the target (e.g. {uprn}) come from query parameters
	// of the same name; forced parameters replace what the caller sent.
	q := r.URL.Query()
	q.Del("api_key")
	vars := map[string]string{}
	path := target.Path
	for _, name := range routeVars(target.Path) {
		v := q.Get(name)
		if v == "" {
			return InvalidParam(name, "required by %s/%s", tool, opName)
		}
		vars[name] = v
		q.Del(name)
		path = strings.Replace(path, "{"+name+"}", url.PathEscape(v), 1)
	}
	for k, v := range op.fixed {
		q[k] = v
	}
	r2 := r.Clone(r.Context())
	r2.URL.Path = "/api" + path
	r2.URL.RawPath = ""
	r2.URL.RawQuery = q.Encode()
	r2.RequestURI = r2.URL.RequestURI()
	r2 = mux.SetURLVars(r2, vars)
	if ci := callInfoFrom(r.Context()); ci != nil {
		ci.Weight = target.Weight
	}
	var h http.Handler = s.wrap(target.h)
	if s.opt.Gate != nil {
		h = s.opt.Gate(target, h)
	}
	h.ServeHTTP(w, r2)
	return nil
}

// routeVars lists the {name} variables of a route path.
func routeVars(path string) []string {
	var out []string
	for _, seg := range strings.Split(path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			out = append(out, strings.Trim(seg, "{}"))
		}
	}
	return out
}
