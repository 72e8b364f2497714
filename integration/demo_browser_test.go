//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// demoBrowserPrereqs returns node and the Chromium binary, or skips (fails
// under CI=true) when they are missing: `make demotest-deps` installs them.
func demoBrowserPrereqs(t *testing.T) (node, chromium, dir string) {
	t.Helper()
	miss := func(what string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("browser test: %s missing; run make demotest-deps", what)
		}
		t.Skipf("browser test: %s missing; run make demotest-deps", what)
	}
	chromium = os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		miss(chromium)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		miss("node")
	}
	dir, err = filepath.Abs("../demotest")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "playwright-core")); err != nil {
		miss("demotest/node_modules (npm ci)")
	}
	return node, chromium, dir
}

// TestDemoBrowser serves the API with the real gate (in-memory key store)
// over the real OpenSearch loaded with a synthetic UK, creates a public key
// scoped to the demo tools and the server's origin, and drives /demo in
// headless Chromium: typeahead → property card, map pan/zoom → clusters and
// list, filters, stamp duty. Screenshots go to screenshots/demo/.
func TestDemoBrowser(t *testing.T) {
	node, chromium, dir := demoBrowserPrereqs(t)
	osURL, prefix := testenv.OpenSearchPrefix(t)
	w := loadSynthWorld(t, osURL, prefix, 1500)

	// An address to type: a house in Exeter, where the map opens.
	_, addr := w.find(t, mappings.IndexAddresses, func(m map[string]any) bool {
		return m["post_town"] != nil && strings.EqualFold(fmt.Sprint(m["post_town"]), "Exeter") &&
			m["building_number"] != nil && m["is_flat"] != true
	})
	// Type the street: several houses match, so the keyboard has a list to move through.
	query := fmt.Sprint(addr["street_name"])
	// A small synthetic world has few live listings: add a market around
	// the centre of Exeter for the map to browse.
	addDemoListings(t, w, osURL, prefix, "Exeter", 400)

	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "demo", 0)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	_, pub, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanScale, Name: "demo page",
		Kind: ratelimit.KindPublic, Tools: api.EmbedTools(), Origins: []string{base}})
	if err != nil {
		t.Fatal(err)
	}
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	// Saved-search alerts on the real Redis: the organisation saves a
	// public alert on the map's area (through the API, with its API key);
	// the page follows the organisation's event stream through the relay;
	// the hook (see run.mjs --alert-hook), called once the page's stream is
	// open, changes the price of a listing the page shows and runs the
	// change through the matcher, as a load or apply does.
	asvc := alerts.New(alerts.Config{Engine: sc, Redis: testenv.RedisClient(t), IndexPrefix: prefix, Namespace: testenv.RedisKeyPrefix(t)})
	hook := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		var in struct {
			ListingID string `json:"listing_id"`
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.ListingID == "" {
			http.Error(rw, "listing_id", http.StatusBadRequest)
			return
		}
		before, found, err := sc.Get(r.Context(), prefix+mappings.IndexListings, in.ListingID)
		if err != nil || !found {
			http.Error(rw, "no such listing", http.StatusNotFound)
			return
		}
		var doc map[string]any
		if err := json.Unmarshal(before, &doc); err != nil {
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		p, ok := doc["latest_price"].(float64)
		if !ok {
			http.Error(rw, "listing without a price", http.StatusConflict)
			return
		}
		doc["latest_price"] = int64(p * 0.95)
		after, _ := json.Marshal(doc)
		evs, err := asvc.Process(r.Context(), []alerts.Change{{Index: mappings.IndexListings, ID: in.ListingID, Before: before, After: after}})
		if err != nil {
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		if len(evs) == 0 {
			http.Error(rw, "no saved search matched the change", http.StatusConflict)
			return
		}
		rw.WriteHeader(http.StatusOK)
		_ = json.NewEncoder(rw).Encode(map[string]int{"events": len(evs)})
	}))
	t.Cleanup(hook.Close)
	now := w.Now
	srv := newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix,
		Gate: gate.New(svc, gate.Options{}).Wrap, DemoPublicKey: pub, Alerts: asvc,
		Now: func() time.Time { return now },
		// Streams end after 5 s (as they do after an hour in production):
		// run.mjs also sees an event appended while the page reconnects.
		AlertStreamMax: 5 * time.Second})
	serveOn(t, ln, srv)
	_, apiKey, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanScale, Name: "alerts"})
	if err != nil {
		t.Fatal(err)
	}
	postAlert(t, base, apiKey, map[string]any{"name": "Listings on the demo map", "public": true,
		"events": []string{alerts.EventPriceReduced}, "filters": map[string]any{"bbox": "-3.75,50.62,-3.30,50.82"}})
	runBrowserScript(t, "demo", node, chromium, dir, "run.mjs", "--url", base, "--query", query, "--area", "Exeter",
		"--expect", "Exeter", "--lat", "50.7236", "--lng", "-3.5275", "--zoom", "13", "--alert-hook", hook.URL)
}

// postAlert saves an alert through POST {base}/api/v1/alerts with the API
// key and returns its id; it fails the test unless the alert is created.
func postAlert(t *testing.T, base, key string, body map[string]any) string {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, base+"/api/v1/alerts", bytes.NewReader(b))
	req.Header.Set("Authorization", "Api-Key "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	var a struct {
		ID string `json:"id"`
	}
	if resp.StatusCode != http.StatusCreated || json.Unmarshal(out, &a) != nil || a.ID == "" {
		t.Fatalf("create alert: %d %s", resp.StatusCode, out)
	}
	return a.ID
}

// serveOn serves h on ln until the test ends.
func serveOn(t *testing.T, ln net.Listener, h http.Handler) {
	t.Helper()
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
}

// runBrowserScript runs demotest/<script> (in dir) under node with args,
// the Chromium binary and screenshots/<name> as the screenshot folder, and
// fails the test when the script fails. BROWSER_CPU_THROTTLE=n slows the
// page's CPU down n times (Chromium's emulation), to try the script's waits
// as a busy machine would run them; its waits then get n times longer.
func runBrowserScript(t *testing.T, name, node, chromium, dir, script string, args ...string) {
	t.Helper()
	out, err := filepath.Abs("../screenshots/" + name)
	if err != nil {
		t.Fatal(err)
	}
	budget := 4 * time.Minute // an upper bound: the script waits on conditions
	if v := os.Getenv("BROWSER_CPU_THROTTLE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 50 {
			t.Fatalf("BROWSER_CPU_THROTTLE=%q: want a whole number from 1 to 50", v)
		}
		args = append(args, "--cpu-throttle", v, "--timeout", strconv.Itoa(15000*n))
		budget *= time.Duration(n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append(append([]string{script}, args...), "--chromium", chromium, "--out", out)...)
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	t.Logf("%s browser test output:\n%s", name, b)
	if err != nil {
		t.Fatalf("%s browser test failed: %v (screenshots in %s)", name, err, out)
	}
}

// addDemoListings loads n live listings around the generated addresses of
// town: copies of a generated listing with new ids, prices, bedrooms, types
// and places (a small world has too few live listings for a map).
func addDemoListings(t *testing.T, w *synthWorld, osURL, prefix, town string, n int) {
	t.Helper()
	_, tmpl := w.find(t, mappings.IndexListings, func(m map[string]any) bool { return m["is_live"] == true })
	var homes []map[string]any
	for _, d := range w.docs[mappings.IndexAddresses] {
		var m map[string]any
		if err := json.Unmarshal(d, &m); err != nil {
			t.Fatal(err)
		}
		if strings.EqualFold(fmt.Sprint(m["post_town"]), town) && m["location"] != nil {
			homes = append(homes, m)
		}
	}
	if len(homes) == 0 {
		t.Fatalf("no addresses in %s", town)
	}
	sort.Slice(homes, func(i, j int) bool { return fmt.Sprint(homes[i]["uprn"]) < fmt.Sprint(homes[j]["uprn"]) })
	rng := rand.New(rand.NewPCG(8, 2026))
	types := []string{"Detached", "Semi-Detached", "Terraced", "Flat", "Bungalow"}
	wording := map[string]string{"Detached": "Detached house", "Semi-Detached": "Semi-detached house",
		"Terraced": "Terraced house", "Flat": "Flat", "Bungalow": "Detached bungalow"}
	docs := map[string]any{}
	for i := 0; i < n; i++ {
		d := map[string]any{}
		for k, v := range tmpl {
			d[k] = v
		}
		home := homes[rng.IntN(len(homes))]
		loc := home["location"].(map[string]any)
		id := fmt.Sprintf("d3e0a000-0000-4000-8000-%012d", i)
		typ := types[rng.IntN(len(types))]
		beds := 1 + rng.IntN(5)
		if typ == "Flat" {
			beds = 1 + rng.IntN(2)
		}
		tx, price := "Sale", 90_000+beds*55_000+rng.IntN(40)*5_000
		if i%5 == 4 {
			tx, price = "Rental", 550+beds*200+rng.IntN(20)*25
		}
		d["id"], d["listing_id"] = id, fmt.Sprintf("demo-%d", i)
		d["transaction_type"], d["latest_price"], d["original_price"] = tx, price, price
		d["latest_status"] = map[string]string{"Sale": "For sale", "Rental": "To let"}[tx]
		d["bedrooms"], d["property_type"], d["listing_property_type"] = beds, typ, wording[typ]
		d["display_address"] = fmt.Sprintf("%s, %s %s", home["street_name"], town, home["outcode"])
		d["postcode"], d["outcode"] = home["postcode"], home["outcode"]
		d["geopoint"] = map[string]any{"lat": loc["lat"].(float64) + (rng.Float64()-0.5)*0.002, "lon": loc["lon"].(float64) + (rng.Float64()-0.5)*0.003}
		d["added_date"] = time.Date(2026, 10, 1+rng.IntN(30), 9, 0, 0, 0, time.UTC).Format(time.RFC3339)
		d["is_live"], d["is_withdrawn"] = true, false
		for _, k := range []string{"closed_date", "withdrawn_date", "property_uprn", "sale_id", "boundary_codes"} {
			delete(d, k)
		}
		docs[id] = d
	}
	fixture.Load(t, osURL, prefix, mappings.IndexListings, docs)
}
