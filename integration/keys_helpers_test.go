//go:build integration

package integration

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Helpers shared by the key gate's integration tests (ratelimit_test.go,
// tokens_test.go, conveniences_test.go).

// deleteNamespace deletes every key of a test's own namespace ns.
func deleteNamespace(rdb redis.UniversalClient, ns string) {
	_ = testenv.DeleteKeyPrefix(rdb, ns)
}

// scanKeys lists the keys matching pattern (on every primary of a cluster).
func scanKeys(t *testing.T, rdb redis.UniversalClient, pattern string) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var mu sync.Mutex
	scan := func(ctx context.Context, c redis.Cmdable) error {
		iter := c.Scan(ctx, 0, pattern, 500).Iterator()
		for iter.Next(ctx) {
			mu.Lock()
			out = append(out, iter.Val())
			mu.Unlock()
		}
		return iter.Err()
	}
	var err error
	if cc, ok := rdb.(*redis.ClusterClient); ok {
		err = cc.ForEachMaster(ctx, func(ctx context.Context, m *redis.Client) error { return scan(ctx, m) })
	} else {
		err = scan(ctx, rdb)
	}
	if err != nil {
		t.Fatalf("scan %s: %v", pattern, err)
	}
	return out
}

// keysStore is the Redis key store on a namespace of keysRedis.
func keysStore(t *testing.T) *ratelimit.RedisStore {
	t.Helper()
	return ratelimit.NewRedisStore(keysRedis(t))
}

// addTokens credits n tokens to the fixture's organisation.
func (f keysFixture) addTokens(t *testing.T, n int64, reason string) {
	t.Helper()
	if _, err := f.svc.AddTokens(context.Background(), f.org.ID, "", n, "keyctl:integration", reason); err != nil {
		t.Fatal(err)
	}
}

// countingServer is a gatedServer of weight 1 whose handler answers "ok"
// and counts the calls it served in served.
func countingServer(t *testing.T, store ratelimit.Store, served *atomic.Int64) *httptest.Server {
	t.Helper()
	return gatedServer(t, store, 1, func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		io.WriteString(w, "ok")
	})
}

// keyedGet returns a GET of url with the key secret, for parallel.
func keyedGet(url, secret string) func() (*http.Response, error) {
	return func() (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Authorization", "Api-Key "+secret)
		return http.DefaultClient.Do(req)
	}
}

// ownRedisGate is a Pro key without a rate limit, on a Redis server of the
// test's own (which the test may kill or stall), behind a countingServer.
type ownRedisGate struct {
	own    *ownRedis
	port   int
	dir    string
	f      keysFixture
	srv    *httptest.Server
	served atomic.Int64
	auth   []string // the key's header, for get
}

func newOwnRedisGate(t *testing.T, ns string) *ownRedisGate {
	t.Helper()
	g := &ownRedisGate{port: freePort(t), dir: t.TempDir()}
	g.own = startOwnRedis(t, g.port, g.dir)
	store := ratelimit.NewRedisStore(keysClient(t, "redis://"+g.own.addr()), ns)
	g.f = newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanPro, RateOverride: ratelimit.Unlimited})
	g.srv = countingServer(t, store, &g.served)
	g.auth = []string{"Authorization", "Api-Key " + g.f.secret}
	return g
}

// slowest sends n GETs with the key, hands each answer to check and returns
// the longest wait for one.
func (g *ownRedisGate) slowest(t *testing.T, n int, check func(resp *http.Response, body string)) time.Duration {
	t.Helper()
	var slowest time.Duration
	for i := 0; i < n; i++ {
		start := time.Now()
		resp, body := get(t, g.srv.URL, g.auth...)
		slowest = max(slowest, time.Since(start))
		check(resp, body)
	}
	return slowest
}

// benchGate measures the gate on the shared Redis (namespace ns, deleted
// afterwards) for a key of spec; tokens, when positive, are credited to its
// organisation first.
func benchGate(b *testing.B, ns string, spec ratelimit.KeySpec, tokens int64) {
	// Patient timeouts: on the shared test machine a 150 ms stall is load, not the code.
	conn, err := ratelimit.OpenRedis(keysRedisURL(), patientTimeout)
	if err != nil {
		b.Fatal(err)
	}
	rdb := conn.Client
	defer rdb.Close()
	store := conn.Store(ns) // the URL's wait_replicas too
	ctx := context.Background()
	if err := rdb.Ping(ctx).Err(); err != nil {
		b.Skip(err)
	}
	defer deleteNamespace(rdb, ns)
	svc := ratelimit.New(store, ratelimit.Options{})
	org, _ := svc.CreateOrg(ctx, "bench", 0)
	spec.OrgID = org.ID
	_, secret, err := svc.CreateKey(ctx, spec)
	if err != nil {
		b.Fatal(err)
	}
	if tokens > 0 {
		if _, err := svc.AddTokens(ctx, org.ID, "", tokens, "keyctl:bench", "bench"); err != nil {
			b.Fatal(err)
		}
	}
	h := gate.New(svc, gate.Options{}).Wrap(&api.Route{Name: "bench", Auth: api.AuthKey, Weight: 1}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r := httptest.NewRequest(http.MethodGet, "/x", nil)
			r.Header.Set("Authorization", "Api-Key "+secret)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != 200 {
				b.Errorf("status %d", w.Code)
				return
			}
		}
	})
}
