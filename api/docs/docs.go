// Package docs serves the API reference page at /docs: Swagger UI (npm
// swagger-ui-dist, vendored under static/vendor by
// scripts/vendor-swagger-ui.sh and embedded in the binary) rendering the
// server's own OpenAPI document, with its try-it console sending requests
// to the same server (the document's servers are relative: /api/v1, /api).
// Nothing is loaded from another origin at run time.
package docs

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"

	"github.com/ukpd/propertyapi/api/internal/staticfs"
)

//go:embed static
var static embed.FS

// Config says where the page finds the schema.
type Config struct {
	// SchemaURL is the OpenAPI document's URL; default /api/v1/schema.
	SchemaURL string
}

// csp allows only this origin; Swagger UI sets inline style attributes and
// draws a few data: images.
const csp = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

// Handler serves /docs (the page) and /docs/static/* (its assets).
func Handler(cfg Config) http.Handler {
	if cfg.SchemaURL == "" {
		cfg.SchemaURL = "/api/v1/schema"
	}
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // embedded at build time
	}
	page, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		panic(err)
	}
	page = []byte(strings.ReplaceAll(string(page), "{{SCHEMA_URL}}", htmlAttr(cfg.SchemaURL)))
	files := http.StripPrefix("/docs/static/", http.FileServer(staticfs.Files(sub)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		switch {
		case r.URL.Path == "/docs" || r.URL.Path == "/docs/":
			h.Set("Content-Type", "text/html; charset=utf-8")
			h.Set("Cache-Control", "no-cache")
			_, _ = w.Write(page)
		case strings.HasPrefix(r.URL.Path, "/docs/static/") && r.URL.Path != "/docs/static/index.html":
			// The vendored files change only with a release of the binary.
			h.Set("Cache-Control", "public, max-age=3600")
			files.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	})
}

func htmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
}
