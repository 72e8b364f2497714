// Package widgets builds and serves the browser widgets at /widgets/:
//
//   - the address finder (address-finder/, published to npm as
//     @ukpd/address-finder): address-finder.js (script tag, global
//     UKPD.AddressFinder), address-finder.mjs (ES module), address-finder.css;
//   - the listing map (listing-map/): listing-map.js (global
//     UKPD.ListingMap), listing-map.css, MapLibre GL JS (maplibre-gl.mjs, its
//     worker and stylesheet, vendored by scripts/vendor-maplibre.sh), the
//     offline basemap (basemap.json: ONS local authority districts, outer
//     rings, 0.001 degrees) and listing-map.json (the operator's style URL).
//
// The widgets' sources are embedded and bundled when the server starts, with
// esbuild's Go API at the version package.json pins for the npm build, so no
// build output is committed and `go build` needs no npm. Every file carries
// an ETag; a URL with ?v=<version> (URL gives it) is cached for a year.
package widgets

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/evanw/esbuild/pkg/api"
)

//go:embed address-finder/src listing-map/src shared listing-map/vendor listing-map/basemap.json
var sources embed.FS

// Config is what the operator sets.
type Config struct {
	// MapStyleURL is the MapLibre style drawn under the listings (env
	// MAP_STYLE_URL); "" = the server's own offline basemap.
	MapStyleURL string
}

// Asset is one served file.
type Asset struct {
	ContentType string
	Body        []byte
	// Version is the value of ?v= that makes the URL immutable: the
	// content's hash, or the vendored package's version.
	Version string
}

// Set is the built widgets, by file name under /widgets/.
type Set struct {
	assets map[string]*Asset
}

const (
	ctJS   = "text/javascript; charset=utf-8"
	ctCSS  = "text/css; charset=utf-8"
	ctJSON = "application/json"
	// Prefix is where the set is served.
	Prefix = "/widgets/"
)

// Build bundles the widgets and reads the vendored files.
func Build(cfg Config) (*Set, error) {
	s := &Set{assets: map[string]*Asset{}}
	read := func(name string) ([]byte, error) { return fs.ReadFile(sources, name) }
	mlVersion, err := read("listing-map/vendor/VERSION")
	if err != nil {
		return nil, fmt.Errorf("widgets: %w", err)
	}
	for _, f := range []struct{ name, src, ct string }{
		{"maplibre-gl.mjs", "listing-map/vendor/maplibre-gl.mjs", ctJS},
		{"maplibre-gl-worker.mjs", "listing-map/vendor/maplibre-gl-worker.mjs", ctJS},
		{"maplibre-gl.css", "listing-map/vendor/maplibre-gl.css", ctCSS},
	} {
		b, err := read(f.src)
		if err != nil {
			return nil, fmt.Errorf("widgets: %w", err)
		}
		// MapLibre asks for its worker with ?v=<its version>.
		s.assets[f.name] = &Asset{ContentType: f.ct, Body: b, Version: strings.TrimSpace(string(mlVersion))}
	}
	for _, f := range []struct{ name, src, ct string }{
		{"basemap.json", "listing-map/basemap.json", ctJSON},
		{"address-finder.css", "address-finder/src/address-finder.css", ctCSS},
		{"listing-map.css", "listing-map/src/listing-map.css", ctCSS},
	} {
		b, err := read(f.src)
		if err != nil {
			return nil, fmt.Errorf("widgets: %w", err)
		}
		s.put(f.name, f.ct, b)
	}
	conf := map[string]any{"style_url": nil}
	if cfg.MapStyleURL != "" {
		conf["style_url"] = cfg.MapStyleURL
	}
	b, err := json.Marshal(conf)
	if err != nil {
		return nil, fmt.Errorf("widgets: %w", err)
	}
	s.put("listing-map.json", ctJSON, b)

	for _, f := range []struct {
		name, entry, global string
		format              api.Format
	}{
		{"address-finder.js", "address-finder/src/index.js", "UKPD.AddressFinder", api.FormatIIFE},
		{"address-finder.mjs", "address-finder/src/index.js", "", api.FormatESModule},
	} {
		b, err := bundle(f.entry, f.format, f.global, nil)
		if err != nil {
			return nil, err
		}
		s.put(f.name, ctJS, b)
	}
	// The listing map loads MapLibre and its basemap at their versioned URLs.
	paths, err := json.Marshal(map[string]string{
		"maplibre": s.URL("maplibre-gl.mjs"), "maplibreCss": s.URL("maplibre-gl.css"),
		"basemap": s.URL("basemap.json"), "config": Prefix + "listing-map.json",
	})
	if err != nil {
		return nil, fmt.Errorf("widgets: %w", err)
	}
	b, err = bundle("listing-map/src/index.js", api.FormatIIFE, "UKPD.ListingMap", map[string]string{"__UKPD_ASSETS__": string(paths)})
	if err != nil {
		return nil, err
	}
	s.put("listing-map.js", ctJS, b)
	return s, nil
}

func (s *Set) put(name, ct string, b []byte) {
	sum := sha256.Sum256(b)
	s.assets[name] = &Asset{ContentType: ct, Body: b, Version: hex.EncodeToString(sum[:6])}
}

// URL is the versioned path of a file ("" for an unknown name).
func (s *Set) URL(name string) string {
	a := s.assets[name]
	if a == nil {
		return ""
	}
	return Prefix + name + "?v=" + a.Version
}

// Asset returns a file by name, or nil.
func (s *Set) Asset(name string) *Asset { return s.assets[name] }

// ServeHTTP serves GET and HEAD /widgets/<name> to any origin.
func (s *Set) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, Prefix)
	a := s.assets[name]
	if a == nil || strings.Contains(name, "/") {
		http.NotFound(w, r)
		return
	}
	// Widgets run on other sites' pages: scripts, module imports and the
	// basemap are fetched cross-origin (no credentials are involved).
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", a.ContentType)
	h.Set("ETag", `"`+a.Version+`"`)
	if r.URL.Query().Get("v") == a.Version {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=300")
	}
	http.ServeContent(w, r, path.Base(name), time.Time{}, bytes.NewReader(a.Body))
}

// bundle builds one entry point of the embedded sources: minified, ES2020,
// CSS imported as text (the widget adopts it as a constructed stylesheet).
// widgets/address-finder/build.mjs does the same for the npm package.
func bundle(entry string, format api.Format, global string, define map[string]string) ([]byte, error) {
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		Bundle:            true,
		Write:             false,
		Outfile:           "out.js",
		Format:            format,
		GlobalName:        global,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LegalComments:     api.LegalCommentsNone,
		Define:            define,
		Plugins:           []api.Plugin{embedded()},
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		var msgs []string
		for _, m := range res.Errors {
			msgs = append(msgs, m.Text)
		}
		return nil, fmt.Errorf("widgets: bundle %s: %s", entry, strings.Join(msgs, "; "))
	}
	if len(res.OutputFiles) != 1 {
		return nil, fmt.Errorf("widgets: bundle %s: %d output files", entry, len(res.OutputFiles))
	}
	return res.OutputFiles[0].Contents, nil
}

// embedded resolves relative imports inside the embedded sources.
func embedded() api.Plugin {
	return api.Plugin{Name: "embedded", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			p := a.Path
			if a.Kind != api.ResolveEntryPoint {
				if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
					return api.OnResolveResult{}, fmt.Errorf("only relative imports are bundled: %q", p)
				}
				p = path.Join(path.Dir(a.Importer), p)
			}
			return api.OnResolveResult{Path: p, Namespace: "embedded"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: "embedded"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, err := fs.ReadFile(sources, path.Clean(a.Path))
			if err != nil {
				return api.OnLoadResult{}, err
			}
			text := string(src)
			loader := api.LoaderJS
			if strings.HasSuffix(a.Path, ".css") {
				loader = api.LoaderText
			}
			return api.OnLoadResult{Contents: &text, Loader: loader}, nil
		})
	}}
}

// Lazy builds the set on its first use: a server that never serves a
// widget never bundles one.
type Lazy struct {
	cfg  Config
	once sync.Once
	set  *Set
	err  error
}

// NewLazy returns a set built on first use.
func NewLazy(cfg Config) *Lazy { return &Lazy{cfg: cfg} }

// Get builds the set once and returns it.
func (l *Lazy) Get() (*Set, error) {
	l.once.Do(func() { l.set, l.err = Build(l.cfg) })
	return l.set, l.err
}

// URL is the versioned path of a file; the plain path when the set failed
// to build.
func (l *Lazy) URL(name string) string {
	if s, err := l.Get(); err == nil {
		if u := s.URL(name); u != "" {
			return u
		}
	}
	return Prefix + name
}

// ServeHTTP serves the set, or 503 when it failed to build.
func (l *Lazy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s, err := l.Get()
	if err != nil {
		http.Error(w, "widgets unavailable", http.StatusServiceUnavailable)
		return
	}
	s.ServeHTTP(w, r)
}
