package ratelimit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis client timeouts: a metering call that takes longer than this fails
// and the request is refused with 503 rather than served uncharged.
const (
	RedisTimeout = 150 * time.Millisecond
)

// RedisStore is the shared Store: records as JSON strings, counters as
// integers with a lifetime, and Lua scripts for every step that moves a
// counter or money. Every key starts with the namespace, so tests isolate
// themselves by namespace. Every key of one organisation's metering
// (per-second windows, period counters, token balance, ledger, usage
// report, idempotency records) carries the hash tag {org:<id>}, so each
// script touches one Redis Cluster slot. The directory (organisation and
// key records, the key-hash, organisation-keys and embed-origin indexes,
// the organisation list) carries the hash tag {dir}, so a record and its
// indexes change in one MULTI/EXEC on one slot.
type RedisStore struct {
	rdb redis.UniversalClient
	ns  string
	// waitReplicas > 0: every metering script is followed, on its
	// connection, by WAIT waitReplicas waitTimeout (see RedisConn).
	waitReplicas int
	waitTimeout  time.Duration
	anon         *redis.Script
	reserve      *redis.Script
	adjust       *redis.Script
	addToken     *redis.Script
	idemBeg      *redis.Script
	idemFin      *redis.Script
	idemRel      *redis.Script
	reserveOnce  *redis.Script
}

// NewRedisStore wraps a client. namespace is prepended to every key
// (e.g. "ukpd:"); the server and keyctl must use the same.
func NewRedisStore(rdb redis.UniversalClient, namespace string) *RedisStore {
	return &RedisStore{rdb: rdb, ns: namespace,
		anon: redis.NewScript(anonLua), reserve: redis.NewScript(reserveLua), adjust: redis.NewScript(adjustLua),
		addToken: redis.NewScript(addTokensLua),
		idemBeg:  redis.NewScript(idemBeginLua), idemFin: redis.NewScript(idemFinishLua), idemRel: redis.NewScript(idemReleaseLua),
		reserveOnce: redis.NewScript(reserveOnceLua)}
}

// orgKey names a key of an organisation under its hash tag.
func (s *RedisStore) orgKey(orgID, suffix string) string {
	return s.ns + "{org:" + orgID + "}:" + suffix
}

// dirTag is the hash tag of the directory: organisation and key records
// and their indexes (one Redis Cluster slot; small, read through the
// service's lookup cache).
const dirTag = "{dir}:"

// dirKey names a directory key.
func (s *RedisStore) dirKey(suffix string) string { return s.ns + dirTag + suffix }

// anonLua is the per-second window of an anonymous caller.
// KEYS[1] window; ARGV[1] limit.
const anonLua = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 1 end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], 2000) end
return 0
`

// reserveLua is the whole reservation of a keyed call: per-second check;
// then the funding source: the plan (quota and route quota) when it covers
// the weight, else the token balance when allowed and sufficient; then all
// increments, the ledger entry of a token charge and the usage report, or
// nothing. Redis runs a script atomically, so concurrent requests never
// overshoot a quota or spend a token twice.
// KEYS: 1 per-second window, 2 period usage, 3 route usage, 4 token
// balance, 5 ledger (stream), 6 usage report (hash), 7 the key's tokens
// spent today (public keys' daily cap).
// ARGV: 1 per-second limit, 2 quota, 3 weight, 4 TTL seconds, 5 route quota
// (-2: no route quota), 6 tokens allowed (1/0), 7 usage field prefix
// (day|endpoint|), 8 actor, 9 endpoint, 10 request id, 11 daily token cap
// (-1: none). -1 means unlimited.
// Returns {outcome, used, routeUsed, balance, account, funding (0 plan, 1 tokens)}.
const reserveLua = `
local perSecond = tonumber(ARGV[1])
local quota = tonumber(ARGV[2])
local weight = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
local routeQuota = tonumber(ARGV[5])
local tokensOK = ARGV[6] == '1'
local used = tonumber(redis.call('GET', KEYS[2]) or '0')
local routeUsed = 0
if routeQuota ~= -2 then routeUsed = tonumber(redis.call('GET', KEYS[3]) or '0') end
local raw = redis.call('GET', KEYS[4])
local account, bal = 0, 0
if raw then account = 1; bal = tonumber(raw) end
if perSecond >= 0 then
  local n = tonumber(redis.call('GET', KEYS[1]) or '0')
  if n >= perSecond then return {1, used, routeUsed, bal, account, 0} end
end
local fund = 0
if weight > 0 then
  local deny = 0
  if quota >= 0 and used + weight > quota then deny = 2
  elseif routeQuota ~= -2 and routeUsed + weight > routeQuota then deny = 3 end
  if deny ~= 0 then
    if tokensOK and bal >= weight then
      local dayCap = tonumber(ARGV[11])
      if dayCap >= 0 and tonumber(redis.call('GET', KEYS[7]) or '0') + weight > dayCap then
        return {6, used, routeUsed, bal, account, 0}
      end
      fund = 1
    elseif tokensOK and (quota == 0 or bal > 0) then return {4, used, routeUsed, bal, account, 0}
    else return {deny, used, routeUsed, bal, account, 0} end
  end
end
if perSecond >= 0 then
  if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], 2000) end
end
if weight > 0 then
  if fund == 0 then
    used = redis.call('INCRBY', KEYS[2], weight)
    redis.call('EXPIRE', KEYS[2], ttl)
    if routeQuota ~= -2 then
      routeUsed = redis.call('INCRBY', KEYS[3], weight)
      redis.call('EXPIRE', KEYS[3], ttl)
    end
    redis.call('HINCRBY', KEYS[6], ARGV[7] .. 'c', weight)
  else
    bal = redis.call('DECRBY', KEYS[4], weight)
    account = 1
    if tonumber(ARGV[11]) >= 0 then
      redis.call('INCRBY', KEYS[7], weight)
      redis.call('EXPIRE', KEYS[7], 172800)
    end
    redis.call('XADD', KEYS[5], '*', 'kind', 'charge', 'amount', -weight, 'balance', bal,
      'actor', ARGV[8], 'route', ARGV[9], 'request_id', ARGV[10])
    redis.call('HINCRBY', KEYS[6], ARGV[7] .. 't', weight)
  end
  redis.call('HINCRBY', KEYS[6], ARGV[7] .. 'r', 1)
  redis.call('EXPIRE', KEYS[6], ttl)
end
return {0, used, routeUsed, bal, account, fund}
`

// reserveOnceLua is reserveLua at most once per marker: KEYS[8] is the
// marker hash, ARGV[12] its field, ARGV[13] its lifetime in ms. A marked
// field answers outcome 5 (AlreadyCharged) and changes nothing; an
// admitted charge sets the field in the same script.
var reserveOnceLua = "local function reserve()\n" + reserveLua + "\nend\n" + `
if redis.call('HEXISTS', KEYS[8], ARGV[12]) == 1 then return {5, 0, 0, 0, 0, 0} end
local r = reserve()
if r[1] == 0 then
  redis.call('HSET', KEYS[8], ARGV[12], '1')
  redis.call('PEXPIRE', KEYS[8], ARGV[13])
end
return r
`

// adjustLua settles an admitted call on the source that funded it.
// KEYS: 1 period usage, 2 route usage, 3 token balance, 4 ledger, 5 usage
// report, 6 the key's tokens spent today.
// ARGV: 1 funding (0 plan, 1 tokens), 2 delta, 3 has route (1/0), 4 TTL
// seconds, 5 usage field prefix, 6 requests delta, 7 force (1/0), 8 actor,
// 9 endpoint, 10 request id, 11 has a daily counter (1/0). Returns {0, balance} or {-1, balance} when a
// token charge cannot be paid.
const adjustLua = `
local fund = tonumber(ARGV[1])
local delta = tonumber(ARGV[2])
local ttl = tonumber(ARGV[4])
local bal = 0
if fund == 0 then
  if delta ~= 0 then
    redis.call('INCRBY', KEYS[1], delta)
    redis.call('EXPIRE', KEYS[1], ttl)
    if ARGV[3] == '1' then
      redis.call('INCRBY', KEYS[2], delta)
      redis.call('EXPIRE', KEYS[2], ttl)
    end
    redis.call('HINCRBY', KEYS[5], ARGV[5] .. 'c', delta)
  end
else
  bal = tonumber(redis.call('GET', KEYS[3]) or '0')
  if delta > 0 and ARGV[7] ~= '1' and bal < delta then return {-1, bal} end
  if delta ~= 0 then
    bal = redis.call('DECRBY', KEYS[3], delta)
    local kind = 'charge'
    if delta < 0 then kind = 'refund' end
    redis.call('XADD', KEYS[4], '*', 'kind', kind, 'amount', -delta, 'balance', bal,
      'actor', ARGV[8], 'route', ARGV[9], 'request_id', ARGV[10])
    redis.call('HINCRBY', KEYS[5], ARGV[5] .. 't', delta)
    if ARGV[11] == '1' then
      redis.call('INCRBY', KEYS[6], delta)
      redis.call('EXPIRE', KEYS[6], 172800)
    end
  end
end
local req = tonumber(ARGV[6])
if req ~= 0 then redis.call('HINCRBY', KEYS[5], ARGV[5] .. 'r', req) end
redis.call('EXPIRE', KEYS[5], ttl)
return {0, bal}
`

// ErrNotReplicated is a change that Redis made but fewer replicas than
// wait_replicas acknowledged within wait_timeout: the call is refused (503)
// and may stay charged (an overcharge of a refused call, never a served
// call left uncharged after a failover).
var ErrNotReplicated = errors.New("redis: change not acknowledged by enough replicas in time")

// run runs a metering script. With waitReplicas set it sends the script
// and WAIT in one pipeline on one connection of the primary that owns the
// keys (WAIT counts that connection's writes), loading the script first
// when that primary does not know it (a fresh primary after a failover).
func (s *RedisStore) run(ctx context.Context, sc *redis.Script, keys []string, args ...any) *redis.Cmd {
	if s.waitReplicas <= 0 {
		return sc.Run(ctx, s.rdb, keys, args...)
	}
	var node redis.Cmdable = s.rdb
	if cc, ok := s.rdb.(*redis.ClusterClient); ok {
		m, err := cc.MasterForKey(ctx, keys[0])
		if err != nil {
			cmd := redis.NewCmd(ctx)
			cmd.SetErr(err)
			return cmd
		}
		node = m
	}
	for attempt := 0; ; attempt++ {
		pipe := node.Pipeline()
		cmd := pipe.EvalSha(ctx, sc.Hash(), keys, args...)
		wait := pipe.Do(ctx, "WAIT", s.waitReplicas, s.waitTimeout.Milliseconds())
		_, _ = pipe.Exec(ctx)
		if attempt == 0 && redis.HasErrorPrefix(cmd.Err(), "NOSCRIPT") {
			if err := sc.Load(ctx, node).Err(); err != nil {
				cmd.SetErr(err)
				return cmd
			}
			continue // the script did not run: sending it again is safe
		}
		if cmd.Err() == nil {
			if n, err := wait.Int64(); err != nil {
				cmd.SetErr(fmt.Errorf("wait for replicas: %w", err))
			} else if n < int64(s.waitReplicas) {
				cmd.SetErr(fmt.Errorf("%w (%d of %d in %s)", ErrNotReplicated, n, s.waitReplicas, s.waitTimeout))
			}
		}
		return cmd
	}
}

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
		p.Set(ctx, s.dirKey("org:"+o.ID), b, 0)
		p.SAdd(ctx, s.dirKey("orgs"), o.ID)
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
	err := s.getJSON(ctx, "get org", s.dirKey("org:"+id), &o)
	return o, err
}

// Orgs implements Store.
func (s *RedisStore) Orgs(ctx context.Context) ([]Org, error) {
	return members(ctx, s, "list orgs", s.dirKey("orgs"), s.Org)
}

// members loads (with load) every record whose id is in the set key set;
// op names the listing in errors.
func members[T any](ctx context.Context, s *RedisStore, op, set string, load func(context.Context, string) (T, error)) ([]T, error) {
	ids, err := s.rdb.SMembers(ctx, set).Result()
	if err != nil {
		return nil, unavailable(op, err)
	}
	var out []T
	for _, id := range ids {
		v, err := load(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// PutKey implements Store. The embed origin index counts, per tool, how many
// active public keys allow each origin entry.
func (s *RedisStore) PutKey(ctx context.Context, k Key) error {
	var old Key
	hadOld := true
	if err := s.getJSON(ctx, "put key", s.dirKey("key:"+k.ID), &old); errors.Is(err, ErrNotFound) {
		hadOld = false
	} else if err != nil {
		return err
	}
	b, err := json.Marshal(k)
	if err != nil {
		return fmt.Errorf("put key: %w", err)
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, s.dirKey("key:"+k.ID), b, 0)
		p.Set(ctx, s.dirKey("keyhash:"+k.Hash), k.ID, 0)
		p.SAdd(ctx, s.dirKey("orgkeys:"+k.OrgID), k.ID)
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
			p.HIncrBy(ctx, s.dirKey("embed:"+t), o, delta)
		}
	}
}

// Key implements Store.
func (s *RedisStore) Key(ctx context.Context, id string) (Key, error) {
	var k Key
	err := s.getJSON(ctx, "get key", s.dirKey("key:"+id), &k)
	return k, err
}

// KeyByHash implements Store.
func (s *RedisStore) KeyByHash(ctx context.Context, hash string) (Key, error) {
	id, err := s.rdb.Get(ctx, s.dirKey("keyhash:"+hash)).Result()
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
	out, err := members(ctx, s, "list keys", s.dirKey("orgkeys:"+orgID), s.Key)
	sortKeys(out)
	return out, err
}

// EmbedOriginKnown implements Store.
func (s *RedisStore) EmbedOriginKnown(ctx context.Context, tool, origin string) (bool, error) {
	m, err := s.rdb.HGetAll(ctx, s.dirKey("embed:"+tool)).Result()
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

// Reserve implements Store with one EVALSHA of reserveLua (anonLua for
// anonymous callers).
func (s *RedisStore) Reserve(ctx context.Context, c Charge) (Counts, error) {
	sec := strconv.FormatInt(c.Second, 10)
	if c.OrgID == "" || c.Meter == "" {
		if c.PerSecond == Unlimited {
			return Counts{Outcome: Admitted}, nil
		}
		n, err := s.anon.Run(ctx, s.rdb, []string{s.ns + "rps:" + c.RateKey + ":" + sec}, c.PerSecond).Int()
		if err != nil {
			return Counts{}, unavailable("reserve", err)
		}
		return Counts{Outcome: Outcome(n)}, nil
	}
	routeKey, routeQuota := s.orgKey(c.OrgID, counterName(c.Meter, c.Period, c.Route)), c.RouteQuota
	if c.Route == "" {
		routeQuota = -2
	}
	keys := []string{
		s.orgKey(c.OrgID, "rps:"+c.RateKey+":"+sec),
		s.orgKey(c.OrgID, counterName(c.Meter, c.Period, "")),
		routeKey,
		s.orgKey(c.OrgID, "tokens"),
		s.orgKey(c.OrgID, "ledger"),
		s.orgKey(c.OrgID, "usage:"+c.Period),
		s.orgKey(c.OrgID, dayTokensName(c.DayTokens, c.Meter)),
	}
	dayCap := int64(-1)
	if c.DayTokens != "" {
		dayCap = c.DayTokenCap
	}
	script, args := s.reserve, []any{c.PerSecond, c.Quota, c.Weight, ttlSeconds(c.TTL), routeQuota,
		boolArg(c.Tokens), usageField(c.Day, c.Endpoint), c.Actor, c.Endpoint, c.RequestID, dayCap}
	if c.Once != "" {
		script = s.reserveOnce
		keys = append(keys, s.orgKey(c.OrgID, "once:"+c.OnceScope))
		args = append(args, c.Once, max(1, c.OnceTTL.Milliseconds()))
	}
	res, err := s.run(ctx, script, keys, args...).Int64Slice()
	if err != nil {
		return Counts{}, unavailable("reserve", err)
	}
	if len(res) != 6 {
		return Counts{}, fmt.Errorf("reserve: script returned %d values", len(res))
	}
	cn := Counts{Outcome: Outcome(res[0]), Used: int(res[1]), RouteUsed: int(res[2]), Balance: res[3], Account: res[4] == 1}
	if cn.Outcome == Admitted {
		cn.Funding = FundPlan
		if res[5] == 1 {
			cn.Funding = FundTokens
		}
	}
	return cn, nil
}

// dayTokensName is the daily token counter of a charge, or a placeholder
// in the same hash slot when the charge has none (a script declares every
// key it may touch).
func dayTokensName(name, meter string) string {
	if name == "" {
		return "tokday:" + meter + ":none"
	}
	return name
}

func (s *RedisStore) failKey(subject string, start int64) string {
	return s.ns + "authfail:" + subject + ":" + strconv.FormatInt(start, 10)
}

// CountFailure implements Store.
func (s *RedisStore) CountFailure(ctx context.Context, subject string, start int64, window time.Duration) (int, error) {
	k := s.failKey(subject, start)
	pipe := s.rdb.TxPipeline()
	n := pipe.Incr(ctx, k)
	pipe.PExpire(ctx, k, window+time.Second)
	if _, err := pipe.Exec(ctx); err != nil {
		return 0, unavailable("count failure", err)
	}
	return int(n.Val()), nil
}

func ttlSeconds(d time.Duration) int64 {
	return max(1, int64(d/time.Second))
}

func boolArg(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// usageField is the prefix of a usage report field: day|endpoint| (then
// r: requests, c: plan calls, t: tokens).
func usageField(day, endpoint string) string { return day + "|" + endpoint + "|" }

// Adjust implements Store with one EVALSHA of adjustLua.
func (s *RedisStore) Adjust(ctx context.Context, a Adjustment) (int64, error) {
	fund := "0"
	if a.Funding == FundTokens {
		fund = "1"
	}
	hasRoute := a.Route != "" && a.RouteDelta != 0
	keys := []string{
		s.orgKey(a.OrgID, counterName(a.Meter, a.Period, "")),
		s.orgKey(a.OrgID, counterName(a.Meter, a.Period, a.Route)),
		s.orgKey(a.OrgID, "tokens"),
		s.orgKey(a.OrgID, "ledger"),
		s.orgKey(a.OrgID, "usage:"+a.Period),
		s.orgKey(a.OrgID, dayTokensName(a.DayTokens, a.Meter)),
	}
	res, err := s.run(ctx, s.adjust, keys, fund, a.Delta, boolArg(hasRoute), ttlSeconds(a.TTL),
		usageField(a.Day, a.Endpoint), a.Requests, boolArg(a.Force), a.Actor, a.Endpoint, a.RequestID, boolArg(a.DayTokens != "")).Int64Slice()
	if err != nil {
		return 0, unavailable("adjust usage", err)
	}
	if len(res) != 2 {
		return 0, fmt.Errorf("adjust: script returned %d values", len(res))
	}
	if res[0] != 0 {
		return res[1], ErrInsufficientBalance
	}
	return res[1], nil
}

// Usage implements Store.
func (s *RedisStore) Usage(ctx context.Context, orgID, meter, period, route string) (int, error) {
	n, err := s.rdb.Get(ctx, s.orgKey(orgID, counterName(meter, period, route))).Int()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, unavailable("read usage", err)
	}
	return n, nil
}

// UsageRows implements Store.
func (s *RedisStore) UsageRows(ctx context.Context, orgID, period string) ([]UsageRow, error) {
	m, err := s.rdb.HGetAll(ctx, s.orgKey(orgID, "usage:"+period)).Result()
	if err != nil {
		return nil, unavailable("read usage report", err)
	}
	return usageRows(m), nil
}

// usageRows folds day|endpoint|{r,c,t} fields into rows sorted by day and endpoint.
func usageRows(m map[string]string) []UsageRow {
	idx := map[string]*UsageRow{}
	for f, v := range m {
		parts := strings.Split(f, "|")
		if len(parts) != 3 {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			continue
		}
		k := parts[0] + "|" + parts[1]
		r := idx[k]
		if r == nil {
			r = &UsageRow{Day: parts[0], Endpoint: parts[1]}
			idx[k] = r
		}
		switch parts[2] {
		case "r":
			r.Requests += n
		case "c":
			r.Calls += n
		case "t":
			r.Tokens += n
		}
	}
	out := make([]UsageRow, 0, len(idx))
	for _, r := range idx {
		if r.Requests != 0 || r.Calls != 0 || r.Tokens != 0 {
			out = append(out, *r)
		}
	}
	sortUsage(out)
	return out
}

// Ping checks the connection (for /health).
func (s *RedisStore) Ping(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return unavailable("ping", err)
	}
	return nil
}
