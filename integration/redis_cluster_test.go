//go:build integration

package integration

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestRedisClusterRateLimit runs the key gate's Redis tests (quota,
// refunds, revocation seen by another instance, public-key origins, token
// charges and refunds, the ledger, idempotent retries) against a real
// 3-master Redis Cluster through the production constructor
// (REDIS_URL=redis-cluster://…), then checks that no node ever answered
// CROSSSLOT and that the test organisations' keys landed on more than one
// master.
func TestRedisClusterRateLimit(t *testing.T) {
	start := time.Now()
	c := startRedisCluster(t, 3)
	t.Logf("3-master cluster up in %s", time.Since(start).Round(time.Millisecond))
	keysRedisOverride = c.url()
	t.Cleanup(func() { keysRedisOverride = "" })

	for _, tc := range []struct {
		name string
		run  func(*testing.T)
	}{
		{"ExactUnderConcurrency", TestRateLimitExactUnderConcurrency},
		{"RefundOnErrors", TestRateLimitRefundOnErrors},
		{"RevocationSeenByAnotherInstance", TestRateLimitRevocationSeenByAnotherInstance},
		{"PublicKeyOrigins", TestRateLimitPublicKeyOrigins},
		{"ErrorPaths", TestRateLimitErrorPaths},
		{"TokensExactUnderConcurrency", TestTokensExactUnderConcurrency},
		{"TokensPlanThenTokensUnderConcurrency", TestTokensPlanThenTokensUnderConcurrency},
		{"Tokens402AndRefund", TestTokens402AndRefund},
		{"TokensLedger", TestTokensLedger},
		{"TokensIdempotentRetries", TestTokensIdempotentRetries},
		{"TokensRefundsUnderConcurrency", TestTokensRefundsUnderConcurrency},
		{"Directory", testClusterDirectory},
		{"AlertStreams", testClusterAlertStreams},
	} {
		t0 := time.Now()
		t.Run(tc.name, tc.run)
		t.Logf("%s on the cluster: %s", tc.name, time.Since(t0).Round(time.Millisecond))
	}

	addrs := make([]string, len(c.nodes))
	for i, n := range c.nodes {
		addrs[i] = n.addr()
	}
	if n := errorStats(t, addrs, "CROSSSLOT"); n != 0 {
		t.Errorf("the cluster answered CROSSSLOT %d times", n)
	}
	t.Logf("cluster run: %s in all", time.Since(start).Round(time.Millisecond))
}

// testClusterDirectory: organisations and keys are created, listed,
// rotated, re-planned and revoked on the cluster (MULTI/EXEC of a record and
// its indexes under {dir}), the embed origin index answers, organisations
// land on several masters, and the layout migration refuses to run on a
// cluster.
func testClusterDirectory(t *testing.T) {
	rdb, ns := keysRedis(t)
	cc, ok := rdb.(*redis.ClusterClient)
	if !ok {
		t.Fatalf("client %T, want a cluster client", rdb)
	}
	store := ratelimit.NewRedisStore(rdb, ns)
	svc := ratelimit.New(store, ratelimit.Options{CacheTTL: -1})
	ctx := context.Background()
	masters := map[string]bool{}
	for i := 0; i < 12; i++ {
		o, err := svc.CreateOrg(ctx, "Org "+strconv.Itoa(i), 0)
		if err != nil {
			t.Fatal(err)
		}
		k, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: o.ID, Plan: ratelimit.PlanStarter})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddTokens(ctx, o.ID, "", 10, "keyctl:test", "cluster"); err != nil {
			t.Fatal(err)
		}
		m, err := cc.MasterForKey(ctx, ns+"{org:"+o.ID+"}:tokens")
		if err != nil {
			t.Fatal(err)
		}
		masters[m.Options().Addr] = true
		if _, err := svc.Authenticate(ctx, secret); err != nil {
			t.Fatalf("authenticate a new key: %v", err)
		}
		k2, secret2, err := svc.RotateKey(ctx, k.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Authenticate(ctx, secret2); err != nil {
			t.Errorf("rotated key %s refused: %v", k2.ID, err)
		}
		if _, err := svc.RevokeKey(ctx, k2.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Authenticate(ctx, secret2); err == nil {
			t.Errorf("revoked key %s accepted", k2.ID)
		}
	}
	if len(masters) < 2 {
		t.Errorf("12 organisations' metering keys sit on %d master(s), want them spread", len(masters))
	}
	orgs, err := store.Orgs(ctx)
	if err != nil || len(orgs) != 12 {
		t.Errorf("orgs: %d %v", len(orgs), err)
	}
	o := orgs[0]
	pub, _, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: o.ID, Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup"}, Origins: []string{"https://shop.example"}})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := svc.EmbedOriginKnown(ctx, "address-lookup", "https://shop.example"); err != nil || !ok {
		t.Errorf("embed origin of a public key: %v %v", ok, err)
	}
	if _, err := svc.RevokeKey(ctx, pub.ID); err != nil {
		t.Fatal(err)
	}
	if ok, err := svc.EmbedOriginKnown(ctx, "address-lookup", "https://shop.example"); err != nil || ok {
		t.Errorf("embed origin after revocation: %v %v", ok, err)
	}
	if _, _, err := store.MigrateLayout(ctx); !errors.Is(err, ratelimit.ErrClusterMigration) {
		t.Errorf("migrate layout on a cluster: %v, want ErrClusterMigration", err)
	}
}

// testClusterAlertStreams: one Append to several organisations' streams
// (one MULTI/EXEC under {alerts}) and reads back.
func testClusterAlertStreams(t *testing.T) {
	rdb, ns := keysRedis(t)
	svc := alerts.New(alerts.Config{Redis: rdb, Namespace: ns})
	ctx := context.Background()
	var evs []alerts.Event
	for i := 0; i < 6; i++ {
		evs = append(evs, alerts.Event{OrgID: "org" + strconv.Itoa(i%3), AlertID: "a" + strconv.Itoa(i), Type: alerts.EventListingAdded})
	}
	out, err := svc.Append(ctx, evs)
	if err != nil {
		t.Fatalf("append to three organisations' streams: %v", err)
	}
	if len(out) != 6 || out[0].ID == "" {
		t.Fatalf("appended %+v", out)
	}
	for o := 0; o < 3; o++ {
		got, err := svc.Read(ctx, "org"+strconv.Itoa(o), "0", 100, 0)
		if err != nil || len(got) != 2 {
			t.Errorf("org%d: %d events %v", o, len(got), err)
		}
	}
}
