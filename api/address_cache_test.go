package api

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
)

func TestFindCacheKeyNormalises(t *testing.T) {
	p := query.AddressFindParams{Size: 10}
	if findCacheKey("  12 High   St ", p) != findCacheKey("12 high st", p) {
		t.Error("case and spacing should not split the cache")
	}
	for name, other := range map[string]query.AddressFindParams{
		"size":   {Size: 5},
		"parent": {Size: 10, Parent: 99},
		"bias":   {Size: 10, Bias: &query.GeoPoint{Lat: 50.72, Lon: -3.53}},
	} {
		if findCacheKey("12 high st", p) == findCacheKey("12 high st", other) {
			t.Errorf("%s does not change the key", name)
		}
	}
}

func TestFindCacheDisabledByZeroEntries(t *testing.T) {
	if newResultCache[*findResponse](FindCacheConfig{}, time.Now) != nil {
		t.Error("zero entries should disable the cache")
	}
	if c := newResultCache[*findResponse](FindCacheConfig{Entries: 1}, time.Now); c == nil {
		t.Error("a zero TTL should mean the default, not a disabled cache")
	}
}

// The fake engine answers one hit, so these requests ask for one
// suggestion: the houses-and-buildings query fills the page and is not
// widened (one engine call per miss).
func TestAddressFindServedFromCache(t *testing.T) {
	var calls atomic.Int32
	fail := false
	fb := &fakeBackend{SearchFn: func(string, any) (*search.Response, error) {
		calls.Add(1)
		if fail {
			return nil, search.ErrUnavailable
		}
		return resp(1, hit(t, "x", addr(300, "", "", "14", "High Street"))), nil
	}}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), FindCache: FindCacheConfig{Entries: 16}})
	get := func(target string, hdr ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		if len(hdr) == 2 {
			req.Header.Set(hdr[0], hdr[1])
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	first := get("/api/address/find/?q=14+high&limit=1")
	second := get("/api/address/find/?q=14%20HIGH&limit=1")
	if first.Code != 200 || second.Code != 200 {
		t.Fatalf("status %d %d: %s", first.Code, second.Code, first.Body)
	}
	if first.Header().Get("X-Cache") != "miss" || second.Header().Get("X-Cache") != "hit" || calls.Load() != 1 {
		t.Errorf("X-Cache %q then %q after %d engine calls", first.Header().Get("X-Cache"), second.Header().Get("X-Cache"), calls.Load())
	}
	a, b := decodeFind(t, first.Body.Bytes()), decodeFind(t, second.Body.Bytes())
	if fmt.Sprint(a.Suggestions) != fmt.Sprint(b.Suggestions) || b.Count != 1 {
		t.Errorf("cached result differs: %+v vs %+v", a, b)
	}
	// Cache-Control: no-cache goes to the engine.
	if rec := get("/api/address/find/?q=14+high&limit=1", "Cache-Control", "no-cache"); rec.Header().Get("X-Cache") != "miss" || calls.Load() != 2 {
		t.Errorf("no-cache: X-Cache %q, %d engine calls", rec.Header().Get("X-Cache"), calls.Load())
	}
	// Errors are not cached.
	fail = true
	if rec := get("/api/address/find/?q=mill+road&limit=1"); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("engine down: %d", rec.Code)
	}
	fail = false
	if rec := get("/api/address/find/?q=mill+road&limit=1"); rec.Code != 200 || rec.Header().Get("X-Cache") != "miss" {
		t.Errorf("after an error: %d %q", rec.Code, rec.Header().Get("X-Cache"))
	}
}

func TestAddressPostcodeServedFromCache(t *testing.T) {
	var calls atomic.Int32
	fb := &fakeBackend{SearchFn: func(string, any) (*search.Response, error) {
		calls.Add(1)
		return resp(1, hit(t, "x", addr(300, "", "", "14", "High Street"))), nil
	}}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), FindCache: FindCacheConfig{Entries: 16}})
	var bodies []string
	for i, target := range []string{"/api/address/postcode/EX1%201AE/", "/api/address/postcode/ex11ae/", "/api/address/postcode/EX11AE/"} {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		if i == 2 {
			req.Header.Set("Cache-Control", "no-cache")
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		want := []string{"miss", "hit", "miss"}[i]
		if rec.Code != 200 || rec.Header().Get("X-Cache") != want || rec.Header().Get("Content-Type") != jsonContentType {
			t.Errorf("%s: %d X-Cache %q (want %s) %q", target, rec.Code, rec.Header().Get("X-Cache"), want, rec.Header().Get("Content-Type"))
		}
		bodies = append(bodies, rec.Body.String())
	}
	if calls.Load() != 2 || bodies[0] != bodies[1] || bodies[1] != bodies[2] {
		t.Errorf("%d engine calls; bodies %q", calls.Load(), bodies)
	}
}

// TestAddressFindMissesShareOneEngineCall: 50 concurrent identical misses
// (a hot prefix whose entry just expired) cost one engine request; a
// different key is not merged into it; an engine error reaches every
// waiter and is not cached.
func TestAddressFindMissesShareOneEngineCall(t *testing.T) {
	var calls, failing atomic.Int32
	release := make(chan struct{})
	fb := &fakeBackend{SearchFn: func(string, any) (*search.Response, error) {
		calls.Add(1)
		<-release
		if failing.Load() == 1 {
			return nil, search.ErrUnavailable
		}
		return resp(1, hit(t, "x", addr(300, "", "", "14", "High Street"))), nil
	}}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), FindCache: FindCacheConfig{Entries: 16}})
	burst := func(n int, target string) []*httptest.ResponseRecorder {
		recs := make([]*httptest.ResponseRecorder, n)
		done := make(chan struct{})
		for i := range recs {
			recs[i] = httptest.NewRecorder()
			go func(rec *httptest.ResponseRecorder) {
				s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
				done <- struct{}{}
			}(recs[i])
		}
		key := findCacheKey("14 high", query.AddressFindParams{Size: 1})
		deadline := time.Now().Add(5 * time.Second)
		for s.findFlight.Waiters(key) != n-1 {
			if time.Now().After(deadline) {
				t.Fatalf("only %d waiters joined", s.findFlight.Waiters(key))
			}
			time.Sleep(time.Millisecond)
		}
		// A different key runs its own engine request meanwhile.
		other := make(chan *httptest.ResponseRecorder)
		go func() {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/address/find/?q=mill+road&limit=1", nil))
			other <- rec
		}()
		for calls.Load() != 2 {
			if time.Now().After(deadline) {
				t.Fatalf("the other key did not reach the engine separately (%d calls)", calls.Load())
			}
			time.Sleep(time.Millisecond)
		}
		close(release)
		for range recs {
			<-done
		}
		<-other
		return recs
	}

	failing.Store(1)
	for _, rec := range burst(50, "/api/address/find/?q=14+high&limit=1") {
		if rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("engine down: a waiter got %d", rec.Code)
		}
	}
	if calls.Load() != 2 {
		t.Errorf("%d engine calls for 50 identical misses and one other key; want 2", calls.Load())
	}

	calls.Store(0)
	failing.Store(0)
	release = make(chan struct{})
	var first []findResponse
	for _, rec := range burst(50, "/api/address/find/?q=14+high&limit=1") {
		if rec.Code != 200 || rec.Header().Get("X-Cache") != "miss" {
			t.Fatalf("after the error: %d %q (errors must not be cached)", rec.Code, rec.Header().Get("X-Cache"))
		}
		first = append(first, decodeFind(t, rec.Body.Bytes()))
	}
	if calls.Load() != 2 {
		t.Errorf("%d engine calls; want 1 for the 50 identical misses + 1 for the other key", calls.Load())
	}
	for _, f := range first {
		if f.Count != 1 || fmt.Sprint(f.Suggestions) != fmt.Sprint(first[0].Suggestions) {
			t.Fatalf("waiters got different results: %+v", f)
		}
	}
	// The shared result was cached.
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/address/find/?q=14%20HIGH&limit=1", nil))
	if rec.Header().Get("X-Cache") != "hit" || calls.Load() != 2 {
		t.Errorf("after the burst: X-Cache %q, %d calls", rec.Header().Get("X-Cache"), calls.Load())
	}
}
