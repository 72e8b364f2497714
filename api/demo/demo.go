// Package demo serves the browser demo page at /demo: the address finder
// widget on a form with a property card, the listing map widget (MapLibre GL
// JS over the server's basemap or the operator's style) with filters, areas
// and a list, and a stamp duty calculator. Every asset is embedded in the
// binary (the widgets are served at /widgets/); the page calls the API only
// through the public-key browser relay /api/embed/v2/{tool_slug}/{op}.
//
// The public key reaches the page in one of two ways: the server injects
// Config.PublicKey (env DEMO_PUBLIC_KEY in cmd/propertyapi), or the page
// reads ?key=<public key> from its own URL.
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
	"sync"

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
	// the listings when MapStyleURL is not set.
	TileURL string
	// MapStyleURL is the operator's MapLibre style (the widget reads it from
	// /widgets/listing-map.json); set, the page may fetch from any https origin.
	MapStyleURL string
	// WidgetURL gives the versioned path of a widget file
	// (e.g. "address-finder.js"); nil = /widgets/<name>.
	WidgetURL func(name string) string
	// RelayBase is the relay prefix; default /api/embed/v2.
	RelayBase string
}

type pageConfig struct {
	PublicKey string `json:"publicKey"`
	TileURL   string `json:"tileURL"`
	RelayBase string `json:"relayBase"`
}

func htmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
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
	conf, err := json.Marshal(pageConfig{PublicKey: cfg.PublicKey, TileURL: cfg.TileURL, RelayBase: cfg.RelayBase})
	if err != nil {
		return nil, fmt.Errorf("demo: config: %w", err)
	}
	// json.Marshal escapes <, > and &, so the config cannot close the script element.
	page = bytes.Replace(page, []byte("{{CONFIG}}"), conf, 1)
	if cfg.WidgetURL == nil {
		cfg.WidgetURL = func(name string) string { return "/widgets/" + name }
	}
	// The widgets' versioned URLs are known once they are built: on the
	// first request for the page.
	var once sync.Once
	pageWithWidgets := func() []byte {
		once.Do(func() {
			for _, name := range []string{"address-finder.js", "listing-map.js"} {
				page = bytes.ReplaceAll(page, []byte("{{WIDGET:"+name+"}}"), []byte(htmlAttr(cfg.WidgetURL(name))))
			}
		})
		return page
	}

	// MapLibre runs its worker from a blob: URL and draws data: and blob: images.
	remote := ""
	switch {
	case cfg.MapStyleURL != "":
		remote = " https:" // a style names its own tile, sprite and glyph hosts
	case cfg.TileURL != "":
		if u, err := url.Parse(strings.NewReplacer("{z}", "0", "{x}", "0", "{y}", "0", "{s}", "a").Replace(cfg.TileURL)); err == nil && u.Host != "" {
			remote = " " + u.Scheme + "://" + u.Host
		}
	}
	csp := "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:" + remote +
		"; connect-src 'self'" + remote + "; worker-src 'self' blob:; child-src blob:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

	files := http.FileServer(staticfs.Files(sub))
	mux := http.NewServeMux()
	mux.HandleFunc("/demo", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		page := pageWithWidgets()
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
