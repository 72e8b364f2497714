//go:build integration

package integration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// TestAddressRelevanceAtScale measures the typeahead's relevance on an
// index that is already loaded, at any size (the 32M national build):
// RELEVANCE_AT_SCALE_PREFIX names its index prefix on OPENSEARCH_URL
// (skipped without it; `make test` does not set it). It samples
// RELEVANCE_AT_SCALE_SAMPLE addresses (default 3,000) of the index at
// random, derives the relevance cases from them as the other suites do, and
// asks the API over the whole index.
//
// At national size a query can fit more addresses than the sample knows
// (the same street and number in another district of a big town, a
// keystroke prefix shared by hundreds): each answer ranked above the target
// is read back from the index and checked against the query with the same
// oracle as the other suites. "fit@1" counts a top answer that is the
// target or fits what was typed as well as it does (for a typo: what was
// meant); "fit@5" counts the
// target in the top five, or five answers above it that all fit. The strict
// recall (the target itself) is logged beside them; the floors apply to fit.
func TestAddressRelevanceAtScale(t *testing.T) {
	prefix := os.Getenv("RELEVANCE_AT_SCALE_PREFIX")
	if prefix == "" {
		t.Skip("RELEVANCE_AT_SCALE_PREFIX (the prefix of a loaded addresses index) not set")
	}
	osURL := os.Getenv("OPENSEARCH_URL")
	if osURL == "" {
		t.Skip("OPENSEARCH_URL not set")
	}
	n := 3000
	if v := os.Getenv("RELEVANCE_AT_SCALE_SAMPLE"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 100 || n > 10000 {
			t.Fatalf("RELEVANCE_AT_SCALE_SAMPLE=%q: want 100–10000", v)
		}
	}
	index := prefix + mappings.IndexAddresses
	sample := sampleAddresses(t, osURL, index, n)
	cases := relevanceCases(sample, 120)
	t.Logf("%s: %d addresses sampled, %d cases", index, len(sample), len(cases))
	srv := newAPIServer(t, osURL, api.Options{IndexPrefix: prefix,
		Now: func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }})
	docs := func(uprns []int64) []mappings.Address { return addressesByUPRN(t, osURL, index, uprns) }
	runRelevanceAtScale(t, srv, docs, cases, relevanceFloors)
	streetInTown(t, srv, docs, sample)
}

// streetInTown is the "church taunton" check at scale: a street and a town
// typed without a number ("gladstone avenue leeds") must answer addresses
// of that street in that town, every one of the (up to) five, not a street that merely
// shares a word or a prefix.
func streetInTown(t *testing.T, srv http.Handler, docs func([]int64) []mappings.Address, sample []mappings.Address) {
	seen := map[string]bool{}
	var n, allFit int
	var misses []string
	for i := range sample {
		a := &sample[i]
		q := strings.TrimSpace(a.StreetName + " " + a.PostTown)
		if a.StreetName == "" || seen[q] || n == 120 {
			continue
		}
		seen[q] = true
		n++
		r, _ := find(t, srv, "q="+url.QueryEscape(q)+"&limit=5")
		var uprns []int64
		for _, sg := range r.Suggestions {
			uprns = append(uprns, sg.UPRN)
		}
		got := docs(uprns)
		o := newAddressOracle(got)
		text := query.ParseAddressText(q)
		fit := len(got) > 0 && len(got) == len(uprns)
		for j := range got {
			fit = fit && o.matches(j, text)
		}
		if fit {
			allFit++
		} else if len(misses) < 10 {
			misses = append(misses, fmt.Sprintf("%q: not every answer is on that street in that town: %v", q, r.Suggestions))
		}
	}
	t.Logf("%-19s cases %4d  every answer (up to five) on the street in the town: %.3f", "street_in_town", n, ratio(allFit, n))
	for _, m := range misses {
		t.Log("miss: " + m)
	}
	if ratio(allFit, n) < 0.98 {
		t.Errorf("street_in_town: %.3f of the queries answered only that street in that town, want at least 0.98", ratio(allFit, n))
	}
}

// sampleAddresses draws n addresses of index at random (a seeded random
// score, so a rerun draws the same ones).
func sampleAddresses(t *testing.T, osURL, index string, n int) []mappings.Address {
	t.Helper()
	body := fmt.Sprintf(`{"size":%d,"query":{"function_score":{"query":{"match_all":{}},"random_score":{"seed":38,"field":"uprn"},"boost_mode":"replace"}}}`, n)
	var r struct {
		Hits struct {
			Hits []struct {
				Source mappings.Address `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	engineJSON(t, http.MethodPost, osURL+"/"+index+"/_search", body, &r)
	out := make([]mappings.Address, 0, len(r.Hits.Hits))
	for _, h := range r.Hits.Hits {
		a := h.Source
		mappings.AddressSearchFields(&a)
		out = append(out, a)
	}
	if len(out) < n/2 {
		t.Fatalf("%s: sampled %d addresses, want about %d", index, len(out), n)
	}
	return out
}

// addressesByUPRN reads the address documents of uprns (missing ones left out).
func addressesByUPRN(t *testing.T, osURL, index string, uprns []int64) []mappings.Address {
	t.Helper()
	ids := make([]string, len(uprns))
	for i, u := range uprns {
		ids[i] = strconv.FormatInt(u, 10)
	}
	b, _ := json.Marshal(map[string]any{"ids": ids})
	var r struct {
		Docs []struct {
			Found  bool             `json:"found"`
			Source mappings.Address `json:"_source"`
		} `json:"docs"`
	}
	engineJSON(t, http.MethodPost, osURL+"/"+index+"/_mget", string(b), &r)
	var out []mappings.Address
	for _, d := range r.Docs {
		if d.Found {
			a := d.Source
			mappings.AddressSearchFields(&a)
			out = append(out, a)
		}
	}
	return out
}

func engineJSON(t *testing.T, method, u, body string, out any) {
	t.Helper()
	req, _ := http.NewRequest(method, u, bytes.NewBufferString(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %d", method, u, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

// runRelevanceAtScale runs the cases and logs, per kind, the strict recall
// and the fit recall (see TestAddressRelevanceAtScale); a kind whose fit
// recall is below its floor fails.
func runRelevanceAtScale(t *testing.T, srv http.Handler, docs func([]int64) []mappings.Address, cases []relevanceCase, floors map[string][2]float64) {
	type stat struct{ n, n1, at1, at5, fit1, fit5 int }
	stats := map[string]*stat{}
	var lat []time.Duration
	var misses []string
	for _, c := range cases {
		r, took := find(t, srv, "q="+url.QueryEscape(c.Query)+"&limit=10")
		lat = append(lat, took)
		st := stats[c.Kind]
		if st == nil {
			st = &stat{}
			stats[c.Kind] = st
		}
		st.n++
		rank := -1
		var above []int64
		for i, sg := range r.Suggestions {
			if c.Want[sg.UPRN] {
				rank = i
				break
			}
			if i < 5 {
				above = append(above, sg.UPRN)
			}
		}
		fits := map[int64]bool{} // answers above the target that fit the query as well
		if len(above) > 0 {
			fetched := docs(above)
			o := newAddressOracle(fetched)
			meant := c.Query
			if c.Meant != "" {
				meant = c.Meant // a typo: an answer fits when it is what the query meant
			}
			text := query.ParseAddressText(meant)
			for j := range fetched {
				fits[fetched[j].UPRN] = o.matches(j, text)
			}
		}
		fitting := 0
		for _, u := range above {
			if fits[u] {
				fitting++
			}
		}
		if !c.OnlyAt5 {
			st.n1++
			if rank == 0 {
				st.at1++
			}
			if rank == 0 || (len(above) > 0 && fits[above[0]]) {
				st.fit1++
			}
		}
		if rank >= 0 && rank < 5 {
			st.at5++
			st.fit5++
		} else if len(above) == 5 && fitting == 5 {
			st.fit5++
		} else if len(misses) < 40 {
			got := []string{}
			for i, sg := range r.Suggestions {
				if i < 3 {
					got = append(got, sg.Address)
				}
			}
			misses = append(misses, fmt.Sprintf("%s %q (%s): rank %d, %d of %d above fit, got %v", c.Kind, c.Query, r.Meta.QueryType, rank, fitting, len(above), got))
		}
	}
	kinds := slices.Sorted(maps.Keys(stats))
	var tot stat
	for _, k := range kinds {
		st := stats[k]
		f1, f5 := ratio(st.fit1, st.n1), ratio(st.fit5, st.n)
		t.Logf("%-19s cases %4d  fit@1 %.3f (of %d)  fit@5 %.3f  strict recall@1 %.3f  recall@5 %.3f", k, st.n, f1, st.n1, f5, ratio(st.at1, st.n1), ratio(st.at5, st.n))
		tot = stat{tot.n + st.n, tot.n1 + st.n1, tot.at1 + st.at1, tot.at5 + st.at5, tot.fit1 + st.fit1, tot.fit5 + st.fit5}
		if f, ok := floors[k]; ok {
			if st.n1 > 0 && f1 < f[0] {
				t.Errorf("%s: fit@1 %.3f below floor %.2f", k, f1, f[0])
			}
			if f5 < f[1] {
				t.Errorf("%s: fit@5 %.3f below floor %.2f", k, f5, f[1])
			}
		}
	}
	t.Logf("%-19s cases %4d  fit@1 %.3f  fit@5 %.3f  strict recall@1 %.3f  recall@5 %.3f", "ALL", tot.n, ratio(tot.fit1, tot.n1), ratio(tot.fit5, tot.n), ratio(tot.at1, tot.n1), ratio(tot.at5, tot.n))
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("address/find latency over %d cases, one at a time: p50 %v p95 %v p99 %v", len(lat), lat[len(lat)/2], lat[len(lat)*95/100], lat[len(lat)*99/100])
	for _, m := range misses {
		t.Log("miss: " + strings.TrimSpace(m))
	}
}
