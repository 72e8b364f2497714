// Command bench measures the API under load, workload by workload, side by
// side with the same query DSL sent straight to OpenSearch, and writes a
// markdown report (bench/results/latest.md by default).
//
// For every workload it first runs each request once through an in-process
// API server whose backend records the engine requests it makes; the direct
// run replays exactly those requests. Each target is then measured at a
// constant rate (latency percentiles, no coordinated omission) and closed
// loop (saturation throughput). Popularity of requests is Zipf-skewed.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/internal/svcenv"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type options struct {
	apiURL, osURL, prefix, key, data, out, only string
	typingRates                                 string // --typing-rates, parsed into typingRates
	duration                                    time.Duration
	interleave                                  time.Duration
	workers                                     int
	apiPID                                      int
	rateScale                                   float64
	exportRows                                  int
	exportOutcode                               string
	indexDPS                                    float64
	datasetNote                                 string
	dump                                        string
}

// parseFlags reads the command line into options.
func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.StringVar(&o.apiURL, "api", envOr("BENCH_API_URL", "http://127.0.0.1:8080"), "API base URL")
	fs.StringVar(&o.osURL, "opensearch", svcenv.OpenSearchURL(os.Getenv), "OpenSearch URL")
	fs.StringVar(&o.prefix, "prefix", os.Getenv("INDEX_PREFIX"), "index prefix the API reads")
	fs.StringVar(&o.key, "key", os.Getenv("BENCH_API_KEY"), "API key (an Enterprise key avoids quota limits)")
	fs.StringVar(&o.data, "data", "var/demo", "generated dataset directory (NDJSON per index), or \"engine\": draw the addresses sample from the addresses index (a streamed national build has no files)")
	fs.StringVar(&o.typingRates, "typing-rates", "100,200,400,800", "constant rates of the typing workload, requests/s")
	fs.StringVar(&o.out, "out", "bench/results/latest.md", "report file")
	fs.StringVar(&o.only, "only", "", "comma-separated workload name prefixes to run")
	fs.DurationVar(&o.duration, "duration", 15*time.Second, "duration of each measurement")
	fs.DurationVar(&o.interleave, "interleave", 0, "measure API and direct at the constant rate in alternating blocks of this length (e.g. 1s), so a shared machine's load drifts fall on both; 0: one after the other")
	fs.IntVar(&o.workers, "workers", 16, "closed-loop workers")
	fs.IntVar(&o.apiPID, "api-pid", 0, "pid of the API process (CPU ms per request and memory)")
	fs.Float64Var(&o.rateScale, "rate-scale", 1, "multiply every constant rate")
	fs.IntVar(&o.exportRows, "export-rows", 5000, "rows for the export workload (0 skips it)")
	fs.StringVar(&o.exportOutcode, "export-outcode", "", "outcode for the export (default: the most common sampled)")
	fs.Float64Var(&o.indexDPS, "index-dps", 0, "indexing documents/s measured by the loader, for the report")
	fs.StringVar(&o.datasetNote, "dataset", "", "dataset description for the report")
	fs.StringVar(&o.dump, "dump", "", "directory to write each workload's targets and captured engine requests (NDJSON), to replay or profile them")
	err := fs.Parse(args)
	return o, err
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	tr, err := parseRates(o.typingRates)
	if err != nil {
		return fmt.Errorf("--typing-rates: %w", err)
	}
	typingRates = tr
	sc, err := search.New(search.Config{URLs: []string{o.osURL}, MaxRetries: -1})
	if err != nil {
		return err
	}
	if o.data == "engine" {
		dir, err := engineSampleDir(ctx, o.osURL, o.prefix+"addresses", engineSampleSize, 19)
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		o.data = dir
		o.datasetNote += fmt.Sprintf(" (%d addresses drawn uniformly at random from the index)", engineSampleSize)
	}
	// The matching workload: one bulk address-match job (matching.go).
	if selected(o.only, "matching") {
		distinct := envOr("BENCH_MATCH_DISTINCT", "1") != "0"
		rows, _ := strconv.Atoi(envOr("BENCH_MATCH_ROWS", "1000000"))
		if distinct && os.Getenv("BENCH_MATCH_ROWS") == "" {
			rows = matchDistinctRows
		}
		if err := runMatching(ctx, o, sc, rows, distinct, envOr("BENCH_MATCH_OUT", "bench/results/matching.md"), stdout); err != nil {
			return err
		}
		if o.only == "matching" {
			return nil
		}
	}
	addrs, err := sample[addrSample](o.data, "addresses", 3000)
	if err != nil {
		return fmt.Errorf("sample addresses: %w", err)
	}
	if len(addrs) == 0 {
		return errors.New("no addresses in the dataset")
	}
	rec := &recorder{real: sc}
	inproc := api.NewServer(api.Options{Backend: rec, IndexPrefix: o.prefix, Logger: zerolog.Nop()})
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}, Timeout: 30 * time.Second}

	var results []result
	for _, w := range buildWorkloads(addrs) {
		if !selected(o.only, w.Name) || len(w.Targets) == 0 {
			continue
		}
		// Capture the DSL of each distinct target once.
		ops := make([][]op, len(w.Targets))
		okTargets := 0
		for i, t := range w.Targets {
			req := httptest.NewRequest(http.MethodGet, t, nil)
			rr := httptest.NewRecorder()
			inproc.ServeHTTP(rr, req)
			ops[i] = rec.take()
			if rr.Code < 300 {
				okTargets++
			}
		}
		if o.dump != "" {
			if err := dumpOps(o.dump, w, ops); err != nil {
				return err
			}
		}
		if okTargets == 0 {
			fmt.Fprintf(stdout, "%-28s skipped: no request succeeded in-process\n", w.Name)
			continue
		}
		results = append(results, measureWorkload(ctx, o, w, ops, hc, sc, stdout)...)
	}
	var typing strings.Builder
	// --only typing-keystrokes: the keystrokes sent one at a time alone, a
	// quick profile of where the typeahead's engine time goes.
	if all := selected(o.only, "typing"); all || selected(o.only, "typing-keystrokes") {
		if err := typingWorkload(ctx, &typing, hc, sc, inproc, rec, o, !all, stdout); err != nil {
			return err
		}
	}
	var ex *exportResult
	if o.exportRows > 0 && selected(o.only, "export") {
		outcode := o.exportOutcode
		if outcode == "" {
			outcode = commonOutcode(addrs)
		}
		r, err := measureExports(ctx, hc, o, exportScope(addrs, outcode), exportRuns)
		if err != nil {
			fmt.Fprintf(stdout, "export: %v\n", err)
		} else {
			ex = r
			fmt.Fprintf(stdout, "export %d rows (median of %d): first byte %.1fms (max %.1f) total %.1fms (max %.1f) rss growth %.1f MB\n",
				r.Rows, r.Runs, ms(r.TTFB), ms(r.MaxTTFB), ms(r.Total), ms(r.MaxTotal), r.RSSGrowthMB)
		}
	}
	report := renderReport(o, len(addrs), results, ex)
	if typing.Len() > 0 {
		// The typing workload is the headline: first after the header.
		at := strings.Index(report, "\n## ")
		if at < 0 {
			at = len(report)
		}
		report = report[:at] + typing.String() + report[at:]
	}
	if err := os.MkdirAll(dirOf(o.out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(o.out, []byte(report), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "report written to %s\n", o.out)
	return nil
}

// measureWorkload measures one workload through the API and directly
// against the engine (ops: each target's captured engine requests), at the
// constant rate and closed-loop, and prints its line.
func measureWorkload(ctx context.Context, o options, w workload, ops [][]op, hc *http.Client, sc *search.Client, stdout io.Writer) []result {
	z := newZipf(42, len(w.Targets))
	pick := func(i int) int { return z.pick(i) }
	var hits, notModified, charged, wire atomic.Int64
	var etags sync.Map // target → ETag, for the revalidating client
	apiCall := func(ctx context.Context, i int) error {
		target := w.Targets[pick(i)]
		g := getOpts{noCache: w.NoCache, encoding: w.Encoding}
		if w.Revalidate {
			if v, ok := etags.Load(target); ok {
				g.ifNoneMatch = v.(string)
			}
		}
		a, err := httpGet(ctx, hc, o.apiURL+target, o.key, g)
		if a.hit {
			hits.Add(1)
		}
		if a.notModified {
			notModified.Add(1)
		}
		if w.Revalidate && a.etag != "" {
			etags.Store(target, a.etag)
		}
		charged.Add(int64(a.weight))
		wire.Add(a.bytes)
		return err
	}
	resetCounters := func() { hits.Store(0); notModified.Store(0); charged.Store(0); wire.Store(0) }
	keep := func(r *result) {
		r.CacheHits, r.NotModified, r.Charged, r.Bytes = int(hits.Load()), int(notModified.Load()), int(charged.Load()), wire.Load()
	}
	directCall := func(ctx context.Context, i int) error {
		for _, p := range ops[pick(i)] {
			if err := sc.Do(ctx, p.Method, p.Path, p.Query, p.Body, nil); err != nil && !errors.Is(err, search.ErrNotFound) {
				return err
			}
		}
		return nil
	}
	rate := w.Rate * o.rateScale
	// Warm up both paths.
	runClosed(ctx, 4, 2*time.Second, apiCall)
	runClosed(ctx, 4, 2*time.Second, directCall)
	drainEngine(ctx, sc, stdout)
	cpu0 := procCPU(o.apiPID)
	resetCounters()
	var ra, rd result
	if o.interleave > 0 {
		// The API is idle during the direct blocks, so its CPU over
		// the whole run is still its CPU for its own requests.
		ra, rd = runRateInterleaved(ctx, rate, o.duration, o.interleave, 512, apiCall, directCall)
		ra.CPUms = perRequestMS(cpu0, procCPU(o.apiPID), ra.Requests)
		keep(&ra)
	} else {
		ra = runRate(ctx, rate, o.duration, 512, apiCall)
		ra.CPUms = perRequestMS(cpu0, procCPU(o.apiPID), ra.Requests)
		keep(&ra)
		drainEngine(ctx, sc, stdout)
		rd = runRate(ctx, rate, o.duration, 512, directCall)
	}
	drainEngine(ctx, sc, stdout)
	resetCounters()
	cpu1 := procCPU(o.apiPID)
	ca := runClosed(ctx, o.workers, o.duration, apiCall)
	ca.CPUms = perRequestMS(cpu1, procCPU(o.apiPID), ca.Requests)
	keep(&ca)
	drainEngine(ctx, sc, stdout)
	cd := runClosed(ctx, o.workers, o.duration, directCall)
	for _, r := range []*result{&ra, &rd, &ca, &cd} {
		r.Workload = w.Name
	}
	ra.Target, ca.Target = "api", "api"
	rd.Target, cd.Target = "direct", "direct"
	fmt.Fprintf(stdout, "%-28s api p50 %6.2fms p99 %6.2fms | direct p50 %6.2fms p99 %6.2fms | closed api %6.0f/s direct %6.0f/s | errors %d/%d\n",
		w.Name, ms(ra.P50), ms(ra.P99), ms(rd.P50), ms(rd.P99), ca.RPS, cd.RPS, ra.Errors+ca.Errors, rd.Errors+cd.Errors)
	return []result{ra, rd, ca, cd}
}

// getOpts are the per-workload request settings.
type getOpts struct {
	noCache     bool
	encoding    string // Accept-Encoding; "" = identity
	ifNoneMatch string
}

// answer is what httpGet saw.
type answer struct {
	hit, notModified bool
	etag             string
	weight           int
	bytes            int64
}

// httpGet sends one API request. Accept-Encoding is always set, so the
// transport never decompresses: bytes are the bytes on the wire.
func httpGet(ctx context.Context, hc *http.Client, u, key string, g getOpts) (answer, error) {
	var a answer
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return a, err
	}
	if key != "" {
		req.Header.Set("Authorization", "Api-Key "+key)
	}
	if g.noCache {
		req.Header.Set("Cache-Control", "no-cache")
	}
	if g.encoding == "" {
		g.encoding = "identity"
	}
	req.Header.Set("Accept-Encoding", g.encoding)
	if g.ifNoneMatch != "" {
		req.Header.Set("If-None-Match", g.ifNoneMatch)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return a, err
	}
	a.bytes, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	a.weight, _ = strconv.Atoi(resp.Header.Get("X-Call-Weight"))
	a.etag = resp.Header.Get("ETag")
	a.notModified = resp.StatusCode == http.StatusNotModified
	if resp.StatusCode >= 300 && resp.StatusCode != http.StatusNotFound && !a.notModified {
		return a, fmt.Errorf("status %d", resp.StatusCode)
	}
	a.hit = resp.Header.Get("X-Cache") == "hit"
	return a, nil
}

type exportResult struct {
	Rows        int
	TTFB, Total time.Duration
	RSSGrowthMB float64
	// Over several runs: TTFB and Total are medians, these the worst.
	Runs              int
	MaxTTFB, MaxTotal time.Duration
}

// exportRuns is how many exports measureExports runs.
const exportRuns = 5

// measureExports runs the export n times, one after another, and reports
// the median first byte and total, the worst of each, and the largest RSS
// growth.
func measureExports(ctx context.Context, hc *http.Client, o options, filters string, n int) (*exportResult, error) {
	var runs []*exportResult
	for i := 0; i < n; i++ {
		r, err := measureExport(ctx, hc, o, filters)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	out := &exportResult{Rows: runs[0].Rows, Runs: n}
	ttfb := make([]time.Duration, n)
	total := make([]time.Duration, n)
	for i, r := range runs {
		ttfb[i], total[i] = r.TTFB, r.Total
		out.MaxTTFB, out.MaxTotal = max(out.MaxTTFB, r.TTFB), max(out.MaxTotal, r.Total)
		out.RSSGrowthMB = max(out.RSSGrowthMB, r.RSSGrowthMB)
	}
	slices.Sort(ttfb)
	slices.Sort(total)
	out.TTFB, out.Total = ttfb[n/2], total[n/2]
	return out, nil
}

// exportScope is the export's geographic filter: 25 miles around a sampled
// address of the outcode (a whole town: over 11,000 live listings around
// Leeds at 1M properties), or the outcode itself when no address of it has
// a location. An outcode alone holds under 2,000 live listings, too few for
// the 5,000-row target.
func exportScope(addrs []addrSample, outcode string) string {
	for _, a := range addrs {
		if a.Location != nil && strings.HasPrefix(a.Postcode, outcode+" ") {
			return fmt.Sprintf(`{"lat":%.5f,"lng":%.5f,"radius_miles":25}`, a.Location.Lat, a.Location.Lon)
		}
	}
	return fmt.Sprintf(`{"postcode":%q}`, outcode)
}

func measureExport(ctx context.Context, hc *http.Client, o options, filters string) (*exportResult, error) {
	body := fmt.Sprintf(`{"filters":%s,"format":"csv","limit":%d}`, filters, o.exportRows)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.apiURL+"/api/listings/export", bytes.NewBufferString(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if o.key != "" {
		req.Header.Set("Authorization", "Api-Key "+o.key)
	}
	rss0 := procRSS(o.apiPID)
	peak := rss0
	stopSampler := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stopSampler:
				return
			case <-t.C:
				if r := procRSS(o.apiPID); r > peak {
					peak = r
				}
			}
		}
	}()
	start := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		close(stopSampler)
		return nil, err
	}
	defer resp.Body.Close()
	buf := make([]byte, 1)
	if _, err := io.ReadFull(resp.Body, buf); err != nil {
		close(stopSampler)
		return nil, fmt.Errorf("status %d: %w", resp.StatusCode, err)
	}
	ttfb := time.Since(start)
	rest, _ := io.ReadAll(resp.Body)
	total := time.Since(start)
	close(stopSampler)
	<-done
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %s", resp.StatusCode, truncate(string(buf)+string(rest), 200))
	}
	rows := bytes.Count(rest, []byte("\n")) - 1 // less the CSV header
	if n, err := strconv.Atoi(resp.Header.Get("X-Export-Rows")); err == nil {
		rows = n
	}
	return &exportResult{Rows: rows, TTFB: ttfb, Total: total, RSSGrowthMB: float64(peak-rss0) / (1 << 20)}, nil
}

// procCPU returns utime+stime of a process in clock ticks (0 if unknown).
func procCPU(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

// procRSS returns the resident set size of a process in bytes (0 if unknown).
func procRSS(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

func perRequestMS(t0, t1 int64, n int) float64 {
	if t0 == 0 || n == 0 {
		return 0
	}
	return float64(t1-t0) * 10 / float64(n) // 100 ticks per second
}

func commonOutcode(addrs []addrSample) string {
	counts := map[string]int{}
	best, bestN := "", 0
	for _, a := range addrs {
		oc := strings.Fields(a.Postcode)
		if len(oc) == 0 {
			continue
		}
		counts[oc[0]]++
		if counts[oc[0]] > bestN || (counts[oc[0]] == bestN && oc[0] < best) {
			best, bestN = oc[0], counts[oc[0]]
		}
	}
	return best
}

func selected(only, name string) bool {
	if only == "" {
		return true
	}
	for _, p := range strings.Split(only, ",") {
		if p != "" && strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func renderReport(o options, sampled int, rs []result, ex *exportResult) string {
	var b strings.Builder
	host, _ := os.Hostname()
	fmt.Fprintf(&b, "# Benchmark report\n\n")
	fmt.Fprintf(&b, "- date: %s\n- machine: %s, %d cores, %s/%s, %s\n", time.Now().UTC().Format(time.RFC3339), host, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	fmt.Fprintf(&b, "- dataset: %s (directory %s; %d addresses sampled for workloads)\n", orDefault(o.datasetNote, "generated"), o.data, sampled)
	fmt.Fprintf(&b, "- each measurement: %s; constant-rate latency from scheduled start; closed loop with %d workers; Zipf-skewed request popularity\n", o.duration, o.workers)
	if o.interleave > 0 {
		fmt.Fprintf(&b, "- constant rate: API and direct measured in alternating blocks of %s\n", o.interleave)
	}
	fmt.Fprintf(&b, "- everything (API, OpenSearch, Redis, load generator) on this one machine\n\n")
	fmt.Fprintf(&b, "## Latency at constant rate\n\n| workload | target | rate req/s | API p50 ms | API p95 ms | API p99 ms | direct p50 ms | direct p99 ms | overhead p50 ms | API CPU ms/req | cache hits | errors | load avg |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	byKey := map[string]result{}
	var order []string
	for _, r := range rs {
		k := r.Workload + "|" + r.Target + "|" + r.Mode
		byKey[k] = r
		if r.Target == "api" && r.Mode == "rate" {
			order = append(order, r.Workload)
		}
	}
	targets := map[string]string{}
	for _, w := range buildWorkloadsTargets() {
		targets[w[0]] = w[1]
	}
	for _, w := range order {
		a, d := byKey[w+"|api|rate"], byKey[w+"|direct|rate"]
		cpu := "n/a"
		if a.CPUms > 0 {
			cpu = fmt.Sprintf("%.2f", a.CPUms)
		}
		fmt.Fprintf(&b, "| %s | %s | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %s | %s | %d/%d | %.1f |\n",
			w, targets[w], a.RPS, ms(a.P50), ms(a.P95), ms(a.P99), ms(d.P50), ms(d.P99), ms(a.P50)-ms(d.P50), cpu, hitShare(a), a.Errors, a.Requests, a.Load)
	}
	fmt.Fprintf(&b, "\n## Throughput, closed loop\n\n| workload | API req/s | direct req/s | API/direct | API p99 ms | cache hits | errors | load avg |\n|---|---|---|---|---|---|---|---|\n")
	for _, w := range order {
		a, d := byKey[w+"|api|closed"], byKey[w+"|direct|closed"]
		ratio := 0.0
		if d.RPS > 0 {
			ratio = a.RPS / d.RPS * 100
		}
		fmt.Fprintf(&b, "| %s | %.0f | %.0f | %.0f%% | %.2f | %s | %d/%d | %.1f |\n", w, a.RPS, d.RPS, ratio, ms(a.P99), hitShare(a), a.Errors, a.Requests, a.Load)
	}
	fmt.Fprintf(&b, "\n## HTTP conventions: compression and revalidation (closed loop)\n\n| workload | requests | bytes on the wire per answer | API CPU ms/req | 304 share | calls charged per request |\n|---|---|---|---|---|---|\n")
	for _, w := range order {
		a := byKey[w+"|api|closed"]
		if a.Requests == 0 {
			continue
		}
		cpu := "n/a"
		if a.CPUms > 0 {
			cpu = fmt.Sprintf("%.3f", a.CPUms)
		}
		fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %.1f%% | %.2f |\n", w, a.Requests, float64(a.Bytes)/float64(a.Requests), cpu,
			float64(a.NotModified)/float64(a.Requests)*100, float64(a.Charged)/float64(a.Requests))
	}
	if ex != nil {
		fmt.Fprintf(&b, "\n## Export\n\n%d exports one after another, CSV, 25 miles around the busiest sampled outcode.\n\n| rows | first byte ms, median (max) | total ms, median (max) | API RSS growth MB, max | target |\n|---|---|---|---|---|\n| %d | %.1f (%.1f) | %.1f (%.1f) | %.1f | first byte ≤ 150 ms, total ≤ 1 s, growth ≤ 20 MB |\n",
			ex.Runs, ex.Rows, ms(ex.TTFB), ms(ex.MaxTTFB), ms(ex.Total), ms(ex.MaxTotal), ex.RSSGrowthMB)
	}
	if o.indexDPS > 0 {
		fmt.Fprintf(&b, "\n## Indexing\n\n%.0f documents/s (target ≥ 8,000)\n", o.indexDPS)
	}
	for _, r := range rs {
		if r.ErrSample != "" {
			fmt.Fprintf(&b, "\n- %s (%s, %s): first error: %s", r.Workload, r.Target, r.Mode, r.ErrSample)
		}
	}
	b.WriteString("\n")
	return b.String()
}

func buildWorkloadsTargets() [][2]string {
	var out [][2]string
	for _, w := range buildWorkloads(nil) {
		out = append(out, [2]string{w.Name, w.Target})
	}
	return out
}

// hitShare is the share of requests served from the API's cache, "–" for
// workloads the cache does not serve.
func hitShare(r result) string {
	if r.CacheHits == 0 || r.Requests == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", float64(r.CacheHits)/float64(r.Requests)*100)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func dirOf(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "."
	}
	return p[:i]
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
