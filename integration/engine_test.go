//go:build integration

package integration

// Engine capability tests: prove, on throwaway indices, that the OpenSearch
// and Redis we run provide every feature the project relies on. Run with
// `make integration` (or `go test -tags integration ./integration/...` with
// OPENSEARCH_URL and REDIS_URL set).

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// engine bundles an API client and the test's index prefix.
type engine struct {
	t      *testing.T
	ctx    context.Context
	client *opensearchapi.Client
	prefix string
}

func newEngine(t *testing.T) *engine {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return &engine{t: t, ctx: ctx, client: testenv.OpenSearchClient(t), prefix: testenv.IndexPrefix(t)}
}

// createIndex creates prefix+name with a literal JSON settings/mappings body.
func (e *engine) createIndex(name, body string) string {
	e.t.Helper()
	index := e.prefix + name
	_, err := e.client.Indices.Create(e.ctx, opensearchapi.IndicesCreateReq{
		Index: index,
		Body:  strings.NewReader(body),
	})
	if err != nil {
		e.t.Fatalf("create index %s: %v", index, err)
	}
	return index
}

// index stores doc (marshalled with encoding/json) and refreshes.
func (e *engine) index(index, id string, doc any) {
	e.t.Helper()
	_, err := e.client.Index(e.ctx, opensearchapi.IndexReq{
		Index:      index,
		DocumentID: id,
		Body:       bytes.NewReader(mustJSON(e.t, doc)),
		Params:     opensearchapi.IndexParams{Refresh: "true"},
	})
	if err != nil {
		e.t.Fatalf("index %s/%s: %v", index, id, err)
	}
}

func (e *engine) search(index string, body any) *opensearchapi.SearchResp {
	e.t.Helper()
	resp, err := e.client.Search(e.ctx, &opensearchapi.SearchReq{
		Indices: []string{index},
		Body:    bytes.NewReader(mustJSON(e.t, body)),
	})
	if err != nil {
		e.t.Fatalf("search %s: %v", index, err)
	}
	return resp
}

func (e *engine) analyze(index, analyzer, text string) []string {
	e.t.Helper()
	resp, err := e.client.Indices.Analyze(e.ctx, opensearchapi.IndicesAnalyzeReq{
		Index: index,
		Body:  opensearchapi.IndicesAnalyzeBody{Analyzer: analyzer, Text: []string{text}},
	})
	if err != nil {
		e.t.Fatalf("analyze %q with %s: %v", text, analyzer, err)
	}
	tokens := make([]string, 0, len(resp.Tokens))
	for _, tok := range resp.Tokens {
		tokens = append(tokens, tok.Token)
	}
	return tokens
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return b
}

func hitIDs(resp *opensearchapi.SearchResp) []string {
	ids := make([]string, 0, len(resp.Hits.Hits))
	for _, h := range resp.Hits.Hits {
		ids = append(ids, h.ID)
	}
	return ids
}

type m = map[string]any

// Points used across tests (lat, lon).
var (
	westminster = m{"lat": 51.4995, "lon": -0.1248}
	trafalgar   = m{"lat": 51.5080, "lon": -0.1281} // ~1 km from Westminster
	manchester  = m{"lat": 53.4808, "lon": -2.2426} // ~260 km away
)

func TestAnalysisCommon(t *testing.T) {
	e := newEngine(t)
	idx := e.createIndex("analysis", `{
	  "settings": {
	    "number_of_shards": 1, "number_of_replicas": 0,
	    "analysis": {
	      "tokenizer": {
	        "edge": {"type": "edge_ngram", "min_gram": 2, "max_gram": 5, "token_chars": ["letter", "digit"]}
	      },
	      "filter": {
	        "prefixes": {"type": "edge_ngram", "min_gram": 1, "max_gram": 3},
	        "street_synonyms": {"type": "synonym", "synonyms": ["rd => road", "st => street", "ave, avenue"]}
	      },
	      "analyzer": {
	        "edge_tok": {"type": "custom", "tokenizer": "edge", "filter": ["lowercase"]},
	        "edge_filter": {"type": "custom", "tokenizer": "standard", "filter": ["lowercase", "prefixes"]},
	        "address": {"type": "custom", "tokenizer": "standard", "filter": ["lowercase", "asciifolding", "street_synonyms"]}
	      }
	    }
	  }
	}`)

	cases := []struct {
		analyzer, text string
		want           []string
	}{
		{"edge_tok", "Leeds", []string{"le", "lee", "leed", "leeds"}},
		{"edge_filter", "SW1A", []string{"s", "sw", "sw1"}},
		{"address", "12 Station Rd", []string{"12", "station", "road"}},
		{"address", "Café Señor St", []string{"cafe", "senor", "street"}},
	}
	for _, c := range cases {
		got := e.analyze(idx, c.analyzer, c.text)
		if !slices.Equal(got, c.want) {
			t.Errorf("analyze(%s, %q) = %q, want %q", c.analyzer, c.text, got, c.want)
		}
	}
	// A synonym group (ave, avenue) expands both ways at the same position.
	got := e.analyze(idx, "address", "Park Ave")
	if !slices.Contains(got, "ave") || !slices.Contains(got, "avenue") {
		t.Errorf("analyze(address, Park Ave) = %q, want both ave and avenue", got)
	}
}

func TestSearchAsYouType(t *testing.T) {
	e := newEngine(t)
	idx := e.createIndex("sayt", `{
	  "settings": {"number_of_shards": 1, "number_of_replicas": 0},
	  "mappings": {"properties": {"address": {"type": "search_as_you_type"}}}
	}`)
	e.index(idx, "1", m{"address": "10 Downing Street, London SW1A 2AA"})
	e.index(idx, "2", m{"address": "221B Baker Street, London NW1 6XE"})

	resp := e.search(idx, m{"query": m{"multi_match": m{
		"query":  "downing str",
		"type":   "bool_prefix",
		"fields": []string{"address", "address._2gram", "address._3gram"},
	}}})
	if ids := hitIDs(resp); len(ids) == 0 || ids[0] != "1" {
		t.Fatalf("bool_prefix 'downing str' hits = %v, want doc 1 first", ids)
	}
	resp = e.search(idx, m{"query": m{"multi_match": m{
		"query":  "baker st",
		"type":   "bool_prefix",
		"fields": []string{"address", "address._2gram", "address._3gram"},
	}}})
	if ids := hitIDs(resp); len(ids) == 0 || ids[0] != "2" {
		t.Fatalf("bool_prefix 'baker st' hits = %v, want doc 2 first", ids)
	}
}

func TestGeoPointDistance(t *testing.T) {
	e := newEngine(t)
	idx := e.createIndex("geopoint", `{
	  "settings": {"number_of_shards": 1, "number_of_replicas": 0},
	  "mappings": {"properties": {"name": {"type": "keyword"}, "location": {"type": "geo_point"}}}
	}`)
	e.index(idx, "trafalgar", m{"name": "Trafalgar Square", "location": trafalgar})
	e.index(idx, "westminster", m{"name": "Westminster", "location": westminster})
	e.index(idx, "manchester", m{"name": "Manchester", "location": manchester})

	resp := e.search(idx, m{
		"query": m{"geo_distance": m{"distance": "5km", "location": westminster}},
		"sort": []any{m{"_geo_distance": m{
			"location": westminster, "order": "asc", "unit": "km",
		}}},
	})
	ids := hitIDs(resp)
	if want := []string{"westminster", "trafalgar"}; !slices.Equal(ids, want) {
		t.Fatalf("geo_distance 5km sorted hits = %v, want %v", ids, want)
	}
	// The sort value is the distance in km: 0 for the centre, about 1 km for Trafalgar.
	d, ok := resp.Hits.Hits[1].Sort[0].(float64)
	if !ok || d < 0.5 || d > 1.5 {
		t.Errorf("distance to trafalgar = %v km, want about 1", resp.Hits.Hits[1].Sort)
	}
}

func TestGeoShapeIntersects(t *testing.T) {
	e := newEngine(t)
	idx := e.createIndex("geoshape", `{
	  "settings": {"number_of_shards": 1, "number_of_replicas": 0},
	  "mappings": {"properties": {"code": {"type": "keyword"}, "boundary": {"type": "geo_shape"}}}
	}`)
	// A box around Westminster, as a GeoJSON polygon ([lon, lat] order, closed ring).
	e.index(idx, "westminster-box", m{"code": "E09000033", "boundary": m{
		"type": "Polygon",
		"coordinates": [][][]float64{{
			{-0.15, 51.49}, {-0.10, 51.49}, {-0.10, 51.52}, {-0.15, 51.52}, {-0.15, 51.49},
		}},
	}})

	pointQuery := func(lon, lat float64) m {
		return m{"query": m{"geo_shape": m{"boundary": m{
			"shape":    m{"type": "Point", "coordinates": []float64{lon, lat}},
			"relation": "intersects",
		}}}}
	}
	if ids := hitIDs(e.search(idx, pointQuery(-0.1248, 51.4995))); !slices.Equal(ids, []string{"westminster-box"}) {
		t.Errorf("point inside: hits = %v, want [westminster-box]", ids)
	}
	if ids := hitIDs(e.search(idx, pointQuery(-2.2426, 53.4808))); len(ids) != 0 {
		t.Errorf("point outside: hits = %v, want none", ids)
	}
}

func TestGeotileGridCentroid(t *testing.T) {
	e := newEngine(t)
	idx := e.createIndex("geotile", `{
	  "settings": {"number_of_shards": 1, "number_of_replicas": 0},
	  "mappings": {"properties": {"location": {"type": "geo_point"}}}
	}`)
	points := []m{westminster, trafalgar, manchester,
		{"lat": 53.4794, "lon": -2.2453}, {"lat": 55.9533, "lon": -3.1883}}
	for i, p := range points {
		e.index(idx, string(rune('a'+i)), m{"location": p})
	}
	resp := e.search(idx, m{
		"size": 0,
		"aggs": m{"tiles": m{
			"geotile_grid": m{"field": "location", "precision": 8},
			"aggs":         m{"centre": m{"geo_centroid": m{"field": "location"}}},
		}},
	})
	var aggs struct {
		Tiles struct {
			Buckets []struct {
				Key      string `json:"key"`
				DocCount int    `json:"doc_count"`
				Centre   struct {
					Location struct{ Lat, Lon float64 } `json:"location"`
					Count    int                        `json:"count"`
				} `json:"centre"`
			} `json:"buckets"`
		} `json:"tiles"`
	}
	if err := json.Unmarshal(resp.Aggregations, &aggs); err != nil {
		t.Fatalf("decode aggregations: %v\n%s", err, resp.Aggregations)
	}
	buckets := aggs.Tiles.Buckets
	if len(buckets) < 2 || len(buckets) > len(points) {
		t.Fatalf("got %d tiles, want between 2 and %d: %s", len(buckets), len(points), resp.Aggregations)
	}
	total := 0
	for _, b := range buckets {
		total += b.DocCount
		if !strings.HasPrefix(b.Key, "8/") {
			t.Errorf("tile key %q, want zoom 8", b.Key)
		}
		if b.Centre.Count != b.DocCount {
			t.Errorf("tile %s: centroid count %d != doc_count %d", b.Key, b.Centre.Count, b.DocCount)
		}
		if b.Centre.Location.Lat < 49 || b.Centre.Location.Lat > 61 || b.Centre.Location.Lon < -9 || b.Centre.Location.Lon > 2 {
			t.Errorf("tile %s: centroid %+v is not in Great Britain", b.Key, b.Centre.Location)
		}
	}
	if total != len(points) {
		t.Errorf("tile doc_counts add up to %d, want %d", total, len(points))
	}
}

func TestIndexPrefixCleanup(t *testing.T) {
	// A versioned index behind an alias, the way the indexer publishes data,
	// created in a subtest whose IndexPrefix cleanup must remove both.
	base := testenv.OpenSearchURL(t) // skips here, not in the subtest, without OpenSearch
	var idx, alias string
	t.Run("versioned-index-and-alias", func(t *testing.T) {
		e := newEngine(t)
		idx = e.createIndex("props-v1", `{"settings": {"number_of_shards": 1, "number_of_replicas": 0}}`)
		alias = e.prefix + "props"
		if _, err := e.client.Indices.Alias.Put(e.ctx, opensearchapi.AliasPutReq{Indices: []string{idx}, Alias: alias}); err != nil {
			t.Fatalf("put alias: %v", err)
		}
		e.index(alias, "1", m{"n": 1})
		if got := e.search(alias, m{"query": m{"match_all": m{}}}).Hits.Total.Value; got != 1 {
			t.Fatalf("search via alias: %d hits, want 1", got)
		}
	})
	if idx == "" {
		t.Fatal("subtest did not create the index")
	}
	for _, path := range []string{"/" + idx, "/_alias/" + alias} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s after cleanup: HTTP %d, want 404", path, resp.StatusCode)
		}
	}
}

func TestRedisRoundTrip(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rdb := testenv.RedisClient(t)
	prefix := testenv.RedisKeyPrefix(t)

	key := prefix + "greeting"
	if err := rdb.Set(ctx, key, "hello", time.Minute).Err(); err != nil {
		t.Fatalf("SET: %v", err)
	}
	if got, err := rdb.Get(ctx, key).Result(); err != nil || got != "hello" {
		t.Fatalf("GET = %q, %v; want hello", got, err)
	}

	// Increment-with-limit, the shape of a quota check.
	const script = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if n == tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if n > tonumber(ARGV[2]) then return {0, n} end
return {1, n}`
	counter := prefix + "quota"
	for i, want := range []int64{1, 1, 0} {
		res, err := rdb.Eval(ctx, script, []string{counter}, 2, 5, 60).Int64Slice()
		if err != nil {
			t.Fatalf("EVAL #%d: %v", i+1, err)
		}
		if res[0] != want || res[1] != int64(2*(i+1)) {
			t.Errorf("EVAL #%d = %v, want allowed=%d used=%d", i+1, res, want, 2*(i+1))
		}
	}
	if ttl := rdb.TTL(ctx, counter).Val(); ttl <= 0 {
		t.Errorf("TTL of counter = %v, want > 0", ttl)
	}
}

// TestStoredOnlyFieldsKeptUnparsed creates the property records' index with
// the body production creates it with (mappings.EngineBody: the stored-only
// fields are objects the engine does not parse) and checks what that body
// keeps and what it gives up: the record comes back from _source as sent,
// nested arrays and a geo point included; the queried fields still match;
// a field the mapping does not name is still refused; and a stored-only
// value of the wrong type is no longer refused (the document structs fix
// the types), which is the cost written in docs/decisions.md.
func TestStoredOnlyFieldsKeptUnparsed(t *testing.T) {
	e := newEngine(t)
	body, err := mappings.EngineBody(mappings.IndexProperties)
	if err != nil {
		t.Fatal(err)
	}
	index := e.createIndex("properties", string(mustJSON(t, body)))
	doc := m{
		"uprn": 100023336956, "postcode": "SW1A 2AA", "directory_postcode": "SW1A 2AA",
		"full_address": "10 Downing Street, London, SW1A 2AA", "bedrooms": 4,
		"location":            m{"lat": 51.5034, "lon": -0.1276},
		"last_sold_date":      "2019-07",
		"is_listed_building":  true,
		"council_tax_band":    "H",
		"council_tax_history": []any{m{"band": "G", "effective_date": "1993-04-01"}, m{"band": "H", "effective_date": "2011-04-01"}},
		"epc_renovations":     []any{m{"improvement": "loft insulation", "efficiency_after": 62}},
		"postcode_history":    []any{m{"postcode": "SW1A 2AB", "until": "2001-05"}},
	}
	e.index(index, "100023336956", doc)

	resp, err := e.client.Document.Get(e.ctx, opensearchapi.DocumentGetReq{Index: index, DocumentID: "100023336956"})
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(resp.Source, &got); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(mustJSON(t, doc), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("_source = %s\nwant %s", resp.Source, mustJSON(t, doc))
	}
	for _, q := range []m{
		{"term": m{"postcode": "SW1A 2AA"}},
		{"term": m{"postcode_history.postcode": "SW1A 2AB"}},
		{"range": m{"uprn": m{"gte": 100023336956}}},
	} {
		if ids := hitIDs(e.search(index, m{"query": q})); !slices.Equal(ids, []string{"100023336956"}) {
			t.Errorf("query %s found %v", mustJSON(t, q), ids)
		}
	}
	put := func(id string, d m) error {
		_, err := e.client.Index(e.ctx, opensearchapi.IndexReq{Index: index, DocumentID: id, Body: bytes.NewReader(mustJSON(t, d))})
		return err
	}
	if err := put("1", m{"uprn": 1, "bedrooms": 2, "bedroomz": 2}); err == nil || !strings.Contains(err.Error(), "strict_dynamic_mapping_exception") {
		t.Errorf("a field the mapping does not name: err %v, want strict_dynamic_mapping_exception", err)
	}
	if err := put("2", m{"uprn": 2, "bedrooms": "four", "location": "somewhere"}); err != nil {
		t.Errorf("a stored-only value of another type was refused (%v): the engine parses stored-only fields again", err)
	}
}
