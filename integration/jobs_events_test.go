//go:build integration

package integration

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/ratelimit"
)

// jobEvent is one event of jobs/{id}/events.
type jobEvent struct {
	id, event string
	job       jobs.Job
}

// readJobEvents reads a job's event stream until it ends (or the end
// event), with Last-Event-ID when last is not empty; it returns the
// events and the status.
func readJobEvents(t *testing.T, in *instance, id, secret, last string) ([]jobEvent, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", in.srv.URL+"/api/v1/jobs/"+id+"/events", nil)
	req.Header.Set("Authorization", "Api-Key "+secret)
	if last != "" {
		req.Header.Set("Last-Event-ID", last)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, resp.StatusCode
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("events: Content-Type %q", ct)
	}
	return scanJobEvents(t, resp.Body, nil), resp.StatusCode
}

// scanJobEvents parses events until the end event or the end of the
// stream; each is also sent to each when not nil.
func scanJobEvents(t *testing.T, r io.Reader, each chan<- jobEvent) []jobEvent {
	t.Helper()
	var out []jobEvent
	var cur jobEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			cur.id = strings.TrimPrefix(line, "id: ")
		case strings.HasPrefix(line, "event: "):
			cur.event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &cur.job); err != nil {
				t.Errorf("event data: %v", err)
			}
		case line == "" && cur.event != "":
			out = append(out, cur)
			if each != nil {
				each <- cur
			}
			if cur.event == "end" {
				return out
			}
			cur = jobEvent{}
		}
	}
	return out
}

// TestJobsEventsResume: every event of a job's stream has an id that
// changes with what the job shows; Last-Event-ID resumes (what that event
// showed is not sent again), and once the end was seen the answer is 204
// (an EventSource stops reconnecting). A malformed or empty id is 422.
// The stream ends when the server closes its streams (shutdown).
func TestJobsEventsResume(t *testing.T) {
	e := newJobsEnv(t, 300)
	a := e.start("a", true, 5*time.Second, 50)
	f := e.key(ratelimit.PlanScale, 0)
	body, _ := e.csvOf(400, 0)
	id := e.submit(a, f.secret, body)
	evs, status := readJobEvents(t, a, id, f.secret, "")
	if status != 200 || len(evs) < 2 || evs[len(evs)-1].event != "end" {
		t.Fatalf("events: %d %+v", status, evs)
	}
	seen := map[string]bool{}
	for i, ev := range evs {
		if ev.id != ev.job.EventID() || seen[ev.id] || !jobs.ValidEventID(ev.id) {
			t.Errorf("event %d: id %q for a job showing %q (repeated %v)", i, ev.id, ev.job.EventID(), seen[ev.id])
		}
		seen[ev.id] = true
	}
	endID := evs[len(evs)-1].id
	if endID != "400-2" {
		t.Errorf("end event id %q, want 400-2", endID)
	}
	// Resuming after the end: 204, no body; after an earlier event: the
	// end only.
	if _, st := readJobEvents(t, a, id, f.secret, endID); st != 204 {
		t.Errorf("Last-Event-ID of the end event: %d, want 204", st)
	}
	if again, st := readJobEvents(t, a, id, f.secret, evs[0].id); st != 200 || len(again) != 1 || again[0].id != endID {
		t.Errorf("Last-Event-ID %s: %d %+v, want the end event alone", evs[0].id, st, again)
	}
	if x := e.do(a, "GET", "/api/v1/jobs/"+id+"/events?last_event_id="+endID, f.secret, "", nil); x.status != 204 {
		t.Errorf("last_event_id of the end event: %d", x.status)
	}
	for _, bad := range []string{"1732450000000-0", "abc", "400-3"} {
		if x := e.do(a, "GET", "/api/v1/jobs/"+id+"/events", f.secret, "", nil, "Last-Event-ID", bad); x.status != 422 || x.code() != api.CodeInvalidParams {
			t.Errorf("Last-Event-ID %q: %d %s", bad, x.status, x.body)
		}
	}
	if x := e.do(a, "GET", "/api/v1/jobs/"+id+"/events?last_event_id=", f.secret, "", nil); x.status != 422 {
		t.Errorf("last_event_id empty: %d %s", x.status, x.body)
	}

	// A queued job (no runner): resuming with the id of what the client
	// saw sends nothing until the job changes; the cancel is the next
	// event. Then the server's shutdown ends an open stream.
	a.kill() // no runner reads the shared queue from here on
	q := e.start("queue-only", false, 5*time.Second, 50)
	f2 := e.key(ratelimit.PlanScale, 0)
	small, _ := e.csvOf(5, 0)
	qid := e.do(q, "POST", "/api/v1/jobs/address-match", f2.secret, "text/csv", strings.NewReader(small)).job(t).ID
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", q.srv.URL+"/api/v1/jobs/"+qid+"/events", nil)
	req.Header.Set("Authorization", "Api-Key "+f2.secret)
	req.Header.Set("Last-Event-ID", "0-0")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("events of the queued job: %v %v", err, resp)
	}
	got := make(chan jobEvent, 10)
	go func() { defer close(got); scanJobEvents(t, resp.Body, got); resp.Body.Close() }()
	select {
	case ev := <-got:
		t.Fatalf("an event the client had seen was sent again: %+v", ev)
	case <-time.After(1500 * time.Millisecond): // three polls of the record
	}
	if x := e.do(q, "DELETE", "/api/v1/jobs/"+qid, f2.secret, "", nil); x.status != 200 {
		t.Fatalf("DELETE: %d %s", x.status, x.body)
	}
	if ev := <-got; ev.event != "end" || ev.id != "0-2" || ev.job.State != jobs.StateCancelled {
		t.Errorf("after the cancel: %+v, want end 0-2", ev)
	}
	// Shutdown: an open stream of a queued job ends.
	qid2 := e.do(q, "POST", "/api/v1/jobs/address-match", f2.secret, "text/csv", strings.NewReader(small)).job(t).ID
	req2, _ := http.NewRequestWithContext(ctx, "GET", q.srv.URL+"/api/v1/jobs/"+qid2+"/events", nil)
	req2.Header.Set("Authorization", "Api-Key "+f2.secret)
	resp2, err := http.DefaultClient.Do(req2)
	if err != nil || resp2.StatusCode != 200 {
		t.Fatalf("events of the second queued job: %v %v", err, resp2)
	}
	closed := make(chan []jobEvent)
	go func() { closed <- scanJobEvents(t, resp2.Body, nil); resp2.Body.Close() }()
	time.Sleep(700 * time.Millisecond)
	q.api.CloseStreams()
	select {
	case evs := <-closed:
		if len(evs) != 1 || evs[0].id != "0-0" {
			t.Errorf("stream before the shutdown: %+v, want the queued job's event 0-0", evs)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the job's event stream stayed open after CloseStreams")
	}
}

// TestJobsResultsFormatAndIDs: results' format is one of its enum in any
// case (CSV or NDJSON), sent empty or unknown it is 422 invalid_params; a
// path id that is not a job id is 422 invalid_params on every job route,
// a well-formed one the organisation does not have 404.
func TestJobsResultsFormatAndIDs(t *testing.T) {
	e := newJobsEnv(t, 300)
	a := e.start("a", true, 5*time.Second, 50)
	f := e.key(ratelimit.PlanScale, 0)
	body, _ := e.csvOf(30, 0)
	id := e.do(a, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader(body)).job(t).ID
	e.waitJob(a, id, f.secret, 2*time.Minute, ended)
	for _, c := range []struct {
		query, accept string
		status        int
		ct            string
	}{
		{"", "", 200, "application/x-ndjson"},
		{"", "text/csv", 200, "text/csv"},
		{"?format=csv", "", 200, "text/csv"},
		{"?format=CSV", "", 200, "text/csv"},
		{"?format=NDJSON", "text/csv", 200, "application/x-ndjson"},
		{"?format=", "", 422, ""},
		{"?format=", "text/csv", 422, ""},
		{"?format=xml", "", 422, ""},
	} {
		var hdr []string
		if c.accept != "" {
			hdr = []string{"Accept", c.accept}
		}
		x := e.do(a, "GET", "/api/v1/jobs/"+id+"/results"+c.query, f.secret, "", nil, hdr...)
		if x.status != c.status || c.ct != "" && !strings.HasPrefix(x.header.Get("Content-Type"), c.ct) {
			t.Errorf("results%s (Accept %q): %d %s %.120s", c.query, c.accept, x.status, x.header.Get("Content-Type"), x.body)
		}
		if c.status == 422 && (x.code() != api.CodeInvalidParams || !strings.Contains(string(x.body), `"parameter":"format"`)) {
			t.Errorf("results%s: %s", c.query, x.body)
		}
	}
	for _, p := range []struct{ method, suffix string }{{"GET", ""}, {"GET", "/results"}, {"GET", "/events"}, {"DELETE", ""}} {
		for _, bad := range []string{"nope", "job_XYZ", strings.ToUpper(id), id + "0"} {
			if x := e.do(a, p.method, "/api/v1/jobs/"+bad+p.suffix, f.secret, "", nil); x.status != 422 || x.code() != api.CodeInvalidParams {
				t.Errorf("%s /jobs/%s%s: %d %s", p.method, bad, p.suffix, x.status, x.body)
			}
		}
		if x := e.do(a, p.method, "/api/v1/jobs/"+jobs.NewID()+p.suffix, f.secret, "", nil); x.status != 404 || x.code() != api.CodeNotFound {
			t.Errorf("%s an unknown job%s: %d %s", p.method, p.suffix, x.status, x.body)
		}
	}
}
