package gate

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/mux"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/api/search/searchtest"
	"github.com/ukpd/propertyapi/ratelimit"

	"github.com/ukpd/propertyapi/internal/testclock"
)

// flakyStore is a memory store that fails like an unreachable Redis when down.
type flakyStore struct {
	*ratelimit.MemoryStore
	mu   sync.Mutex
	down bool
}

func (f *flakyStore) setDown(v bool) { f.mu.Lock(); f.down = v; f.mu.Unlock() }
func (f *flakyStore) err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return ratelimit.ErrUnavailable
	}
	return nil
}

func (f *flakyStore) KeyByHash(ctx context.Context, h string) (ratelimit.Key, error) {
	if err := f.err(); err != nil {
		return ratelimit.Key{}, err
	}
	return f.MemoryStore.KeyByHash(ctx, h)
}

func (f *flakyStore) Reserve(ctx context.Context, c ratelimit.Charge) (ratelimit.Counts, error) {
	if err := f.err(); err != nil {
		return ratelimit.Counts{}, err
	}
	return f.MemoryStore.Reserve(ctx, c)
}

func (f *flakyStore) Adjust(ctx context.Context, a ratelimit.Adjustment) (int64, error) {
	if err := f.err(); err != nil {
		return 0, err
	}
	return f.MemoryStore.Adjust(ctx, a)
}

type gateEnv struct {
	t     *testing.T
	clk   *testclock.Clock
	store *flakyStore
	svc   *ratelimit.Service
	gate  *Gate
	srv   *api.Server
	org   ratelimit.Org
}

func newGateEnv(t *testing.T) *gateEnv {
	t.Helper()
	clk := testclock.New(time.Date(2026, 11, 14, 12, 0, 0, 0, time.UTC))
	st := &flakyStore{MemoryStore: ratelimit.NewMemoryStore()}
	svc := ratelimit.New(st, ratelimit.Options{Now: clk.Now, CacheTTL: -1})
	g := New(svc, Options{})
	// Lookups find nothing: real handlers answer 404, which the gate refunds.
	fb := &fakeBackend{T: t,
		GetFn:    func(string, string) (json.RawMessage, bool, error) { return nil, false, nil },
		SearchFn: func(string, any) (*search.Response, error) { return &search.Response{}, nil },
	}
	srv := api.NewServer(api.Options{Backend: fb, Logger: zerolog.New(io.Discard), Gate: g.Wrap, Now: clk.Now})
	org, err := svc.CreateOrg(context.Background(), "Acme", 0)
	if err != nil {
		t.Fatal(err)
	}
	return &gateEnv{t: t, clk: clk, store: st, svc: svc, gate: g, srv: srv, org: org}
}

func (e *gateEnv) key(spec ratelimit.KeySpec) (ratelimit.Key, string) {
	e.t.Helper()
	spec.OrgID = e.org.ID
	k, secret, err := e.svc.CreateKey(context.Background(), spec)
	if err != nil {
		e.t.Fatal(err)
	}
	return k, secret
}

func (e *gateEnv) usage(k ratelimit.Key) int {
	n, _ := e.store.Usage(context.Background(), k.OrgID, k.Meter, ratelimit.PeriodAt(e.clk.Now(), 0).ID(), "")
	return n
}

// req sends a request with optional headers (name, value pairs).
func (e *gateEnv) req(h http.Handler, method, target string, hdr ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// synthetic wraps a handler in the gate as route rt, with call info, the way
// the server does.
func (e *gateEnv) synthetic(rt *api.Route, h http.HandlerFunc) http.Handler {
	gated := e.gate.Wrap(rt, h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ci := &api.CallInfo{RequestID: "test", Route: rt, Weight: rt.Weight}
		gated.ServeHTTP(w, r.WithContext(api.WithCallInfo(r.Context(), ci)))
	})
}

func checkRateHeaders(t *testing.T, rec *httptest.ResponseRecorder, weight, limit, remaining string) {
	t.Helper()
	h := rec.Header()
	for name, want := range map[string]string{hdrCallWeight: weight, hdrLimit: limit, hdrRemaining: remaining} {
		if got := h.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if want := strconv.FormatInt(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC).Unix(), 10); h.Get(hdrReset) != want {
		t.Errorf("%s = %q, want %q", hdrReset, h.Get(hdrReset), want)
	}
}

func TestGateAuthErrors(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	revoked, rsecret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	if _, err := e.svc.RevokeKey(context.Background(), revoked.ID); err != nil {
		t.Fatal(err)
	}
	_, pub := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic, Tools: []string{"mortgage"}, Origins: []string{"https://a.example.com"}})
	unknown, _, _ := ratelimit.NewKey(ratelimit.KindSecret)
	typo := secret[:len(secret)-3] + "zzz"
	const target = "/api/flood-risk?uprn=100023336956"
	tests := []struct {
		name, target string
		hdr          []string
		msg          string
	}{
		{"missing", target, nil, "API key is required"},
		{"bearer", target, []string{"Authorization", "Bearer " + secret}, "Api-Key"},
		{"unknown scheme", target, []string{"Authorization", "Token " + secret}, "unsupported"},
		{"empty key", target, []string{"Authorization", "Api-Key "}, "no key"},
		{"typo", target, []string{"Authorization", "Api-Key " + typo}, "checksum"},
		{"unknown", target, []string{"Authorization", "Api-Key " + unknown}, "not recognised"},
		{"revoked", target, []string{"Authorization", "Api-Key " + rsecret}, "revoked"},
		{"revoked in query", target + "&api_key=" + rsecret, nil, "revoked"},
		{"public key as api key", target, []string{"Authorization", "Api-Key " + pub}, "browser relay"},
		{"public-key scheme", target, []string{"Authorization", "Public-Key " + pub}, "browser relay"},
		{"bearer on open route", "/api/ping", []string{"Authorization", "Bearer x"}, "Api-Key"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := e.req(e.srv, http.MethodGet, tc.target, tc.hdr...)
			if rec.Code != http.StatusUnauthorized || errorCode(t, rec) != api.CodeAuthRequired {
				t.Fatalf("got %d %s", rec.Code, rec.Body)
			}
			body := rec.Body.String()
			if !strings.Contains(body, tc.msg) {
				t.Errorf("message %s does not say %q", body, tc.msg)
			}
			for _, k := range []string{secret, rsecret, pub, unknown, typo} {
				if strings.Contains(body, k) {
					t.Error("the error echoes a key")
				}
			}
			if rec.Header().Get(hdrLimit) != "" {
				t.Error("rate headers on an unauthenticated response")
			}
		})
	}
}

func TestGateTypoNeedsNoStore(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	e.store.setDown(true)
	typo := "0"
	if strings.HasSuffix(secret, typo) { // a random key may already end in it
		typo = "1"
	}
	rec := e.req(e.srv, http.MethodGet, "/api/flood-risk", "Authorization", "Api-Key "+secret[:len(secret)-1]+typo)
	if rec.Code != http.StatusUnauthorized {
		t.Errorf("typo with the store down: got %d, want 401 (checksum before lookup)", rec.Code)
	}
	rec = e.req(e.srv, http.MethodGet, "/api/flood-risk", "Authorization", "Api-Key "+secret)
	if rec.Code != http.StatusServiceUnavailable || errorCode(t, rec) != api.CodeServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("store down: got %d %s, want 503 with Retry-After", rec.Code, rec.Body)
	}
}

func TestGateSuccessAndRefund(t *testing.T) {
	e := newGateEnv(t)
	k, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	rt := &api.Route{Name: "test.get", Auth: api.AuthKey, Weight: 5}
	status := http.StatusOK
	h := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) {
		if ci := api.CallInfoFrom(r.Context()); ci.Plan != ratelimit.PlanStarter || ci.KeyPrefix == "" || ci.OrgID != e.org.ID {
			t.Errorf("call info not filled: %+v", ci)
		}
		if rem, limited := CallAllowance(r.Context()); !limited || rem != 2000-5-e.usage(k)+5 {
			t.Errorf("CallAllowance = %d %v", rem, limited)
		}
		_ = writeJSON(w, status, map[string]string{"ok": "yes"})
	})
	rec := e.req(h, http.MethodGet, "/x", "Authorization", "Api-Key "+secret)
	if rec.Code != 200 {
		t.Fatalf("got %d", rec.Code)
	}
	checkRateHeaders(t, rec, "5", "2000", "1995")
	// The query-parameter form works too.
	e.clk.Add(time.Second)
	rec = e.req(h, http.MethodGet, "/x?api_key="+secret)
	checkRateHeaders(t, rec, "5", "2000", "1990")
	// Errors are refunded, and the headers say so.
	for _, st := range []int{400, 404, 422, 500, 503} {
		e.clk.Add(time.Second)
		status = st
		rec = e.req(h, http.MethodGet, "/x", "Authorization", "Api-Key "+secret)
		if rec.Code != st {
			t.Fatalf("got %d", rec.Code)
		}
		checkRateHeaders(t, rec, "0", "2000", "1990")
	}
	if got := e.usage(k); got != 10 {
		t.Errorf("usage %d, want 10", got)
	}
}

func TestGateDynamicWeight(t *testing.T) {
	e := newGateEnv(t)
	k, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanGrowth})
	rt := &api.Route{Name: "listings.export", Auth: api.AuthKey, Weight: 1, MinPlan: ratelimit.PlanGrowth}
	rows := 95
	h := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) {
		api.SetCallWeight(r.Context(), ratelimit.RowsWeight(rows, 10))
		w.Header().Set("Content-Type", "text/csv")
		w.WriteHeader(200)
		_, _ = io.WriteString(w, strings.Repeat("row\n", rows))
	})
	rec := e.req(h, http.MethodPost, "/x", "Authorization", "Api-Key "+secret)
	checkRateHeaders(t, rec, "10", "10000", "9990")
	if e.usage(k) != 10 {
		t.Errorf("usage %d, want 10", e.usage(k))
	}
	// The store fails when the difference is charged: 503, rows withheld.
	e.clk.Add(time.Second)
	failing := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) {
		api.SetCallWeight(r.Context(), 10)
		e.store.setDown(true)
		w.WriteHeader(200)
		_, _ = io.WriteString(w, "secret rows")
	})
	rec = e.req(failing, http.MethodPost, "/x", "Authorization", "Api-Key "+secret)
	e.store.setDown(false)
	if rec.Code != http.StatusServiceUnavailable || strings.Contains(rec.Body.String(), "secret rows") {
		t.Errorf("uncharged rows served: %d %s", rec.Code, rec.Body)
	}
	// Streamed: weight known only after the headers; reconciled afterwards.
	e.clk.Add(time.Second)
	streamed := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		_, _ = io.WriteString(w, "rows")
		api.SetCallWeight(r.Context(), 3)
	})
	before := e.usage(k)
	rec = e.req(streamed, http.MethodPost, "/x", "Authorization", "Api-Key "+secret)
	if rec.Header().Get(hdrCallWeight) != "1" || e.usage(k) != before+3 {
		t.Errorf("streamed: header %s, usage %d, want reserved 1 in header and %d charged", rec.Header().Get(hdrCallWeight), e.usage(k), before+3)
	}
}

func TestGatePlanGateAndLimits(t *testing.T) {
	e := newGateEnv(t)
	_, free := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanFree})
	auth := []string{"Authorization", "Api-Key " + free}

	rec := e.req(e.srv, http.MethodGet, "/api/schools/nearby?postcode=SW1A1AA", auth...)
	if rec.Code != http.StatusForbidden || errorCode(t, rec) != api.CodeEndpointNotAllowed {
		t.Fatalf("plan gate: %d %s", rec.Code, rec.Body)
	}
	checkRateHeaders(t, rec, "0", "100", "100")

	// Per-second: the Free plan allows 2 a second (stub routes are refunded
	// but still count as requests).
	e.clk.Add(time.Second)
	for i := 0; i < 2; i++ {
		if rec := e.req(e.srv, http.MethodGet, "/api/flood-risk?uprn=100023336956", auth...); rec.Code == http.StatusTooManyRequests {
			t.Fatalf("call %d refused", i)
		}
	}
	rec = e.req(e.srv, http.MethodGet, "/api/flood-risk?uprn=100023336956", auth...)
	if rec.Code != http.StatusTooManyRequests || errorCode(t, rec) != api.CodeRateLimitExceeded || rec.Header().Get("Retry-After") != "1" || !strings.Contains(rec.Body.String(), `"limit":"per_second"`) {
		t.Fatalf("per-second: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	checkRateHeaders(t, rec, "0", "100", "100")

	// Monthly quota: spend 96 of 100 through a weighted route, then a
	// weight-5 call is refused and the retry is the period reset.
	rt := &api.Route{Name: "test.heavy", Auth: api.AuthKey, Weight: 48}
	heavy := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(200) })
	for i := 0; i < 2; i++ {
		e.clk.Add(time.Second)
		if rec := e.req(heavy, http.MethodGet, "/x", auth...); rec.Code != 200 {
			t.Fatalf("heavy %d: %d", i, rec.Code)
		}
	}
	e.clk.Add(time.Second)
	rec = e.req(heavy, http.MethodGet, "/x", auth...)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), `"limit":"monthly_quota"`) {
		t.Fatalf("quota: %d %s", rec.Code, rec.Body)
	}
	wantRetry := strconv.Itoa(int(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC).Sub(e.clk.Now()) / time.Second))
	if rec.Header().Get("Retry-After") != wantRetry {
		t.Errorf("Retry-After %s, want %s", rec.Header().Get("Retry-After"), wantRetry)
	}
	checkRateHeaders(t, rec, "0", "100", "4")
	// Free routes stay open with the quota spent.
	e.clk.Add(time.Second)
	if rec := e.req(e.srv, http.MethodGet, "/api/ping", auth...); rec.Code != 200 || rec.Header().Get(hdrCallWeight) != "0" {
		t.Errorf("ping with a spent quota: %d", rec.Code)
	}
}

func TestGateRouteQuota(t *testing.T) {
	e := newGateEnv(t)
	_, free := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanFree})
	rt := &api.Route{Name: "postcode.profile", Auth: api.AuthKey, Weight: 1}
	h := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) {
		if api.CallInfoFrom(r.Context()).Plan != ratelimit.PlanFree {
			t.Error("plan not passed to the handler")
		}
		w.WriteHeader(200)
	})
	for i := 0; i < 25; i++ {
		e.clk.Add(time.Second)
		if rec := e.req(h, http.MethodGet, "/x", "Authorization", "Api-Key "+free); rec.Code != 200 {
			t.Fatalf("profile %d: %d", i, rec.Code)
		}
	}
	e.clk.Add(time.Second)
	rec := e.req(h, http.MethodGet, "/x", "Authorization", "Api-Key "+free)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), `"limit":"monthly_route_quota"`) || rec.Header().Get("Retry-After") == "" {
		t.Errorf("26th profile: %d %s", rec.Code, rec.Body)
	}
	checkRateHeaders(t, rec, "0", "100", "75")
}

func TestGateAnonymous(t *testing.T) {
	e := newGateEnv(t)
	for i := 0; i < 2; i++ {
		if rec := e.req(e.srv, http.MethodGet, "/api/address/find?q=10+downing"); rec.Code == http.StatusTooManyRequests || rec.Code == http.StatusUnauthorized {
			t.Fatalf("anonymous %d: %d", i, rec.Code)
		}
	}
	rec := e.req(e.srv, http.MethodGet, "/api/address/find?q=10+downing")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "1" {
		t.Errorf("third anonymous call in a second: %d", rec.Code)
	}
	// Another address has its own allowance; ping is exempt.
	r := httptest.NewRequest(http.MethodGet, "/api/address/find?q=10+downing", nil)
	r.RemoteAddr = "198.51.100.7:5555"
	rec = httptest.NewRecorder()
	e.srv.ServeHTTP(rec, r)
	if rec.Code == http.StatusTooManyRequests {
		t.Error("another client IP was limited")
	}
	for i := 0; i < 5; i++ {
		if rec := e.req(e.srv, http.MethodGet, "/api/ping"); rec.Code != 200 {
			t.Fatalf("ping %d: %d", i, rec.Code)
		}
	}
	// Store down: open routes fail closed too, ping still answers.
	e.clk.Add(time.Second)
	e.store.setDown(true)
	if rec := e.req(e.srv, http.MethodGet, "/api/address/find?q=10+downing"); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("anonymous with store down: %d", rec.Code)
	}
	if rec := e.req(e.srv, http.MethodGet, "/api/ping"); rec.Code != 200 {
		t.Errorf("ping with store down: %d", rec.Code)
	}
}

func TestGateEmbed(t *testing.T) {
	e := newGateEnv(t)
	k, pub := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup", "mortgage"}, Origins: []string{"https://shop.example.com", "*.agent.co.uk"}})
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	auth := "Public-Key " + pub
	var gotVars map[string]string
	var gotQuery string
	if !e.srv.OverrideHandler("address.retrieve", func(w http.ResponseWriter, r *http.Request) error {
		gotVars = map[string]string{"uprn": mux.Vars(r)["uprn"]}
		gotQuery = r.URL.RawQuery
		return writeJSON(w, 200, map[string]string{"ok": "yes"})
	}) {
		t.Fatal("no route address.retrieve")
	}

	t.Run("preflight", func(t *testing.T) {
		rec := e.req(e.srv, http.MethodOptions, "/api/embed/v2/address-lookup/retrieve", "Origin", "https://x.agent.co.uk", "Access-Control-Request-Method", "GET")
		if rec.Code != http.StatusNoContent || rec.Header().Get("Access-Control-Allow-Origin") != "https://x.agent.co.uk" || !strings.Contains(rec.Header().Get("Access-Control-Allow-Headers"), "Authorization") {
			t.Errorf("allowed preflight: %d %v", rec.Code, rec.Header())
		}
		rec = e.req(e.srv, http.MethodOptions, "/api/embed/v2/address-lookup", "Origin", "https://evil.example.net")
		if rec.Code != http.StatusForbidden || rec.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("foreign preflight: %d %v", rec.Code, rec.Header())
		}
		rec = e.req(e.srv, http.MethodOptions, "/api/embed/v2/listing-map", "Origin", "https://shop.example.com")
		if rec.Code != http.StatusForbidden {
			t.Errorf("preflight for a tool no key allows: %d", rec.Code)
		}
	})
	t.Run("relay retrieve", func(t *testing.T) {
		rec := e.req(e.srv, http.MethodGet, "/api/embed/v2/address-lookup/retrieve?uprn=100023336956&level=full", "Authorization", auth, "Origin", "https://shop.example.com")
		if rec.Code != 200 {
			t.Fatalf("got %d %s", rec.Code, rec.Body)
		}
		if gotVars["uprn"] != "100023336956" || gotQuery != "level=address" {
			t.Errorf("relayed vars %v query %q", gotVars, gotQuery)
		}
		if rec.Header().Get("Access-Control-Allow-Origin") != "https://shop.example.com" {
			t.Error("no CORS header for an allowed origin")
		}
		checkRateHeaders(t, rec, "5", "2000", "1995")
		if e.usage(k) != 5 {
			t.Errorf("usage %d, want 5 (address.retrieve weight)", e.usage(k))
		}
	})
	t.Run("referer", func(t *testing.T) {
		e.clk.Add(time.Second)
		rec := e.req(e.srv, http.MethodGet, "/api/embed/v2/address-lookup/retrieve?uprn=100023336956", "Authorization", auth, "Referer", "https://a.agent.co.uk/listing/5")
		if rec.Code != 200 || rec.Header().Get("Access-Control-Allow-Origin") != "https://a.agent.co.uk" {
			t.Errorf("referer origin: %d", rec.Code)
		}
	})
	t.Run("error refunded", func(t *testing.T) {
		e.clk.Add(time.Second)
		before := e.usage(k)
		rec := e.req(e.srv, http.MethodGet, "/api/embed/v2/address-lookup?q=d", "Authorization", auth, "Origin", "https://shop.example.com")
		if rec.Code != http.StatusUnprocessableEntity || e.usage(k) != before || rec.Header().Get(hdrCallWeight) != "0" {
			t.Errorf("error: %d usage %d→%d", rec.Code, before, e.usage(k))
		}
	})
	tests := []struct {
		name, target string
		hdr          []string
		status       int
		code         string
		cors         bool
	}{
		{"foreign origin", "/api/embed/v2/mortgage", []string{"Authorization", auth, "Origin", "https://evil.example.net"}, 403, api.CodeOriginNotAllowed, false},
		{"no origin", "/api/embed/v2/mortgage", []string{"Authorization", auth}, 403, api.CodeOriginNotAllowed, false},
		{"http not https", "/api/embed/v2/mortgage", []string{"Authorization", auth, "Origin", "http://shop.example.com"}, 403, api.CodeOriginNotAllowed, false},
		{"tool not in scope", "/api/embed/v2/stamp-duty", []string{"Authorization", auth, "Origin", "https://shop.example.com"}, 403, api.CodeEndpointNotAllowed, true},
		{"no key", "/api/embed/v2/mortgage", []string{"Origin", "https://shop.example.com"}, 401, api.CodeAuthRequired, true},
		{"api key on relay", "/api/embed/v2/mortgage", []string{"Authorization", "Api-Key " + secret, "Origin", "https://shop.example.com"}, 401, api.CodeAuthRequired, true},
		{"secret key as public", "/api/embed/v2/mortgage", []string{"Authorization", "Public-Key " + secret, "Origin", "https://shop.example.com"}, 401, api.CodeAuthRequired, true},
		{"no key foreign", "/api/embed/v2/mortgage", []string{"Origin", "https://evil.example.net"}, 401, api.CodeAuthRequired, false},
		{"unknown op", "/api/embed/v2/address-lookup/delete", []string{"Authorization", auth, "Origin", "https://shop.example.com"}, 404, api.CodeNotFound, true},
		{"retrieve without uprn", "/api/embed/v2/address-lookup/retrieve", []string{"Authorization", auth, "Origin", "https://shop.example.com"}, 422, api.CodeInvalidParams, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e.clk.Add(time.Second)
			rec := e.req(e.srv, http.MethodGet, tc.target, tc.hdr...)
			if rec.Code != tc.status || errorCode(t, rec) != tc.code {
				t.Fatalf("got %d %s, want %d %s", rec.Code, rec.Body, tc.status, tc.code)
			}
			if got := rec.Header().Get("Access-Control-Allow-Origin") != ""; got != tc.cors {
				t.Errorf("CORS header present %v, want %v", got, tc.cors)
			}
			if strings.Contains(rec.Body.String(), pub) || strings.Contains(rec.Body.String(), secret) {
				t.Error("the error echoes a key")
			}
		})
	}
	// The public key is refused on the ordinary API.
	rec := e.req(e.srv, http.MethodGet, "/api/address/retrieve/100023336956", "Authorization", "Api-Key "+pub)
	if rec.Code != 401 {
		t.Errorf("public key on the API: %d", rec.Code)
	}
}

// writeJSON writes v as the JSON body of a test handler.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// errorCode reads the code of the error envelope, failing when the body is
// not the envelope or the error has no message.
func errorCode(t testing.TB, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("body is not the error envelope: %v: %s", err, rec.Body.String())
	}
	if e.Error.Message == "" {
		t.Errorf("error %q has no message", e.Error.Code)
	}
	return e.Error.Code
}

// fakeBackend is the shared search fake (api/search/searchtest); the
// gate's tests set lookups that find nothing.
type fakeBackend = searchtest.Fake

var _ api.Backend = (*fakeBackend)(nil)

// TestGateAbortAfterHeadersKeepsCharge: a streamed response aborted after
// its headers (http.ErrAbortHandler, as the export raises when a write
// fails mid-stream) keeps the charge committed with the headers; a panic
// before any byte is refunded.
func TestGateAbortAfterHeadersKeepsCharge(t *testing.T) {
	e := newGateEnv(t)
	k, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanPro})
	rt := &api.Route{Name: "listings.export", Method: http.MethodPost, Path: "/listings/export", Weight: 1}
	serve := func(h http.HandlerFunc) {
		defer func() { _ = recover() }()
		e.req(e.synthetic(rt, h), http.MethodPost, "/api/listings/export", "Authorization", "Api-Key "+secret)
	}
	before := e.usage(k)
	serve(func(w http.ResponseWriter, r *http.Request) {
		api.SetCallWeight(r.Context(), 7) // 700 rows
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte("listing_id\n1\n"))
		panic(http.ErrAbortHandler)
	})
	if got := e.usage(k) - before; got != 7 {
		t.Errorf("aborted after the headers: charged %d, want the committed 7", got)
	}
	before = e.usage(k)
	serve(func(w http.ResponseWriter, r *http.Request) {
		api.SetCallWeight(r.Context(), 7)
		panic(http.ErrAbortHandler)
	})
	if got := e.usage(k) - before; got != 0 {
		t.Errorf("aborted before any byte: charged %d, want 0", got)
	}
}

// TestGateIPv6BucketsAndFailedAuth: per-IP limits count an IPv6 client by
// its /64, and failed authentications are limited per IP bucket.
func TestGateIPv6BucketsAndFailedAuth(t *testing.T) {
	for in, want := range map[string]string{
		"2001:db8:1:2:aaaa::1": "2001:db8:1:2::/64", "2001:db8:1:2:ffff:ffff:ffff:ffff": "2001:db8:1:2::/64",
		"2001:db8:1:3::1": "2001:db8:1:3::/64", "::ffff:198.51.100.7": "198.51.100.7", "198.51.100.7": "198.51.100.7",
		"fe80::1%eth0": "fe80::/64", "not-an-ip": "not-an-ip",
	} {
		if got := IPBucket(in); got != want {
			t.Errorf("IPBucket(%s) = %s, want %s", in, got, want)
		}
	}
	e := newGateEnv(t)
	from := func(addr, target string, hdr ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, target, nil)
		r.RemoteAddr = addr
		for i := 0; i+1 < len(hdr); i += 2 {
			r.Header.Set(hdr[i], hdr[i+1])
		}
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, r)
		return rec
	}
	// Anonymous: the free plan's 2 a second are shared by the whole /64.
	codes := []int{}
	for _, a := range []string{"[2001:db8:1:2::1]:1000", "[2001:db8:1:2::2]:1000", "[2001:db8:1:2:ffff::3]:1000"} {
		codes = append(codes, from(a, "/api/address/find?q=10+downing").Code)
	}
	if codes[2] != http.StatusTooManyRequests {
		t.Errorf("three addresses of one /64 in a second: %v, want the third refused", codes)
	}
	if rec := from("[2001:db8:1:3::1]:1000", "/api/address/find?q=10+downing"); rec.Code == http.StatusTooManyRequests {
		t.Error("another /64 was limited")
	}
	// Failed authentications: 30 a minute per bucket, then 429 without
	// telling why the key failed; a valid key is not affected, nor another bucket.
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanEnterprise, RateOverride: ratelimit.Unlimited})
	unknown, _, _ := ratelimit.NewKey(ratelimit.KindSecret)
	var last *httptest.ResponseRecorder
	n401 := 0
	for i := 0; i < DefaultAuthFailuresPerMinute+1; i++ {
		addr := "[2001:db8:9:9::" + strconv.Itoa(i+1) + "]:1000" // rotating addresses within one /64
		last = from(addr, "/api/flood-risk?uprn=100023336956", "Authorization", "Api-Key "+unknown)
		if last.Code == http.StatusUnauthorized {
			n401++
		}
	}
	if n401 != DefaultAuthFailuresPerMinute || last.Code != http.StatusTooManyRequests || last.Header().Get("Retry-After") == "" {
		t.Errorf("%d answers 401, last %d; want %d then 429 with Retry-After", n401, last.Code, DefaultAuthFailuresPerMinute)
	}
	if rec := from("[2001:db8:9:9::77]:1000", "/api/flood-risk?uprn=100023336956", "Authorization", "Api-Key "+secret); rec.Code == http.StatusTooManyRequests || rec.Code == http.StatusUnauthorized {
		t.Errorf("valid key from the limited /64: %d", rec.Code)
	}
	if rec := from("198.51.100.9:1000", "/api/flood-risk?uprn=100023336956", "Authorization", "Api-Key "+unknown); rec.Code != http.StatusUnauthorized {
		t.Errorf("another address: %d, want 401", rec.Code)
	}
	e.clk.Add(time.Minute)
	if rec := from("[2001:db8:9:9::1]:1000", "/api/flood-risk?uprn=100023336956", "Authorization", "Api-Key "+unknown); rec.Code != http.StatusUnauthorized {
		t.Errorf("next minute: %d, want 401", rec.Code)
	}
}
