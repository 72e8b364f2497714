//go:build integration

package integration

// The fast subset of the reliability suite (runs in `make test`): keys never
// logged, CORS only for allowed origins on the relay, size limits and slow
// clients against the real propertyapi binary.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestReliabilityKeysNeverLogged sends every kind of credential, valid and
// not, in the header and in ?api_key=, to open, keyed and relay routes, over
// a backend whose indices are missing (so handlers fail and log errors), and
// requires that no key appears in the API log and that api_key values are
// logged as REDACTED.
func TestReliabilityKeysNeverLogged(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	a := newRelAPI(t, []string{osURL}, prefix, ratelimit.NewMemoryStore(), search.Config{})
	ctx := context.Background()
	_, pub, err := a.svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: a.org.ID, Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup"}, Origins: []string{"https://estate.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	revokedKey, revoked, err := a.svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: a.org.ID, Plan: ratelimit.PlanStarter})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.svc.RevokeKey(ctx, revokedKey.ID); err != nil {
		t.Fatal(err)
	}
	unknown, _, _ := ratelimit.NewKey(ratelimit.KindSecret)
	mistyped := typo(a.secret)
	a.log.track(pub, revoked, unknown, mistyped)

	paths := []string{"/api/address/find?q=high+street", "/api/flood-risk?uprn=100023336956", "/api/properties/100023336956",
		"/api/ping", "/api/nope", "/api/embed/v2/address-lookup/find?q=mill"}
	sent := 0
	for _, p := range paths {
		for _, k := range []string{a.secret, pub, revoked, unknown, mistyped} {
			for _, scheme := range []string{"Api-Key", "Public-Key", "Bearer"} {
				resp, _ := get(t, a.srv.URL+p, "Authorization", scheme+" "+k, "Origin", "https://estate.example.com")
				if resp.StatusCode >= 500 && resp.StatusCode != 503 {
					t.Errorf("%s with %s: %d", p, scheme, resp.StatusCode)
				}
				sent++
			}
			sep := "?"
			if strings.Contains(p, "?") {
				sep = "&"
			}
			for _, param := range []string{"api_key", "key", "public_key"} {
				resp, _ := get(t, a.srv.URL+p+sep+param+"="+url.QueryEscape(k))
				if resp.StatusCode >= 500 && resp.StatusCode != 503 {
					t.Errorf("%s?%s: %d", p, param, resp.StatusCode)
				}
				sent++
			}
		}
	}
	logText := a.log.text()
	redacted := strings.Count(logText, "api_key=REDACTED")
	relFigure(t, "requests carrying a credential", strconv.Itoa(sent), "-", true)
	relFigure(t, "access lines with api_key=REDACTED", strconv.Itoa(redacted), fmt.Sprintf("≥ %d", len(paths)*5), redacted >= len(paths)*5)
	if !strings.Contains(logText, `"key_prefix":"ukpd_live_`) {
		t.Errorf("access log does not identify the key by prefix")
	}
}

// TestReliabilityCORS: the relay answers CORS only for an allowed origin;
// no other route ever sends Access-Control-Allow-Origin.
func TestReliabilityCORS(t *testing.T) {
	osURL := testenv.OpenSearchURL(t)
	a := newRelAPI(t, []string{osURL}, testenv.IndexPrefix(t), ratelimit.NewMemoryStore(), search.Config{})
	_, pub, err := a.svc.CreateKey(context.Background(), ratelimit.KeySpec{OrgID: a.org.ID, Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup"}, Origins: []string{"https://estate.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	a.log.track(pub)
	const good, bad = "https://estate.example.com", "https://attacker.example.net"
	relay := a.srv.URL + "/api/embed/v2/address-lookup/find?q=mill"
	do := func(method, u string, hdr ...string) *http.Response {
		req, _ := http.NewRequest(method, u, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	tests := []struct {
		name, method, url string
		hdr               []string
		acao              string
		status            int // 0: neither 401/403 nor a 5xx other than 503 (no indices here)
	}{
		{"relay, allowed origin", "GET", relay, []string{"Authorization", "Public-Key " + pub, "Origin", good}, good, 0},
		{"relay, foreign origin", "GET", relay, []string{"Authorization", "Public-Key " + pub, "Origin", bad}, "", 403},
		{"relay, null origin", "GET", relay, []string{"Authorization", "Public-Key " + pub, "Origin", "null"}, "", 403},
		{"relay, no origin", "GET", relay, []string{"Authorization", "Public-Key " + pub}, "", 403},
		{"relay, origin suffix trick", "GET", relay, []string{"Authorization", "Public-Key " + pub, "Origin", good + ".attacker.net"}, "", 403},
		{"relay preflight, allowed", "OPTIONS", relay, []string{"Origin", good, "Access-Control-Request-Method", "GET"}, good, 204},
		{"relay preflight, foreign", "OPTIONS", relay, []string{"Origin", bad, "Access-Control-Request-Method", "GET"}, "", 403},
		{"relay, secret key", "GET", relay, []string{"Authorization", "Api-Key " + a.secret, "Origin", good}, good, 401}, // readable error for a known site
		{"api route, allowed origin", "GET", a.srv.URL + "/api/address/find?q=mill", []string{"Authorization", "Api-Key " + a.secret, "Origin", good}, "", 0},
		{"api route, public key", "GET", a.srv.URL + "/api/address/find?q=mill", []string{"Authorization", "Public-Key " + pub, "Origin", good}, "", 401},
		{"api route preflight", "OPTIONS", a.srv.URL + "/api/address/find?q=mill", []string{"Origin", good, "Access-Control-Request-Method", "GET"}, "", 405},
	}
	failures := 0
	for _, tc := range tests {
		resp := do(tc.method, tc.url, tc.hdr...)
		got := resp.Header.Get("Access-Control-Allow-Origin")
		ok := got == tc.acao
		if tc.status != 0 {
			ok = ok && resp.StatusCode == tc.status
		} else {
			ok = ok && (resp.StatusCode < 500 || resp.StatusCode == 503) && resp.StatusCode != 401 && resp.StatusCode != 403
		}
		if tc.acao == "" && resp.Header.Get("Access-Control-Allow-Credentials") != "" {
			ok = false
		}
		if !ok {
			failures++
			t.Errorf("%s: status %d, Access-Control-Allow-Origin %q; want %d, %q", tc.name, resp.StatusCode, got, tc.status, tc.acao)
		}
	}
	relFigure(t, "CORS cases answered as specified", fmt.Sprintf("%d of %d", len(tests)-failures, len(tests)), "all", failures == 0)
}

// apiBinary builds cmd/propertyapi once per test binary run into a temp dir.
func apiBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "propertyapi")
	cmd := exec.Command("go", "build", "-o", bin, "../cmd/propertyapi")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/propertyapi: %v\n%s", err, out)
	}
	return bin
}

// runAPIBinary starts the real server (its own http.Server settings) on a
// free loopback port with the in-process key store and a development key,
// and returns its base URL and a function that returns its log so far.
func runAPIBinary(t *testing.T, osURL, prefix, devKey string) (string, func() string) {
	t.Helper()
	bin := apiBinary(t)
	port := freePort(t)
	logPath := filepath.Join(t.TempDir(), "propertyapi.log")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "LISTEN_ADDR=127.0.0.1:"+strconv.Itoa(port), "OPENSEARCH_URL="+osURL, "REDIS_URL=memory",
		"INDEX_PREFIX="+prefix, "LOG_LEVEL=debug", "DEV_API_KEY="+devKey, "DEV_API_KEY_PLAN=enterprise", "ANON_RATE_PER_SECOND=-1")
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		f.Close()
		if dir := os.Getenv("RELIABILITY_LOGS"); dir != "" {
			b, _ := os.ReadFile(logPath)
			_ = os.WriteFile(filepath.Join(dir, t.Name()+".binary.log"), b, 0o644)
		}
	})
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	for i := 0; i < 200; i++ {
		if resp, err := http.Get(base + "/api/ping"); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	return base, func() string { b, _ := os.ReadFile(logPath); return string(b) }
}

// TestReliabilityServerLimits runs the real binary and checks the limits of
// its http.Server and middleware: query length, header size, body size, a
// client that sends its headers one byte a second (cut off by
// ReadHeaderTimeout), and that the development key never reaches its log.
func TestReliabilityServerLimits(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	devKey, _, err := ratelimit.NewKey(ratelimit.KindSecret)
	if err != nil {
		t.Fatal(err)
	}
	base, logText := runAPIBinary(t, osURL, prefix, devKey)
	auth := []string{"Authorization", "Api-Key " + devKey}

	t.Run("query length", func(t *testing.T) {
		resp, body := get(t, base+"/api/address/find?q="+strings.Repeat("a", 5000), auth...)
		ok := resp.StatusCode == http.StatusRequestURITooLong && strings.Contains(body, `"code":"request_too_large"`)
		relFigure(t, "5,000-byte query string", strconv.Itoa(resp.StatusCode), "414 request_too_large", ok)
		if !ok {
			t.Errorf("got %d %s", resp.StatusCode, body)
		}
	})
	t.Run("header size", func(t *testing.T) {
		resp, _ := get(t, base+"/api/ping", "X-Padding", strings.Repeat("p", 32<<10))
		ok := resp.StatusCode == http.StatusRequestHeaderFieldsTooLarge
		relFigure(t, "32 KiB request header", strconv.Itoa(resp.StatusCode), "431", ok)
		if !ok {
			t.Errorf("got %d", resp.StatusCode)
		}
	})
	t.Run("body size", func(t *testing.T) {
		big := `{"listing_id":"` + strings.Repeat("x", 8<<20) + `"}`
		req, _ := http.NewRequest(http.MethodPost, base+"/api/listing-address", strings.NewReader(big))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(auth[0], auth[1])
		resp, err := http.DefaultClient.Do(req)
		status := 0
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			status = resp.StatusCode
		}
		// The server may also close the connection once it has refused
		// the body: a transport error after a response is fine; a 5xx is not.
		ok := (status >= 400 && status < 500) || (err != nil && status == 0)
		relFigure(t, "8 MiB JSON body to listing-address", fmt.Sprintf("%d %v", status, errOrNil(err)), "4xx", ok)
		if !ok {
			t.Errorf("status %d err %v", status, err)
		}
	})
	t.Run("slow headers", func(t *testing.T) {
		conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		start := time.Now()
		closed := make(chan time.Duration, 1)
		go func() {
			buf := make([]byte, 512)
			for {
				_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
				if _, err := conn.Read(buf); err != nil {
					closed <- time.Since(start)
					return
				}
			}
		}()
		req := "GET /api/ping HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + strings.Repeat("s", 40) + "\r\n\r\n"
		var cut time.Duration = -1
	send:
		for i := 0; i < len(req); i++ {
			select {
			case cut = <-closed:
				break send
			case <-time.After(time.Second):
			}
			if _, err := conn.Write([]byte{req[i]}); err != nil {
				cut = time.Since(start)
				break
			}
		}
		if cut < 0 {
			select {
			case cut = <-closed:
			case <-time.After(5 * time.Second):
			}
		}
		ok := cut > 0 && cut < 15*time.Second
		relFigure(t, "client sending headers at 1 byte/s cut off after", ms(cut), "ReadHeaderTimeout 5 s (< 15 s)", ok)
		if !ok {
			t.Errorf("slow client not cut off (%v)", cut)
		}
	})
	t.Run("keys in log", func(t *testing.T) {
		for _, p := range []string{"/api/address/find?q=x&api_key=" + devKey, "/api/flood-risk?api_key=" + devKey, "/api/nope?api_key=" + devKey} {
			get(t, base+p)
			get(t, base+p, auth...)
		}
		text := logText()
		leak := strings.Contains(text, devKey) || strings.Contains(text, keySecretPart(devKey))
		lines := len(strings.Split(strings.TrimSpace(text), "\n"))
		relFigure(t, "development key in the binary's log", fmt.Sprintf("%v (%d lines)", leak, lines), "false", !leak)
		if leak {
			t.Error("the development key appears in the server log")
		}
		if !strings.Contains(text, "api_key=REDACTED") {
			t.Error("no api_key=REDACTED in the access log")
		}
	})
}

func errOrNil(err error) string {
	if err == nil {
		return ""
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return "(connection closed)"
	}
	s := err.Error()
	if r := bufio.NewScanner(strings.NewReader(s)); r.Scan() {
		s = r.Text()
	}
	return "(" + s + ")"
}

// failingPIT fails every point-in-time page after the first: an export cut
// off mid-stream after its headers and first rows were sent.
type failingPIT struct {
	api.Backend
	pages atomic.Int32
}

func (f *failingPIT) SearchPIT(ctx context.Context, body any) (*search.Response, error) {
	if f.pages.Add(1) > 1 {
		return nil, errors.New("injected: engine lost mid-export")
	}
	return f.Backend.SearchPIT(ctx, body)
}

// TestReliabilityExportAbortCharged: an export whose response started and
// was then cut off (http.ErrAbortHandler: a failed write or a failed page)
// is settled at the weight committed with its headers, on the real Redis
// store, not refunded; token-funded exports likewise keep their charge in
// the ledger. Asking for more rows than needed and dropping the connection
// is not a free export.
func TestReliabilityExportAbortCharged(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ls := expListings(1100)
	fixture.Load(t, osURL, prefix, mappings.IndexListings, fixture.Docs(ls, func(l mappings.Listing) string { return l.ID }))
	fixture.Load(t, osURL, prefix, mappings.IndexBoundaries, map[string]any{"42": expBoundary()})
	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, map[string]any{"EX1 1AA": mappings.Postcode{Postcode: "EX1 1AA",
		Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}}})
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewRedisStore(testenv.RedisClient(t), testenv.RedisKeyPrefix(t)), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "Abort Ltd", 0)
	if err != nil {
		t.Fatal(err)
	}
	k, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanPro})
	if err != nil {
		t.Fatal(err)
	}
	fb := &failingPIT{Backend: searchClient(t, search.Config{URLs: []string{osURL}})}
	h := newAPIServer(t, osURL, api.Options{Backend: fb, IndexPrefix: prefix, Now: func() time.Time { return marketNow }, Gate: gate.New(svc, gate.Options{}).Wrap})
	ts := httptest.NewServer(h)
	defer ts.Close()
	usage := func() int {
		n, err := svc.Store().Usage(ctx, org.ID, k.Meter, ratelimit.PeriodAt(time.Now(), org.AnchorDay).ID(), "")
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := usage()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/v1/listings/export", strings.NewReader(`{"filters":{"postcode":"EX1"},"format":"csv","limit":1100,"fields":["listing_id"]}`))
	req.Header.Set("Authorization", "Api-Key "+secret)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	weight := resp.Header.Get("X-Call-Weight")
	charged := usage() - before
	ok := resp.StatusCode == 200 && rerr != nil && weight == "110" && charged == 110
	relFigure(t, "export of 1,100 rows cut off after the first 500", fmt.Sprintf("status %d, %d lines read, X-Call-Weight %s, charged %d", resp.StatusCode, bytes.Count(b, []byte("\n")), weight, charged), "truncated 200, charged 110 (as committed)", ok)
	if !ok {
		t.Errorf("aborted export: status %d read error %v weight %s charged %d, want a truncated 200 charged 110", resp.StatusCode, rerr, weight, charged)
	}
}

// TestReliabilityPublicKeyTokens: on the real Redis store (its Lua
// scripts), a public key with a forged Origin cannot spend the
// organisation's prepaid tokens until the organisation allows it, and then
// only up to the key's daily cap.
func TestReliabilityPublicKeyTokens(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	for _, name := range []string{mappings.IndexAddresses, mappings.IndexPostcodes} {
		fixture.Create(t, osURL, prefix, name)
	}
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewRedisStore(testenv.RedisClient(t), testenv.RedisKeyPrefix(t)), ratelimit.Options{CacheTTL: -1})
	org, err := svc.CreateOrg(ctx, "Pub Ltd", 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.AddTokens(ctx, org.ID, "", 100, "keyctl:test", "top-up"); err != nil {
		t.Fatal(err)
	}
	k, pub, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanPayg, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup"}, Origins: []string{"https://estate.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	h := newAPIServer(t, osURL, api.Options{IndexPrefix: prefix, Gate: gate.New(svc, gate.Options{}).Wrap})
	ts := httptest.NewServer(h)
	defer ts.Close()
	call := func() (int, string) {
		resp, body := get(t, ts.URL+"/api/embed/v2/address-lookup/find?q=mill", "Authorization", "Public-Key "+pub, "Origin", "https://estate.example.com")
		return resp.StatusCode, body
	}
	balance := func() int64 {
		b, _, err := svc.TokenBalance(ctx, org.ID)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	st, body := call()
	ok := st == http.StatusTooManyRequests && balance() == 100
	relFigure(t, "public key, forged Origin, payg organisation with 100 tokens", fmt.Sprintf("%d, balance %d", st, balance()), "429, balance 100", ok)
	if !ok {
		t.Fatalf("default: %d %s balance %d", st, body, balance())
	}
	if _, err := svc.SetPublicKeyTokens(ctx, org.ID, true); err != nil {
		t.Fatal(err)
	}
	if st, _ := call(); st != http.StatusTooManyRequests || balance() != 100 {
		t.Fatalf("allowed but no cap: %d balance %d", st, balance())
	}
	if _, err := svc.SetDailyTokenCap(ctx, k.ID, 4); err != nil {
		t.Fatal(err)
	}
	var codes []int
	for i := 0; i < 3; i++ {
		st, body = call()
		codes = append(codes, st)
	}
	ok = fmt.Sprint(codes) == "[200 200 429]" && strings.Contains(body, "daily token cap") && balance() == 96
	relFigure(t, "allowed with a daily cap of 4 tokens, three 2-token calls", fmt.Sprintf("%v, balance %d", codes, balance()), "[200 200 429], balance 96", ok)
	if !ok {
		t.Errorf("capped: %v %s balance %d", codes, body, balance())
	}
	if _, _, err := svc.CheckLedger(ctx, org.ID); err != nil {
		t.Error(err)
	}
}

// TestReliabilityPublicKeyAlertStream: the organisation's public key,
// through the relay (listing-map/alerts, last_event_id=0), reads only the
// events of alerts explicitly marked public; an API key reads them all.
func TestReliabilityPublicKeyAlertStream(t *testing.T) {
	env := newAlertsEnv(t)
	ctx := context.Background()
	_, pub, err := env.rl.CreateKey(ctx, ratelimit.KeySpec{OrgID: env.orgA.ID, Plan: ratelimit.PlanEnterprise, Kind: ratelimit.KindPublic,
		Tools: []string{"listing-map"}, Origins: []string{"https://estate.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	private := env.createAlert(env.keyA, map[string]any{"name": "watch list", "uprns": []int64{alertU1}}, "/private")
	public := env.createAlert(env.keyA, map[string]any{"name": "map pins", "uprns": []int64{alertU2}, "public": true}, "")
	var v struct {
		Public bool `json:"public"`
	}
	if st := env.call(http.MethodGet, "/api/v1/alerts/"+public.ID, env.keyA, nil, &v); st != 200 || !v.Public {
		t.Fatalf("public alert read back: %d %+v", st, v)
	}
	for _, id := range []string{private.ID, public.ID, private.ID} {
		if st := env.call(http.MethodPost, "/api/v1/alerts/"+id+"/test", env.keyA, nil, nil); st != 200 {
			t.Fatalf("test %s: %d", id, st)
		}
	}
	relay := readSSEAt(t, env.api.URL+"/api/embed/v2/listing-map/alerts?last_event_id=0",
		[]string{"Authorization", "Public-Key " + pub, "Origin", "https://estate.example.com"}, 10, 1500*time.Millisecond)
	leaked := 0
	for _, e := range relay {
		if e.AlertID != public.ID {
			leaked++
		}
	}
	ok := len(relay) == 1 && leaked == 0
	relFigure(t, "events a public key reads from the relay stream (1 public, 2 private)", fmt.Sprintf("%d (%d of private alerts)", len(relay), leaked), "1 (0)", ok)
	if !ok {
		t.Errorf("relay stream: %d events, %d of a private alert", len(relay), leaked)
	}
	if all := readSSE(t, env, env.keyA, "0", 10, 1500*time.Millisecond); len(all) != 3 {
		t.Errorf("API key stream: %d events, want 3", len(all))
	}
}
