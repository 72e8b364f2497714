package ratelimit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/internal/testclock"
)

// countingStore counts key lookups and can hold them or fail them.
type countingStore struct {
	*MemoryStore
	lookups atomic.Int64
	hold    chan struct{} // when set, lookups wait for it to close
	fail    atomic.Bool
	mu      sync.Mutex
}

func (c *countingStore) KeyByHash(ctx context.Context, h string) (Key, error) {
	c.lookups.Add(1)
	c.mu.Lock()
	hold := c.hold
	c.mu.Unlock()
	if hold != nil {
		<-hold
	}
	if c.fail.Load() {
		return Key{}, ErrUnavailable
	}
	return c.MemoryStore.KeyByHash(ctx, h)
}

// TestKeyCacheRefreshAhead: a key in use is renewed in the background in
// the second half of its entry's life (the request is answered from the
// entry at once); a revocation is seen within the TTL; a failed renewal
// leaves the entry to expire, after which the request itself fails closed.
func TestKeyCacheRefreshAhead(t *testing.T) {
	ctx := context.Background()
	clk := testclock.New(time.Date(2026, 11, 14, 12, 0, 0, 0, time.UTC))
	st := &countingStore{MemoryStore: NewMemoryStore()}
	s := New(st, Options{Now: clk.Now, CacheTTL: time.Second})
	o, _ := s.CreateOrg(ctx, "Acme", 0)
	k, secret, err := s.CreateKey(ctx, KeySpec{OrgID: o.ID, Plan: PlanStarter})
	if err != nil {
		t.Fatal(err)
	}
	auth := func() error { _, err := s.Authenticate(ctx, secret); return err }
	waitLookups := func(n int64) {
		t.Helper()
		for i := 0; i < 200 && st.lookups.Load() < n; i++ {
			time.Sleep(5 * time.Millisecond)
		}
		if got := st.lookups.Load(); got != n {
			t.Fatalf("lookups %d, want %d", got, n)
		}
	}
	if err := auth(); err != nil {
		t.Fatal(err)
	}
	waitLookups(1)
	clk.Add(400 * time.Millisecond) // first half: cached, no renewal
	if err := auth(); err != nil {
		t.Fatal(err)
	}
	waitLookups(1)

	// Second half: answered from the entry while one renewal runs, held
	// here until released; further requests start no other.
	hold := make(chan struct{})
	st.mu.Lock()
	st.hold = hold
	st.mu.Unlock()
	clk.Add(200 * time.Millisecond) // 600 ms
	for i := 0; i < 5; i++ {
		if err := auth(); err != nil {
			t.Fatalf("during renewal: %v", err)
		}
	}
	waitLookups(2)
	// Revoke while the renewal is held: it then reads the revoked record.
	if _, err := s.RevokeKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	st.mu.Lock()
	st.hold = nil
	st.mu.Unlock()
	close(hold)
	for i := 0; i < 200; i++ {
		if errors.Is(auth(), ErrRevoked) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	// The renewal's answer replaced the entry before the old one expired.
	if err := auth(); !errors.Is(err, ErrRevoked) {
		t.Fatalf("after the renewal read the revocation: %v", err)
	}
	if !clk.Now().Before(time.Date(2026, 11, 14, 12, 0, 1, 0, time.UTC)) {
		t.Fatal("test clock moved past the first entry's TTL")
	}

	// A failed renewal: the entry is used until its TTL, never after.
	_, secret2, _ := s.CreateKey(ctx, KeySpec{OrgID: o.ID, Plan: PlanStarter})
	if _, err := s.Authenticate(ctx, secret2); err != nil {
		t.Fatal(err)
	}
	n := st.lookups.Load()
	st.fail.Store(true)
	clk.Add(700 * time.Millisecond)
	if _, err := s.Authenticate(ctx, secret2); err != nil {
		t.Fatalf("inside the TTL with the store down: %v", err)
	}
	waitLookups(n + 1)
	clk.Add(301 * time.Millisecond) // past the TTL
	if _, err := s.Authenticate(ctx, secret2); !errors.Is(err, ErrUnavailable) {
		t.Errorf("past the TTL with the store down: %v, want ErrUnavailable", err)
	}
}
