package api

import (
	"flag"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the README's endpoint table from the route table")

// readmeTableHead opens the README's endpoint table; the table runs to the
// first line that is not a table row.
const readmeTableHead = "| Endpoint | What it returns | Auth | Weight | Plan |\n|---|---|---|---|---|\n"

// TestReadmeListsEveryRoute keeps the README's endpoint table generated
// from the route table: one row a route, in the table's order, with its
// summary, auth, weight and plan gate. go test ./api -run
// TestReadmeListsEveryRoute -update-readme rewrites it.
func TestReadmeListsEveryRoute(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, readmeTableHead)
	if start < 0 {
		t.Fatal("README.md has no endpoint table header")
	}
	start += len(readmeTableHead)
	end := start
	for end < len(readme) && strings.HasPrefix(readme[end:], "|") {
		end += strings.Index(readme[end:], "\n") + 1
	}
	want := readmeRoutesTable(NewServer(Options{Logger: zerolog.New(io.Discard)}).Routes())
	if got := readme[start:end]; got != want {
		if *updateReadme {
			if err := os.WriteFile("../README.md", []byte(readme[:start]+want+readme[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's endpoint table is not the route table's (go test ./api -run TestReadmeListsEveryRoute -update-readme):\n got:\n%s\nwant:\n%s", got, want)
	}
}

// readmeRoutesTable renders the rows of the README's endpoint table.
func readmeRoutesTable(routes []*Route) string {
	var sb strings.Builder
	for _, r := range routes {
		auth := map[AuthMode]string{AuthKey: "key", AuthOpen: "open", AuthPublicKey: "public key"}[r.Auth]
		weight := "free"
		if r.Weight > 0 {
			weight = strconv.Itoa(r.Weight)
		}
		plan := r.MinPlan
		if plan == "" {
			plan = "any"
		}
		sb.WriteString("| `" + r.Method + " /api" + r.Path + "` | " + r.Summary + " | " + auth + " | " + weight + " | " + plan + " |\n")
	}
	return sb.String()
}
