//go:build integration

package integration

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/addrmatch"
	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/openapi"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// docExample is one curl command of the documentation, as a user would
// paste it into a shell after `make run`.
type docExample struct {
	File   string
	Line   int
	Cmd    string // backslash continuations joined
	Expect int    // the status an example that documents an error says it gets; 0 = any 2xx
}

var expectRE = regexp.MustCompile(`^#\s*expect:\s*([1-5][0-9][0-9])\b`)

// docExamples finds every curl command aimed at the `make run` server
// (http://localhost:8080) in the README and docs/*.md shell blocks. A
// comment "# expect: NNN" on the line before a command says it documents
// that status.
func docExamples(t *testing.T) []docExample {
	t.Helper()
	files, err := filepath.Glob("../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"../README.md"}, files...)
	var out []docExample
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		inSh := false
		expect := 0
		for i := 0; i < len(lines); i++ {
			line := lines[i]
			trim := strings.TrimSpace(line)
			if strings.HasPrefix(trim, "```") {
				inSh = !inSh && (trim == "```sh" || trim == "```bash" || trim == "```shell")
				expect = 0
				continue
			}
			if !inSh {
				continue
			}
			if m := expectRE.FindStringSubmatch(trim); m != nil {
				expect, _ = strconv.Atoi(m[1])
				continue
			}
			start := i + 1
			cmd := line
			// A command goes on after a trailing backslash, and inside a
			// single-quoted argument (a JSON body over several lines).
			for i+1 < len(lines) {
				if t := strings.TrimRight(cmd, " "); strings.HasSuffix(t, "\\") {
					i++
					cmd = strings.TrimSuffix(t, "\\") + " " + strings.TrimSpace(lines[i])
				} else if strings.Contains(cmd, "curl ") && strings.Count(cmd, "'")%2 == 1 {
					i++
					cmd += "\n" + lines[i]
				} else {
					break
				}
			}
			if strings.Contains(cmd, "curl ") && strings.Contains(cmd, "http://localhost:8080/api") {
				out = append(out, docExample{File: filepath.Base(f), Line: start, Cmd: strings.TrimSpace(cmd), Expect: expect})
			}
			expect = 0
		}
	}
	return out
}

// TestDocsExamplesRunOnDemoData runs every curl example of the README and
// docs/ against a server holding exactly the `make run` demo data (seed 1,
// 20,000 properties), with a key of the demo's plan and the demo page's
// public key, and fails on any answer that is not 2xx (or not the status an
// example says it documents). It also fails when the identifiers the
// examples use (api/openapi/demo_examples.json) no longer match the
// generator's world.
func TestDocsExamplesRunOnDemoData(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed")
	}
	examples := docExamples(t)
	if len(examples) < 60 {
		t.Fatalf("found %d curl examples in the docs; the reference alone has more: is the parser broken?", len(examples))
	}
	osURL := testenv.OpenSearchURL(t)
	var prefix string
	var w *synthWorld
	if p, ok := os.LookupEnv("DOCS_EXAMPLES_PREFIX"); ok {
		// The demo data is already loaded under this prefix (for example
		// by `make run`, prefix ""): use it instead of loading it again.
		prefix = p
		c, err := synth.Collect(synth.Config{Seed: 1, Properties: 20000})
		if err != nil {
			t.Fatal(err)
		}
		w = &synthWorld{Now: synth.DefaultNow(), Collected: c}
	} else {
		prefix = testenv.IndexPrefix(t)
		w = loadDemoWorld(t, osURL, prefix, 20000)
	}

	want, err := synth.DemoExamples(w.Collected, w.Now)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(want)
	var wantRT map[string]any
	_ = json.Unmarshal(wantJSON, &wantRT)
	if !reflect.DeepEqual(wantRT, openapi.DemoExamples()) {
		t.Fatalf("api/openapi/demo_examples.json no longer matches the demo world; run\n"+
			"  go run ./cmd/apispec -openapi= -postman= -demo-examples api/openapi/demo_examples.json\n"+
			"  go test ./api -run TestAPIDocs -update-docs\nwant %s", wantJSON)
	}

	rdb := testenv.RedisClient(t)
	ns := testenv.RedisKeyPrefix(t)
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewRedisStore(redis.UniversalClient(rdb), ns), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "demo", 0)
	if err != nil {
		t.Fatal(err)
	}
	// As scripts/run.sh makes them: a Pro key and the demo page's public key.
	_, key, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanPro, Name: "make run", RateOverride: ratelimit.Unlimited})
	if err != nil {
		t.Fatal(err)
	}
	_, pub, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanGrowth, Name: "demo page", Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup", "listing-map", "stamp-duty", "mortgage"}, Origins: []string{"http://localhost:8080", "http://127.0.0.1:8080"}})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := search.New(search.Config{URLs: []string{osURL}})
	if err != nil {
		t.Fatal(err)
	}
	boxKey := make([]byte, 32)
	if _, err := rand.Read(boxKey); err != nil {
		t.Fatal(err)
	}
	box, err := alerts.NewBox(boxKey)
	if err != nil {
		t.Fatal(err)
	}
	al := alerts.New(alerts.Config{Engine: sc, Redis: rdb, IndexPrefix: prefix, Namespace: ns, Box: box, Guard: &alerts.Guard{}})
	js := jobs.New(jobs.Config{Namespace: ns, Dir: t.TempDir(), Limits: svc, Redis: rdb, Consumer: "docs-examples",
		Matcher: &addrmatch.Matcher{Search: sc, Index: prefix + mappings.IndexAddresses, Thresholds: addrmatch.DefaultThresholds}})
	// The runner, as cmd/propertyapi starts it beside the server.
	runCtx, stopRunner := context.WithCancel(context.Background())
	runnerDone := make(chan struct{})
	go func() { defer close(runnerDone); _ = js.Run(runCtx) }()
	t.Cleanup(func() { stopRunner(); <-runnerDone })
	srv := api.NewServer(api.Options{
		Jobs:    js,
		Backend: sc, IndexPrefix: prefix, Logger: zerolog.Nop(),
		// The anonymous per-IP limit (2/s on open routes) is the one thing
		// relaxed: the examples run back to back, a person reads between them.
		Gate:           gate.New(svc, gate.Options{AnonPerSecond: -1}).Wrap,
		Accounts:       svc,
		Alerts:         al,
		AlertStreamMax: 2 * time.Second,
	})
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)

	newAlert := func() string {
		return postAlert(t, hs.URL, key, map[string]any{"name": "docs example", "filters": map[string]any{"transaction_type": "Sale", "max_price": 400000}})
	}

	// A job the examples read ($JOB_ID): a few rows, done within a second;
	// one they cancel: enough rows to be running still.
	addr := exampleString(t, want, "address.match.address")
	pc := exampleString(t, want, "postcode")
	newJob := func(rows int) string {
		var b strings.Builder
		b.WriteString("id,address,postcode\n")
		for i := 0; i < rows; i++ {
			fmt.Fprintf(&b, "%d,%s,%s\n", i+1, addr, pc)
		}
		id, _ := jobCall(t, hs.URL, key, http.MethodPost, "/api/jobs/address-match", b.String())["id"].(string)
		return id
	}
	readJob := ""

	dir := t.TempDir()
	// The file the bulk-matching examples upload (docs/matching.md makes it
	// with printf, a line the test does not run).
	if err := os.WriteFile(filepath.Join(dir, "addresses.csv"), []byte("id,address,postcode\n1,"+addr+","+pc+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// curl writes the status to stderr after the body, so examples that
	// pipe into jq or assign with $(...) run as written.
	wrapper := "curl() { command curl --max-time 10 -w '%{stderr}\\nDOCS-EXAMPLE-STATUS %{http_code}\\n' \"$@\"; }\n"
	statusRE := regexp.MustCompile(`DOCS-EXAMPLE-STATUS (\d{3})`)
	failed := 0
	for _, ex := range examples {
		cmd := strings.ReplaceAll(ex.Cmd, "http://localhost:8080", hs.URL)
		cmd = strings.ReplaceAll(cmd, "Origin: "+hs.URL, "Origin: http://localhost:8080")
		env := append(os.Environ(), "API_KEY="+key, "PUBLIC_KEY="+pub)
		if strings.Contains(cmd, "$ALERT_ID") && !strings.Contains(cmd, "ALERT_ID=") {
			env = append(env, "ALERT_ID="+newAlert())
		}
		if strings.Contains(cmd, "$JOB_ID") && !strings.Contains(cmd, "JOB_ID=") {
			switch {
			case strings.Contains(cmd, "-X DELETE"):
				env = append(env, "JOB_ID="+newJob(5000))
			default:
				if readJob == "" {
					readJob = newJob(3)
				}
				env = append(env, "JOB_ID="+readJob)
			}
		}
		c := exec.Command("bash", "-c", wrapper+cmd)
		c.Dir, c.Env = dir, env
		var stdout, stderr bytes.Buffer
		c.Stdout, c.Stderr = &stdout, &stderr
		_ = c.Run() // a stream example ends by curl's own timeout
		m := statusRE.FindAllStringSubmatch(stderr.String(), -1)
		status := 0
		if len(m) > 0 {
			status, _ = strconv.Atoi(m[len(m)-1][1])
		}
		ok := status >= 200 && status < 300
		if ex.Expect != 0 {
			ok = status == ex.Expect
		}
		if !ok {
			failed++
			want := "2xx"
			if ex.Expect != 0 {
				want = strconv.Itoa(ex.Expect)
			}
			t.Errorf("%s:%d answered %d, want %s:\n  %s\n  %s", ex.File, ex.Line, status, want, ex.Cmd, firstLine(stdout.String()+stderr.String()))
		}
	}
	t.Logf("%d documentation examples run against the demo data, %d failed", len(examples), failed)
}

// exampleString is a string value of the demo examples (want).
func exampleString(t *testing.T, want map[string]any, key string) string {
	t.Helper()
	v, ok := want[key].(string)
	if !ok || v == "" {
		t.Fatalf("demo examples have no %s", key)
	}
	return v
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300]
	}
	return fmt.Sprint(s)
}
