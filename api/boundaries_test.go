package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestBoundaryGeometry(t *testing.T) {
	// A square of 11 points a side (~111 m apart at the equator), closed.
	var ring [][2]float64
	for i := 0; i <= 10; i++ {
		ring = append(ring, [2]float64{float64(i) * 0.001, 0})
	}
	for i := 1; i <= 10; i++ {
		ring = append(ring, [2]float64{0.01, float64(i) * 0.001})
	}
	ring = append(ring, [2]float64{0, 0.01}, [2]float64{0, 0})
	coords, _ := json.Marshal([][][2]float64{ring})
	doc, _ := json.Marshal(mappings.Boundary{ID: 7, Name: "Exeter", DisplayName: "Exeter, Devon", Type: "lad", Code: "E07000041",
		AdminLevel: 6, Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: coords}})
	fb := &fakeBackend{GetFn: func(index, id string) (json.RawMessage, bool, error) {
		if index != mappings.IndexBoundaries {
			t.Errorf("index %q", index)
		}
		switch id {
		case "7":
			return doc, true, nil
		case "9":
			return nil, false, search.ErrUnavailable
		}
		return nil, false, nil
	}}
	s := newTestServer(t, fb)

	rec := do(t, s, http.MethodGet, "/api/boundaries/7/geometry", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/geo+json" {
		t.Fatalf("status %d, content type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	var f struct {
		Type     string `json:"type"`
		Geometry struct {
			Type        string         `json:"type"`
			Coordinates [][][2]float64 `json:"coordinates"`
		} `json:"geometry"`
		Properties boundaryProps `json:"properties"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if f.Type != "Feature" || f.Geometry.Type != "Polygon" || f.Properties.ID != 7 || f.Properties.Name != "Exeter" {
		t.Errorf("got %+v", f)
	}
	if got, want := len(f.Geometry.Coordinates[0]), len(ring); got != want {
		t.Errorf("unsimplified ring has %d positions, want %d", got, want)
	}

	rec = do(t, s, http.MethodGet, "/api/v1/boundaries/7/geometry/?simplify=500", "")
	if err := json.Unmarshal(rec.Body.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	r := f.Geometry.Coordinates[0]
	if len(r) >= len(ring) || len(r) < 4 || r[0] != r[len(r)-1] {
		t.Errorf("simplify=500: ring of %d positions (closed %v), want fewer than %d and at least 4", len(r), r[0] == r[len(r)-1], len(ring))
	}

	for _, c := range []struct {
		target string
		status int
		code   string
	}{
		{"/api/boundaries/404/geometry", 404, CodeNotFound},
		{"/api/boundaries/0/geometry", 422, CodeInvalidParams},
		{"/api/boundaries/abc/geometry", 422, CodeInvalidParams},
		{"/api/boundaries/7/geometry?simplify=-1", 422, CodeInvalidParams},
		{"/api/boundaries/7/geometry?simplify=NaN", 422, CodeInvalidParams},
		{"/api/boundaries/9/geometry", 503, CodeServiceUnavailable},
	} {
		rec := do(t, s, http.MethodGet, c.target, "")
		if rec.Code != c.status || errorCode(t, rec) != c.code {
			t.Errorf("GET %s: %d %s, want %d %s", c.target, rec.Code, errorCode(t, rec), c.status, c.code)
		}
	}
}

func TestBoundariesAutocompleteOK(t *testing.T) {
	fb := nearbyFake()
	var gotBody string
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		gotBody = string(mustJSONAny(body))
		r := &search.Response{}
		r.Hits.Hits = []search.Hit{hit(t, "42", mappings.Boundary{ID: 42, Name: "Exeter", DisplayName: "Exeter, Devon", AdminLevel: 8, Type: "lad", Code: "E07000041"})}
		return r, nil
	}
	rec := do(t, newNearbyServer(t, fb), http.MethodGet, "/api/v1/boundaries/autocomplete/?q=exe&type=lad", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if !strings.Contains(gotBody, `"bool_prefix"`) || strings.Contains(gotBody, `"geometry"`) {
		t.Errorf("query %s", gotBody)
	}
	want := `{"count":1,"results":[{"id":42,"name":"Exeter","display_name":"Exeter, Devon","admin_level":8,"type":"lad","code":"E07000041"}]}`
	if strings.TrimSpace(rec.Body.String()) != want {
		t.Errorf("body %s, want %s", rec.Body, want)
	}
}

// TestBoundariesPlaces (three entries of the real OS Open Names sample,
// converted as the importer does): the view's named points as a GeoJSON
// FeatureCollection, the limit (asked one more, to say truncated), the
// sources' attributions once each, and clear 422s for bad input.
func TestBoundariesPlaces(t *testing.T) {
	const osAttr = "Contains OS data © Crown copyright and database right. Licensed under the Open Government Licence v3.0."
	docs := []mappings.Boundary{
		{ID: 4000000074579329, Name: "Baltasound", Type: "locality", AdminLevel: 9, Centroid: &mappings.GeoPoint{Lat: 60.760017, Lon: -0.887485}, Attribution: osAttr},
		{ID: 5000005263765293, Name: "Nikkavord Lea", Type: "street", AdminLevel: 11, Centroid: &mappings.GeoPoint{Lat: 60.762161, Lon: -0.870067}, Attribution: osAttr},
		{ID: 4000000003210675, Name: "Cormorant Way", Type: "street", AdminLevel: 11, Centroid: &mappings.GeoPoint{Lat: 60.763751, Lon: -0.861568}, Attribution: osAttr},
	}
	var gotIndex, gotBody string
	fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
		gotIndex, gotBody = index, string(mustJSONAny(body))
		r := &search.Response{}
		size := int(body.(query.M)["size"].(int))
		for i, d := range docs {
			if i == size {
				break
			}
			r.Hits.Hits = append(r.Hits.Hits, hit(t, fmt.Sprint(d.ID), d))
		}
		return r, nil
	}}
	s := newTestServer(t, fb)
	rec := do(t, s, http.MethodGet, "/api/v1/boundaries/places?bbox=-0.95,60.70,-0.75,60.82", "")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/geo+json" {
		t.Fatalf("status %d, content type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if gotIndex != mappings.IndexBoundaries || !strings.Contains(gotBody, `"geo_bounding_box"`) || !strings.Contains(gotBody, `"size":201`) ||
		!strings.Contains(gotBody, `["town","locality","street"]`) || strings.Contains(gotBody, `"geometry"`) {
		t.Errorf("query on %s: %s", gotIndex, gotBody)
	}
	want := `{"type":"FeatureCollection","count":3,"truncated":false,"attribution":["` + osAttr + `"],"features":[` +
		`{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.887485,60.760017]},"properties":{"id":4000000074579329,"name":"Baltasound","type":"locality","admin_level":9}},` +
		`{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.870067,60.762161]},"properties":{"id":5000005263765293,"name":"Nikkavord Lea","type":"street","admin_level":11}},` +
		`{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.861568,60.763751]},"properties":{"id":4000000003210675,"name":"Cormorant Way","type":"street","admin_level":11}}]}`
	if got := strings.TrimSpace(rec.Body.String()); got != want {
		t.Errorf("body\n%s\nwant\n%s", got, want)
	}

	rec = do(t, s, http.MethodGet, "/api/v1/boundaries/places?bbox=-0.95,60.70,-0.75,60.82&type=street,locality&limit=2", "")
	var fc placesResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &fc); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 200 || fc.Count != 2 || len(fc.Features) != 2 || !fc.Truncated || !strings.Contains(gotBody, `"size":3`) ||
		!strings.Contains(gotBody, `["street","locality"]`) {
		t.Errorf("limit=2: %d %+v (query %s)", rec.Code, fc, gotBody)
	}

	for _, c := range []struct {
		target string
		status int
		code   string
	}{
		{"/api/v1/boundaries/places", 422, CodeInvalidParams},
		{"/api/v1/boundaries/places?bbox=", 422, CodeInvalidParams},
		{"/api/v1/boundaries/places?bbox=1,2,3", 422, CodeInvalidParams},
		{"/api/v1/boundaries/places?bbox=-0.75,60.70,-0.95,60.82", 422, CodeInvalidParams},
		{"/api/v1/boundaries/places?bbox=-0.95,60.70,-0.75,60.82&type=lad", 422, CodeInvalidParams},
		{"/api/v1/boundaries/places?bbox=-0.95,60.70,-0.75,60.82&limit=0", 422, CodeInvalidParams},
		{"/api/v1/boundaries/places?bbox=-0.95,60.70,-0.75,60.82&limit=1001", 422, CodeInvalidParams},
	} {
		rec := do(t, s, http.MethodGet, c.target, "")
		if rec.Code != c.status || errorCode(t, rec) != c.code {
			t.Errorf("GET %s: %d %s, want %d %s", c.target, rec.Code, errorCode(t, rec), c.status, c.code)
		}
	}
}
