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
	// Workers is the number of alerts delivered to concurrently (each
	// alert's events stay in order; default 8).
	Workers int
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
type Deliverer struct {
	svc    *Service
	cfg    DelivererConfig
	client *http.Client
	mu     sync.Mutex
	groups map[string]bool
	cache  map[string]cachedAlert
}

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
		cfg.Workers = 8
	}
	if cfg.Block <= 0 {
		cfg.Block = 2 * time.Second
	}
	return &Deliverer{svc: svc, cfg: cfg, client: WebhookClient(svc.Guard(), cfg.Timeout), groups: map[string]bool{}, cache: map[string]cachedAlert{}}
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

// Run delivers until ctx ends. It returns nil on cancellation.
func (d *Deliverer) Run(ctx context.Context) error {
	log := d.cfg.Logger
	pendingDone := map[string]bool{}
	var lastClaim time.Time
	for ctx.Err() == nil {
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
			if err := d.deliverBatch(ctx, st.Stream, st.Messages); err != nil {
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
			if err := d.deliverBatch(ctx, stream, msgs); err != nil {
				return err
			}
		}
		if next == "0-0" || next == "" || len(msgs) == 0 {
			return nil
		}
		start = next
	}
}

// deliverBatch delivers one read of a stream: alerts in parallel, each
// alert's events in stream order. Each entry is acknowledged as soon as
// its first attempt succeeded or its retry was scheduled, so a deliverer
// stopped mid-way re-sends only what was in flight.
func (d *Deliverer) deliverBatch(ctx context.Context, stream string, msgs []redis.XMessage) error {
	byAlert := map[string][]Event{}
	var order []string
	for _, m := range msgs {
		e, err := decodeEntry(m)
		if err != nil {
			d.cfg.Logger.Error().Err(err).Str("stream", stream).Msg("alerts deliverer: undecodable event dropped")
			if err := d.svc.cfg.Redis.XAck(ctx, stream, Group, m.ID).Err(); err != nil {
				return err
			}
			continue
		}
		if _, ok := byAlert[e.AlertID]; !ok {
			order = append(order, e.AlertID)
		}
		byAlert[e.AlertID] = append(byAlert[e.AlertID], e)
	}
	sem := make(chan struct{}, d.cfg.Workers)
	var wg sync.WaitGroup
	var firstErr error
	var mu sync.Mutex
	for _, aid := range order {
		evs := byAlert[aid]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			for _, e := range evs {
				err := d.first(ctx, e)
				if err == nil {
					err = d.svc.cfg.Redis.XAck(ctx, stream, Group, e.ID).Err()
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return // the rest stay pending and are re-read
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
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

// retryDue runs the retries that are due. Each is leased (its score pushed
// 5 minutes ahead) before the attempt, so a crash mid-attempt retries it
// later instead of losing it.
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
		a, err := d.alert(ctx, e.AlertID)
		if err != nil {
			return err
		}
		if a == nil || !a.Enabled || a.WebhookURL == "" {
			rdb.ZRem(ctx, d.svc.retryKey(), m)
			continue
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
		if err := rdb.ZRem(ctx, d.svc.retryKey(), m).Err(); err != nil {
			return err
		}
	}
	return nil
}

// post makes one delivery attempt: 2xx is success.
func (d *Deliverer) post(ctx context.Context, a *Stored, e Event) (int, error) {
	return Post(ctx, d.client, d.svc.Box(), &a.Alert, e)
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
