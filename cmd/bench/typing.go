package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
)

// The typing workload is address/find as users produce it: addresses drawn
// uniformly from the whole index (not a skewed sample), each typed
// keystroke by keystroke from the third character, a fifth of the users
// typing the postcode instead, typingSessions users at a time with their
// keystrokes interleaved, sent open loop at a constant rate. It is run with
// the API's result cache bypassed (the engine's own cost: the headline,
// since behind a load balancer every instance has its own cache) and with
// the cache, at each of typingRates, plus a closed loop for the saturation
// throughput of each.

// typingSessions is how many users type at once.
const typingSessions = 60

// typingAddresses is how many addresses are typed.
const typingAddresses = 3000

// typingRoundsSample is how many keystrokes the engine-request count of
// the report is taken over.
const typingRoundsSample = 4000

// typingRates are the constant rates measured, requests/s (--typing-rates).
var typingRates = []float64{100, 200, 400, 800}

// typingSample draws n addresses uniformly at random from the dataset's
// addresses file (reservoir sampling, seeded: the same draw every run).
func typingSample(dir string, n int, seed uint64) ([]addrSample, error) {
	f, err := os.Open(filepath.Join(dir, "addresses.ndjson"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	defer dropFromPageCache(f)
	rng := rand.New(rand.NewPCG(seed, 11))
	lines := make([][]byte, 0, n)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	seen := 0
	for sc.Scan() {
		seen++
		if len(lines) < n {
			lines = append(lines, append([]byte(nil), sc.Bytes()...))
		} else if j := rng.IntN(seen); j < n {
			lines[j] = append(lines[j][:0], sc.Bytes()...)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := make([]addrSample, 0, len(lines))
	for i, l := range lines {
		var a addrSample
		if err := json.Unmarshal(l, &a); err != nil {
			return nil, fmt.Errorf("addresses sample %d: %w", i, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// typedText is what one user types: the address without its postcode, or
// (every fifth user) the postcode.
func typedText(i int, a addrSample) string {
	if i%5 == 4 && a.Postcode != "" {
		return a.Postcode
	}
	return strings.TrimSuffix(a.FullAddress, ", "+a.Postcode)
}

// typingTargets interleaves the keystrokes of sessions users typing at
// once: each step takes the next keystroke of every active user in turn,
// and a user who has finished is replaced by the next address.
func typingTargets(addrs []addrSample, sessions int) []string {
	type session struct {
		text string
		n    int // characters typed so far
	}
	next := 0
	start := func() *session {
		for next < len(addrs) {
			t := typedText(next, addrs[next])
			next++
			if len(t) >= 3 {
				return &session{text: t, n: 2}
			}
		}
		return nil
	}
	active := make([]*session, 0, sessions)
	for len(active) < sessions {
		s := start()
		if s == nil {
			break
		}
		active = append(active, s)
	}
	var out []string
	for len(active) > 0 {
		for i := 0; i < len(active); i++ {
			s := active[i]
			s.n++
			out = append(out, "/api/address/find/?q="+url.QueryEscape(s.text[:s.n]))
			if s.n >= len(s.text) {
				if ns := start(); ns != nil {
					active[i] = ns
				} else {
					active = append(active[:i], active[i+1:]...)
					i--
				}
			}
		}
	}
	return out
}

// typingResult is one measurement of the typing workload.
type typingResult struct {
	result
	Cache bool
	Rate  float64 // 0 for the closed loop
	// Searches is the engine's count of searches on the addresses index
	// (query_total of its primaries) per API request during the run.
	Searches float64
}

// searchesTotal reads the engine's query_total of an index's primaries.
func searchesTotal(ctx context.Context, sc *search.Client, index string) int64 {
	var st struct {
		All struct {
			Primaries struct {
				Search struct {
					QueryTotal int64 `json:"query_total"`
				} `json:"search"`
			} `json:"primaries"`
		} `json:"_all"`
	}
	if err := sc.Do(ctx, http.MethodGet, "/"+index+"/_stats/search", nil, nil, &st); err != nil {
		return -1
	}
	return st.All.Primaries.Search.QueryTotal
}

// keystroke is one keystroke of the typing workload sent alone through the
// in-process server (cache bypassed): its class, latency and engine
// requests.
type keystroke struct {
	Target   string
	Class    string
	Took     time.Duration
	Requests int
}

// keystrokeClasses label the paths of query.AddressFind, in report order.
var keystrokeClasses = []struct{ path, label string }{
	{query.PathPostcode, "postcode"},
	{query.PathBroad, fmt.Sprintf("text, ≤ %d letters (popularity order)", query.BroadMaxLetters)},
	{query.PathUnits, fmt.Sprintf("text, %d–%d letters (units first)", query.BroadMaxLetters+1, query.SpecificMinLetters-1)},
	{query.PathCollapsed, fmt.Sprintf("text, ≥ %d letters (collapsed)", query.SpecificMinLetters)},
	{query.PathFlat, "text, flat asked"},
	{query.PathNone, "nothing searchable"},
}

// keystrokeClass names the path address/find takes for target.
func keystrokeClass(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return "?"
	}
	return query.NewAddressFind(u.Query().Get("q"), query.AddressFindParams{Size: 10}).Path()
}

// typingRounds sends the first n targets one at a time through the
// in-process server with the cache bypassed, timing each and counting the
// engine requests it made through the recorder.
func typingRounds(inproc http.Handler, rec *recorder, targets []string, n int) []keystroke {
	out := make([]keystroke, 0, n)
	for i := 0; i < n && i < len(targets); i++ {
		rr := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, targets[i], nil)
		req.Header.Set("Cache-Control", "no-cache")
		t0 := time.Now()
		inproc.ServeHTTP(rr, req)
		took := time.Since(t0)
		out = append(out, keystroke{Target: targets[i], Class: keystrokeClass(targets[i]), Took: took, Requests: len(rec.take())})
	}
	return out
}

// roundsSummary is the mean engine requests per keystroke and their
// distribution.
func roundsSummary(ks []keystroke) (mean float64, dist map[int]int) {
	dist = map[int]int{}
	total := 0
	for _, k := range ks {
		dist[k.Requests]++
		total += k.Requests
	}
	if len(ks) > 0 {
		mean = float64(total) / float64(len(ks))
	}
	return mean, dist
}

// renderKeystrokes is the report's table of keystrokes sent one at a time,
// by class: where the engine time of the workload goes.
func renderKeystrokes(b *strings.Builder, ks []keystroke) {
	if len(ks) == 0 {
		return
	}
	byClass := map[string][]time.Duration{}
	reqs := map[string]int{}
	for _, k := range ks {
		byClass[k.Class] = append(byClass[k.Class], k.Took)
		reqs[k.Class] += k.Requests
	}
	fmt.Fprintf(b, "\nThe first %d keystrokes sent one at a time (in-process, cache bypassed), by the path address/find takes:\n\n", len(ks))
	b.WriteString("| input | keystrokes | share | mean ms | p50 ms | p99 ms | max ms | engine requests/keystroke |\n|---|---|---|---|---|---|---|---|\n")
	for _, kc := range keystrokeClasses {
		c := kc.path
		lat := byClass[c]
		if len(lat) == 0 {
			continue
		}
		var sum time.Duration
		for _, d := range lat {
			sum += d
		}
		r := summarise(lat, time.Second)
		fmt.Fprintf(b, "| %s | %d | %.0f%% | %.2f | %.2f | %.2f | %.2f | %.2f |\n", kc.label, len(lat), 100*float64(len(lat))/float64(len(ks)),
			ms(sum/time.Duration(len(lat))), ms(r.P50), ms(r.P99), ms(r.Max), float64(reqs[c])/float64(len(lat)))
	}
	slow := append([]keystroke(nil), ks...)
	sort.Slice(slow, func(i, j int) bool { return slow[i].Took > slow[j].Took })
	b.WriteString("\nSlowest keystrokes: ")
	for i, k := range slow[:min(10, len(slow))] {
		if i > 0 {
			b.WriteString(", ")
		}
		q := k.Target
		if u, err := url.Parse(k.Target); err == nil {
			q = u.Query().Get("q")
		}
		fmt.Fprintf(b, "%q %.1f ms", q, ms(k.Took))
	}
	b.WriteString(".\n")
}

// runTyping measures the typing workload: for the cache off and on, each
// rate open loop, then a closed loop. Every run continues the keystroke
// sequence where the last one stopped (wrapping round), so no run replays
// keystrokes an earlier run already put in the cache.
func runTyping(ctx context.Context, hc *http.Client, sc *search.Client, o options, targets []string, stdout io.Writer) []typingResult {
	index := o.prefix + "addresses"
	perRequest := func(q0 int64, r result) float64 {
		q1 := searchesTotal(ctx, sc, index)
		if q0 < 0 || q1 < 0 || r.Requests == 0 {
			return 0
		}
		return float64(q1-q0) / float64(r.Requests)
	}
	var cursor atomic.Int64
	var out []typingResult
	for _, cache := range []bool{false, true} {
		var hits atomic.Int64
		call := func(ctx context.Context, _ int) error {
			i := int(cursor.Add(1)-1) % len(targets)
			a, err := httpGet(ctx, hc, o.apiURL+targets[i], o.key, getOpts{noCache: !cache})
			if a.hit {
				hits.Add(1)
			}
			return err
		}
		name := "cache off"
		if cache {
			name = "cache on"
		}
		runClosed(ctx, 4, 2*time.Second, call)
		for _, rate := range typingRates {
			rate *= o.rateScale
			drainEngine(ctx, sc, stdout)
			hits.Store(0)
			cpu0, q0 := procCPU(o.apiPID), searchesTotal(ctx, sc, index)
			r := runRate(ctx, rate, o.duration, 512, call)
			r.CPUms = perRequestMS(cpu0, procCPU(o.apiPID), r.Requests)
			r.CacheHits = int(hits.Load())
			r.Workload, r.Target = "typing, "+name, "api"
			out = append(out, typingResult{result: r, Cache: cache, Rate: rate, Searches: perRequest(q0, r)})
			fmt.Fprintf(stdout, "typing %-9s %4.0f req/s  p50 %6.2fms p95 %6.2fms p99 %7.2fms  errors %d/%d  hits %d  load %.1f\n",
				name, rate, ms(r.P50), ms(r.P95), ms(r.P99), r.Errors, r.Requests, r.CacheHits, r.Load)
		}
		drainEngine(ctx, sc, stdout)
		hits.Store(0)
		cpu0, q0 := procCPU(o.apiPID), searchesTotal(ctx, sc, index)
		c := runClosed(ctx, o.workers, o.duration, call)
		c.CPUms = perRequestMS(cpu0, procCPU(o.apiPID), c.Requests)
		c.CacheHits = int(hits.Load())
		c.Workload, c.Target = "typing, "+name, "api"
		out = append(out, typingResult{result: c, Cache: cache, Searches: perRequest(q0, c)})
		fmt.Fprintf(stdout, "typing %-9s closed loop %6.0f req/s p99 %7.2fms errors %d/%d\n", name, c.RPS, ms(c.P99), c.Errors, c.Requests)
	}
	return out
}

// renderTyping is the report section of the typing workload.
func renderTyping(b *strings.Builder, res []typingResult, nAddr, nTargets int, rounds float64, dist map[int]int, sampled int) {
	fmt.Fprintf(b, "\n## Typeahead as users type (headline: cache off)\n\n")
	fmt.Fprintf(b, "%d addresses drawn uniformly from the whole addresses file, typed keystroke by keystroke from the third character "+
		"(every fifth user types the postcode), %d users at a time interleaved: %d keystrokes. Open loop at each rate; "+
		"cache off sends Cache-Control: no-cache (the engine's own cost), cache on uses the API's result cache. "+
		"Each run continues the keystroke sequence where the last stopped.\n\n", nAddr, typingSessions, nTargets)
	fmt.Fprintf(b, "| result cache | rate req/s | p50 ms | p95 ms | p99 ms | max ms | engine searches/req | API CPU ms/req | cache hits | errors | load avg |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		rate := fmt.Sprintf("%.0f", r.Rate)
		if r.Rate == 0 {
			rate = fmt.Sprintf("closed loop: %.0f req/s", r.RPS)
		}
		cache := "off"
		hits := "–"
		if r.Cache {
			cache = "on"
			hits = fmt.Sprintf("%.0f%%", 100*float64(r.CacheHits)/float64(max(1, r.Requests)))
		}
		fmt.Fprintf(b, "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %s | %d/%d | %.1f |\n",
			cache, rate, ms(r.P50), ms(r.P95), ms(r.P99), ms(r.Max), r.Searches, r.CPUms, hits, r.Errors, r.Requests, r.Load)
	}
	if sampled > 0 {
		fmt.Fprintf(b, "\nEngine requests per keystroke (first %d keystrokes, cache off): mean %.2f;", sampled, rounds)
		for k := 0; k <= 4; k++ {
			if dist[k] > 0 {
				fmt.Fprintf(b, " %d request(s): %d;", k, dist[k])
			}
		}
		b.WriteString("\n")
	}
}

// typingWorkload samples, counts the engine requests per keystroke
// in-process, measures, and writes the report section into b.
func typingWorkload(ctx context.Context, b *strings.Builder, hc *http.Client, sc *search.Client, inproc http.Handler, rec *recorder, o options, keystrokesOnly bool, stdout io.Writer) error {
	sampled, err := typingSample(o.data, typingAddresses, 19)
	if err != nil {
		return fmt.Errorf("typing sample: %w", err)
	}
	targets := typingTargets(sampled, typingSessions)
	drainEngine(ctx, sc, stdout)
	ks := typingRounds(inproc, rec, targets, typingRoundsSample)
	rounds, dist := roundsSummary(ks)
	fmt.Fprintf(stdout, "typing: %d addresses, %d keystrokes, %.2f engine requests per keystroke\n", len(sampled), len(targets), rounds)
	var res []typingResult
	if !keystrokesOnly {
		res = runTyping(ctx, hc, sc, o, targets, stdout)
	}
	renderTyping(b, res, len(sampled), len(targets), rounds, dist, min(typingRoundsSample, len(targets)))
	renderKeystrokes(b, ks)
	return nil
}
