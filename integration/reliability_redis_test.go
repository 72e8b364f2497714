//go:build integration && reliability

package integration

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/ratelimit"
)

// TestReliabilitySentinelFailover is the heavy form of
// TestRedisSentinelFailoverCharges: three Sentinels (quorum 2), eight
// workers, and the same failover once with wait_replicas=1 (asserted: no
// call served uncharged) and once with asynchronous replication (reported:
// charges the promoted replica never received).
func TestReliabilitySentinelFailover(t *testing.T) {
	for _, v := range []struct {
		name, query string
		strict      bool
	}{
		{"wait_replicas=1", "wait_replicas=1&wait_timeout=50ms", true},
		{"asynchronous", "", false},
	} {
		r := runSentinelFailover(t, 3, v.query, 8, 3*time.Second)
		t.Logf("%s: %s", v.name, r)
		lost := max(0, r.ok-r.charged)
		relFigure(t, "Sentinel failover ("+v.name+"): 503 window, kill to first 200", ms(r.window), "-", r.window > 0)
		relFigure(t, "Sentinel failover ("+v.name+"): replica promoted after", ms(r.promoted), "-", r.promoted > 0)
		relFigure(t, "Sentinel failover ("+v.name+"): requests, 200s, 503s, units charged",
			fmt.Sprintf("%d, %d, %d, %d", r.requests, r.ok, r.refused, r.charged), "-", r.other == 0)
		limit := "0"
		if !v.strict {
			limit = "- (reported)"
		}
		relFigure(t, "Sentinel failover ("+v.name+"): calls served uncharged", strconv.Itoa(lost), limit, !v.strict || lost == 0)
		if v.strict && (lost > 0 || r.charged > r.ok+r.refused) {
			t.Errorf("%s: %d served, %d charged, %d refused", v.name, r.ok, r.charged, r.refused)
		}
	}
}

// TestReliabilityRedisClusterFailover: a Redis Cluster of 3 masters with 2
// replicas each (cluster-node-timeout 1 s) behind the gate with
// wait_replicas=1. Two organisations under load: A's metering slot is on
// the master that is SIGKILLed, B's (and the directory's) on others. A
// must never be served uncharged and gets 503 until a replica of its
// master is promoted; B must not notice.
func TestReliabilityRedisClusterFailover(t *testing.T) {
	quietRedisLog(t)
	t0 := time.Now()
	c := startRedisClusterReplicas(t, 3, 2, time.Second)
	waitClusterReplicas(t, c)
	relFigure(t, "Redis Cluster of 3 masters × 2 replicas formed, replicas in sync", ms(time.Since(t0)), "-", true)
	url := c.url() + "?wait_replicas=1&wait_timeout=50ms"
	conn, err := ratelimit.OpenRedis(url, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	setup, err := ratelimit.OpenRedis(url, patientTimeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = setup.Close() })
	cc := setup.Client.(*redis.ClusterClient)
	ctx := context.Background()
	const ns = "t-cluster-failover:"
	masterOf := func(key string) string {
		m, err := cc.MasterForKey(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		return m.Options().Addr
	}
	dirMaster := masterOf(ns + "{dir}:orgs")
	// Organisations until A and B sit on two masters, neither the directory's.
	var fa, fb *keysFixture
	for i := 0; i < 100 && (fa == nil || fb == nil); i++ {
		f := newKeysFixture(t, setup.Store(ns), ratelimit.KeySpec{Plan: ratelimit.PlanPro, RateOverride: ratelimit.Unlimited})
		m := masterOf(ns + "{org:" + f.org.ID + "}:tokens")
		switch {
		case m == dirMaster:
		case fa == nil:
			fa = &f
		case fb == nil && m != masterOf(ns+"{org:"+fa.org.ID+"}:tokens"):
			fb = &f
		}
	}
	if fa == nil || fb == nil {
		t.Fatal("could not place two organisations on two masters other than the directory's")
	}
	victimAddr := masterOf(ns + "{org:" + fa.org.ID + "}:tokens")
	var victim *redisProc
	for _, n := range c.nodes {
		if n.addr() == victimAddr {
			victim = n
		}
	}
	store := conn.Store(ns)
	var servedA, servedB atomic.Int64
	srvA := countingServer(t, store, &servedA)
	srvB := countingServer(t, store, &servedB)
	la := startGateLoad(srvA.URL, fa.secret, 4)
	lb := startGateLoad(srvB.URL, fb.secret, 4)
	time.Sleep(2 * time.Second)
	victim.kill()
	kill := time.Now()
	// Until A has been answered 200 for a second after some 503s (≤ 30 s).
	for time.Since(kill) < 30*time.Second {
		time.Sleep(100 * time.Millisecond)
		as := la.snapshot()
		var r failoverRun
		r.tally(as, kill)
		if r.window > 0 && time.Since(kill) > r.window+time.Second {
			break
		}
	}
	ansA, ansB := la.stop(), lb.stop()
	var ra, rb failoverRun
	ra.tally(ansA, kill)
	rb.tally(ansB, kill)
	ra.served, rb.served = int(servedA.Load()), int(servedB.Load())
	usage := func(f *keysFixture) int {
		n, err := f.svc.Store().Usage(ctx, f.org.ID, f.key.Meter, ratelimit.PeriodAt(time.Now(), f.org.AnchorDay).ID(), "")
		if err != nil {
			t.Fatalf("usage after the failover: %v", err)
		}
		return n
	}
	ra.charged, rb.charged = usage(fa), usage(fb)
	t.Logf("organisation on the killed master: %s", ra)
	t.Logf("organisation on another master: %s", rb)
	lostA := max(0, ra.ok-ra.charged)
	relFigure(t, "Redis Cluster failover: 503 window of the killed master's organisation (kill to first 200)", ms(ra.window), "-", ra.window > 0)
	relFigure(t, "Redis Cluster failover: requests, 200s, 503s, units charged (killed master's organisation)",
		fmt.Sprintf("%d, %d, %d, %d", ra.requests, ra.ok, ra.refused, ra.charged), "-", ra.other == 0)
	relFigure(t, "Redis Cluster failover: calls served uncharged", strconv.Itoa(lostA+max(0, rb.ok-rb.charged)), "0", lostA == 0 && rb.ok <= rb.charged)
	relFigure(t, "Redis Cluster failover: failed requests of the organisation on another master",
		fmt.Sprintf("%d of %d", rb.refused+rb.other, rb.requests), "0", rb.refused+rb.other == 0)
	if ra.window == 0 || lostA > 0 || ra.charged > ra.ok+ra.refused || ra.other > 0 {
		t.Errorf("killed master's organisation: %s", ra)
	}
	if rb.refused+rb.other > 0 || rb.ok > rb.charged {
		t.Errorf("other organisation: %s", rb)
	}
}

// waitClusterReplicas waits until every replica of the cluster is in sync.
func waitClusterReplicas(t *testing.T, c *redisClusterT) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, n := range c.nodes {
		rc := redis.NewClient(&redis.Options{Addr: n.addr()})
		for {
			info, err := rc.Info(context.Background(), "replication").Result()
			if err == nil && (strings.Contains(info, "role:master") || strings.Contains(info, "master_link_status:up")) {
				break
			}
			if time.Now().After(deadline) {
				rc.Close()
				t.Fatalf("replica %s not in sync: %s %v", n.addr(), info, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		rc.Close()
	}
}

// TestReliabilityRedisClusterAlerts runs the alerts end-to-end test (event
// streams, the webhook deliverer's blocking XREADGROUP over every stream,
// retries, delivery state, the SSE stream) against a 3-master Redis
// Cluster: every alerts key is under {alerts}, one slot. (Heavy: about
// 35 s, so not in make test, where the same test runs on one Redis.)
func TestReliabilityRedisClusterAlerts(t *testing.T) {
	c := startRedisCluster(t, 3)
	keysRedisOverride = c.url()
	t.Cleanup(func() { keysRedisOverride = "" })
	t0 := time.Now()
	t.Run("AlertsEndToEnd", TestAlertsEndToEnd)
	addrs := make([]string, len(c.nodes))
	for i, n := range c.nodes {
		addrs[i] = n.addr()
	}
	n := errorStats(t, addrs, "CROSSSLOT")
	relFigure(t, "alerts end to end on a 3-master Redis Cluster", ms(time.Since(t0)), "-", !t.Failed())
	relFigure(t, "CROSSSLOT answers of the cluster during the alerts test", strconv.Itoa(n), "0", n == 0)
	if n != 0 {
		t.Errorf("CROSSSLOT %d times", n)
	}
}
