//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/mappings"
)

// recordingBackend remembers the bodies of the searches sent through it,
// as sent.
type recordingBackend struct {
	api.Backend
	mu     sync.Mutex
	bodies []query.M
}

func (b *recordingBackend) Search(ctx context.Context, index string, body any) (*search.Response, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	var m query.M
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	b.mu.Lock()
	b.bodies = append(b.bodies, m)
	b.mu.Unlock()
	return b.Backend.Search(ctx, index, body)
}

// TestTypeaheadReadsDocValues checks, on the real engine, that the typeahead
// answers from the hits' doc values exactly as it answered from their
// _source:
//   - every fixture address read back from its packed doc value
//     (query.AddressDocValues) equals its _source on the fields packed
//     (mappings.HitFields);
//   - an index built without that doc value (the mapping before it) answers
//     hits without it, and the API then reads its _source:
//     the typed keystrokes, postcodes, flats and building drill-downs answer
//     the same suggestions, byte for byte, from both indices.
func TestTypeaheadReadsDocValues(t *testing.T) {
	env := addressEnv(t)
	addrs := addressFixture()
	env.loadAddresses(t, addrs)
	ctx := context.Background()
	client := searchClient(t, search.Config{URLs: []string{env.url}})

	t.Run("every address from its doc values equals its source", func(t *testing.T) {
		byUPRN := map[int64]mappings.Address{}
		ids := make([]int64, 0, len(addrs))
		for _, a := range addrs {
			byUPRN[a.UPRN] = a
			ids = append(ids, a.UPRN)
		}
		for start := 0; start < len(ids); start += 500 {
			end := min(start+500, len(ids))
			body := query.FetchDocValues.Apply(query.M{"size": end - start,
				"query": query.M{"terms": query.M{mappings.AddressFieldUPRN: ids[start:end]}}})
			resp, err := client.Search(ctx, env.prefix+mappings.IndexAddresses, body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.HitCount() != end-start {
				t.Fatalf("%d hits for %d addresses", resp.HitCount(), end-start)
			}
			for i := range resp.HitCount() {
				if _, src := resp.HitSource(i); len(src) != 0 {
					t.Fatalf("a doc-values hit returned its _source: %s", src)
				}
				got, err := query.DecodeAddress("", nil, resp.HitFields(i))
				if err != nil {
					t.Fatal(err)
				}
				want := docValueFields(byUPRN[got.UPRN])
				if g := docValueFields(*got); g != want {
					t.Fatalf("address %d from doc values:\n got %s\nwant %s", got.UPRN, g, want)
				}
			}
		}
	})

	// The same addresses in an index whose mapping has no doc values for
	// the fields the typeahead added them to.
	legacy := env.prefix + "legacy-"
	createWithoutTypeaheadDocValues(t, env.url, legacy)
	unpacked := make([]mappings.Address, len(addrs))
	for i, a := range addrs {
		a.Hit = ""
		unpacked[i] = a
	}
	fixture.Load(t, env.url, legacy, mappings.IndexAddresses, fixture.Docs(unpacked, func(a mappings.Address) string { return fmt.Sprint(a.UPRN) }))
	old, err := client.Search(ctx, legacy+mappings.IndexAddresses, query.FetchDocValues.Apply(query.M{"size": 1}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := query.DecodeAddress("", nil, old.HitFields(0)); !errors.Is(err, query.ErrNoDocValues) {
		t.Fatalf("a hit of the index without the packed doc value: %v (fields %v), want ErrNoDocValues: the fallback below is not exercised", err, old.HitFields(0))
	}

	dv := &recordingBackend{Backend: searchClient(t, search.Config{URLs: []string{env.url}})}
	src := &recordingBackend{Backend: searchClient(t, search.Config{URLs: []string{env.url}})}
	dvSrv := newAPIServer(t, env.url, api.Options{IndexPrefix: env.prefix, Backend: dv})
	srcSrv := newAPIServer(t, env.url, api.Options{IndexPrefix: legacy, Backend: src})

	var paths []string
	seenPC := map[string]bool{}
	for i, a := range addrs {
		if i%13 != 0 {
			continue
		}
		typed := a.AddressLine1 + " " + a.TownName
		for n := 3; n <= len(typed); n += 2 {
			paths = append(paths, "/api/address/find/?q="+urlq(typed[:n]))
		}
		if !seenPC[a.Postcode] {
			seenPC[a.Postcode] = true
			pc, _ := mappings.ParsePostcode(a.Postcode)
			paths = append(paths, "/api/address/find/?q="+urlq(a.Postcode), "/api/address/find/?q="+urlq(pc.Outward),
				"/api/address/find/?q="+urlq(pc.Outward+" "+pc.Inward[:1]))
		}
		if a.ParentUPRN != 0 {
			paths = append(paths, fmt.Sprintf("/api/address/find/?q=%s&building=%d", urlq(a.StreetName), a.ParentUPRN),
				"/api/address/find/?q="+urlq("flat "+a.FlatNumber+" "+a.StreetName))
		}
	}
	answer := func(srv http.Handler, path string) string {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s = %d: %s", path, rec.Code, rec.Body)
		}
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		delete(m["meta"].(map[string]any), "took_ms")
		b, _ := json.Marshal(m)
		return string(b)
	}
	buildings, flats := 0, 0
	for _, p := range paths {
		got, want := answer(dvSrv, p), answer(srcSrv, p)
		if got != want {
			t.Fatalf("GET %s from doc values:\n%s\nfrom _source:\n%s", p, got, want)
		}
		buildings += strings.Count(got, `"type":"building"`)
		flats += strings.Count(got, `"address":"Flat `)
	}
	if buildings == 0 || flats == 0 {
		t.Fatalf("the %d answers compared hold %d building and %d flat suggestions: the sample misses a path", len(paths), buildings, flats)
	}
	for _, b := range dv.bodies {
		if !query.ReadsDocValues(b) || b["_source"] != false {
			t.Fatalf("a typeahead search of the index with doc values read stored fields: %v", b)
		}
	}
	fromSource := 0
	for _, b := range src.bodies {
		if b["_source"] == true {
			fromSource++
		}
	}
	if fromSource == 0 {
		t.Fatal("the legacy index was never read from _source")
	}
	t.Logf("%d answers identical (%d building, %d flat suggestions); %d searches from doc values, %d of %d from _source on the legacy index",
		len(paths), buildings, flats, len(dv.bodies), fromSource, len(src.bodies))
}

// docValueFields is the JSON of the fields of a that the typeahead reads
// from its packed doc value.
func docValueFields(a mappings.Address) string {
	var m map[string]any
	b, _ := json.Marshal(a)
	_ = json.Unmarshal(b, &m)
	keep := map[string]any{}
	for _, f := range mappings.HitFields {
		if v, ok := m[f]; ok {
			keep[f] = v
		}
	}
	out, _ := json.Marshal(keep)
	return string(out)
}

// createWithoutTypeaheadDocValues creates prefix's addresses index from the
// mapping without the typeahead's packed doc value (as the mapping was
// before it).
func createWithoutTypeaheadDocValues(t *testing.T, osURL, prefix string) {
	t.Helper()
	createAddresses(t, osURL, prefix, addressesBodyWithout(t, mappings.AddressFieldHit))
}

// addressesBodyWithout is the body that creates the addresses index
// (mappings.EngineBody) without field, which its mapping must have.
func addressesBodyWithout(t *testing.T, field string) map[string]any {
	t.Helper()
	body, err := mappings.EngineBody(mappings.IndexAddresses)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(body)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	props := m["mappings"].(map[string]any)["properties"].(map[string]any)
	if props[field] == nil {
		t.Fatalf("the addresses mapping has no %s", field)
	}
	delete(props, field)
	return m
}

// createAddresses creates prefix's addresses index from body.
func createAddresses(t *testing.T, osURL, prefix string, body map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	var created map[string]any
	// Deleted with the test's other indices: prefix begins with its prefix.
	engineJSON(t, http.MethodPut, osURL+"/"+prefix+mappings.IndexAddresses, string(raw), &created)
}
