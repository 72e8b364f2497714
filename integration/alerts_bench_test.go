//go:build integration

package integration

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// BenchmarkAlertsPercolate percolates N changed listings (price
// reductions) against N saved searches (default 10,000 each;
// ALERTS_BENCH_N overrides) the way `indexer apply` does — batches of 500
// changes, 200 documents a percolate request — while the deliverer posts
// every event to a loopback webhook receiver. It reports matching
// throughput (changed documents and events per second) and the
// match-to-delivery latency (event creation to receipt). One run is the
// measurement: use -benchtime=1x.
//
// Saved searches: viewports 0.02–0.06° wide over a 2° × 1.5° region with
// a Sale/Rental and price band filter (90%), or a watch list of 5 UPRNs
// (10%); every search has a webhook.
func BenchmarkAlertsPercolate(b *testing.B) {
	n := 10000
	if v := os.Getenv("ALERTS_BENCH_N"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	osURL, prefix := testenv.OpenSearchPrefix(b)
	svc, sc, box := alertsService(b, osURL, prefix, 120*time.Second)
	ctx := context.Background()
	rng := mrand.New(mrand.NewPCG(42, 7))

	// Receiver: records the latency of each first delivery.
	var mu sync.Mutex
	seen := map[string]bool{}
	var lat []time.Duration
	var dups int
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var e alerts.Event
		_ = json.Unmarshal(body, &e)
		t0, _ := time.Parse(time.RFC3339, e.CreatedAt)
		mu.Lock()
		k := e.OrgID + "/" + e.ID // ids are unique within an organisation
		if seen[k] {
			dups++
		} else {
			seen[k] = true
			lat = append(lat, time.Since(t0))
		}
		mu.Unlock()
	}))
	defer recv.Close()

	// Existing listings.
	listings := make([]mappings.Listing, n)
	for i := range listings {
		tx, price := "Sale", int64(100000+rng.IntN(600000))
		if i%5 == 4 {
			tx, price = "Rental", int64(600+rng.IntN(2400))
		}
		l := alertListing(fmt.Sprintf("bl%06d", i), 50.5+rng.Float64()*1.5, -3.0+rng.Float64()*2.0, tx, price, "For sale", int64(200000000000+i))
		listings[i] = l
	}
	fixture.Load(b, osURL, prefix, mappings.IndexListings, fixture.Docs(listings, func(l mappings.Listing) string { return l.ID }))

	// Saved searches, bulk-indexed into the percolator index.
	if err := svc.EnsureIndex(ctx); err != nil {
		b.Fatal(err)
	}
	var bulk bytes.Buffer
	flush := func() {
		if bulk.Len() == 0 {
			return
		}
		var r struct {
			Errors bool `json:"errors"`
		}
		if err := sc.Do(ctx, http.MethodPost, "/_bulk", nil, bulk.Bytes(), &r); err != nil || r.Errors {
			b.Fatalf("bulk alerts: %v errors=%v", err, r.Errors)
		}
		bulk.Reset()
	}
	start := time.Now()
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("alr_b%06d", i)
		a := &alerts.Alert{ID: id, OrgID: fmt.Sprintf("org%02d", i%20), Events: alerts.EventTypes(), Enabled: true,
			WebhookURL: recv.URL + "/hook", CreatedAt: "2026-11-24T00:00:00Z"}
		a.SecretEnc, _ = box.Seal(id, "whsec_bench")
		var f query.ListingFilter
		var uprns []int64
		if i%10 == 9 {
			for k := 0; k < 5; k++ {
				uprns = append(uprns, int64(200000000000+rng.IntN(n)))
			}
		} else {
			w := 0.02 + rng.Float64()*0.04
			lon, lat := -3.0+rng.Float64()*(2.0-w), 50.5+rng.Float64()*(1.5-w)
			f.BBox = &query.BBox{MinLon: lon, MinLat: lat, MaxLon: lon + w, MaxLat: lat + w}
			if i%5 == 4 {
				f.TxType = "Rental"
				mx := int64(1000 + rng.IntN(2000))
				f.MaxPrice = &mx
			} else {
				f.TxType = "Sale"
				mn := int64(rng.IntN(300000))
				mx := mn + 150000 + int64(rng.IntN(300000))
				f.MinPrice, f.MaxPrice = &mn, &mx
			}
		}
		q, _ := json.Marshal(query.AlertPercolatorQuery(f, uprns, nil))
		meta, _ := json.Marshal(map[string]any{"index": map[string]any{"_index": svc.Index(), "_id": id}})
		doc, _ := json.Marshal(map[string]any{"query": json.RawMessage(q), "alert": a})
		bulk.Write(meta)
		bulk.WriteByte('\n')
		bulk.Write(doc)
		bulk.WriteByte('\n')
		if (i+1)%1000 == 0 {
			flush()
		}
	}
	flush()
	if err := sc.Do(ctx, http.MethodPost, "/"+url.PathEscape(svc.Index())+"/_refresh", nil, nil, nil); err != nil {
		b.Fatal(err)
	}
	b.Logf("indexed %d saved searches in %s", n, time.Since(start).Round(time.Millisecond))

	// Changes: every listing reduced by 5%.
	var changes []alerts.Change
	for _, l := range listings {
		before, _ := json.Marshal(l)
		l.LatestPrice = l.LatestPrice * 95 / 100
		l.IsReduced = true
		after, _ := json.Marshal(l)
		changes = append(changes, alerts.Change{Index: mappings.IndexListings, ID: l.ID, Before: before, After: after})
	}

	dctx, stop := context.WithCancel(ctx)
	ddone := make(chan struct{})
	go func() {
		_ = alerts.NewDeliverer(svc, alerts.DelivererConfig{Consumer: "bench", Logger: benchLogger(), Block: 200 * time.Millisecond}).Run(dctx)
		close(ddone)
	}()
	b.ResetTimer()
	start = time.Now()
	events := 0
	for i := 0; i < len(changes); i += 500 {
		evs, err := svc.Process(ctx, changes[i:min(i+500, len(changes))])
		if err != nil {
			b.Fatal(err)
		}
		events += len(evs)
		fmt.Fprintf(os.Stderr, "bench: %d/%d changes, %d events, %s\n", i+500, len(changes), events, time.Since(start).Round(time.Millisecond))
	}
	matchDur := time.Since(start)
	for {
		mu.Lock()
		got := len(seen)
		mu.Unlock()
		if got >= events || time.Since(start) > 10*time.Minute {
			break
		}
		time.Sleep(50 * time.Millisecond)
		if os.Getenv("ALERTS_BENCH_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "delivered %d/%d\n", got, events)
		}
	}
	allDur := time.Since(start)
	b.StopTimer()
	stop()
	<-ddone

	mu.Lock()
	defer mu.Unlock()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[int(math.Min(float64(len(lat)-1), math.Ceil(p*float64(len(lat)))-1))]
	}
	b.ReportMetric(float64(n)/matchDur.Seconds(), "docs/s")
	b.ReportMetric(float64(events)/matchDur.Seconds(), "events/s")
	b.ReportMetric(float64(len(seen))/allDur.Seconds(), "delivered/s")
	b.ReportMetric(float64(pct(0.50).Milliseconds()), "p50-ms")
	b.ReportMetric(float64(pct(0.99).Milliseconds()), "p99-ms")
	b.Logf("GOMAXPROCS=%d searches=%d changed=%d events=%d delivered=%d duplicates=%d match=%s match+deliver=%s p50=%s p90=%s p99=%s max=%s",
		runtime.GOMAXPROCS(0), n, len(changes), events, len(seen), dups, matchDur.Round(time.Millisecond), allDur.Round(time.Millisecond),
		pct(0.50), pct(0.90), pct(0.99), pct(1))
}

func benchLogger() zerolog.Logger {
	if os.Getenv("ALERTS_BENCH_DEBUG") != "" {
		return zerolog.New(os.Stderr)
	}
	return zerolog.Nop()
}

// BenchmarkAlertsSlowReceiver measures the isolation of organisations in
// the webhook deliverer: 20 organisations with a fast receiver get one
// event each every 250 ms for 10 s, first on a quiet deliverer (baseline),
// then while a 21st organisation's receiver answers only after 10 s and
// has 100 events pending. It reports the fast organisations'
// match-to-delivery p50 and p99 (event creation to receipt) in both phases
// and their ratio (the target: the slow phase's p99 within 2× of the
// baseline's). A measurement, not an assertion: use -benchtime=1x.
func BenchmarkAlertsSlowReceiver(b *testing.B) {
	osURL, prefix := testenv.OpenSearchPrefix(b)
	svc, sc, box := alertsService(b, osURL, prefix, 60*time.Second)
	ctx := context.Background()
	const fastOrgs, slowPending = 20, 100
	const tick, phase = 250 * time.Millisecond, 10 * time.Second

	var mu sync.Mutex
	lat := map[string][]time.Duration{} // phase → fast organisations' latencies
	cur := "quiet"
	slowGot := 0
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			mu.Lock()
			slowGot++
			mu.Unlock()
			select {
			case <-time.After(10 * time.Second):
			case <-r.Context().Done():
			}
			return
		}
		body, _ := io.ReadAll(r.Body)
		var e alerts.Event
		_ = json.Unmarshal(body, &e)
		t0, _ := time.Parse(time.RFC3339, e.CreatedAt)
		mu.Lock()
		lat[cur] = append(lat[cur], time.Since(t0))
		mu.Unlock()
	}))
	defer recv.Close()

	if err := svc.EnsureIndex(ctx); err != nil {
		b.Fatal(err)
	}
	q, _ := json.Marshal(query.AlertPercolatorQuery(query.ListingFilter{}, []int64{100000000001}, nil))
	var as []*alerts.Alert
	for i := 0; i < fastOrgs; i++ {
		as = append(as, &alerts.Alert{ID: fmt.Sprintf("alr_fast%02d", i), OrgID: fmt.Sprintf("orgfast%02d", i), WebhookURL: recv.URL + "/fast"})
	}
	as = append(as, &alerts.Alert{ID: "alr_slow", OrgID: "orgslow", WebhookURL: recv.URL + "/slow"})
	putWebhookAlerts(b, svc, sc, box, q, as)
	event := func(i int, alert, org string) alerts.Event {
		return alerts.Event{AlertID: alert, OrgID: org, Type: alerts.EventPriceReduced, ListingID: fmt.Sprintf("l%d", i), DedupKey: fmt.Sprintf("%s-%d-%d", alert, i, time.Now().UnixNano())}
	}
	// Warm the deliverer (groups, alert cache) with one event per fast org.
	dctx, stop := context.WithCancel(ctx)
	ddone := make(chan struct{})
	go func() {
		_ = alerts.NewDeliverer(svc, alerts.DelivererConfig{Consumer: "bench", Logger: benchLogger(), Block: 200 * time.Millisecond}).Run(dctx)
		close(ddone)
	}()
	load := func(name string) int {
		mu.Lock()
		cur = name
		mu.Unlock()
		sent := 0
		end := time.Now().Add(phase)
		for i := 0; time.Now().Before(end); i++ {
			var evs []alerts.Event
			for o := 0; o < fastOrgs; o++ {
				evs = append(evs, event(i, fmt.Sprintf("alr_fast%02d", o), fmt.Sprintf("orgfast%02d", o)))
			}
			if _, err := svc.Append(ctx, evs); err != nil {
				b.Fatal(err)
			}
			sent += len(evs)
			time.Sleep(tick)
		}
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			n := len(lat[name])
			mu.Unlock()
			if n >= sent {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		return sent
	}
	load("warm")
	b.ResetTimer()
	quietSent := load("quiet")
	var slow []alerts.Event
	for i := 0; i < slowPending; i++ {
		slow = append(slow, event(i, "alr_slow", "orgslow"))
	}
	if _, err := svc.Append(ctx, slow); err != nil {
		b.Fatal(err)
	}
	slowSent := load("slow")
	b.StopTimer()
	stop()
	<-ddone

	mu.Lock()
	defer mu.Unlock()
	pct := func(xs []time.Duration, p float64) time.Duration {
		if len(xs) == 0 {
			return 0
		}
		s := slices.Clone(xs)
		slices.Sort(s)
		return s[int(math.Min(float64(len(s)-1), math.Ceil(p*float64(len(s)))-1))]
	}
	// Events not delivered by the end of a phase (30 s after its last
	// event) count as slower than any delivered one.
	never := time.Duration(math.MaxInt64)
	pad := func(xs []time.Duration, sent int) []time.Duration {
		for len(xs) < sent {
			xs = append(xs, never)
		}
		return xs
	}
	quiet, slowLat := pad(slices.Clone(lat["quiet"]), quietSent), pad(slices.Clone(lat["slow"]), slowSent)
	q50, q99 := pct(quiet, 0.5), pct(quiet, 0.99)
	s50, s99 := pct(slowLat, 0.5), pct(slowLat, 0.99)
	ratio := float64(s99) / float64(max(q99, time.Millisecond))
	b.ReportMetric(float64(q99.Milliseconds()), "quiet-p99-ms")
	b.ReportMetric(float64(s99.Milliseconds()), "slow-p99-ms")
	b.ReportMetric(ratio, "p99-ratio")
	b.Logf("GOMAXPROCS=%d fast orgs=%d, one event each every %s for %s; slow receiver: 10 s answers, %d pending",
		runtime.GOMAXPROCS(0), fastOrgs, tick, phase, slowPending)
	show := func(d time.Duration) string {
		if d == never {
			return "not delivered"
		}
		return d.Round(100 * time.Microsecond).String()
	}
	b.Logf("quiet: sent %d delivered %d p50 %s p99 %s max %s", quietSent, len(lat["quiet"]), show(q50), show(q99), show(pct(quiet, 1)))
	b.Logf("slow receiver: sent %d delivered %d p50 %s p99 %s max %s; slow receiver got %d requests", slowSent, len(lat["slow"]), show(s50), show(s99), show(pct(slowLat, 1)), slowGot)
	b.Logf("p99 ratio (slow/quiet): %.2f (target ≤ 2)", ratio)
}

// TestAlertsSlowReceiverIsolated: while one organisation's receiver holds
// its first request open with 100 events pending, another organisation's
// new event is delivered (the deliverer does not wait for the slow one).
// No timing threshold: the order of events is the assertion.
func TestAlertsSlowReceiverIsolated(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	svc, sc, box := alertsService(t, osURL, prefix, 60*time.Second)
	ctx := context.Background()
	release := make(chan struct{})
	slowHeld := make(chan struct{}, 1)
	fastGot := make(chan struct{}, 10)
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			select {
			case slowHeld <- struct{}{}:
			default:
			}
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		fastGot <- struct{}{}
	}))
	defer recv.Close()
	defer close(release)
	if err := svc.EnsureIndex(ctx); err != nil {
		t.Fatal(err)
	}
	q, _ := json.Marshal(query.AlertPercolatorQuery(query.ListingFilter{}, []int64{100000000001}, nil))
	putWebhookAlerts(t, svc, sc, box, q, []*alerts.Alert{
		{ID: "alr_slow", OrgID: "orgslow", WebhookURL: recv.URL + "/slow"},
		{ID: "alr_fast", OrgID: "orgfast", WebhookURL: recv.URL + "/fast"},
	})
	var slow []alerts.Event
	for i := 0; i < 100; i++ {
		slow = append(slow, alerts.Event{AlertID: "alr_slow", OrgID: "orgslow", Type: alerts.EventPriceReduced, DedupKey: fmt.Sprint(i)})
	}
	if _, err := svc.Append(ctx, slow); err != nil {
		t.Fatal(err)
	}
	dctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		_ = alerts.NewDeliverer(svc, alerts.DelivererConfig{Consumer: "iso", Logger: benchLogger(), Block: 100 * time.Millisecond, Timeout: 5 * time.Minute}).Run(dctx)
		close(done)
	}()
	defer func() { stop(); <-done }()
	select {
	case <-slowHeld:
	case <-time.After(60 * time.Second):
		t.Fatal("the slow receiver never got its first request")
	}
	if _, err := svc.Append(ctx, []alerts.Event{{AlertID: "alr_fast", OrgID: "orgfast", Type: alerts.EventPriceReduced, DedupKey: "f"}}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-fastGot:
	case <-time.After(60 * time.Second):
		t.Fatal("another organisation's event waited behind a receiver that holds its request open")
	}
}

// alertsService is an alerts service on the test's index prefix and Redis
// namespace, sealing webhook secrets with a fresh key and allowing loopback
// receivers on any port; its engine client waits up to timeout.
func alertsService(tb testing.TB, osURL, prefix string, timeout time.Duration) (*alerts.Service, *search.Client, *alerts.Box) {
	tb.Helper()
	sc := searchClient(tb, search.Config{URLs: []string{osURL}, RequestTimeout: timeout})
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	box, _ := alerts.NewBox(key)
	allow, _ := alerts.ParseAllow("127.0.0.1")
	svc := alerts.New(alerts.Config{Engine: sc, Redis: testenv.RedisClient(tb), IndexPrefix: prefix, Namespace: testenv.RedisKeyPrefix(tb),
		Box: box, Guard: &alerts.Guard{Allow: allow, AnyPort: true}})
	return svc, sc, box
}

// putWebhookAlerts indexes enabled webhook alerts (all event types) with
// one query into the percolator index and refreshes it, with a few
// attempts on a busy engine.
func putWebhookAlerts(tb testing.TB, svc *alerts.Service, sc *search.Client, box *alerts.Box, q json.RawMessage, as []*alerts.Alert) {
	tb.Helper()
	var bulk bytes.Buffer
	for _, a := range as {
		a.Events, a.Enabled, a.CreatedAt = alerts.EventTypes(), true, "2026-11-24T00:00:00Z"
		a.SecretEnc, _ = box.Seal(a.ID, "whsec_test")
		meta, _ := json.Marshal(map[string]any{"index": map[string]any{"_index": svc.Index(), "_id": a.ID}})
		doc, _ := json.Marshal(map[string]any{"query": q, "alert": a})
		bulk.Write(append(meta, '\n'))
		bulk.Write(append(doc, '\n'))
	}
	var br struct {
		Errors bool `json:"errors"`
	}
	var err error
	for try := 0; try < 5; try++ {
		if err = sc.Do(context.Background(), http.MethodPost, "/_bulk", url.Values{"refresh": {"true"}}, bulk.Bytes(), &br); err == nil && !br.Errors {
			return
		}
		time.Sleep(2 * time.Second)
	}
	tb.Fatalf("bulk alerts: %v errors=%v", err, br.Errors)
}
