package ratelimit

import (
	"context"
	"sort"
	"sync"
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
	}
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
	useKey, routeKey := counterName(c.Meter, c.Period, ""), counterName(c.Meter, c.Period, c.Route)
	if c.Meter != "" {
		cn.Used = m.counters[useKey]
		if c.Route != "" {
			cn.RouteUsed = m.counters[routeKey]
		}
	}
	w := m.windows[c.RateKey]
	if w.second != c.Second {
		w = window{second: c.Second}
	}
	switch {
	case c.PerSecond != Unlimited && w.n >= c.PerSecond:
		cn.Outcome = DeniedPerSecond
		return cn, nil
	case c.Meter != "" && c.Quota != Unlimited && c.Weight > 0 && cn.Used+c.Weight > c.Quota:
		cn.Outcome = DeniedQuota
		return cn, nil
	case c.Meter != "" && c.Route != "" && c.Weight > 0 && cn.RouteUsed+c.Weight > c.RouteQuota:
		cn.Outcome = DeniedRouteQuota
		return cn, nil
	}
	if c.PerSecond != Unlimited {
		w.n++
		if len(m.windows) >= maxWindows {
			m.pruneWindows(c.Second)
		}
		m.windows[c.RateKey] = w
	}
	if c.Meter != "" && c.Weight > 0 {
		m.counters[useKey] += c.Weight
		cn.Used = m.counters[useKey]
		if c.Route != "" {
			m.counters[routeKey] += c.Weight
			cn.RouteUsed = m.counters[routeKey]
		}
	}
	return cn, nil
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

// Adjust implements Store.
func (m *MemoryStore) Adjust(_ context.Context, a Adjustment) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.counters[counterName(a.Meter, a.Period, "")] += a.Delta
	if a.Route != "" {
		m.counters[counterName(a.Meter, a.Period, a.Route)] += a.RouteDelta
	}
	return nil
}

// Usage implements Store.
func (m *MemoryStore) Usage(_ context.Context, meter, period, route string) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counters[counterName(meter, period, route)], nil
}

// counterName is the name of a period counter (also the Redis key suffix).
func counterName(meter, period, route string) string {
	n := "use:" + meter + ":" + period
	if route != "" {
		n += ":" + route
	}
	return n
}

func sortKeys(ks []Key) {
	sort.Slice(ks, func(i, j int) bool {
		if !ks[i].Created.Equal(ks[j].Created) {
			return ks[i].Created.Before(ks[j].Created)
		}
		return ks[i].ID < ks[j].ID
	})
}
