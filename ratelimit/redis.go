package ratelimit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis client timeouts: a metering call that takes longer than this fails
// and the request is refused with 503 rather than served uncharged.
const (
	RedisTimeout = 150 * time.Millisecond
)

// RedisOptions parses a redis:// URL and applies the fail-fast settings
// metering needs: short dial, read, write and pool timeouts, and no client
// retries (a retried charging command could charge twice).
func RedisOptions(url string) (*redis.Options, error) {
	o, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("parse REDIS_URL: %w", err)
	}
	o.DialTimeout = RedisTimeout
	o.ReadTimeout = RedisTimeout
	o.WriteTimeout = RedisTimeout
	o.PoolTimeout = 2 * RedisTimeout // waiting for a free connection under load is not Redis being slow
	o.PoolSize = 64
	o.MaxRetries = -1   // go-redis: -1 disables retries (0 means the default of 3)
	o.DialerRetries = 1 // one dial attempt (the default 5 with 100ms pauses is half a second)
	o.ContextTimeoutEnabled = true
	return o, nil
}

// RedisStore is the shared Store: records as JSON strings, counters as
// integers with a lifetime, and one Lua script for the reservation. Every key
// starts with the namespace, so tests isolate themselves by namespace.
type RedisStore struct {
	rdb     redis.UniversalClient
	ns      string
	reserve *redis.Script
}

// NewRedisStore wraps a client. namespace is prepended to every key
// (e.g. "ukpd:"); the server and keyctl must use the same.
func NewRedisStore(rdb redis.UniversalClient, namespace string) *RedisStore {
	return &RedisStore{rdb: rdb, ns: namespace, reserve: redis.NewScript(reserveLua)}
}

// reserveLua is the whole reservation: per-second check, quota check, route
// quota check, then all increments, or nothing. Redis runs a script
// atomically, so concurrent requests never overshoot a quota.
// KEYS[1] per-second window; KEYS[2] period usage (optional); KEYS[3] route
// usage (optional). ARGV: per-second limit, quota, weight, TTL seconds,
// route quota. -1 means unlimited.
const reserveLua = `
local perSecond = tonumber(ARGV[1])
local quota = tonumber(ARGV[2])
local weight = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
local routeQuota = tonumber(ARGV[5])
local used, routeUsed = 0, 0
if #KEYS >= 2 then used = tonumber(redis.call('GET', KEYS[2]) or '0') end
if #KEYS >= 3 then routeUsed = tonumber(redis.call('GET', KEYS[3]) or '0') end
if perSecond >= 0 then
  local n = tonumber(redis.call('GET', KEYS[1]) or '0')
  if n >= perSecond then return {1, used, routeUsed} end
end
if #KEYS >= 2 and quota >= 0 and weight > 0 and used + weight > quota then return {2, used, routeUsed} end
if #KEYS >= 3 and weight > 0 and routeUsed + weight > routeQuota then return {3, used, routeUsed} end
if perSecond >= 0 then
  if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], 2000) end
end
if #KEYS >= 2 and weight > 0 then
  used = redis.call('INCRBY', KEYS[2], weight)
  redis.call('EXPIRE', KEYS[2], ttl)
end
if #KEYS >= 3 and weight > 0 then
  routeUsed = redis.call('INCRBY', KEYS[3], weight)
  redis.call('EXPIRE', KEYS[3], ttl)
end
return {0, used, routeUsed}
`

func unavailable(op string, err error) error {
	return fmt.Errorf("%s: %w: %w", op, ErrUnavailable, err)
}

func (s *RedisStore) getJSON(ctx context.Context, op, key string, v any) error {
	b, err := s.rdb.Get(ctx, key).Bytes()
	if errors.Is(err, redis.Nil) {
		return ErrNotFound
	}
	if err != nil {
		return unavailable(op, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: decode %s: %w", op, key, err)
	}
	return nil
}

// PutOrg implements Store.
func (s *RedisStore) PutOrg(ctx context.Context, o Org) error {
	b, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("put org: %w", err)
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, s.ns+"org:"+o.ID, b, 0)
		p.SAdd(ctx, s.ns+"orgs", o.ID)
		return nil
	})
	if err != nil {
		return unavailable("put org", err)
	}
	return nil
}

// Org implements Store.
func (s *RedisStore) Org(ctx context.Context, id string) (Org, error) {
	var o Org
	err := s.getJSON(ctx, "get org", s.ns+"org:"+id, &o)
	return o, err
}

// Orgs implements Store.
func (s *RedisStore) Orgs(ctx context.Context) ([]Org, error) {
	ids, err := s.rdb.SMembers(ctx, s.ns+"orgs").Result()
	if err != nil {
		return nil, unavailable("list orgs", err)
	}
	var out []Org
	for _, id := range ids {
		o, err := s.Org(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// PutKey implements Store. The embed origin index counts, per tool, how many
// active public keys allow each origin entry.
func (s *RedisStore) PutKey(ctx context.Context, k Key) error {
	var old Key
	hadOld := true
	if err := s.getJSON(ctx, "put key", s.ns+"key:"+k.ID, &old); errors.Is(err, ErrNotFound) {
		hadOld = false
	} else if err != nil {
		return err
	}
	b, err := json.Marshal(k)
	if err != nil {
		return fmt.Errorf("put key: %w", err)
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, s.ns+"key:"+k.ID, b, 0)
		p.Set(ctx, s.ns+"keyhash:"+k.Hash, k.ID, 0)
		p.SAdd(ctx, s.ns+"orgkeys:"+k.OrgID, k.ID)
		if hadOld {
			s.indexOrigins(ctx, p, old, -1)
		}
		s.indexOrigins(ctx, p, k, 1)
		return nil
	})
	if err != nil {
		return unavailable("put key", err)
	}
	return nil
}

func (s *RedisStore) indexOrigins(ctx context.Context, p redis.Pipeliner, k Key, delta int64) {
	if k.Kind != KindPublic || !k.Active() {
		return
	}
	for _, t := range k.Tools {
		for _, o := range k.Origins {
			p.HIncrBy(ctx, s.ns+"embed:"+t, o, delta)
		}
	}
}

// Key implements Store.
func (s *RedisStore) Key(ctx context.Context, id string) (Key, error) {
	var k Key
	err := s.getJSON(ctx, "get key", s.ns+"key:"+id, &k)
	return k, err
}

// KeyByHash implements Store.
func (s *RedisStore) KeyByHash(ctx context.Context, hash string) (Key, error) {
	id, err := s.rdb.Get(ctx, s.ns+"keyhash:"+hash).Result()
	if errors.Is(err, redis.Nil) {
		return Key{}, ErrNotFound
	}
	if err != nil {
		return Key{}, unavailable("find key", err)
	}
	return s.Key(ctx, id)
}

// OrgKeys implements Store.
func (s *RedisStore) OrgKeys(ctx context.Context, orgID string) ([]Key, error) {
	ids, err := s.rdb.SMembers(ctx, s.ns+"orgkeys:"+orgID).Result()
	if err != nil {
		return nil, unavailable("list keys", err)
	}
	var out []Key
	for _, id := range ids {
		k, err := s.Key(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	sortKeys(out)
	return out, nil
}

// EmbedOriginKnown implements Store.
func (s *RedisStore) EmbedOriginKnown(ctx context.Context, tool, origin string) (bool, error) {
	m, err := s.rdb.HGetAll(ctx, s.ns+"embed:"+tool).Result()
	if err != nil {
		return false, unavailable("embed origins", err)
	}
	var allowed []string
	for o, n := range m {
		if c, _ := strconv.Atoi(n); c > 0 {
			allowed = append(allowed, o)
		}
	}
	return OriginAllowed(allowed, origin), nil
}

// Reserve implements Store with one EVALSHA of reserveLua.
func (s *RedisStore) Reserve(ctx context.Context, c Charge) (Counts, error) {
	keys := []string{s.ns + "rps:" + c.RateKey + ":" + strconv.FormatInt(c.Second, 10)}
	if c.Meter != "" {
		keys = append(keys, s.ns+counterName(c.Meter, c.Period, ""))
		if c.Route != "" {
			keys = append(keys, s.ns+counterName(c.Meter, c.Period, c.Route))
		}
	}
	ttl := int64(c.TTL / time.Second)
	if ttl < 1 {
		ttl = 1
	}
	res, err := s.reserve.Run(ctx, s.rdb, keys, c.PerSecond, c.Quota, c.Weight, ttl, c.RouteQuota).Int64Slice()
	if err != nil {
		return Counts{}, unavailable("reserve", err)
	}
	if len(res) != 3 {
		return Counts{}, fmt.Errorf("reserve: script returned %d values", len(res))
	}
	return Counts{Outcome: Outcome(res[0]), Used: int(res[1]), RouteUsed: int(res[2])}, nil
}

// Adjust implements Store in one MULTI/EXEC.
func (s *RedisStore) Adjust(ctx context.Context, a Adjustment) error {
	ttl := a.TTL
	if ttl < time.Second {
		ttl = time.Second
	}
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		k := s.ns + counterName(a.Meter, a.Period, "")
		p.IncrBy(ctx, k, int64(a.Delta))
		p.Expire(ctx, k, ttl)
		if a.Route != "" && a.RouteDelta != 0 {
			rk := s.ns + counterName(a.Meter, a.Period, a.Route)
			p.IncrBy(ctx, rk, int64(a.RouteDelta))
			p.Expire(ctx, rk, ttl)
		}
		return nil
	})
	if err != nil {
		return unavailable("adjust usage", err)
	}
	return nil
}

// Usage implements Store.
func (s *RedisStore) Usage(ctx context.Context, meter, period, route string) (int, error) {
	n, err := s.rdb.Get(ctx, s.ns+counterName(meter, period, route)).Int()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, unavailable("read usage", err)
	}
	return n, nil
}

// Ping checks the connection (for /health).
func (s *RedisStore) Ping(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return unavailable("ping", err)
	}
	return nil
}
