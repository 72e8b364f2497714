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

// failoverRun is what one failover under load measured.
type failoverRun struct {
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
func runSentinelFailover(t *testing.T, sentinels int, query string, workers int, warm time.Duration) failoverRun {
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

	gl := startGateLoad(srv.URL, f.secret, workers)
	time.Sleep(warm)
	run := failoverRun{oldPrimary: s.primary.addr()}
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
		answers := gl.snapshot()
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
		if run.promoted > 0 && healthy && oldest.After(kill) {
			break
		}
	}
	answers := gl.stop()

	run.tally(answers, kill)
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

// gateAnswer is one answer of a gateLoad.
type gateAnswer struct {
	at     time.Time
	status int // 0: no answer
}

// gateLoad is workers sending keyed GETs to a gated server in a loop
// (2 ms apart each), keeping every answer's time and status.
type gateLoad struct {
	mu      sync.Mutex
	answers []gateAnswer
	stopc   chan struct{}
	wg      sync.WaitGroup
}

func startGateLoad(url, secret string, workers int) *gateLoad {
	gl := &gateLoad{stopc: make(chan struct{})}
	client := &http.Client{Timeout: 5 * time.Second}
	for w := 0; w < workers; w++ {
		gl.wg.Add(1)
		go func() {
			defer gl.wg.Done()
			for {
				select {
				case <-gl.stopc:
					return
				default:
				}
				req, _ := http.NewRequest(http.MethodGet, url, nil)
				req.Header.Set("Authorization", "Api-Key "+secret)
				st := 0
				if resp, err := client.Do(req); err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					st = resp.StatusCode
				}
				gl.mu.Lock()
				gl.answers = append(gl.answers, gateAnswer{time.Now(), st})
				gl.mu.Unlock()
				time.Sleep(2 * time.Millisecond)
			}
		}()
	}
	return gl
}

func (gl *gateLoad) snapshot() []gateAnswer {
	gl.mu.Lock()
	defer gl.mu.Unlock()
	return append([]gateAnswer(nil), gl.answers...)
}

func (gl *gateLoad) stop() []gateAnswer {
	close(gl.stopc)
	gl.wg.Wait()
	return gl.snapshot()
}

// tally counts answers and times the 503s against the kill.
func (r *failoverRun) tally(answers []gateAnswer, kill time.Time) {
	for _, a := range answers {
		r.requests++
		switch a.status {
		case 200:
			r.ok++
			if a.at.After(kill) && r.window == 0 && r.refused > 0 {
				r.window = a.at.Sub(kill)
			}
		case 503:
			r.refused++
			d := max(0, a.at.Sub(kill)) // an answer of a request sent before the kill
			if r.first503 == 0 || d < r.first503 {
				r.first503 = d
			}
			r.last503 = max(r.last503, d)
		default:
			r.other++
		}
	}
}

func (r failoverRun) String() string {
	out := fmt.Sprintf("%d requests: %d × 200 (handler ran %d), %d × 503, %d other; %d units charged after the failover; "+
		"503s from +%s to +%s, first 200 after the kill at +%s",
		r.requests, r.ok, r.served, r.refused, r.other, r.charged,
		r.first503.Round(time.Millisecond), r.last503.Round(time.Millisecond), r.window.Round(time.Millisecond))
	if r.oldPrimary != "" {
		out += fmt.Sprintf("; primary %s killed, %s promoted after %s", r.oldPrimary, r.newPr, r.promoted.Round(time.Millisecond))
	}
	return out
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

// BenchmarkGateWaitReplicas measures what wait_replicas=1 costs a keyed
// call through the gate: the same benchmark on a primary with one replica
// (loopback), without and with the WAIT after each metering script.
func BenchmarkGateWaitReplicas(b *testing.B) {
	s := startRedisSentinel(b, 1, 1, 5*time.Second)
	for _, v := range []struct{ name, query string }{{"async", ""}, {"wait_replicas=1", "?wait_replicas=1&wait_timeout=50ms"}} {
		b.Run(v.name, func(b *testing.B) {
			keysRedisOverride = "redis://" + s.primary.addr() + v.query
			defer func() { keysRedisOverride = "" }()
			benchGate(b, "t-wait-bench:", ratelimit.KeySpec{Plan: ratelimit.PlanEnterprise, RateOverride: ratelimit.Unlimited}, 0)
		})
	}
}
