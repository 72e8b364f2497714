package api

// Deprecation signals on the older path family: every
// operation under /api/... also exists under /api/v1/..., and spec 9 says
// new integrations should prefer v1. Responses on the older family carry
//
//	Deprecation: @<unix seconds>            (RFC 9745)
//	Sunset: <HTTP-date>                     (RFC 8594; only when a date is set)
//	Link: </api/v1/...>; rel="successor-version"
//	Link: <policy>; rel="deprecation"       (only when a policy URL is set)
//
// The Link headers of paginated lists are in pagination.go.

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultDeprecationDate is the Deprecation date of the older family when
// LEGACY_DEPRECATION_DATE is not set: the day the v1 family became the
// documented default (docs/decisions.md).
var DefaultDeprecationDate = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// DeprecationConfig configures the older family's signals.
type DeprecationConfig struct {
	// Off sends none of the headers.
	Off bool
	// Date is the Deprecation date; zero means DefaultDeprecationDate.
	Date time.Time
	// Sunset is the removal date; zero sends no Sunset header.
	Sunset time.Time
	// PolicyURL, when set, is linked with rel="deprecation".
	PolicyURL string
}

// setDeprecation adds the signals to a response on /api/... (not /api/v1/...).
func (s *Server) setDeprecation(h http.Header, r *http.Request) {
	d := s.opt.Deprecation
	if d.Off {
		return
	}
	p := r.URL.Path
	if !strings.HasPrefix(p, "/api/") || p == "/api/v1" || strings.HasPrefix(p, "/api/v1/") {
		return
	}
	// The browser relay carries its own version in its path (spec 9.3:
	// /embed/v2/), and /api/embed/v2 is the path its public keys document.
	if strings.HasPrefix(p, "/api/embed/") {
		return
	}
	date := d.Date
	if date.IsZero() {
		date = DefaultDeprecationDate
	}
	h.Set("Deprecation", "@"+strconv.FormatInt(date.Unix(), 10))
	if !d.Sunset.IsZero() {
		h.Set("Sunset", d.Sunset.UTC().Format(http.TimeFormat))
	}
	succ := url.URL{Path: "/api/v1" + strings.TrimPrefix(p, "/api")}
	h.Add("Link", "<"+succ.EscapedPath()+`>; rel="successor-version"`)
	if d.PolicyURL != "" {
		h.Add("Link", "<"+d.PolicyURL+`>; rel="deprecation"`)
	}
}
