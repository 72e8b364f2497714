package api

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestReadmeListsEveryRoute keeps the README's endpoint table true: every
// route of the table appears as "`METHOD /api<path>`", and the README lists
// no route that does not exist.
func TestReadmeListsEveryRoute(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	s := NewServer(Options{Logger: zerolog.New(io.Discard)})
	known := map[string]bool{}
	for _, r := range s.Routes() {
		entry := "`" + r.Method + " /api" + r.Path + "`"
		known[entry] = true
		if !strings.Contains(readme, entry) {
			t.Errorf("README.md does not list %s", entry)
		}
	}
	for _, line := range strings.Split(readme, "\n") {
		if !strings.HasPrefix(line, "| `GET /api") && !strings.HasPrefix(line, "| `POST /api") {
			continue
		}
		entry := line[2 : strings.Index(line[3:], "`")+4]
		if !known[entry] {
			t.Errorf("README.md lists %s, which is not a route", entry)
		}
	}
}
