package deps

import (
	"os/exec"
	"path"
	"sort"
	"strings"
	"testing"
)

const mod = "github.com/ukpd/propertyapi"

// rule constrains the packages matching pkg ("x/..." matches x and below).
type rule struct {
	pkg string
	// stdlibOnly: no dependency outside the standard library.
	stdlibOnly bool
	// allowMod lists the only project packages (patterns, relative to the
	// module) the package may depend on; nil means no allow-list.
	allowMod []string
	// deny lists dependencies (patterns; relative to the module unless they
	// hold a dot in the first element or name a standard package) that are
	// forbidden, directly or not.
	deny []string
	// denyDirect lists packages that may not be imported directly (they
	// may still come in through an allowed package).
	denyDirect []string
	why        string
}

var rules = []rule{
	{pkg: "mappings/...", stdlibOnly: true, why: "mappings: embedded JSON and names, stdlib only"},
	{pkg: "api/embedtool", stdlibOnly: true, why: "keyctl reads the tool list without linking the API"},
	{pkg: "api/internal/...", stdlibOnly: true, why: "helpers of the API server"},
	{pkg: "api/calc", stdlibOnly: true, why: "pure calculators"},
	{pkg: "api/docs", allowMod: []string{"api/internal/staticfs"}, why: "the /docs page: embedded assets, served through the static file system that lists no directories"},
	{pkg: "widgets", deny: []string{"api/...", "indexer/...", "ratelimit/...", "alerts/...", "cmd/...", "mappings"}, why: "the browser widgets: embedded sources, bundled by esbuild; they reach the API only over HTTP"},
	{pkg: "api/telemetry", deny: []string{"api/gate"}, denyDirect: []string{"github.com/redis/..."}, why: "metrics and tracing decorate the api and ratelimit interfaces; the gate is wired by the command"},
	{pkg: "api/query", allowMod: []string{"mappings"}, deny: []string{"net/http"}, denyDirect: []string{"os"}, why: "pure, IO-free DSL builders"},
	{pkg: "api/openapi", allowMod: []string{"mappings"}, deny: []string{"net/http"}, why: "schema building only"},
	{pkg: "internal/testclock", stdlibOnly: true, why: "a settable clock for tests"},
	{pkg: "internal/osclient", allowMod: []string{}, why: "the shared OpenSearch client knows no project package"},
	{pkg: "ratelimit/...", allowMod: []string{}, deny: []string{"net/http", "github.com/opensearch-project/..."}, why: "keys, plans and quotas: no HTTP, no search"},
	{pkg: "api/search", allowMod: []string{"internal/osclient"}, why: "the API's search client"},
	{pkg: "api/...", deny: []string{"indexer/...", "cmd/...", "integration/..."}, denyDirect: []string{"github.com/redis/..."}, why: "never api → indexer; Redis only through ratelimit"},
	{pkg: "indexer/...", deny: []string{"api/...", "ratelimit/...", "cmd/...", "integration/...", "github.com/redis/...", "net/http/httptest"}, why: "never indexer → api; no Redis"},
	{pkg: "alerts/...", allowMod: []string{"mappings", "api/query"}, why: "saved searches and events: the query builder, never the server, the loader or a search client (OpenSearch through its Engine interface)"},
	{pkg: "cmd/keyctl", deny: []string{"api", "api/search", "github.com/opensearch-project/..."}, why: "key administration needs Redis only"},
	{pkg: "...", deny: []string{"integration/..."}, why: "integration tests are leaves"},
}

// match reports whether p (a full import path) matches pattern.
func match(pattern, p string) bool {
	if !isExternal(pattern) && !isStd(pattern) {
		pattern = path.Join(mod, pattern)
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	if pattern == mod+"/..." {
		return strings.HasPrefix(p, mod)
	}
	return p == pattern
}

func isExternal(p string) bool { return strings.Contains(strings.Split(p, "/")[0], ".") }

// isStd reports a standard-library path (no dot in the first element, and
// one of the roots the patterns above use).
func isStd(p string) bool {
	switch strings.Split(p, "/")[0] {
	case "net", "os":
		return true
	}
	return false
}

func TestPackageDirections(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Deps \",\"}} {{join .Imports \",\"}}", mod+"/...").Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 10 {
		t.Fatalf("go list found %d packages; want the whole module", len(lines))
	}
	checked := map[string]bool{}
	for _, line := range lines {
		f := strings.Split(line, " ")
		if len(f) != 3 {
			t.Fatalf("go list line %q", line)
		}
		pkg, deps, imports := f[0], strings.Split(f[1], ","), strings.Split(f[2], ",")
		if strings.HasPrefix(pkg, mod+"/internal/deps") {
			continue
		}
		for _, r := range rules {
			pat := r.pkg
			if pat == "..." {
				pat = mod + "/..."
			}
			if !match(pat, pkg) || (r.pkg == "..." && match("integration/...", pkg)) {
				continue
			}
			checked[r.pkg] = true
			for _, d := range imports {
				for _, x := range r.denyDirect {
					if match(x, d) {
						t.Errorf("%s imports %s: %s", pkg, d, r.why)
					}
				}
			}
			for _, d := range deps {
				external := isExternal(d)
				own := strings.HasPrefix(d, mod+"/") || d == mod
				switch {
				case r.stdlibOnly && external:
					t.Errorf("%s depends on %s: %s", pkg, d, r.why)
					continue
				case own && r.allowMod != nil && !allowed(r.allowMod, d):
					t.Errorf("%s depends on %s (allowed project packages: %v): %s", pkg, d, r.allowMod, r.why)
					continue
				}
				for _, x := range r.deny {
					if match(x, d) {
						t.Errorf("%s depends on %s: %s", pkg, d, r.why)
					}
				}
			}
		}
	}
	var unused []string
	for _, r := range rules {
		if !checked[r.pkg] {
			unused = append(unused, r.pkg)
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("rules matching no package (renamed?): %v", unused)
	}
}

func allowed(patterns []string, d string) bool {
	for _, p := range patterns {
		if match(p, d) {
			return true
		}
	}
	return false
}

// TestRulesCatchViolations runs the matcher on known cases, so a broken
// matcher cannot pass the real test silently.
func TestRulesCatchViolations(t *testing.T) {
	for _, tc := range []struct {
		pattern, p string
		want       bool
	}{
		{"api/...", mod + "/api", true},
		{"api/...", mod + "/api/query", true},
		{"api/...", mod + "/apix", false},
		{"api", mod + "/api/search", false},
		{"net/http", "net/http", true},
		{"net/http", "net/http/httptrace", false},
		{"github.com/opensearch-project/...", "github.com/opensearch-project/opensearch-go/v4", true},
		{"indexer/...", mod + "/indexer/importer/oslookup", true},
		{mod + "/...", mod + "/cmd/keyctl", true},
	} {
		if got := match(tc.pattern, tc.p); got != tc.want {
			t.Errorf("match(%q, %q) = %v, want %v", tc.pattern, tc.p, got, tc.want)
		}
	}
}
