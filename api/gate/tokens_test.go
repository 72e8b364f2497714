package gate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

func (e *gateEnv) topUp(n int64) {
	e.t.Helper()
	if _, err := e.svc.AddTokens(context.Background(), e.org.ID, "", n, "keyctl:test", "test top-up"); err != nil {
		e.t.Fatal(err)
	}
}

func (e *gateEnv) balance() int64 {
	e.t.Helper()
	b, _, err := e.svc.TokenBalance(context.Background(), e.org.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func errorDetails(t *testing.T, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var b struct {
		Error struct {
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	return b.Error.Details
}

func TestGateTokens402AndHeaders(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	auth := []string{"Authorization", "Api-Key " + secret}
	var ran atomic.Int64
	h := e.synthetic(&api.Route{Name: "test.five", Auth: api.AuthKey, Weight: 5}, func(w http.ResponseWriter, r *http.Request) {
		ran.Add(1)
		if r.URL.Query().Get("fail") != "" {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		io.WriteString(w, "ok")
	})
	// No balance: 402 with balance and price, the handler never runs.
	rec := e.req(h, http.MethodGet, "/x", auth...)
	if rec.Code != http.StatusPaymentRequired || errorCode(t, rec) != api.CodeInsufficientBalance || ran.Load() != 0 {
		t.Fatalf("no balance: %d %s", rec.Code, rec.Body)
	}
	if d := errorDetails(t, rec); d["balance"] != float64(0) || d["price"] != float64(5) {
		t.Errorf("402 details %v", d)
	}
	if rec.Header().Get(hdrTokensBalance) != "0" || rec.Header().Get(hdrTokensCharged) != "0" || rec.Header().Get(hdrCallWeight) != "0" {
		t.Errorf("402 headers %v", rec.Header())
	}
	e.topUp(12)
	rec = e.req(h, http.MethodGet, "/x", auth...)
	if rec.Code != 200 || rec.Header().Get(hdrTokensCharged) != "5" || rec.Header().Get(hdrTokensBalance) != "7" || rec.Header().Get(hdrCallWeight) != "5" {
		t.Fatalf("token call: %d %v", rec.Code, rec.Header())
	}
	// An error is refunded: charged 0, balance back.
	rec = e.req(h, http.MethodGet, "/x?fail=1", auth...)
	if rec.Code != 404 || rec.Header().Get(hdrTokensCharged) != "0" || rec.Header().Get(hdrTokensBalance) != "7" || e.balance() != 7 {
		t.Fatalf("refund: %d %v balance %d", rec.Code, rec.Header(), e.balance())
	}
	if rec = e.req(h, http.MethodGet, "/x", auth...); rec.Code != 200 || rec.Header().Get(hdrTokensBalance) != "2" {
		t.Fatalf("second paid call: %d %v", rec.Code, rec.Header())
	}
	rec = e.req(h, http.MethodGet, "/x", auth...)
	if rec.Code != http.StatusPaymentRequired {
		t.Fatalf("2 tokens left for a 5-token call: %d", rec.Code)
	}
	if d := errorDetails(t, rec); d["balance"] != float64(2) || d["price"] != float64(5) {
		t.Errorf("402 details %v", d)
	}
	// A plan key of an organisation without tokens shows no token headers.
	e2 := newGateEnv(t)
	_, s2 := e2.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	rec = e2.req(e2.synthetic(&api.Route{Name: "t", Auth: api.AuthKey, Weight: 1}, func(w http.ResponseWriter, r *http.Request) {}), http.MethodGet, "/x", "Authorization", "Api-Key "+s2)
	if rec.Code != 200 || rec.Header().Get(hdrTokensBalance) != "" || rec.Header().Get(hdrTokensCharged) != "" {
		t.Errorf("plan-only org: %d %v", rec.Code, rec.Header())
	}
}

func TestGateTokensDynamicWeight(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	e.topUp(10)
	// An export-like handler: 1 reserved, the rows cost N, set before the headers.
	h := e.synthetic(&api.Route{Name: "listings.export", Auth: api.AuthKey, Weight: 1}, func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.URL.Query().Get("w"), &n)
		if left, ok := CallAllowance(r.Context()); !ok || left != 9 {
			t.Errorf("CallAllowance = %d, %v; want 9 tokens after the reservation", left, ok)
		}
		api.SetCallWeight(r.Context(), n)
		io.WriteString(w, "rows")
	})
	rec := e.req(h, http.MethodPost, "/x?w=11", "Authorization", "Api-Key "+secret)
	if rec.Code != http.StatusPaymentRequired || errorCode(t, rec) != api.CodeInsufficientBalance || strings.Contains(rec.Body.String(), "rows") {
		t.Fatalf("11 tokens of rows on a balance of 10: %d %s", rec.Code, rec.Body)
	}
	if d := errorDetails(t, rec); d["balance"] != float64(10) || d["price"] != float64(11) || e.balance() != 10 {
		t.Errorf("details %v, balance %d", d, e.balance())
	}
	rec = e.req(h, http.MethodPost, "/x?w=10", "Authorization", "Api-Key "+secret)
	if rec.Code != 200 || rec.Header().Get(hdrTokensCharged) != "10" || rec.Header().Get(hdrTokensBalance) != "0" || e.balance() != 0 {
		t.Fatalf("exact balance: %d %v", rec.Code, rec.Header())
	}
}

func TestGateIdempotency(t *testing.T) {
	e := newGateEnv(t)
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	e.topUp(100)
	var ran atomic.Int64
	release := make(chan struct{})
	h := e.synthetic(&api.Route{Name: "listing_address.match", Method: http.MethodPost, Auth: api.AuthKey, Weight: 1}, func(w http.ResponseWriter, r *http.Request) {
		n := ran.Add(1)
		b, _ := io.ReadAll(r.Body)
		if strings.Contains(string(b), "slow") {
			<-release
		}
		if strings.Contains(string(b), "bad") {
			w.WriteHeader(http.StatusUnprocessableEntity)
			io.WriteString(w, `{"error":{}}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		fmt.Fprintf(w, `{"run":%d,"body":%q}`, n, b)
	})
	send := func(key, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, "/api/listing-address", strings.NewReader(body))
		r.Header.Set("Authorization", "Api-Key "+secret)
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	first := send("k-1", `{"listing_id":"a"}`)
	if first.Code != 200 || first.Header().Get(hdrTokensCharged) != "1" || e.balance() != 99 {
		t.Fatalf("first: %d %v", first.Code, first.Header())
	}
	for i := 0; i < 3; i++ {
		again := send("k-1", `{"listing_id":"a"}`)
		if again.Code != 200 || again.Body.String() != first.Body.String() || again.Header().Get(hdrReplayed) != "true" ||
			again.Header().Get(hdrCallWeight) != "0" || again.Header().Get(hdrTokensCharged) != "0" || again.Header().Get(hdrTokensBalance) != "99" ||
			again.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("retry %d: %d %v %s", i, again.Code, again.Header(), again.Body)
		}
	}
	if ran.Load() != 1 || e.balance() != 99 {
		t.Fatalf("handler ran %d times, balance %d; want 1 and 99", ran.Load(), e.balance())
	}
	// Same key, another body: 422.
	if rec := send("k-1", `{"listing_id":"b"}`); rec.Code != 422 || errorCode(t, rec) != api.CodeIdempotencyReused {
		t.Errorf("other body: %d %s", rec.Code, rec.Body)
	}
	// Without a key every POST runs and is charged.
	send("", `{"listing_id":"a"}`)
	send("", `{"listing_id":"a"}`)
	if ran.Load() != 3 || e.balance() != 97 {
		t.Errorf("no key: ran %d balance %d", ran.Load(), e.balance())
	}
	// An error is not kept: the retry runs again (errors are free).
	if rec := send("k-bad", `bad`); rec.Code != 422 {
		t.Fatalf("bad: %d", rec.Code)
	}
	if rec := send("k-bad", `bad`); rec.Code != 422 || rec.Header().Get(hdrReplayed) != "" || ran.Load() != 5 || e.balance() != 97 {
		t.Errorf("retry of an error: %d %v ran %d balance %d", rec.Code, rec.Header(), ran.Load(), e.balance())
	}
	// A duplicate while the first is running: 409 with Retry-After.
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- send("k-slow", "slow") }()
	deadline := time.Now().Add(5 * time.Second)
	for ran.Load() != 6 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if rec := send("k-slow", "slow"); rec.Code != http.StatusConflict || errorCode(t, rec) != api.CodeIdempotencyInUse || rec.Header().Get("Retry-After") != "1" {
		t.Errorf("in flight: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	close(release)
	if rec := <-done; rec.Code != 200 {
		t.Fatalf("slow: %d", rec.Code)
	}
	if rec := send("k-slow", "slow"); rec.Code != 200 || rec.Header().Get(hdrReplayed) != "true" || ran.Load() != 6 {
		t.Errorf("after the first finished: %d ran %d", rec.Code, ran.Load())
	}
	// A malformed key.
	if rec := send(strings.Repeat("x", 256), "{}"); rec.Code != 400 || errorCode(t, rec) != api.CodeBadRequest {
		t.Errorf("long key: %d %s", rec.Code, rec.Body)
	}
	// Keys are per organisation: another org's same key runs.
	e.clk.Add(time.Second)
	other, err := e.svc.CreateOrg(context.Background(), "Other", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, s2, _ := e.svc.CreateKey(context.Background(), ratelimit.KeySpec{OrgID: other.ID, Plan: ratelimit.PlanGrowth})
	r := httptest.NewRequest(http.MethodPost, "/api/listing-address", strings.NewReader(`{"listing_id":"a"}`))
	r.Header.Set("Authorization", "Api-Key "+s2)
	r.Header.Set("Idempotency-Key", "k-1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != 200 || rec.Header().Get(hdrReplayed) != "" || ran.Load() != 7 {
		t.Errorf("other organisation: %d %v ran %d", rec.Code, rec.Header(), ran.Load())
	}
}

func TestAccountUsageEndpoint(t *testing.T) {
	e := newGateEnv(t)
	// The env's server has no Accounts: build one that has.
	fb := &fakeBackend{T: t,
		GetFn:    func(string, string) (json.RawMessage, bool, error) { return nil, false, nil },
		SearchFn: func(string, any) (*search.Response, error) { return &search.Response{}, nil },
	}
	srv := api.NewServer(api.Options{Backend: fb, Logger: zerolog.New(io.Discard), Gate: e.gate.Wrap, Now: e.clk.Now, Accounts: e.svc})
	_, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	e.topUp(50)
	ok := e.synthetic(&api.Route{Name: "address.retrieve", Auth: api.AuthKey, Weight: 5}, func(w http.ResponseWriter, r *http.Request) {})
	for i := 0; i < 3; i++ {
		e.req(ok, http.MethodGet, "/x", "Authorization", "Api-Key "+secret)
	}
	rec := e.req(srv, http.MethodGet, "/api/account/usage", "Authorization", "Api-Key "+secret)
	if rec.Code != 200 || rec.Header().Get(hdrCallWeight) != "0" || rec.Header().Get(hdrTokensCharged) != "0" {
		t.Fatalf("%d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	type counts struct {
		Endpoint                string
		Requests, Calls, Tokens int64
	}
	type period struct {
		Start, End              time.Time
		Requests, Calls, Tokens int64
		Days                    []struct {
			Day string
		}
		Endpoints []counts
	}
	var v struct {
		Key struct {
			Plan string
		}
		Tokens struct {
			Balance int64
			Account bool
		}
		Current  period `json:"current_period"`
		Previous period `json:"previous_period"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	cur := v.Current
	if v.Tokens.Balance != 35 || !v.Tokens.Account || v.Key.Plan != "payg" || cur.Tokens != 15 || cur.Requests != 3 ||
		len(cur.Days) != 1 || cur.Days[0].Day != "2026-11-14" || len(cur.Endpoints) != 1 || cur.Endpoints[0].Endpoint != "address.retrieve" ||
		cur.Endpoints[0].Tokens != 15 || v.Previous.Requests != 0 || !v.Previous.End.Equal(cur.Start) {
		t.Errorf("usage %+v", v)
	}
	if rec := e.req(srv, http.MethodGet, "/api/account/usage"); rec.Code != 401 {
		t.Errorf("without a key: %d", rec.Code)
	}
}

// TestGateIdempotentReplaysAreRateLimited: a replay is free (weight 0) but
// counts against the per-second limit like any request.
func TestGateIdempotentReplaysAreRateLimited(t *testing.T) {
	e := newGateEnv(t)
	k, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanGrowth, RateOverride: 3})
	h := e.synthetic(&api.Route{Name: "listing_address.match", Method: http.MethodPost, Auth: api.AuthKey, Weight: 1}, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{}`)
	})
	send := func() *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, "/api/listing-address", strings.NewReader(`{"listing_id":"a"}`))
		r.Header.Set("Authorization", "Api-Key "+secret)
		r.Header.Set("Idempotency-Key", "k-rate")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec
	}
	codes := []int{}
	for i := 0; i < 6; i++ { // one second of the test clock: 3 allowed
		codes = append(codes, send().Code)
	}
	want := []int{200, 200, 200, 429, 429, 429}
	if fmt.Sprint(codes) != fmt.Sprint(want) {
		t.Errorf("statuses %v, want %v (the first run and two replays, then the per-second limit)", codes, want)
	}
	if u := e.usage(k); u != 1 {
		t.Errorf("usage %d, want 1 (replays are free)", u)
	}
	e.clk.Add(time.Second)
	if rec := send(); rec.Code != 200 || rec.Header().Get(hdrReplayed) != "true" || rec.Header().Get(hdrCallWeight) != "0" {
		t.Errorf("next second: %d %v", rec.Code, rec.Header())
	}
}
