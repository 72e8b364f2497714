package ratelimit

import (
	"context"
	"errors"
	"testing"
	"time"
)

// ledgerSum checks the ledger invariant (CheckLedger) and returns the
// balance and the entries.
func ledgerSum(t *testing.T, s *Service, org string) (int64, []LedgerEntry) {
	t.Helper()
	es, sum, err := s.CheckLedger(context.Background(), org)
	if err != nil {
		t.Fatal(err)
	}
	return sum, es
}

func TestTokensFundPayg(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanPayg, 0)
	// No tokens yet: 402-style refusal with the price, nothing charged.
	r, err := s.Reserve(ctx, p, "address.retrieve", 5)
	if err != nil || r.Decision.Allowed || r.Decision.Limit != LimitBalance || r.Decision.Price != 5 || r.Decision.TokensBalance != 0 || !r.Decision.Tokens {
		t.Fatalf("payg without tokens: %+v %v", r.Decision, err)
	}
	if _, err := s.AddTokens(ctx, p.Org.ID, "", 12, "keyctl:test", "first top-up"); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int64{7, 2} {
		clk.Add(time.Second)
		r, _ = s.Reserve(ctx, p, "address.retrieve", 5)
		if !r.Decision.Allowed || r.Decision.Funding != FundTokens || r.Decision.TokensCharged != 5 || r.Decision.TokensBalance != want {
			t.Fatalf("call %d: %+v", i, r.Decision)
		}
	}
	clk.Add(time.Second)
	r, _ = s.Reserve(ctx, p, "address.retrieve", 5)
	if r.Decision.Allowed || r.Decision.Limit != LimitBalance || r.Decision.TokensBalance != 2 || r.Decision.Price != 5 {
		t.Fatalf("2 tokens for a 5-token call: %+v", r.Decision)
	}
	// A 1-token call still fits; weight-0 calls are free.
	if r, _ = s.Reserve(ctx, p, "properties.get", 1); !r.Decision.Allowed || r.Decision.TokensBalance != 1 {
		t.Fatalf("1-token call: %+v", r.Decision)
	}
	clk.Add(time.Second)
	if r, _ = s.Reserve(ctx, p, "broadband.get", 0); !r.Decision.Allowed || r.Decision.TokensCharged != 0 {
		t.Fatalf("free call: %+v", r.Decision)
	}
	if bal, es := ledgerSum(t, s, p.Org.ID); bal != 1 || len(es) != 4 {
		t.Errorf("balance %d with %d entries, want 1 and 4 (top-up, 3 charges)", bal, len(es))
	}
}

func TestTokensAfterPlanQuota(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanFree, 0)
	if _, err := s.SetOverrides(ctx, p.Key.ID, 10, Unlimited); err != nil {
		t.Fatal(err)
	}
	p.Key.QuotaOverride, p.Key.RateOverride = 10, Unlimited
	// Without tokens the quota refusal stays a 429-style monthly_quota.
	r, _ := s.Reserve(ctx, p, "x", 8)
	if !r.Decision.Allowed || r.Decision.Funding != FundPlan || r.Decision.Tokens {
		t.Fatalf("plan call: %+v", r.Decision)
	}
	if r, _ = s.Reserve(ctx, p, "x", 5); r.Decision.Allowed || r.Decision.Limit != LimitQuota {
		t.Fatalf("over quota, no tokens: %+v", r.Decision)
	}
	if _, err := s.AddTokens(ctx, p.Org.ID, LedgerTopUp, 6, "keyctl:test", "top-up"); err != nil {
		t.Fatal(err)
	}
	// Plan first: a 2-call request still fits the quota (8+2 = 10).
	if r, _ = s.Reserve(ctx, p, "x", 2); !r.Decision.Allowed || r.Decision.Funding != FundPlan || r.Decision.TokensCharged != 0 || !r.Decision.Tokens || r.Decision.TokensBalance != 6 {
		t.Fatalf("plan before tokens: %+v", r.Decision)
	}
	// The quota is spent: tokens pay the whole call.
	if r, _ = s.Reserve(ctx, p, "x", 5); !r.Decision.Allowed || r.Decision.Funding != FundTokens || r.Decision.TokensBalance != 1 || r.Decision.Remaining != 0 {
		t.Fatalf("token call: %+v", r.Decision)
	}
	// Refund of a token call: a ledger entry puts the tokens back.
	if err := s.Settle(ctx, r, 0); err != nil || r.Decision.TokensBalance != 6 || r.Decision.TokensCharged != 0 {
		t.Fatalf("refund: %+v %v", r.Decision, err)
	}
	// With a balance that cannot pay: 402-style, not 429.
	clk.Add(time.Second)
	if r, _ = s.Reserve(ctx, p, "x", 7); r.Decision.Allowed || r.Decision.Limit != LimitBalance || r.Decision.Price != 7 || r.Decision.TokensBalance != 6 {
		t.Fatalf("balance too low: %+v", r.Decision)
	}
	used, _ := s.Store().Usage(ctx, p.Org.ID, p.Key.Meter, PeriodAt(clk.Now(), 0).ID(), "")
	if used != 10 {
		t.Errorf("plan usage %d, want 10 (token calls do not count against the quota)", used)
	}
	_, es := ledgerSum(t, s, p.Org.ID)
	if len(es) != 3 || es[1].Kind != LedgerCharge || es[2].Kind != LedgerRefund || es[2].Amount != 5 || es[1].Actor != "key:"+p.Key.Prefix {
		t.Errorf("ledger %+v", es)
	}
	// Enterprise never spends tokens.
	pe, _ := mustKey(t, s, PlanEnterprise, 0)
	_, _ = s.AddTokens(ctx, pe.Org.ID, "", 100, "keyctl:test", "x")
	if r, _ := s.Reserve(ctx, pe, "x", 5); !r.Decision.Allowed || r.Decision.Funding != FundPlan || r.Decision.TokensBalance != 100 {
		t.Errorf("enterprise: %+v", r.Decision)
	}
}

func TestTokensSettle(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	p, _ := mustKey(t, s, PlanPayg, 0)
	_, _ = s.AddTokens(ctx, p.Org.ID, "", 30, "keyctl:test", "x")
	// Export: reserve 1, the rows cost 25: charged on top.
	r, _ := s.Reserve(ctx, p, "listings.export", 1)
	if err := s.TrySettle(ctx, r, 25); err != nil || r.Decision.TokensBalance != 5 || r.Decision.TokensCharged != 25 {
		t.Fatalf("settle up: %+v %v", r.Decision, err)
	}
	// More than the balance, unforced: refused, nothing changes.
	clk.Add(time.Second)
	r, _ = s.Reserve(ctx, p, "listings.export", 1)
	if err := s.TrySettle(ctx, r, 10); !errors.Is(err, ErrInsufficientBalance) || r.Decision.TokensCharged != 1 {
		t.Fatalf("unforced settle past the balance: %+v %v", r.Decision, err)
	}
	if bal, _, _ := s.TokenBalance(ctx, p.Org.ID); bal != 4 {
		t.Fatalf("balance %d, want 4 (the reservation only)", bal)
	}
	// Forced (rows already sent): the balance goes below zero; the next call is refused.
	if err := s.Settle(ctx, r, 10); err != nil || r.Decision.TokensBalance != -5 {
		t.Fatalf("forced: %+v %v", r.Decision, err)
	}
	clk.Add(time.Second)
	if r, _ := s.Reserve(ctx, p, "x", 1); r.Decision.Allowed {
		t.Error("call admitted on a negative balance")
	}
	ledgerSum(t, s, p.Org.ID)
	u, err := s.AccountUsage(ctx, p.Org.ID)
	if err != nil || u.Current.Tokens != 35 || u.Current.Requests != 2 || u.TokenBalance != -5 || len(u.Current.Rows) != 1 || u.Current.Rows[0].Endpoint != "listings.export" {
		t.Errorf("usage %+v %v", u, err)
	}
}

func TestTokensConcurrentExact(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestService(t)
	p, _ := mustKey(t, s, PlanPayg, 0)
	p.Key.RateOverride = Unlimited
	_, _ = s.AddTokens(ctx, p.Org.ID, "", 100, "keyctl:test", "x")
	ok := reserveParallel(s, p, 200)
	bal, es := ledgerSum(t, s, p.Org.ID)
	if ok != 100 || bal != 0 || len(es) != 101 {
		t.Errorf("admitted %d, balance %d, %d entries; want 100, 0, 101", ok, bal, len(es))
	}
}

func TestIdempotencyStore(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	st := s.Store().(*MemoryStore)
	st.SetClock(clk.Now)
	r, _ := s.IdemBegin(ctx, "org_a", "k1", "fp1", "o1")
	if r.State != IdemClaimed {
		t.Fatalf("first: %+v", r)
	}
	if r, _ = s.IdemBegin(ctx, "org_a", "k1", "fp1", "o2"); r.State != IdemInFlight {
		t.Fatalf("concurrent: %+v", r)
	}
	if r, _ = s.IdemBegin(ctx, "org_a", "k1", "fp2", "o2"); r.State != IdemMismatch {
		t.Fatalf("other body: %+v", r)
	}
	if r, _ = s.IdemBegin(ctx, "org_b", "k1", "fp2", "o3"); r.State != IdemClaimed {
		t.Fatalf("other organisation: %+v", r)
	}
	_ = s.IdemFinish(ctx, "org_a", "k1", "o2", IdemRecord{Status: 201}) // not the owner: ignored
	_ = s.IdemFinish(ctx, "org_a", "k1", "o1", IdemRecord{Status: 200, Body: []byte("x"), Weight: 1})
	if r, _ = s.IdemBegin(ctx, "org_a", "k1", "fp1", "o4"); r.State != IdemDone || r.Record.Status != 200 || string(r.Record.Body) != "x" {
		t.Fatalf("replay: %+v", r)
	}
	_ = s.IdemRelease(ctx, "org_b", "k1", "o3")
	if r, _ = s.IdemBegin(ctx, "org_b", "k1", "fp9", "o5"); r.State != IdemClaimed {
		t.Fatalf("after release: %+v", r)
	}
	clk.Add(IdemTTL + time.Second)
	if r, _ = s.IdemBegin(ctx, "org_a", "k1", "fp2", "o6"); r.State != IdemClaimed {
		t.Fatalf("after 24 h: %+v", r)
	}
}

// TestPublicKeyTokens: a public key never spends the organisation's tokens
// unless the organisation allows it, and then at most its daily cap;
// refunds give the cap back and a new UTC day starts it again.
func TestPublicKeyTokens(t *testing.T) {
	ctx := context.Background()
	s, clk := newTestService(t)
	o, err := s.CreateOrg(ctx, "Acme", 0)
	if err != nil {
		t.Fatal(err)
	}
	k, pub, err := s.CreateKey(ctx, KeySpec{OrgID: o.ID, Plan: PlanPayg, Kind: KindPublic, Tools: []string{"mortgage"}, Origins: []string{"https://a.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTokens(ctx, o.ID, "", 100, "keyctl:test", "top-up"); err != nil {
		t.Fatal(err)
	}
	call := func() Decision {
		t.Helper()
		clk.Add(time.Second)
		p, err := s.Authenticate(ctx, pub)
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Reserve(ctx, p, "mortgage.calc", 5)
		if err != nil {
			t.Fatal(err)
		}
		return r.Decision
	}
	if d := call(); d.Allowed || d.Funding == FundTokens {
		t.Fatalf("public key spent tokens by default: %+v", d)
	}
	if _, err := s.SetPublicKeyTokens(ctx, o.ID, true); err != nil {
		t.Fatal(err)
	}
	if d := call(); d.Allowed {
		t.Fatalf("public key without a daily cap spent tokens: %+v", d)
	}
	if _, err := s.SetDailyTokenCap(ctx, k.ID, 12); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if d := call(); !d.Allowed || d.Funding != FundTokens {
			t.Fatalf("call %d within the cap: %+v", i, d)
		}
	}
	d := call()
	if d.Allowed || d.Limit != LimitTokenCap || d.RetryAfter <= 0 {
		t.Fatalf("third 5-token call past a 12-token cap: %+v", d)
	}
	// A refund gives the cap back.
	p, _ := s.Authenticate(ctx, pub)
	clk.Add(time.Second)
	r, err := s.Reserve(ctx, p, "mortgage.calc", 1)
	if err != nil || !r.Decision.Allowed {
		t.Fatalf("1-token call: %+v %v", r.Decision, err)
	}
	if err := s.Settle(ctx, r, 0); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Second)
	if r, err = s.Reserve(ctx, p, "mortgage.calc", 2); err != nil || !r.Decision.Allowed {
		t.Fatalf("2 tokens fit the cap only if the refunded token came back: %+v %v", r.Decision, err)
	}
	if d := call(); d.Allowed {
		t.Fatalf("cap exceeded: %+v", d)
	}
	clk.Add(24 * time.Hour)
	if d := call(); !d.Allowed {
		t.Fatalf("a new day: %+v", d)
	}
	if bal, _ := ledgerSum(t, s, o.ID); bal != 83 {
		t.Errorf("balance %d, want 83 (100 - 3 calls of 5 - 2)", bal)
	}
	if _, err := s.SetPublicKeyTokens(ctx, o.ID, false); err != nil {
		t.Fatal(err)
	}
	if d := call(); d.Allowed {
		t.Fatalf("turned off, still spending: %+v", d)
	}
	// API keys have no cap to set.
	sk, _, _ := s.CreateKey(ctx, KeySpec{OrgID: o.ID, Plan: PlanPayg})
	if _, err := s.SetDailyTokenCap(ctx, sk.ID, 5); err == nil {
		t.Error("a daily token cap set on an API key")
	}
}

func TestChargeOnceMemory(t *testing.T) {
	ctx := context.Background()
	svc := New(NewMemoryStore(), Options{})
	org, _ := svc.CreateOrg(ctx, "o", 0)
	k, _, err := svc.CreateKey(ctx, KeySpec{OrgID: org.ID, Plan: PlanGrowth})
	if err != nil {
		t.Fatal(err)
	}
	plan, _ := PlanByName(PlanGrowth)
	p := Principal{Key: k, Org: org, Plan: plan}
	for i, want := range []bool{false, true} {
		d, again, err := svc.ChargeOnce(ctx, p, Call{Route: "jobs", Weight: 300}, "job:x", "0", time.Hour)
		if err != nil || !d.Allowed || again != want {
			t.Fatalf("charge %d: %+v again %v err %v", i, d, again, err)
		}
	}
	if n, _ := svc.Store().Usage(ctx, org.ID, k.Meter, PeriodAt(time.Now(), 0).ID(), ""); n != 300 {
		t.Errorf("usage %d, want 300 (charged once)", n)
	}
	// Past the quota: refused, nothing charged, the marker not set.
	d, _, err := svc.ChargeOnce(ctx, p, Call{Route: "jobs", Weight: 20000}, "job:x", "1", time.Hour)
	if err != nil || d.Allowed || d.Limit != LimitQuota {
		t.Fatalf("over quota: %+v %v", d, err)
	}
}
