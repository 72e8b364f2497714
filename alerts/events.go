package alerts

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

// KeyTag is the hash tag every alerts key carries after the namespace:
// the streams, the organisation list, delivery states and the retry set
// share one Redis Cluster slot, so an append to several organisations'
// streams stays one MULTI/EXEC and the deliverer reads every stream with
// one blocking XREADGROUP. LegacyPrefix is the prefix before the tag
// (keyctl migrate layout moves those keys).
const (
	KeyTag       = "{alerts}:"
	LegacyPrefix = "alerts:"
)

// Redis layout (under Namespace + KeyTag):
//
//	events:{org}    stream of the organisation's events, field "e" = Event JSON;
//	                trimmed by age (MINID) and by length (MAXLEN) on every append
//	orgs            set of organisations that have a stream (the deliverer's list)
//	state:{alert}   hash: delivery state of one alert (see State)
//	retry           sorted set of deliveries waiting for a retry, score = due (ms)
//
// The deliverer reads every stream through the consumer group "webhooks".

func (s *Service) streamKey(org string) string  { return s.ns + "events:" + org }
func (s *Service) stateKey(alert string) string { return s.ns + "state:" + alert }
func (s *Service) orgsKey() string              { return s.ns + "orgs" }
func (s *Service) retryKey() string             { return s.ns + "retry" }

// Append writes events to their organisations' streams in order, in one
// pipeline, and returns them with their ids set. Each stream is trimmed to
// the retention window and to MaxEvents entries at the same time.
func (s *Service) Append(ctx context.Context, evs []Event) ([]Event, error) {
	if len(evs) == 0 {
		return nil, nil
	}
	if s.cfg.Redis == nil {
		return nil, errors.New("alerts: no Redis")
	}
	minID := strconv.FormatInt(s.cfg.Now().Add(-s.cfg.Retention).UnixMilli(), 10)
	pipe := s.cfg.Redis.TxPipeline()
	orgs := map[string]bool{}
	cmds := make([]*redis.StringCmd, len(evs))
	for i := range evs {
		e := &evs[i]
		if e.CreatedAt == "" {
			e.CreatedAt = s.cfg.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")
		}
		e.ID = ""
		b, err := json.Marshal(e)
		if err != nil {
			return nil, err
		}
		cmds[i] = pipe.XAdd(ctx, &redis.XAddArgs{Stream: s.streamKey(e.OrgID), MinID: minID, Approx: true, Values: []any{"e", b}})
		orgs[e.OrgID] = true
	}
	for o := range orgs {
		pipe.SAdd(ctx, s.orgsKey(), o)
		pipe.XTrimMaxLen(ctx, s.streamKey(o), s.cfg.MaxEvents)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("append events: %w", err)
	}
	out := make([]Event, len(evs))
	for i, c := range cmds {
		out[i] = evs[i]
		out[i].ID = c.Val()
	}
	return out, nil
}

func decodeEntry(m redis.XMessage) (Event, error) {
	var e Event
	raw, _ := m.Values["e"].(string)
	if err := json.Unmarshal([]byte(raw), &e); err != nil {
		return e, fmt.Errorf("event %s: %w", m.ID, err)
	}
	e.ID = m.ID
	return e, nil
}

// ValidEventID reports whether s looks like a stream id ("ms" or "ms-seq"),
// each part 1 to 19 digits (the pattern the OpenAPI document gives).
func ValidEventID(s string) bool {
	ms, seq, found := strings.Cut(s, "-")
	if len(ms) > 19 || len(seq) > 19 || strings.ContainsAny(s, "+") {
		return false
	}
	if _, err := strconv.ParseUint(ms, 10, 64); err != nil {
		return false
	}
	if found {
		_, err := strconv.ParseUint(seq, 10, 64)
		return err == nil
	}
	return true
}

// Read returns up to count events of an organisation after the event id
// after ("$" = only new ones), waiting up to block for the first one
// (0 = do not wait). It is what the SSE stream loops on.
func (s *Service) Read(ctx context.Context, org, after string, count int64, block time.Duration) ([]Event, error) {
	if block <= 0 {
		block = -1 // no BLOCK argument
	}
	res, err := s.cfg.Redis.XRead(ctx, &redis.XReadArgs{Streams: []string{s.streamKey(org), after}, Count: count, Block: block}).Result()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read events: %w", err)
	}
	var out []Event
	for _, st := range res {
		for _, m := range st.Messages {
			e, err := decodeEntry(m)
			if err != nil {
				continue
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// LastID is the id of an organisation's newest event ("0-0" when none).
func (s *Service) LastID(ctx context.Context, org string) (string, error) {
	r, err := s.cfg.Redis.XRevRangeN(ctx, s.streamKey(org), "+", "-", 1).Result()
	if err != nil {
		return "", fmt.Errorf("last event: %w", err)
	}
	if len(r) == 0 {
		return "0-0", nil
	}
	return r[0].ID, nil
}

// State is the delivery state of one alert, shown in GET /api/alerts/{id}.
type State struct {
	// Status is "active", "failing" (FailingAfter consecutive failed
	// attempts; deliveries still retry) or "paused".
	Status              string `json:"status"`
	Delivered           int64  `json:"delivered"`
	ConsecutiveFailures int64  `json:"consecutive_failures"`
	// Dropped counts events given up after the 24-hour retry window.
	Dropped       int64   `json:"dropped"`
	LastEventID   string  `json:"last_event_id,omitempty"`
	LastAttemptAt *string `json:"last_attempt_at"`
	LastSuccessAt *string `json:"last_success_at"`
	// LastStatus is the HTTP status of the last attempt (0 = no answer).
	LastStatus    *int    `json:"last_status"`
	LastError     *string `json:"last_error"`
	NextAttemptAt *string `json:"next_attempt_at"`
}

// FailingAfter is the number of consecutive failed attempts that marks an
// alert failing.
const FailingAfter = 5

// State reads an alert's delivery state.
func (s *Service) State(ctx context.Context, a *Alert) (State, error) {
	st := State{Status: "active"}
	if !a.Enabled {
		st.Status = "paused"
	}
	if s.cfg.Redis == nil {
		return st, nil
	}
	m, err := s.cfg.Redis.HGetAll(ctx, s.stateKey(a.ID)).Result()
	if err != nil {
		return st, fmt.Errorf("alert state: %w", err)
	}
	i64 := func(k string) int64 { n, _ := strconv.ParseInt(m[k], 10, 64); return n }
	str := func(k string) *string {
		if v, ok := m[k]; ok && v != "" {
			return &v
		}
		return nil
	}
	st.Delivered, st.ConsecutiveFailures, st.Dropped = i64("delivered"), i64("failures"), i64("dropped")
	st.LastEventID = m["last_event_id"]
	st.LastAttemptAt, st.LastSuccessAt, st.LastError, st.NextAttemptAt = str("last_attempt_at"), str("last_success_at"), str("last_error"), str("next_attempt_at")
	if v, ok := m["last_status"]; ok {
		n, _ := strconv.Atoi(v)
		st.LastStatus = &n
	}
	if a.Enabled && st.ConsecutiveFailures >= FailingAfter {
		st.Status = "failing"
	}
	return st, nil
}

func ts(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// recordAttempt updates an alert's delivery state after one attempt.
func (s *Service) recordAttempt(ctx context.Context, alertID, eventID string, status int, errMsg string, next time.Time, dropped bool) error {
	now := s.cfg.Now()
	k := s.stateKey(alertID)
	pipe := s.cfg.Redis.TxPipeline()
	pipe.HSet(ctx, k, "last_attempt_at", ts(now), "last_status", status, "last_event_id", eventID)
	if errMsg == "" {
		pipe.HIncrBy(ctx, k, "delivered", 1)
		pipe.HSet(ctx, k, "failures", 0, "last_success_at", ts(now), "last_error", "", "next_attempt_at", "")
	} else {
		pipe.HIncrBy(ctx, k, "failures", 1)
		if len(errMsg) > 300 {
			errMsg = errMsg[:300]
		}
		pipe.HSet(ctx, k, "last_error", errMsg)
		if dropped {
			pipe.HIncrBy(ctx, k, "dropped", 1)
			pipe.HSet(ctx, k, "next_attempt_at", "")
		} else {
			pipe.HSet(ctx, k, "next_attempt_at", ts(next))
		}
	}
	_, err := pipe.Exec(ctx)
	return err
}
