package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestLiveListingsSearchOK(t *testing.T) {
	fb := nearbyFake()
	var gotIndex, gotBody string
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		gotIndex, gotBody = index, string(mustJSONAny(body))
		r := &search.Response{}
		r.Hits.Total.Value = 31
		r.Hits.Hits = []search.Hit{hit(t, "u1", mappings.Listing{ID: "u1", ListingID: "L1", TransactionType: "Sale", LatestPrice: 250000,
			PropertyType: "Terraced", ListingPropertyType: "Terraced house", Bedrooms: 3, IsLive: true, AddedDate: "2026-11-01T10:00:00Z",
			Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}, ReducedDate: "2026-11-10"})}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/live-listings/search/?boundary_id=42&page=2&property_type=terraced,flat&sort=latest_price", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if gotIndex != "t1-listings" {
		t.Errorf("searched %q, want t1-listings", gotIndex)
	}
	for _, want := range []string{`"indexed_shape":{"id":"42","index":"t1-boundaries","path":"geometry"}`, `"from":30`, `"terms":{"property_type":["Terraced","Flat"]}`, `"is_live":true`} {
		if !strings.Contains(gotBody, want) {
			t.Errorf("query %s lacks %s", gotBody, want)
		}
	}
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	if out["count"] != 31.0 || out["page"] != 2.0 || out["page_size"] != 30.0 || out["total_pages"] != 2.0 {
		t.Errorf("envelope %v", out)
	}
	r0 := out["results"].([]any)[0].(map[string]any)
	for _, f := range []string{"id", "listing_id", "branch_id", "property_uprn", "sale_id", "display_address", "transaction_type",
		"latest_status", "latest_price", "source", "bedrooms", "bathrooms", "reception_rooms", "listing_property_type", "ownership",
		"is_new_build", "added_date", "first_offer_date", "first_sold_or_let_date", "sale_cancelled_date", "reduced_date",
		"description", "geopoint", "images", "agent_name", "ukpd_property_type"} {
		if _, ok := r0[f]; !ok {
			t.Errorf("result lacks %s", f)
		}
	}
	if r0["ukpd_property_type"] != "Terraced" || r0["property_uprn"] != nil || r0["reduced_date"] != "2026-11-10" {
		t.Errorf("result %v", r0)
	}
}

func TestLiveListingsUPRNRadius(t *testing.T) {
	fb := nearbyFake()
	var gotBody string
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		gotBody = string(mustJSONAny(body))
		return &search.Response{}, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/live-listings/search/?uprn=100040000001&radius_km=0.5", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	for _, want := range []string{`"term":{"property_uprn":100040000001}`, `"distance":"500.0m"`, `"minimum_should_match":1`} {
		if !strings.Contains(gotBody, want) {
			t.Errorf("query %s lacks %s", gotBody, want)
		}
	}
}

func TestLiveListingsClustersOK(t *testing.T) {
	fb := nearbyFake()
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		r := &search.Response{Aggregations: aggsOf(t, `{
			"clusters":{"buckets":[
				{"key":"14/8031/5505","doc_count":3,"centroid":{"location":{"lat":50.72,"lon":-3.53},"count":3},"price":{"count":3,"min":100,"max":300,"avg":200.4}},
				{"key":"14/8032/5505","doc_count":2,"centroid":{"location":{"lat":50.721,"lon":-3.51},"count":2},"price":{"count":2,"min":150,"max":150,"avg":150}}]},
			"price":{"count":6,"min":100,"max":300,"avg":180}}`)}
		r.Hits.Total.Value = 6
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/live-listings/clusters/?zoom=12&bbox=-3.6,50.7,-3.5,50.75", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var out clustersResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.Total != 6 || len(out.Clusters) != 2 || out.Other.Count != 1 || out.Precision != 14 {
		t.Errorf("clusters %+v", out)
	}
	b := out.Clusters[0].Bounds
	if c := out.Clusters[0].Centroid; c.Lat < b.MinLat || c.Lat > b.MaxLat || c.Lon < b.MinLon || c.Lon > b.MaxLon {
		t.Errorf("centroid %+v outside its tile %+v", c, b)
	}
	if out.Clusters[0].Price == nil || *out.Clusters[0].Price.Avg != 200 {
		t.Errorf("price %+v", out.Clusters[0].Price)
	}
}
