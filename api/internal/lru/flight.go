package lru

import (
	"context"
	"fmt"
	"sync"
)

// Flight collapses concurrent calls with the same key into one (a small
// in-house singleflight): while a call for a key is running, later callers
// of Do with that key wait for it and share its result or its error,
// instead of each going to the engine. Nothing is remembered once the call
// returns, so errors are never cached: the next caller after a failure
// starts a fresh call. The zero Flight is ready to use.
type Flight[V any] struct {
	mu    sync.Mutex
	calls map[string]*call[V]
}

type call[V any] struct {
	done    chan struct{}
	val     V
	err     error
	waiters int
}

// Do runs fn once for all concurrent callers of key and returns its result
// to each; shared reports that this caller waited for another's call.
//
// fn runs with a context detached from the first caller's cancellation
// (context.WithoutCancel, values kept), so one impatient client hanging up
// does not fail every waiter; the engine client's own request timeout
// bounds it. A caller whose ctx ends before the call returns gets
// ctx.Err() and stops waiting; the call goes on for the others.
func (f *Flight[V]) Do(ctx context.Context, key string, fn func(context.Context) (V, error)) (v V, shared bool, err error) {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[string]*call[V]{}
	}
	if c, ok := f.calls[key]; ok {
		c.waiters++
		f.mu.Unlock()
		select {
		case <-c.done:
			return c.val, true, c.err
		case <-ctx.Done():
			var zero V
			return zero, true, ctx.Err()
		}
	}
	c := &call[V]{done: make(chan struct{})}
	f.calls[key] = c
	f.mu.Unlock()

	go func() {
		defer func() {
			f.mu.Lock()
			delete(f.calls, key)
			f.mu.Unlock()
			close(c.done)
		}()
		defer func() {
			// A panic in fn must not leave waiters blocked forever.
			if r := recover(); r != nil {
				c.err = &PanicError{Value: r}
			}
		}()
		c.val, c.err = fn(context.WithoutCancel(ctx))
	}()
	select {
	case <-c.done:
		return c.val, false, c.err
	case <-ctx.Done():
		var zero V
		return zero, false, ctx.Err()
	}
}

// PanicError is the error waiters receive when the shared call panicked.
type PanicError struct{ Value any }

func (e *PanicError) Error() string { return fmt.Sprintf("lru: shared call panicked: %v", e.Value) }

// Waiters reports how many callers are waiting on the running call for key
// besides the one that started it (0 when none is running); for tests and
// metrics.
func (f *Flight[V]) Waiters(key string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.calls[key]; ok {
		return c.waiters
	}
	return 0
}
