//go:build integration && reliability

package integration

// The slow fault tests of the reliability suite, run one at a time
// by `make reliability`: Redis killed and frozen under load, OpenSearch
// killed and restarted under load, an alias swap under load, a node of a
// three-node cluster killed under read load, and a soak (SOAK=30m). Every
// destructive test runs its own processes on free loopback ports.

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// findWeight is the call weight of address.find (api/routes.go).
const findWeight = 2

var relQueries = []string{"high street", "mill road", "station road", "church lane", "queens road", "EX1 1", "park road", "12 high st"}

// findRequests makes keyed address.find requests to base.
func findRequests(base, secret string) func(w, i int) *http.Request {
	return func(w, i int) *http.Request {
		q := relQueries[(w*7+i)%len(relQueries)]
		req, _ := http.NewRequest(http.MethodGet, base+"/api/address/find?q="+url.QueryEscape(q), nil)
		req.Header.Set("Authorization", "Api-Key "+secret)
		return req
	}
}

func loadAddressFixture(t *testing.T, osURL, prefix string) {
	t.Helper()
	fixture.Load(t, osURL, prefix, mappings.IndexAddresses,
		fixture.Docs(addressFixture(), func(a mappings.Address) string { return strconv.FormatInt(a.UPRN, 10) }))
}

// redisFault runs the API with its gate on a private Redis under load,
// injects the fault at t0, ends it at t1 and checks the contract: only 503
// while Redis is away, 503s fast, service back within 2 s, and every
// success charged.
func redisFault(t *testing.T, mode string) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadAddressFixture(t, osURL, prefix)
	port, dir := freePort(t), t.TempDir()
	own := startOwnRedis(t, port, dir)
	ns := "t-rel-" + mode + ":"
	store := ratelimit.NewRedisStore(keysClient(t, "redis://"+own.addr()), ns) // production timeouts
	a := newRelAPI(t, []string{osURL}, prefix, store, search.Config{})

	lr := startLoad(8, newLoadClient(10*time.Second), findRequests(a.srv.URL, a.secret))
	time.Sleep(2 * time.Second)
	var t0, t1 time.Time
	switch mode {
	case "killed":
		own.kill()
		t0 = time.Now()
		time.Sleep(3 * time.Second)
		startOwnRedis(t, port, dir) // same port and AOF: the counters survive
		t1 = time.Now()
	case "frozen":
		if err := own.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		t0 = time.Now()
		time.Sleep(3 * time.Second)
		if err := own.cmd.Process.Signal(syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
		t1 = time.Now()
	}
	time.Sleep(4 * time.Second)
	ss := lr.stop()

	counts, summary := statusCounts(ss)
	relFigure(t, "requests under load (statuses)", summary, "only 200 and 503", counts[200]+counts[503] == len(ss))
	if counts[200]+counts[503] != len(ss) {
		for _, s := range ss {
			if s.status != 200 && s.status != 503 {
				t.Errorf("status %d %s %s at %v after the fault", s.status, s.code, s.err, s.start.Sub(t0))
				break
			}
		}
	}
	during := between(ss, t0, t1)
	var lat503 []time.Duration
	non503 := 0
	for _, s := range during {
		if s.status == 503 {
			lat503 = append(lat503, s.dur())
		} else {
			non503++
		}
	}
	p99 := percentile(lat503, 99)
	relFigure(t, "responses other than 503 while Redis was "+mode, fmt.Sprintf("%d of %d", non503, len(during)), "0", non503 == 0 && len(during) > 0)
	relFigure(t, "p99 latency of the 503s while Redis was "+mode, ms(p99), "≤ 500 ms", p99 <= 500*time.Millisecond)
	back, first := recoveryAfter(ss, t1)
	relFigure(t, "service back after Redis returned", fmt.Sprintf("%s (first 200 after %s)", ms(back), ms(first)), "≤ 2 s", back <= 2*time.Second && first >= 0)
	if non503 > 0 || p99 > 500*time.Millisecond || back > 2*time.Second || first < 0 {
		t.Errorf("Redis %s: %d non-503 during the fault, p99 %v, back after %v", mode, non503, p99, back)
	}
	reader := ratelimit.NewRedisStore(keysPatientClient(t, "redis://"+own.addr()), ns)
	usage, err := reader.Usage(context.Background(), a.org.ID, a.key.Meter, ratelimit.PeriodAt(time.Now(), a.org.AnchorDay).ID(), "")
	if err != nil {
		t.Fatal(err)
	}
	want := findWeight * counts[200]
	relFigure(t, "calls charged vs successes × weight", fmt.Sprintf("%d charged for %d × %d = %d (over-charge %d)", usage, counts[200], findWeight, want, usage-want),
		"charged ≥ successes × weight", usage >= want)
	if usage < want {
		t.Errorf("usage %d < %d: a success went uncharged", usage, want)
	}
}

func TestReliabilityRedisKilled(t *testing.T) { redisFault(t, "killed") }
func TestReliabilityRedisFrozen(t *testing.T) { redisFault(t, "frozen") }

func randName() string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// TestReliabilityOpenSearchRestart kills a private single-node OpenSearch
// under load and restarts it on the same data: 503/504 (never 500) while it
// is away, no charge for failed requests, service back within 10 s of the
// cluster turning yellow.
func TestReliabilityOpenSearchRestart(t *testing.T) {
	runnerLib(t)
	tp := freePort(t)
	node := newOSNode(t, "rel-restart-"+randName(), runnerHTTPPort(t, 0), tp, []int{tp}, true)
	start := time.Now()
	node.start()
	node.waitHealthy(1, 4*time.Minute)
	relFigure(t, "private OpenSearch node start", ms(time.Since(start)), "-", true)
	prefix := "rel-" + randName() + "-"
	loadAddressFixture(t, node.url(), prefix)
	store := ratelimit.NewMemoryStore()
	a := newRelAPI(t, []string{node.url()}, prefix, store, search.Config{})

	lr := startLoad(8, newLoadClient(30*time.Second), findRequests(a.srv.URL, a.secret))
	time.Sleep(3 * time.Second)
	node.kill()
	t0 := time.Now()
	time.Sleep(3 * time.Second)
	node.start()
	ty := node.waitHealthy(1, 4*time.Minute)
	relFigure(t, "OpenSearch away (kill to yellow)", ms(ty.Sub(t0)), "-", true)
	time.Sleep(12 * time.Second)
	ss := lr.stop()

	counts, summary := statusCounts(ss)
	bad := len(ss) - counts[200] - counts[503] - counts[504]
	relFigure(t, "requests under load (statuses)", summary, "only 200, 503, 504", bad == 0)
	if bad > 0 {
		for _, s := range ss {
			if s.status != 200 && s.status != 503 && s.status != 504 {
				t.Errorf("status %d %s %s at %v after the kill", s.status, s.code, s.err, s.start.Sub(t0))
				break
			}
		}
	}
	var failLat []time.Duration
	for _, s := range between(ss, t0, ty) {
		if s.status != 200 {
			failLat = append(failLat, s.dur())
		}
	}
	relFigure(t, "p99 latency of the 503/504s while OpenSearch was away", ms(percentile(failLat, 99)), "-", true)
	back, first := recoveryAfter(ss, ty)
	relFigure(t, "service back after the cluster turned yellow", fmt.Sprintf("%s (first 200 after %s)", ms(back), ms(first)), "≤ 10 s", back <= 10*time.Second && first >= 0)
	if back > 10*time.Second || first < 0 {
		t.Errorf("not back within 10 s of yellow: %v", back)
	}
	usage := a.usage(t)
	want := findWeight * counts[200]
	relFigure(t, "calls charged vs successes × weight", fmt.Sprintf("%d charged for %d successes (%d failed requests)", usage, counts[200], len(ss)-counts[200]),
		fmt.Sprintf("exactly %d", want), usage == want)
	if usage != want {
		t.Errorf("usage %d, want %d: failed requests must not be charged", usage, want)
	}
}

// TestReliabilityAliasSwap swaps the addresses alias between two indices
// (one _aliases request: remove + add) every 250 ms under load: zero errors.
func TestReliabilityAliasSwap(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	docs := fixture.Docs(addressFixture(), func(a mappings.Address) string { return strconv.FormatInt(a.UPRN, 10) })
	v1, v2 := prefix+"v1-"+mappings.IndexAddresses, prefix+"v2-"+mappings.IndexAddresses
	fixture.Load(t, osURL, prefix+"v1-", mappings.IndexAddresses, docs)
	fixture.Load(t, osURL, prefix+"v2-", mappings.IndexAddresses, docs)
	alias := prefix + mappings.IndexAddresses
	osDo(t, http.MethodPost, osURL+"/_aliases", fmt.Sprintf(`{"actions":[{"add":{"index":%q,"alias":%q}}]}`, v1, alias))
	a := newRelAPI(t, []string{osURL}, prefix, ratelimit.NewMemoryStore(), search.Config{})

	lr := startLoad(8, newLoadClient(30*time.Second), findRequests(a.srv.URL, a.secret))
	from, to := v1, v2
	swaps := 0
	deadline := time.Now().Add(8 * time.Second)
	for time.Now().Before(deadline) {
		time.Sleep(250 * time.Millisecond)
		osDo(t, http.MethodPost, osURL+"/_aliases",
			fmt.Sprintf(`{"actions":[{"remove":{"index":%q,"alias":%q}},{"add":{"index":%q,"alias":%q}}]}`, from, alias, to, alias))
		from, to = to, from
		swaps++
	}
	ss := lr.stop()
	counts, summary := statusCounts(ss)
	relFigure(t, "alias swaps under load", strconv.Itoa(swaps), "-", swaps > 0)
	relFigure(t, "errors during the swaps", fmt.Sprintf("%d of %d requests (%s)", len(ss)-counts[200], len(ss), summary), "0", counts[200] == len(ss))
	if counts[200] != len(ss) {
		t.Errorf("statuses %s during alias swaps", summary)
	}
}

// TestReliabilityClusterFailover forms a three-node cluster, loads the
// address fixture with the indexer's layout flags (--shards 3 --replicas 1:
// the data spread over the nodes, every shard on two of them), checks with
// _cat/shards that the primaries sit on more than one node, learns each
// query's answer, then kills a node holding a primary under read load that
// skips the result cache (every request reaches the engine). Every 200
// during and after the kill must be the answer learnt before it (no partial
// or wrong result), and no read may fail once the survivors have seen the
// node leave.
func TestReliabilityClusterFailover(t *testing.T) {
	runnerLib(t)
	cluster := "rel-3n-" + randName()
	tps := []int{freePort(t), freePort(t), freePort(t)}
	var nodes []*osNode
	start := time.Now()
	port := 0
	for i := range tps {
		port = runnerHTTPPort(t, port+1)
		nodes = append(nodes, newOSNode(t, cluster, port, tps[i], tps, i == 0))
	}
	nodes[0].start()
	nodes[0].waitHealthy(1, 4*time.Minute)
	nodes[1].start()
	nodes[2].start()
	nodes[0].waitHealthy(3, 4*time.Minute)
	relFigure(t, "three-node cluster formed", ms(time.Since(start)), "-", true)
	var urls []string
	for _, n := range nodes {
		urls = append(urls, n.url())
	}

	// The indexer's bulk load with --shards 3 --replicas 1.
	prefix := "rel-" + randName() + "-"
	dir := t.TempDir()
	docs := addressFixture()
	var nd strings.Builder
	for _, a := range docs {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		nd.Write(b)
		nd.WriteByte('\n')
	}
	if err := os.WriteFile(filepath.Join(dir, mappings.IndexAddresses+".ndjson"), []byte(nd.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	rep, err := indexer.LoadDir(context.Background(), indexer.LoadConfig{URLs: urls, Prefix: prefix, Indices: []string{mappings.IndexAddresses},
		Shards: 3, Replicas: 1, Logger: newKeyLog(t).logger()}, dir)
	if err != nil {
		t.Fatalf("indexer load --shards 3 --replicas 1: %v", err)
	}
	alias := prefix + mappings.IndexAddresses
	osDo(t, http.MethodGet, nodes[0].url()+"/_cluster/health/"+alias+"?wait_for_status=green&timeout=120s", "")
	relFigure(t, fmt.Sprintf("indexer load of %d addresses, 3 shards × 2 copies, green", len(docs)), ms(time.Since(t0)), "-", rep != nil)

	// Where the shards are.
	var cat []struct {
		Index, Shard, Prirep, State, ID, Docs string
	}
	if err := json.Unmarshal(osDo(t, http.MethodGet, nodes[0].url()+"/_cat/shards/"+alias+"?format=json&h=index,shard,prirep,state,id,docs", ""), &cat); err != nil {
		t.Fatal(err)
	}
	primaryNodes, copies := map[string]int{}, map[string]map[string]bool{}
	for _, c := range cat {
		if c.State != "STARTED" {
			t.Errorf("shard %s%s %s", c.Shard, c.Prirep, c.State)
		}
		if c.Prirep == "p" {
			primaryNodes[c.ID]++
		}
		if copies[c.Shard] == nil {
			copies[c.Shard] = map[string]bool{}
		}
		copies[c.Shard][c.ID] = true
	}
	layout := fmt.Sprintf("%d shard copies, primaries on %d node(s) %v", len(cat), len(primaryNodes), primaryNodes)
	relFigure(t, "address index layout (_cat/shards)", layout, "primaries on > 1 node, 3 shards × 2 copies", len(primaryNodes) > 1 && len(cat) == 6 && len(copies) == 3)
	if len(primaryNodes) < 2 || len(cat) != 6 || len(copies) != 3 {
		t.Fatalf("layout %s: %+v", layout, cat)
	}
	for sh, on := range copies {
		if len(on) != 2 {
			t.Errorf("shard %s has copies on %d node(s), want 2", sh, len(on))
		}
	}
	// The victim: a node other than the first (the bootstrap node the
	// load's checks talk to) that holds a primary.
	var ids []struct{ ID, HTTP string }
	if err := json.Unmarshal(osDo(t, http.MethodGet, nodes[0].url()+"/_cat/nodes?format=json&h=id,http&full_id=true", ""), &ids); err != nil {
		t.Fatal(err)
	}
	victim := -1
	for i := 1; i < len(nodes) && victim < 0; i++ {
		for _, n := range ids {
			if strings.HasSuffix(n.HTTP, ":"+strconv.Itoa(nodes[i].httpPort)) && primaryNodes[n.ID] > 0 {
				victim = i
			}
		}
	}
	if victim < 0 {
		t.Fatalf("no node but the first holds a primary: %v %+v", primaryNodes, ids)
	}

	a := newRelAPI(t, urls, prefix, ratelimit.NewMemoryStore(), search.Config{})
	// The answer to each query before the fault (the result cache skipped).
	want := map[string]string{}
	for _, q := range relQueries {
		resp, body := get(t, a.srv.URL+"/api/address/find?q="+url.QueryEscape(q), "Authorization", "Api-Key "+a.secret, "Cache-Control", "no-cache")
		if resp.StatusCode != 200 {
			t.Fatalf("%q before the fault: %d %s", q, resp.StatusCode, body)
		}
		want[q] = findAnswer([]byte(body))
		if want[q] == "" {
			t.Fatalf("%q: no suggestions to compare (%s)", q, body)
		}
	}
	next := func(w, i int) *http.Request {
		req := findRequests(a.srv.URL, a.secret)(w, i)
		req.Header.Set("Cache-Control", "no-cache")
		return req
	}
	check := func(req *http.Request, body []byte) bool { return findAnswer(body) == want[req.URL.Query().Get("q")] }
	lr := startCheckedLoad(8, newLoadClient(30*time.Second), next, check)
	time.Sleep(3 * time.Second)
	nodes[victim].kill()
	tk := time.Now()
	// Failover: the survivors see two nodes.
	var tLeft time.Time
	for time.Since(tk) < 2*time.Minute {
		if _, n := nodes[0].health(""); n == 2 {
			tLeft = time.Now()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(8 * time.Second)
	ss := lr.stop()
	counts, summary := statusCounts(ss)
	failedAll := len(ss) - counts[200]
	after, wrong := 0, 0
	for _, s := range ss {
		if !tLeft.IsZero() && !s.start.Before(tLeft) && s.status != 200 {
			after++
		}
		if s.wrong {
			wrong++
		}
	}
	// Every document is still there on the survivors.
	var cnt struct {
		Count  int `json:"count"`
		Shards struct {
			Failed int `json:"failed"`
		} `json:"_shards"`
	}
	_ = json.Unmarshal(osDo(t, http.MethodGet, nodes[0].url()+"/"+alias+"/_count", ""), &cnt)
	relFigure(t, "node left the cluster after the kill", ms(tLeft.Sub(tk)), "-", !tLeft.IsZero())
	relFigure(t, "reads during the whole run (kill included)", fmt.Sprintf("%d, %d failed (%s)", len(ss), failedAll, summary), "-", true)
	relFigure(t, "wrong answers (200 with another result than before the kill)", strconv.Itoa(wrong), "0", wrong == 0)
	relFigure(t, "failed reads after failover", strconv.Itoa(after), "0", after == 0 && !tLeft.IsZero())
	relFigure(t, "documents on the two survivors", fmt.Sprintf("%d of %d (%d shard failures)", cnt.Count, len(docs), cnt.Shards.Failed), strconv.Itoa(len(docs)), cnt.Count == len(docs) && cnt.Shards.Failed == 0)
	if after > 0 || tLeft.IsZero() || wrong > 0 || cnt.Count != len(docs) {
		t.Errorf("%d failed reads after failover, %d wrong answers, %d of %d documents (statuses %s)", after, wrong, cnt.Count, len(docs), summary)
	}
}

// findAnswer is an address/find body reduced to what must not change
// while a node fails: the count and the suggestions (as a sorted set:
// equal scores may come back in another order from another shard copy).
func findAnswer(body []byte) string {
	var r struct {
		Count       int               `json:"count"`
		Suggestions []json.RawMessage `json:"suggestions"`
	}
	if json.Unmarshal(body, &r) != nil || len(r.Suggestions) == 0 {
		return ""
	}
	parts := make([]string, len(r.Suggestions))
	for i, s := range r.Suggestions {
		parts[i] = string(s)
	}
	sort.Strings(parts)
	return strconv.Itoa(r.Count) + "|" + strings.Join(parts, "|")
}

// TestReliabilityIndexerKilled loads 100,000 addresses (1% invalid: an
// unknown field the strict mapping refuses) with the bulk loader into a
// private node, kills the node when about half are in and restarts it: every
// failure must be reported by id, and every document accounted for
// (indexed or failed). A rerun of the same directory must end with exactly
// the 99,000 valid documents: zero duplicates, zero lost.
func TestReliabilityIndexerKilled(t *testing.T) {
	runnerLib(t)
	tp := freePort(t)
	node := newOSNode(t, "rel-indexer-"+randName(), runnerHTTPPort(t, 0), tp, []int{tp}, true)
	node.start()
	node.waitHealthy(1, 4*time.Minute)

	const total, invalidEvery = 100000, 100
	dir := t.TempDir()
	tmpl := addressFixture()
	f, err := os.Create(filepath.Join(dir, mappings.IndexAddresses+".ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	invalid := map[string]bool{}
	valid := map[int64]bool{}
	for i := 0; i < total; i++ {
		a := tmpl[i%len(tmpl)]
		a.UPRN = int64(900000000000 + i)
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if i%invalidEvery == invalidEvery/2 {
			b = append(b[:len(b)-1], `,"not_in_the_mapping":1}`...)
			invalid[strconv.FormatInt(a.UPRN, 10)] = true
		} else {
			valid[a.UPRN] = true
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	prefix := "rel-" + randName() + "-"
	logs := newKeyLog(t)
	cfg := indexer.LoadConfig{URLs: []string{node.url()}, Prefix: prefix, Indices: []string{mappings.IndexAddresses}, Logger: logs.logger()}

	type result struct {
		rep *indexer.Report
		err error
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		rep, err := indexer.LoadDir(context.Background(), cfg, dir)
		done <- result{rep, err}
	}()
	// Kill the node when about half the documents are in the new index.
	var killedAt int64
	c := &http.Client{Timeout: 2 * time.Second}
	for killedAt == 0 {
		select {
		case r := <-done:
			t.Fatalf("the load finished before the kill: %v", r.err)
		case <-time.After(50 * time.Millisecond):
		}
		// Refresh is off during a bulk load: count indexing operations.
		resp, err := c.Get(node.url() + "/" + prefix + mappings.IndexAddresses + "-v*/_stats/indexing")
		if err != nil {
			continue
		}
		var st struct {
			All struct {
				Primaries struct {
					Indexing struct {
						IndexTotal int64 `json:"index_total"`
					} `json:"indexing"`
				} `json:"primaries"`
			} `json:"_all"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		cnt := struct{ Count int64 }{st.All.Primaries.Indexing.IndexTotal}
		if cnt.Count >= total/2 {
			node.kill()
			killedAt = cnt.Count
		}
	}
	t0 := time.Now()
	time.Sleep(2 * time.Second)
	node.start()
	node.waitHealthy(1, 4*time.Minute)
	relFigure(t, "node killed with documents indexed (index_total)", fmt.Sprintf("%d of %d, restarted after %s", killedAt, total, ms(time.Since(t0))), "≈ half", true)
	var r result
	select {
	case r = <-done:
	case <-time.After(10 * time.Minute):
		t.Fatal("the interrupted load did not finish within 10 minutes")
	}
	if r.rep == nil || len(r.rep.Indices) != 1 {
		t.Fatalf("interrupted load: no report (%v)", r.err)
	}
	ir := r.rep.Indices[0]
	reported := map[string]bool{}
	for _, fl := range ir.Failures {
		reported[fl.ID] = true
	}
	missingInvalid := 0
	for id := range invalid {
		if !reported[id] {
			missingInvalid++
		}
	}
	accounted := ir.Indexed + ir.Failed
	relFigure(t, "interrupted load: read / indexed / failed (by id)", fmt.Sprintf("%d / %d / %d in %s (error: %v)", ir.Read, ir.Indexed, ir.Failed, ms(time.Since(start)), r.err != nil), "-", true)
	relFigure(t, "invalid documents not reported by id", fmt.Sprintf("%d of %d", missingInvalid, len(invalid)), "0", missingInvalid == 0)
	relFigure(t, "documents neither indexed nor reported failed", strconv.FormatInt(ir.Read-accounted, 10), "0", ir.Read == accounted)
	if ir.Read != accounted {
		t.Errorf("%d documents neither indexed nor reported (load error: %s)", ir.Read-accounted, ir.Err)
	}
	if ir.NewIndex != "" {
		var cnt struct {
			Count int64 `json:"count"`
		}
		_ = json.Unmarshal(osDo(t, http.MethodGet, node.url()+"/"+ir.NewIndex+"/_count", ""), &cnt)
		// Every document the loader counted as indexed must be in the index
		// after the crash: a lost one would be a failure reported by no id.
		relFigure(t, "interrupted load: acknowledged documents lost in the crash", fmt.Sprintf("%d (%d in the index, %d indexed)", ir.Indexed-cnt.Count, cnt.Count, ir.Indexed), "0", cnt.Count == ir.Indexed)
		if cnt.Count != ir.Indexed {
			t.Errorf("the loader counted %d documents indexed, the index holds %d after the restart", ir.Indexed, cnt.Count)
		}
	}
	if missingInvalid > 0 {
		t.Errorf("%d invalid documents not reported by id", missingInvalid)
	}
	if ir.Swapped {
		t.Errorf("the alias was swapped to an index with failures")
	}

	// Rerun.
	rerunStart := time.Now()
	rep2, err2 := indexer.LoadDir(context.Background(), cfg, dir)
	rerunTook := time.Since(rerunStart)
	if rep2 == nil || len(rep2.Indices) != 1 {
		t.Fatalf("rerun: no report (%v)", err2)
	}
	ir2 := rep2.Indices[0]
	other := 0
	for _, fl := range ir2.Failures {
		if !invalid[fl.ID] {
			other++
		}
	}
	// Every document of the rerun's index, by id.
	got := map[int64]int{}
	hits := 0
	var after []any
	for {
		body := map[string]any{"size": 10000, "sort": []any{map[string]any{"uprn": "asc"}}, "_source": []string{"uprn"}}
		if after != nil {
			body["search_after"] = after
		}
		b, _ := json.Marshal(body)
		var sr struct {
			Hits struct {
				Hits []struct {
					Source struct {
						UPRN int64 `json:"uprn"`
					} `json:"_source"`
					Sort []any `json:"sort"`
				} `json:"hits"`
			} `json:"hits"`
		}
		if err := json.Unmarshal(osDo(t, http.MethodPost, node.url()+"/"+ir2.NewIndex+"/_search", string(b)), &sr); err != nil {
			t.Fatal(err)
		}
		if len(sr.Hits.Hits) == 0 {
			break
		}
		for _, h := range sr.Hits.Hits {
			got[h.Source.UPRN]++
			hits++
		}
		after = sr.Hits.Hits[len(sr.Hits.Hits)-1].Sort
	}
	dups, lost, extra := hits-len(got), 0, 0
	for u := range valid {
		if got[u] == 0 {
			lost++
		}
	}
	for u := range got {
		if !valid[u] {
			extra++
		}
	}
	relFigure(t, "rerun: indexed / failed (failures other than the invalid 1%), time", fmt.Sprintf("%d / %d (%d), %s (%.0f docs/s)", ir2.Indexed, ir2.Failed, other, ms(rerunTook), float64(ir2.Indexed)/rerunTook.Seconds()), "99,000 / 1,000 (0)", other == 0 && ir2.Failed == int64(len(invalid)))
	relFigure(t, "rerun: documents in the new index, duplicates, lost, unexpected", fmt.Sprintf("%d, %d, %d, %d", hits, dups, lost, extra), "99,000, 0, 0, 0", hits == len(valid) && dups == 0 && lost == 0 && extra == 0)
	if other > 0 || dups > 0 || lost > 0 || extra > 0 || hits != len(valid) {
		t.Errorf("rerun: %d unexpected failures, %d documents, %d duplicates, %d lost, %d unexpected", other, hits, dups, lost, extra)
	}
}

// TestReliabilitySoak runs the API under steady load for SOAK (e.g. 30m;
// unset skips) with its gate on a private Redis configured like production
// and samples the process's live heap and goroutines: both must stay flat.
func TestReliabilitySoak(t *testing.T) {
	d, err := time.ParseDuration(os.Getenv("SOAK"))
	if err != nil || d <= 0 {
		t.Skip("set SOAK=30m (or 2m) to run the soak")
	}
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadAddressFixture(t, osURL, prefix)
	store := ratelimit.NewRedisStore(keysClient(t, startProdRedis(t)), "t-soak:")
	a := newRelAPI(t, []string{osURL}, prefix, store, search.Config{})
	lr := startAggregateLoad(4, newLoadClient(30*time.Second), findRequests(a.srv.URL, a.secret))
	type point struct {
		at         time.Duration
		heap       uint64
		goroutines int
	}
	var pts []point
	every := max(d/20, 5*time.Second)
	begin := time.Now()
	for time.Since(begin) < d {
		time.Sleep(every)
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		pts = append(pts, point{time.Since(begin).Round(time.Second), m.HeapAlloc, runtime.NumGoroutine()})
		t.Logf("soak %v: heap %.1f MiB, goroutines %d", pts[len(pts)-1].at, float64(m.HeapAlloc)/(1<<20), runtime.NumGoroutine())
	}
	counts, total, p99 := lr.stopAggregate()
	var parts []string
	for code, n := range counts {
		parts = append(parts, fmt.Sprintf("%d:%d", code, n))
	}
	summary := strings.Join(parts, " ")
	if len(pts) < 3 {
		t.Fatalf("soak too short to judge: %d samples", len(pts))
	}
	// The first sample is the warm-up; compare the last with the second.
	base, last := pts[1], pts[len(pts)-1]
	var series []string
	for _, p := range pts {
		series = append(series, fmt.Sprintf("%v:%.1fMiB/%dg", p.at, float64(p.heap)/(1<<20), p.goroutines))
	}
	heapOK := float64(last.heap) <= float64(base.heap)*1.5+8<<20
	gorOK := last.goroutines <= base.goroutines+20
	// A 503 here is the gate failing closed when Redis takes longer than
	// its 150 ms timeout (a loaded machine): correct, counted, not a leak.
	okStatuses := counts[200]+counts[503] == total
	relFigure(t, "soak duration and requests", fmt.Sprintf("%v, %d requests (%s), p99 %s", d, total, summary, ms(p99)), "only 200, and 503 when Redis is slower than 150 ms", okStatuses)
	relFigure(t, "live heap after GC (second sample → last)", fmt.Sprintf("%.1f → %.1f MiB", float64(base.heap)/(1<<20), float64(last.heap)/(1<<20)), "≤ 1.5× + 8 MiB", heapOK)
	relFigure(t, "goroutines (second sample → last)", fmt.Sprintf("%d → %d", base.goroutines, last.goroutines), "≤ +20", gorOK)
	relFigure(t, "soak series", strings.Join(series, " "), "-", true)
	if !heapOK || !gorOK || !okStatuses {
		t.Errorf("soak: heap %d → %d, goroutines %d → %d, statuses %s", base.heap, last.heap, base.goroutines, last.goroutines, summary)
	}
}
