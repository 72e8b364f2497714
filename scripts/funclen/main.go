// Command funclen lists the longest functions of the repository's Go code
// (generated files and sdk/ left out), non-test and test apart:
//
//	go run ./scripts/funclen [-n 10] [dir]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type fn struct {
	name, pos string
	lines     int
}

func main() {
	n := flag.Int("n", 10, "functions to list per kind")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	var code, tests []fn
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "sdk", "node_modules", "vendor", "var", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || generated(path) {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				name = recvName(fd.Recv.List[0].Type) + "." + name
			}
			e := fn{name, fmt.Sprintf("%s:%d", path, start.Line), end.Line - start.Line + 1}
			if strings.HasSuffix(path, "_test.go") {
				tests = append(tests, e)
			} else {
				code = append(code, e)
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	show("non-test", code, *n)
	show("test", tests, *n)
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return "*" + recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

// generated reports whether a file carries the standard "Code generated"
// header line.
func generated(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; i < 20 && sc.Scan(); i++ {
		l := sc.Text()
		if strings.HasPrefix(l, "// Code generated ") && strings.HasSuffix(l, "DO NOT EDIT.") {
			return true
		}
		if strings.HasPrefix(l, "package ") {
			break
		}
	}
	return false
}

func show(kind string, fns []fn, n int) {
	sort.Slice(fns, func(i, j int) bool { return fns[i].lines > fns[j].lines })
	fmt.Printf("longest %s functions (of %d):\n", kind, len(fns))
	for _, f := range fns[:min(n, len(fns))] {
		fmt.Printf("%5d  %-40s %s\n", f.lines, f.name, f.pos)
	}
}
