package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestCrimeOK(t *testing.T) {
	fb := nearbyFake()
	calls := 0
	var mainBody string
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		calls++
		if calls == 1 {
			// 2026-09-01T00:00:00Z
			return &search.Response{Aggregations: aggsOf(t, `{"latest":{"value":1788220800000,"value_as_string":"2026-09-01"}}`)}, nil
		}
		mainBody = string(mustJSONAny(body))
		r := &search.Response{Aggregations: aggsOf(t, `{
			"by_category":{"buckets":[{"key":"burglary","doc_count":2},{"key":"anti-social-behaviour","doc_count":5}]},
			"by_month":{"buckets":[{"key_as_string":"2026-08","doc_count":3,"by_category":{"buckets":[{"key":"burglary","doc_count":1}]}},
			{"key_as_string":"2026-09","doc_count":4,"by_category":{"buckets":[]}}]}}`)}
		r.Hits.Total.Value = 7
		r.Hits.Hits = []search.Hit{sortHit(t, "c1", mappings.Crime{ID: "c1", Category: "burglary", Month: "2026-09-01"}, "40.2", `"c1"`)}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/crime/?postcode=EX1+1AE&months=2", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if !strings.Contains(mainBody, `"gte":"2026-08-01"`) {
		t.Errorf("main query %s", mainBody)
	}
	var out crimeResponse
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	if out.Total != 7 || out.Period == nil || out.Period.From != "2026-08" || out.Period.To != "2026-09" {
		t.Errorf("response %+v", out)
	}
	if out.ByCategory[0].Category != "anti-social-behaviour" || len(out.ByMonth) != 2 || out.Nearest[0].Month != "2026-09" || out.Nearest[0].DistanceM != 40 {
		t.Errorf("response %+v", out)
	}
}

func TestCrimeNoData(t *testing.T) {
	fb := nearbyFake()
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		return &search.Response{Aggregations: aggsOf(t, `{"latest":{"value":null}}`)}, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/crime/?postcode=EX1+1AE", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"period":null`) || !strings.Contains(rec.Body.String(), `"total":0`) {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
}
