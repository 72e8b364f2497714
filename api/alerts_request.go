// An alert's request body: decoding, the saved search's filters, the watch
// list's UPRNs and applying the request to a stored alert.

package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// alertRequest is the body of POST and PATCH. PATCH leaves absent fields
// as they are.
type alertRequest struct {
	Name         *string                    `json:"name"`
	Filters      map[string]json.RawMessage `json:"filters"`
	UPRNs        *[]wholeNumber             `json:"uprns"`
	Postcodes    *[]string                  `json:"postcodes"`
	Events       *[]string                  `json:"events"`
	WebhookURL   *string                    `json:"webhook_url"`
	Enabled      *bool                      `json:"enabled"`
	Public       *bool                      `json:"public"`
	RotateSecret bool                       `json:"rotate_secret"`
}

func decodeAlertBody(w http.ResponseWriter, r *http.Request) (alertRequest, error) {
	var req alertRequest
	if err := requireJSONBody(r); err != nil {
		return req, err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxAlertBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return req, Errorf(http.StatusRequestEntityTooLarge, CodeRequestTooLarge, "the body is larger than %d bytes", maxAlertBody)
		}
		return req, Errorf(http.StatusBadRequest, CodeBadRequest, "the body could not be read")
	}
	// The body is one JSON object: null, arrays, strings and numbers are
	// refused (json.Decode would take null as an empty PATCH).
	if trimmed := strings.TrimLeft(string(body), " \t\r\n"); trimmed != "" && trimmed[0] != '{' && json.Valid(body) {
		return req, InvalidParam("body", "must be a JSON object")
	}
	// Only webhook_url may be null (= stream only); a null elsewhere would
	// decode as "absent" and be accepted silently.
	var fields map[string]json.RawMessage
	if json.Unmarshal(body, &fields) == nil {
		names := make([]string, 0, len(fields))
		for k := range fields {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if k != "webhook_url" && string(fields[k]) == "null" {
				return req, InvalidParam(k, "must not be null (leave the field out to keep it)")
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	return req, decodeJSONObject(dec, &req, maxAlertBody, func(err error) error {
		var uprnErr *uprnError
		if errors.As(err, &uprnErr) {
			return InvalidParam("uprns", "%s", uprnErr.msg)
		}
		return nil
	})
}

// filterValues turns the JSON filters into live-listings query parameters
// (strings, numbers, booleans; arrays of property types joined by commas).
func filterValues(in map[string]json.RawMessage) (url.Values, error) {
	q := url.Values{}
	for k, raw := range in {
		if !slices.Contains(listingFilterParams(), k) {
			return nil, InvalidParam("filters."+k, "unknown filter; filters are the live-listings/search parameters: %s", strings.Join(listingFilterParams(), ", "))
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, InvalidParam("filters."+k, "is not a JSON value")
		}
		var s string
		switch t := v.(type) {
		case nil:
			return nil, InvalidParam("filters."+k, "must not be null (leave the filter out)")
		case string:
			s = t
		case bool:
			s = strconv.FormatBool(t)
		case float64:
			s = string(raw)
			// A whole number written 5.0 or 5e0 is the integer 5 (JSON
			// Schema's "integer"): integer filters accept it.
			if n, ok := parseWholeNumber(s); ok {
				s = strconv.FormatInt(n, 10)
			}
		case []any:
			parts := make([]string, 0, len(t))
			for _, x := range t {
				str, ok := x.(string)
				if !ok {
					return nil, InvalidParam("filters."+k, "must be a string or an array of strings")
				}
				parts = append(parts, str)
			}
			s = strings.Join(parts, ",")
		default:
			return nil, InvalidParam("filters."+k, "must be a string, number, boolean or array of strings")
		}
		q.Set(k, strings.TrimSpace(s))
	}
	return q, nil
}

// alertQuery validates filters and UPRNs with the live-listings parameter
// reader and builds the percolator query with the live-listings builder.
func (s *Server) alertQuery(ctx context.Context, filters map[string]string, uprns []int64, postcodes []string) (json.RawMessage, error) {
	q := url.Values{}
	for k, v := range filters {
		q.Set(k, v)
	}
	f, err := s.listingFilter(ctx, &params{q: q})
	if err != nil {
		var ce *Error
		if errors.As(err, &ce) && ce.Details != nil {
			if p, ok := ce.Details["parameter"].(string); ok {
				ce.Details["parameter"] = "filters." + p
			}
		}
		return nil, err
	}
	if f.IsEmpty() && len(uprns) == 0 && len(postcodes) == 0 {
		return nil, InvalidParam("filters", "give at least one filter, a uprns or a postcodes watch list (an alert on every listing in the country is not offered)")
	}
	b, err := json.Marshal(query.AlertPercolatorQuery(f, uprns, postcodes))
	if err != nil {
		return nil, fmt.Errorf("encode alert query: %w", err)
	}
	return b, nil
}

func newAlertID() string {
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	return "alr_" + hex.EncodeToString(b)
}

// applyAlertRequest validates a request onto an alert (create: a is new).
// It returns whether the query must be rebuilt and the new secret (if any).
func (s *Server) applyAlertRequest(ctx context.Context, svc *alerts.Service, a *alerts.Alert, req alertRequest, create bool) (rebuild bool, secret string, err error) {
	if req.Name != nil {
		n := strings.TrimSpace(*req.Name)
		if len(n) > maxAlertNameLen || strings.ContainsFunc(n, func(r rune) bool { return r < 0x20 }) {
			return false, "", InvalidParam("name", "at most %d characters, no control characters", maxAlertNameLen)
		}
		a.Name = n
	}
	if req.Filters != nil {
		q, err := filterValues(req.Filters)
		if err != nil {
			return false, "", err
		}
		a.Filters = map[string]string{}
		for k := range q {
			a.Filters[k] = q.Get(k)
		}
		rebuild = true
	}
	if req.UPRNs != nil {
		if len(*req.UPRNs) > maxAlertUPRNs {
			return false, "", InvalidParam("uprns", "at most %d UPRNs", maxAlertUPRNs)
		}
		seen := map[int64]bool{}
		out := []int64{}
		for _, wn := range *req.UPRNs {
			u := int64(wn)
			if u <= 0 || u > 999_999_999_999 {
				return false, "", InvalidParam("uprns", "%d is not a UPRN (a positive integer of up to 12 digits)", u)
			}
			if !seen[u] {
				seen[u] = true
				out = append(out, u)
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
		a.UPRNs = out
		rebuild = true
	}
	if req.Postcodes != nil {
		if len(*req.Postcodes) > maxAlertUPRNs {
			return false, "", InvalidParam("postcodes", "at most %d postcodes", maxAlertUPRNs)
		}
		out := []string{}
		for _, raw := range *req.Postcodes {
			pc, ok := mappings.ParsePostcode(raw)
			if !ok {
				return false, "", InvalidParam("postcodes", "%q is not a full UK postcode", truncate(raw, 20))
			}
			if !slices.Contains(out, pc.Display()) {
				out = append(out, pc.Display())
			}
		}
		sort.Strings(out)
		a.Postcodes = out
		rebuild = true
	}
	if req.Events != nil || create {
		evs := alerts.EventTypes()
		if req.Events != nil {
			evs = nil
			for _, e := range *req.Events {
				if !slices.Contains(alerts.AllEventTypes(), e) {
					return false, "", InvalidParam("events", "%q is not one of %s", e, strings.Join(alerts.AllEventTypes(), ", "))
				}
				if !slices.Contains(evs, e) {
					evs = append(evs, e)
				}
			}
			if len(evs) == 0 {
				return false, "", InvalidParam("events", "give at least one event type")
			}
		}
		a.Events = evs
	}
	if req.Enabled != nil {
		a.Enabled = *req.Enabled
	}
	if req.Public != nil {
		a.Public = *req.Public
	}
	newTarget := false
	if req.WebhookURL != nil {
		u := strings.TrimSpace(*req.WebhookURL)
		if u != "" {
			if svc.Box() == nil {
				return false, "", Errorf(http.StatusServiceUnavailable, CodeServiceUnavailable, "webhooks are not configured on this server (ALERTS_SECRET_KEY); use stream delivery")
			}
			if err := svc.Guard().CheckURL(ctx, u); err != nil {
				return false, "", InvalidParam("webhook_url", "%s", strings.TrimPrefix(err.Error(), alerts.ErrForbiddenTarget.Error()+": "))
			}
		}
		newTarget = u != "" && a.WebhookURL == ""
		a.WebhookURL = u
		if u == "" {
			a.SecretEnc = ""
		}
	}
	if a.WebhookURL != "" && (newTarget || req.RotateSecret || a.SecretEnc == "") {
		secret, err = alerts.NewSecret()
		if err != nil {
			return false, "", err
		}
		if a.SecretEnc, err = svc.Box().Seal(a.ID, secret); err != nil {
			return false, "", err
		}
	} else if req.RotateSecret {
		return false, "", InvalidParam("rotate_secret", "applies only to a webhook alert")
	}
	return rebuild, secret, nil
}

// wholeNumber is a JSON number with no fractional part, written as an
// integer or not: 100023336956, 100023336956.0 and 1.00023336956e11 are the
// same UPRN, as JSON Schema's "integer" has it. Numbers with a fraction,
// over 15 digits, strings and null are refused with a uprnError.
type wholeNumber int64

type uprnError struct{ msg string }

func (e *uprnError) Error() string { return e.msg }

func (n *wholeNumber) UnmarshalJSON(b []byte) error {
	v, ok := parseWholeNumber(string(b))
	if !ok {
		return &uprnError{fmt.Sprintf("%.40s is not a UPRN (a positive integer of up to 12 digits)", b)}
	}
	*n = wholeNumber(v)
	return nil
}

// parseWholeNumber reads a JSON number literal exactly (no float rounding):
// it reports false when the value has a fraction or more than 15 digits.
func parseWholeNumber(s string) (int64, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || e > 1000 || e < -1000 {
			return 0, false
		}
		mant, exp = s[:i], e
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	point := len(intPart) + exp // digits before the decimal point
	if point < 0 {
		point = 0
	}
	if point < len(digits) {
		if strings.Trim(digits[point:], "0") != "" {
			return 0, false // a fraction
		}
		digits = digits[:point]
	} else {
		digits += strings.Repeat("0", point-len(digits))
	}
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > 15 {
		return 0, false
	}
	v := int64(0)
	if digits != "" {
		v, _ = strconv.ParseInt(digits, 10, 64)
	}
	if neg {
		v = -v
	}
	return v, true
}
