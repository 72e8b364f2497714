package gate

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/ratelimit"
)

// overlapStore holds each reservation until the handler of its request has
// started (or 300 ms passed) and records which it was, so a test can tell a
// speculative request (reservation and handler side by side) from a serial
// one (reservation first: the handler cannot start until it returns).
type overlapStore struct {
	*flakyStore
	started chan struct{} // the handler closes it
	mu      sync.Mutex
	overlap []bool
	// failReserve makes Reserve fail like an unreachable Redis (key
	// lookups keep working).
	failReserve atomic.Bool
}

func (o *overlapStore) Reserve(ctx context.Context, c ratelimit.Charge) (ratelimit.Counts, error) {
	o.mu.Lock()
	ch := o.started
	o.mu.Unlock()
	ok := false
	select {
	case <-ch:
		ok = true
	case <-time.After(300 * time.Millisecond):
	}
	o.mu.Lock()
	o.overlap = append(o.overlap, ok)
	o.mu.Unlock()
	if o.failReserve.Load() {
		return ratelimit.Counts{}, ratelimit.ErrUnavailable
	}
	return o.flakyStore.Reserve(ctx, c)
}

// arm prepares for the next request and returns the channel its handler closes.
func (o *overlapStore) arm() chan struct{} {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.started = make(chan struct{})
	return o.started
}

func (o *overlapStore) last() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.overlap[len(o.overlap)-1]
}

// specEnv is a gate over an overlapStore with one cacheable route
// (properties.get, weight 1) whose handler is set per test.
type specEnv struct {
	*gateEnv
	os      *overlapStore
	handler atomic.Pointer[http.HandlerFunc]
	ran     atomic.Int64
	h       http.Handler
}

func newSpecEnv(t *testing.T) *specEnv {
	t.Helper()
	e := newGateEnv(t)
	os := &overlapStore{flakyStore: e.store, started: make(chan struct{})}
	e.svc = ratelimit.New(os, ratelimit.Options{Now: e.clk.Now, CacheTTL: -1})
	e.gate = New(e.svc, Options{})
	s := &specEnv{gateEnv: e, os: os}
	rt := &api.Route{Name: "properties.get", Method: http.MethodGet, Auth: api.AuthKey, Weight: 1, Cacheable: true}
	s.h = e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) {
		s.ran.Add(1)
		if p, ok := api.PrincipalFrom(r.Context()); !ok || p.Org.ID != e.org.ID {
			t.Errorf("handler has no principal")
		}
		(*s.handler.Load())(w, r)
	})
	return s
}

func (s *specEnv) serve(h http.HandlerFunc, secret string) *httptest.ResponseRecorder {
	s.t.Helper()
	started := s.os.arm()
	s.handler.Store(&h)
	wrapped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		h(w, r)
	})
	s.handler.Store(&wrapped)
	s.clk.Add(time.Second)
	return s.req(s.h, http.MethodGet, "/x", "Authorization", "Api-Key "+secret)
}

func ok(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Handler", "yes")
	_ = writeJSON(w, http.StatusOK, map[string]string{"uprn": "1"})
}

func TestGateSpeculativeAdmitted(t *testing.T) {
	s := newSpecEnv(t)
	k, secret := s.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	rec := s.serve(ok, secret)
	if rec.Code != 200 || rec.Header().Get("X-Handler") != "yes" || !strings.Contains(rec.Body.String(), `"uprn":"1"`) {
		t.Fatalf("got %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	if !s.os.last() {
		t.Error("the reservation waited for nothing: the handler did not run beside it")
	}
	checkRateHeaders(t, rec, "1", "2000", "1999")
	if got := s.usage(k); got != 1 {
		t.Errorf("usage %d, want 1", got)
	}
	// Errors are refunded as on the serial path.
	for _, st := range []int{404, 422, 503} {
		rec = s.serve(func(w http.ResponseWriter, r *http.Request) { _ = writeJSON(w, st, map[string]string{"e": "x"}) }, secret)
		if rec.Code != st {
			t.Fatalf("got %d", rec.Code)
		}
		checkRateHeaders(t, rec, "0", "2000", "1999")
	}
	// A handler that writes nothing (client gone) is refunded too.
	rec = s.serve(func(w http.ResponseWriter, r *http.Request) { api.CallInfoFrom(r.Context()).ErrCode = "client_closed" }, secret)
	if rec.Header().Get(hdrCallWeight) != "0" {
		t.Errorf("silent handler charged %q", rec.Header().Get(hdrCallWeight))
	}
	if got := s.usage(k); got != 1 {
		t.Errorf("usage after refunds %d, want 1", got)
	}
}

func TestGateSpeculativeRefusedDropsResponse(t *testing.T) {
	s := newSpecEnv(t)
	k, secret := s.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter, QuotaOverride: 1})
	if rec := s.serve(ok, secret); rec.Code != 200 {
		t.Fatalf("first call: %d", rec.Code)
	}
	// Over quota: the handler ran beside the reservation, but nothing of
	// its answer leaves.
	rec := s.serve(ok, secret)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), `"limit":"monthly_quota"`) {
		t.Fatalf("over quota: %d %s", rec.Code, rec.Body)
	}
	if rec.Header().Get("X-Handler") != "" || strings.Contains(rec.Body.String(), "uprn") {
		t.Errorf("a refused speculative answer leaked: %v %s", rec.Header(), rec.Body)
	}
	if !s.os.last() || s.ran.Load() != 2 {
		t.Errorf("second call: overlap %v, handler runs %d", s.os.last(), s.ran.Load())
	}
	// After a refusal the meter is served serially: the handler no longer
	// runs for refused calls.
	for i := 0; i < 3; i++ {
		if rec := s.serve(ok, secret); rec.Code != http.StatusTooManyRequests {
			t.Fatalf("call %d: %d", i, rec.Code)
		}
		if s.os.last() {
			t.Error("a refused meter still speculates")
		}
	}
	if s.ran.Load() != 2 {
		t.Errorf("handler ran %d times, want 2", s.ran.Load())
	}
	if got := s.usage(k); got != 1 {
		t.Errorf("usage %d, want 1", got)
	}
	// Raise the quota: the next call is admitted serially, the one after
	// speculates again.
	if _, err := s.svc.SetOverrides(context.Background(), k.ID, 10, 0); err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		if rec := s.serve(ok, secret); rec.Code != 200 {
			t.Fatalf("after raise %d: %d", i, rec.Code)
		}
		if s.os.last() != want {
			t.Errorf("after raise %d: overlap %v, want %v", i, s.os.last(), want)
		}
	}
	if got := s.usage(k); got != 3 {
		t.Errorf("usage %d, want 3", got)
	}
}

func TestGateSpeculativeStoreDown(t *testing.T) {
	s := newSpecEnv(t)
	k, secret := s.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	if rec := s.serve(ok, secret); rec.Code != 200 {
		t.Fatal(rec.Code)
	}
	s.os.failReserve.Store(true)
	rec := s.serve(ok, secret)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("X-Handler") != "" || strings.Contains(rec.Body.String(), "uprn") {
		t.Fatalf("store down: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	s.os.failReserve.Store(false)
	// The failure made the meter serial; the admitted call clears it.
	for i, want := range []bool{false, true} {
		if rec := s.serve(ok, secret); rec.Code != 200 || s.os.last() != want {
			t.Errorf("after outage %d: %d overlap %v, want %v", i, rec.Code, s.os.last(), want)
		}
	}
	if got := s.usage(k); got != 3 {
		t.Errorf("usage %d, want 3", got)
	}
}

func TestGateSpeculativePanicRefunds(t *testing.T) {
	s := newSpecEnv(t)
	k, secret := s.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter})
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic did not reach the base middleware")
			}
		}()
		s.serve(func(http.ResponseWriter, *http.Request) { panic("boom") }, secret)
	}()
	if got := s.usage(k); got != 0 {
		t.Errorf("usage after a panic %d, want 0", got)
	}
}

// TestGateSpeculativeExactUnderConcurrency: many concurrent calls on a key
// with a small quota: exactly the quota is served and charged, whatever
// ran speculatively.
func TestGateSpeculativeExactUnderConcurrency(t *testing.T) {
	e := newGateEnv(t)
	k, secret := e.key(ratelimit.KeySpec{Plan: ratelimit.PlanStarter, QuotaOverride: 40, RateOverride: ratelimit.Unlimited})
	rt := &api.Route{Name: "properties.get", Method: http.MethodGet, Auth: api.AuthKey, Weight: 1}
	var ran atomic.Int64
	h := e.synthetic(rt, func(w http.ResponseWriter, r *http.Request) { ran.Add(1); ok(w, r) })
	var served, refused atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := httptest.NewRequest(http.MethodGet, "/x", nil)
			r.Header.Set("Authorization", "Api-Key "+secret)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			body, _ := io.ReadAll(rec.Body)
			switch rec.Code {
			case 200:
				served.Add(1)
			case http.StatusTooManyRequests:
				refused.Add(1)
				if strings.Contains(string(body), "uprn") {
					t.Error("a refused call leaked the answer")
				}
			default:
				t.Errorf("status %d", rec.Code)
			}
		}()
	}
	wg.Wait()
	if served.Load() != 40 || refused.Load() != 160 || e.usage(k) != 40 {
		t.Errorf("served %d refused %d usage %d, want 40 160 40", served.Load(), refused.Load(), e.usage(k))
	}
	t.Logf("handler ran %d times for 200 calls (40 admitted)", ran.Load())
}
