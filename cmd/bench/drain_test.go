package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/search"
)

// drainEngine polls the search pools until two polls in a row find nothing
// running or queued.
func TestDrainEngineWaitsForTwoIdlePolls(t *testing.T) {
	backlog := []int{3, 2, 0, 1, 0, 0, 5}
	var polls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(polls.Add(1)) - 1
		n := backlog[min(i, len(backlog)-1)]
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"nodes":{"a":{"thread_pool":{"search":{"active":%d,"queue":0}}},"b":{"thread_pool":{"search":{"active":0,"queue":0}}}}}`, n)
	}))
	defer srv.Close()
	sc, err := search.New(search.Config{URLs: []string{srv.URL}, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	drainEngineWithin(context.Background(), sc, io.Discard, time.Minute)
	if got := polls.Load(); got != 6 {
		t.Fatalf("polled %d times, want 6 (stop at the second idle poll in a row)", got)
	}
}

// An engine that does not answer the stats is not waited for.
func TestDrainEngineGivesUpWithoutStats(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	sc, err := search.New(search.Config{URLs: []string{srv.URL}, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if d := drainEngineWithin(context.Background(), sc, io.Discard, time.Minute); d != 0 {
		t.Fatalf("waited %v for an engine without stats", d)
	}
}
