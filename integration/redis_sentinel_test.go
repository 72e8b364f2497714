//go:build integration

package integration

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/ratelimit"
)

// sentinelRun is what one Sentinel failover under load measured.
type sentinelRun struct {
	requests, ok, served, refused, other int
	// charged is the key's usage counter read from the new primary.
	charged int
	// window is from the kill to the first 200 answered after it; first503
	// and last503 bound the refusals.
	window            time.Duration
	first503, last503 time.Duration
	promoted          time.Duration // kill to Sentinel naming the new primary
	oldPrimary, newPr string
}

// runSentinelFailover serves a gated route (weight 1, a Pro key without a
// rate limit) from a Redis Sentinel master set of a primary, two replicas
// and sentinels Sentinels, reached with REDIS_URL=redis-sentinel://…&query,
// under steady load from workers; SIGKILLs the primary after warm, and
// keeps the load on until answers have been 200 again for a second.
func runSentinelFailover(t *testing.T, sentinels int, query string, workers int, warm time.Duration) sentinelRun {
	t.Helper()
	quietRedisLog(t)
	t0 := time.Now()
	s := startRedisSentinel(t, 2, sentinels, 500*time.Millisecond)
	t.Logf("primary, 2 replicas and %d sentinel(s) up in %s", sentinels, time.Since(t0).Round(time.Millisecond))
	conn, err := ratelimit.OpenRedis(s.url(query), 0) // production timeouts
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	store := conn.Store("t-sentinel:")
	// The fixture is written with patient timeouts, before the load.
	setup, err := ratelimit.OpenRedis(s.url(query), patientTimeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = setup.Close() })
	f := newKeysFixture(t, setup.Store("t-sentinel:"), ratelimit.KeySpec{Plan: ratelimit.PlanPro, RateOverride: ratelimit.Unlimited})
	var served atomic.Int64
	srv := gatedServer(t, store, 1, func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		io.WriteString(w, "ok")
	})

	type answer struct {
		at     time.Time
		status int
	}
	var mu sync.Mutex
	var answers []answer
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 5 * time.Second}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
				req.Header.Set("Authorization", "Api-Key "+f.secret)
				st := 0
				if resp, err := client.Do(req); err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					st = resp.StatusCode
				}
				mu.Lock()
				answers = append(answers, answer{time.Now(), st})
				mu.Unlock()
				time.Sleep(2 * time.Millisecond)
			}
		}()
	}
	time.Sleep(warm)
	run := sentinelRun{oldPrimary: s.primary.addr()}
	if got := s.masterAddr(t); got != run.oldPrimary {
		t.Fatalf("sentinel names %s as primary before the kill, want %s", got, run.oldPrimary)
	}
	s.primary.kill()
	kill := time.Now()
	// Load until Sentinel promoted a replica and answers have been 200
	// for a second (at most 30 s).
	for time.Since(kill) < 30*time.Second {
		time.Sleep(100 * time.Millisecond)
		if run.promoted == 0 {
			if a := s.masterAddr(t); a != "" && a != run.oldPrimary {
				run.promoted, run.newPr = time.Since(kill), a
			}
		}
		mu.Lock()
		healthy := len(answers) > 0
		cut := time.Now().Add(-time.Second)
		for i := len(answers) - 1; i >= 0 && answers[i].at.After(cut); i-- {
			if answers[i].status != 200 {
				healthy = false
				break
			}
		}
		oldest := time.Time{}
		for i := len(answers) - 1; i >= 0; i-- {
			if answers[i].at.Before(cut) {
				oldest = answers[i].at
				break
			}
		}
		mu.Unlock()
		if run.promoted > 0 && healthy && oldest.After(kill) {
			break
		}
	}
	close(stop)
	wg.Wait()

	for _, a := range answers {
		run.requests++
		switch a.status {
		case 200:
			run.ok++
			if a.at.After(kill) && run.window == 0 && run.refused > 0 {
				run.window = a.at.Sub(kill)
			}
		case 503:
			run.refused++
			d := a.at.Sub(kill)
			if run.first503 == 0 || d < run.first503 {
				run.first503 = d
			}
			run.last503 = max(run.last503, d)
		default:
			run.other++
		}
	}
	run.served = int(served.Load())
	// The charges as the new primary holds them.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var uerr error
	for i := 0; i < 50; i++ {
		if run.charged, uerr = f.svc.Store().Usage(ctx, f.org.ID, f.key.Meter, ratelimit.PeriodAt(time.Now(), f.org.AnchorDay).ID(), ""); uerr == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if uerr != nil {
		t.Fatalf("usage after the failover: %v", uerr)
	}
	return run
}

// quietRedisLog mutes go-redis's own log (a line per refused dial while
// the primary is down) for the test, then restores go-redis's default.
func quietRedisLog(t *testing.T) {
	redis.SetLogger(discardLogger{})
	t.Cleanup(func() {
		redis.SetLogger(defaultRedisLogger{log.New(os.Stderr, "redis: ", log.LstdFlags|log.Lshortfile)})
	})
}

type discardLogger struct{}

func (discardLogger) Printf(context.Context, string, ...any) {}

type defaultRedisLogger struct{ l *log.Logger }

func (d defaultRedisLogger) Printf(_ context.Context, format string, v ...any) {
	_ = d.l.Output(2, fmt.Sprintf(format, v...))
}

func (r sentinelRun) String() string {
	return fmt.Sprintf("%d requests: %d × 200 (handler ran %d), %d × 503, %d other; %d units charged on the new primary; "+
		"primary %s killed, %s promoted after %s; 503s from +%s to +%s, first 200 after the kill at +%s",
		r.requests, r.ok, r.served, r.refused, r.other, r.charged, r.oldPrimary, r.newPr,
		r.promoted.Round(time.Millisecond), r.first503.Round(time.Millisecond), r.last503.Round(time.Millisecond), r.window.Round(time.Millisecond))
}

// TestRedisSentinelFailoverCharges: the primary of a Sentinel master set
// is SIGKILLed while the gate serves a steady load. With wait_replicas=1
// (a charge counts once a replica holds it) no request is served
// uncharged: every 200 is in the usage counter the promoted replica holds.
// A call can be charged and still refused (its reply or its WAIT lost in
// the crash): those are bounded by the 503s. The 503 window is measured.
func TestRedisSentinelFailoverCharges(t *testing.T) {
	start := time.Now()
	r := runSentinelFailover(t, 1, "wait_replicas=1&wait_timeout=50ms", 4, time.Second)
	t.Logf("sentinel failover (wait_replicas=1): %s; test %s", r, time.Since(start).Round(time.Millisecond))
	if r.promoted == 0 {
		t.Fatal("no replica was promoted")
	}
	if r.served != r.ok {
		t.Errorf("handler ran %d times, %d × 200", r.served, r.ok)
	}
	if r.charged < r.ok {
		t.Errorf("%d requests served, %d charged: %d served uncharged", r.ok, r.charged, r.ok-r.charged)
	}
	if r.charged > r.ok+r.refused {
		t.Errorf("%d charged for %d served and %d refused: more than the refused calls overcharged", r.charged, r.ok, r.refused)
	}
	if r.other != 0 {
		t.Errorf("%d answers neither 200 nor 503", r.other)
	}
}
