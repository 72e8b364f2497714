//go:build integration

package integration

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/ratelimit"
)

// unqueue leaves a job as a process that died between recording it and
// queuing it would: its record says queued, the queue has no message.
func (e *jobsEnv) unqueue(in *instance, org, id string) {
	t := e.t
	ctx := context.Background()
	q := in.js.Store.QueueKey()
	msgs, err := e.rdb.XRange(ctx, q, "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.Values["job"] == id {
			e.rdb.XDel(ctx, q, m.ID)
		}
	}
	key := e.ns + "{org:" + org + "}:job:" + id
	if n, err := e.rdb.HSet(ctx, key, "queued", 0).Result(); err != nil || n != 0 {
		t.Fatalf("job record %s: %d new fields, %v", key, n, err)
	}
}

// queued counts the queue's messages for a job.
func (e *jobsEnv) queued(in *instance, id string) int {
	msgs, err := e.rdb.XRange(context.Background(), in.js.Store.QueueKey(), "-", "+").Result()
	if err != nil {
		e.t.Fatal(err)
	}
	n := 0
	for _, m := range msgs {
		if m.Values["job"] == id {
			n++
		}
	}
	return n
}

// TestJobsRequeueUnqueued: a job recorded but never queued (the process
// died between the two) is queued once by the reaper — several reapers at
// once, and again later, still queue it once — not before it is
// RequeueAfter old, and a runner that starts picks it up and finishes it
// with every row.
func TestJobsRequeueUnqueued(t *testing.T) {
	e := newJobsEnv(t, 300)
	const grace = 2 * time.Second
	e.requeueAfter = grace
	api := e.start("api-only", false, 3*time.Second, 50)
	f := e.key(ratelimit.PlanPayg, 100_000)
	body, want := e.csvOf(200, 0)
	id := e.submit(api, f.secret, body)
	if n := e.queued(api, id); n != 1 {
		t.Fatalf("a job as uploaded: %d queue messages, want 1", n)
	}
	e.unqueue(api, f.org.ID, id)
	ctx := context.Background()
	// Too young: not queued yet.
	if ids, err := api.js.Store.Reap(ctx, time.Hour); err != nil || len(ids) != 0 {
		t.Fatalf("reap of a young job: %v %v", ids, err)
	}
	time.Sleep(grace + 100*time.Millisecond)
	// Three reapers at once, then once more: one message.
	var wg sync.WaitGroup
	var mu sync.Mutex
	requeued := 0
	for k := 0; k < 3; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids, err := api.js.Store.Reap(ctx, grace)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			requeued += len(ids)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if ids, err := api.js.Store.Reap(ctx, grace); err != nil || len(ids) != 0 {
		t.Errorf("reaped again: %v %v", ids, err)
	}
	if n := e.queued(api, id); requeued != 1 || n != 1 {
		t.Fatalf("requeued %d times, %d queue messages; want 1 and 1", requeued, n)
	}
	// A second job left unqueued: the runner's own reaper queues it when
	// it starts (once it is grace old).
	body2, want2 := e.csvOf(120, 0)
	r2 := e.do(api, "POST", "/api/v1/jobs/address-match", f.secret, "text/csv", strings.NewReader(body2))
	if r2.status != 202 {
		t.Fatalf("second POST: %d %s", r2.status, r2.body)
	}
	id2 := r2.job(t).ID
	e.unqueue(api, f.org.ID, id2)
	time.Sleep(grace + 100*time.Millisecond)
	w := e.start("worker", true, 3*time.Second, 50)
	j := e.waitJob(w, id, f.secret, 3*time.Minute, ended)
	j2 := e.waitJob(w, id2, f.secret, 3*time.Minute, ended)
	if j.State != jobs.StateDone || j.Done != 200 || j2.State != jobs.StateDone || j2.Done != 120 {
		t.Fatalf("jobs ended %+v / %+v", j, j2)
	}
	checkRows(t, e.results(w, id, f.secret), want, 0)
	checkRows(t, e.results(w, id2, f.secret), want2, 0)
	if j.Charged != 200 || j2.Charged != 120 {
		t.Errorf("charged %d and %d, want 200 and 120", j.Charged, j2.Charged)
	}
}

// TestJobsWorkerProcessKilled: the first worker is a separate API process
// (cmd/propertyapi, built for the test) killed with SIGKILL in the middle
// of a job; an in-process instance takes the job over after the lease and
// finishes it. Every row is in the results once, in order, and each
// matched row is paid once.
func TestJobsWorkerProcessKilled(t *testing.T) {
	e := newJobsEnv(t, 300)
	bin := filepath.Join(t.TempDir(), "propertyapi")
	build := exec.Command("go", "build", "-o", bin, "../cmd/propertyapi")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	proc := exec.Command(bin)
	proc.Env = append(os.Environ(), "OPENSEARCH_URL="+e.osURL, "REDIS_URL="+testenv.RedisURL(t), "INDEX_PREFIX="+e.prefix,
		"RATELIMIT_NAMESPACE="+e.ns, "JOBS_DIR="+e.dir, "JOBS_LEASE=3s", "JOBS_CONSUMER=process-a", "LISTEN_ADDR="+addr, "LOG_LEVEL=warn")
	var logs bytes.Buffer
	proc.Stdout, proc.Stderr = &logs, &logs
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	t.Cleanup(func() {
		if !killed {
			proc.Process.Kill()
			proc.Wait()
		}
	})
	a := &instance{srv: &httptest.Server{URL: "http://" + addr}}
	for i := 0; ; i++ {
		if r, err := http.Get(a.srv.URL + "/api/ping"); err == nil {
			r.Body.Close()
			break
		}
		if i > 100 {
			t.Fatalf("the API process did not start:\n%s", logs.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	f := e.key(ratelimit.PlanPayg, 100_000)
	const rows = 20000
	id, want := e.uploadUntil(a, f.secret, rows, 700, 500)
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	proc.Wait()
	killed = true
	killedAt := time.Now()
	b := e.start("worker-b", true, 3*time.Second, 500)
	jk := e.do(b, "GET", "/api/v1/jobs/"+id, f.secret, "", nil).job(t)
	t.Logf("process-a killed (SIGKILL) at row %d of %d (state %s)", jk.Done, jk.Rows, jk.State)
	if jk.Done >= jk.Rows {
		t.Fatal("the job finished before the kill; nothing was resumed")
	}
	j := e.waitJob(b, id, f.secret, 5*time.Minute, ended)
	if j.State != jobs.StateDone || j.Done != rows {
		t.Fatalf("job ended %+v", j)
	}
	t.Logf("SIGKILL restart: killed at row %d, finished by worker-b %s after the kill", jk.Done, time.Since(killedAt).Round(time.Millisecond))
	checkRows(t, e.results(b, id, f.secret), want, 700)
	bal, _, err := f.svc.Store().Balance(context.Background(), f.org.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j.Charged != rows-1 || 100_000-bal != rows-1 {
		t.Errorf("charged %d, balance spent %d; want %d each", j.Charged, 100_000-bal, rows-1)
	}
	checkLedger(t, f.svc, f.org.ID)
}
