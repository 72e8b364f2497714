package api

// Deprecation signals on the older path family (issue 21, spec 9): every
// operation under /api/... also exists under /api/v1/..., and spec 9 says
// new integrations should prefer v1. Responses on the older family carry
//
//	Deprecation: @<unix seconds>            (RFC 9745)
//	Sunset: <HTTP-date>                     (RFC 8594; only when a date is set)
//	Link: </api/v1/...>; rel="successor-version"
//	Link: <policy>; rel="deprecation"       (only when a policy URL is set)
//
// and Link headers (RFC 8288) for the pages of paginated lists.

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

// setPageLinks adds RFC 8288 Link headers for the pages of a list: the same
// URLs as the body's next and previous, plus first (and last when known).
func setPageLinks(h http.Header, next, prev, first, last *string) {
	add := func(u *string, rel string) {
		if u != nil && *u != "" {
			h.Add("Link", "<"+*u+`>; rel="`+rel+`"`)
		}
	}
	add(next, "next")
	add(prev, "prev")
	add(first, "first")
	add(last, "last")
}

// pageURL is the request's URL with page set to n (page 1 drops the
// parameter), built like the body's next and previous. api_key is dropped
// (a link is copied into logs, bookmarks and Referer headers); the link is
// absolute under Options.PublicBaseURL, else relative: the client's Host
// header is never trusted to build it.
func pageURL(r *http.Request, n int) *string {
	q := r.URL.Query()
	q.Del("api_key")
	if n <= 1 {
		q.Del("page")
	} else {
		q.Set("page", strconv.Itoa(n))
	}
	u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
	out := u.String()
	if ci := callInfoFrom(r.Context()); ci != nil && ci.publicBase != "" {
		out = ci.publicBase + out
	}
	return &out
}
