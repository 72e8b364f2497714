package main

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestSummarisePercentiles(t *testing.T) {
	var lat []time.Duration
	for i := 1; i <= 100; i++ {
		lat = append(lat, time.Duration(i)*time.Millisecond)
	}
	r := summarise(lat, time.Second)
	if r.P50 != 50*time.Millisecond || r.P95 != 95*time.Millisecond || r.P99 != 99*time.Millisecond || r.Max != 100*time.Millisecond {
		t.Errorf("got p50 %v p95 %v p99 %v max %v", r.P50, r.P95, r.P99, r.Max)
	}
	if r.RPS != 100 {
		t.Errorf("rps %v, want 100", r.RPS)
	}
}

func TestRunRateCountsErrors(t *testing.T) {
	r := runRate(context.Background(), 200, 100*time.Millisecond, 4, func(_ context.Context, i int) error {
		if i%2 == 0 {
			return errors.New("even")
		}
		return nil
	})
	if r.Requests != 20 {
		t.Fatalf("requests %d, want 20", r.Requests)
	}
	if r.Errors != 10 || r.ErrSample != "even" {
		t.Errorf("errors %d sample %q, want 10 even", r.Errors, r.ErrSample)
	}
}

func TestZipfPickerSkews(t *testing.T) {
	z := newZipf(1, 1000)
	counts := make([]int, 1000)
	for i := 0; i < 20000; i++ {
		counts[z.pick(i)]++
	}
	if counts[0] <= counts[999]*5 {
		t.Errorf("head %d not much more popular than tail %d", counts[0], counts[999])
	}
}

func TestRunRateInterleaved(t *testing.T) {
	var mu sync.Mutex
	var order []byte
	mk := func(tag byte) call {
		return func(context.Context, int) error {
			mu.Lock()
			order = append(order, tag)
			mu.Unlock()
			return nil
		}
	}
	ra, rb := runRateInterleaved(context.Background(), 200, 200*time.Millisecond, 50*time.Millisecond, 8, mk('a'), mk('b'))
	if ra.Requests != 40 || rb.Requests != 40 || ra.Mode != "rate" {
		t.Fatalf("requests %d and %d, want 40 each", ra.Requests, rb.Requests)
	}
	// Four blocks each, alternating: a b appears and so does b a.
	s := string(order)
	if !strings.Contains(s, "ab") || !strings.Contains(s, "ba") {
		t.Errorf("not interleaved: %s", s)
	}
	// Over its own blocks the rate is about 200/s; over the whole run
	// (both sides' blocks) it would be about 100/s. The bounds are wide:
	// the blocks' measured lengths vary with the machine's load.
	if ra.RPS < 125 || ra.RPS > 320 {
		t.Errorf("API rate %.0f/s over its own blocks, want about 200 (100 would mean the whole run)", ra.RPS)
	}
}
