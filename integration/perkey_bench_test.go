//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// BenchmarkPerKeyLookup measures the API's overhead over one direct GET _doc
// (issue 19), in process and one request at a time, so the difference of
// the two ns/op is the key check, the metering round trip to Redis and the
// record's rendering, without the noise of an HTTP load generator on a
// shared machine. Profile it with
//
//	go test -tags integration -run '^$' -bench PerKeyLookup -cpuprofile cpu.out ./integration/
//
// direct: GET <prefix>properties/_doc/<uprn> through the API's search client
// (the answer read, not decoded, as cmd/bench's direct runs).
// api: GET /api/properties/<uprn> through the whole server (middleware,
// gate on the shared Redis with an Enterprise key, handler).
func BenchmarkPerKeyLookup(b *testing.B) {
	osURL, prefix := testenv.OpenSearchPrefix(b)
	c, err := synth.Collect(synth.Config{Seed: 1, Properties: 200})
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{mappings.IndexProperties, mappings.IndexAddresses, mappings.IndexTitles} {
		fixture.Load(b, osURL, prefix, name, c.Map(name))
	}
	var uprns []string
	for id := range c.Map(mappings.IndexProperties) {
		uprns = append(uprns, id)
	}
	sort.Strings(uprns)

	o, _ := ratelimit.RedisOptions(keysRedisURL())
	o.ReadTimeout, o.WriteTimeout, o.PoolTimeout = patientTimeout, patientTimeout, patientTimeout
	rdb := redis.NewClient(o)
	defer rdb.Close()
	ctx := context.Background()
	if err := rdb.Ping(ctx).Err(); err != nil {
		b.Skip(err)
	}
	ns := "t-keys-perkey-" + prefix[len(prefix)-7:len(prefix)-1] + ":"
	defer deleteNamespace(rdb, ns)
	svc := ratelimit.New(ratelimit.NewRedisStore(rdb, ns), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "bench", 0)
	if err != nil {
		b.Fatal(err)
	}
	_, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanEnterprise})
	if err != nil {
		b.Fatal(err)
	}
	sc := searchClient(b, search.Config{URLs: []string{osURL}})
	// The provenance headers read the indexer's meta index (cached for a
	// minute in a real server); this prefix has none, so give them directly.
	sources := func(context.Context) (map[string]api.DataSource, error) {
		return map[string]api.DataSource{"properties": {Source: "generated", Release: "synth/1 seed 1"}}, nil
	}
	srv := newAPIServer(b, osURL, api.Options{Backend: sc, IndexPrefix: prefix, DataSources: sources,
		Gate: gate.New(svc, gate.Options{}).Wrap})
	serial := newAPIServer(b, osURL, api.Options{Backend: sc, IndexPrefix: prefix, DataSources: sources,
		Gate: gate.New(svc, gate.Options{NoSpeculation: true}).Wrap})
	index := mappings.NewAliases(prefix).Name(mappings.IndexProperties)

	var serve func(srv *api.Server, i int)
	direct := func(i int) {
		// As cmd/bench's direct runs: the raw GET _doc, body read, not decoded.
		if err := sc.Do(ctx, http.MethodGet, "/"+index+"/_doc/"+uprns[i%len(uprns)], nil, nil, nil); err != nil {
			b.Fatalf("direct get: %v", err)
		}
	}
	viaAPI := func(i int) { serve(srv, i) }
	serve = func(srv *api.Server, i int) {
		r := httptest.NewRequest(http.MethodGet, "/api/properties/"+uprns[i%len(uprns)], nil)
		r.Header.Set("Authorization", "Api-Key "+secret)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
	// paired-* alternate one direct GET and one API request (serial: the
	// gate reserves, then serves; speculative: side by side), so both see
	// the same machine load, and report the medians (µs) of each and of
	// their difference: the figures to read on a busy machine.
	for _, v := range []struct {
		name string
		srv  *api.Server
	}{{"serial", serial}, {"speculative", srv}} {
		b.Run("paired-"+v.name, func(b *testing.B) {
			var d, a, o []float64
			for i := 0; b.Loop(); i++ {
				t0 := time.Now()
				direct(i)
				t1 := time.Now()
				serve(v.srv, i)
				t2 := time.Now()
				dd, ad := float64(t1.Sub(t0).Microseconds()), float64(t2.Sub(t1).Microseconds())
				d, a, o = append(d, dd), append(a, ad), append(o, ad-dd)
			}
			b.ReportMetric(medianF(d), "direct-p50-µs")
			b.ReportMetric(medianF(a), "api-p50-µs")
			b.ReportMetric(medianF(o), "overhead-p50-µs")
		})
	}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			direct(i)
		}
	})
	b.Run("api", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			viaAPI(i)
		}
	})
}

// medianF of xs (sorted in place); 0 for none.
func medianF(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

// TestSearchGetSource: the search client's Get reads GET _source on the real
// engine: a document's source exactly, found false for a missing id (also
// one that needs escaping), ErrIndexMissing for an index not loaded.
func TestSearchGetSource(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, map[string]any{
		"EX1 1AE": map[string]any{"postcode": "EX1 1AE", "outcode": "EX1"},
	})
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	ctx := context.Background()
	index := prefix + mappings.IndexPostcodes
	src, found, err := sc.Get(ctx, index, "EX1 1AE")
	if err != nil || !found {
		t.Fatalf("existing: found %v, %v", found, err)
	}
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil || doc["postcode"] != "EX1 1AE" || doc["outcode"] != "EX1" || len(doc) != 2 {
		t.Errorf("source %s (%v)", src, err)
	}
	for _, id := range []string{"EX9 9ZZ", "a/b", "x y"} {
		if src, found, err := sc.Get(ctx, index, id); err != nil || found || src != nil {
			t.Errorf("missing %q: %s found %v, %v", id, src, found, err)
		}
	}
	if _, _, err := sc.Get(ctx, prefix+"nothing", "1"); !errors.Is(err, search.ErrIndexMissing) {
		t.Errorf("missing index: %v, want ErrIndexMissing", err)
	}
}
