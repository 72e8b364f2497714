//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// queryCacheOf reads the engine's query cache counters of one index.
func queryCacheOf(t *testing.T, osURL, index string) (cached, hits int64) {
	t.Helper()
	resp, err := http.Get(osURL + "/" + index + "/_stats/query_cache")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct {
		All struct {
			Total struct {
				QueryCache struct {
					CacheCount int64 `json:"cache_count"`
					HitCount   int64 `json:"hit_count"`
				} `json:"query_cache"`
			} `json:"total"`
		} `json:"_all"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st.All.Total.QueryCache.CacheCount, st.All.Total.QueryCache.HitCount
}

// The typeahead's units filter (every address but the flats) is served
// from the engine's query cache once the API has primed it, and the
// answers do not change. A keystroke alone never gets it cached: its lead
// is too narrow for the engine to spend a pass over the index on the
// filter, and a `term` filter is never cached at all (at 32M addresses it
// cost a new postings block on nearly every advance).
func TestWarmFiltersServesTheUnitsFilterFromTheQueryCache(t *testing.T) {
	env := addressEnv(t)
	// The engine caches only on segments of 10,000 documents or more: the
	// fixture seven times over (new UPRNs), merged into one segment.
	base := addressFixture()
	var addrs []mappings.Address
	for k := int64(0); len(addrs) < 10500; k++ {
		for _, a := range base {
			a.UPRN += k * 100_000_000
			if a.ParentUPRN != 0 {
				a.ParentUPRN += k * 100_000_000
			}
			addrs = append(addrs, a)
		}
	}
	env.loadAddresses(t, addrs)
	alias := env.prefix + mappings.IndexAddresses
	resp, err := http.Post(env.url+"/"+alias+"/_forcemerge?max_num_segments=1", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// The merged segment is searched once refreshed.
	if resp, err = http.Post(env.url+"/"+alias+"/_refresh", "application/json", nil); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	srv := env.server(t)

	// 5-11 letters: the units query (houses first) carries the filter.
	inputs := []string{"12 high st", "station roa", "mill lane ex", "queens road", "church lan"}
	find := func() []any {
		var all []any
		for _, q := range inputs {
			m, _ := getJSON(t, srv, "/api/address/find/?q="+strings.ReplaceAll(q, " ", "+"), http.StatusOK)
			all = append(all, m["suggestions"])
		}
		return all
	}
	before := find()
	for i, sg := range before {
		if l, _ := sg.([]any); len(l) == 0 {
			t.Fatalf("%q found nothing: the comparison below would be empty", inputs[i])
		}
	}
	if c, _ := queryCacheOf(t, env.url, alias); c != 0 {
		t.Fatalf("%d filters cached by keystrokes alone, want 0 (the test cannot tell the warm-up's effect)", c)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.WarmFilters(ctx, time.Hour)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if c, _ := queryCacheOf(t, env.url, alias); c >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the warm-up round cached no filter in 20 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()

	_, hits0 := queryCacheOf(t, env.url, alias)
	after := find()
	_, hits1 := queryCacheOf(t, env.url, alias)
	if hits1-hits0 < int64(len(inputs)) {
		t.Fatalf("%d query cache hits for %d keystrokes after the warm-up, want one each at least", hits1-hits0, len(inputs))
	}
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("the answers changed with the cached filter:\nbefore %v\nafter  %v", before, after)
	}
}
