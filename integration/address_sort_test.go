//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/mappings"
)

// TestTypeaheadSortsAsItsIndex checks, on the real engine, that the
// typeahead's broad query (inputs of at most four letters, ranked by
// popularity alone) sorts as the serving addresses index is sorted, so
// that it stops at its first matches:
//   - an index built today is sorted by popularity band, then UPRN, and
//     its broad answers come in that order;
//   - an index built before the band (sorted by popularity, then UPRN, no
//     popularity_band field) refuses the band sort; the API answers from it
//     in popularity order all the same, first by retrying the refused
//     request, then, once it knows, without sending the band sort at all;
//   - WarmFilters' probe (query.SortProbe) tells the two apart before any
//     keystroke arrives.
func TestTypeaheadSortsAsItsIndex(t *testing.T) {
	env := addressEnv(t)
	rng := rand.New(rand.NewSource(7))
	addrs := addressFixture()
	popularity := map[int64]float64{}
	for i := range addrs {
		addrs[i].Popularity = float64(rng.Intn(100)) / 100
		addrs[i].PopularityBand = mappings.PopularityBandOf(addrs[i].Popularity)
		popularity[addrs[i].UPRN] = addrs[i].Popularity
	}
	env.loadAddresses(t, addrs)

	legacy := env.prefix + "legacysort-"
	createWithLegacySort(t, env.url, legacy)
	docs := map[string]any{}
	for _, a := range addrs {
		raw, _ := json.Marshal(a)
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		delete(m, mappings.AddressFieldPopularityBand)
		docs[fmt.Sprint(a.UPRN)] = m
	}
	fixture.Load(t, env.url, legacy, mappings.IndexAddresses, docs)

	inputs := []string{"mil", "sta", "hig", "chu", "ro", "12", "14"}
	// answer returns the UPRNs of the suggestions of q, in order.
	answer := func(t *testing.T, srv http.Handler, q string) []int64 {
		t.Helper()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/address/find/?q="+urlq(q), nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET find %q = %d: %s", q, rec.Code, rec.Body)
		}
		var r struct {
			Suggestions []struct {
				UPRN int64 `json:"uprn"`
			} `json:"suggestions"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Suggestions) < 3 {
			t.Fatalf("find %q: %d suggestions, want a page to check the order of", q, len(r.Suggestions))
		}
		out := make([]int64, len(r.Suggestions))
		for i, s := range r.Suggestions {
			out[i] = s.UPRN
		}
		return out
	}
	// inOrder checks uprns are in descending key order, then ascending UPRN.
	inOrder := func(t *testing.T, what, q string, uprns []int64, key func(int64) float64) {
		t.Helper()
		for i := 1; i < len(uprns); i++ {
			a, b := uprns[i-1], uprns[i]
			if key(a) < key(b) || (key(a) == key(b) && a > b) {
				t.Fatalf("%s, find %q: %d (%v) before %d (%v): not the index's order %v", what, q, a, key(a), b, key(b), uprns)
			}
		}
	}
	band := func(u int64) float64 { return float64(mappings.PopularityBandOf(popularity[u])) }
	pop := func(u int64) float64 { return popularity[u] }
	// sorts counts the band-sorted and the popularity-sorted searches sent.
	sorts := func(b *recordingBackend, from int) (bands, pops int) {
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, body := range b.bodies[from:] {
			raw, _ := json.Marshal(body["sort"])
			var s []map[string]any
			_ = json.Unmarshal(raw, &s)
			if len(s) == 0 {
				continue
			}
			if _, ok := s[0][mappings.AddressFieldPopularityBand]; ok {
				bands++
			}
			if _, ok := s[0][mappings.AddressFieldPopularity]; ok {
				pops++
			}
		}
		return bands, pops
	}
	sent := func(b *recordingBackend) int { b.mu.Lock(); defer b.mu.Unlock(); return len(b.bodies) }

	t.Run("today's index: popularity band, then UPRN", func(t *testing.T) {
		rb := &recordingBackend{Backend: searchClient(t, search.Config{URLs: []string{env.url}})}
		srv := newAPIServer(t, env.url, api.Options{IndexPrefix: env.prefix, Backend: rb})
		spread := map[float64]bool{}
		for _, q := range inputs {
			uprns := answer(t, srv, q)
			inOrder(t, "band-sorted index", q, uprns, band)
			for _, u := range uprns {
				spread[pop(u)] = true
			}
		}
		if len(spread) < 5 {
			t.Fatalf("the answers hold %d popularities: the order checked nothing", len(spread))
		}
		if bands, pops := sorts(rb, 0); bands == 0 || pops != 0 {
			t.Fatalf("%d band-sorted and %d popularity-sorted searches, want band sorts only", bands, pops)
		}
	})

	t.Run("an index built before the band: popularity, then UPRN", func(t *testing.T) {
		rb := &recordingBackend{Backend: searchClient(t, search.Config{URLs: []string{env.url}})}
		srv := newAPIServer(t, env.url, api.Options{IndexPrefix: legacy, Backend: rb})
		first := answer(t, srv, inputs[0])
		inOrder(t, "legacy index, first request", inputs[0], first, pop)
		if bands, pops := sorts(rb, 0); bands != 1 || pops != 1 {
			t.Fatalf("first request: %d band-sorted and %d popularity-sorted searches, want the band sort refused and retried once", bands, pops)
		}
		from := sent(rb)
		for _, q := range inputs[1:] {
			inOrder(t, "legacy index", q, answer(t, srv, q), pop)
		}
		if bands, pops := sorts(rb, from); bands != 0 || pops == 0 {
			t.Fatalf("after the refusal: %d band-sorted and %d popularity-sorted searches, want popularity sorts only", bands, pops)
		}
	})

	t.Run("the warm-up probe tells the indices apart", func(t *testing.T) {
		for _, c := range []struct {
			prefix string
			legacy bool
		}{{legacy, true}, {env.prefix, false}} {
			rb := &recordingBackend{Backend: searchClient(t, search.Config{URLs: []string{env.url}})}
			srv := newAPIServer(t, env.url, api.Options{IndexPrefix: c.prefix, Backend: rb})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { defer close(done); srv.WarmFilters(ctx, time.Hour) }()
			// The probe is the round's first search, its filters follow:
			// once the second is recorded the probe has been answered.
			deadline := time.Now().Add(30 * time.Second)
			for sent(rb) < 2 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			cancel()
			<-done
			rb.mu.Lock()
			probe, _ := json.Marshal(rb.bodies[0])
			rb.mu.Unlock()
			if want, _ := json.Marshal(query.SortProbe()); string(probe) != string(want) {
				t.Fatalf("the round's first search %s, want the probe %s", probe, want)
			}
			from := sent(rb)
			key := band
			if c.legacy {
				key = pop
			}
			for _, q := range inputs {
				inOrder(t, c.prefix, q, answer(t, srv, q), key)
			}
			bands, pops := sorts(rb, from)
			if c.legacy && (bands != 0 || pops == 0) || !c.legacy && (bands == 0 || pops != 0) {
				t.Fatalf("%s (legacy %v) after the probe: %d band-sorted and %d popularity-sorted searches", c.prefix, c.legacy, bands, pops)
			}
		}
	})
}

// createWithLegacySort creates prefix's addresses index as the mapping was
// before the popularity band: no popularity_band field, sorted by
// popularity then UPRN (mappings.LegacyAddressSort).
func createWithLegacySort(t *testing.T, osURL, prefix string) {
	t.Helper()
	m := addressesBodyWithout(t, mappings.AddressFieldPopularityBand)
	var fields, orders []string
	for _, f := range mappings.LegacyAddressSort {
		fields, orders = append(fields, f.Field), append(orders, f.Order)
	}
	index := m["settings"].(map[string]any)["index"].(map[string]any)
	index["sort.field"], index["sort.order"] = fields, orders
	createAddresses(t, osURL, prefix, m)
}
