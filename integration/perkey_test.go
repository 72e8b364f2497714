//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// BenchmarkPerKeyLookup measures the API's overhead over one direct GET _doc
// , in process and one request at a time, so the difference of
// the two ns/op is the key check, the metering round trip to Redis and the
// record's rendering, without the noise of an HTTP load generator on a
// shared machine. Profile it with
//
//	go test -tags integration -run '^$' -bench PerKeyLookup -cpuprofile cpu.out ./integration/
//
// direct: GET <prefix>properties/_doc/<uprn> through the API's search client
// (the answer read, not decoded, as cmd/bench's direct runs).
// api: GET /api/properties/<uprn> through the whole server (middleware,
// gate on the shared Redis with an Enterprise key, handler).
func BenchmarkPerKeyLookup(b *testing.B) {
	osURL, prefix := testenv.OpenSearchPrefix(b)
	c, err := synth.Collect(synth.Config{Seed: 1, Properties: 200})
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{mappings.IndexProperties, mappings.IndexAddresses, mappings.IndexTitles} {
		fixture.Load(b, osURL, prefix, name, c.Map(name))
	}
	var uprns []string
	for id := range c.Map(mappings.IndexProperties) {
		uprns = append(uprns, id)
	}
	sort.Strings(uprns)

	// Patient timeouts: on the shared test machine a 150 ms stall is load, not the code.
	conn, err := ratelimit.OpenRedis(keysRedisURL(), patientTimeout)
	if err != nil {
		b.Fatal(err)
	}
	rdb := conn.Client
	defer rdb.Close()
	ctx := context.Background()
	if err := rdb.Ping(ctx).Err(); err != nil {
		b.Skip(err)
	}
	ns := "t-keys-perkey-" + prefix[len(prefix)-7:len(prefix)-1] + ":"
	defer deleteNamespace(rdb, ns)
	svc := ratelimit.New(conn.Store(ns), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "bench", 0)
	if err != nil {
		b.Fatal(err)
	}
	_, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanEnterprise})
	if err != nil {
		b.Fatal(err)
	}
	sc := searchClient(b, search.Config{URLs: []string{osURL}})
	// The provenance headers read the indexer's meta index (cached for a
	// minute in a real server); this prefix has none, so give them directly.
	sources := func(context.Context) (map[string]api.DataSource, error) {
		return map[string]api.DataSource{"properties": {Source: "generated", Release: "synth/1 seed 1"}}, nil
	}
	srv := newAPIServer(b, osURL, api.Options{Backend: sc, IndexPrefix: prefix, DataSources: sources,
		Gate: gate.New(svc, gate.Options{}).Wrap})
	serial := newAPIServer(b, osURL, api.Options{Backend: sc, IndexPrefix: prefix, DataSources: sources,
		Gate: gate.New(svc, gate.Options{NoSpeculation: true}).Wrap})
	index := mappings.NewAliases(prefix).Name(mappings.IndexProperties)

	var serve func(srv *api.Server, i int)
	direct := func(i int) {
		// As cmd/bench's direct runs: the raw GET _doc, body read, not decoded.
		if err := sc.Do(ctx, http.MethodGet, "/"+index+"/_doc/"+uprns[i%len(uprns)], nil, nil, nil); err != nil {
			b.Fatalf("direct get: %v", err)
		}
	}
	viaAPI := func(i int) { serve(srv, i) }
	serve = func(srv *api.Server, i int) {
		r := httptest.NewRequest(http.MethodGet, "/api/properties/"+uprns[i%len(uprns)], nil)
		r.Header.Set("Authorization", "Api-Key "+secret)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
	// paired-* alternate one direct GET and one API request (serial: the
	// gate reserves, then serves; speculative: side by side), so both see
	// the same machine load, and report the medians (µs) of each and of
	// their difference: the figures to read on a busy machine.
	for _, v := range []struct {
		name string
		srv  *api.Server
	}{{"serial", serial}, {"speculative", srv}} {
		b.Run("paired-"+v.name, func(b *testing.B) {
			paired(b, direct, func(i int) { serve(v.srv, i) })
		})
	}
	// paired-http: the same pairs over loopback HTTP (the API behind a
	// real net/http server, a keep-alive client asking for identity
	// encoding, as cmd/bench's load generator; the direct side as above):
	// the API's extra hop counted too.
	hs := httptest.NewServer(srv)
	defer hs.Close()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	defer hc.CloseIdleConnections()
	viaHTTP := func(i int) {
		req, _ := http.NewRequest(http.MethodGet, hs.URL+"/api/properties/"+uprns[i%len(uprns)], nil)
		req.Header.Set("Authorization", "Api-Key "+secret)
		req.Header.Set("Accept-Encoding", "identity")
		resp, err := hc.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
	b.Run("paired-http", func(b *testing.B) { paired(b, direct, viaHTTP) })
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			direct(i)
		}
	})
	b.Run("api", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			viaAPI(i)
		}
	})
}

// medianF of xs (sorted in place); 0 for none.
func medianF(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// TestSearchGetSource: the search client's Get reads GET _source on the real
// engine: a document's source exactly, found false for a missing id (also
// one that needs escaping), ErrIndexMissing for an index not loaded.
func TestSearchGetSource(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, map[string]any{
		"EX1 1AE": map[string]any{"postcode": "EX1 1AE", "outcode": "EX1"},
	})
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	ctx := context.Background()
	index := prefix + mappings.IndexPostcodes
	src, found, err := sc.Get(ctx, index, "EX1 1AE")
	if err != nil || !found {
		t.Fatalf("existing: found %v, %v", found, err)
	}
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil || doc["postcode"] != "EX1 1AE" || doc["outcode"] != "EX1" || len(doc) != 2 {
		t.Errorf("source %s (%v)", src, err)
	}
	for _, id := range []string{"EX9 9ZZ", "a/b", "x y"} {
		if src, found, err := sc.Get(ctx, index, id); err != nil || found || src != nil {
			t.Errorf("missing %q: %s found %v, %v", id, src, found, err)
		}
	}
	if _, _, err := sc.Get(ctx, prefix+"nothing", "1"); !errors.Is(err, search.ErrIndexMissing) {
		t.Errorf("missing index: %v, want ErrIndexMissing", err)
	}
	// Concurrent Gets: each answer is its own document, the same bytes
	// the regular client reads.
	docs := map[string]any{}
	for i := 0; i < 20; i++ {
		docs[fmt.Sprintf("id-%d", i)] = map[string]any{"postcode": fmt.Sprintf("id-%d", i), "outcode": "ID"}
	}
	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, docs)
	oindex := prefix + mappings.IndexPostcodes
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 60; i++ {
				id := fmt.Sprintf("id-%d", (g*7+i)%20)
				src, found, err := sc.Get(ctx, oindex, id)
				var doc map[string]any
				if err != nil || !found || json.Unmarshal(src, &doc) != nil || doc["postcode"] != id {
					t.Errorf("%s: %s found %v, %v", id, src, found, err)
					return
				}
				var raw json.RawMessage
				if i%20 == 0 {
					if err := sc.Do(ctx, http.MethodGet, "/"+oindex+"/_source/"+id, nil, nil, &raw); err != nil || string(raw) != string(src) {
						t.Errorf("%s: %s through the regular client, %s through Get (%v)", id, raw, src, err)
					}
				}
			}
		}()
	}
	wg.Wait()
}

// TestKeyRevocationBound: with the in-process key cache (refreshed ahead
// of time for keys in use), a key revoked by another process (keyctl) on
// the shared Redis is refused by an API instance under steady traffic
// within the cache TTL: no request that started later than the TTL after
// the revocation returned is served, and every one after is refused 401.
// The bound follows from the cache's rule (an entry is used until TTL
// after its lookup started, and a lookup that starts after the revocation
// reads it), so it holds however loaded the machine is.
func TestKeyRevocationBound(t *testing.T) {
	rdb, ns := keysRedis(t)
	const ttl = 300 * time.Millisecond
	keyctl := ratelimit.New(ratelimit.NewRedisStore(rdb, ns), ratelimit.Options{})
	org, err := keyctl.CreateOrg(context.Background(), "Revoked Ltd", 0)
	if err != nil {
		t.Fatal(err)
	}
	k, secret, err := keyctl.CreateKey(context.Background(), ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanEnterprise})
	if err != nil {
		t.Fatal(err)
	}
	// One API instance: its own client and cache, a cacheable route (the
	// speculative path).
	svc := ratelimit.New(ratelimit.NewRedisStore(keysPatientClient(t, keysRedisURL()), ns), ratelimit.Options{CacheTTL: ttl})
	h := gate.New(svc, gate.Options{AuthFailuresPerMinute: ratelimit.Unlimited}).Wrap(&api.Route{Name: "properties.get", Method: http.MethodGet, Auth: api.AuthKey, Weight: 1},
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(`{"ok":true}`)) }))
	srv := httptest.NewServer(h)
	defer srv.Close()

	type result struct {
		start  time.Time
		status int
	}
	var mu sync.Mutex
	var results []result
	var revoked atomic.Pointer[time.Time]
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if r := revoked.Load(); r != nil && time.Since(*r) > 3*ttl {
					return
				}
				start := time.Now()
				resp, err := keyedGet(srv.URL, secret)()
				if err != nil {
					t.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				results = append(results, result{start, resp.StatusCode})
				mu.Unlock()
				time.Sleep(2 * time.Millisecond)
			}
		}()
	}
	time.Sleep(2 * ttl) // steady traffic: the entry is renewed ahead of time
	if _, err := keyctl.RevokeKey(context.Background(), k.ID); err != nil {
		t.Fatal(err)
	}
	done := time.Now()
	revoked.Store(&done)
	wg.Wait()
	var before, servedAfter, refusedLate int
	var lastServed time.Duration
	for _, r := range results {
		switch {
		case r.start.Before(done):
			before++
		case r.status == http.StatusOK:
			servedAfter++
			lastServed = max(lastServed, r.start.Sub(done))
			if r.start.Sub(done) >= ttl {
				t.Errorf("served a request that started %s after the revocation (TTL %s)", r.start.Sub(done), ttl)
			}
		case r.status == http.StatusUnauthorized:
			if r.start.Sub(done) >= ttl {
				refusedLate++
			}
		default:
			t.Errorf("status %d", r.status)
		}
	}
	if before == 0 || refusedLate == 0 {
		t.Fatalf("no traffic to judge: %d requests before the revocation, %d refused after the TTL", before, refusedLate)
	}
	t.Logf("%d requests; after the revocation %d were still served (the last started %s after it), all from %s on refused",
		len(results), servedAfter, lastServed.Round(time.Millisecond), ttl)
}

// TestSpeculativeExactOnRedis: on a cacheable keyed lookup (the gate runs
// the handler beside the reservation), 200 parallel calls on a key with 50
// plan calls and 50 tokens left serve exactly 100: 50 charged to the plan,
// 50 to tokens (one ledger charge each), the rest refused with nothing of
// the answer; then handler errors are refunded to the source that paid.
func TestSpeculativeExactOnRedis(t *testing.T) {
	store := keysStore(t)
	ctx := context.Background()
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanStarter, QuotaOverride: 50, RateOverride: ratelimit.Unlimited})
	f.addTokens(t, 50, "overflow")
	var served atomic.Int64
	status := atomic.Int64{}
	status.Store(http.StatusOK)
	rt := &api.Route{Name: "properties.get", Method: http.MethodGet, Auth: api.AuthKey, Weight: 1}
	h := gate.New(ratelimit.New(store, ratelimit.Options{}), gate.Options{}).Wrap(rt, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		w.WriteHeader(int(status.Load()))
		io.WriteString(w, `{"uprn":1}`)
	}))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(api.WithCallInfo(r.Context(), &api.CallInfo{RequestID: "t", Route: rt, Weight: 1})))
	}))
	defer srv.Close()
	codes := parallel(t, 200, keyedGet(srv.URL, f.secret))
	bal, _, _ := f.svc.TokenBalance(ctx, f.org.ID)
	t.Logf("200 parallel calls on 50 plan calls + 50 tokens: %v; handler ran %d times", codes, served.Load())
	if codes[200] != 100 || f.usage(t) != 50 || bal != 0 || codes[402]+codes[429]+codes[503] != 100 {
		t.Errorf("statuses %v, plan usage %d, balance %d; want 100 served, 50, 0", codes, f.usage(t), bal)
	}
	es := checkLedger(t, f.svc, f.org.ID)
	charges := 0
	for _, e := range es {
		if e.Kind == ratelimit.LedgerCharge && e.Route == "properties.get" {
			charges++
		}
	}
	if charges != 50 {
		t.Errorf("%d ledger charges, want 50", charges)
	}
	// Refunds: top up, then a 404 answer is refunded to the tokens.
	f.addTokens(t, 5, "more")
	status.Store(http.StatusNotFound)
	for i := 0; i < 3; i++ {
		resp, err := keyedGet(srv.URL, f.secret)()
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 || resp.Header.Get("X-Call-Weight") != "0" {
			t.Errorf("404: status %d weight %q", resp.StatusCode, resp.Header.Get("X-Call-Weight"))
		}
	}
	if bal, _, _ := f.svc.TokenBalance(ctx, f.org.ID); bal != 5 || f.usage(t) != 50 {
		t.Errorf("after refunded errors: balance %d usage %d, want 5 and 50", bal, f.usage(t))
	}
	checkLedger(t, f.svc, f.org.ID)
}

// paired alternates one direct request and one API request per iteration
// and reports the medians (µs) of each and of their difference.
func paired(b *testing.B, direct, api func(i int)) {
	var d, a, o []float64
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		direct(i)
		t1 := time.Now()
		api(i)
		t2 := time.Now()
		dd, ad := float64(t1.Sub(t0).Microseconds()), float64(t2.Sub(t1).Microseconds())
		d, a, o = append(d, dd), append(a, ad), append(o, ad-dd)
	}
	b.ReportMetric(medianF(d), "direct-p50-µs")
	b.ReportMetric(medianF(a), "api-p50-µs")
	b.ReportMetric(medianF(o), "overhead-p50-µs")
}
