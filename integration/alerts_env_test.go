//go:build integration

// The alerts tests' environment: a server with alerts on real OpenSearch
// and Redis, a webhook receiver, and readers of the event stream.

package integration

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// alertsEnv is a server with a real gate (two organisations), the alerts
// service on the real engine and Redis, and a webhook receiver on loopback.
type alertsEnv struct {
	t        *testing.T
	osURL    string
	prefix   string
	svc      *alerts.Service
	api      *httptest.Server
	keyA     string
	keyB     string
	keyFree  string
	receiver *webhookReceiver
	// rl is the key service and orgA the organisation of keyA.
	rl   *ratelimit.Service
	orgA ratelimit.Org
}

// webhookReceiver records every delivery per path, verifying signatures
// with the secrets the API returned at creation.
type webhookReceiver struct {
	srv     *httptest.Server
	mu      sync.Mutex
	secrets map[string]string // path → secret
	got     map[string][]delivery
	// fail answers 500 to the first n requests of a path (-1 = always).
	fail map[string]int
	// hang blocks the nth request (1-based) of a path until the client
	// goes away, after signalling hung.
	hangPath string
	hangN    int
	hung     chan struct{}
	badSig   []string
}

type delivery struct {
	EventID string
	Event   alerts.Event
	Status  int
}

func newWebhookReceiver(t *testing.T) *webhookReceiver {
	wr := &webhookReceiver{secrets: map[string]string{}, got: map[string][]delivery{}, fail: map[string]int{}, hung: make(chan struct{}, 1)}
	wr.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts, _ := strconv.ParseInt(r.Header.Get("X-Timestamp"), 10, 64)
		var e alerts.Event
		_ = json.Unmarshal(body, &e)
		wr.mu.Lock()
		secret := wr.secrets[r.URL.Path]
		if !alerts.Verify(secret, ts, body, r.Header.Get("X-Signature")) || r.Header.Get("X-Event-Id") != e.ID || e.ID == "" {
			wr.badSig = append(wr.badSig, r.URL.Path+" "+e.ID)
		}
		n := len(wr.got[r.URL.Path]) + 1
		status := http.StatusOK
		if f := wr.fail[r.URL.Path]; f < 0 || n <= f {
			status = http.StatusInternalServerError
		}
		hang := r.URL.Path == wr.hangPath && n == wr.hangN
		wr.got[r.URL.Path] = append(wr.got[r.URL.Path], delivery{EventID: e.ID, Event: e, Status: status})
		wr.mu.Unlock()
		if hang {
			wr.hung <- struct{}{}
			<-r.Context().Done() // the deliverer was stopped mid-request
			return
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(wr.srv.Close)
	return wr
}

func (wr *webhookReceiver) deliveries(path string) []delivery {
	wr.mu.Lock()
	defer wr.mu.Unlock()
	return slices.Clone(wr.got[path])
}

func newAlertsEnv(t *testing.T) *alertsEnv {
	t.Helper()
	allow, _ := alerts.ParseAllow("127.0.0.1")
	return newAlertsEnvGuard(t, &alerts.Guard{Allow: allow, AnyPort: true})
}

// newAlertsEnvGuard is newAlertsEnv with the SSRF guard given.
func newAlertsEnvGuard(t *testing.T, guard *alerts.Guard) *alertsEnv {
	t.Helper()
	osURL, prefix := testenv.OpenSearchPrefix(t)
	var rdb redis.UniversalClient
	var ns string
	if keysRedisOverride != "" { // TestRedisClusterRateLimit: the test's own cluster
		rdb, ns = keysRedis(t)
	} else {
		rdb, ns = testenv.RedisClient(t), testenv.RedisKeyPrefix(t)
	}
	sc := searchClient(t, search.Config{URLs: []string{osURL}, RequestTimeout: 30 * time.Second})
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	box, err := alerts.NewBox(key)
	if err != nil {
		t.Fatal(err)
	}
	svc := alerts.New(alerts.Config{Engine: sc, Redis: rdb, IndexPrefix: prefix, Namespace: ns, Box: box, Guard: guard})

	ctx := context.Background()
	rl := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
	var orgA ratelimit.Org
	keyFor := func(name, plan string) string {
		org, err := rl.CreateOrg(ctx, name, 0)
		if err != nil {
			t.Fatal(err)
		}
		if orgA.ID == "" {
			orgA = org
		}
		_, secret, err := rl.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: plan})
		if err != nil {
			t.Fatal(err)
		}
		return secret
	}
	env := &alertsEnv{t: t, osURL: osURL, prefix: prefix, svc: svc, keyA: keyFor("Alpha Estates", ratelimit.PlanEnterprise),
		keyB: keyFor("Beta Homes", ratelimit.PlanEnterprise), keyFree: keyFor("Free Lettings", ratelimit.PlanFree), rl: rl}
	env.orgA = orgA
	h := newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Gate: gate.New(rl, gate.Options{}).Wrap, Alerts: svc})
	env.api = httptest.NewServer(h)
	t.Cleanup(env.api.Close)
	env.receiver = newWebhookReceiver(t)
	return env
}

// call makes an API request with a key and decodes the JSON answer.
func (e *alertsEnv) call(method, path, key string, body any, out any) int {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, e.api.URL+path, rd)
	req.Header.Set("Authorization", "Api-Key "+key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 500 {
		e.t.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			e.t.Fatalf("%s %s: %v: %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

type createdAlert struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
	State  struct {
		Status              string  `json:"status"`
		Delivered           int64   `json:"delivered"`
		ConsecutiveFailures int64   `json:"consecutive_failures"`
		LastStatus          *int    `json:"last_status"`
		LastError           *string `json:"last_error"`
		NextAttemptAt       *string `json:"next_attempt_at"`
	} `json:"state"`
}

// createAlert posts an alert; a webhook path is turned into a receiver URL
// and its secret registered with the receiver.
func (e *alertsEnv) createAlert(key string, body map[string]any, hookPath string) createdAlert {
	e.t.Helper()
	if hookPath != "" {
		body["webhook_url"] = e.receiver.srv.URL + hookPath
	}
	var a createdAlert
	if st := e.call(http.MethodPost, "/api/v1/alerts", key, body, &a); st != http.StatusCreated {
		e.t.Fatalf("create alert %v: status %d", body, st)
	}
	if hookPath != "" {
		if !strings.HasPrefix(a.Secret, "whsec_") {
			e.t.Fatalf("webhook alert created without a secret: %+v", a)
		}
		e.receiver.mu.Lock()
		e.receiver.secrets[hookPath] = a.Secret
		e.receiver.mu.Unlock()
	} else if a.Secret != "" {
		e.t.Errorf("stream alert got a secret")
	}
	return a
}

func alertListing(id string, lat, lon float64, tx string, price int64, status string, uprn int64) mappings.Listing {
	return mappings.Listing{ID: id, ListingID: "L-" + id, BranchID: "B1", AgentName: "Agent", DisplayAddress: "Address " + id,
		Postcode: "EX1 1AE", Outcode: "EX1", TransactionType: tx, LatestStatus: status, LatestPrice: price, OriginalPrice: price,
		Source: "portal-a", Bedrooms: 3, PropertyType: "Terraced", IsLive: status == "For sale" || status == "To let",
		AddedDate: "2026-10-01T10:00:00Z", Location: &mappings.GeoPoint{Lat: lat, Lon: lon}, UPRN: uprn}
}

func writeChangeFile(t *testing.T, lines ...any) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "changes.ndjson")
	var b strings.Builder
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func upsert(index string, doc any) map[string]any {
	return map[string]any{"op": "upsert", "index": index, "doc": doc}
}

// sig is (alert, type, listing or UPRN) of an event.
func sig(e alerts.Event) string {
	what := e.ListingID
	if what == "" {
		what = fmt.Sprint(e.UPRN)
	}
	return e.Type + " " + what
}

// distinctOK counts distinct event ids answered 2xx.
func distinctOK(ds []delivery) int {
	seen := map[string]bool{}
	for _, d := range ds {
		if d.Status < 300 {
			seen[d.EventID] = true
		}
	}
	return len(seen)
}

// readSSE reads the alert stream after lastID until max events or idle.
func readSSE(t *testing.T, env *alertsEnv, key, lastID string, max int, idle time.Duration) []alerts.Event {
	t.Helper()
	return readSSEAt(t, env.api.URL+"/api/v1/alerts/stream", []string{"Authorization", "Api-Key " + key, "Last-Event-ID", lastID}, max, idle)
}

// readSSEAt reads an event stream at url with headers hdr (name, value
// pairs) until max events or idle.
func readSSEAt(t *testing.T, url string, hdr []string, max int, idle time.Duration) []alerts.Event {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("stream: %d %s", resp.StatusCode, b)
	}
	evs := make(chan alerts.Event)
	go func() {
		defer close(evs)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var id string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				id = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				var e alerts.Event
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &e) == nil {
					if e.ID != id {
						t.Errorf("SSE id %s, data id %s", id, e.ID)
					}
					select {
					case evs <- e:
					case <-ctx.Done():
						return
					}
				}
			}
		}
	}()
	var out []alerts.Event
	for len(out) < max {
		select {
		case e, ok := <-evs:
			if !ok {
				return out
			}
			out = append(out, e)
		case <-time.After(idle):
			return out
		}
	}
	return out
}

// process percolates the loader's changes, as cmd/indexer's hook does.
func (e *alertsEnv) process(ctx context.Context, chs []indexer.Change) ([]alerts.Event, error) {
	in := make([]alerts.Change, len(chs))
	for i, c := range chs {
		in[i] = alerts.Change{Index: c.Index, ID: c.ID, Before: c.Before, After: c.After}
	}
	return e.svc.Process(ctx, in)
}
