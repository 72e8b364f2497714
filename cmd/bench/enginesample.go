package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// engineSampleSize is how many addresses --data engine draws: the typing
// workload then draws its 3,000 from these, uniformly too.
const engineSampleSize = 10000

// engineSampleDir draws n addresses uniformly at random (random_score,
// seeded: the same draw for the same index) from the addresses alias and
// writes them as DIR/addresses.ndjson in a new temporary directory, for a
// dataset that exists only in the engine (a streamed national build:
// `indexer national` writes no files).
func engineSampleDir(ctx context.Context, osURL, alias string, n int, seed int) (string, error) {
	body, _ := json.Marshal(map[string]any{
		"size":             n,
		"track_total_hits": false,
		"query": map[string]any{"function_score": map[string]any{
			"query":        map[string]any{"match_all": map[string]any{}},
			"random_score": map[string]any{"seed": seed, "field": "_seq_no"},
			"boost_mode":   "replace",
		}},
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(osURL, "/")+"/"+alias+"/_search", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("sample %s: engine answered %s", alias, resp.Status)
	}
	var r struct {
		Hits struct {
			Hits []struct {
				Source json.RawMessage `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return "", fmt.Errorf("sample %s: %w", alias, err)
	}
	if len(r.Hits.Hits) == 0 {
		return "", fmt.Errorf("sample %s: no addresses", alias)
	}
	dir, err := os.MkdirTemp("", "bench-engine-sample-")
	if err != nil {
		return "", err
	}
	f, err := os.Create(filepath.Join(dir, "addresses.ndjson"))
	if err != nil {
		return "", err
	}
	w := bufio.NewWriter(f)
	for _, h := range r.Hits.Hits {
		w.Write(h.Source)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return "", err
	}
	return dir, f.Close()
}

// parseRates parses a comma-separated list of positive request rates.
func parseRates(s string) ([]float64, error) {
	var out []float64
	for _, part := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("rate %q: want a positive number", part)
		}
		out = append(out, v)
	}
	return out, nil
}
