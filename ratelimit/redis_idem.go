// Idempotency records of the Redis store: a key's lease, its stored
// answer and its release.

package ratelimit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

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
