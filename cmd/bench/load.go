package main

import (
	"context"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// result summarises one run of one workload against one target.
type result struct {
	Workload  string
	Target    string // api or direct
	Mode      string // rate or closed
	Requests  int
	Errors    int
	Duration  time.Duration
	P50, P95  time.Duration
	P99, Max  time.Duration
	RPS       float64
	CPUms     float64 // CPU ms of the measured process per request (0 when unknown)
	CacheHits int     // responses the API served from its cache (X-Cache: hit)
	// NotModified, Charged and Bytes: 304 answers, calls charged
	// (X-Call-Weight) and body bytes on the wire, summed over the requests.
	NotModified, Charged int
	Bytes                int64
	ErrSample            string
	// Load is the machine's 1-minute load average when the run ended (0
	// where /proc/loadavg is missing): on a shared machine, how much else
	// was running.
	Load float64
}

// loadAvg1 reads the 1-minute load average (0 when unknown).
func loadAvg1() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

// call sends request i and reports an error (non-2xx counts as an error).
type call func(ctx context.Context, i int) error

// runRate sends at a constant rate for d (open loop). Latency is measured
// from each request's scheduled start, so a stalled server cannot hide its
// queueing (no coordinated omission). At most maxInFlight run at once.
func runRate(ctx context.Context, rate float64, d time.Duration, maxInFlight int, c call) result {
	start := time.Now()
	s := rateRun(ctx, rate, d, maxInFlight, c, 0)
	return s.result(time.Since(start))
}

// runRateInterleaved measures two targets at the same constant rate in
// alternating blocks (a for one block, then b, and again) until each has
// run for d, so slow drifts of a shared machine's load fall on both alike.
// Elapsed times (and so RPS) count each target's own blocks only.
func runRateInterleaved(ctx context.Context, rate float64, d, block time.Duration, maxInFlight int, a, b call) (result, result) {
	var sa, sb rateSamples
	var ea, eb time.Duration
	next := 0
	for done := time.Duration(0); done < d && ctx.Err() == nil; done += block {
		blk := min(block, d-done)
		t0 := time.Now()
		sa.add(rateRun(ctx, rate, blk, maxInFlight, a, next))
		t1 := time.Now()
		sb.add(rateRun(ctx, rate, blk, maxInFlight, b, next))
		ea, eb = ea+t1.Sub(t0), eb+time.Since(t1)
		next += int(blk / time.Duration(float64(time.Second)/rate))
	}
	return sa.result(ea), sb.result(eb)
}

// rateSamples are the latencies and errors of constant-rate sends.
type rateSamples struct {
	lat       []time.Duration
	errs      int
	errSample string
}

func (s *rateSamples) add(o rateSamples) {
	s.lat = append(s.lat, o.lat...)
	s.errs += o.errs
	if s.errSample == "" {
		s.errSample = o.errSample
	}
}

func (s rateSamples) result(el time.Duration) result {
	r := summarise(s.lat, el)
	r.Load = loadAvg1()
	r.Mode = "rate"
	r.Errors = s.errs
	r.ErrSample = s.errSample
	return r
}

// rateRun sends requests first, first+1, ... at a constant rate for d.
func rateRun(ctx context.Context, rate float64, d time.Duration, maxInFlight int, c call, first int) rateSamples {
	interval := time.Duration(float64(time.Second) / rate)
	n := int(d / interval)
	lat := make([]time.Duration, n)
	var errs atomic.Int64
	var errSample atomic.Value
	sem := make(chan struct{}, maxInFlight)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < n; i++ {
		sched := start.Add(time.Duration(i) * interval)
		if w := time.Until(sched); w > 0 {
			select {
			case <-time.After(w):
			case <-ctx.Done():
				n = i
			}
		}
		if ctx.Err() != nil {
			n = i
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func(i int, sched time.Time) {
			defer wg.Done()
			defer func() { <-sem }()
			if err := c(ctx, first+i); err != nil {
				errs.Add(1)
				errSample.CompareAndSwap(nil, err.Error())
			}
			lat[i] = time.Since(sched)
		}(i, sched)
	}
	wg.Wait()
	out := rateSamples{lat: lat[:n], errs: int(errs.Load())}
	if s, ok := errSample.Load().(string); ok {
		out.errSample = s
	}
	return out
}

// runClosed runs workers back to back for d (closed loop): saturation throughput.
func runClosed(ctx context.Context, workers int, d time.Duration, c call) result {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var mu sync.Mutex
	var lat []time.Duration
	var errs atomic.Int64
	var next atomic.Int64
	var errSample atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := make([]time.Duration, 0, 1024)
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				t0 := time.Now()
				err := c(context.Background(), i)
				if ctx.Err() != nil && err != nil {
					break
				}
				if err != nil {
					errs.Add(1)
					errSample.CompareAndSwap(nil, err.Error())
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	r := summarise(lat, time.Since(start))
	r.Load = loadAvg1()
	r.Mode = "closed"
	r.Errors = int(errs.Load())
	if s, ok := errSample.Load().(string); ok {
		r.ErrSample = s
	}
	return r
}

func summarise(lat []time.Duration, el time.Duration) result {
	r := result{Requests: len(lat), Duration: el}
	if len(lat) == 0 {
		return r
	}
	s := append([]time.Duration(nil), lat...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	q := func(p float64) time.Duration {
		i := int(math.Ceil(p*float64(len(s)))) - 1
		if i < 0 {
			i = 0
		}
		return s[i]
	}
	r.P50, r.P95, r.P99, r.Max = q(0.50), q(0.95), q(0.99), s[len(s)-1]
	r.RPS = float64(len(s)) / el.Seconds()
	return r
}
