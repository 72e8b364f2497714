//go:build integration

package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/testenv"
)

// On the real engine: searches left running by a client that did not wait
// for them (as a run past saturation leaves them) are finished when
// drainEngine returns.
func TestDrainEngineWaitsForQueuedSearches(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx := context.Background()
	sc, err := search.New(search.Config{URLs: []string{osURL}, MaxRetries: -1, RequestTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	index := prefix + "slow"
	var bulk strings.Builder
	for i := range 200 {
		fmt.Fprintf(&bulk, "{\"index\":{\"_id\":\"%d\"}}\n{\"n\":%d}\n", i, i)
	}
	if err := sc.Do(ctx, http.MethodPut, "/"+index, nil, map[string]any{"settings": map[string]any{"number_of_shards": 1, "number_of_replicas": 0}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := sc.Do(ctx, http.MethodPost, "/"+index+"/_bulk", url.Values{"refresh": {"true"}}, []byte(bulk.String()), nil); err != nil {
		t.Fatal(err)
	}
	// About 1 ms of work a document: a few hundred ms a search, seconds for
	// all of them on a small node.
	slow := map[string]any{"size": 0, "query": map[string]any{"script": map[string]any{"script": map[string]any{
		"source": "long s = 0; for (int i = 0; i < 900000; i++) { s += i ^ doc['n'].value; } return s > 0;"}}}}
	const n = 40
	var done atomic.Int32
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := sc.Do(ctx, http.MethodPost, "/"+index+"/_search", nil, slow, nil); err != nil {
				t.Errorf("slow search: %v", err)
			}
			done.Add(1)
		}()
	}
	defer wg.Wait()
	// Wait until the engine has them, then drain.
	deadline := time.Now().Add(10 * time.Second)
	for searchBacklog(ctx, sc) == 0 && done.Load() < n && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if done.Load() == n {
		t.Fatal("the slow searches finished before the test could see them queued: make them slower")
	}
	waited := drainEngineWithin(ctx, sc, io.Discard, time.Minute)
	// The pool counts a search done before its answer reaches the client.
	grace := time.Now().Add(2 * time.Second)
	for done.Load() < n && time.Now().Before(grace) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := done.Load(); got < n {
		t.Fatalf("drainEngine returned after %v with %d of %d searches still running", waited, n-int(got), n)
	}
	if waited == 0 {
		t.Fatal("drainEngine did not wait")
	}
}
