//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

const (
	alertU1 = int64(100000000003)
	alertU2 = int64(100000000077)
)

// TestAlertsEndToEnd creates saved searches through the API, applies a
// change file that adds, reduces, raises and sells listings with the
// indexer, and checks exactly which alerts fire, in which order, with
// valid signatures at a loopback webhook receiver; the deliverer is
// stopped in the middle of a delivery and restarted, and nothing is lost.
func TestAlertsEndToEnd(t *testing.T) {
	env := newAlertsEnv(t)
	ctx := context.Background()
	triangle := json.RawMessage(`[[[-3.60,50.70],[-3.50,50.70],[-3.60,50.80],[-3.60,50.70]]]`)
	fixture.Load(t, env.osURL, env.prefix, mappings.IndexBoundaries, map[string]any{
		"9001": mappings.Boundary{ID: 9001, Code: "TRI", Name: "Triangleton", DisplayName: "Triangleton (test)", NameSuggest: "Triangleton",
			Type: "lad", AdminLevel: 8, Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: triangle}},
	})
	// Existing listings: L2 in the viewport, L3 (at UPRN U1) in it, L4
	// outside it, L5 unchanged by the file.
	l2 := alertListing("l2", 50.78, -3.52, "Sale", 320000, "For sale", 0)
	l3 := alertListing("l3", 50.76, -3.54, "Sale", 200000, "For sale", alertU1)
	l4 := alertListing("l4", 50.60, -3.70, "Sale", 400000, "For sale", 0)
	l5 := alertListing("l5", 50.74, -3.56, "Sale", 150000, "For sale", 0)
	fixture.Load(t, env.osURL, env.prefix, mappings.IndexListings, fixture.Docs([]mappings.Listing{l2, l3, l4, l5}, func(l mappings.Listing) string { return l.ID }))
	fixture.Create(t, env.osURL, env.prefix, mappings.IndexSaleEvents)

	bbox := "-3.60,50.70,-3.50,50.80"
	a1 := env.createAlert(env.keyA, map[string]any{"name": "Viewport under £300k",
		"filters": map[string]any{"bbox": bbox, "transaction_type": "Sale", "max_price": 300000},
		"events":  []string{"listing_added", "price_reduced", "sold_stc"}}, "/a1")
	a2 := env.createAlert(env.keyA, map[string]any{"name": "Watch list", "uprns": []int64{alertU1, alertU2}}, "/a2")
	a3 := env.createAlert(env.keyA, map[string]any{"name": "Triangleton additions",
		"filters": map[string]any{"boundary_id": 9001}, "events": []string{"listing_added"}}, "")
	a4 := env.createAlert(env.keyA, map[string]any{"name": "Dead endpoint", "uprns": []int64{alertU1}, "events": []string{"sold_stc"}}, "/dead")
	b1 := env.createAlert(env.keyB, map[string]any{"name": "Beta viewport", "filters": map[string]any{"bbox": bbox}}, "/b1")
	names := map[string]string{a1.ID: "a1", a2.ID: "a2", a3.ID: "a3", a4.ID: "a4", b1.ID: "b1"}

	t.Run("organisations and validation", func(t *testing.T) {
		var list struct {
			Count   int `json:"count"`
			Limit   int `json:"limit"`
			Results []struct {
				ID string `json:"id"`
			} `json:"results"`
		}
		if st := env.call(http.MethodGet, "/api/v1/alerts", env.keyA, nil, &list); st != 200 || list.Count != 4 || list.Limit != api.AlertLimit(ratelimit.PlanEnterprise) {
			t.Errorf("org A list: %d %+v", st, list)
		}
		if st := env.call(http.MethodGet, "/api/v1/alerts/"+a1.ID, env.keyB, nil, nil); st != http.StatusNotFound {
			t.Errorf("org B reading org A's alert: %d, want 404", st)
		}
		if st := env.call(http.MethodDelete, "/api/v1/alerts/"+a1.ID, env.keyB, nil, nil); st != http.StatusNotFound {
			t.Errorf("org B deleting org A's alert: %d, want 404", st)
		}
		for _, bad := range []struct {
			body map[string]any
			want int
		}{
			{map[string]any{"filters": map[string]any{"bbox": bbox}, "webhook_url": "http://10.1.2.3/hook"}, 422},
			{map[string]any{"filters": map[string]any{"bbox": bbox}, "webhook_url": "http://169.254.169.254/latest"}, 422},
			{map[string]any{"filters": map[string]any{"bbox": bbox}, "webhook_url": "http://[::1]:8080/"}, 422},
			{map[string]any{"filters": map[string]any{"bbox": bbox}, "webhook_url": "ftp://example.com/"}, 422},
			{map[string]any{"filters": map[string]any{"max_price": "cheap"}}, 422},
			{map[string]any{"filters": map[string]any{"colour": "red"}}, 422},
			{map[string]any{"filters": map[string]any{"boundary_id": 424242}}, 404},
			{map[string]any{}, 422},
			{map[string]any{"uprns": []int64{-1}}, 422},
			{map[string]any{"uprns": []int64{1}, "events": []string{"exploded"}}, 422},
		} {
			if st := env.call(http.MethodPost, "/api/v1/alerts", env.keyA, bad.body, nil); st != bad.want {
				t.Errorf("create %v: %d, want %d", bad.body, st, bad.want)
			}
		}
		// Plan limit: the free plan keeps 3 (2 requests a second).
		for i := 0; i <= api.AlertLimit(ratelimit.PlanFree); i++ {
			time.Sleep(600 * time.Millisecond)
			want := http.StatusCreated
			if i == api.AlertLimit(ratelimit.PlanFree) {
				want = http.StatusForbidden
			}
			if st := env.call(http.MethodPost, "/api/v1/alerts", env.keyFree, map[string]any{"uprns": []int64{int64(i + 1)}}, nil); st != want {
				t.Errorf("free alert %d: %d, want %d", i+1, st, want)
			}
		}
		// PATCH: pause and resume; the secret is never shown again.
		var got createdAlert
		if st := env.call(http.MethodPatch, "/api/v1/alerts/"+a2.ID, env.keyA, map[string]any{"enabled": true, "name": "Watch list (renamed)"}, &got); st != 200 || got.Secret != "" {
			t.Errorf("patch: %d %+v", st, got)
		}
	})

	// The change file: adds (L1, R1), reduces (L2), sells (L3 plus its
	// sale event, one event not two), a change outside every search (L4),
	// an unchanged line (L5), a price increase (L2 again) and a completion
	// known only by UPRN (a sale event without a listing).
	l1 := alertListing("l1", 50.72, -3.58, "Sale", 250000, "For sale", 0)
	r1 := alertListing("r1", 50.73, -3.57, "Rental", 1200, "To let", 0)
	l2r, l3s, l4r, l2i := l2, l3, l4, l2
	l2r.LatestPrice, l2r.IsReduced, l2r.Reductions = 280000, true, 1
	l3s.LatestStatus, l3s.IsLive = "Sold STC", false
	l4r.LatestPrice = 350000
	l2i.LatestPrice = 310000
	file := writeChangeFile(t,
		upsert("listings", l1),
		upsert("listings", l2r),
		upsert("listings", l3s),
		upsert("sale_events", mappings.SaleEvent{ID: 501, EventType: "Sold STC", Date: "2026-11-20", Price: 200000, Source: "portal-a", Listing: "l3", UPRN: alertU1, Seq: 2}),
		upsert("listings", l4r),
		upsert("listings", l5),
		upsert("listings", r1),
		upsert("listings", l2i),
		upsert("sale_events", mappings.SaleEvent{ID: 502, EventType: "Completed", Date: "2026-11-21", Price: 410000, Source: "land-registry", UPRN: alertU2, Seq: 5}),
	)
	rep, err := indexer.Apply(ctx, indexer.ApplyConfig{URLs: []string{env.osURL}, Prefix: env.prefix, Logger: zerolog.Nop(),
		OnChanges: func(ctx context.Context, chs []indexer.Change) error {
			_, err := env.process(ctx, chs)
			return err
		}}, file)
	if err != nil {
		t.Fatalf("apply: %v %+v", err, rep)
	}
	if rep.Lines != 9 || rep.Upserted != 8 || rep.Unchanged != 1 {
		t.Errorf("apply report %+v", rep)
	}

	// What each alert must receive, in order.
	want := map[string][]string{
		"a1": {"listing_added l1", "price_reduced l2", "sold_stc l3"},
		"a2": {"sold_stc l3", fmt.Sprintf("completed %d", alertU2)},
		"a3": {"listing_added l1", "listing_added r1"},
		"a4": {"sold_stc l3"},
		"b1": {"listing_added l1", "price_reduced l2", "sold_stc l3", "listing_added r1", "price_increased l2"},
	}

	t.Run("streams hold exactly the expected events in order", func(t *testing.T) {
		for key, alertsOf := range map[string][]string{env.keyA: {"a1", "a2", "a3", "a4"}, env.keyB: {"b1"}} {
			n := 0
			for _, a := range alertsOf {
				n += len(want[a])
			}
			// One more than expected: a surplus event would show.
			evs := readSSE(t, env, key, "0", n+1, time.Second)
			got := map[string][]string{}
			last := ""
			for _, e := range evs {
				if e.ID <= last && len(e.ID) <= len(last) {
					t.Errorf("event ids not increasing: %s after %s", e.ID, last)
				}
				last = e.ID
				got[names[e.AlertID]] = append(got[names[e.AlertID]], sig(e))
			}
			for _, a := range alertsOf {
				if fmt.Sprint(got[a]) != fmt.Sprint(want[a]) {
					t.Errorf("%s: got %v\nwant %v", a, got[a], want[a])
				}
				delete(got, a)
			}
			if len(got) > 0 {
				t.Errorf("events of other organisations' alerts in the stream: %v", got)
			}
		}
		// Resume: after the second event the stream continues with the third.
		all := readSSE(t, env, env.keyA, "0", 8, 2*time.Second)
		rest := readSSE(t, env, env.keyA, all[1].ID, 6, 2*time.Second)
		if len(rest) != len(all)-2 || rest[0].ID != all[2].ID {
			t.Errorf("Last-Event-ID resume: %d events from %s, want %d from %s", len(rest), rest[0].ID, len(all)-2, all[2].ID)
		}
	})

	// Deliveries: a1 fails twice first (retried), dead always fails, b1
	// hangs on its third request while the deliverer is stopped.
	env.receiver.mu.Lock()
	env.receiver.fail["/a1"] = 2
	env.receiver.fail["/dead"] = -1
	env.receiver.hangPath, env.receiver.hangN = "/b1", 3
	env.receiver.mu.Unlock()
	dcfg := alerts.DelivererConfig{Consumer: "it", Logger: zerolog.Nop(), Block: 100 * time.Millisecond,
		Backoff: func(n int) time.Duration { return 50 * time.Millisecond }, BreakerCooldown: 50 * time.Millisecond}
	d1ctx, stopD1 := context.WithCancel(ctx)
	d1done := make(chan struct{})
	go func() { _ = alerts.NewDeliverer(env.svc, dcfg).Run(d1ctx); close(d1done) }()
	select {
	case <-env.receiver.hung:
	case <-time.After(30 * time.Second):
		t.Fatal("b1's third delivery never arrived")
	}
	// Only b1 is to be in flight when the deliverer is killed: wait until
	// a1 (retries done) and a2 have every delivery recorded as delivered,
	// or the kill could catch one of theirs between the receiver's 200 and
	// its record, and at-least-once delivery would send it again.
	settled := func() bool {
		for _, c := range []struct {
			id   string
			want int
		}{{a1.ID, len(want["a1"])}, {a2.ID, len(want["a2"])}} {
			var s createdAlert
			env.call(http.MethodGet, "/api/v1/alerts/"+c.id, env.keyA, nil, &s)
			if s.State.Delivered < int64(c.want) {
				return false
			}
		}
		return true
	}
	for wait := time.Now().Add(30 * time.Second); !settled(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(wait) {
			t.Fatal("a1 and a2 were not delivered while b1 hung")
		}
	}
	stopD1() // kill the deliverer in the middle of b1's delivery
	<-d1done
	before := len(env.receiver.deliveries("/b1"))
	if before != 3 {
		t.Fatalf("b1 had %d requests when the deliverer stopped, want 3", before)
	}

	d2ctx, stopD2 := context.WithCancel(ctx)
	d2done := make(chan struct{})
	go func() { _ = alerts.NewDeliverer(env.svc, dcfg).Run(d2ctx); close(d2done) }()
	defer func() { stopD2(); <-d2done }()
	deadline := time.Now().Add(60 * time.Second)
	ok := func() bool {
		for _, p := range []string{"a1", "a2", "b1"} {
			if distinctOK(env.receiver.deliveries("/"+p)) < len(want[p]) {
				return false
			}
		}
		return len(env.receiver.deliveries("/dead")) >= alerts.FailingAfter+1
	}
	for !ok() && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // let state writes land

	for _, p := range []string{"a1", "a2", "b1"} {
		ds := env.receiver.deliveries("/" + p)
		var firstSeen []string
		seen := map[string]bool{}
		dups := 0
		for _, d := range ds {
			if seen[d.EventID] {
				dups++
				continue
			}
			seen[d.EventID] = true
			firstSeen = append(firstSeen, sig(d.Event))
		}
		if p == "a1" {
			// Retries may overtake: the set must match.
			slices.Sort(firstSeen)
			w := slices.Clone(want[p])
			slices.Sort(w)
			if fmt.Sprint(firstSeen) != fmt.Sprint(w) {
				t.Errorf("a1 delivered %v, want %v", firstSeen, w)
			}
		} else if fmt.Sprint(firstSeen) != fmt.Sprint(want[p]) {
			t.Errorf("%s delivered %v\nwant %v", p, firstSeen, want[p])
		}
		switch p {
		case "b1":
			// The request in flight when the deliverer was killed is sent
			// again (at least once); nothing else is repeated.
			if dups != 1 || ds[2].EventID != ds[3].EventID {
				t.Errorf("b1: %d duplicates, want exactly the in-flight one re-sent", dups)
			}
		case "a1":
			if len(ds) != 5 || dups != 2 {
				t.Errorf("a1: %d requests, %d repeats; want 2 failures retried once each", len(ds), dups)
			}
		default:
			if dups != 0 {
				t.Errorf("%s: %d duplicates", p, dups)
			}
		}
	}
	if len(env.receiver.deliveries("/a3")) != 0 {
		t.Error("stream-only alert got webhook calls")
	}
	env.receiver.mu.Lock()
	if len(env.receiver.badSig) > 0 {
		t.Errorf("invalid signatures or event ids: %v", env.receiver.badSig)
	}
	env.receiver.mu.Unlock()

	var s1, sd createdAlert
	env.call(http.MethodGet, "/api/v1/alerts/"+a1.ID, env.keyA, nil, &s1)
	if s1.State.Status != "active" || s1.State.Delivered != 3 || s1.State.ConsecutiveFailures != 0 || s1.State.LastStatus == nil || *s1.State.LastStatus != 200 {
		t.Errorf("a1 state %+v", s1.State)
	}
	// The receiver counts a failed attempt before the deliverer has written
	// its state: on a loaded machine the last writes can land well after the
	// requests, so the state is read until it says failing (or 30 s pass).
	for stateDeadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		sd = createdAlert{}
		env.call(http.MethodGet, "/api/v1/alerts/"+a4.ID, env.keyA, nil, &sd)
		if sd.State.Status == "failing" || time.Now().After(stateDeadline) {
			break
		}
	}
	if sd.State.Status != "failing" || sd.State.ConsecutiveFailures < alerts.FailingAfter || sd.State.LastStatus == nil || *sd.State.LastStatus != 500 ||
		sd.State.LastError == nil || sd.State.NextAttemptAt == nil {
		t.Errorf("dead endpoint state %+v", sd.State)
	}

	t.Run("test event", func(t *testing.T) {
		var out struct {
			Event    alerts.Event `json:"event"`
			Delivery struct {
				Status int  `json:"status"`
				OK     bool `json:"ok"`
			} `json:"delivery"`
		}
		n := len(env.receiver.deliveries("/a2"))
		if st := env.call(http.MethodPost, "/api/v1/alerts/"+a2.ID+"/test", env.keyA, nil, &out); st != 200 || !out.Delivery.OK || out.Event.Type != "test" {
			t.Fatalf("test: %d %+v", st, out)
		}
		ds := env.receiver.deliveries("/a2")
		if len(ds) != n+1 || ds[n].EventID != out.Event.ID {
			t.Errorf("test delivery not received: %d deliveries", len(ds))
		}
		if st := env.call(http.MethodPost, "/api/v1/alerts/"+a1.ID+"/test", env.keyB, nil, nil); st != 404 {
			t.Errorf("test of another org's alert: %d", st)
		}
	})
}

var _ = netip.Addr{}

// TestAlertsOnLoad percolates what a full load and a --merge load change:
// the first load of a dataset reports nothing; a reload reports the
// documents that differ from the previous index (a reduction, a new
// listing), not the unchanged ones; a merge load does the same.
func TestAlertsOnLoad(t *testing.T) {
	env := newAlertsEnv(t)
	ctx := context.Background()
	var got []string
	hook := func(ctx context.Context, chs []indexer.Change) error {
		evs, err := env.process(ctx, chs)
		for _, e := range evs {
			got = append(got, sig(e))
		}
		return err
	}
	writeDir := func(ls ...mappings.Listing) string {
		dir := t.TempDir()
		var b strings.Builder
		for _, l := range ls {
			j, _ := json.Marshal(l)
			b.Write(j)
			b.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(dir, "listings.ndjson"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	load := func(dir string, merge bool) *indexer.Report {
		rep, err := indexer.LoadDir(ctx, indexer.LoadConfig{URLs: []string{env.osURL}, Prefix: env.prefix, Merge: merge,
			Logger: zerolog.Nop(), OnChanges: hook}, dir)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		return rep
	}
	a := alertListing("la", 50.72, -3.58, "Sale", 250000, "For sale", 0)
	b := alertListing("lb", 50.73, -3.57, "Sale", 260000, "For sale", 0)
	load(writeDir(a, b), false)
	if len(got) != 0 {
		t.Errorf("first load produced events: %v", got)
	}
	env.createAlert(env.keyA, map[string]any{"filters": map[string]any{"bbox": "-3.60,50.70,-3.50,50.80"}}, "")

	// Full reload: a reduced, b unchanged, c new.
	a2 := a
	a2.LatestPrice = 240000
	c := alertListing("lc", 50.74, -3.56, "Sale", 270000, "For sale", 0)
	rep := load(writeDir(a2, b, c), false)
	if want := "[price_reduced la listing_added lc]"; fmt.Sprint(got) != want {
		t.Errorf("reload events %v, want %s", got, want)
	}
	if rep.Indices[0].Changed != 2 {
		t.Errorf("reload reported %d changed, want 2", rep.Indices[0].Changed)
	}

	// Merge load of one changed document: b sold.
	got = nil
	b2 := b
	b2.LatestStatus, b2.IsLive = "Sold STC", false
	load(writeDir(b2), true)
	if want := "[sold_stc lb]"; fmt.Sprint(got) != want {
		t.Errorf("merge events %v, want %s", got, want)
	}
}

// TestAlertsStreamLengthCap: an organisation's stream is trimmed by length
// on every append (not only by age), on the real Redis.
func TestAlertsStreamLengthCap(t *testing.T) {
	rdb, ns := testenv.RedisClient(t), testenv.RedisKeyPrefix(t)
	svc := alerts.New(alerts.Config{Redis: rdb, Namespace: ns, MaxEvents: 5})
	ctx := context.Background()
	var last []alerts.Event
	for i := 0; i < 12; i++ {
		evs, err := svc.Append(ctx, []alerts.Event{{AlertID: "alr_x", OrgID: "org_cap", Type: alerts.EventTest, DedupKey: fmt.Sprint(i)}})
		if err != nil {
			t.Fatal(err)
		}
		last = evs
	}
	n, err := rdb.XLen(ctx, ns+alerts.KeyTag+"events:org_cap").Result()
	if err != nil {
		t.Fatal(err)
	}
	if n != 5 {
		t.Errorf("stream length after 12 appends with a cap of 5: %d", n)
	}
	if id, _ := svc.LastID(ctx, "org_cap"); id != last[0].ID {
		t.Errorf("newest event %s, want %s", id, last[0].ID)
	}
}
