package demo

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

func TestPage(t *testing.T) {
	h, err := Handler(Config{PublicKey: "pk_demo</script><b>"})
	if err != nil {
		t.Fatal(err)
	}
	rec := get(t, h, "/demo")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /demo: %d", rec.Code)
	}
	body := rec.Body.String()
	if strings.Contains(body, "{{CONFIG}}") {
		t.Error("config placeholder not replaced")
	}
	if strings.Contains(body, "pk_demo</script>") {
		t.Error("public key not escaped inside the script element")
	}
	if !strings.Contains(body, `"relayBase":"/api/embed/v2"`) {
		t.Errorf("relay base missing from the page config")
	}
	csp := rec.Header().Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "connect-src 'self';", "img-src 'self' data: blob:;", "worker-src 'self' blob:"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
}

func TestTileURLAllowedByCSP(t *testing.T) {
	h, err := Handler(Config{TileURL: "https://tiles.example.org/{z}/{x}/{y}.png"})
	if err != nil {
		t.Fatal(err)
	}
	csp := get(t, h, "/demo").Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "img-src 'self' data: blob: https://tiles.example.org;") || !strings.Contains(csp, "connect-src 'self' https://tiles.example.org;") {
		t.Errorf("CSP %q does not allow the tile host", csp)
	}
}

// The page loads the widgets at the URLs the widget set gives (versioned).
func TestWidgetURLs(t *testing.T) {
	h, err := Handler(Config{WidgetURL: func(name string) string { return "/widgets/" + name + "?v=abc&x" }})
	if err != nil {
		t.Fatal(err)
	}
	body := get(t, h, "/demo").Body.String()
	for _, want := range []string{`src="/widgets/address-finder.js?v=abc&amp;x"`, `src="/widgets/listing-map.js?v=abc&amp;x"`} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(body, "{{WIDGET:") {
		t.Error("widget placeholder left in the page")
	}
}

// With an operator's style the page may reach the style's hosts.
func TestMapStyleAllowedByCSP(t *testing.T) {
	h, err := Handler(Config{MapStyleURL: "https://tiles.example.org/style.json"})
	if err != nil {
		t.Fatal(err)
	}
	csp := get(t, h, "/demo").Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "connect-src 'self' https:;") {
		t.Errorf("CSP %q does not allow the style's hosts", csp)
	}
}

func TestAssets(t *testing.T) {
	h, err := Handler(Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		target string
		status int
		ctype  string
	}{
		{"/demo/static/demo.js", 200, "text/javascript"},
		{"/demo/static/demo.css", 200, "text/css"},
		{"/demo/static/index.html", 404, ""},
		{"/demo/static/nope.js", 404, ""},
		{"/demo/", 301, ""},
		{"/demo/other", 404, ""},
	}
	for _, c := range cases {
		rec := get(t, h, c.target)
		if rec.Code != c.status {
			t.Errorf("GET %s: status %d, want %d", c.target, rec.Code, c.status)
		}
		if c.ctype != "" && !strings.HasPrefix(rec.Header().Get("Content-Type"), c.ctype) {
			t.Errorf("GET %s: content type %q, want %s", c.target, rec.Header().Get("Content-Type"), c.ctype)
		}
	}
}

// TestNoExternalReferences keeps the page self-contained: no CDN, fonts or tiles.
func TestNoExternalReferences(t *testing.T) {
	for _, name := range []string{"index.html", "demo.js", "demo.css"} {
		b, err := static.ReadFile("static/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"http://", "https://", "//cdn", "@import"} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s references %q", name, bad)
			}
		}
	}
}
