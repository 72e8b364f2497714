package ratelimit

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/internal/testclock"
)

func newTestService(t *testing.T) (*Service, *testclock.Clock) {
	t.Helper()
	clk := testclock.New(time.Date(2026, 11, 14, 12, 0, 0, 0, time.UTC))
	return New(NewMemoryStore(), Options{Now: clk.Now}), clk
}

// mustKey creates an organisation and a key on a plan.
func mustKey(t *testing.T, s *Service, plan string, anchor int) (Principal, string) {
	t.Helper()
	ctx := context.Background()
	o, err := s.CreateOrg(ctx, "Acme", anchor)
	if err != nil {
		t.Fatal(err)
	}
	_, secret, err := s.CreateKey(ctx, KeySpec{OrgID: o.ID, Plan: plan})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Authenticate(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	return p, secret
}

func TestNoNetHTTPDependency(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "net/http" {
			t.Fatal("ratelimit depends on net/http; the HTTP layer belongs in api")
		}
	}
}

func TestKeyFormat(t *testing.T) {
	secret, hash, err := NewKey(KindSecret)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, SecretPrefix) || len(secret) != len(SecretPrefix)+bodyLen+sumLen {
		t.Fatalf("key %q: wrong form", secret)
	}
	if hash != HashKey(secret) || len(hash) != 64 {
		t.Errorf("hash %q is not the hex SHA-256 of the key", hash)
	}
	if kind, err := ParseKey(secret); err != nil || kind != KindSecret {
		t.Errorf("ParseKey(new key) = %q, %v", kind, err)
	}
	pub, _, _ := NewKey(KindPublic)
	if kind, err := ParseKey(pub); err != nil || kind != KindPublic {
		t.Errorf("ParseKey(public key) = %q, %v", kind, err)
	}
	// Every single-character typo is caught by the checksum.
	body := secret[len(SecretPrefix):]
	for i := 0; i < len(body); i++ {
		c := byte('a')
		if body[i] == 'a' {
			c = 'b'
		}
		typo := SecretPrefix + body[:i] + string(c) + body[i+1:]
		if _, err := ParseKey(typo); !errors.Is(err, ErrMalformed) {
			t.Errorf("typo at %d accepted", i)
		}
	}
	for _, bad := range []string{"", "ukpd_live_", "Bearer x", secret + "x", secret[:len(secret)-1], "ukpd_test_" + body, strings.Replace(secret, secret[12:13], "_", 1)} {
		if _, err := ParseKey(bad); !errors.Is(err, ErrMalformed) {
			t.Errorf("ParseKey(%q) accepted", bad)
		}
	}
	if got := DisplayPrefix(secret); got != secret[:len(SecretPrefix)+4] {
		t.Errorf("DisplayPrefix = %q", got)
	}
}

func TestPeriodAt(t *testing.T) {
	tests := []struct {
		at         string
		anchor     int
		start, end string
	}{
		{"2026-11-14T12:00:00Z", 0, "2026-11-01", "2026-12-01"},
		{"2026-12-31T23:59:59Z", 0, "2026-12-01", "2027-01-01"},
		{"2026-11-14T12:00:00Z", 15, "2026-10-15", "2026-11-15"},
		{"2026-11-15T00:00:00Z", 15, "2026-11-15", "2026-12-15"},
		{"2026-01-10T00:00:00Z", 28, "2025-12-28", "2026-01-28"},
		{"2026-03-01T00:00:00Z", 1, "2026-03-01", "2026-04-01"},
	}
	for _, tc := range tests {
		at, _ := time.Parse(time.RFC3339, tc.at)
		p := PeriodAt(at, tc.anchor)
		if got := p.Start.Format("2006-01-02"); got != tc.start {
			t.Errorf("PeriodAt(%s, %d).Start = %s, want %s", tc.at, tc.anchor, got, tc.start)
		}
		if got := p.End.Format("2006-01-02"); got != tc.end {
			t.Errorf("PeriodAt(%s, %d).End = %s, want %s", tc.at, tc.anchor, got, tc.end)
		}
	}
}

func TestPlans(t *testing.T) {
	want := map[string][2]int{"free": {100, 2}, "starter": {2000, 5}, "growth": {10000, 10}, "pro": {50000, 20}, "scale": {200000, 40}, "enterprise": {Unlimited, Unlimited}}
	for name, w := range want {
		p, err := PlanByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if p.MonthlyQuota != w[0] || p.PerSecond != w[1] {
			t.Errorf("%s: got %d/month %d/s, want %d %d", name, p.MonthlyQuota, p.PerSecond, w[0], w[1])
		}
	}
	free, _ := PlanByName("free")
	growth, _ := PlanByName("growth")
	if free.Allows("starter") || !growth.Allows("starter") || !free.Allows("") || growth.Allows("nonsense") {
		t.Error("plan gate ranks are wrong")
	}
	if _, err := PlanByName("gold"); err == nil {
		t.Error("unknown plan accepted")
	}
	for rows, want := range map[int]int{0: 1, 1: 1, 10: 1, 11: 2, 95: 10} {
		if got := RowsWeight(rows, 10); got != want {
			t.Errorf("RowsWeight(%d) = %d, want %d", rows, got, want)
		}
	}
}

func TestAuthenticate(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, secret := mustKey(t, s, PlanStarter, 0)
	if p.Plan.Name != PlanStarter || p.Key.Kind != KindSecret {
		t.Fatalf("principal %+v", p)
	}
	other, _, _ := NewKey(KindSecret)
	if _, err := s.Authenticate(ctx, other); !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown key: got %v", err)
	}
	// Change the last character (to one it is not: a random key ends in
	// "x" one time in sixty-odd, which made this test flaky).
	typo := "x"
	if strings.HasSuffix(secret, "x") {
		typo = "y"
	}
	if _, err := s.Authenticate(ctx, secret[:len(secret)-1]+typo); !errors.Is(err, ErrMalformed) {
		t.Errorf("mistyped key: got %v", err)
	}
	// Rotation: both work; revoking the old one leaves the new one.
	nk, nsecret, err := s.RotateKey(ctx, p.Key.ID)
	if err != nil {
		t.Fatal(err)
	}
	if nk.Meter != p.Key.Meter || nk.Plan != p.Key.Plan {
		t.Errorf("rotated key: meter %s plan %s, want %s %s", nk.Meter, nk.Plan, p.Key.Meter, p.Key.Plan)
	}
	if _, err := s.RevokeKey(ctx, p.Key.ID); err != nil {
		t.Fatal(err)
	}
	// Cached for at most the TTL.
	clk.Add(600 * time.Millisecond)
	if _, err := s.Authenticate(ctx, secret); !errors.Is(err, ErrRevoked) {
		t.Errorf("revoked key: got %v", err)
	}
	if _, err := s.Authenticate(ctx, nsecret); err != nil {
		t.Errorf("rotated key: %v", err)
	}
	// A plan change applies to the meter's active keys.
	if _, err := s.SetPlan(ctx, nk.ID, PlanPro); err != nil {
		t.Fatal(err)
	}
	clk.Add(600 * time.Millisecond)
	if p2, _ := s.Authenticate(ctx, nsecret); p2.Plan.Name != PlanPro {
		t.Errorf("plan after change = %s", p2.Plan.Name)
	}
}

func TestReserveQuotaAndRate(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanFree, 0)

	// Per-second limit counts requests: the third in one second is refused.
	for i := 0; i < 2; i++ {
		r, err := s.Reserve(ctx, p, "x", 10)
		if err != nil || !r.Decision.Allowed {
			t.Fatalf("call %d: %+v %v", i, r, err)
		}
	}
	r, _ := s.Reserve(ctx, p, "x", 1)
	if r.Decision.Allowed || r.Decision.Limit != LimitPerSecond || r.Decision.RetryAfter != time.Second {
		t.Fatalf("third call in a second: %+v", r.Decision)
	}
	// The monthly quota counts weights: 20 used, 80 left; weight 90 refused.
	clk.Add(time.Second)
	r, _ = s.Reserve(ctx, p, "x", 90)
	if r.Decision.Allowed || r.Decision.Limit != LimitQuota || r.Decision.Remaining != 80 {
		t.Fatalf("over quota: %+v", r.Decision)
	}
	wantReset := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	if !r.Decision.Reset.Equal(wantReset) || r.Decision.RetryAfter != wantReset.Sub(clk.Now()) {
		t.Errorf("reset %v retry %v", r.Decision.Reset, r.Decision.RetryAfter)
	}
	r, _ = s.Reserve(ctx, p, "x", 80)
	if !r.Decision.Allowed || r.Decision.Remaining != 0 || r.Decision.Weight != 80 {
		t.Fatalf("exact fill: %+v", r.Decision)
	}
	// Weight-0 routes are free even with the quota spent.
	clk.Add(time.Second)
	r, _ = s.Reserve(ctx, p, "free", 0)
	if !r.Decision.Allowed {
		t.Errorf("free call refused: %+v", r.Decision)
	}
	// Refund on error.
	clk.Add(time.Second)
	if err := s.Settle(ctx, r, 0); err != nil {
		t.Fatal(err)
	}
	// Next period: reset.
	clk.Add(20 * 24 * time.Hour)
	r, _ = s.Reserve(ctx, p, "x", 1)
	if !r.Decision.Allowed || r.Decision.Remaining != 99 {
		t.Errorf("new period: %+v", r.Decision)
	}
}

func TestSettle(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanStarter, 0)
	period := PeriodAt(clk.Now(), 0).ID()
	usage := func() int {
		n, _ := s.Store().Usage(ctx, p.Org.ID, p.Key.Meter, period, "")
		return n
	}
	r, _ := s.Reserve(ctx, p, "x", 5)
	if err := s.Settle(ctx, r, 0); err != nil || usage() != 0 || r.Decision.Weight != 0 || r.Decision.Remaining != 2000 {
		t.Errorf("refund: usage %d decision %+v err %v", usage(), r.Decision, err)
	}
	clk.Add(time.Second)
	r, _ = s.Reserve(ctx, p, "listings.export", 1)
	if err := s.Settle(ctx, r, 37); err != nil || usage() != 37 || r.Decision.Remaining != 2000-37 {
		t.Errorf("reconcile up: usage %d decision %+v err %v", usage(), r.Decision, err)
	}
	// Past the quota: charged in full, then every weighted call is refused.
	clk.Add(time.Second)
	r, _ = s.Reserve(ctx, p, "listings.export", 1)
	_ = s.Settle(ctx, r, 2000)
	if usage() != 2037 || r.Decision.Remaining != 0 {
		t.Errorf("over-quota settle: usage %d remaining %d", usage(), r.Decision.Remaining)
	}
	clk.Add(time.Second)
	if r, _ := s.Reserve(ctx, p, "x", 1); r.Decision.Allowed {
		t.Error("call after over-quota settle admitted")
	}
}

func TestRouteQuota(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanFree, 0)
	for i := 0; i < 25; i++ {
		clk.Add(time.Second)
		r, _ := s.Reserve(ctx, p, "postcode.profile", 1)
		if !r.Decision.Allowed {
			t.Fatalf("call %d refused: %+v", i, r.Decision)
		}
	}
	clk.Add(time.Second)
	r, _ := s.Reserve(ctx, p, "postcode.profile", 1)
	if r.Decision.Allowed || r.Decision.Limit != LimitRouteQuota || r.Decision.Remaining != 75 {
		t.Errorf("26th profile: %+v", r.Decision)
	}
	if r, _ := s.Reserve(ctx, p, "deprivation.get", 1); !r.Decision.Allowed {
		t.Error("other routes must stay open")
	}
}

// reserveParallel makes n reservations of weight 1 for p at once and counts
// those allowed.
func reserveParallel(s *Service, p Principal, n int) int {
	var wg sync.WaitGroup
	var ok atomic.Int64
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r, err := s.Reserve(context.Background(), p, "x", 1); err == nil && r.Decision.Allowed {
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	return int(ok.Load())
}

func TestConcurrentReserveIsExact(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanFree, 0)
	if _, err := s.SetOverrides(ctx, p.Key.ID, 0, Unlimited); err != nil {
		t.Fatal(err)
	}
	p.Key.RateOverride = Unlimited
	ok := reserveParallel(s, p, 200)
	used, _ := s.Store().Usage(ctx, p.Org.ID, p.Key.Meter, PeriodAt(clk.Now(), 0).ID(), "")
	if ok != 100 || used != 100 {
		t.Errorf("admitted %d, usage %d; want 100 and 100", ok, used)
	}
}

func TestOrigins(t *testing.T) {
	for _, bad := range []string{"", "*", "https://", "ftp://x.com", "https://x.com/path", "localhost", "x.com:80"} {
		if _, err := NormalizeOrigin(bad); err == nil {
			t.Errorf("NormalizeOrigin(%q) accepted", bad)
		}
	}
	var allowed []string
	for _, e := range []string{"https://App.Example.com", "example.org", "*.widgets.io", "http://localhost:3000"} {
		n, err := NormalizeOrigin(e)
		if err != nil {
			t.Fatal(err)
		}
		allowed = append(allowed, n)
	}
	tests := map[string]bool{
		"https://app.example.com":      true,
		"https://app.example.com:8443": false,
		"http://app.example.com":       false,
		"https://example.org":          true,
		"http://example.org":           false,
		"https://www.example.org":      false,
		"https://a.widgets.io":         true,
		"https://widgets.io":           false,
		"https://evilwidgets.io":       false,
		"http://localhost:3000":        true,
		"https://example.org.evil.com": false,
		"null":                         false,
	}
	for origin, want := range tests {
		if got := OriginAllowed(allowed, origin); got != want {
			t.Errorf("OriginAllowed(%q) = %v, want %v", origin, got, want)
		}
	}
}

func TestImportKey(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestService(t)
	o, _ := s.CreateOrg(ctx, "dev", 0)
	secret, _, _ := NewKey(KindSecret)
	k, err := s.ImportKey(ctx, KeySpec{OrgID: o.ID, Plan: PlanGrowth}, secret)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Authenticate(ctx, secret)
	if err != nil || p.Key.ID != k.ID || p.Plan.Name != PlanGrowth || k.Hash != HashKey(secret) {
		t.Errorf("imported key: %+v %v", p, err)
	}
	if _, err := s.ImportKey(ctx, KeySpec{OrgID: o.ID, Plan: PlanGrowth}, secret+"x"); !errors.Is(err, ErrMalformed) {
		t.Errorf("malformed import: %v", err)
	}
}
