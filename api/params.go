package api

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/mappings"
)

// MaxTextParam caps free-text parameters (q, building_name, ...).
const MaxTextParam = 200

// params reads query parameters with defaults and hard bounds. The first
// problem wins and is returned by Err as a 4xx *Error, so handlers read all
// parameters and then check once.
type params struct {
	q   url.Values
	err *Error
	rec *boundsRecorder // nil except in TestParamBoundsMatchSchema
}

func newParams(r *http.Request) *params {
	rec, _ := r.Context().Value(boundsRecorderKey{}).(*boundsRecorder)
	return &params{q: r.URL.Query(), rec: rec}
}

// paramBound is one bound a handler enforces on a query parameter: the
// values it passes to params.Int, params.Float or params.String. The schema
// (api/openapi/operations.yaml) states the same bounds to clients, and
// TestParamBoundsMatchSchema fails when the two differ.
type paramBound struct {
	Name          string
	Kind          string // "integer", "number" or "string"
	Min, Max, Def float64
	HasDef        bool
}

// boundsRecorder collects the bounds a handler reads when its request's
// context carries one (tests only; a request never carries it in service).
type boundsRecorder struct{ got []paramBound }

type boundsRecorderKey struct{}

func (p *params) record(b paramBound) {
	if p.rec != nil {
		p.rec.got = append(p.rec.got, b)
	}
}

func (p *params) fail(e *Error) {
	if p.err == nil {
		p.err = e
	}
}

// Err returns the first parameter error, or nil.
func (p *params) Err() error {
	if p.err == nil {
		return nil
	}
	return p.err
}

// Has reports whether the parameter was sent at all, even with an empty
// value: "?lat=" is a lat that is not a number (422), not an absent lat.
func (p *params) Has(name string) bool {
	_, ok := p.q[name]
	return ok
}

// raw returns the trimmed value.
func (p *params) raw(name string) string { return strings.TrimSpace(p.q.Get(name)) }

// blank reports a parameter sent with an empty (or all-space) value, and
// records the 422 for it: typed parameters never read "" as absent.
func (p *params) blank(name string) bool {
	if p.Has(name) && p.raw(name) == "" {
		p.fail(InvalidParam(name, "must not be empty (omit the parameter to use its default)"))
		return true
	}
	return false
}

// String returns a text parameter (trimmed), refusing control characters and
// values longer than maxLen bytes.
func (p *params) String(name string, maxLen int) string {
	p.record(paramBound{Name: name, Kind: "string", Max: float64(maxLen)})
	v := p.raw(name)
	// The length counts characters as sent, spaces around included (the
	// schema's maxLength).
	if utf8.RuneCountInString(p.q.Get(name)) > maxLen {
		p.fail(InvalidParam(name, "at most %d characters", maxLen))
		return ""
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f || r == '\uFFFD' {
			p.fail(InvalidParam(name, "contains control or invalid characters"))
			return ""
		}
	}
	return v
}

// Int returns an integer in [min, max], def when absent.
func (p *params) Int(name string, def, min, max int) int {
	p.record(paramBound{Name: name, Kind: "integer", Min: float64(min), Max: float64(max), Def: float64(def), HasDef: true})
	return p.intIn(name, def, min, max)
}

func (p *params) intIn(name string, def, min, max int) int {
	v := p.raw(name)
	if v == "" {
		p.blank(name)
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		p.fail(InvalidParam(name, "must be an integer from %d to %d", min, max))
		return def
	}
	return n
}

// OptInt returns nil when absent.
func (p *params) OptInt(name string, min, max int) *int {
	p.record(paramBound{Name: name, Kind: "integer", Min: float64(min), Max: float64(max)})
	return optional(p, name, func() int { return p.intIn(name, 0, min, max) })
}

// optional is nil when name is absent, else what read returns.
func optional[T any](p *params, name string, read func() T) *T {
	if !p.Has(name) {
		return nil
	}
	v := read()
	return &v
}

// Float returns a finite number in [min, max], def when absent.
func (p *params) Float(name string, def, min, max float64) float64 {
	p.record(paramBound{Name: name, Kind: "number", Min: min, Max: max, Def: def, HasDef: true})
	return p.floatIn(name, def, min, max)
}

func (p *params) floatIn(name string, def, min, max float64) float64 {
	v := p.raw(name)
	if v == "" {
		p.blank(name)
		return def
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < min || f > max {
		p.fail(InvalidParam(name, "must be a number from %s to %s", fmtNum(min), fmtNum(max)))
		return def
	}
	return f
}

// OptFloat returns nil when absent.
func (p *params) OptFloat(name string, min, max float64) *float64 {
	p.record(paramBound{Name: name, Kind: "number", Min: min, Max: max})
	return optional(p, name, func() float64 { return p.floatIn(name, 0, min, max) })
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Bool accepts true/false/1/0/yes/no (any case); def when absent.
func (p *params) Bool(name string, def bool) bool {
	switch strings.ToLower(p.raw(name)) {
	case "":
		p.blank(name)
		return def
	case "true", "1", "yes":
		return true
	case "false", "0", "no":
		return false
	}
	p.fail(InvalidParam(name, "must be true or false"))
	return def
}

// lastEventID is the event id an event stream resumes after: the
// Last-Event-ID header (browsers send it on reconnect) or last_event_id
// (for clients that cannot set headers); the header wins when both are
// sent. Either form, when sent, must be an id valid says is one of the
// stream's (example shows one): sent empty it is refused like every typed
// parameter (browsers send the header only with an id). Spaces and tabs
// around an id are ignored, as the schema's pattern says, and a final
// newline of the query form too (the pattern's $ admits one in some
// engines). "" when neither is sent.
func (p *params) lastEventID(r *http.Request, valid func(string) bool, example string) string {
	last := ""
	if p.Has("last_event_id") {
		last = strings.Trim(p.q.Get("last_event_id"), " \t\n")
		if !valid(last) {
			p.fail(InvalidParam("last_event_id", "%q is not an event id of this stream (e.g. %s)", truncate(last, 40), example))
		}
	}
	if vs, ok := r.Header["Last-Event-Id"]; ok {
		last = strings.Trim(strings.Join(vs, ","), " \t")
		if !valid(last) {
			p.fail(InvalidParam("Last-Event-ID", "%q is not an event id of this stream (e.g. %s)", truncate(last, 40), example))
		}
	}
	return last
}

// Enum returns one of allowed (matched case-insensitively, returned in its
// canonical spelling), def when absent.
func (p *params) Enum(name, def string, allowed ...string) string {
	v := p.raw(name)
	if v == "" {
		p.blank(name)
		return def
	}
	for _, a := range allowed {
		if strings.EqualFold(a, v) {
			return a
		}
	}
	p.fail(InvalidParam(name, "must be one of %s", strings.Join(allowed, ", ")))
	return def
}

// List returns a comma-separated list of allowed values (canonical
// spelling, duplicates removed); nil when absent.
func (p *params) List(name string, allowed ...string) []string {
	v := p.raw(name)
	if strings.Trim(v, ", \t") == "" {
		// Sent empty ("", ",") it is refused, never read as absent.
		if p.Has(name) {
			p.fail(InvalidParam(name, "must not be empty (omit the parameter for no filter)"))
		}
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		found := ""
		for _, a := range allowed {
			if strings.EqualFold(a, part) {
				found = a
			}
		}
		if found == "" {
			p.fail(InvalidParam(name, "unknown value %q; allowed: %s", truncate(part, 40), strings.Join(allowed, ", ")))
			return nil
		}
		if !seen[found] {
			seen[found] = true
			out = append(out, found)
		}
	}
	return out
}

// Date returns a YYYY-MM-DD date, nil when absent.
func (p *params) Date(name string) *time.Time {
	v := p.raw(name)
	if v == "" {
		p.blank(name)
		return nil
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		p.fail(InvalidParam(name, "must be a date YYYY-MM-DD"))
		return nil
	}
	return &t
}

// Postcode returns a full postcode. Missing and malformed values are the
// spec's 422 missing_postcode / invalid_postcode.
func (p *params) Postcode(name string, required bool) (mappings.PostcodeParts, bool) {
	v := p.q.Get(name)
	if strings.TrimSpace(v) == "" {
		switch {
		case required:
			p.fail(Errorf(http.StatusUnprocessableEntity, CodeMissingPostcode, "%s is required", name))
		case p.Has(name):
			p.fail(Errorf(http.StatusUnprocessableEntity, CodeInvalidPostcode, "%s is empty; omit it or give a full UK postcode", name))
		}
		return mappings.PostcodeParts{}, false
	}
	pc, ok := mappings.ParsePostcode(v)
	if !ok {
		p.fail(Errorf(http.StatusUnprocessableEntity, CodeInvalidPostcode, "%s %q is not a full UK postcode", name, truncate(v, 20)))
		return mappings.PostcodeParts{}, false
	}
	return pc, true
}

// UPRN returns a UPRN parameter (0 when absent and not required).
func (p *params) UPRN(name string, required bool) int64 {
	v := p.raw(name)
	if v == "" {
		switch {
		case required:
			p.fail(Errorf(http.StatusBadRequest, CodeInvalidUPRN, "%s is required", name))
		case p.Has(name):
			p.fail(Errorf(http.StatusBadRequest, CodeInvalidUPRN, "%s is empty; omit it or give a UPRN", name))
		}
		return 0
	}
	u, err := ParseUPRN(v)
	if err != nil {
		p.fail(err.(*Error))
		return 0
	}
	return u
}

// ParseUPRN accepts a positive integer of at most 12 digits (real UPRNs can
// be shorter than the typical 8), else 400 invalid_uprn.
func ParseUPRN(s string) (int64, error) {
	if len(s) == 0 || len(s) > 12 {
		return 0, Errorf(http.StatusBadRequest, CodeInvalidUPRN, "uprn must be a positive integer of at most 12 digits")
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, Errorf(http.StatusBadRequest, CodeInvalidUPRN, "uprn must be a positive integer of at most 12 digits")
		}
		n = n*10 + int64(c-'0')
	}
	if n <= 0 {
		return 0, Errorf(http.StatusBadRequest, CodeInvalidUPRN, "uprn must be a positive integer of at most 12 digits")
	}
	return n, nil
}

// pathUPRN parses the {uprn} path variable.
func pathUPRN(r *http.Request) (int64, error) { return ParseUPRN(mux.Vars(r)["uprn"]) }

// pathVar returns a path variable.
func pathVar(r *http.Request, name string) string { return mux.Vars(r)[name] }

// BBox reads a viewport parameter (see ParseBBox); nil when it is absent,
// which is an error when required.
func (p *params) BBox(name string, required bool) *mappings.BBox {
	if !p.Has(name) {
		if required {
			p.fail(InvalidParam(name, "is required (minLon,minLat,maxLon,maxLat)"))
		}
		return nil
	}
	b, err := ParseBBox(p.raw(name))
	if err != nil {
		p.fail(err.(*Error))
		return nil
	}
	return &b
}

// ParseBBox parses "minLon,minLat,maxLon,maxLat" (WGS84 degrees).
func ParseBBox(s string) (mappings.BBox, error) {
	parts := strings.Split(s, ",")
	bad := InvalidParam("bbox", "must be minLon,minLat,maxLon,maxLat in degrees with min < max")
	if len(parts) != 4 {
		return mappings.BBox{}, bad
	}
	var v [4]float64
	for i, part := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return mappings.BBox{}, bad
		}
		v[i] = f
	}
	b := mappings.BBox{MinLon: v[0], MinLat: v[1], MaxLon: v[2], MaxLat: v[3]}
	if b.MinLon < -180 || b.MaxLon > 180 || b.MinLat < -90 || b.MaxLat > 90 || b.MinLon >= b.MaxLon || b.MinLat >= b.MaxLat {
		return mappings.BBox{}, bad
	}
	return b, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
