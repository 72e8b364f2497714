package widgets

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

func mustBuild(t *testing.T, cfg Config) *Set {
	t.Helper()
	s, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func gzipSize(t *testing.T, b []byte) int {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// The address finder's script-tag bundle stays within 15 KB gzipped
// (its stylesheet is inside it).
func TestAddressFinderBundleSize(t *testing.T) {
	s := mustBuild(t, Config{})
	for _, name := range []string{"address-finder.js", "address-finder.mjs"} {
		b := s.Asset(name).Body
		gz := gzipSize(t, b)
		t.Logf("%s: %d bytes, %d gzipped", name, len(b), gz)
		if gz > 15*1024 {
			t.Errorf("%s is %d bytes gzipped, over 15 KB", name, gz)
		}
	}
	js := string(s.Asset("address-finder.js").Body)
	if !strings.HasPrefix(js, "var UKPD=UKPD||{};UKPD.AddressFinder=") {
		t.Errorf("script bundle does not define UKPD.AddressFinder: %.80s", js)
	}
	if !strings.Contains(js, ".ukpd-af-list") || !strings.Contains(js, "ukpd-address-finder") {
		t.Error("bundle lacks its stylesheet or its custom element")
	}
	if !strings.Contains(string(s.Asset("address-finder.mjs").Body), "export{") {
		t.Error("ES module has no exports")
	}
}

// The listing map asks for MapLibre and the basemap at their versioned URLs.
func TestListingMapAssetURLs(t *testing.T) {
	s := mustBuild(t, Config{})
	js := string(s.Asset("listing-map.js").Body)
	for _, name := range []string{"maplibre-gl.mjs", "maplibre-gl.css", "basemap.json"} {
		if u := s.URL(name); !strings.Contains(js, u) {
			t.Errorf("listing-map.js does not load %s", u)
		}
	}
	if !strings.HasPrefix(js, "var UKPD=UKPD||{};UKPD.ListingMap=") {
		t.Errorf("listing-map.js does not define UKPD.ListingMap: %.80s", js)
	}
}

func TestServe(t *testing.T) {
	s := mustBuild(t, Config{MapStyleURL: "https://tiles.example.com/style.json"})
	get := func(target string, hdr map[string]string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, target, nil)
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w
	}
	w := get("/widgets/address-finder.js", nil)
	if w.Code != 200 || w.Header().Get("Content-Type") != ctJS || w.Header().Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("GET: %d %v", w.Code, w.Header())
	}
	etag := w.Header().Get("ETag")
	if etag == "" || w.Header().Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("unversioned: ETag %q, Cache-Control %q", etag, w.Header().Get("Cache-Control"))
	}
	if w := get("/widgets/address-finder.js", map[string]string{"If-None-Match": etag}); w.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: %d, want 304", w.Code)
	}
	u := s.URL("address-finder.js")
	if !regexp.MustCompile(`^/widgets/address-finder\.js\?v=[0-9a-f]{12}$`).MatchString(u) {
		t.Errorf("URL %q", u)
	}
	if w := get(u, nil); !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("versioned URL: Cache-Control %q", w.Header().Get("Cache-Control"))
	}
	if w := get("/widgets/address-finder.js?v=stale", nil); strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Error("a stale version is cached as immutable")
	}
	// MapLibre fetches its worker with ?v=<MapLibre version>.
	if w := get("/widgets/maplibre-gl-worker.mjs?v="+s.Asset("maplibre-gl-worker.mjs").Version, nil); w.Code != 200 || !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("worker: %d %q", w.Code, w.Header().Get("Cache-Control"))
	}
	var conf struct {
		StyleURL string `json:"style_url"`
	}
	if err := json.Unmarshal(get("/widgets/listing-map.json", nil).Body.Bytes(), &conf); err != nil || conf.StyleURL != "https://tiles.example.com/style.json" {
		t.Errorf("listing-map.json: %+v %v", conf, err)
	}
	for _, p := range []string{"/widgets/", "/widgets/nope.js", "/widgets/../widgets.go", "/widgets/src/index.js"} {
		if w := get(p, nil); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, w.Code)
		}
	}
	r := httptest.NewRequest(http.MethodPost, "/widgets/address-finder.js", nil)
	w = httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", w.Code)
	}
}

func TestOfflineBasemapConfig(t *testing.T) {
	s := mustBuild(t, Config{})
	if got := string(s.Asset("listing-map.json").Body); got != `{"style_url":null}` {
		t.Errorf("listing-map.json without a style: %s", got)
	}
}

// The server bundles with esbuild's Go API at the version the npm build
// pins, so the served bundle and the published package are built alike.
func TestEsbuildVersionsAgree(t *testing.T) {
	pkg, err := os.ReadFile("address-finder/package.json")
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	if err := json.Unmarshal(pkg, &p); err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`github.com/evanw/esbuild v(\S+)`).FindSubmatch(mod)
	if m == nil || string(m[1]) != p.DevDependencies["esbuild"] {
		t.Errorf("go.mod esbuild %q, package.json esbuild %q", m, p.DevDependencies["esbuild"])
	}
}
