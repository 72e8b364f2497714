package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestPlanningSearchOK(t *testing.T) {
	fb := nearbyFake()
	var gotBody string
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		gotBody = string(mustJSONAny(body))
		r := &search.Response{}
		r.Hits.Total.Value = 26
		r.Hits.Hits = []search.Hit{sortHit(t, "P1", mappings.Planning{Reference: "P1", Decision: "Approved", Type: "Full",
			DateReceived: "2026-11-01", Applicant: "Ms A"}, "1793577600000", "312.6", `"P1"`)}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/planning/search/?lat=50.72&lng=-3.53&days=30&status=approved&page=2", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	for _, want := range []string{`"gte":"2026-10-23"`, `"term":{"decision":"Approved"}`, `"from":25`, `"size":25`} {
		if !strings.Contains(gotBody, want) {
			t.Errorf("query %s lacks %s", gotBody, want)
		}
	}
	var out planningResponse
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	if out.Count != 26 || out.Page != 2 || out.PerPage != 25 || out.Days != 30 || out.RadiusKm != 0.5 || out.TotalPages != 2 {
		t.Errorf("envelope %+v", out)
	}
	if r := out.Results[0]; r.DistanceM != 313 || r.DateDecided != nil || *r.Applicant != "Ms A" {
		t.Errorf("result %+v", r)
	}
}
