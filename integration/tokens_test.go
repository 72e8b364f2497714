//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/ratelimit"
)

// checkLedger asserts the ledger invariant on the Redis store
// (CheckLedger: every entry's balance is the running sum of the amounts, and
// the last equals the balance) and that every entry says who and when.
func checkLedger(t *testing.T, svc *ratelimit.Service, org string) []ratelimit.LedgerEntry {
	t.Helper()
	es, _, err := svc.CheckLedger(context.Background(), org)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range es {
		if e.Time.IsZero() || e.Actor == "" || e.ID == "" {
			t.Fatalf("ledger entry %d lacks who or when: %+v", i, e)
		}
	}
	return es
}

// unlimitedKey is a Redis store under this test's prefix with one key of
// plan on an unlimited rate (the token tests meter calls, not speed).
func unlimitedKey(t *testing.T, plan string) (redis.UniversalClient, string, *ratelimit.RedisStore, keysFixture) {
	rdb, ns := keysRedis(t)
	store := ratelimit.NewRedisStore(rdb, ns)
	return rdb, ns, store, newKeysFixture(t, store, ratelimit.KeySpec{Plan: plan, RateOverride: ratelimit.Unlimited})
}

// parallel sends n requests at once and counts statuses.
func parallel(t *testing.T, n int, do func() (*http.Response, error)) map[int]int {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			resp, err := do()
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			mu.Lock()
			codes[resp.StatusCode]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return codes
}

func TestTokensExactUnderConcurrency(t *testing.T) {
	rdb, ns, store, f := unlimitedKey(t, ratelimit.PlanPayg)
	ctx := context.Background()
	f.addTokens(t, 100, "prepaid 1 GBP")
	var served atomic.Int64
	srv := countingServer(t, store, &served)
	start := time.Now()
	codes := parallel(t, 200, keyedGet(srv.URL, f.secret))
	t.Logf("200 parallel calls on 100 tokens: %v in %v", codes, time.Since(start))
	// Exactly 100 are paid and served; the others get 402 (or 503 when
	// Redis does not answer in time on a loaded machine: fail closed).
	if codes[200] != 100 || codes[402]+codes[503] != 100 || served.Load() != 100 {
		t.Errorf("statuses %v, handler ran %d times; want 100 × 200 and 100 × 402", codes, served.Load())
	}
	es := checkLedger(t, f.svc, f.org.ID)
	charges := 0
	for _, e := range es[1:] {
		if e.Kind == ratelimit.LedgerCharge && e.Amount == -1 && e.Actor == "key:"+f.key.Prefix && e.Route == "test.charge" {
			charges++
		}
	}
	if bal, _, _ := f.svc.TokenBalance(ctx, f.org.ID); bal != 0 || len(es) != 101 || charges != 100 {
		t.Errorf("balance %d, %d ledger entries (%d charges of 1); want 0, 101, 100", bal, len(es), charges)
	}
	if f.usage(t) != 0 {
		t.Errorf("token calls counted %d calls against the plan quota", f.usage(t))
	}
	u, err := f.svc.AccountUsage(ctx, f.org.ID)
	if err != nil || u.Current.Tokens != 100 || u.Current.Requests != 100 {
		t.Errorf("usage report %+v %v", u.Current, err)
	}
	// Every metering key of the organisation carries one hash tag (one
	// Redis Cluster slot for every script); its directory records carry {dir}.
	tag := "{org:" + f.org.ID + "}"
	n := 0
	for _, k := range scanKeys(t, rdb, ns+"*") {
		if strings.Contains(k, f.org.ID) && !strings.HasPrefix(k, ns+"{dir}:") {
			n++
			if i := strings.Index(k, "{"); i < 0 || !strings.HasPrefix(k[i:], tag) {
				t.Errorf("key %s is not under the hash tag %s", k, tag)
			}
		}
	}
	if n < 3 {
		t.Errorf("found %d tagged keys, want the balance, ledger and usage report at least", n)
	}
}

// TestTokensPlanThenTokensUnderConcurrency: a key with 50 calls left in its
// plan and 50 tokens serves exactly 100 of 200 parallel calls: 50 from each.
func TestTokensPlanThenTokensUnderConcurrency(t *testing.T) {
	store := keysStore(t)
	ctx := context.Background()
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanStarter, QuotaOverride: 50, RateOverride: ratelimit.Unlimited})
	f.addTokens(t, 50, "overflow")
	srv := gatedServer(t, store, 1, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	codes := parallel(t, 200, keyedGet(srv.URL, f.secret))
	t.Logf("200 parallel calls on 50 plan calls + 50 tokens: %v", codes)
	bal, _, _ := f.svc.TokenBalance(ctx, f.org.ID)
	if codes[200] != 100 || f.usage(t) != 50 || bal != 0 {
		t.Errorf("statuses %v, plan usage %d, balance %d; want 100 served, 50, 0", codes, f.usage(t), bal)
	}
	checkLedger(t, f.svc, f.org.ID)
}

func TestTokens402AndRefund(t *testing.T) {
	store := keysStore(t)
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	svc := ratelimit.New(store, ratelimit.Options{})
	g := gate.New(svc, gate.Options{})
	srv := httptest.NewServer(newAPIServer(t, "", api.Options{Backend: keysBackend(t), Gate: g.Wrap, Accounts: svc, IndexPrefix: "t-keys-none-"}))
	t.Cleanup(srv.Close)
	auth := []string{"Authorization", "Api-Key " + f.secret}

	// No tokens: address/retrieve (5 tokens) answers 402 with balance and price.
	resp, body := get(t, srv.URL+"/api/address/retrieve/100023336956", auth...)
	var e struct {
		Error struct {
			Code    string         `json:"code"`
			Details map[string]any `json:"details"`
		} `json:"error"`
	}
	_ = json.Unmarshal([]byte(body), &e)
	if resp.StatusCode != 402 || e.Error.Code != "insufficient_balance" || e.Error.Details["balance"] != float64(0) || e.Error.Details["price"] != float64(5) {
		t.Fatalf("no tokens: %d %s", resp.StatusCode, body)
	}
	if resp.Header.Get("X-Tokens-Balance") != "0" || resp.Header.Get("X-Call-Weight") != "0" {
		t.Errorf("402 headers %v", resp.Header)
	}
	f.addTokens(t, 4, "not enough")
	resp, body = get(t, srv.URL+"/api/address/retrieve/100023336956", auth...)
	_ = json.Unmarshal([]byte(body), &e)
	if resp.StatusCode != 402 || e.Error.Details["balance"] != float64(4) || e.Error.Details["price"] != float64(5) {
		t.Fatalf("4 tokens: %d %s", resp.StatusCode, body)
	}
	// The gate tests' prefix has no indices: a 1-token data call reaches the
	// handler, fails (503) and is refunded with a ledger entry.
	resp, body = get(t, srv.URL+"/api/flood-risk?uprn=100023336956", auth...)
	if resp.StatusCode < 400 || resp.Header.Get("X-Tokens-Charged") != "0" || resp.Header.Get("X-Tokens-Balance") != "4" {
		t.Fatalf("failed call: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	es := checkLedger(t, f.svc, f.org.ID)
	if len(es) != 3 || es[1].Kind != "charge" || es[2].Kind != "refund" || es[2].Amount != 1 || es[2].RequestID == "" || es[2].RequestID != es[1].RequestID {
		t.Errorf("ledger after a refunded call: %+v", es)
	}
	// The free usage endpoint shows the balance; it costs nothing.
	resp, body = get(t, srv.URL+"/api/account/usage", auth...)
	if resp.StatusCode != 200 || !strings.Contains(body, `"balance":4`) || resp.Header.Get("X-Tokens-Charged") != "0" {
		t.Errorf("account usage: %d %s", resp.StatusCode, body)
	}
}

func TestTokensLedger(t *testing.T) {
	rdb, ns, _, f := unlimitedKey(t, ratelimit.PlanPayg)
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	steps := []struct {
		kind   string
		amount int64
		actor  string
		reason string
		ok     bool
	}{
		{"", 1000, "keyctl:alice", "invoice 1001", true},
		{"", -250, "keyctl:bob", "duplicate payment reversed", true},
		{ratelimit.LedgerAdjustment, 5, "keyctl:bob", "goodwill", true},
		{"", -10000, "keyctl:eve", "would go negative", false},
		{ratelimit.LedgerTopUp, -1, "keyctl:eve", "negative top-up", false},
		{"", 0, "keyctl:eve", "zero", false},
	}
	for _, s := range steps {
		_, err := f.svc.AddTokens(ctx, f.org.ID, s.kind, s.amount, s.actor, s.reason)
		if (err == nil) != s.ok {
			t.Errorf("%+v: err %v", s, err)
		}
	}
	p, err := f.svc.Authenticate(ctx, f.secret)
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.svc.ReserveCall(ctx, p, ratelimit.Call{Route: "comparables.get", Weight: 10, RequestID: "req-1"})
	if err != nil || !r.Decision.Allowed || r.Decision.TokensBalance != 745 {
		t.Fatalf("charge: %+v %v", r, err)
	}
	es := checkLedger(t, f.svc, f.org.ID)
	want := []struct {
		kind           string
		amount, after  int64
		actor, why, rq string
	}{
		{"top_up", 1000, 1000, "keyctl:alice", "invoice 1001", ""},
		{"adjustment", -250, 750, "keyctl:bob", "duplicate payment reversed", ""},
		{"adjustment", 5, 755, "keyctl:bob", "goodwill", ""},
		{"charge", -10, 745, "key:" + f.key.Prefix, "", "req-1"},
	}
	if len(es) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(es), len(want), es)
	}
	for i, w := range want {
		e := es[i]
		if e.Kind != w.kind || e.Amount != w.amount || e.Balance != w.after || e.Actor != w.actor || e.Reason != w.why || e.RequestID != w.rq {
			t.Errorf("entry %d: %+v, want %+v", i, e, w)
		}
		if e.Time.Before(before) || e.Time.After(time.Now().Add(time.Second)) {
			t.Errorf("entry %d time %v", i, e.Time)
		}
		if i > 0 && e.ID <= es[i-1].ID && len(e.ID) == len(es[i-1].ID) {
			t.Errorf("entry ids not increasing: %s after %s", e.ID, es[i-1].ID)
		}
	}
	if es[3].Route != "comparables.get" {
		t.Errorf("charge route %q", es[3].Route)
	}
	// The ledger is a Redis stream under the organisation's hash tag.
	if typ, _ := rdb.Type(ctx, ns+"{org:"+f.org.ID+"}:ledger").Result(); typ != "stream" {
		t.Errorf("ledger key type %q", typ)
	}
	if limited, _ := f.svc.TokenLedger(ctx, f.org.ID, 2); len(limited) != 2 || limited[1].Kind != "adjustment" {
		t.Errorf("limit 2: %+v", limited)
	}
}

func TestTokensIdempotentRetries(t *testing.T) {
	rdb, ns, store, f := unlimitedKey(t, ratelimit.PlanPayg)
	ctx := context.Background()
	f.addTokens(t, 100, "x")
	var ran atomic.Int64
	g := gate.New(ratelimit.New(store, ratelimit.Options{}), gate.Options{})
	h := g.Wrap(&api.Route{Name: "listing_address.match", Method: http.MethodPost, Auth: api.AuthKey, Weight: 1}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := ran.Add(1)
		b, _ := io.ReadAll(r.Body)
		time.Sleep(20 * time.Millisecond)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"run":%d,"listing":%s}`, n, b)
	}))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	post := func(key, body string) (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		req.Header.Set("Authorization", "Api-Key "+f.secret)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", key)
		return http.DefaultClient.Do(req)
	}
	// 20 concurrent duplicates: one runs, the others get 409 (in flight) or
	// the stored response; exactly one token is charged.
	codes := parallel(t, 20, func() (*http.Response, error) { return post("dup-1", `"a"`) })
	t.Logf("20 concurrent duplicates: %v", codes)
	if ran.Load() != 1 || codes[200]+codes[409] != 20 || codes[200] < 1 {
		t.Errorf("ran %d, statuses %v", ran.Load(), codes)
	}
	// Sequential retries replay the first response.
	var first string
	for i := 0; i < 3; i++ {
		resp, err := post("dup-1", `"a"`)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Idempotent-Replayed") != "true" || resp.Header.Get("X-Tokens-Charged") != "0" || resp.Header.Get("X-Tokens-Balance") != "99" {
			t.Fatalf("retry %d: %d %v", i, resp.StatusCode, resp.Header)
		}
		if first == "" {
			first = string(b)
		} else if string(b) != first {
			t.Errorf("retry %d body %s, first %s", i, b, first)
		}
	}
	if first != `{"run":1,"listing":"a"}` {
		t.Errorf("replayed body %s", first)
	}
	if resp, _ := post("dup-1", `"b"`); resp.StatusCode != 422 {
		t.Errorf("same key, other body: %d", resp.StatusCode)
	}
	bal, _, _ := f.svc.TokenBalance(ctx, f.org.ID)
	if ran.Load() != 1 || bal != 99 {
		t.Errorf("ran %d, balance %d; want 1 and 99", ran.Load(), bal)
	}
	checkLedger(t, f.svc, f.org.ID)
	// The record lives 24 hours under the organisation's hash tag.
	var rk string
	for _, k := range scanKeys(t, rdb, ns+"{org:"+f.org.ID+"}:idem:*") {
		rk = k
	}
	if ttl, err := rdb.PTTL(ctx, rk).Result(); err != nil || ttl < 23*time.Hour || ttl > 24*time.Hour {
		t.Errorf("idempotency record %q ttl %v %v", rk, ttl, err)
	}
}

// TestTokensMigrateCounters: counters of the layout before organisation hash
// tags are moved (and merged) by keyctl migrate counters.
func TestTokensMigrateCounters(t *testing.T) {
	rdb, ns, store, f := unlimitedKey(t, ratelimit.PlanStarter)
	ctx := context.Background()
	period := ratelimit.PeriodAt(time.Now(), 0).ID()
	old := ns + "use:" + f.key.Meter + ":" + period
	rdb.Set(ctx, old, 40, 72*time.Hour)
	rdb.Set(ctx, old+":postcode.profile", 3, 72*time.Hour)
	// New traffic before the migration runs lands on the new names.
	p, _ := f.svc.Authenticate(ctx, f.secret)
	if r, err := f.svc.Reserve(ctx, p, "x", 2); err != nil || !r.Decision.Allowed {
		t.Fatal(r, err)
	}
	for i := 0; i < 2; i++ { // idempotent
		if _, err := store.MigrateCounters(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := f.usage(t); n != 42 {
		t.Errorf("usage after migration %d, want 40 + 2", n)
	}
	if n, _ := store.Usage(ctx, f.org.ID, f.key.Meter, period, "postcode.profile"); n != 3 {
		t.Errorf("route counter %d, want 3", n)
	}
	if rdb.Exists(ctx, old).Val() != 0 {
		t.Error("old counter left behind")
	}
	if ttl := rdb.PTTL(ctx, ns+"{org:"+f.org.ID+"}:use:"+f.key.Meter+":"+period).Val(); ttl < 71*time.Hour {
		t.Errorf("ttl %v", ttl)
	}
}

// BenchmarkTokensGate measures one token-funded request through the gate on
// the Redis store (reservation script with the ledger entry and the usage
// report); compare BenchmarkRateLimitGate (plan-funded).
func BenchmarkTokensGate(b *testing.B) {
	benchGate(b, "t-tokens-bench:", ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited}, 1_000_000_000)
}

// TestTokensRefundsUnderConcurrency: 200 parallel calls on 100 tokens, half
// of which fail in the handler (refunded): the tokens spent equal the calls
// served, and the ledger (charges and refunds) sums to the balance.
func TestTokensRefundsUnderConcurrency(t *testing.T) {
	store := keysStore(t)
	ctx := context.Background()
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	f.addTokens(t, 100, "x")
	srv := gatedServer(t, store, 1, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("fail") == "1" {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		io.WriteString(w, "ok")
	})
	var i atomic.Int64
	codes := parallel(t, 200, func() (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s?fail=%d", srv.URL, i.Add(1)%2), nil)
		req.Header.Set("Authorization", "Api-Key "+f.secret)
		return http.DefaultClient.Do(req)
	})
	es := checkLedger(t, f.svc, f.org.ID)
	bal, _, _ := f.svc.TokenBalance(ctx, f.org.ID)
	charges, refunds := 0, 0
	for _, e := range es {
		switch e.Kind {
		case ratelimit.LedgerCharge:
			charges++
		case ratelimit.LedgerRefund:
			refunds++
		}
	}
	t.Logf("statuses %v; %d charges, %d refunds, balance %d", codes, charges, refunds, bal)
	if int64(codes[200]) != 100-bal || charges-refunds != codes[200] || codes[500] != refunds {
		t.Errorf("served %d, balance %d, charges %d, refunds %d, 500s %d: tokens spent must equal calls served", codes[200], bal, charges, refunds, codes[500])
	}
	u, _ := f.svc.AccountUsage(ctx, f.org.ID)
	if u.Current.Tokens != int64(codes[200]) || u.Current.Requests != int64(codes[200]) {
		t.Errorf("usage report %+v, served %d", u.Current, codes[200])
	}
}

// TestKeysMigrateLayout: a namespace in the layout before the {dir} and
// {alerts} hash tags (made by renaming a fresh one's keys back) works
// again after keyctl migrate layout: keys authenticate, listings and the
// embed index answer, the alerts stream keeps its events; a second run
// moves nothing; keys written by new traffic before the run are merged.
func TestKeysMigrateLayout(t *testing.T) {
	rdb, ns := keysRedis(t)
	store := ratelimit.NewRedisStore(rdb, ns)
	ctx := context.Background()
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup"}, Origins: []string{"https://shop.example"}})
	asvc := alerts.New(alerts.Config{Redis: rdb, Namespace: ns})
	if _, err := asvc.Append(ctx, []alerts.Event{{OrgID: f.org.ID, AlertID: "a1", Type: alerts.EventListingAdded}}); err != nil {
		t.Fatal(err)
	}
	// Back to the old names.
	moved := 0
	for _, k := range scanKeys(t, rdb, ns+"*") {
		rest := strings.TrimPrefix(k, ns)
		var old string
		switch {
		case strings.HasPrefix(rest, "{dir}:"):
			old = ns + strings.TrimPrefix(rest, "{dir}:")
		case strings.HasPrefix(rest, alerts.KeyTag):
			old = ns + alerts.LegacyPrefix + strings.TrimPrefix(rest, alerts.KeyTag)
		default:
			continue
		}
		if err := rdb.Rename(ctx, k, old).Err(); err != nil {
			t.Fatal(err)
		}
		moved++
	}
	if legacy, err := store.LegacyLayout(ctx); err != nil || !legacy {
		t.Fatalf("legacy layout not detected: %v %v", legacy, err)
	}
	if _, err := f.svc.Authenticate(ctx, f.secret); err == nil {
		t.Fatal("a key of the old layout authenticated before the migration")
	}
	// New traffic before the migration: another organisation (new names).
	f2 := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	n, left, err := store.MigrateLayout(ctx, [2]string{alerts.LegacyPrefix, alerts.KeyTag})
	if err != nil || len(left) != 0 || n != moved {
		t.Fatalf("migrate layout: %d moved (want %d), left %v, %v", n, moved, left, err)
	}
	if n, _, err := store.MigrateLayout(ctx, [2]string{alerts.LegacyPrefix, alerts.KeyTag}); err != nil || n != 0 {
		t.Errorf("second run moved %d: %v", n, err)
	}
	svc := ratelimit.New(store, ratelimit.Options{CacheTTL: -1})
	for _, fx := range []keysFixture{f, f2} {
		if _, err := svc.Authenticate(ctx, fx.secret); err != nil {
			t.Errorf("key of %s after the migration: %v", fx.org.ID, err)
		}
	}
	if orgs, err := store.Orgs(ctx); err != nil || len(orgs) != 2 {
		t.Errorf("organisations after the migration: %d %v", len(orgs), err)
	}
	if ok, err := svc.EmbedOriginKnown(ctx, "address-lookup", "https://shop.example"); err != nil || !ok {
		t.Errorf("embed origin after the migration: %v %v", ok, err)
	}
	if evs, err := asvc.Read(ctx, f.org.ID, "0", 10, 0); err != nil || len(evs) != 1 {
		t.Errorf("alert events after the migration: %d %v", len(evs), err)
	}
	if legacy, _ := store.LegacyLayout(ctx); legacy {
		t.Error("old layout still detected")
	}
}
