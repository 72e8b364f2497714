package gate

import (
	"sync"
	"testing"
)

// TestReserversRunEveryJob: every job runs, also past the cap, with at
// most the cap of workers started.
func TestReserversRunEveryJob(t *testing.T) {
	rs := &reservers{jobs: make(chan func())}
	var wg sync.WaitGroup
	release := make(chan struct{})
	var mu sync.Mutex
	ran := 0
	n := maxReservers + 20
	for range n {
		wg.Add(1)
		rs.run(func() {
			defer wg.Done()
			<-release
			mu.Lock()
			ran++
			mu.Unlock()
		})
	}
	if got := rs.workers.Load(); got != maxReservers {
		t.Fatalf("%d workers for %d jobs in flight, want the cap %d", got, n, maxReservers)
	}
	close(release)
	wg.Wait()
	if ran != n {
		t.Fatalf("%d jobs ran, want %d", ran, n)
	}
}

// TestReserversReuseParkedWorkers: jobs run one after the other are served
// by the workers the first ones started, not a goroutine each.
func TestReserversReuseParkedWorkers(t *testing.T) {
	rs := &reservers{jobs: make(chan func())}
	for range 100 {
		done := make(chan struct{})
		rs.run(func() { close(done) })
		<-done
	}
	// A job can come before the worker that ran the last one is parked
	// again, so a few may start; one per job would be 64 (the cap).
	if got := rs.workers.Load(); got > 10 {
		t.Errorf("%d workers started for 100 jobs one after the other, want a few", got)
	}
}
