// Package demo serves the browser demo page at /demo: an address typeahead
// with a property card, a map listing browser drawn on a canvas in Web
// Mercator without external tiles, and a stamp duty calculator. Every asset
// is embedded in the binary; the page calls the API only through the
// public-key browser relay /api/embed/v2/{tool_slug}/{op}.
//
// The public key reaches the page in one of two ways: the server injects
// Config.PublicKey (env DEMO_PUBLIC_KEY in cmd/propertyapi), or the page
// reads ?key=<public key> from its own URL.
//
// static/basemap.json is derived from the ONS local authority districts
// (December 2019, simplified; shared/data/real-samples/boundaries): outer
// rings only, coordinates rounded to 0.001 degrees.
package demo

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/api/internal/staticfs"
)

//go:embed static
var static embed.FS

// Config is what the page is told at load time.
type Config struct {
	// PublicKey is a public key scoped to the demo's tools and origin ("" =
	// the page reads ?key= from its URL).
	PublicKey string
	// TileURL is an optional raster tile template ({z}/{x}/{y}) drawn under
	// the map; off by default (the page draws its own basemap).
	TileURL string
	// RelayBase is the relay prefix; default /api/embed/v2.
	RelayBase string
}

type pageConfig struct {
	PublicKey string `json:"publicKey"`
	TileURL   string `json:"tileURL"`
	RelayBase string `json:"relayBase"`
}

// Handler serves /demo (the page) and /demo/static/* (its assets).
func Handler(cfg Config) (http.Handler, error) {
	if cfg.RelayBase == "" {
		cfg.RelayBase = "/api/embed/v2"
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, fmt.Errorf("demo: assets: %w", err)
	}
	page, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		return nil, fmt.Errorf("demo: index.html: %w", err)
	}
	conf, err := json.Marshal(pageConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("demo: config: %w", err)
	}
	// json.Marshal escapes <, > and &, so the config cannot close the script element.
	page = bytes.Replace(page, []byte("{{CONFIG}}"), conf, 1)

	imgSrc := "'self' data:"
	if cfg.TileURL != "" {
		if u, err := url.Parse(strings.NewReplacer("{z}", "0", "{x}", "0", "{y}", "0", "{s}", "a").Replace(cfg.TileURL)); err == nil && u.Host != "" {
			imgSrc += " " + u.Scheme + "://" + u.Host
		}
	}
	csp := "default-src 'none'; script-src 'self'; style-src 'self'; img-src " + imgSrc +
		"; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

	files := http.FileServer(staticfs.Files(sub))
	mux := http.NewServeMux()
	mux.HandleFunc("/demo", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Length", strconv.Itoa(len(page)))
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cache-Control", "no-cache")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(page)
	})
	mux.HandleFunc("/demo/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/demo/" {
			http.Redirect(w, r, "/demo", http.StatusMovedPermanently)
			return
		}
		http.NotFound(w, r)
	})
	mux.Handle("/demo/static/", http.StripPrefix("/demo/static", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Base(r.URL.Path) == "index.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "public, max-age=300")
		files.ServeHTTP(w, r)
	})))
	return mux, nil
}
