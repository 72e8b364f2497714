//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestWidgetsBrowser serves the API (real gate, real OpenSearch with a
// synthetic UK) on one origin and two host pages (demotest/pages: a
// checkout form and a listing map, under a strict Content-Security-Policy)
// on another, with a public key that allows only the host pages' origin.
// demotest/widgets.mjs drives them in headless Chromium: the address finder
// (typing, keyboard choice, fields filled, no request after Escape, a
// postcode, a building's flats, 429/402/network errors, the custom element,
// axe-core with 0 violations) and the listing map (renders the listings;
// its offline basemap labels the places and streets of the real OS Open
// Names sample).
// Screenshots go to screenshots/widgets/.
func TestWidgetsBrowser(t *testing.T) {
	node, chromium, dir := demoBrowserPrereqs(t)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "axe-core")); err != nil {
		t.Skip("demotest/node_modules/axe-core missing: run make demotest-deps")
	}
	osURL, prefix := testenv.OpenSearchPrefix(t)
	// 500 properties (13,000 documents) hold what the script needs.
	w := loadSynthWorld(t, osURL, prefix, 500)

	// A street in Exeter to type (several houses match), a postcode there
	// with several addresses, and a building with flats.
	_, addr := w.find(t, mappings.IndexAddresses, func(m map[string]any) bool {
		return strings.EqualFold(fmt.Sprint(m["post_town"]), "Exeter") && m["building_number"] != nil && m["is_flat"] != true
	})
	street := fmt.Sprint(addr["street_name"])
	perPostcode := map[string]int{}
	for _, d := range w.docs[mappings.IndexAddresses] {
		var m struct {
			Postcode string `json:"postcode"`
		}
		if err := json.Unmarshal(d, &m); err == nil && m.Postcode != "" {
			perPostcode[m.Postcode]++
		}
	}
	var postcodes []string
	for pc, n := range perPostcode {
		if n >= 3 {
			postcodes = append(postcodes, pc)
		}
	}
	sort.Strings(postcodes)
	if len(postcodes) == 0 {
		t.Fatal("no postcode with 3 addresses in the synthetic world")
	}
	_, building := w.find(t, mappings.IndexAddresses, func(m map[string]any) bool {
		n, _ := m["flat_count"].(float64)
		return n >= 4 && m["building_name"] != nil && m["building_name"] != ""
	})
	addDemoListings(t, w, osURL, prefix, "Exeter", 400)
	// The real OS Open Names sample (Shetland): the offline basemap's
	// labels. The map opens half way between Baltasound and its nearest
	// road, at a zoom that shows roads.
	names := loadOSNamesSample(t, osURL, prefix)
	var place, road *mappings.Boundary
	for _, d := range names {
		if b := d.(mappings.Boundary); b.Name == "Baltasound" && b.Type == "locality" {
			place = &b
		}
	}
	if place == nil {
		t.Fatal("no Baltasound in the OS Open Names sample")
	}
	far := func(b *mappings.Boundary) float64 {
		dx := (b.Centroid.Lon - place.Centroid.Lon) * math.Cos(place.Centroid.Lat*math.Pi/180)
		return math.Hypot(dx, b.Centroid.Lat-place.Centroid.Lat)
	}
	for _, d := range names {
		if b := d.(mappings.Boundary); b.Type == "street" && (road == nil || far(&b) < far(road)) {
			road = &b
		}
	}

	apiLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hostLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	apiBase, hostBase := "http://"+apiLn.Addr().String(), "http://"+hostLn.Addr().String()

	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "widgets", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, pub, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanScale, Name: "host pages",
		Kind: ratelimit.KindPublic, Tools: []string{"address-lookup", "listing-map"}, Origins: []string{hostBase}})
	if err != nil {
		t.Fatal(err)
	}
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	srv := newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Gate: gate.New(svc, gate.Options{}).Wrap})
	serveOn(t, apiLn, srv)

	// The host pages: another origin, whose CSP lets scripts, styles and
	// requests reach only itself and the API (MapLibre's worker is a blob:).
	pages := filepath.Join(dir, "pages")
	csp := "default-src 'none'; script-src 'self' " + apiBase + "; style-src 'self' " + apiBase +
		"; connect-src " + apiBase + "; img-src data: blob:; worker-src blob: " + apiBase + "; child-src blob:; base-uri 'none'"
	repl := strings.NewReplacer("{{KEY}}", pub, "{{API}}", apiBase, "{{LAT}}", "50.7236", "{{LNG}}", "-3.5275")
	serveOn(t, hostLn, http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		name := filepath.Base(r.URL.Path)
		b, err := os.ReadFile(filepath.Join(pages, name))
		if err != nil {
			http.NotFound(rw, r)
			return
		}
		ct := map[string]string{".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css"}[filepath.Ext(name)]
		rw.Header().Set("Content-Type", ct)
		rw.Header().Set("Content-Security-Policy", csp)
		_, _ = rw.Write([]byte(repl.Replace(string(b))))
	}))

	args := []string{"--host", hostBase, "--api", apiBase, "--query", street, "--postcode", postcodes[0],
		"--place", place.Name, "--road", road.Name,
		"--place-lat", fmt.Sprint((place.Centroid.Lat + road.Centroid.Lat) / 2), "--place-lng", fmt.Sprint((place.Centroid.Lon + road.Centroid.Lon) / 2)}
	if building != nil {
		args = append(args, "--building", fmt.Sprint(building["building_name"]))
	}
	runBrowserScript(t, "widgets", node, chromium, dir, "widgets.mjs", args...)
}
