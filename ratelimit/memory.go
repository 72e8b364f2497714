package ratelimit

import (
	"context"
	"sort"
	"strconv"
	"sync"
	"time"
)

// MemoryStore is an in-process Store: exact and atomic, but private to one
// process. The server uses it when REDIS_URL is unset; tests use it with a
// fake clock. Counters never expire (a process does not live for years).
type MemoryStore struct {
	mu       sync.Mutex
	orgs     map[string]Org
	keys     map[string]Key
	byHash   map[string]string
	counters map[string]int
	windows  map[string]window
	balances map[string]int64
	ledgers  map[string][]LedgerEntry
	usage    map[string]map[string]int64 // org|period → field → n
	idem     map[string]memIdem
	// dayTokens: org|daily counter name → tokens spent (public key caps).
	dayTokens map[string]int64
	// failures: subject|window start → count (auth failures per IP).
	failures map[string]int
	once     map[string]bool // org|scope|token of Once charges
	seq      int64
	now      func() time.Time
}

type memIdem struct {
	state, fp, owner string
	rec              IdemRecord
	exp              time.Time
}

type window struct {
	second int64
	n      int
}

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{
		orgs: map[string]Org{}, keys: map[string]Key{}, byHash: map[string]string{},
		counters: map[string]int{}, windows: map[string]window{},
		balances: map[string]int64{}, ledgers: map[string][]LedgerEntry{}, usage: map[string]map[string]int64{},
		idem: map[string]memIdem{}, dayTokens: map[string]int64{}, failures: map[string]int{}, now: time.Now,
	}
}

// SetClock replaces the store's clock (ledger times, idempotency expiry).
func (m *MemoryStore) SetClock(now func() time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.now = now
}

// PutOrg implements Store.
func (m *MemoryStore) PutOrg(_ context.Context, o Org) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.orgs[o.ID] = o
	return nil
}

// Org implements Store.
func (m *MemoryStore) Org(_ context.Context, id string) (Org, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	o, ok := m.orgs[id]
	if !ok {
		return Org{}, ErrNotFound
	}
	return o, nil
}

// Orgs implements Store.
func (m *MemoryStore) Orgs(_ context.Context) ([]Org, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Org, 0, len(m.orgs))
	for _, o := range m.orgs {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// PutKey implements Store.
func (m *MemoryStore) PutKey(_ context.Context, k Key) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys[k.ID] = k
	m.byHash[k.Hash] = k.ID
	return nil
}

// Key implements Store.
func (m *MemoryStore) Key(_ context.Context, id string) (Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.keys[id]
	if !ok {
		return Key{}, ErrNotFound
	}
	return k, nil
}

// KeyByHash implements Store.
func (m *MemoryStore) KeyByHash(_ context.Context, hash string) (Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id, ok := m.byHash[hash]
	if !ok {
		return Key{}, ErrNotFound
	}
	return m.keys[id], nil
}

// OrgKeys implements Store.
func (m *MemoryStore) OrgKeys(_ context.Context, orgID string) ([]Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Key
	for _, k := range m.keys {
		if k.OrgID == orgID {
			out = append(out, k)
		}
	}
	sortKeys(out)
	return out, nil
}

// EmbedOriginKnown implements Store.
func (m *MemoryStore) EmbedOriginKnown(_ context.Context, tool, origin string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, k := range m.keys {
		if k.Kind == KindPublic && k.Active() && k.HasTool(tool) && OriginAllowed(k.Origins, origin) {
			return true, nil
		}
	}
	return false, nil
}

// Reserve implements Store: the same decision as the Redis script.
func (m *MemoryStore) Reserve(_ context.Context, c Charge) (Counts, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var cn Counts
	if c.Once != "" {
		if m.once[c.OrgID+"|"+c.OnceScope+"|"+c.Once] {
			return Counts{Outcome: AlreadyCharged}, nil
		}
		defer func() {
			if cn.Outcome == Admitted {
				if m.once == nil {
					m.once = map[string]bool{}
				}
				m.once[c.OrgID+"|"+c.OnceScope+"|"+c.Once] = true
			}
		}()
	}
	useKey, routeKey := m.counter(c.OrgID, c.Meter, c.Period, ""), m.counter(c.OrgID, c.Meter, c.Period, c.Route)
	keyed := c.OrgID != "" && c.Meter != ""
	if keyed {
		cn.Used = m.counters[useKey]
		if c.Route != "" {
			cn.RouteUsed = m.counters[routeKey]
		}
		cn.Balance, cn.Account = m.balances[c.OrgID], m.hasAccount(c.OrgID)
	}
	w := m.windows[c.RateKey]
	if w.second != c.Second {
		w = window{second: c.Second}
	}
	if c.PerSecond != Unlimited && w.n >= c.PerSecond {
		cn.Outcome = DeniedPerSecond
		return cn, nil
	}
	fund := FundPlan
	if keyed && c.Weight > 0 {
		deny := Admitted
		switch {
		case c.Quota != Unlimited && cn.Used+c.Weight > c.Quota:
			deny = DeniedQuota
		case c.Route != "" && cn.RouteUsed+c.Weight > c.RouteQuota:
			deny = DeniedRouteQuota
		}
		if deny != Admitted {
			switch {
			case c.Tokens && cn.Balance >= int64(c.Weight):
				if c.DayTokens != "" && m.dayTokens[c.OrgID+"|"+c.DayTokens]+int64(c.Weight) > c.DayTokenCap {
					cn.Outcome = DeniedTokenCap
					return cn, nil
				}
				fund = FundTokens
			case c.Tokens && (c.Quota == 0 || cn.Balance > 0):
				cn.Outcome = DeniedBalance
				return cn, nil
			default:
				cn.Outcome = deny
				return cn, nil
			}
		}
	}
	if c.PerSecond != Unlimited {
		w.n++
		if len(m.windows) >= maxWindows {
			m.pruneWindows(c.Second)
		}
		m.windows[c.RateKey] = w
	}
	cn.Funding = fund
	if keyed && c.Weight > 0 {
		f := usageField(c.Day, c.Endpoint)
		if fund == FundPlan {
			m.counters[useKey] += c.Weight
			cn.Used = m.counters[useKey]
			if c.Route != "" {
				m.counters[routeKey] += c.Weight
				cn.RouteUsed = m.counters[routeKey]
			}
			m.bump(c.OrgID, c.Period, f+"c", int64(c.Weight))
		} else {
			cn.Balance = m.move(c.OrgID, LedgerEntry{Kind: LedgerCharge, Amount: -int64(c.Weight), Actor: c.Actor, Route: c.Endpoint, RequestID: c.RequestID}).Balance
			cn.Account = true
			m.bump(c.OrgID, c.Period, f+"t", int64(c.Weight))
			if c.DayTokens != "" {
				m.dayTokens[c.OrgID+"|"+c.DayTokens] += int64(c.Weight)
			}
		}
		m.bump(c.OrgID, c.Period, f+"r", 1)
	}
	return cn, nil
}

func (m *MemoryStore) hasAccount(org string) bool {
	_, ok := m.balances[org]
	return ok
}

// move applies a ledger entry to a balance (lock held).
func (m *MemoryStore) move(org string, e LedgerEntry) LedgerEntry {
	m.balances[org] += e.Amount
	m.seq++
	e.Balance = m.balances[org]
	e.Time = m.now().UTC()
	e.ID = strconv.FormatInt(e.Time.UnixMilli(), 10) + "-" + strconv.FormatInt(m.seq, 10)
	m.ledgers[org] = append(m.ledgers[org], e)
	return e
}

func (m *MemoryStore) bump(org, period, field string, n int64) {
	k := org + "|" + period
	if m.usage[k] == nil {
		m.usage[k] = map[string]int64{}
	}
	m.usage[k][field] += n
}

// maxWindows bounds the per-second windows kept (one per key or client IP).
const maxWindows = 100000

// pruneWindows drops windows older than the current second.
func (m *MemoryStore) pruneWindows(now int64) {
	for k, w := range m.windows {
		if w.second < now {
			delete(m.windows, k)
		}
	}
}

// CountFailure implements Store.
func (m *MemoryStore) CountFailure(_ context.Context, subject string, start int64, window time.Duration) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.failures) >= maxWindows {
		m.failures = map[string]int{} // old windows; the current ones restart
	}
	k := subject + "|" + strconv.FormatInt(start, 10)
	m.failures[k]++
	return m.failures[k], nil
}

// Adjust implements Store.
func (m *MemoryStore) Adjust(_ context.Context, a Adjustment) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := usageField(a.Day, a.Endpoint)
	var bal int64
	if a.Funding == FundTokens {
		bal = m.balances[a.OrgID]
		if a.Delta > 0 && !a.Force && bal < int64(a.Delta) {
			return bal, ErrInsufficientBalance
		}
		if a.Delta != 0 {
			kind := LedgerCharge
			if a.Delta < 0 {
				kind = LedgerRefund
			}
			bal = m.move(a.OrgID, LedgerEntry{Kind: kind, Amount: -int64(a.Delta), Actor: a.Actor, Route: a.Endpoint, RequestID: a.RequestID}).Balance
			m.bump(a.OrgID, a.Period, f+"t", int64(a.Delta))
			if a.DayTokens != "" {
				m.dayTokens[a.OrgID+"|"+a.DayTokens] += int64(a.Delta)
			}
		}
	} else if a.Delta != 0 {
		m.counters[m.counter(a.OrgID, a.Meter, a.Period, "")] += a.Delta
		if a.Route != "" {
			m.counters[m.counter(a.OrgID, a.Meter, a.Period, a.Route)] += a.RouteDelta
		}
		m.bump(a.OrgID, a.Period, f+"c", int64(a.Delta))
	}
	if a.Requests != 0 {
		m.bump(a.OrgID, a.Period, f+"r", int64(a.Requests))
	}
	return bal, nil
}

// Usage implements Store.
func (m *MemoryStore) Usage(_ context.Context, orgID, meter, period, route string) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counters[m.counter(orgID, meter, period, route)], nil
}

func (m *MemoryStore) counter(org, meter, period, route string) string {
	return org + "|" + counterName(meter, period, route)
}

// AddTokens implements Store.
func (m *MemoryStore) AddTokens(_ context.Context, orgID string, amount int64, e LedgerEntry) (LedgerEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.balances[orgID]+amount < 0 {
		return LedgerEntry{Balance: m.balances[orgID]}, ErrInsufficientBalance
	}
	e.Amount = amount
	return m.move(orgID, e), nil
}

// Balance implements Store.
func (m *MemoryStore) Balance(_ context.Context, orgID string) (int64, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[orgID], m.hasAccount(orgID), nil
}

// Ledger implements Store.
func (m *MemoryStore) Ledger(_ context.Context, orgID string, limit int) ([]LedgerEntry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	l := m.ledgers[orgID]
	if limit > 0 && len(l) > limit {
		l = l[:limit]
	}
	return append([]LedgerEntry(nil), l...), nil
}

// UsageRows implements Store.
func (m *MemoryStore) UsageRows(_ context.Context, orgID, period string) ([]UsageRow, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	fields := map[string]string{}
	for f, n := range m.usage[orgID+"|"+period] {
		fields[f] = strconv.FormatInt(n, 10)
	}
	return usageRows(fields), nil
}

// IdemBegin implements Store.
func (m *MemoryStore) IdemBegin(_ context.Context, orgID, key, fp, owner string, lease time.Duration) (IdemResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := orgID + "|" + key
	now := m.now()
	r, ok := m.idem[k]
	if !ok || !now.Before(r.exp) {
		m.idem[k] = memIdem{state: "pending", fp: fp, owner: owner, exp: now.Add(lease)}
		return IdemResult{State: IdemClaimed}, nil
	}
	switch {
	case r.fp != fp:
		return IdemResult{State: IdemMismatch}, nil
	case r.state == "pending":
		return IdemResult{State: IdemInFlight}, nil
	}
	return IdemResult{State: IdemDone, Record: r.rec}, nil
}

// IdemFinish implements Store.
func (m *MemoryStore) IdemFinish(_ context.Context, orgID, key, owner string, rec IdemRecord, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := orgID + "|" + key
	if r, ok := m.idem[k]; ok && r.owner == owner {
		r.state, r.rec, r.exp = "done", rec, m.now().Add(ttl)
		m.idem[k] = r
	}
	return nil
}

// IdemRelease implements Store.
func (m *MemoryStore) IdemRelease(_ context.Context, orgID, key, owner string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := orgID + "|" + key
	if r, ok := m.idem[k]; ok && r.owner == owner && r.state == "pending" {
		delete(m.idem, k)
	}
	return nil
}

// counterName is the name of a period counter (also the Redis key suffix).
func counterName(meter, period, route string) string {
	n := "use:" + meter + ":" + period
	if route != "" {
		n += ":" + route
	}
	return n
}

func sortUsage(rs []UsageRow) {
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].Day != rs[j].Day {
			return rs[i].Day < rs[j].Day
		}
		return rs[i].Endpoint < rs[j].Endpoint
	})
}

func sortKeys(ks []Key) {
	sort.Slice(ks, func(i, j int) bool {
		if !ks[i].Created.Equal(ks[j].Created) {
			return ks[i].Created.Before(ks[j].Created)
		}
		return ks[i].ID < ks[j].ID
	})
}
