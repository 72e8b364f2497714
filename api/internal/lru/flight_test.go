package lru

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// waitFor polls until cond holds (the test fails after 5s).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestFlightCollapsesConcurrentCallsOnOneKey(t *testing.T) {
	var f Flight[int]
	var calls atomic.Int32
	release := make(chan struct{})
	fn := func(context.Context) (int, error) {
		calls.Add(1)
		<-release
		return 42, nil
	}
	const n = 50
	var wg sync.WaitGroup
	var shared atomic.Int32
	results := make([]int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			v, sh, err := f.Do(context.Background(), "k", fn)
			if err != nil {
				t.Error(err)
			}
			if sh {
				shared.Add(1)
			}
			results[i] = v
		}(i)
	}
	waitFor(t, func() bool { return f.Waiters("k") == n-1 })
	close(release)
	wg.Wait()
	if calls.Load() != 1 || shared.Load() != n-1 {
		t.Errorf("%d calls, %d shared; want 1 and %d", calls.Load(), shared.Load(), n-1)
	}
	for i, v := range results {
		if v != 42 {
			t.Fatalf("caller %d got %d", i, v)
		}
	}
	if f.Waiters("k") != 0 || len(f.calls) != 0 {
		t.Error("finished call still registered")
	}
}

func TestFlightKeepsKeysApart(t *testing.T) {
	var f Flight[string]
	var calls atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	got := map[string]string{}
	var mu sync.Mutex
	for _, k := range []string{"a", "b", "c"} {
		wg.Add(1)
		go func(k string) {
			defer wg.Done()
			v, _, _ := f.Do(context.Background(), k, func(context.Context) (string, error) {
				calls.Add(1)
				<-release
				return "v" + k, nil
			})
			mu.Lock()
			got[k] = v
			mu.Unlock()
		}(k)
	}
	waitFor(t, func() bool { return calls.Load() == 3 }) // all three running at once
	close(release)
	wg.Wait()
	if got["a"] != "va" || got["b"] != "vb" || got["c"] != "vc" {
		t.Errorf("results mixed up: %v", got)
	}
}

func TestFlightErrorReachesAllWaitersAndIsNotKept(t *testing.T) {
	var f Flight[int]
	boom := errors.New("engine down")
	var calls atomic.Int32
	release := make(chan struct{})
	const n = 10
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			_, _, err := f.Do(context.Background(), "k", func(context.Context) (int, error) {
				calls.Add(1)
				<-release
				return 0, boom
			})
			errs <- err
		}()
	}
	waitFor(t, func() bool { return f.Waiters("k") == n-1 })
	close(release)
	for i := 0; i < n; i++ {
		if err := <-errs; !errors.Is(err, boom) {
			t.Errorf("waiter got %v", err)
		}
	}
	// The next call runs afresh.
	v, shared, err := f.Do(context.Background(), "k", func(context.Context) (int, error) {
		calls.Add(1)
		return 7, nil
	})
	if v != 7 || shared || err != nil || calls.Load() != 2 {
		t.Errorf("after error: %d %v %v, %d calls", v, shared, err, calls.Load())
	}
}

func TestFlightCallerCancellation(t *testing.T) {
	var f Flight[int]
	release := make(chan struct{})
	started := make(chan struct{})
	var fnCtxErr atomic.Value
	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderErr := make(chan error, 1)
	go func() {
		_, _, err := f.Do(leaderCtx, "k", func(ctx context.Context) (int, error) {
			close(started)
			<-release
			fnCtxErr.Store(ctx.Err() == nil)
			return 5, nil
		})
		leaderErr <- err
	}()
	<-started
	waiter := make(chan int, 1)
	go func() {
		v, _, _ := f.Do(context.Background(), "k", nil)
		waiter <- v
	}()
	waitFor(t, func() bool { return f.Waiters("k") == 1 })
	cancel() // the first client hangs up
	if err := <-leaderErr; !errors.Is(err, context.Canceled) {
		t.Errorf("leader: %v", err)
	}
	close(release)
	if v := <-waiter; v != 5 {
		t.Errorf("waiter got %d after the leader left", v)
	}
	if ok, _ := fnCtxErr.Load().(bool); !ok {
		t.Error("the shared call saw the first caller's cancellation")
	}
}

func TestFlightPanicBecomesError(t *testing.T) {
	var f Flight[int]
	_, _, err := f.Do(context.Background(), "k", func(context.Context) (int, error) { panic("bad") })
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Value != "bad" {
		t.Errorf("got %v", err)
	}
}
