//go:build integration

package integration

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/addrmatch"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// jobsEnv is a generated address index, one Redis namespace and a shared
// jobs directory: the instances of a test (API + runner each, on
// loopback) share them as separate servers would.
type jobsEnv struct {
	t      *testing.T
	osURL  string
	prefix string
	rdb    redis.UniversalClient
	ns     string
	store  *ratelimit.RedisStore
	dir    string
	addrs  []mappings.Address
	// requeueAfter is the runners' jobs.Config.RequeueAfter (0: default).
	requeueAfter time.Duration
}

func newJobsEnv(t *testing.T, properties int) *jobsEnv {
	osURL, prefix := testenv.OpenSearchURL(t), testenv.IndexPrefix(t)
	rdb, ns := keysRedis(t)
	c, err := synth.Collect(synth.Config{Seed: 3, Properties: properties})
	if err != nil {
		t.Fatal(err)
	}
	docs := c.Map(mappings.IndexAddresses)
	fixture.Load(t, osURL, prefix, mappings.IndexAddresses, docs)
	refresh(t, osURL, prefix+mappings.IndexAddresses)
	e := &jobsEnv{t: t, osURL: osURL, prefix: prefix, rdb: rdb, ns: ns, store: ratelimit.NewRedisStore(rdb, ns), dir: t.TempDir()}
	for _, d := range docs {
		b, _ := json.Marshal(d)
		var a mappings.Address
		json.Unmarshal(b, &a)
		if a.FlatCount == 0 {
			e.addrs = append(e.addrs, a)
		}
	}
	sort.Slice(e.addrs, func(i, j int) bool { return e.addrs[i].UPRN < e.addrs[j].UPRN })
	return e
}

// instance is one API server with its job runner.
type instance struct {
	srv    *httptest.Server
	api    *api.Server
	js     *jobs.Service
	cancel context.CancelFunc
	done   chan struct{}
}

// start runs an API server and, when runner is true, its job runner
// (consumer name, lease).
func (e *jobsEnv) start(name string, runner bool, lease time.Duration, batch int) *instance {
	t := e.t
	svc := ratelimit.New(e.store, ratelimit.Options{})
	sc := searchClient(t, search.Config{URLs: []string{e.osURL}, RequestTimeout: time.Minute})
	js := jobs.New(jobs.Config{Redis: e.rdb, Namespace: e.ns, Dir: e.dir, Limits: svc, Consumer: name, Lease: lease, BatchRows: batch, RequeueAfter: e.requeueAfter,
		Matcher: &addrmatch.Matcher{Search: sc, Index: e.prefix + mappings.IndexAddresses, Thresholds: addrmatch.DefaultThresholds},
		Logger:  zerolog.Nop()})
	s := api.NewServer(api.Options{Backend: sc, IndexPrefix: e.prefix, Logger: zerolog.Nop(), Gate: gate.New(svc, gate.Options{}).Wrap, Accounts: svc, Jobs: js})
	in := &instance{srv: httptest.NewServer(s), api: s, js: js, done: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	in.cancel = cancel
	if runner {
		go func() { defer close(in.done); js.Run(ctx) }()
	} else {
		close(in.done)
	}
	t.Cleanup(func() { in.kill(); in.srv.Close() })
	return in
}

// kill stops the runner where it is: no lease released, no batch
// finished (what a killed process leaves).
func (in *instance) kill() { in.cancel(); <-in.done }

func (e *jobsEnv) key(plan string, tokens int64) keysFixture {
	spec := ratelimit.KeySpec{Plan: plan, RateOverride: ratelimit.Unlimited}
	f := newKeysFixture(e.t, e.store, spec)
	if tokens > 0 {
		f.addTokens(e.t, tokens, "jobs test")
	}
	return f
}

type jobResp struct {
	status int
	header http.Header
	body   []byte
}

func (e *jobsEnv) do(in *instance, method, path, secret, contentType string, body io.Reader, hdr ...string) jobResp {
	e.t.Helper()
	req, _ := http.NewRequest(method, in.srv.URL+path, body)
	if secret != "" {
		req.Header.Set("Authorization", "Api-Key "+secret)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return jobResp{resp.StatusCode, resp.Header, b}
}

func (r jobResp) job(t *testing.T) jobs.Job {
	t.Helper()
	var j jobs.Job
	if err := json.Unmarshal(r.body, &j); err != nil || j.ID == "" {
		t.Fatalf("not a job (%d): %s", r.status, r.body)
	}
	return j
}

func (r jobResp) code() string {
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.Unmarshal(r.body, &e)
	return e.Error.Code
}

// csvOf is an upload of n addresses of the index (cycling), with a bad
// row (unclosed quote) at badAt (0: none); it returns the want UPRN of
// each row (0 for the bad row).
func (e *jobsEnv) csvOf(n, badAt int) (string, []int64) {
	var b strings.Builder
	b.WriteString("id,address,postcode\n")
	want := make([]int64, 0, n)
	for i := 0; i < n; i++ {
		if badAt > 0 && i == badAt {
			fmt.Fprintf(&b, "r%d,\"broken, 1 Nowhere Street,XX1 1XX\n", i)
			want = append(want, 0)
			continue
		}
		a := e.addrs[i%len(e.addrs)]
		text := mappings.JoinNonEmpty(", ", a.SubBuilding, a.BuildingName, strings.TrimSpace(a.BuildingNumber+" "+a.StreetName), a.PostTown)
		fmt.Fprintf(&b, "r%d,\"%s\",%s\n", i, strings.ReplaceAll(text, `"`, `""`), a.Postcode)
		want = append(want, a.UPRN)
	}
	return b.String(), want
}

// submit uploads a CSV body as a job through in and returns its id; any
// answer but 202 fails the test.
func (e *jobsEnv) submit(in *instance, secret, body string) string {
	e.t.Helper()
	r := e.do(in, "POST", "/api/v1/jobs/address-match", secret, "text/csv", strings.NewReader(body))
	if r.status != 202 {
		e.t.Fatalf("POST: %d %s", r.status, r.body)
	}
	return r.job(e.t).ID
}

// uploadUntil uploads rows addresses (an unreadable row at badAt) as a job
// through in and waits until done rows are committed; it returns the job
// and the want UPRN of each row.
func (e *jobsEnv) uploadUntil(in *instance, secret string, rows, badAt, done int) (string, []int64) {
	e.t.Helper()
	body, want := e.csvOf(rows, badAt)
	id := e.submit(in, secret, body)
	e.waitJob(in, id, secret, 3*time.Minute, func(j jobs.Job) bool { return j.Done >= done })
	return id, want
}

// waitJob polls a job until it ends (or until cond holds).
func (e *jobsEnv) waitJob(in *instance, id, secret string, timeout time.Duration, cond func(jobs.Job) bool) jobs.Job {
	e.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		r := e.do(in, "GET", "/api/v1/jobs/"+id, secret, "", nil)
		if r.status != 200 {
			e.t.Fatalf("GET job: %d %s", r.status, r.body)
		}
		j := r.job(e.t)
		if cond(j) {
			return j
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("job %s: still %s (%d/%d) after %s", id, j.State, j.Done, j.Rows, timeout)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func ended(j jobs.Job) bool { return jobs.Terminal(j.State) }

// results reads a job's NDJSON results.
func (e *jobsEnv) results(in *instance, id, secret string) []jobs.Result {
	e.t.Helper()
	r := e.do(in, "GET", "/api/v1/jobs/"+id+"/results", secret, "", nil)
	if r.status != 200 {
		e.t.Fatalf("results: %d %s", r.status, r.body)
	}
	var out []jobs.Result
	sc := bufio.NewScanner(strings.NewReader(string(r.body)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var x jobs.Result
		if err := json.Unmarshal(sc.Bytes(), &x); err != nil {
			e.t.Fatalf("results line: %v", err)
		}
		out = append(out, x)
	}
	return out
}

// checkRows checks every row is there once, in input order, with its
// line, and that the rows were matched right (no wrong UPRN accepted).
func checkRows(t *testing.T, rs []jobs.Result, want []int64, badAt int) {
	t.Helper()
	if len(rs) != len(want) {
		t.Fatalf("%d result rows, want %d", len(rs), len(want))
	}
	right := 0
	for i, r := range rs {
		if r.Row != i || r.ID != fmt.Sprintf("r%d", i) && i != badAt {
			t.Fatalf("result %d is row %d id %s: lost, duplicated or out of order", i, r.Row, r.ID)
		}
		if badAt > 0 && i == badAt {
			if r.Status != jobs.StatusError || r.Error != "unclosed quote" || r.Line != i+2 {
				t.Errorf("bad row: %+v, want error unclosed quote at line %d", r, i+2)
			}
			continue
		}
		if r.Status == jobs.StatusMatched && (r.UPRN == nil || *r.UPRN != want[i]) {
			t.Errorf("row %d accepted with a wrong UPRN: %+v", i, r)
		}
		if r.Status == jobs.StatusMatched {
			right++
		}
	}
	if right < len(want)*9/10 {
		t.Errorf("only %d of %d rows matched", right, len(want))
	}
}

// usage is the calls charged to the key's meter this period.
func usage(t *testing.T, f keysFixture, route string) int {
	t.Helper()
	p := ratelimit.PeriodAt(time.Now(), f.org.AnchorDay)
	n, err := f.svc.Store().Usage(context.Background(), f.org.ID, f.key.Meter, p.ID(), "")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestJobsEndToEnd: an upload (CSV body and multipart, with a bad row and
// an Idempotency-Key) is matched, followed over SSE, read in order as
// NDJSON and CSV, charged one call per matched row and nothing for the bad
// row; another organisation gets 404; bad uploads are refused before any
// charge.
func TestJobsEndToEnd(t *testing.T) {
	e := newJobsEnv(t, 300)
	a := e.start("a", true, 5*time.Second, 100)
	f := e.key(ratelimit.PlanScale, 0)
	other := newKeysFixture(t, e.store, ratelimit.KeySpec{Plan: ratelimit.PlanScale, RateOverride: ratelimit.Unlimited})

	body, want := e.csvOf(450, 200)
	r := e.do(a, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader(body), "Idempotency-Key", "upload-1")
	if r.status != 202 {
		t.Fatalf("POST: %d %s", r.status, r.body)
	}
	j := r.job(t)
	if j.Rows != 450 || r.header.Get("Location") != "/api/v1/jobs/"+j.ID {
		t.Fatalf("job %+v, Location %q", j, r.header.Get("Location"))
	}
	// The same upload with the same key: the same job; another upload: 422.
	r2 := e.do(a, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader(body), "Idempotency-Key", "upload-1")
	if r2.status != 202 || r2.job(t).ID != j.ID || r2.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("resubmission: %d %s", r2.status, r2.body)
	}
	if r3 := e.do(a, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader("address\n1 Other Street\n"), "Idempotency-Key", "upload-1"); r3.status != 422 || r3.code() != api.CodeIdempotencyReused {
		t.Fatalf("key reused for another upload: %d %s", r3.status, r3.body)
	}
	// SSE: progress events, then the end event.
	req, _ := http.NewRequest("GET", a.srv.URL+"/api/v1/jobs/"+j.ID+"/events", nil)
	req.Header.Set("Authorization", "Api-Key "+f.secret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: %v %v", err, resp)
	}
	events, last := 0, ""
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "event: ") {
			events++
			last = strings.TrimPrefix(line, "event: ")
			if last == "end" {
				break
			}
		}
	}
	resp.Body.Close()
	if last != "end" || events < 2 {
		t.Errorf("events: %d, last %q", events, last)
	}
	j = e.waitJob(a, j.ID, f.secret, 3*time.Minute, ended)
	if j.State != jobs.StateDone || j.Done != 450 || j.Errors != 1 || j.Matched+j.Review+j.NoMatch != 449 {
		t.Fatalf("job ended %+v", j)
	}
	rs := e.results(a, j.ID, f.secret)
	checkRows(t, rs, want, 200)
	if j.Charged != 449 || usage(t, f, jobs.Route) != 449 {
		t.Errorf("charged %d, usage %d; want 449 (450 rows, one could not be read)", j.Charged, usage(t, f, jobs.Route))
	}
	// CSV results: header, then the rows in order.
	rc := e.do(a, "GET", "/api/v1/jobs/"+j.ID+"/results?format=csv", f.secret, "", nil)
	recs, err := csv.NewReader(strings.NewReader(string(rc.body))).ReadAll()
	if err != nil || rc.status != 200 || len(recs) != 451 || recs[0][0] != "row" || recs[1][2] != "r0" || recs[201][3] != "error" {
		t.Fatalf("CSV results: %d %v (%d records)", rc.status, err, len(recs))
	}
	// Listed for its organisation; another organisation's id answers 404.
	if l := e.do(a, "GET", "/api/v1/jobs", f.secret, "", nil); l.status != 200 || !strings.Contains(string(l.body), j.ID) {
		t.Errorf("list: %d %s", l.status, l.body)
	}
	for _, p := range []struct{ method, path string }{{"GET", ""}, {"GET", "/results"}, {"GET", "/events"}, {"DELETE", ""}} {
		if x := e.do(a, p.method, "/api/v1/jobs/"+j.ID+p.path, other.secret, "", nil); x.status != 404 {
			t.Errorf("%s %s as another organisation: %d", p.method, p.path, x.status)
		}
	}
	if l := e.do(a, "GET", "/api/v1/jobs", other.secret, "", nil); strings.Contains(string(l.body), j.ID) {
		t.Errorf("another organisation lists the job")
	}
	// A multipart upload from a browser.
	var mb strings.Builder
	mw := multipart.NewWriter(&mb)
	fw, _ := mw.CreateFormFile("file", "list.csv")
	small, _ := e.csvOf(20, 0)
	io.WriteString(fw, small)
	mw.Close()
	rm := e.do(a, "POST", "/api/v1/jobs/address-match", f.secret, mw.FormDataContentType(), strings.NewReader(mb.String()))
	if rm.status != 202 || rm.job(t).Rows != 20 || rm.job(t).Filename != "list.csv" {
		t.Fatalf("multipart: %d %s", rm.status, rm.body)
	}
	e.waitJob(a, rm.job(t).ID, f.secret, 2*time.Minute, ended)

	// Bad uploads: refused with a clear 4xx, nothing charged.
	before := usage(t, f, jobs.Route)
	free := e.key(ratelimit.PlanFree, 0)
	tooMany, _ := e.csvOf(1001, 0)
	for _, c := range []struct {
		name, ct, body, secret string
		status                 int
		code                   string
	}{
		{"no address column", "text/csv", "id,name\n1,x\n", f.secret, 422, api.CodeMissingAddressColumn},
		{"header only", "text/csv", "id,address,postcode\n", f.secret, 422, api.CodeEmptyUpload},
		{"not UTF-8", "text/csv", "address\n1 High St\n\xff\xfe\n", f.secret, 422, api.CodeNotUTF8},
		{"unknown format", "application/xml", "<a/>", f.secret, 415, api.CodeUnsupportedMedia},
		{"over the plan's rows", "text/csv", tooMany, free.secret, 413, api.CodeTooManyRows},
		{"no key", "text/csv", "address\n1 High St\n", "", 401, ""},
	} {
		x := e.do(a, "POST", "/api/v1/jobs/address-match", c.secret, c.ct, strings.NewReader(c.body))
		if x.status != c.status || c.code != "" && x.code() != c.code {
			t.Errorf("%s: %d %s, want %d %s", c.name, x.status, x.body, c.status, c.code)
		}
	}
	if got := usage(t, f, jobs.Route); got != before {
		t.Errorf("refused uploads charged %d calls", got-before)
	}
	if n := usage(t, free, jobs.Route); n != 0 {
		t.Errorf("refused upload of the free key charged %d", n)
	}
}

// TestJobsWorkerKilled: two API instances on loopback share the queue. The
// first runner is killed in the middle of a job; the second takes the job
// over after the lease and finishes it from the last committed row. Every
// row is in the results once, in order, and the token balance pays each
// matched row exactly once, while the same organisation's second job and
// its ordinary calls charge the same balance concurrently.
func TestJobsWorkerKilled(t *testing.T) {
	e := newJobsEnv(t, 300)
	const lease = 3 * time.Second
	a := e.start("worker-a", true, lease, 50)
	f := e.key(ratelimit.PlanPayg, 100_000)
	// Rows enough that the job is still running when the worker is
	// killed (a job's rows of one small index are matched fast: its
	// candidates are cached).
	const rows = 20000
	id, want := e.uploadUntil(a, f.secret, rows, 700, 300)
	killedAt := time.Now()
	a.kill()
	jk := e.do(a, "GET", "/api/v1/jobs/"+id, f.secret, "", nil).job(t)
	t.Logf("worker-a killed at row %d of %d (state %s)", jk.Done, jk.Rows, jk.State)
	if jk.Done >= jk.Rows {
		t.Fatal("the job finished before the kill; nothing was resumed")
	}
	b := e.start("worker-b", true, lease, 50)
	// A second job and ordinary calls of the same organisation meanwhile.
	body2, want2 := e.csvOf(400, 0)
	r2 := e.do(b, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader(body2))
	if r2.status != 202 {
		t.Fatalf("second job: %d %s", r2.status, r2.body)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	calls := 0
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				x := e.do(b, "GET", "/api/v1/address/match?address=1+High+Street", f.secret, "", nil)
				if x.status == 200 {
					mu.Lock()
					calls++
					mu.Unlock()
				}
			}
		}()
	}
	j := e.waitJob(b, id, f.secret, 5*time.Minute, ended)
	resumed := time.Since(killedAt)
	j2 := e.waitJob(b, r2.job(t).ID, f.secret, 5*time.Minute, ended)
	wg.Wait()
	if j.State != jobs.StateDone || j.Done != rows || j2.State != jobs.StateDone {
		t.Fatalf("jobs ended %+v / %+v", j, j2)
	}
	t.Logf("restart: killed at row %d, taken over and finished by worker-b %s after the kill (lease %s); %.0f rows/s overall", jk.Done, resumed.Round(time.Millisecond), lease, j.RowsPerSecond)
	checkRows(t, e.results(b, id, f.secret), want, 700)
	checkRows(t, e.results(b, j2.ID, f.secret), want2, 0)
	// Exact money: rows - 1 + 400 rows and the calls, each paid once.
	bal, _, err := f.svc.Store().Balance(context.Background(), f.org.ID)
	if err != nil {
		t.Fatal(err)
	}
	wantSpent := int64(rows-1+400) + int64(calls*5)
	if j.Charged != rows-1 || j2.Charged != 400 || 100_000-bal != wantSpent {
		t.Errorf("charged %d + %d, balance spent %d; want %d + 400 and %d spent (%d calls of 5)", j.Charged, j2.Charged, 100_000-bal, rows-1, wantSpent, calls)
	}
	checkLedger(t, f.svc, f.org.ID)
}

// TestJobsCancel: a cancelled job keeps and pays its finished rows only.
func TestJobsCancel(t *testing.T) {
	e := newJobsEnv(t, 300)
	a := e.start("a", true, 5*time.Second, 50)
	f := e.key(ratelimit.PlanScale, 0)
	// Enough rows to be running still when the DELETE arrives: the job's
	// cache answers repeated rows at thousands a second.
	const rows = 100_000
	body, _ := e.csvOf(rows, 0)
	id := e.do(a, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader(body)).job(t).ID
	e.waitJob(a, id, f.secret, 3*time.Minute, func(j jobs.Job) bool { return j.Done >= 100 })
	if r := e.do(a, "DELETE", "/api/v1/jobs/"+id, f.secret, "", nil); r.status != 200 || r.job(t).State != jobs.StateCancelled {
		t.Fatalf("DELETE: %d %s", r.status, r.body)
	}
	time.Sleep(2 * time.Second) // the batch in flight is committed
	j := e.do(a, "GET", "/api/v1/jobs/"+id, f.secret, "", nil).job(t)
	rs := e.results(a, id, f.secret)
	if j.State != jobs.StateCancelled || j.Done >= rows || len(rs) != j.Done || j.Charged != j.Done || usage(t, f, jobs.Route) != j.Done {
		t.Errorf("cancelled job %+v: %d result rows, usage %d", j, len(rs), usage(t, f, jobs.Route))
	}
	if r := e.do(a, "DELETE", "/api/v1/jobs/"+id, f.secret, "", nil); r.status != 200 {
		t.Errorf("cancel again: %d", r.status)
	}
	// Cancelling does not delete (docs/decisions.md): the job, its end
	// event and its finished rows (paid) stay readable, as CSV too.
	evs, status := readJobEvents(t, a, id, f.secret, "")
	if status != 200 || len(evs) != 1 || evs[0].event != "end" || evs[0].id != j.EventID() || evs[0].job.State != jobs.StateCancelled {
		t.Errorf("events of the cancelled job: %d %+v", status, evs)
	}
	if r := e.do(a, "GET", "/api/v1/jobs/"+id+"/results?format=csv", f.secret, "", nil); r.status != 200 || strings.Count(string(r.body), "\n") != j.Done+1 {
		t.Errorf("CSV results of the cancelled job: %d, %d lines for %d rows", r.status, strings.Count(string(r.body), "\n"), j.Done)
	}
}

// TestChargeOnceUnderConcurrency: the same batch charged by many workers at
// once (a redone batch racing its first run) is paid once, on Redis.
func TestChargeOnceUnderConcurrency(t *testing.T) {
	rdb, ns := keysRedis(t)
	store := ratelimit.NewRedisStore(rdb, ns)
	f := newKeysFixture(t, store, ratelimit.KeySpec{Plan: ratelimit.PlanPayg, RateOverride: ratelimit.Unlimited})
	f.addTokens(t, 10_000, "charge once")
	p := ratelimit.Principal{Key: f.key, Org: f.org}
	p.Plan, _ = ratelimit.PlanByName(ratelimit.PlanPayg)
	var wg sync.WaitGroup
	var mu sync.Mutex
	charged, already := 0, 0
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			batch := fmt.Sprint(i % 4) // four batches, ten workers each
			d, again, err := f.svc.ChargeOnce(context.Background(), p, ratelimit.Call{Route: jobs.Route, Weight: 500}, "job:test", batch, time.Hour)
			if err != nil || !d.Allowed {
				t.Errorf("charge: %v %+v", err, d)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if again {
				already++
			} else {
				charged += d.Weight
			}
		}()
	}
	wg.Wait()
	bal, _, _ := store.Balance(context.Background(), f.org.ID)
	if charged != 2000 || already != 36 || bal != 8000 {
		t.Errorf("charged %d (want 2000), repeats %d (want 36), balance %d (want 8000)", charged, already, bal)
	}
	checkLedger(t, f.svc, f.org.ID)
}
