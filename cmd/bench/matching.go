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

// runMatching uploads rows addresses (the evaluation's variations of
// sampled index addresses, repeated) as one job and reports rows/s and
// accuracy to out.
func runMatching(ctx context.Context, o options, sc *search.Client, rows int, out string, stdout io.Writer) error {
	// A patient client: sampling a large index on a busy machine is slow.
	if c, err := search.New(search.Config{URLs: []string{o.osURL}, RequestTimeout: 5 * time.Minute}); err == nil {
		sc = c
	}
	addrs, err := sampleAddresses(ctx, sc, o.prefix+mappings.IndexAddresses, 5000)
	if err != nil {
		return fmt.Errorf("matching: sample: %w", err)
	}
	cases := eval.Build(addrs, 1, 1000)
	if len(cases) == 0 {
		return fmt.Errorf("matching: no cases built from %d addresses", len(addrs))
	}
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
	fmt.Fprintf(&sb, "- when: %s\n- index: %s (%s)\n- job: %d rows (%d distinct evaluation rows from %d sampled addresses, repeated), %s\n",
		time.Now().UTC().Format(time.RFC3339), o.prefix+mappings.IndexAddresses, orDefault(o.datasetNote, "generated"), j.Rows, len(cases), len(addrs), j.State)
	fmt.Fprintf(&sb, "- upload (streamed, normalised, queued): %s\n", uploaded.Round(time.Millisecond))
	fmt.Fprintf(&sb, "- upload to last row: %s = **%.0f rows/s** end to end; the job's own figure (first to last row): %.0f rows/s\n",
		elapsed.Round(time.Millisecond), float64(j.Rows)/elapsed.Seconds(), j.RowsPerSecond)
	if firstAt > 0 && elapsed > firstAt {
		fmt.Fprintf(&sb, "- the first %d rows (every distinct row once, seen within a second of it): %.0f rows/s; the %d rows after them (repeats, whose candidates the job's cache holds): %.0f rows/s\n",
			firstDone, float64(firstDone)/firstAt.Seconds(), j.Rows-firstDone, float64(j.Rows-firstDone)/(elapsed-firstAt).Seconds())
	}
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
