package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRouteFilesFollowTable checks that files follow the route table: each
// route's handler is defined in a file its group comment in routes.go names,
// and every builder file of api/query has a handler file of the same name.
func TestRouteFilesFollowTable(t *testing.T) {
	fset := token.NewFileSet()
	methodFile := map[string]string{} // Server method → file
	apiFiles, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range apiFiles {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
				methodFile[fd.Name.Name] = f
			}
		}
	}

	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	groupRe := regexp.MustCompile(`^\s*// .*?([a-z_]+\.go\b.*)$`)
	fileRe := regexp.MustCompile(`[a-z_]+\.go`)
	routeRe := regexp.MustCompile(`^\s*\{Name: "([a-z_.]+)",.*\bh: s\.([A-Za-z]+)\},`)
	var group []string
	named := map[string]bool{}
	routes := 0
	for i, line := range strings.Split(string(src), "\n") {
		if m := routeRe.FindStringSubmatch(line); m != nil {
			routes++
			f, ok := methodFile[m[2]]
			switch {
			case !ok:
				t.Errorf("routes.go:%d: handler %s of %s not found", i+1, m[2], m[1])
			case !slices.Contains(group, f):
				t.Errorf("routes.go:%d: handler %s of %s is in %s, not in its group's files %v", i+1, m[2], m[1], f, group)
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if m := groupRe.FindStringSubmatch(line); m != nil && strings.Contains(line, "(spec") {
			group = fileRe.FindAllString(m[1], -1)
		} else if strings.HasPrefix(strings.TrimSpace(line), "//") && group != nil {
			group = append(group, fileRe.FindAllString(line, -1)...)
		}
		for _, f := range group {
			named[f] = true
		}
	}
	if routes == 0 {
		t.Fatal("no routes parsed from routes.go")
	}

	// Builders: api/query/<family>.go pairs with api/<family>.go; a large
	// family may have parts, api/query/<family>_<part>.go.
	shared := map[string]bool{"doc.go": true, "units.go": true}
	qFiles, err := filepath.Glob(filepath.Join("query", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qFiles {
		base := filepath.Base(q)
		if strings.HasSuffix(base, "_test.go") || shared[base] {
			continue
		}
		if i := strings.LastIndex(base, "_"); !named[base] && i > 0 && named[base[:i]+".go"] {
			base = base[:i] + ".go"
		}
		if !named[base] {
			t.Errorf("api/query/%s: no route group of routes.go names a %s family", base, base)
		}
		if !slices.Contains(apiFiles, base) {
			t.Errorf("api/query/%s: no handler file api/%s", base, base)
		}
	}
}
