package alerts

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"
)

// Group is the consumer group of the webhook deliverer on every stream.
const Group = "webhooks"

// DelivererConfig configures a Deliverer.
type DelivererConfig struct {
	// Consumer names this deliverer in the consumer group (default
	// "deliverer-1"). A restarted deliverer with the same name first
	// re-reads what it had taken but not acknowledged.
	Consumer string
	Logger   zerolog.Logger
	// Backoff is the wait before retry n (1-based); nil means
	// DefaultBackoff (exponential with jitter).
	Backoff func(n int) time.Duration
	// MaxAge is how long an event is retried (default 24 h).
	MaxAge time.Duration
	// Timeout bounds one delivery attempt (default 10 s).
	Timeout time.Duration
	// Workers bounds the webhook requests in flight at once, across every
	// organisation and alert (default 32). Each alert has at most one
	// request in flight, so its events stay in order and one slow receiver
	// holds one worker, never the others' deliveries.
	Workers int
	// MaxQueued bounds the events read from the streams (or due retries)
	// that wait for their alert's turn (default 10,000); the reader pauses
	// above it.
	MaxQueued int
	// BreakerFailures is the number of consecutive failed attempts (errors,
	// timeouts, non-2xx answers) that opens an alert's circuit (default 5).
	// While open, the alert's events are not sent: they are scheduled for
	// when the circuit half-opens, and one attempt then decides whether it
	// closes (success) or opens again.
	BreakerFailures int
	// BreakerCooldown is how long a circuit stays open (default 1 min).
	BreakerCooldown time.Duration
	// Block is how long one stream read waits for new events (default 2 s).
	Block time.Duration
}

// DefaultBackoff waits 30 s × 2^(n-1), at most 1 h, with full jitter over
// the upper half (so retries of many alerts spread out): about 15 attempts
// in the 24-hour window.
func DefaultBackoff(n int) time.Duration {
	d := 30 * time.Second << min(n-1, 7)
	if d > time.Hour {
		d = time.Hour
	}
	return d/2 + time.Duration(rand.Int64N(int64(d/2)+1))
}

// Deliverer posts events to webhooks.
//
// The reader hands each event to its alert's lane (a FIFO served by one
// goroutine at a time) and goes on reading: organisations and alerts are
// delivered concurrently, bounded by Workers requests in flight, and a
// slow or dead receiver delays only its own alert. Each alert has a
// circuit breaker (BreakerFailures, BreakerCooldown).
type Deliverer struct {
	svc    *Service
	cfg    DelivererConfig
	client *http.Client
	mu     sync.Mutex
	groups map[string]bool
	cache  map[string]cachedAlert

	// Lanes: lmu guards lanes, queued, nQueued and breakers; space is
	// signalled when a queued item is done.
	lmu      sync.Mutex
	space    *sync.Cond
	lanes    map[string]*lane
	queued   map[string]bool // item keys queued or in flight
	nQueued  int
	breakers map[string]*breaker
	sem      chan struct{}
	wg       sync.WaitGroup
	// infraErr is set by a lane that met a store error: the entry stayed
	// pending and Run re-reads this consumer's pending entries.
	infraErr atomic.Bool
}

// lane is one alert's queue of deliveries.
type lane struct {
	items   []laneItem
	running bool
}

// laneItem is a first attempt of a stream entry, or a due retry.
type laneItem struct {
	key    string // dedup key: stream/id or retry/member
	stream string
	e      Event
	retry  *retryItem // nil: first attempt
	member string     // the retry set member
}

// breaker is an alert's circuit breaker.
type breaker struct {
	failures  int
	openUntil time.Time
}

// errCircuitOpen is recorded for deliveries held by an open circuit.
var errCircuitOpen = errors.New("circuit open after consecutive failures: deliveries paused")

type cachedAlert struct {
	a   *Stored // nil = deleted
	exp time.Time
}

// NewDeliverer returns a deliverer; its HTTP client dials through the
// SSRF guard, does not follow redirects and ignores proxies.
func NewDeliverer(svc *Service, cfg DelivererConfig) *Deliverer {
	if cfg.Consumer == "" {
		cfg.Consumer = "deliverer-1"
	}
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = 24 * time.Hour
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 32
	}
	if cfg.MaxQueued <= 0 {
		cfg.MaxQueued = 10000
	}
	if cfg.BreakerFailures <= 0 {
		cfg.BreakerFailures = 5
	}
	if cfg.BreakerCooldown <= 0 {
		cfg.BreakerCooldown = time.Minute
	}
	if cfg.Block <= 0 {
		cfg.Block = 2 * time.Second
	}
	d := &Deliverer{svc: svc, cfg: cfg, client: WebhookClient(svc.Guard(), cfg.Timeout), groups: map[string]bool{}, cache: map[string]cachedAlert{},
		lanes: map[string]*lane{}, queued: map[string]bool{}, breakers: map[string]*breaker{}, sem: make(chan struct{}, cfg.Workers)}
	d.space = sync.NewCond(&d.lmu)
	return d
}

// WebhookClient is the guarded HTTP client for webhook deliveries.
func WebhookClient(g *Guard, timeout time.Duration) *http.Client {
	tr := &http.Transport{
		Proxy: nil, DialContext: g.Dialer().DialContext, MaxIdleConnsPerHost: 4,
		IdleConnTimeout: 60 * time.Second, TLSHandshakeTimeout: 10 * time.Second, ResponseHeaderTimeout: timeout,
	}
	return &http.Client{Transport: tr, Timeout: timeout, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
}

// Run delivers until ctx ends. It returns nil on cancellation, once the
// requests in flight have ended (what they had not acknowledged stays
// pending for the next run).
func (d *Deliverer) Run(ctx context.Context) error {
	log := d.cfg.Logger
	pendingDone := map[string]bool{}
	var lastClaim time.Time
	stop := context.AfterFunc(ctx, func() {
		d.lmu.Lock()
		d.space.Broadcast()
		d.lmu.Unlock()
	})
	defer stop()
	defer d.wg.Wait()
	for ctx.Err() == nil {
		if d.infraErr.Swap(false) {
			pendingDone = map[string]bool{} // re-read what stayed pending
		}
		streams, err := d.streams(ctx)
		if err != nil {
			log.Error().Err(err).Msg("alerts deliverer: list streams")
			sleep(ctx, time.Second)
			continue
		}
		// What this consumer took before a restart and never acknowledged.
		for _, st := range streams {
			if pendingDone[st] {
				continue
			}
			if err := d.readAndDeliver(ctx, []string{st}, "0", 0); err != nil {
				log.Error().Err(err).Str("stream", st).Msg("alerts deliverer: pending")
				continue
			}
			pendingDone[st] = true
		}
		if time.Since(lastClaim) > 30*time.Second {
			lastClaim = time.Now()
			for _, st := range streams {
				if err := d.claimStale(ctx, st); err != nil && ctx.Err() == nil {
					log.Error().Err(err).Str("stream", st).Msg("alerts deliverer: claim")
				}
			}
		}
		if err := d.retryDue(ctx); err != nil && ctx.Err() == nil {
			log.Error().Err(err).Msg("alerts deliverer: retries")
		}
		if len(streams) == 0 {
			sleep(ctx, d.cfg.Block)
			continue
		}
		if err := d.readAndDeliver(ctx, streams, ">", d.cfg.Block); err != nil && ctx.Err() == nil {
			log.Error().Err(err).Msg("alerts deliverer: read")
			pendingDone = map[string]bool{} // re-read what stayed pending
			sleep(ctx, time.Second)
		}
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// streams lists the organisation streams and makes sure each has the group
// (created at id 0, so events appended before the group existed are read).
func (d *Deliverer) streams(ctx context.Context) ([]string, error) {
	orgs, err := d.svc.cfg.Redis.SMembers(ctx, d.svc.orgsKey()).Result()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(orgs))
	for _, o := range orgs {
		k := d.svc.streamKey(o)
		if !d.groups[k] {
			err := d.svc.cfg.Redis.XGroupCreateMkStream(ctx, k, Group, "0").Err()
			if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
				return nil, fmt.Errorf("create group on %s: %w", k, err)
			}
			d.groups[k] = true
		}
		out = append(out, k)
	}
	return out, nil
}

// readAndDeliver reads from the streams (id ">" = new, "0" = own pending,
// read until exhausted) and delivers; entries are acknowledged only after
// their delivery succeeded or was handed to the retry set.
func (d *Deliverer) readAndDeliver(ctx context.Context, streams []string, id string, block time.Duration) error {
	for {
		args := &redis.XReadGroupArgs{Group: Group, Consumer: d.cfg.Consumer, Count: 200}
		args.Streams = append(args.Streams, streams...)
		for range streams {
			args.Streams = append(args.Streams, id)
		}
		if block > 0 {
			args.Block = block
		} else {
			args.Block = -1
		}
		res, err := d.svc.cfg.Redis.XReadGroup(ctx, args).Result()
		if errors.Is(err, redis.Nil) {
			return nil
		}
		if err != nil {
			return err
		}
		n := 0
		for _, st := range res {
			n += len(st.Messages)
			if err := d.enqueueEntries(ctx, st.Stream, st.Messages); err != nil {
				return err
			}
		}
		if id == ">" || n == 0 {
			return nil
		}
		// Pending reads page by the last id seen.
		last := res[len(res)-1].Messages
		id = last[len(last)-1].ID
	}
}

// ClaimIdle is how long an entry may stay unacknowledged with another
// consumer (one that died and never came back under its name) before this
// deliverer takes it over.
const ClaimIdle = 5 * time.Minute

// claimStale takes over entries another consumer left pending too long.
func (d *Deliverer) claimStale(ctx context.Context, stream string) error {
	start := "0-0"
	for {
		msgs, next, err := d.svc.cfg.Redis.XAutoClaim(ctx, &redis.XAutoClaimArgs{Stream: stream, Group: Group,
			Consumer: d.cfg.Consumer, MinIdle: ClaimIdle, Start: start, Count: 100}).Result()
		if err != nil {
			return err
		}
		if len(msgs) > 0 {
			if err := d.enqueueEntries(ctx, stream, msgs); err != nil {
				return err
			}
		}
		if next == "0-0" || next == "" || len(msgs) == 0 {
			return nil
		}
		start = next
	}
}

// enqueueEntries hands the entries of one read of a stream to their
// alerts' lanes; an undecodable entry is acknowledged and dropped. Each
// entry is acknowledged by its lane as soon as its first attempt succeeded
// or its retry was scheduled, so a deliverer stopped mid-way re-sends only
// what was in flight or still queued.
func (d *Deliverer) enqueueEntries(ctx context.Context, stream string, msgs []redis.XMessage) error {
	for _, m := range msgs {
		e, err := decodeEntry(m)
		if err != nil {
			d.cfg.Logger.Error().Err(err).Str("stream", stream).Msg("alerts deliverer: undecodable event dropped")
			if err := d.svc.cfg.Redis.XAck(ctx, stream, Group, m.ID).Err(); err != nil {
				return err
			}
			continue
		}
		d.enqueue(ctx, laneItem{key: stream + "/" + e.ID, stream: stream, e: e})
	}
	return nil
}

// enqueue adds an item to its alert's lane (once: an item already queued
// or in flight is skipped) and starts the lane if idle. It waits while
// MaxQueued items are queued.
func (d *Deliverer) enqueue(ctx context.Context, it laneItem) {
	d.lmu.Lock()
	defer d.lmu.Unlock()
	if d.queued[it.key] {
		return
	}
	for d.nQueued >= d.cfg.MaxQueued && ctx.Err() == nil {
		d.space.Wait()
	}
	if ctx.Err() != nil {
		return
	}
	d.queued[it.key] = true
	d.nQueued++
	l := d.lanes[it.e.AlertID]
	if l == nil {
		l = &lane{}
		d.lanes[it.e.AlertID] = l
	}
	l.items = append(l.items, it)
	if !l.running {
		l.running = true
		d.wg.Add(1)
		go d.runLane(ctx, it.e.AlertID, l)
	}
}

// isQueued reports whether an item is queued or in flight.
func (d *Deliverer) isQueued(key string) bool {
	d.lmu.Lock()
	defer d.lmu.Unlock()
	return d.queued[key]
}

// runLane delivers an alert's items in order until its lane is empty or
// ctx ends (the rest stay pending or leased, for the next run).
func (d *Deliverer) runLane(ctx context.Context, alertID string, l *lane) {
	defer d.wg.Done()
	for {
		d.lmu.Lock()
		if len(l.items) == 0 || ctx.Err() != nil {
			for _, it := range l.items {
				delete(d.queued, it.key)
				d.nQueued--
			}
			l.items, l.running = nil, false
			delete(d.lanes, alertID)
			d.space.Broadcast()
			d.lmu.Unlock()
			return
		}
		it := l.items[0]
		l.items = l.items[1:]
		d.lmu.Unlock()

		var err error
		if it.retry == nil {
			if err = d.first(ctx, it.e); err == nil {
				err = d.svc.cfg.Redis.XAck(ctx, it.stream, Group, it.e.ID).Err()
			}
		} else {
			err = d.retryOne(ctx, it)
		}
		if err != nil && ctx.Err() == nil {
			d.cfg.Logger.Error().Err(err).Str("alert", alertID).Msg("alerts deliverer: delivery left pending")
			d.infraErr.Store(true)
		}
		d.lmu.Lock()
		delete(d.queued, it.key)
		d.nQueued--
		d.space.Broadcast()
		d.lmu.Unlock()
	}
}

// circuit reports until when an alert's circuit is open (zero: closed or
// half-open, an attempt may be made).
func (d *Deliverer) circuit(alertID string) time.Time {
	d.lmu.Lock()
	defer d.lmu.Unlock()
	if b := d.breakers[alertID]; b != nil && time.Now().Before(b.openUntil) {
		return b.openUntil
	}
	return time.Time{}
}

// outcome records an attempt's result on the alert's breaker: a success
// closes it; BreakerFailures consecutive failures open it for
// BreakerCooldown (a failed half-open attempt opens it again).
func (d *Deliverer) outcome(alertID string, ok bool) {
	d.lmu.Lock()
	defer d.lmu.Unlock()
	if ok {
		delete(d.breakers, alertID)
		return
	}
	b := d.breakers[alertID]
	if b == nil {
		b = &breaker{}
		d.breakers[alertID] = b
	}
	b.failures++
	if b.failures >= d.cfg.BreakerFailures {
		b.openUntil = time.Now().Add(d.cfg.BreakerCooldown)
	}
}

// hold schedules an event held by an open circuit for when the circuit
// half-opens (with jitter over a tenth of the cooldown, so a reopened
// receiver is not hit by the whole backlog at once), keeping its attempt
// count: no attempt was made. Past the retry window it is given up.
func (d *Deliverer) hold(ctx context.Context, a *Stored, e Event, attempts int, until time.Time, member string) error {
	created, _ := time.Parse(time.RFC3339, e.CreatedAt)
	next := until.Add(time.Duration(rand.Int64N(int64(d.cfg.BreakerCooldown/10) + 1)))
	if !created.IsZero() && next.Sub(created) > d.cfg.MaxAge {
		if member != "" {
			if err := d.svc.cfg.Redis.ZRem(ctx, d.svc.retryKey(), member).Err(); err != nil {
				return err
			}
		}
		return d.svc.recordAttempt(ctx, a.ID, e.ID, 0, errCircuitOpen.Error(), time.Time{}, true)
	}
	if member == "" {
		b, _ := json.Marshal(retryItem{Org: e.OrgID, ID: e.ID, Attempt: attempts})
		member = string(b)
	}
	if err := d.svc.cfg.Redis.ZAdd(ctx, d.svc.retryKey(), redis.Z{Score: float64(next.UnixMilli()), Member: member}).Err(); err != nil {
		return err
	}
	return d.svc.cfg.Redis.HSet(ctx, d.svc.stateKey(a.ID), "next_attempt_at", ts(next), "last_error", errCircuitOpen.Error()).Err()
}

// retryItem is a member of the retry set.
type retryItem struct {
	Org     string `json:"o"`
	ID      string `json:"i"`
	Attempt int    `json:"n"` // attempts made so far
}

func (d *Deliverer) alert(ctx context.Context, id string) (*Stored, error) {
	d.mu.Lock()
	c, ok := d.cache[id]
	d.mu.Unlock()
	if ok && time.Now().Before(c.exp) {
		return c.a, nil
	}
	a, err := d.svc.Get(ctx, "", id)
	if errors.Is(err, ErrNotFound) {
		a, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.cache[id] = cachedAlert{a: a, exp: time.Now().Add(5 * time.Second)}
	d.mu.Unlock()
	return a, nil
}

// first is the first attempt of a new event. A failure schedules a retry;
// only an infrastructure error (Redis, OpenSearch) is returned, leaving the
// entry pending.
func (d *Deliverer) first(ctx context.Context, e Event) error {
	a, err := d.alert(ctx, e.AlertID)
	if err != nil {
		return err
	}
	if a == nil || !a.Enabled || a.WebhookURL == "" || e.Type == EventTest {
		return nil // deleted, paused, stream-only, or a test already sent
	}
	if until := d.circuit(a.ID); !until.IsZero() {
		return d.hold(ctx, a, e, 0, until, "")
	}
	status, derr := d.post(ctx, a, e)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if derr == nil {
		return d.svc.recordAttempt(ctx, a.ID, e.ID, status, "", time.Time{}, false)
	}
	return d.fail(ctx, a, e, 1, status, derr)
}

// fail records a failed attempt n and schedules attempt n+1 or gives up.
func (d *Deliverer) fail(ctx context.Context, a *Stored, e Event, n int, status int, derr error) error {
	created, _ := time.Parse(time.RFC3339, e.CreatedAt)
	next := d.svc.cfg.Now().Add(d.cfg.Backoff(n))
	if !created.IsZero() && next.Sub(created) > d.cfg.MaxAge {
		d.cfg.Logger.Warn().Str("alert", a.ID).Str("event", e.ID).Int("attempts", n).Msg("alerts deliverer: giving up after the retry window")
		return d.svc.recordAttempt(ctx, a.ID, e.ID, status, derr.Error(), time.Time{}, true)
	}
	b, _ := json.Marshal(retryItem{Org: e.OrgID, ID: e.ID, Attempt: n})
	if err := d.svc.cfg.Redis.ZAdd(ctx, d.svc.retryKey(), redis.Z{Score: float64(next.UnixMilli()), Member: string(b)}).Err(); err != nil {
		return err
	}
	return d.svc.recordAttempt(ctx, a.ID, e.ID, status, derr.Error(), next, false)
}

// retryDue hands the retries that are due to their alerts' lanes. Each
// is leased (its score pushed 5 minutes ahead) first, so a crash before or
// during the attempt retries it later instead of losing it.
func (d *Deliverer) retryDue(ctx context.Context) error {
	rdb := d.svc.cfg.Redis
	now := d.svc.cfg.Now()
	due, err := rdb.ZRangeArgs(ctx, redis.ZRangeArgs{Key: d.svc.retryKey(), ByScore: true, Start: "-inf", Stop: strconv.FormatInt(now.UnixMilli(), 10), Count: 100}).Result()
	if err != nil {
		return err
	}
	for _, m := range due {
		if ctx.Err() != nil {
			return nil
		}
		if d.isQueued("retry/" + m) {
			continue
		}
		lease := now.Add(5 * time.Minute).UnixMilli()
		if err := rdb.ZAddXX(ctx, d.svc.retryKey(), redis.Z{Score: float64(lease), Member: m}).Err(); err != nil {
			return err
		}
		var it retryItem
		if json.Unmarshal([]byte(m), &it) != nil {
			rdb.ZRem(ctx, d.svc.retryKey(), m)
			continue
		}
		msgs, err := rdb.XRangeN(ctx, d.svc.streamKey(it.Org), it.ID, it.ID, 1).Result()
		if err != nil {
			return err
		}
		var e Event
		if len(msgs) == 1 {
			e, err = decodeEntry(msgs[0])
		}
		if len(msgs) == 0 || err != nil {
			rdb.ZRem(ctx, d.svc.retryKey(), m) // trimmed away
			continue
		}
		d.enqueue(ctx, laneItem{key: "retry/" + m, e: e, retry: &it, member: m})
	}
	return nil
}

// retryOne makes a leased retry's attempt in its alert's lane.
func (d *Deliverer) retryOne(ctx context.Context, li laneItem) error {
	rdb := d.svc.cfg.Redis
	e, it, m := li.e, li.retry, li.member
	a, err := d.alert(ctx, e.AlertID)
	if err != nil {
		return err
	}
	if a == nil || !a.Enabled || a.WebhookURL == "" {
		return rdb.ZRem(ctx, d.svc.retryKey(), m).Err()
	}
	if until := d.circuit(a.ID); !until.IsZero() {
		return d.hold(ctx, a, e, it.Attempt, until, m)
	}
	status, derr := d.post(ctx, a, e)
	if ctx.Err() != nil {
		return nil
	}
	if derr == nil {
		if err := d.svc.recordAttempt(ctx, a.ID, e.ID, status, "", time.Time{}, false); err != nil {
			return err
		}
	} else if err := d.fail(ctx, a, e, it.Attempt+1, status, derr); err != nil {
		return err
	}
	return rdb.ZRem(ctx, d.svc.retryKey(), m).Err()
}

// post makes one delivery attempt: 2xx is success.
// It waits for one of the Workers slots and records the result on the
// alert's circuit breaker.
func (d *Deliverer) post(ctx context.Context, a *Stored, e Event) (int, error) {
	select {
	case d.sem <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	defer func() { <-d.sem }()
	status, err := Post(ctx, d.client, d.svc.Box(), &a.Alert, e)
	if ctx.Err() == nil {
		d.outcome(a.ID, err == nil)
	}
	return status, err
}

// DeliveryError is a delivery that got no HTTP answer. Error() is the
// generic PublicDeliveryError; Err keeps the cause for the server's logs.
type DeliveryError struct{ Err error }

func (e *DeliveryError) Error() string { return PublicDeliveryError }
func (e *DeliveryError) Unwrap() error { return e.Err }

// Post signs and sends one event to an alert's webhook; it returns the
// HTTP status (0 when there was no answer) and an error unless 2xx.
func Post(ctx context.Context, client *http.Client, box *Box, a *Alert, e Event) (int, error) {
	secret, err := box.Open(a.ID, a.SecretEnc)
	if err != nil {
		return 0, err
	}
	body, err := json.Marshal(e)
	if err != nil {
		return 0, err
	}
	now := time.Now().Unix()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "ukpd-webhooks/1")
	req.Header.Set("X-Event-Id", e.ID)
	req.Header.Set("X-Event-Type", e.Type)
	req.Header.Set("X-Alert-Id", a.ID)
	req.Header.Set("X-Timestamp", strconv.FormatInt(now, 10))
	req.Header.Set("X-Signature", Sign(secret, now, body))
	resp, err := client.Do(req)
	if err != nil {
		// One text for every failure without an answer (refused, timed
		// out, blocked by the guard): the test endpoint and the alert's
		// last_error must not tell a closed port from a filtered one.
		return 0, &DeliveryError{Err: err}
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, fmt.Errorf("webhook answered %d", resp.StatusCode)
	}
	return resp.StatusCode, nil
}
