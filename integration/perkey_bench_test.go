//go:build integration

package integration

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"

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
// direct: GET <prefix>properties/_doc/<uprn> through the API's search client.
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
	index := mappings.NewAliases(prefix).Name(mappings.IndexProperties)

	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, found, err := sc.Get(ctx, index, uprns[i%len(uprns)]); err != nil || !found {
				b.Fatalf("direct get: found %v, %v", found, err)
			}
		}
	})
	b.Run("api", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			r := httptest.NewRequest(http.MethodGet, "/api/properties/"+uprns[i%len(uprns)], nil)
			r.Header.Set("Authorization", "Api-Key "+secret)
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				b.Fatalf("status %d: %s", w.Code, w.Body)
			}
		}
	})
}
