package api

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestListedBuildingsOK(t *testing.T) {
	fb := nearbyFake()
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		r := &search.Response{Aggregations: aggsOf(t, `{"grade_counts":{"buckets":[{"key":"II","doc_count":9},{"key":"I","doc_count":1}]}}`)}
		r.Hits.Total.Value = 1
		r.Hits.Hits = []search.Hit{sortHit(t, "1", mappings.ListedBuilding{ListEntry: 1, Name: "Cathedral", Grade: "I"}, "210.7", "1")}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/listed-buildings/?postcode=EX1+1AE&grade=I", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var out listedResponse
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	if out.Count != 1 || out.GradeCounts["II"] != 9 || out.GradeCounts["II*"] != 0 || out.Buildings[0].DistanceM != 211 || out.Buildings[0].DistanceKm != 0.21 {
		t.Errorf("response %+v", out)
	}
}
