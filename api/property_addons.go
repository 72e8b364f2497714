package api

// The add-ons of property/{uprn}/?with= (the vendor client's property_custom
// tool): other operations' bodies for the same UPRN.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/mappings"
)

// Add-ons of property/{uprn}/?with= beyond the record's own parts: each is
// the body of another operation for the same UPRN, embedded under its name
// (null where that operation has nothing for this property) and charged at
// that operation's weight on top of the discovery call.
var withAddOns = []struct{ name, route, path, query string }{
	{"lr_title", "titles.get", "/property_lr_titles/{uprn}", ""},
	{"risks", "risks.get", "/risks/all", "uprn"},
	{"council_tax", "council_tax.band_uprn", "/council_tax_band/{uprn}", ""},
	{"council_tax_full", "council_tax.get", "/council_tax/{uprn}", ""},
	{"solar", "solar.assessment", "/solar-assessment/{uprn}", ""},
	{"broadband", "broadband.get", "/broadband", "postcode"},
}

func withAddOnNames() []string {
	var out []string
	for _, a := range withAddOns {
		out = append(out, a.name)
	}
	return out
}

// addOn serves one add-on for a property by calling its operation's handler
// in process; a 404 of that operation is null, any other error is returned.
func (s *Server) addOn(r *http.Request, d *mappings.Property, name string) (json.RawMessage, int, error) {
	for _, a := range withAddOns {
		if a.name != name {
			continue
		}
		var rt *Route
		for _, x := range s.routes {
			if x.Name == a.route {
				rt = x
			}
		}
		if rt == nil {
			return nil, 0, fmt.Errorf("add-on %s: route %s missing", name, a.route)
		}
		q := url.Values{}
		switch a.query {
		case "uprn":
			q.Set("uprn", fmt.Sprint(d.UPRN))
		case "postcode":
			if d.Postcode == "" {
				return json.RawMessage("null"), rt.Weight, nil
			}
			q.Set("postcode", d.Postcode)
		}
		sub := r.Clone(r.Context())
		sub.URL = &url.URL{Path: "/api" + strings.ReplaceAll(a.path, "{uprn}", fmt.Sprint(d.UPRN)), RawQuery: q.Encode()}
		sub = mux.SetURLVars(sub, map[string]string{"uprn": fmt.Sprint(d.UPRN), "risk_type": "all"})
		rec := &bufferWriter{header: http.Header{}} // httpcache.go
		if err := rt.h(rec, sub); err != nil {
			if ce, ok := asClientError(err); ok && ce.Status == http.StatusNotFound {
				return json.RawMessage("null"), rt.Weight, nil
			}
			return nil, 0, fmt.Errorf("add-on %s: %w", name, err)
		}
		return json.RawMessage(bytes.TrimSpace(rec.buf.Bytes())), rt.Weight, nil
	}
	return nil, 0, fmt.Errorf("unknown add-on %s", name)
}
