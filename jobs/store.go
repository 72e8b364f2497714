package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// States of a job.
const (
	StateQueued    = "queued"
	StateRunning   = "running"
	StateDone      = "done"
	StateFailed    = "failed"
	StateCancelled = "cancelled"
)

// Terminal reports whether a state is final.
func Terminal(state string) bool {
	return state == StateDone || state == StateFailed || state == StateCancelled
}

// Job is a bulk address-match job as clients see it.
type Job struct {
	ID            string     `json:"id"`
	State         string     `json:"state"`
	Rows          int        `json:"rows"`
	Done          int        `json:"done"`
	Matched       int        `json:"matched"`
	Review        int        `json:"review"`
	NoMatch       int        `json:"no_match"`
	Errors        int        `json:"errors"`
	Charged       int        `json:"charged"`
	RowsPerSecond float64    `json:"rows_per_second"`
	ETASeconds    *float64   `json:"eta_seconds"`
	Format        string     `json:"input_format"`
	Filename      string     `json:"filename,omitempty"`
	Error         string     `json:"error,omitempty"`
	Created       time.Time  `json:"created"`
	Started       *time.Time `json:"started"`
	Finished      *time.Time `json:"finished"`
	// Internal (not shown).
	OrgID    string `json:"-"`
	KeyID    string `json:"-"`
	InOffset int64  `json:"-"`
	Owner    string `json:"-"`
}

// Store keeps jobs in Redis. Every key of an organisation's jobs carries
// its hash tag {org:<id>} (one Redis Cluster slot with its charges); the
// queue is one stream.
type Store struct {
	rdb redis.UniversalClient
	ns  string
}

// NewStore wraps a Redis client; namespace prefixes every key (the same as
// the rate limiter's, RATELIMIT_NAMESPACE).
func NewStore(rdb redis.UniversalClient, namespace string) *Store {
	return &Store{rdb: rdb, ns: namespace}
}

func (s *Store) jobKey(org, id string) string   { return s.ns + "{org:" + org + "}:job:" + id }
func (s *Store) listKey(org string) string      { return s.ns + "{org:" + org + "}:jobs" }
func (s *Store) activeKey(org string) string    { return s.ns + "{org:" + org + "}:jobs:active" }
func (s *Store) idemKey(org, key string) string { return s.ns + "{org:" + org + "}:jobs:idem:" + key }

// orgsKey is the set of organisations that have recorded jobs (the
// reaper's list of where to look).
func (s *Store) orgsKey() string { return s.ns + "jobs:orgs" }

// QueueKey is the stream of queued jobs; Group its consumer group.
func (s *Store) QueueKey() string { return s.ns + "jobs:queue" }

// Group is the consumer group of the job runners.
const Group = "address-match"

// NewID makes a job id.
func NewID() string {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return "job_" + hex.EncodeToString(b)
}

// ValidID reports whether s has the form NewID gives ids ("job_" and 24
// lowercase hex digits; the pattern the OpenAPI document gives).
func ValidID(s string) bool {
	if len(s) != 28 || s[:4] != "job_" {
		return false
	}
	for _, c := range s[4:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// ErrNotFound is a job id the organisation does not have.
var ErrNotFound = errors.New("jobs: no such job")

// ErrConcurrency is a job refused by the plan's concurrent job limit.
var ErrConcurrency = errors.New("jobs: too many jobs running")

func ms(t time.Time) int64 { return t.UnixMilli() }

// createLua records a job unless the idempotency key names one already or
// the organisation runs its limit of jobs: KEYS job, active set, list,
// idempotency key (or the job key again when none); ARGV limit, id,
// created ms, idem TTL ms (0: none), org, request fingerprint, then
// field/value pairs. Every key is in the organisation's slot.
const createLua = `
if ARGV[4] ~= '0' then
  local ex = redis.call('HMGET', KEYS[4], 'job', 'fp')
  if ex[1] then return {'dup', ex[1], ex[2] or ''} end
end
if redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[1]) then return {'limit', ''} end
local fields = {}
for i = 7, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
if ARGV[4] ~= '0' then
  redis.call('HSET', KEYS[4], 'job', ARGV[2], 'fp', ARGV[6])
  redis.call('PEXPIRE', KEYS[4], ARGV[4])
end
return {'ok', ARGV[2]}
`

// ErrIdemReused is an Idempotency-Key sent again with another upload.
var ErrIdemReused = errors.New("jobs: idempotency key used for another upload")

// Create records a queued job. It returns the existing job's id (dup true)
// when idemKey names one made from the same upload (fingerprint fp),
// ErrIdemReused when it names one of another upload, or ErrConcurrency.
func (s *Store) Create(ctx context.Context, j *Job, limit int, idemKey, fp string, idemTTL time.Duration) (id string, dup bool, err error) {
	ik := s.jobKey(j.OrgID, j.ID)
	ttl := int64(0)
	if idemKey != "" {
		ik, ttl = s.idemKey(j.OrgID, idemKey), max(1, idemTTL.Milliseconds())
	}
	args := []any{limit, j.ID, ms(j.Created), ttl, j.OrgID, fp,
		"id", j.ID, "org", j.OrgID, "key", j.KeyID, "state", StateQueued, "rows", j.Rows, "done", 0, "matched", 0,
		"review", 0, "no_match", 0, "errors", 0, "charged", 0, "in_off", 0, "format", j.Format, "filename", j.Filename,
		"created", ms(j.Created), "queued", 0}
	if err := s.rdb.SAdd(ctx, s.orgsKey(), j.OrgID).Err(); err != nil {
		return "", false, fmt.Errorf("jobs: create: %w", err)
	}
	res, err := s.rdb.Eval(ctx, createLua, []string{s.jobKey(j.OrgID, j.ID), s.activeKey(j.OrgID), s.listKey(j.OrgID), ik}, args...).StringSlice()
	if err != nil {
		return "", false, fmt.Errorf("jobs: create: %w", err)
	}
	switch res[0] {
	case "dup":
		if res[2] != fp {
			return res[1], false, ErrIdemReused
		}
		return res[1], true, nil
	case "limit":
		return "", false, ErrConcurrency
	}
	return j.ID, false, nil
}

// Enqueue puts a recorded job on the queue and marks it queued.
func (s *Store) Enqueue(ctx context.Context, org, id string) error {
	if err := s.rdb.XAdd(ctx, &redis.XAddArgs{Stream: s.QueueKey(), Values: []string{"org", org, "job", id}}).Err(); err != nil {
		return err
	}
	return s.rdb.HSet(ctx, s.jobKey(org, id), "queued", 1).Err()
}

// reapLua claims a job recorded but never queued (its process died
// between the two): ARGV created before ms, now ms, claim until ms.
// Returns 1 when the caller must queue it. A claim held by another reaper
// (until its time) refuses; a job queued, started or ended refuses.
const reapLua = `
local h = redis.call('HMGET', KEYS[1], 'state', 'queued', 'created', 'reaping')
if h[1] ~= 'queued' or h[2] ~= '0' then return 0 end
if tonumber(h[3] or '0') > tonumber(ARGV[1]) then return 0 end
if h[4] and tonumber(h[4]) > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'reaping', ARGV[3])
return 1
`

// Reap queues the jobs recorded more than grace ago that were never
// queued (the process that recorded one died before queuing it), once
// each: a job is claimed in its record before it is queued, so several
// reapers at once queue it once. It returns the jobs queued.
func (s *Store) Reap(ctx context.Context, grace time.Duration) ([]string, error) {
	orgs, err := s.rdb.SMembers(ctx, s.orgsKey()).Result()
	if err != nil {
		return nil, fmt.Errorf("jobs: reap: %w", err)
	}
	now := time.Now()
	var out []string
	for _, org := range orgs {
		ids, err := s.rdb.SMembers(ctx, s.activeKey(org)).Result()
		if err != nil {
			return out, fmt.Errorf("jobs: reap: %w", err)
		}
		for _, id := range ids {
			n, err := s.rdb.Eval(ctx, reapLua, []string{s.jobKey(org, id)}, ms(now.Add(-grace)), ms(now), ms(now.Add(grace))).Int()
			if err != nil {
				return out, fmt.Errorf("jobs: reap: %w", err)
			}
			if n != 1 {
				continue
			}
			if err := s.Enqueue(ctx, org, id); err != nil {
				return out, fmt.Errorf("jobs: reap: %w", err)
			}
			out = append(out, id)
		}
	}
	return out, nil
}

// Active counts the organisation's queued and running jobs.
func (s *Store) Active(ctx context.Context, org string) (int, error) {
	n, err := s.rdb.SCard(ctx, s.activeKey(org)).Result()
	return int(n), err
}

// IdemJob returns the job id an idempotency key names ("" when none).
func (s *Store) IdemJob(ctx context.Context, org, key string) (string, error) {
	id, err := s.rdb.HGet(ctx, s.idemKey(org, key), "job").Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	return id, err
}

// Get reads a job of an organisation.
func (s *Store) Get(ctx context.Context, org, id string) (*Job, error) {
	m, err := s.rdb.HGetAll(ctx, s.jobKey(org, id)).Result()
	if err != nil {
		return nil, fmt.Errorf("jobs: get: %w", err)
	}
	if len(m) == 0 || m["org"] != org {
		return nil, ErrNotFound
	}
	return jobFrom(m, time.Now()), nil
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func msTime(s string) *time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n == 0 {
		return nil
	}
	t := time.UnixMilli(n).UTC()
	return &t
}

func jobFrom(m map[string]string, now time.Time) *Job {
	j := &Job{ID: m["id"], State: m["state"], Rows: atoi(m["rows"]), Done: atoi(m["done"]), Matched: atoi(m["matched"]),
		Review: atoi(m["review"]), NoMatch: atoi(m["no_match"]), Errors: atoi(m["errors"]), Charged: atoi(m["charged"]),
		Format: m["format"], Filename: m["filename"], Error: m["error"], OrgID: m["org"], KeyID: m["key"], Owner: m["owner"]}
	j.InOffset, _ = strconv.ParseInt(m["in_off"], 10, 64)
	if c := msTime(m["created"]); c != nil {
		j.Created = *c
	}
	j.Started, j.Finished = msTime(m["started"]), msTime(m["finished"])
	if j.Started != nil {
		end := now
		if j.Finished != nil {
			end = *j.Finished
		}
		if secs := end.Sub(*j.Started).Seconds(); secs > 0 && j.Done > 0 {
			j.RowsPerSecond = float64(int(float64(j.Done)/secs*10+0.5)) / 10
			if !Terminal(j.State) {
				eta := float64(int(float64(j.Rows-j.Done) / (float64(j.Done) / secs)))
				j.ETASeconds = &eta
			}
		}
	}
	if Terminal(j.State) {
		zero := 0.0
		j.ETASeconds = &zero
	}
	return j
}

// List returns the organisation's jobs, newest first (at most limit).
func (s *Store) List(ctx context.Context, org string, limit int) ([]*Job, error) {
	ids, err := s.rdb.ZRevRange(ctx, s.listKey(org), 0, int64(limit-1)).Result()
	if err != nil {
		return nil, fmt.Errorf("jobs: list: %w", err)
	}
	out := []*Job{}
	for _, id := range ids {
		j, err := s.Get(ctx, org, id)
		if errors.Is(err, ErrNotFound) {
			s.rdb.ZRem(ctx, s.listKey(org), id) // expired
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, nil
}

// cancelLua cancels a queued or running job. Returns the state before.
const cancelLua = `
local st = redis.call('HGET', KEYS[1], 'state')
if not st then return '' end
if st == 'queued' or st == 'running' then
  redis.call('HSET', KEYS[1], 'state', 'cancelled', 'finished', ARGV[1])
  redis.call('SREM', KEYS[2], ARGV[2])
end
return st
`

// Cancel cancels a job: a queued one at once; a running one stops after
// the batch it is working on (those rows are finished and paid).
func (s *Store) Cancel(ctx context.Context, org, id string) (before string, err error) {
	st, err := s.rdb.Eval(ctx, cancelLua, []string{s.jobKey(org, id), s.activeKey(org)}, ms(time.Now()), id).Text()
	if err != nil {
		return "", fmt.Errorf("jobs: cancel: %w", err)
	}
	if st == "" {
		return "", ErrNotFound
	}
	return st, nil
}

// acquireLua takes a job for a worker: ARGV owner, now ms, lease ms.
// Returns ok, busy (another live worker holds it), or the terminal state.
const acquireLua = `
local h = redis.call('HMGET', KEYS[1], 'state', 'owner', 'lease', 'started')
if not h[1] then return 'gone' end
if h[1] ~= 'queued' and h[1] ~= 'running' then return h[1] end
if h[2] and h[2] ~= '' and h[2] ~= ARGV[1] and tonumber(h[3] or '0') > tonumber(ARGV[2]) then return 'busy' end
redis.call('HSET', KEYS[1], 'state', 'running', 'owner', ARGV[1], 'lease', tonumber(ARGV[2]) + tonumber(ARGV[3]))
if not h[4] then redis.call('HSET', KEYS[1], 'started', ARGV[2]) end
return 'ok'
`

// Acquire takes a job for owner for lease.
func (s *Store) Acquire(ctx context.Context, org, id, owner string, lease time.Duration) (string, error) {
	return s.rdb.Eval(ctx, acquireLua, []string{s.jobKey(org, id)}, owner, ms(time.Now()), lease.Milliseconds()).Text()
}

// Batch is what a committed batch adds to a job.
type Batch struct {
	Start, Rows                      int   // first row, rows
	NextOffset                       int64 // input offset after the batch
	Matched, Review, NoMatch, Errors int
	Charged                          int
}

// commitLua commits a batch: ARGV owner, start row, rows, next offset,
// matched, review, no_match, errors, charged, now ms, lease ms. Returns 1
// (running), 2 (cancelled meanwhile: committed, stop), -1 (another owner),
// -2 (not running), -3 (another start: already committed).
const commitLua = `
local h = redis.call('HMGET', KEYS[1], 'owner', 'state', 'done')
if h[1] ~= ARGV[1] then return -1 end
if h[2] ~= 'running' and h[2] ~= 'cancelled' then return -2 end
if tonumber(h[3]) ~= tonumber(ARGV[2]) then return -3 end
redis.call('HINCRBY', KEYS[1], 'done', ARGV[3])
redis.call('HINCRBY', KEYS[1], 'matched', ARGV[5])
redis.call('HINCRBY', KEYS[1], 'review', ARGV[6])
redis.call('HINCRBY', KEYS[1], 'no_match', ARGV[7])
redis.call('HINCRBY', KEYS[1], 'errors', ARGV[8])
redis.call('HINCRBY', KEYS[1], 'charged', ARGV[9])
redis.call('HSET', KEYS[1], 'in_off', ARGV[4], 'lease', tonumber(ARGV[10]) + tonumber(ARGV[11]))
if h[2] == 'cancelled' then return 2 end
return 1
`

// Commit results of a commit.
var (
	ErrLostLease   = errors.New("jobs: the job is held by another worker")
	ErrNotRunning  = errors.New("jobs: the job is no longer running")
	ErrStaleCommit = errors.New("jobs: the batch was committed already")
)

// Commit adds a finished batch to the job; cancelled is true when the job
// was cancelled meanwhile (the batch still counts; stop after it).
func (s *Store) Commit(ctx context.Context, org, id, owner string, b Batch, lease time.Duration) (cancelled bool, err error) {
	n, err := s.rdb.Eval(ctx, commitLua, []string{s.jobKey(org, id)}, owner, b.Start, b.Rows, b.NextOffset,
		b.Matched, b.Review, b.NoMatch, b.Errors, b.Charged, ms(time.Now()), lease.Milliseconds()).Int()
	if err != nil {
		return false, fmt.Errorf("jobs: commit: %w", err)
	}
	switch n {
	case 1:
		return false, nil
	case 2:
		return true, nil
	case -1:
		return false, ErrLostLease
	case -2:
		return false, ErrNotRunning
	}
	return false, ErrStaleCommit
}

// finishLua ends a job held by owner: ARGV owner, state, now ms, error,
// id, retention ms.
const finishLua = `
local h = redis.call('HMGET', KEYS[1], 'owner', 'state')
if h[1] ~= ARGV[1] then return 0 end
if h[2] == 'running' then
  redis.call('HSET', KEYS[1], 'state', ARGV[2], 'finished', ARGV[3], 'error', ARGV[4])
end
redis.call('SREM', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`

// Finish ends a job (done or failed; a cancelled one stays cancelled) and
// starts its retention.
func (s *Store) Finish(ctx context.Context, org, id, owner, state, errMsg string, retention time.Duration) error {
	return s.rdb.Eval(ctx, finishLua, []string{s.jobKey(org, id), s.activeKey(org)}, owner, state, ms(time.Now()), errMsg, id, retention.Milliseconds()).Err()
}

// Expire starts the retention of a job that ended without a worker (a
// queued job cancelled).
func (s *Store) Expire(ctx context.Context, org, id string, retention time.Duration) error {
	return s.rdb.PExpire(ctx, s.jobKey(org, id), retention).Err()
}

// Delete forgets a job record (a job whose upload failed after it was
// recorded).
func (s *Store) Delete(ctx context.Context, org, id string) error {
	p := s.rdb.TxPipeline()
	p.Del(ctx, s.jobKey(org, id))
	p.SRem(ctx, s.activeKey(org), id)
	p.ZRem(ctx, s.listKey(org), id)
	_, err := p.Exec(ctx)
	return err
}
