package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

// orgGate stands in for the key gate: it sets the organisation and plan.
func orgGate(org, plan string) func(rt *Route, next http.Handler) http.Handler {
	return func(rt *Route, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ci := callInfoFrom(r.Context()); ci != nil {
				ci.OrgID, ci.Plan = org, plan
			}
			next.ServeHTTP(w, r)
		})
	}
}

func TestAlertsWithoutRedisOrOrg(t *testing.T) {
	fb := &fakeBackend{T: t}
	noAlerts := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Gate: orgGate("org1", ratelimit.PlanFree)})
	svc := alerts.New(alerts.Config{Engine: nil})
	noOrg := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Alerts: svc})
	tests := []struct {
		s                  *Server
		method, path, body string
		status             int
		code               string
	}{
		{noAlerts, "GET", "/api/v1/alerts", "", 503, CodeServiceUnavailable},
		{noAlerts, "POST", "/api/v1/alerts", `{"uprns":[1]}`, 503, CodeServiceUnavailable},
		{noAlerts, "GET", "/api/v1/alerts/stream", "", 503, CodeServiceUnavailable},
		{noOrg, "GET", "/api/v1/alerts", "", 401, CodeAuthRequired},
		{noOrg, "GET", "/api/v1/alerts/alr_00", "", 401, CodeAuthRequired},
		{noOrg, "PUT", "/api/v1/alerts/alr_00", "", 405, CodeMethodNotAllowed},
	}
	for _, tc := range tests {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
		tc.s.ServeHTTP(rec, req)
		var env struct {
			Error struct{ Code string } `json:"error"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &env)
		if rec.Code != tc.status || env.Error.Code != tc.code {
			t.Errorf("%s %s: %d %s, want %d %s", tc.method, tc.path, rec.Code, env.Error.Code, tc.status, tc.code)
		}
	}
}

func TestAlertBodyValidation(t *testing.T) {
	fb := &fakeBackend{T: t}
	svc := alerts.New(alerts.Config{Engine: nil})
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Alerts: svc, Gate: orgGate("org1", ratelimit.PlanFree)})
	tests := []struct {
		body, ct string
		status   int
		param    string
	}{
		{``, "application/json", 400, ""},
		{`{"uprns":[1]} {}`, "application/json", 400, ""},
		{`{"uprns":[1]}`, "text/plain", 415, ""},
		{`{"colour":"red"}`, "application/json", 422, "colour"},
		{`{"filters":{"colour":"red"}}`, "application/json", 422, "filters.colour"},
		{`{"filters":{"max_price":"cheap"}}`, "application/json", 422, "filters.max_price"},
		{`{"filters":{"min_price":500,"max_price":100}}`, "application/json", 422, "filters.max_price"},
		{`{"filters":{"bbox":"1,2"}}`, "application/json", 422, "filters.bbox"},
		{`{}`, "application/json", 422, "filters"},
		{`{"uprns":[0]}`, "application/json", 422, "uprns"},
		{`{"uprns":[1],"events":["boom"]}`, "application/json", 422, "events"},
		{`{"uprns":[1],"events":[]}`, "application/json", 422, "events"},
		{`{"uprns":[1],"webhook_url":"https://8.8.8.8/"}`, "application/json", 503, ""}, // no ALERTS_SECRET_KEY
		{`{"uprns":[1],"name":"` + strings.Repeat("x", 101) + `"}`, "application/json", 422, "name"},
		// The body is an object; null fields are refused except webhook_url.
		{`null`, "application/json", 422, "body"},
		{` [1]`, "application/json", 422, "body"},
		{`"x"`, "application/json", 422, "body"},
		{`{"uprns":[1],"filters":null}`, "application/json", 422, "filters"},
		{`{"uprns":[1],"events":null}`, "application/json", 422, "events"},
		{`{"filters":{"bedrooms":null}}`, "application/json", 422, "filters.bedrooms"},
		// UPRNs are JSON integers; 1.0 is one, 1.5 and "1" are not.
		{`{"uprns":[1.5]}`, "application/json", 422, "uprns"},
		{`{"uprns":["1"]}`, "application/json", 422, "uprns"},
		{`{"uprns":[null]}`, "application/json", 422, "uprns"},
		{`{"uprns":[1e400]}`, "application/json", 422, "uprns"},
		{`{"uprns":[1000000000000.0]}`, "application/json", 422, "uprns"},
		{`{"filters":{"bedrooms":2.5}}`, "application/json", 422, "filters.bedrooms"},
	}
	for _, tc := range tests {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/v1/alerts", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", tc.ct)
		s.ServeHTTP(rec, req.WithContext(context.Background()))
		var env struct {
			Error struct {
				Code    string
				Details map[string]any
			} `json:"error"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &env)
		if rec.Code != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.body, rec.Code, rec.Body, tc.status)
			continue
		}
		if tc.param != "" && env.Error.Details["parameter"] != tc.param {
			t.Errorf("%s: parameter %v, want %s", tc.body, env.Error.Details["parameter"], tc.param)
		}
	}
}

func TestAlertLimitsRiseWithPlan(t *testing.T) {
	prev := 0
	for _, p := range []string{ratelimit.PlanFree, ratelimit.PlanStarter, ratelimit.PlanGrowth, ratelimit.PlanPro, ratelimit.PlanScale, ratelimit.PlanEnterprise} {
		if n := AlertLimit(p); n <= prev {
			t.Errorf("%s: %d not above %d", p, n, prev)
		} else {
			prev = n
		}
	}
}

func TestParseWholeNumber(t *testing.T) {
	for in, want := range map[string]int64{"100023336956": 100023336956, "100023336956.0": 100023336956, "1.00023336956e11": 100023336956,
		"100023336956000e-3": 100023336956, "1E+2": 100, "0.0": 0, "-3": -3, "0e999": 0} {
		if got, ok := parseWholeNumber(in); !ok || got != want {
			t.Errorf("parseWholeNumber(%s) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"1.5", "100023336956.00000000001", "1e-1", "1e16", "1e99999", "null", `"1"`, "true", ""} {
		if got, ok := parseWholeNumber(in); ok {
			t.Errorf("parseWholeNumber(%s) = %d, want refused", in, got)
		}
	}
}

// A literal path is not a value of a sibling's path variable for any
// method: /alerts/stream answers 405 with its own Allow, not /alerts/{id}'s.
func TestLiteralPathNotAVariable(t *testing.T) {
	fb := &fakeBackend{T: t}
	svc := alerts.New(alerts.Config{Engine: nil})
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Alerts: svc, Gate: orgGate("org1", ratelimit.PlanFree)})
	for _, m := range []string{"OPTIONS", "PATCH", "DELETE", "TRACE", "PUT"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(m, "/api/v1/alerts/stream", nil))
		if rec.Code != 405 || rec.Header().Get("Allow") != "GET" {
			t.Errorf("%s /alerts/stream: %d, Allow %q; want 405, Allow GET", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("OPTIONS", "/api/v1/alerts/alr_00", nil))
	if got := rec.Header().Get("Allow"); got != "GET, PATCH, DELETE" {
		t.Errorf("OPTIONS /alerts/{id}: Allow %q, want GET, PATCH, DELETE", got)
	}
}

// TestStoreErrMatchesEngineErrorsByIdentity: an engine failure under an
// alert read passes to the shared table by its sentinel, not by its text.
func TestStoreErrMatchesEngineErrorsByIdentity(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/api/v1/alerts/x", nil)
	for _, sentinel := range []error{search.ErrUnavailable, search.ErrTimeout, search.ErrBadRequest} {
		err := fmt.Errorf("alert matches: %w", sentinel)
		if got := storeErr(r, err); got != err {
			t.Errorf("%v: got %v, want the engine error itself", sentinel, got)
		}
	}
	var ce *Error
	if got := storeErr(r, errors.New("redis: search engine words in a storage error")); !errors.As(got, &ce) || ce.Status != http.StatusServiceUnavailable {
		t.Errorf("storage error: got %v, want the alert storage 503", got)
	}
}
