// Layout migrations of the Redis store: counters written before organisation
// hash tags, and keys written before the namespace's directory tag.

package ratelimit

import (
	"context"
	"errors"
	"strings"

	"github.com/redis/go-redis/v9"
)

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
