//go:build integration

package integration

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/ratelimit"
)

// keysRedis returns a client on the shared Redis (REDIS_URL, default
// redis://127.0.0.1:6379; keysRedisOverride while a Redis Cluster run is
// on) and a unique namespace deleted after the test. It skips when Redis
// is unreachable, unless CI=true.
func keysRedis(t *testing.T) (redis.UniversalClient, string) {
	t.Helper()
	u := keysRedisURL()
	rdb := keysPatientClient(t, u)
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis %s: %v", u, err)
		}
		t.Skipf("redis %s unreachable: %v", u, err)
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	ns := "t-keys-" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() { deleteNamespace(rdb, ns) })
	return rdb, ns
}

// keysRedisOverride, when set, is the REDIS_URL of the key gate's tests:
// TestRedisClusterRateLimit runs them against its own Redis Cluster.
var keysRedisOverride string

// keysRedisURL is keysRedisOverride, REDIS_URL or the local default.
func keysRedisURL() string {
	if keysRedisOverride != "" {
		return keysRedisOverride
	}
	if u := os.Getenv("REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379"
}

// keysPatientClient has the production settings but longer timeouts: on a
// loaded test machine a 150 ms timeout turns into 503s, which the outage
// tests cover; the exactness tests must not depend on machine load.
func keysPatientClient(t *testing.T, url string) redis.UniversalClient {
	t.Helper()
	return newKeysClient(t, url, patientTimeout)
}

// patientTimeout is keysPatientClient's read, write and pool timeout.
const patientTimeout = testenv.PatientTimeout

// keysClient has the production settings.
func keysClient(t *testing.T, url string) redis.UniversalClient {
	t.Helper()
	return newKeysClient(t, url, 0)
}

// newKeysClient is the production constructor (ratelimit.OpenRedis) for
// url, with timeout as its timeouts when it is not 0; closed after the test.
func newKeysClient(t *testing.T, url string, timeout time.Duration) redis.UniversalClient {
	t.Helper()
	c, err := ratelimit.OpenRedis(url, timeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c.Client
}

// keysFixture is an organisation with a key on a namespace.
type keysFixture struct {
	svc    *ratelimit.Service
	org    ratelimit.Org
	key    ratelimit.Key
	secret string
}

func newKeysFixture(t *testing.T, store ratelimit.Store, spec ratelimit.KeySpec) keysFixture {
	t.Helper()
	ctx := context.Background()
	svc := ratelimit.New(store, ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "Integration Ltd", 0)
	if err != nil {
		t.Fatal(err)
	}
	spec.OrgID = org.ID
	k, secret, err := svc.CreateKey(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	return keysFixture{svc: svc, org: org, key: k, secret: secret}
}

func (f keysFixture) usage(t *testing.T) int {
	t.Helper()
	n, err := f.svc.Store().Usage(context.Background(), f.org.ID, f.key.Meter, ratelimit.PeriodAt(time.Now(), f.org.AnchorDay).ID(), "")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// gatedServer serves one synthetic route of the given weight through the
// gate of a fresh service (its own lookup cache: one API instance).
func gatedServer(t *testing.T, store ratelimit.Store, weight int, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	g := gate.New(ratelimit.New(store, ratelimit.Options{}), gate.Options{})
	srv := httptest.NewServer(g.Wrap(&api.Route{Name: "test.charge", Auth: api.AuthKey, Weight: weight}, h))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, hdr ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

func TestRateLimitExactUnderConcurrency(t *testing.T) {
	store := keysStore(t)
	// 100 calls left, no per-second limit in the way.
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanFree, QuotaOverride: 100, RateOverride: ratelimit.Unlimited})
	var served atomic.Int64
	srv := countingServer(t, store, &served)
	codes := parallel(t, 200, keyedGet(srv.URL, f.secret))
	// Exactly 100 succeed. The others are refused: 429, or 503 when Redis
	// does not answer within its timeout on a loaded machine (fail closed).
	if codes[200] != 100 || codes[429]+codes[503] != 100 || served.Load() != 100 {
		t.Errorf("statuses %v, handler ran %d times; want 100 × 200 and 100 refused (429, or 503 fail-closed)", codes, served.Load())
	}
	if codes[503] > 0 {
		t.Logf("%d of the refusals were fail-closed 503s (Redis timeouts under load)", codes[503])
	}
	if got := f.usage(t); got != 100 {
		t.Errorf("usage %d, want 100", got)
	}
}

func TestRateLimitRefundOnErrors(t *testing.T) {
	store := keysStore(t)
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanStarter, RateOverride: ratelimit.Unlimited})
	srv := gatedServer(t, store, 5, func(w http.ResponseWriter, r *http.Request) {
		st, _ := strconv.Atoi(r.URL.Query().Get("status"))
		w.WriteHeader(st)
	})
	want := 0
	for _, st := range []int{200, 404, 422, 200, 500, 503, 204} {
		resp, _ := get(t, fmt.Sprintf("%s?status=%d", srv.URL, st), "Authorization", "Api-Key "+f.secret)
		if resp.StatusCode != st {
			t.Fatalf("status %d, want %d", resp.StatusCode, st)
		}
		weight := "5"
		if st >= 400 {
			weight = "0"
		} else {
			want += 5
		}
		if resp.Header.Get("X-Call-Weight") != weight || resp.Header.Get("X-RateLimit-Remaining") != strconv.Itoa(2000-want) || resp.Header.Get("X-RateLimit-Limit") != "2000" {
			t.Errorf("status %d: headers %v", st, resp.Header)
		}
		if got := f.usage(t); got != want {
			t.Errorf("after %d: usage %d, want %d", st, got, want)
		}
	}
	reset, _ := strconv.ParseInt(func() string {
		r, _ := get(t, srv.URL+"?status=200", "Authorization", "Api-Key "+f.secret)
		return r.Header.Get("X-RateLimit-Reset")
	}(), 10, 64)
	if want := ratelimit.PeriodAt(time.Now(), 0).End.Unix(); reset != want {
		t.Errorf("X-RateLimit-Reset %d, want %d", reset, want)
	}
}

func TestRateLimitRevocationSeenByAnotherInstance(t *testing.T) {
	rdb, ns := keysRedis(t)
	f := newKeysFixture(t, ratelimit.NewRedisStore(rdb, ns), ratelimit.KeySpec{Plan: ratelimit.PlanScale})
	ok := func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }
	// Two API instances, each with its own client and lookup cache.
	a := gatedServer(t, ratelimit.NewRedisStore(keysPatientClient(t, keysRedisURL()), ns), 1, ok)
	b := gatedServer(t, ratelimit.NewRedisStore(keysPatientClient(t, keysRedisURL()), ns), 1, ok)
	for _, s := range []*httptest.Server{a, b} {
		if resp, _ := get(t, s.URL, "Authorization", "Api-Key "+f.secret); resp.StatusCode != 200 {
			t.Fatalf("before revocation: %d", resp.StatusCode)
		}
	}
	if _, err := f.svc.RevokeKey(context.Background(), f.key.ID); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	for i, s := range []*httptest.Server{a, b} {
		resp, body := get(t, s.URL, "Authorization", "Api-Key "+f.secret)
		if resp.StatusCode != 401 {
			t.Errorf("instance %d, 1 s after revocation: %d %s", i, resp.StatusCode, body)
		}
	}
}

// ownRedis starts a private redis-server with an AOF on a free port, so the
// test can kill and restart it without touching the shared one.
type ownRedis struct {
	t    *testing.T
	port int
	dir  string
	cmd  *exec.Cmd
}

func startOwnRedis(t *testing.T, port int, dir string) *ownRedis {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not installed")
	}
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "",
		"--appendonly", "yes", "--appendfsync", "always", "--dir", dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &ownRedis{t: t, port: port, dir: dir, cmd: cmd}
	t.Cleanup(r.kill)
	c := redis.NewClient(&redis.Options{Addr: r.addr()})
	defer c.Close()
	for i := 0; i < 100; i++ {
		if c.Ping(context.Background()).Err() == nil {
			return r
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("own redis on %d did not start", port)
	return nil
}

func (r *ownRedis) addr() string { return "127.0.0.1:" + strconv.Itoa(r.port) }

func (r *ownRedis) kill() {
	if r.cmd != nil && r.cmd.Process != nil {
		_ = r.cmd.Process.Kill()
		_ = r.cmd.Wait()
		r.cmd = nil
	}
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestRateLimitRedisOutage(t *testing.T) {
	g := newOwnRedisGate(t, "t-outage:")
	own, f, srv, served, auth := g.own, g.f, g.srv, &g.served, g.auth
	successes := 0
	for i := 0; i < 5; i++ {
		if resp, _ := get(t, srv.URL, auth...); resp.StatusCode == 200 {
			successes++
		}
	}
	if successes != 5 {
		t.Fatalf("before the outage: %d of 5 served", successes)
	}

	own.kill()
	servedBefore := served.Load()
	slowest := g.slowest(t, 10, func(resp *http.Response, body string) {
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("redis down: %d %s, want 503 with Retry-After", resp.StatusCode, body)
		}
	})
	t.Logf("slowest 503 while redis was down: %v", slowest)
	if served.Load() != servedBefore {
		t.Fatalf("the handler ran %d times while redis was down", served.Load()-servedBefore)
	}

	// Redis returns (same port, same AOF): the gate recovers by itself.
	startOwnRedis(t, g.port, g.dir)
	recovered := false
	for i := 0; i < 100 && !recovered; i++ {
		resp, _ := get(t, srv.URL, auth...)
		switch resp.StatusCode {
		case 200:
			successes++
			recovered = true
		case 503:
			time.Sleep(50 * time.Millisecond)
		default:
			t.Fatalf("during recovery: %d", resp.StatusCode)
		}
	}
	if !recovered {
		t.Fatal("no recovery within 5 s of redis returning")
	}
	for i := 0; i < 5; i++ {
		if resp, _ := get(t, srv.URL, auth...); resp.StatusCode == 200 {
			successes++
		}
	}
	if got := f.usage(t); got != successes || int(served.Load()) != successes {
		t.Errorf("usage %d, handler ran %d, 200s %d: every success must be charged exactly once", got, served.Load(), successes)
	}
}

func TestRateLimitPublicKeyOrigins(t *testing.T) {
	store := keysStore(t)
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup"}, Origins: []string{"https://estate.example.com"}})
	g := gate.New(ratelimit.New(store, ratelimit.Options{}), gate.Options{})
	srv := httptest.NewServer(newAPIServer(t, "", api.Options{Backend: keysBackend(t), Gate: g.Wrap, IndexPrefix: "t-keys-none-"}))
	t.Cleanup(srv.Close)
	url := srv.URL + "/api/embed/v2/address-lookup/find?q=downing"
	auth := "Public-Key " + f.secret

	resp, body := get(t, url, "Authorization", auth, "Origin", "https://attacker.example.net")
	if resp.StatusCode != 403 || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("foreign origin: %d %s, CORS %q", resp.StatusCode, body, resp.Header.Get("Access-Control-Allow-Origin"))
	}
	req, _ := http.NewRequest(http.MethodOptions, url, nil)
	req.Header.Set("Origin", "https://estate.example.com")
	req.Header.Set("Access-Control-Request-Method", "GET")
	req.Header.Set("Access-Control-Request-Headers", "authorization")
	pre, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	pre.Body.Close()
	if pre.StatusCode != 204 || pre.Header.Get("Access-Control-Allow-Origin") != "https://estate.example.com" {
		t.Errorf("preflight from the allowed origin: %d %v", pre.StatusCode, pre.Header)
	}

	resp, body = get(t, url, "Authorization", auth, "Origin", "https://estate.example.com")
	if resp.StatusCode == 401 || resp.StatusCode == 403 || resp.StatusCode == 429 {
		t.Fatalf("allowed origin refused: %d %s", resp.StatusCode, body)
	}
	if resp.Header.Get("Access-Control-Allow-Origin") != "https://estate.example.com" || resp.Header.Get("X-RateLimit-Limit") != "2000" {
		t.Errorf("allowed origin: headers %v", resp.Header)
	}
	// address.find weighs 2, charged to the public key's meter when served;
	// refunded when the relayed handler answers an error.
	want := 0
	if resp.StatusCode < 400 {
		want = 2
	}
	if got := f.usage(t); got != want || resp.Header.Get("X-Call-Weight") != strconv.Itoa(want) {
		t.Errorf("status %d: usage %d, X-Call-Weight %s, want %d", resp.StatusCode, got, resp.Header.Get("X-Call-Weight"), want)
	}
}

func TestRateLimitRedisStalled(t *testing.T) {
	g := newOwnRedisGate(t, "t-stall:")
	own, f, srv, served, auth := g.own, g.f, g.srv, &g.served, g.auth
	if resp, _ := get(t, srv.URL, auth...); resp.StatusCode != 200 {
		t.Fatalf("before the stall: %d", resp.StatusCode)
	}
	// A stalled Redis (SIGSTOP) accepts connections but never answers.
	if err := own.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	slowest := g.slowest(t, 3, func(resp *http.Response, body string) {
		if resp.StatusCode != 503 {
			t.Errorf("redis stalled: %d %s, want 503", resp.StatusCode, body)
		}
	})
	t.Logf("slowest 503 while redis was stalled: %v", slowest)
	if served.Load() != 1 {
		t.Errorf("the handler ran while redis was stalled")
	}
	if err := own.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	ok := 1
	for i := 0; i < 100; i++ {
		resp, _ := get(t, srv.URL, auth...)
		if resp.StatusCode == 200 {
			ok++
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if ok != 2 {
		t.Fatal("no recovery after the stall")
	}
	// A reservation that timed out on the client may still have run when
	// Redis woke up: over-charging is possible, serving uncharged is not.
	if got := f.usage(t); got < ok || int(served.Load()) != ok {
		t.Errorf("usage %d, handler ran %d, successes %d", got, served.Load(), ok)
	}
	t.Logf("usage %d for %d successes (timed-out reservations that ran late are charged)", f.usage(t), ok)
}

// TestRateLimitErrorPaths runs every refusal of the gate through the real
// server on the Redis store: status, code, the limit named, and headers.
func TestRateLimitErrorPaths(t *testing.T) {
	store := keysStore(t)
	ctx := context.Background()
	svc := ratelimit.New(store, ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "Paths Ltd", 0)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(spec ratelimit.KeySpec) (ratelimit.Key, string) {
		spec.OrgID = org.ID
		k, s, err := svc.CreateKey(ctx, spec)
		if err != nil {
			t.Fatal(err)
		}
		return k, s
	}
	_, starter := mk(ratelimit.KeySpec{Plan: ratelimit.PlanStarter, RateOverride: ratelimit.Unlimited})
	revokedKey, revoked := mk(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	if _, err := svc.RevokeKey(ctx, revokedKey.ID); err != nil {
		t.Fatal(err)
	}
	_, free := mk(ratelimit.KeySpec{Plan: ratelimit.PlanFree, RateOverride: ratelimit.Unlimited})
	spent, spentSecret := mk(ratelimit.KeySpec{Plan: ratelimit.PlanFree, RateOverride: ratelimit.Unlimited})
	profiled, profiledSecret := mk(ratelimit.KeySpec{Plan: ratelimit.PlanFree, RateOverride: ratelimit.Unlimited})
	_, slow := mk(ratelimit.KeySpec{Plan: ratelimit.PlanFree})
	_, pub := mk(ratelimit.KeySpec{Plan: ratelimit.PlanFree, Kind: ratelimit.KindPublic, Tools: []string{"mortgage"}, Origins: []string{"https://ok.example.com"}})
	period := ratelimit.PeriodAt(time.Now(), 0)
	ttl := time.Until(period.End) + time.Hour
	if _, err := store.Adjust(ctx, ratelimit.Adjustment{OrgID: org.ID, Meter: spent.Meter, Period: period.ID(), TTL: ttl, Delta: 99}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Adjust(ctx, ratelimit.Adjustment{OrgID: org.ID, Meter: profiled.Meter, Period: period.ID(), TTL: ttl, Delta: 25, Route: "postcode.profile", RouteDelta: 25}); err != nil {
		t.Fatal(err)
	}
	unknown, _, _ := ratelimit.NewKey(ratelimit.KindSecret)
	g := gate.New(ratelimit.New(store, ratelimit.Options{}), gate.Options{})
	srv := httptest.NewServer(newAPIServer(t, "", api.Options{Backend: keysBackend(t), Gate: g.Wrap, IndexPrefix: "t-keys-none-"}))
	t.Cleanup(srv.Close)

	tests := []struct {
		name, path string
		hdr        []string
		status     int
		code       string
		limit      string
		headers    bool
	}{
		{"missing key", "/api/flood-risk?uprn=100023336956", nil, 401, "authentication_required", "", false},
		{"bearer", "/api/flood-risk", []string{"Authorization", "Bearer " + starter}, 401, "authentication_required", "", false},
		{"typo", "/api/flood-risk", []string{"Authorization", "Api-Key " + typo(starter)}, 401, "authentication_required", "", false},
		{"unknown", "/api/flood-risk", []string{"Authorization", "Api-Key " + unknown}, 401, "authentication_required", "", false},
		{"revoked", "/api/flood-risk?api_key=" + revoked, nil, 401, "authentication_required", "", false},
		{"public key on api", "/api/flood-risk", []string{"Authorization", "Api-Key " + pub}, 401, "authentication_required", "", false},
		{"plan gate schools", "/api/schools/nearby?postcode=EX1%201AA", []string{"Authorization", "Api-Key " + free}, 403, "endpoint_not_allowed", "", true},
		{"plan gate amenities", "/api/amenities/nearby?uprn=100023336956", []string{"Authorization", "Api-Key " + free}, 403, "endpoint_not_allowed", "", true},
		{"monthly quota", "/api/address/retrieve/100023336956", []string{"Authorization", "Api-Key " + spentSecret}, 429, "rate_limit_exceeded", "monthly_quota", true},
		{"route quota", "/api/postcode-profile?postcode=EX1%201AA", []string{"Authorization", "Api-Key " + profiledSecret}, 429, "rate_limit_exceeded", "monthly_route_quota", true},
		{"foreign origin", "/api/embed/v2/mortgage", []string{"Authorization", "Public-Key " + pub, "Origin", "https://bad.example.com"}, 403, "origin_not_allowed", "", false},
		{"tool out of scope", "/api/embed/v2/stamp-duty", []string{"Authorization", "Public-Key " + pub, "Origin", "https://ok.example.com"}, 403, "endpoint_not_allowed", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, srv.URL+tc.path, tc.hdr...)
			if resp.StatusCode != tc.status || !strings.Contains(body, `"code":"`+tc.code+`"`) {
				t.Fatalf("got %d %s, want %d %s", resp.StatusCode, body, tc.status, tc.code)
			}
			if tc.limit != "" && (!strings.Contains(body, `"limit":"`+tc.limit+`"`) || resp.Header.Get("Retry-After") == "") {
				t.Errorf("429 must name %s and carry Retry-After: %v %s", tc.limit, resp.Header, body)
			}
			if got := resp.Header.Get("X-RateLimit-Limit") != ""; got != tc.headers {
				t.Errorf("rate headers present %v, want %v", got, tc.headers)
			}
			if tc.headers && (resp.Header.Get("X-Call-Weight") != "0" || resp.Header.Get("X-RateLimit-Reset") != strconv.FormatInt(period.End.Unix(), 10)) {
				t.Errorf("headers %v", resp.Header)
			}
		})
	}
	t.Run("per second", func(t *testing.T) {
		var codes []int
		for i := 0; i < 4; i++ {
			resp, body := get(t, srv.URL+"/api/ping", "Authorization", "Api-Key "+slow)
			codes = append(codes, resp.StatusCode)
			if resp.StatusCode == 429 && (!strings.Contains(body, `"limit":"per_second"`) || resp.Header.Get("Retry-After") != "1") {
				t.Errorf("429 %v %s", resp.Header, body)
			}
		}
		// Free allows 2 a second; 4 calls cross at most one second boundary.
		if n := statusCount(codes, 429); n < 1 {
			t.Errorf("statuses %v: no per-second refusal", codes)
		}
	})
	t.Run("anonymous per IP", func(t *testing.T) {
		var codes []int
		for i := 0; i < 6; i++ {
			resp, _ := get(t, srv.URL+"/api/boundaries/autocomplete?q=exe")
			codes = append(codes, resp.StatusCode)
		}
		if statusCount(codes, 429) < 1 {
			t.Errorf("statuses %v: no per-IP refusal", codes)
		}
	})
}

// typo changes one character of a key.
func typo(k string) string {
	c := byte('0')
	if k[20] == '0' {
		c = '1'
	}
	return k[:20] + string(c) + k[21:]
}

func statusCount(xs []int, v int) int {
	n := 0
	for _, x := range xs {
		if x == v {
			n++
		}
	}
	return n
}

// BenchmarkRateLimitGate measures one authenticated, charged request through
// the gate on the Redis store (lookup cached, one script call).
func BenchmarkRateLimitGate(b *testing.B) {
	benchGate(b, "t-keys-bench:", ratelimit.KeySpec{Plan: ratelimit.PlanEnterprise}, 0)
}

// keysBackend is a real search client; the gate tests' prefix has no
// indices, so data routes answer 503 (and are refunded).
func keysBackend(t *testing.T) api.Backend {
	t.Helper()
	return searchClient(t, search.Config{URLs: []string{testenv.OpenSearchURL(t)}})
}

// TestRateLimitRedisListings: the Redis store lists organisations and an
// organisation's keys (oldest first) from its sets.
func TestRateLimitRedisListings(t *testing.T) {
	store := keysStore(t)
	a := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanFree})
	ctx := context.Background()
	_, _, err := a.svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: a.org.ID, Plan: ratelimit.PlanStarter})
	if err != nil {
		t.Fatal(err)
	}
	b := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanPro})
	orgs, err := store.Orgs(ctx)
	if err != nil || len(orgs) != 2 {
		t.Fatalf("orgs %+v %v, want 2", orgs, err)
	}
	if got := map[string]bool{orgs[0].ID: true, orgs[1].ID: true}; !got[a.org.ID] || !got[b.org.ID] {
		t.Errorf("orgs %+v, want %s and %s", orgs, a.org.ID, b.org.ID)
	}
	keys, err := store.OrgKeys(ctx, a.org.ID)
	if err != nil || len(keys) != 2 || keys[0].ID != a.key.ID || keys[1].Plan != ratelimit.PlanStarter {
		t.Errorf("keys of %s: %+v %v, want the Free key then the Starter key", a.org.ID, keys, err)
	}
	if keys, err := store.OrgKeys(ctx, "org_none"); err != nil || len(keys) != 0 {
		t.Errorf("keys of an unknown organisation: %+v %v", keys, err)
	}
}
