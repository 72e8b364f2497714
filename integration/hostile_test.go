//go:build integration

package integration

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// hostileValues are values no parameter should answer with a 5xx.
var hostileValues = []string{
	"", " ", "NaN", "nan", "Infinity", "-Infinity", "+Inf", "1e309", "-1e309", "-1", "0", "-0",
	"99999999999999999999999", "9223372036854775808", "-9223372036854775809", "1.5", "0x10",
	"abc", "\x00", "%00", "\u202e\u202d", "😀😀", "\ufffd", "' OR 1=1 --", `{"match_all":{}}`,
	`"; DROP TABLE x; --`, "<script>alert(1)</script>", "../../etc/passwd", strings.Repeat("a", 3000),
	strings.Repeat("9", 40), "*", "\\", "a,b,c", ",,,", "-180,-90,180,90", "1,2,3,4", "1,2,3", "NaN,NaN,NaN,NaN",
	"EX1+1AE", "ex11ae", "EX1 1AE", "EX1", "\r\n", "\t", "true", "false", "null", "[]", "2024-13-45",
	"1970-01-01", "9999-12-31", "Sale", "Rental", "-added_date", "Flat", "Outstanding", "full",
	"100023336956", "1000233369561234", "00000000", "12345678", "risk", "flood", "all",
	"${jndi:ldap://x}", "{{7*7}}", "%s%s%s%n", "\u0000\u0001\u001f", "ﬀ", "İ", "ß",
}

// paramNames is every query parameter any endpoint reads, plus a few junk names.
var paramNames = []string{
	"q", "postcode", "uprn", "property", "lat", "lng", "radius", "radius_km", "radius_miles", "limit",
	"page", "page_size", "bbox", "zoom", "type", "types", "phase", "ofsted", "level", "with", "days",
	"status", "building_number", "building_name", "boundary_id", "transaction_type", "bedrooms",
	"max_bedrooms", "min_price", "max_price", "property_type", "new_builds_only", "reduced_only", "sort",
	"ordering", "sale", "listing", "event_type", "date", "date__gte", "date__lte", "id", "count",
	"start_date", "end_date", "price", "buyer_type", "region", "deposit", "rate", "term", "format",
	"months", "op", "api_key", "callback", "__proto__",
}

var pathVar = regexp.MustCompile(`\{[a-z_]+\}`)

// hostileBodies are request bodies for POST routes.
var hostileBodies = []string{
	"", "{", "null", "[]", `"x"`, "0", `{"filters":{}}`, `{"filters":null}`, `{"filters":{"postcode":"NaN"}}`,
	`{"filters":{"lat":"x","lng":1}}`, `{"filters":{"lat":1e999,"lng":0}}`, `{"filters":{"postcode":"EX1"},"fields":["nope"]}`,
	`{"filters":{"postcode":"EX1"},"limit":-5}`, `{"filters":{"postcode":"EX1"},"limit":1e12}`,
	`{"filters":{"postcode":"EX1"},"offset":99999999999}`, `{"filters":{"postcode":"EX1"},"format":"xml"}`,
	`{"listing_id":""}`, `{"listing_id":null}`, `{"listing_id":"` + strings.Repeat("x", 5000) + `"}`,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), `{"a":` + strings.Repeat(`{"a":`, 5000) + `1` + strings.Repeat("}", 5001),
	`{"filters":{"postcode":"EX1"}, "filters":{"boundary_id":-1}}`, "\xff\xfe\x00", `{"unknown_field":1}`,
	`{"filters":{"postcode":"EX1"}}` + strings.Repeat(" ", 1<<20),
}

// TestHostileInput sends thousands of malformed requests to every route of
// the table (path variables, query parameters and bodies) and requires that
// none answers 500 or above and that every error carries the envelope and a code.
func TestHostileInput(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	for _, name := range mappings.Names() {
		fixture.Create(t, osURL, prefix, name)
	}
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	// Alerts on the real Redis, and an organisation on every request so
	// the alert handlers see the hostile input (not just a 401).
	asvc := alerts.New(alerts.Config{Engine: sc, Redis: testenv.RedisClient(t), IndexPrefix: prefix, Namespace: testenv.RedisKeyPrefix(t)})
	orgGate := func(rt *api.Route, next http.Handler) http.Handler {
		if !strings.HasPrefix(rt.Name, "alerts.") {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ci := api.CallInfoFrom(r.Context()); ci != nil {
				ci.OrgID, ci.Plan = "hostile-org", ratelimit.PlanEnterprise
			}
			next.ServeHTTP(w, r)
		})
	}
	srv := newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Alerts: asvc, AlertStreamMax: time.Millisecond, Gate: orgGate})
	rng := rand.New(rand.NewPCG(7, 11))

	var lat []time.Duration
	byStatus := map[int]int{}
	var failures []string
	send := func(method, target, body string) {
		var req *http.Request
		if body != "" {
			req = httptest.NewRequest(method, target, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
		} else {
			req = httptest.NewRequest(method, target, nil)
		}
		rec := httptest.NewRecorder()
		t0 := time.Now()
		srv.ServeHTTP(rec, req)
		lat = append(lat, time.Since(t0))
		byStatus[rec.Code]++
		// This server runs without bulk jobs (no jobs directory): their
		// routes answer the documented 503 jobs_unavailable, not a fault.
		jobsOff := rec.Code == http.StatusServiceUnavailable && strings.Contains(rec.Body.String(), `"jobs_unavailable"`)
		if rec.Code >= 500 && !jobsOff {
			failures = append(failures, fmt.Sprintf("%s %s -> %d %s", method, truncate(target, 160), rec.Code, truncate(rec.Body.String(), 200)))
			return
		}
		if rec.Code >= 400 {
			var e struct {
				Error struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
				failures = append(failures, fmt.Sprintf("%s %s -> %d without error envelope: %s", method, truncate(target, 160), rec.Code, truncate(rec.Body.String(), 200)))
			}
		}
	}
	total := 0
	for _, rt := range srv.Routes() {
		for i := 0; i < 110; i++ {
			path := pathVar.ReplaceAllStringFunc(rt.Path, func(string) string {
				return url.PathEscape(hostileValues[rng.IntN(len(hostileValues))])
			})
			q := url.Values{}
			for n := rng.IntN(4); n >= 0; n-- {
				q.Set(paramNames[rng.IntN(len(paramNames))], hostileValues[rng.IntN(len(hostileValues))])
			}
			prefixPath := "/api"
			if i%2 == 1 {
				prefixPath = "/api/v1"
			}
			target := prefixPath + path + "?" + q.Encode()
			body := ""
			if rt.Method == http.MethodPost || rt.Method == http.MethodPatch {
				body = hostileBodies[rng.IntN(len(hostileBodies))]
			}
			send(rt.Method, target, body)
			total++
		}
	}
	if total < 5000 {
		t.Errorf("sent %d hostile requests, want at least 5,000", total)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p99 := lat[int(float64(len(lat))*0.99)]
	var statuses []string
	for s, n := range byStatus {
		statuses = append(statuses, fmt.Sprintf("%d:%d", s, n))
	}
	sort.Strings(statuses)
	t.Logf("hostile requests: %d over %d routes; statuses %s; p99 %v", total, len(srv.Routes()), strings.Join(statuses, " "), p99)
	for i, f := range failures {
		if i == 30 {
			t.Errorf("... and %d more", len(failures)-30)
			break
		}
		t.Error(f)
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// TestHostileWebhookTargets: every SSRF form (IPv6 zones, IPv6 forms that
// embed IPv4, tunnels, internal ports) is refused when an alert is saved,
// against the real Redis and engine; and the test delivery answers one
// generic failure text whether the port is closed, silent or refused by the
// guard at connect time.
func TestHostileWebhookTargets(t *testing.T) {
	env := newAlertsEnvGuard(t, &alerts.Guard{})
	for _, u := range []string{
		"http://[::1%25lo]:8080/", "http://[::1%25lo]/", "http://[::%25lo]/", "http://[fe80::1%25eth0]/", "http://[fd00:ec2::254%25eth0]/",
		"http://[fc00::1%25x]/", "http://[::127.0.0.1]/", "http://[::ffff:127.0.0.1]/", "http://[2002:7f00:1::]/",
		"http://[64:ff9b:1::a00:1]/", "http://[2001:0:4136:e378::1]/", "http://8.8.8.8:22/", "http://8.8.8.8:25/",
		"http://8.8.8.8:6379/", "http://127.0.0.1/", "http://169.254.169.254/latest/meta-data/",
	} {
		st := env.call(http.MethodPost, "/api/v1/alerts", env.keyA, map[string]any{"uprns": []int64{alertU1}, "webhook_url": u}, nil)
		if st != http.StatusUnprocessableEntity {
			t.Errorf("webhook_url %s: status %d, want 422 invalid_parameter", u, st)
		}
	}

	// The test delivery: a closed port, a port that never answers, and a
	// target the dialler refuses all read the same.
	allow, _ := alerts.ParseAllow("127.0.0.1")
	env2 := newAlertsEnvGuard(t, &alerts.Guard{Allow: allow, AnyPort: true})
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	closedAddr := closed.Addr().String()
	closed.Close()
	texts := map[string]string{}
	for name, target := range map[string]string{"silent": silent.Addr().String(), "closed": closedAddr} {
		var a createdAlert
		if st := env2.call(http.MethodPost, "/api/v1/alerts", env2.keyA, map[string]any{"uprns": []int64{alertU1}, "webhook_url": "http://" + target + "/h"}, &a); st != http.StatusCreated {
			t.Fatalf("create %s: %d", name, st)
		}
		var out struct {
			Delivery *struct {
				OK    bool    `json:"ok"`
				Error *string `json:"error"`
			} `json:"delivery"`
		}
		if st := env2.call(http.MethodPost, "/api/v1/alerts/"+a.ID+"/test", env2.keyA, nil, &out); st != http.StatusOK {
			t.Fatalf("test %s: %d", name, st)
		}
		if out.Delivery == nil || out.Delivery.OK || out.Delivery.Error == nil {
			t.Fatalf("test %s: %+v", name, out.Delivery)
		}
		texts[name] = *out.Delivery.Error
	}
	for name, s := range texts {
		if s != alerts.PublicDeliveryError {
			t.Errorf("test delivery to a %s port: error %q, want the generic %q", name, s, alerts.PublicDeliveryError)
		}
	}
}
