package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Limit names used in Decisions (and in 429 responses).
const (
	LimitPerSecond  = "per_second"
	LimitQuota      = "monthly_quota"
	LimitRouteQuota = "monthly_route_quota"
	// LimitBalance: the organisation's token balance cannot pay the call.
	LimitBalance = "token_balance"
	// LimitTokenCap: a public key's daily token cap cannot pay the call.
	LimitTokenCap = "daily_token_cap"
)

// counterGrace keeps period counters readable for a while after the period
// ends (usage reports, disputes).
const counterGrace = 62 * 24 * time.Hour

// Options configure a Service.
type Options struct {
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// CacheTTL bounds how long a key lookup is reused in process; 0 means
	// DefaultCacheTTL, negative disables the cache. Revocation is seen
	// within it.
	CacheTTL time.Duration
}

// Service authenticates keys, reserves and settles charges, and administers
// organisations and keys (keyctl).
type Service struct {
	store Store
	now   func() time.Time
	ttl   time.Duration

	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	p   Principal
	err error
	// at is when the lookup that produced the entry started; the entry is
	// used until at+TTL and never after, so a change made in Redis (a
	// revocation, a new plan) is seen within the TTL.
	at, exp time.Time
	// refreshing is set while a background lookup renews the entry.
	refreshing bool
}

// maxCache bounds the lookup cache; when full it is emptied.
const maxCache = 10000

// New builds a Service over a store.
func New(store Store, opt Options) *Service {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.CacheTTL == 0 {
		opt.CacheTTL = DefaultCacheTTL
	}
	return &Service{store: store, now: opt.Now, ttl: opt.CacheTTL, cache: map[string]cached{}}
}

// DefaultCacheTTL is how long a key lookup is reused: the bound on how
// late a revocation or plan change made with keyctl is seen by an API
// instance.
const DefaultCacheTTL = 500 * time.Millisecond

// Store returns the underlying store.
func (s *Service) Store() Store { return s.store }

// Now returns the service clock.
func (s *Service) Now() time.Time { return s.now() }

// Principal is an authenticated key with its organisation and plan.
type Principal struct {
	Key  Key
	Org  Org
	Plan Plan
}

// Authenticate resolves a presented key. Errors: ErrMalformed (checked
// before any lookup), ErrUnknown, ErrRevoked, or ErrUnavailable (fail closed).
//
// Lookups are cached in process for the TTL (Options.CacheTTL), counted
// from when the lookup started. A key in use is renewed ahead of time: the
// first request in the second half of its entry's life starts one lookup
// in the background and is answered from the entry, so busy keys never
// wait for Redis here, and the entry is still never used past its TTL.
func (s *Service) Authenticate(ctx context.Context, presented string) (Principal, error) {
	if _, err := ParseKey(presented); err != nil {
		return Principal{}, err
	}
	hash := HashKey(presented)
	now := s.now()
	if s.ttl > 0 {
		s.mu.Lock()
		c, ok := s.cache[hash]
		if ok && now.Before(c.exp) {
			if !c.refreshing && !now.Before(c.at.Add(s.ttl/2)) {
				c.refreshing = true
				s.cache[hash] = c
				go s.refresh(context.WithoutCancel(ctx), hash)
			}
			s.mu.Unlock()
			return c.p, c.err
		}
		s.mu.Unlock()
	}
	return s.fetch(ctx, hash, now)
}

// fetch looks a key up (started at now) and caches the answer.
func (s *Service) fetch(ctx context.Context, hash string, now time.Time) (Principal, error) {
	p, err := s.lookup(ctx, hash)
	if err != nil && !errors.Is(err, ErrUnknown) && !errors.Is(err, ErrRevoked) {
		return Principal{}, err
	}
	if s.ttl > 0 {
		s.mu.Lock()
		if len(s.cache) >= maxCache {
			s.cache = map[string]cached{}
		}
		if old, ok := s.cache[hash]; !ok || !old.at.After(now) {
			s.cache[hash] = cached{p: p, err: err, at: now, exp: now.Add(s.ttl)}
		}
		s.mu.Unlock()
	}
	return p, err
}

// refresh renews a cache entry in the background. A failure leaves the
// entry to expire (the next request then looks the key up itself and, if
// the store is still down, is refused).
func (s *Service) refresh(ctx context.Context, hash string) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if _, err := s.fetch(ctx, hash, s.now()); err != nil {
		s.mu.Lock()
		if c, ok := s.cache[hash]; ok {
			c.refreshing = false
			s.cache[hash] = c
		}
		s.mu.Unlock()
	}
}

func (s *Service) lookup(ctx context.Context, hash string) (Principal, error) {
	k, err := s.store.KeyByHash(ctx, hash)
	if errors.Is(err, ErrNotFound) {
		return Principal{}, ErrUnknown
	}
	if err != nil {
		return Principal{}, err
	}
	if !HashEqual(k.Hash, hash) {
		return Principal{}, ErrUnknown
	}
	if !k.Active() {
		return Principal{}, ErrRevoked
	}
	o, err := s.store.Org(ctx, k.OrgID)
	if err != nil {
		return Principal{}, fmt.Errorf("organisation of key %s: %w", k.ID, err)
	}
	plan, err := PlanByName(k.Plan)
	if err != nil {
		return Principal{}, fmt.Errorf("key %s: %w", k.ID, err)
	}
	return Principal{Key: k, Org: o, Plan: plan}, nil
}

// Decision is the metering verdict on one request, with what the client
// needs to see in headers.
type Decision struct {
	Allowed bool
	// Limit names the limit that refused the request (Limit* constants).
	Limit string
	// Weight is the calls charged by this request (to the plan or, when
	// Funding is FundTokens, as tokens).
	Weight int
	// Quota is the period allowance (Unlimited for none); Remaining what is
	// left after this request (never below 0).
	Quota     int
	Remaining int
	// Reset is the end of the billing period.
	Reset time.Time
	// RetryAfter is set on refusals.
	RetryAfter time.Duration
	// RouteQuota and RouteRemaining describe a per-route sub-allowance
	// (RouteQuota 0: none).
	RouteQuota     int
	RouteRemaining int
	// Funding is the source that paid an admitted call (FundPlan, FundTokens).
	Funding string
	// Tokens is true when the organisation has a token account or the key is
	// pay-as-you-go: responses then show TokensCharged and TokensBalance.
	Tokens        bool
	TokensCharged int
	TokensBalance int64
	// Price is the call's weight in tokens (set on a DeniedBalance refusal).
	Price int
}

// Reservation is an admitted charge that Settle completes.
type Reservation struct {
	Decision Decision
	charge   Charge
	settled  int // weight currently charged
}

// Call describes a request to charge.
type Call struct {
	Route     string
	Weight    int
	RequestID string // goes into the ledger entry of a token charge
}

// Reserve asks to charge weight calls for a request to route (see ReserveCall).
func (s *Service) Reserve(ctx context.Context, p Principal, route string, weight int) (*Reservation, error) {
	return s.ReserveCall(ctx, p, Call{Route: route, Weight: weight})
}

// ReserveCall charges a call, funded by the key's plan when its quota (and
// route quota) covers the weight, otherwise by the organisation's tokens
// when the balance covers it. A refused request is charged nothing and
// returns Decision.Allowed false. Store failures return ErrUnavailable: the
// caller must refuse the request.
func (s *Service) ReserveCall(ctx context.Context, p Principal, call Call) (*Reservation, error) {
	now := s.now()
	period := PeriodAt(now, p.Org.AnchorDay)
	quota, perSecond := p.Key.Limits(p.Plan)
	c := chargeOf(p, call, now, period, quota, perSecond)
	if p.Key.Kind == KindPublic {
		// A public key spends tokens only when its organisation allows it,
		// and then at most its daily cap.
		c.Tokens = c.Tokens && p.Org.PublicKeyTokens && p.Key.DailyTokenCap > 0
		if c.Tokens {
			c.DayTokens, c.DayTokenCap = "tokday:"+p.Key.Meter+":"+c.Day, p.Key.DailyTokenCap
		}
	}
	if rq, ok := p.Plan.RouteQuotas[call.Route]; ok && p.Key.QuotaOverride == 0 {
		c.Route, c.RouteQuota = call.Route, rq
	}
	cn, err := s.store.Reserve(ctx, c)
	if err != nil {
		return nil, err
	}
	d := Decision{Allowed: cn.Outcome == Admitted, Quota: quota, Reset: period.End,
		Tokens: cn.Account || quota == 0, TokensBalance: cn.Balance}
	if c.Route != "" {
		d.RouteQuota, d.RouteRemaining = c.RouteQuota, max(0, c.RouteQuota-cn.RouteUsed)
	}
	d.Remaining = remaining(quota, cn.Used)
	switch cn.Outcome {
	case Admitted:
		d.Weight, d.Funding = call.Weight, cn.Funding
		if cn.Funding == FundTokens {
			d.TokensCharged = call.Weight
		}
	case DeniedPerSecond:
		d.Limit, d.RetryAfter = LimitPerSecond, time.Second
	case DeniedQuota:
		d.Limit, d.RetryAfter = LimitQuota, period.End.Sub(now)
	case DeniedRouteQuota:
		d.Limit, d.RetryAfter = LimitRouteQuota, period.End.Sub(now)
	case DeniedBalance:
		d.Limit, d.Price = LimitBalance, call.Weight
	case DeniedTokenCap:
		next := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day()+1, 0, 0, 0, 0, time.UTC)
		d.Limit, d.Price, d.RetryAfter = LimitTokenCap, call.Weight, next.Sub(now)
	}
	return &Reservation{Decision: d, charge: c, settled: d.Weight}, nil
}

// chargeOf is the charge of call to p's key at now: the key's per-second
// window (perSecond calls) and its meter's period counter, funded by tokens
// when the plan's quota is not unlimited.
func chargeOf(p Principal, call Call, now time.Time, period Period, quota, perSecond int) Charge {
	return Charge{
		OrgID:   p.Org.ID,
		RateKey: p.Key.Meter, Second: now.Unix(), PerSecond: perSecond,
		Meter: p.Key.Meter, Period: period.ID(), TTL: period.End.Sub(now) + counterGrace,
		Quota: quota, Weight: call.Weight, Tokens: quota != Unlimited,
		Endpoint: call.Route, Day: now.UTC().Format("20060102"),
		Actor: "key:" + p.Key.Prefix, RequestID: call.RequestID,
	}
}

// ChargeOnce charges call.Weight for work a background job finished on
// behalf of p (no per-second limit: the job's pace is the server's), funded
// like ReserveCall, at most once per (scope, token): a repeat (the same
// batch after a worker crash) returns an admitted Decision of weight 0 and
// already true. A refusal (quota, balance) charges nothing.
func (s *Service) ChargeOnce(ctx context.Context, p Principal, call Call, scope, token string, ttl time.Duration) (d Decision, already bool, err error) {
	now := s.now()
	period := PeriodAt(now, p.Org.AnchorDay)
	quota, _ := p.Key.Limits(p.Plan)
	c := chargeOf(p, call, now, period, quota, Unlimited)
	c.Once, c.OnceScope, c.OnceTTL = token, scope, ttl
	cn, err := s.store.Reserve(ctx, c)
	if err != nil {
		return Decision{}, false, err
	}
	d = Decision{Allowed: cn.Outcome == Admitted || cn.Outcome == AlreadyCharged, Quota: quota, Reset: period.End,
		Tokens: cn.Account || quota == 0, TokensBalance: cn.Balance, Remaining: remaining(quota, cn.Used)}
	switch cn.Outcome {
	case AlreadyCharged:
		return d, true, nil
	case Admitted:
		d.Weight, d.Funding = call.Weight, cn.Funding
		if cn.Funding == FundTokens {
			d.TokensCharged = call.Weight
		}
	case DeniedQuota, DeniedRouteQuota:
		d.Limit, d.RetryAfter = LimitQuota, period.End.Sub(now)
	case DeniedBalance:
		d.Limit, d.Price = LimitBalance, call.Weight
	}
	return d, false, nil
}

func remaining(quota, used int) int {
	if quota == Unlimited {
		return Unlimited
	}
	return max(0, quota-used)
}

// TokensLeft returns the token balance after a token-funded reservation
// (ok false for plan-funded calls). A handler with a dynamic weight (export)
// can cap its rows to what the balance can still pay.
func (r *Reservation) TokensLeft() (balance int64, ok bool) {
	if r == nil || r.Decision.Funding != FundTokens {
		return 0, false
	}
	return r.Decision.TokensBalance, true
}

// Settle brings the charge of an admitted request to finalWeight: 0 refunds
// it all (error responses), more than reserved charges the difference even
// past the quota or the token balance (the rows were already served; the
// next request is refused). Decision.Weight and Remaining follow. Settle may
// be called again if the weight changes later (streamed responses).
func (s *Service) Settle(ctx context.Context, r *Reservation, finalWeight int) error {
	return s.settle(ctx, r, finalWeight, true)
}

// TrySettle is Settle for a weight known before anything is sent: a token
// charge the balance cannot pay changes nothing and returns
// ErrInsufficientBalance (Decision.TokensBalance then holds the balance).
func (s *Service) TrySettle(ctx context.Context, r *Reservation, finalWeight int) error {
	return s.settle(ctx, r, finalWeight, false)
}

func (s *Service) settle(ctx context.Context, r *Reservation, finalWeight int, force bool) error {
	if r == nil || !r.Decision.Allowed || finalWeight == r.settled {
		return nil
	}
	delta := finalWeight - r.settled
	a := Adjustment{OrgID: r.charge.OrgID, Meter: r.charge.Meter, Period: r.charge.Period, TTL: r.charge.TTL, Delta: delta,
		Funding: r.Decision.Funding, Force: force, Endpoint: r.charge.Endpoint, Day: r.charge.Day,
		Requests: b2i(finalWeight > 0) - b2i(r.settled > 0), Actor: r.charge.Actor, RequestID: r.charge.RequestID,
		DayTokens: r.charge.DayTokens}
	if r.charge.Route != "" && r.Decision.Funding != FundTokens {
		a.Route, a.RouteDelta = r.charge.Route, delta
	}
	bal, err := s.store.Adjust(ctx, a)
	if err != nil {
		if errors.Is(err, ErrInsufficientBalance) {
			r.Decision.TokensBalance = bal
		}
		return err
	}
	r.settled = finalWeight
	r.Decision.Weight = finalWeight
	if r.Decision.Funding == FundTokens {
		r.Decision.TokensCharged, r.Decision.TokensBalance = finalWeight, bal
		return nil
	}
	if r.Decision.Quota != Unlimited {
		r.Decision.Remaining = max(0, r.Decision.Remaining-delta)
	}
	if r.charge.Route != "" {
		r.Decision.RouteRemaining = max(0, r.Decision.RouteRemaining-delta)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ReserveAnonymous applies a per-second limit to an unauthenticated caller
// (subject: the client IP). Nothing else is counted.
func (s *Service) ReserveAnonymous(ctx context.Context, subject string, perSecond int) (Decision, error) {
	now := s.now()
	cn, err := s.store.Reserve(ctx, Charge{RateKey: "anon:" + subject, Second: now.Unix(), PerSecond: perSecond, Quota: Unlimited})
	if err != nil {
		return Decision{}, err
	}
	if cn.Outcome != Admitted {
		return Decision{Limit: LimitPerSecond, RetryAfter: time.Second, Quota: Unlimited, Remaining: Unlimited}, nil
	}
	return Decision{Allowed: true, Quota: Unlimited, Remaining: Unlimited}, nil
}

// Peek reads the key's standing without charging (headers of a 403).
func (s *Service) Peek(ctx context.Context, p Principal) (Decision, error) {
	now := s.now()
	period := PeriodAt(now, p.Org.AnchorDay)
	quota, _ := p.Key.Limits(p.Plan)
	used, err := s.store.Usage(ctx, p.Org.ID, p.Key.Meter, period.ID(), "")
	if err != nil {
		return Decision{}, err
	}
	bal, account, err := s.store.Balance(ctx, p.Org.ID)
	if err != nil {
		return Decision{}, err
	}
	return Decision{Allowed: true, Quota: quota, Remaining: remaining(quota, used), Reset: period.End,
		Tokens: account || quota == 0, TokensBalance: bal}, nil
}

// EmbedOriginKnown reports whether a CORS preflight from origin for a tool
// may be answered.
func (s *Service) EmbedOriginKnown(ctx context.Context, tool, origin string) (bool, error) {
	return s.store.EmbedOriginKnown(ctx, tool, origin)
}

// MeterUsage is the usage of one meter in the current period.
type MeterUsage struct {
	Meter  string
	Keys   []Key // keys charged to the meter (rotations share one)
	Plan   string
	Used   int
	Quota  int
	Period Period
}

// Usage reports an organisation's usage in its current period, per meter.
func (s *Service) Usage(ctx context.Context, orgID string) ([]MeterUsage, error) {
	o, err := s.store.Org(ctx, orgID)
	if err != nil {
		return nil, fmt.Errorf("usage: organisation %q: %w", orgID, err)
	}
	keys, err := s.store.OrgKeys(ctx, orgID)
	if err != nil {
		return nil, fmt.Errorf("usage: %w", err)
	}
	period := PeriodAt(s.now(), o.AnchorDay)
	var out []MeterUsage
	idx := map[string]int{}
	for _, k := range keys {
		i, ok := idx[k.Meter]
		if !ok {
			used, err := s.store.Usage(ctx, orgID, k.Meter, period.ID(), "")
			if err != nil {
				return nil, fmt.Errorf("usage: %w", err)
			}
			i = len(out)
			idx[k.Meter] = i
			out = append(out, MeterUsage{Meter: k.Meter, Used: used, Period: period})
		}
		out[i].Keys = append(out[i].Keys, k)
		if k.Active() || out[i].Plan == "" {
			p, err := PlanByName(k.Plan)
			if err != nil {
				return nil, fmt.Errorf("usage: key %s: %w", k.ID, err)
			}
			out[i].Plan = p.Name
			out[i].Quota, _ = k.Limits(p)
		}
	}
	return out, nil
}

// AuthFailWindow is the window of the failed-authentication limit.
const AuthFailWindow = time.Minute

func failWindowStart(now time.Time) int64 {
	w := int64(AuthFailWindow / time.Second)
	return now.Unix() / w * w
}

// NoteAuthFailure counts one failed authentication of a subject (a
// client IP bucket) in the current AuthFailWindow and returns the count.
func (s *Service) NoteAuthFailure(ctx context.Context, subject string) (int, error) {
	return s.store.CountFailure(ctx, "ip:"+subject, failWindowStart(s.now()), AuthFailWindow)
}
