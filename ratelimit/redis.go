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

// addTokensLua moves a balance by an operator's top-up or adjustment.
// KEYS: 1 balance, 2 ledger. ARGV: amount, kind, actor, reason.
// Returns {0, balance, entry id} or {-1, balance} if it would go below 0.
const addTokensLua = `
local amount = tonumber(ARGV[1])
local bal = tonumber(redis.call('GET', KEYS[1]) or '0')
if bal + amount < 0 then return {-1, bal} end
bal = redis.call('INCRBY', KEYS[1], amount)
local id = redis.call('XADD', KEYS[2], '*', 'kind', ARGV[2], 'amount', amount, 'balance', bal,
  'actor', ARGV[3], 'reason', ARGV[4])
return {0, bal, id}
`

// idemBeginLua claims an idempotency key or reports what holds it.
// KEYS[1] record (hash: state, fp, owner, rec). ARGV: fp, owner, lease ms.
const idemBeginLua = `
local v = redis.call('HMGET', KEYS[1], 'state', 'fp', 'rec')
if not v[1] then
  redis.call('HSET', KEYS[1], 'state', 'pending', 'fp', ARGV[1], 'owner', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'claimed'}
end
if v[2] ~= ARGV[1] then return {'mismatch'} end
if v[1] == 'pending' then return {'in_flight'} end
return {'done', v[3]}
`

// idemFinishLua stores the owner's response. ARGV: owner, record JSON, TTL ms.
const idemFinishLua = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', 'done', 'rec', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`

// idemReleaseLua drops the owner's claim. ARGV: owner.
const idemReleaseLua = `
if redis.call('HGET', KEYS[1], 'owner') == ARGV[1] and redis.call('HGET', KEYS[1], 'state') == 'pending' then
  return redis.call('DEL', KEYS[1])
end
return 0
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

// AddTokens implements Store with one EVALSHA of addTokensLua.
func (s *RedisStore) AddTokens(ctx context.Context, orgID string, amount int64, e LedgerEntry) (LedgerEntry, error) {
	keys := []string{s.orgKey(orgID, "tokens"), s.orgKey(orgID, "ledger")}
	res, err := s.run(ctx, s.addToken, keys, amount, e.Kind, e.Actor, e.Reason).Slice()
	if err != nil {
		return LedgerEntry{}, unavailable("add tokens", err)
	}
	if len(res) < 2 {
		return LedgerEntry{}, fmt.Errorf("add tokens: script returned %d values", len(res))
	}
	code, _ := res[0].(int64)
	bal, _ := res[1].(int64)
	if code != 0 {
		return LedgerEntry{Balance: bal}, ErrInsufficientBalance
	}
	id, _ := res[2].(string)
	e.ID, e.Amount, e.Balance, e.Time = id, amount, bal, streamTime(id)
	return e, nil
}

// streamTime is the time in a stream entry id (Redis clock, milliseconds).
func streamTime(id string) time.Time {
	ms, _, _ := strings.Cut(id, "-")
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.UnixMilli(n).UTC()
}

// Balance implements Store.
func (s *RedisStore) Balance(ctx context.Context, orgID string) (int64, bool, error) {
	n, err := s.rdb.Get(ctx, s.orgKey(orgID, "tokens")).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, unavailable("read balance", err)
	}
	return n, true, nil
}

// Ledger implements Store (XRANGE, in pages).
func (s *RedisStore) Ledger(ctx context.Context, orgID string, limit int) ([]LedgerEntry, error) {
	key := s.orgKey(orgID, "ledger")
	var out []LedgerEntry
	start := "-"
	for {
		page := int64(1000)
		if limit > 0 {
			page = min(page, int64(limit-len(out)))
		}
		msgs, err := s.rdb.XRangeN(ctx, key, start, "+", page).Result()
		if err != nil {
			return nil, unavailable("read ledger", err)
		}
		for _, m := range msgs {
			out = append(out, ledgerFromStream(m))
		}
		if int64(len(msgs)) < page || (limit > 0 && len(out) >= limit) {
			return out, nil
		}
		start = "(" + msgs[len(msgs)-1].ID
	}
}

func ledgerFromStream(m redis.XMessage) LedgerEntry {
	str := func(k string) string { v, _ := m.Values[k].(string); return v }
	num := func(k string) int64 { n, _ := strconv.ParseInt(str(k), 10, 64); return n }
	return LedgerEntry{ID: m.ID, Time: streamTime(m.ID), Kind: str("kind"), Amount: num("amount"), Balance: num("balance"),
		Actor: str("actor"), Reason: str("reason"), Route: str("route"), RequestID: str("request_id")}
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

// IdemBegin implements Store.
func (s *RedisStore) IdemBegin(ctx context.Context, orgID, key, fp, owner string, lease time.Duration) (IdemResult, error) {
	res, err := s.run(ctx, s.idemBeg, []string{s.orgKey(orgID, "idem:"+key)}, fp, owner, lease.Milliseconds()).StringSlice()
	if err != nil {
		return IdemResult{}, unavailable("idempotency", err)
	}
	if len(res) == 0 {
		return IdemResult{}, errors.New("idempotency: empty script result")
	}
	r := IdemResult{State: res[0]}
	if r.State == IdemDone && len(res) > 1 {
		if err := json.Unmarshal([]byte(res[1]), &r.Record); err != nil {
			return IdemResult{}, fmt.Errorf("idempotency: decode record: %w", err)
		}
	}
	return r, nil
}

// IdemFinish implements Store.
func (s *RedisStore) IdemFinish(ctx context.Context, orgID, key, owner string, rec IdemRecord, ttl time.Duration) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("idempotency: encode record: %w", err)
	}
	if err := s.run(ctx, s.idemFin, []string{s.orgKey(orgID, "idem:"+key)}, owner, b, ttl.Milliseconds()).Err(); err != nil {
		return unavailable("idempotency", err)
	}
	return nil
}

// IdemRelease implements Store.
func (s *RedisStore) IdemRelease(ctx context.Context, orgID, key, owner string) error {
	if err := s.run(ctx, s.idemRel, []string{s.orgKey(orgID, "idem:"+key)}, owner).Err(); err != nil {
		return unavailable("idempotency", err)
	}
	return nil
}

// migrateLua moves one counter of the layout before organisation hash tags
// (KEYS[1], "use:...") onto its tagged name (KEYS[2]), adding to what new
// traffic may already have counted there and keeping the longer lifetime.
// Single Redis only: the two keys are in different cluster slots.
const migrateLua = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
redis.call('INCRBY', KEYS[2], v)
if ttl > 0 and redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('DEL', KEYS[1])
return 1
`

// MigrateCounters moves the period counters written before organisation
// hash tags ("use:<meter>:<period>[:<route>]") to their tagged names
// ("{org:<id>}:use:..."), so usage so far in the period survives the
// upgrade. Run it once right after deploying (keyctl migrate counters); it
// is idempotent. It returns the number of counters moved.
func (s *RedisStore) MigrateCounters(ctx context.Context) (int, error) {
	if _, ok := s.rdb.(*redis.ClusterClient); ok {
		return 0, ErrClusterMigration
	}
	orgs, err := s.Orgs(ctx)
	if err != nil {
		return 0, err
	}
	script := redis.NewScript(migrateLua)
	moved := 0
	for _, o := range orgs {
		keys, err := s.OrgKeys(ctx, o.ID)
		if err != nil {
			return moved, err
		}
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k.Meter] {
				continue
			}
			seen[k.Meter] = true
			iter := s.rdb.Scan(ctx, 0, s.ns+"use:"+k.Meter+":*", 500).Iterator()
			for iter.Next(ctx) {
				old := iter.Val()
				n, err := script.Run(ctx, s.rdb, []string{old, s.orgKey(o.ID, strings.TrimPrefix(old, s.ns))}).Int()
				if err != nil {
					return moved, unavailable("migrate counters", err)
				}
				moved += n
			}
			if err := iter.Err(); err != nil {
				return moved, unavailable("migrate counters", err)
			}
		}
	}
	return moved, nil
}

// moveLua moves one key of an earlier layout (KEYS[1]) to its name in this
// one (KEYS[2]): a rename, or, when traffic already wrote the new name,
// a merge (sets: union; hashes of counts: sums; records: the new one
// stays). Streams already present under both names are left (returns -1).
// Single Redis only: the two names are in different cluster slots.
const moveLua = `
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return 0 end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('RENAME', KEYS[1], KEYS[2])
  return 1
end
if t == 'stream' then return -1 end
if t == 'set' then
  redis.call('SUNIONSTORE', KEYS[2], KEYS[2], KEYS[1])
elseif t == 'hash' then
  local kv = redis.call('HGETALL', KEYS[1])
  for i = 1, #kv, 2 do redis.call('HINCRBY', KEYS[2], kv[i], kv[i+1]) end
end
redis.call('DEL', KEYS[1])
return 1
`

// LegacyPrefixes are the directory's key prefixes before the {dir} hash
// tag (under the namespace): MigrateLayout moves them.
var LegacyPrefixes = []string{"orgs", "org:", "key:", "keyhash:", "orgkeys:", "embed:"}

// ErrClusterMigration is a layout migration asked of a Redis Cluster: it
// runs on the single Redis (or Sentinel primary) of the earlier layout,
// before the data moves to a cluster.
var ErrClusterMigration = errors.New("layout migrations run on a single Redis or Sentinel primary, before moving to a cluster")

// LegacyLayout reports whether the namespace still holds the directory of
// the layout before the {dir} hash tag (keyctl migrate layout moves it).
func (s *RedisStore) LegacyLayout(ctx context.Context) (bool, error) {
	n, err := s.rdb.Exists(ctx, s.ns+"orgs").Result()
	if err != nil {
		return false, unavailable("layout check", err)
	}
	return n > 0, nil
}

// MigrateLayout moves every key of the earlier layout to this one: the
// directory under {dir} (LegacyPrefixes), the period counters under their
// organisation's tag (MigrateCounters), and each extra pair of prefixes
// (old, new; under the namespace, e.g. the alerts keys). It is idempotent.
// It returns the number of keys moved and the keys it could not merge.
func (s *RedisStore) MigrateLayout(ctx context.Context, extra ...[2]string) (int, []string, error) {
	if _, ok := s.rdb.(*redis.ClusterClient); ok {
		return 0, nil, ErrClusterMigration
	}
	pairs := make([][2]string, 0, len(LegacyPrefixes)+len(extra))
	for _, p := range LegacyPrefixes {
		pairs = append(pairs, [2]string{p, dirTag + p})
	}
	pairs = append(pairs, extra...)
	script := redis.NewScript(moveLua)
	moved := 0
	var left []string
	for _, p := range pairs {
		pattern := escapeGlob(s.ns + p[0])
		if strings.HasSuffix(p[0], ":") { // a prefix; else one key ("orgs")
			pattern += "*"
		}
		var olds []string
		iter := s.rdb.Scan(ctx, 0, pattern, 500).Iterator()
		for iter.Next(ctx) {
			olds = append(olds, iter.Val())
		}
		if err := iter.Err(); err != nil {
			return moved, left, unavailable("migrate layout", err)
		}
		for _, old := range olds {
			nu := s.ns + p[1] + strings.TrimPrefix(old, s.ns+p[0])
			n, err := script.Run(ctx, s.rdb, []string{old, nu}).Int()
			if err != nil {
				return moved, left, unavailable("migrate layout", err)
			}
			if n < 0 {
				left = append(left, old)
			}
			moved += max(n, 0)
		}
	}
	n, err := s.MigrateCounters(ctx)
	return moved + n, left, err
}

// escapeGlob escapes the glob characters of a SCAN MATCH pattern.
func escapeGlob(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`, `]`, `\]`)
	return r.Replace(s)
}

// Ping checks the connection (for /health).
func (s *RedisStore) Ping(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return unavailable("ping", err)
	}
	return nil
}
