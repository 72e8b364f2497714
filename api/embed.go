package api

// Browser relay with public keys. The gate has already checked the
// public key, its tool scope and the origin; the relay maps the tool and
// operation to a route of this server and serves it in-process, metered
// through the gate at that route's weight and charged to the key's meter.

import (
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/gorilla/mux"
	"github.com/ukpd/propertyapi/api/embedtool"
)

// EmbedTools lists the tool slugs a public key may be scoped to
// (embedtool.Names; kept for callers of package api).
func EmbedTools() []string { return embedtool.Names() }

// OverrideHandler replaces the handler of the route named name on this
// server, behind the same gate and middleware; tests of middleware outside
// this package (the key gate) use it to see what a route receives. It
// reports false for an unknown name.
func (s *Server) OverrideHandler(name string, h func(http.ResponseWriter, *http.Request) error) bool {
	rt := s.routeByName(name)
	if rt == nil {
		return false
	}
	rt.h = h
	return true
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
	ops, ok := embedtool.Table()[tool]
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
		if len(names) == 0 {
			return NotFound("tool %q has one operation, served at /embed/v2/%s with no operation name", tool, tool)
		}
		return NotFound("tool %q has no operation %q; operations: %s", tool, opName, strings.Join(names, ", "))
	}
	target := s.routeByName(op.Route)
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
	for k, v := range op.Fixed {
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
