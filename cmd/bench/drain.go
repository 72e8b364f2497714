package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/ukpd/propertyapi/api/search"
)

// drainWait bounds how long a measurement waits for the engine to finish
// the previous one's work.
const drainWait = 3 * time.Minute

// searchBacklog is the engine's searches running or queued (the search
// thread pools of every node), or -1 when the engine does not say.
func searchBacklog(ctx context.Context, sc *search.Client) int {
	var st struct {
		Nodes map[string]struct {
			ThreadPool struct {
				Search struct {
					Active int `json:"active"`
					Queue  int `json:"queue"`
				} `json:"search"`
			} `json:"thread_pool"`
		} `json:"nodes"`
	}
	// Only the search pools: the poll runs every 100 ms while draining.
	q := url.Values{"filter_path": {"nodes.*.thread_pool.search"}}
	if err := sc.Do(ctx, http.MethodGet, "/_nodes/stats/thread_pool", q, nil, &st); err != nil {
		return -1
	}
	n := 0
	for _, nd := range st.Nodes {
		n += nd.ThreadPool.Search.Active + nd.ThreadPool.Search.Queue
	}
	return n
}

// drainEngine waits until the engine has no search running or queued (the
// poll itself is not a search), so that a run past saturation, whose
// abandoned requests the engine still works through after the API gave up
// on them, does not slow the next measurement. It says on w when it had
// to wait more than a second.
func drainEngine(ctx context.Context, sc *search.Client, w io.Writer) time.Duration {
	return drainEngineWithin(ctx, sc, w, drainWait)
}

// drainEngineWithin is drainEngine waiting at most max.
func drainEngineWithin(ctx context.Context, sc *search.Client, w io.Writer, max time.Duration) time.Duration {
	start := time.Now()
	for idle := 0; idle < 2 && time.Since(start) < max; {
		switch n := searchBacklog(ctx, sc); {
		case n < 0:
			return 0
		case n == 0:
			idle++
		default:
			idle = 0
		}
		if idle < 2 {
			select {
			case <-ctx.Done():
				return time.Since(start)
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	d := time.Since(start)
	if d > time.Second {
		fmt.Fprintf(w, "waited %.1fs for the engine to finish the previous run's searches\n", d.Seconds())
	}
	return d
}
