// Package embedtool is the browser relay's tool table: which tool slugs a
// public key may be scoped to, and the route each tool operation relays to.
// It depends on the standard library only, so cmd/keyctl can list the tools
// without linking the API server and its search client.
package embedtool

import (
	"net/url"
	"sort"
)

// Op is one relayed operation.
type Op struct {
	Route string     // route Name in api/routes.go
	Fixed url.Values // query parameters forced by the relay
}

// Table is the relay's table: tool slug → operation → route. The operation
// "" is the one served at /embed/v2/{tool_slug}.
func Table() map[string]map[string]Op {
	return map[string]map[string]Op{
		"address-lookup": {
			"":         {Route: "address.find"},
			"find":     {Route: "address.find"},
			"postcode": {Route: "address.postcode"},
			"retrieve": {Route: "address.retrieve", Fixed: url.Values{"level": {"address"}}},
		},
		"listing-map": {
			"":         {Route: "live_listings.search"},
			"search":   {Route: "live_listings.search"},
			"clusters": {Route: "live_listings.clusters"},
			// Areas for the map: boundary typeahead and polygon (both free).
			"boundaries": {Route: "boundaries.autocomplete"},
			"boundary":   {Route: "boundaries.geometry"},
			// Place and street names for the offline basemap (free).
			"places": {Route: "boundaries.places"},
			// Live alert events of the key's organisation (SSE).
			"alerts": {Route: "alerts.stream"},
		},
		"stamp-duty": {"": {Route: "calculators.stamp_duty"}},
		"mortgage":   {"": {Route: "calculators.mortgage"}},
	}
}

// Names lists the tool slugs a public key may be scoped to, sorted.
func Names() []string {
	var out []string
	for k := range Table() {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
