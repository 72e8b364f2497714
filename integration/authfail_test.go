//go:build integration

package integration

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestFailedAuthLimitSharedAcrossInstances: the failed-authentication
// limit lives in Redis, so two API instances behind one load balancer
// share it. Wrong keys from rotating addresses of one IPv6 /64, sent
// alternately to the two instances, are answered 401 until the bucket's
// budget for the minute is spent, then 429 with Retry-After, on both; the
// counter expires with its window, and it is stored under the client's
// bucket, never under the key that failed.
func TestFailedAuthLimitSharedAcrossInstances(t *testing.T) {
	rdb, ns := keysRedis(t)
	ctx := context.Background()
	osURL := testenv.OpenSearchURL(t)
	var servers [2]*api.Server
	var svc *ratelimit.Service
	for i := range servers {
		svc = ratelimit.New(ratelimit.NewRedisStore(rdb, ns), ratelimit.Options{})
		servers[i] = newAPIServer(t, osURL, api.Options{IndexPrefix: testenv.IndexPrefix(t), Gate: gate.New(svc, gate.Options{}).Wrap})
	}
	org, err := svc.CreateOrg(ctx, "authfail", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, good, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanEnterprise, RateOverride: ratelimit.Unlimited})
	if err != nil {
		t.Fatal(err)
	}
	_, wrong, err := ratelimit.NewKey(ratelimit.KindSecret)
	if err != nil {
		t.Fatal(err)
	}
	call := func(i int, addr, key string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/api/flood-risk?uprn=100023336956", nil)
		r.RemoteAddr = addr
		r.Header.Set("Authorization", "Api-Key "+key)
		rec := httptest.NewRecorder()
		servers[i%2].ServeHTTP(rec, r)
		return rec
	}
	codes := map[int]int{}
	var last *httptest.ResponseRecorder
	window := func() int64 { return time.Now().Unix() / int64(ratelimit.AuthFailWindow/time.Second) }
	before := window()
	for i := 0; i < gate.DefaultAuthFailuresPerMinute+2; i++ {
		last = call(i, "[2001:db8:77:1::"+strconv.FormatInt(int64(i+1), 16)+"]:4000", wrong)
		codes[last.Code]++
	}
	if window() != before {
		// The count split over two windows (the loop takes milliseconds).
		t.Skip("the minute turned during the burst; rerun")
	}
	if codes[http.StatusUnauthorized] != gate.DefaultAuthFailuresPerMinute || codes[http.StatusTooManyRequests] != 2 {
		t.Fatalf("answers %v; want %d × 401 then 2 × 429 across the two instances", codes, gate.DefaultAuthFailuresPerMinute)
	}
	if last.Header().Get("Retry-After") == "" || !strings.Contains(last.Body.String(), `"code"`) {
		t.Errorf("429 without Retry-After or a JSON error: %v %s", last.Header(), last.Body.String())
	}
	// Both instances refuse the bucket now; a valid key from it still works,
	// and another bucket is unaffected.
	for i := 0; i < 2; i++ {
		if rec := call(i, "[2001:db8:77:1::ff]:4000", wrong); rec.Code != http.StatusTooManyRequests {
			t.Errorf("instance %d: %d for the spent bucket, want 429", i, rec.Code)
		}
	}
	if rec := call(0, "[2001:db8:77:1::fe]:4000", good); rec.Code == http.StatusUnauthorized || rec.Code == http.StatusTooManyRequests {
		t.Errorf("a valid key from the spent bucket: %d", rec.Code)
	}
	if rec := call(1, "[2001:db8:78::1]:4000", wrong); rec.Code != http.StatusUnauthorized {
		t.Errorf("another /64: %d, want 401", rec.Code)
	}
	// What Redis holds: one counter per bucket and window, expiring with it;
	// nothing named after the key.
	keys, err := rdb.Keys(ctx, ns+"authfail:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, k := range keys {
		if strings.Contains(k, wrong) || strings.Contains(k, good) {
			t.Errorf("a failure counter is named after a key: %s", k)
		}
		if strings.Contains(k, "2001:db8:77:1::/64") {
			found = true
			ttl, err := rdb.PTTL(ctx, k).Result()
			if err != nil || ttl <= 0 || ttl > ratelimit.AuthFailWindow+time.Second {
				t.Errorf("counter %s expires in %v (%v); want within the window", k, ttl, err)
			}
		}
	}
	if !found {
		t.Errorf("no failure counter for the /64 bucket among %v", keys)
	}
}
