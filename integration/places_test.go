//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"testing"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// placesAnswer is a boundaries/places answer.
type placesAnswer struct {
	Type        string   `json:"type"`
	Count       int      `json:"count"`
	Truncated   bool     `json:"truncated"`
	Attribution []string `json:"attribution"`
	Features    []struct {
		Geometry struct {
			Type        string     `json:"type"`
			Coordinates [2]float64 `json:"coordinates"`
		} `json:"geometry"`
		Properties struct {
			ID         int64  `json:"id"`
			Name       string `json:"name"`
			Type       string `json:"type"`
			AdminLevel int    `json:"admin_level"`
		} `json:"properties"`
	} `json:"features"`
}

// loadOSNamesSample imports the real OS Open Names sample (two Shetland
// tiles) through the importer into the boundaries index under prefix and
// returns its boundary documents.
func loadOSNamesSample(t *testing.T, osURL, prefix string) map[string]any {
	t.Helper()
	docs := collect{}
	zip := filepath.Join(testenv.RealSamples(t), "osnames", "os-open-names-sample-hp40-hp60.zip")
	if _, err := importer.ImportOSOpenNames(context.Background(), importer.Env{}, []string{zip}, docs); err != nil {
		t.Fatal(err)
	}
	fixture.Load(t, osURL, prefix, mappings.IndexBoundaries, docs[mappings.IndexBoundaries])
	return docs[mappings.IndexBoundaries]
}

// TestBoundaryPlacesRealOSNames: the real OS Open Names sample, imported as
// a load does, is served by boundaries/places: every place and street
// whose point is in the view (no other), at its converted point, broader
// places first, with the OS attribution; type narrows, limit cuts and says
// so; the browser relay (listing-map/places, public key) answers the same.
func TestBoundaryPlacesRealOSNames(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	docs := loadOSNamesSample(t, osURL, prefix)

	// The view: Baltasound ± about 3 km.
	var centre *mappings.GeoPoint
	for _, d := range docs {
		if b := d.(mappings.Boundary); b.Name == "Baltasound" && b.Type == "locality" {
			centre = b.Centroid
		}
	}
	if centre == nil {
		t.Fatal("no Baltasound in the sample")
	}
	bb := mappings.BBox{MinLon: centre.Lon - 0.06, MinLat: centre.Lat - 0.03, MaxLon: centre.Lon + 0.06, MaxLat: centre.Lat + 0.03}
	want := map[int64]mappings.Boundary{}
	byType := map[string]int{}
	for _, d := range docs {
		b := d.(mappings.Boundary)
		c := b.Centroid
		if c == nil || (b.Type != "town" && b.Type != "locality" && b.Type != "street") ||
			c.Lon < bb.MinLon || c.Lon > bb.MaxLon || c.Lat < bb.MinLat || c.Lat > bb.MaxLat {
			continue
		}
		want[b.ID] = b
		byType[b.Type]++
	}
	if byType["street"] == 0 || byType["locality"] == 0 {
		t.Fatalf("the view holds %v: want streets and localities", byType)
	}
	bbox := fmt.Sprintf("%.6f,%.6f,%.6f,%.6f", bb.MinLon, bb.MinLat, bb.MaxLon, bb.MaxLat)
	t.Logf("view %s around Baltasound: %d names of the sample %v", bbox, len(want), byType)

	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "maps", 0)
	if err != nil {
		t.Fatal(err)
	}
	const origin = "https://estate.example.com"
	_, pub, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanStarter, Kind: ratelimit.KindPublic,
		Tools: []string{"listing-map"}, Origins: []string{origin}})
	if err != nil {
		t.Fatal(err)
	}
	// The open route directly (no gate: its anonymous per-IP limit is
	// tested elsewhere), and the relay behind the key gate.
	h := newAPIServer(t, osURL, api.Options{IndexPrefix: prefix})
	gated := newAPIServer(t, osURL, api.Options{IndexPrefix: prefix, Gate: gate.New(svc, gate.Options{}).Wrap})

	var all placesAnswer
	if st := nearbyGet(t, h, "/api/v1/boundaries/places?limit=1000&bbox="+bbox, &all); st != http.StatusOK {
		t.Fatalf("places: %d", st)
	}
	if all.Type != "FeatureCollection" || all.Count != len(want) || len(all.Features) != len(want) || all.Truncated ||
		len(all.Attribution) != 1 || all.Attribution[0] != importer.OSOpenNamesAttribution {
		t.Fatalf("places in %s: type %q count %d (%d features), truncated %v, attribution %q; want %d (%v)",
			bbox, all.Type, all.Count, len(all.Features), all.Truncated, all.Attribution, len(want), byType)
	}
	levels := []int{}
	for _, f := range all.Features {
		b, ok := want[f.Properties.ID]
		if !ok || f.Properties.Name != b.Name || f.Properties.Type != b.Type || f.Geometry.Type != "Point" ||
			f.Geometry.Coordinates != [2]float64{b.Centroid.Lon, b.Centroid.Lat} {
			t.Errorf("feature %+v; want %+v", f, b)
		}
		levels = append(levels, f.Properties.AdminLevel)
	}
	if !sort.IntsAreSorted(levels) {
		t.Errorf("admin levels in order %v: want broader places first", levels)
	}

	var loc placesAnswer
	nearbyGet(t, h, "/api/v1/boundaries/places?type=locality&bbox="+bbox, &loc)
	if loc.Count != byType["locality"] {
		t.Errorf("type=locality: %d, want %d", loc.Count, byType["locality"])
	}
	for _, f := range loc.Features {
		if f.Properties.Type != "locality" {
			t.Errorf("type=locality returned %+v", f.Properties)
		}
	}
	var cut placesAnswer
	nearbyGet(t, h, "/api/v1/boundaries/places?limit=2&bbox="+bbox, &cut)
	if cut.Count != 2 || !cut.Truncated || cut.Features[0].Properties.ID != all.Features[0].Properties.ID {
		t.Errorf("limit=2: count %d truncated %v", cut.Count, cut.Truncated)
	}
	var none placesAnswer
	if st := nearbyGet(t, h, "/api/v1/boundaries/places?bbox=-3.6,50.7,-3.5,50.75", &none); st != 200 || none.Count != 0 || none.Features == nil {
		t.Errorf("a view without names (Exeter): %d %+v", st, none)
	}

	// The relay, as the listing-map widget calls it.
	req := httptest.NewRequest(http.MethodGet, "/api/embed/v2/listing-map/places?limit=1000&bbox="+bbox, nil)
	req.Header.Set("Authorization", "Public-Key "+pub)
	req.Header.Set("Origin", origin)
	rec := httptest.NewRecorder()
	gated.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/geo+json" {
		t.Fatalf("relay: %d %s", rec.Code, rec.Body)
	}
	var relayed placesAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &relayed); err != nil || relayed.Count != all.Count {
		t.Errorf("relay: %v, count %d, want %d", err, relayed.Count, all.Count)
	}
}
