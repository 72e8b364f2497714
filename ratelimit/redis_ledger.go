// The prepaid token ledger of the Redis store: credits, the balance and
// the ledger stream.

package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

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
