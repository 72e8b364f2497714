package main

// The matching workload: a bulk address-match job through the running API
// (upload, runner, results), timed end to end, and its answers scored
// against the UPRNs the rows were built from, by variation.

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/addrmatch/eval"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
)

// sampleAddresses reads n addresses of the index, spread by a random
// score with a fixed seed.
func sampleAddresses(ctx context.Context, sc *search.Client, index string, n int) ([]mappings.Address, error) {
	resp, err := sc.Search(ctx, index, map[string]any{"size": n, "query": map[string]any{"function_score": map[string]any{
		"query":        map[string]any{"bool": map[string]any{"must_not": []any{map[string]any{"range": map[string]any{mappings.AddressFieldFlatCount: map[string]any{"gt": 0}}}}}},
		"random_score": map[string]any{"seed": 1, "field": "_seq_no"}}}})
	if err != nil {
		return nil, err
	}
	out := make([]mappings.Address, 0, len(resp.Hits.Hits))
	for _, h := range resp.Hits.Hits {
		var a mappings.Address
		if err := json.Unmarshal(h.Source, &a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// matchDistinctRows is the distinct job's size when BENCH_MATCH_ROWS is
// not set.
const matchDistinctRows = 100_000

// runMatching uploads a job of rows addresses and reports rows/s and
// accuracy to out. distinct: every row a different address of the index
// (sampled uniformly), each with one of the evaluation's variations, so no
// row's candidates can come from the job's cache of another; otherwise the
// evaluation's rows of 5,000 sampled addresses, repeated to rows.
func runMatching(ctx context.Context, o options, sc *search.Client, rows int, distinct bool, out string, stdout io.Writer) error {
	// A patient client: sampling a large index on a busy machine is slow.
	if c, err := search.New(search.Config{URLs: []string{o.osURL}, RequestTimeout: 5 * time.Minute}); err == nil {
		sc = c
	}
	index := o.prefix + mappings.IndexAddresses
	var addrs []mappings.Address
	var cases []eval.Case
	var err error
	if distinct {
		// A few more addresses than rows: some give no row (a
		// building-level record, a text another address gave).
		if addrs, err = sampleAddressesUniform(ctx, sc, index, rows+rows/5+100); err != nil {
			return fmt.Errorf("matching: sample: %w", err)
		}
		cases = eval.BuildDistinct(addrs, 1, rows)
		rows = len(cases)
	} else {
		if addrs, err = sampleAddresses(ctx, sc, index, 5000); err != nil {
			return fmt.Errorf("matching: sample: %w", err)
		}
		cases = eval.Build(addrs, 1, 1000)
	}
	if len(cases) == 0 {
		return fmt.Errorf("matching: no cases built from %d addresses", len(addrs))
	}
	fmt.Fprintf(stdout, "matching: %d rows (%d distinct) from %d sampled addresses\n", rows, len(cases), len(addrs))
	tmp, err := os.CreateTemp("", "bench-match-*.csv")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := writeMatchCSV(tmp, cases, rows); err != nil {
		return err
	}
	size, _ := tmp.Seek(0, io.SeekCurrent)
	tmp.Seek(0, io.SeekStart)
	loadBefore := loadavg()
	cpu0 := takeCPU(ctx, sc, o.apiPID, index)
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, o.apiURL+"/api/v1/jobs/address-match", tmp)
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set("Authorization", "Api-Key "+o.key)
	req.ContentLength = size
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("matching: upload: %w", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	tmp.Close()
	if resp.StatusCode != http.StatusAccepted {
		return fmt.Errorf("matching: upload answered %d: %s", resp.StatusCode, b)
	}
	uploaded := time.Since(start)
	var j jobs.Job
	json.Unmarshal(b, &j)
	get := func(path string) (*http.Response, error) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, o.apiURL+path, nil)
		req.Header.Set("Authorization", "Api-Key "+o.key)
		return http.DefaultClient.Do(req)
	}
	loadMid := ""
	// When every distinct row has been matched once: the job's cache serves
	// the repeats after it, so the two parts are reported apart.
	var firstAt time.Duration
	firstDone := 0
	for !jobs.Terminal(j.State) {
		time.Sleep(time.Second)
		r, err := get("/api/v1/jobs/" + j.ID)
		if err != nil {
			return err
		}
		json.NewDecoder(r.Body).Decode(&j)
		r.Body.Close()
		if loadMid == "" && j.Done > j.Rows/2 {
			loadMid = loadavg()
		}
		if firstAt == 0 && j.Done >= len(cases) && j.Rows > len(cases) {
			firstAt, firstDone = time.Since(start), j.Done
		}
		fmt.Fprintf(stdout, "\rmatching: %s %d/%d rows, %.0f rows/s   ", j.State, j.Done, j.Rows, j.RowsPerSecond)
	}
	fmt.Fprintln(stdout)
	elapsed := time.Since(start)
	cpu1 := takeCPU(ctx, sc, o.apiPID, index)
	// Score the results.
	r, err := get("/api/v1/jobs/" + j.ID + "/results")
	if err != nil {
		return err
	}
	defer r.Body.Close()
	rep, foundAbsent, err := scoreMatching(r.Body, cases)
	if err != nil {
		return err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Bulk address matching: throughput and accuracy\n\n")
	kind := "repeated"
	if distinct {
		kind = "every row distinct: one address of the index each, one variation each"
	}
	fmt.Fprintf(&sb, "- when: %s\n- index: %s (%s)\n- job: %d rows (%d distinct evaluation rows from %d sampled addresses, %s), %s\n",
		time.Now().UTC().Format(time.RFC3339), index, orDefault(o.datasetNote, "generated"), j.Rows, len(cases), len(addrs), kind, j.State)
	fmt.Fprintf(&sb, "- upload (streamed, normalised, queued): %s\n", uploaded.Round(time.Millisecond))
	fmt.Fprintf(&sb, "- upload to last row: %s = **%.0f rows/s** end to end; the job's own figure (first to last row): %.0f rows/s\n",
		elapsed.Round(time.Millisecond), float64(j.Rows)/elapsed.Seconds(), j.RowsPerSecond)
	if firstAt > 0 && elapsed > firstAt {
		fmt.Fprintf(&sb, "- the first %d rows (every distinct row once, seen within a second of it): %.0f rows/s; the %d rows after them (repeats, whose candidates the job's cache holds): %.0f rows/s\n",
			firstDone, float64(firstDone)/firstAt.Seconds(), j.Rows-firstDone, float64(j.Rows-firstDone)/(elapsed-firstAt).Seconds())
	}
	fmt.Fprintf(&sb, "- %s\n", cpu1.sub(cpu0).perRow(j.Rows))
	fmt.Fprintf(&sb, "- machine load average (1, 5, 15 min) before: %s; half way: %s; after: %s (the API, the engine and this client share the machine)\n\n", loadBefore, loadMid, loadavg())
	fmt.Fprintf(&sb, "## Accuracy by variation (generated index)\n\n")
	fmt.Fprintf(&sb, "Rows built as absent from the %d sampled addresses but accepted as exactly that number, street and town (the whole index has them): %d, left out of the table.\n\n", len(addrs), foundAbsent)
	rep.Markdown(&sb)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	fmt.Fprint(stdout, sb.String())
	return os.WriteFile(out, []byte(sb.String()), 0o644)
}

// sampleAddressesUniform reads about n addresses of the index (those
// lists name: no building-level records) drawn uniformly at random
// (random_score, seeded: the same draw for the same index), past the
// engine's result window: pages sorted by UPRN after one another.
func sampleAddressesUniform(ctx context.Context, sc *search.Client, index string, n int) ([]mappings.Address, error) {
	notBuilding := map[string]any{"bool": map[string]any{"must_not": []any{
		map[string]any{"range": map[string]any{mappings.AddressFieldFlatCount: map[string]any{"gt": 0}}}}}}
	total, err := sc.Count(ctx, index, map[string]any{"query": notBuilding})
	if err != nil {
		return nil, err
	}
	if total == 0 {
		return nil, fmt.Errorf("no addresses in %s", index)
	}
	share := min(1, float64(n)/float64(total))
	var out []mappings.Address
	var after []any
	for len(out) < n {
		body := map[string]any{"size": 10000, "track_total_hits": false, "sort": []any{map[string]any{mappings.AddressFieldUPRN: "asc"}},
			"min_score": 1 - share,
			"query": map[string]any{"function_score": map[string]any{"query": notBuilding,
				"random_score": map[string]any{"seed": 1, "field": "_seq_no"}, "boost_mode": "replace"}}}
		if after != nil {
			body["search_after"] = after
		}
		resp, err := sc.Search(ctx, index, body)
		if err != nil {
			return nil, err
		}
		for _, h := range resp.Hits.Hits {
			var a mappings.Address
			if err := json.Unmarshal(h.Source, &a); err != nil {
				return nil, err
			}
			out = append(out, a)
			after = []any{a.UPRN}
		}
		if len(resp.Hits.Hits) < 10000 {
			break
		}
	}
	return out[:min(n, len(out))], nil
}

// cpuMark is the CPU spent so far by the API process and the engine node,
// and the engine's search time on the benchmarked index.
type cpuMark struct {
	apiTicks, engineMS, searchMS int64
}

func takeCPU(ctx context.Context, sc *search.Client, apiPID int, index string) cpuMark {
	m := cpuMark{apiTicks: procCPU(apiPID), engineMS: -1, searchMS: -1}
	var ns struct {
		Nodes map[string]struct {
			Process struct {
				CPU struct {
					TotalInMillis int64 `json:"total_in_millis"`
				} `json:"cpu"`
			} `json:"process"`
		} `json:"nodes"`
	}
	if sc.Do(ctx, http.MethodGet, "/_nodes/_local/stats/process", nil, nil, &ns) == nil {
		for _, n := range ns.Nodes {
			m.engineMS = n.Process.CPU.TotalInMillis
		}
	}
	var st struct {
		All struct {
			Primaries struct {
				Search struct {
					QueryMS int64 `json:"query_time_in_millis"`
					FetchMS int64 `json:"fetch_time_in_millis"`
				} `json:"search"`
			} `json:"primaries"`
		} `json:"_all"`
	}
	if sc.Do(ctx, http.MethodGet, "/"+index+"/_stats/search", nil, nil, &st) == nil {
		m.searchMS = st.All.Primaries.Search.QueryMS + st.All.Primaries.Search.FetchMS
	}
	return m
}

func (m cpuMark) sub(b cpuMark) cpuMark {
	d := cpuMark{apiTicks: m.apiTicks - b.apiTicks, engineMS: -1, searchMS: -1}
	if m.engineMS >= 0 && b.engineMS >= 0 {
		d.engineMS = m.engineMS - b.engineMS
	}
	if m.searchMS >= 0 && b.searchMS >= 0 {
		d.searchMS = m.searchMS - b.searchMS
	}
	return d
}

// perRow describes the CPU of a job of rows rows (clock ticks of 10 ms).
func (m cpuMark) perRow(rows int) string {
	if rows <= 0 {
		return "CPU per row: no rows"
	}
	f := func(ms int64) string {
		if ms < 0 {
			return "unknown"
		}
		return fmt.Sprintf("%.2f ms (%.0f s)", float64(ms)/float64(rows), float64(ms)/1000)
	}
	api := "unknown (no --api-pid)"
	if m.apiTicks > 0 {
		api = f(m.apiTicks * 10)
	}
	return fmt.Sprintf("CPU per row: API process %s; engine node %s (the whole node: other work on it counts too); "+
		"engine search time on the index (query + fetch, summed over threads) %s", api, f(m.engineMS), f(m.searchMS))
}

// writeMatchCSV writes the job's upload: rows rows, the cases repeated.
func writeMatchCSV(w io.Writer, cases []eval.Case, rows int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	cw := csv.NewWriter(bw)
	cw.Write([]string{"id", "address", "postcode"})
	for i := 0; i < rows; i++ {
		c := cases[i%len(cases)]
		cw.Write([]string{strconv.Itoa(i), c.Text, c.Postcode})
	}
	cw.Flush()
	return bw.Flush()
}

// scoreMatching tallies the job's results (NDJSON) against the cases, by
// variation; foundAbsent counts the rows built as absent that the whole
// index holds, left out.
func scoreMatching(body io.Reader, cases []eval.Case) (*eval.Report, int, error) {
	rep := &eval.Report{}
	byVar := map[string]*eval.Tally{}
	dec := json.NewDecoder(bufio.NewReaderSize(body, 1<<20))
	var all eval.Tally
	existing, absent := eval.Tally{}, eval.Tally{}
	foundAbsent := 0
	for {
		var x jobs.Result
		if err := dec.Decode(&x); err == io.EOF {
			break
		} else if err != nil {
			return nil, 0, err
		}
		c := cases[x.Row%len(cases)]
		oc := eval.Classify(c, x.Result)
		// The cases were built from a sample: an "absent" address the
		// whole index holds (another house of the street) is not absent.
		if oc == eval.AcceptedWrong && x.Address != nil && c.FoundAs(*x.Address) {
			foundAbsent++
			continue
		}
		t := byVar[c.Variation]
		if t == nil {
			t = &eval.Tally{}
			byVar[c.Variation] = t
		}
		for _, tt := range []*eval.Tally{t, &all} {
			tt.Add(oc)
		}
		if c.Exists() {
			existing.Add(oc)
		} else {
			absent.Add(oc)
		}
	}
	rep.ByVariation, rep.All, rep.Existing, rep.Absent = byVar, all, existing, absent
	return rep, foundAbsent, nil
}
