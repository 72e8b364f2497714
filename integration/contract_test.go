//go:build integration

package integration

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
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
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// contractEnv is a real API server on loopback: a small synthetic UK in
// OpenSearch, keys and metering in Redis, the OpenAPI document carrying
// examples (UPRN, postcode, ids) taken from the loaded data.
type contractEnv struct {
	URL       string // http://127.0.0.1:port
	Key       string // Scale plan, no per-second limit
	PublicKey string // every browser tool, from Origin contractOrigin
	Examples  map[string]any
	World     *synthWorld
}

// newContractEnv loads the world (1,500 properties, seed 1), creates an
// organisation and key under the test's Redis prefix and serves the API
// with the gate on an ephemeral loopback port until the test ends.
func newContractEnv(t *testing.T) *contractEnv {
	t.Helper()
	osURL := testenv.OpenSearchURL(t)
	prefix := testenv.IndexPrefix(t)
	rdb := testenv.RedisClient(t)
	ns := testenv.RedisKeyPrefix(t)
	w := loadSynthWorld(t, osURL, prefix, 1500)
	sc, err := search.New(search.Config{URLs: []string{osURL}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewRedisStore(redis.UniversalClient(rdb), ns), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "contract", 0)
	if err != nil {
		t.Fatal(err)
	}
	_, key, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanScale, Name: "contract", RateOverride: ratelimit.Unlimited})
	if err != nil {
		t.Fatal(err)
	}
	_, pub, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanGrowth, Name: "contract relay", Kind: ratelimit.KindPublic,
		Tools: []string{"address-lookup", "listing-map", "stamp-duty", "mortgage"}, Origins: []string{contractOrigin}})
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
	// Saved searches with their percolator index under the test's prefix;
	// webhook targets are checked by the SSRF guard (no loopback allowed).
	// The alert service writes through a client of its own, as the server
	// wires it (cmd/propertyapi): slow writes wait instead of failing.
	asc, err := search.New(search.Config{URLs: []string{osURL}, RequestTimeout: alerts.EngineTimeout})
	if err != nil {
		t.Fatal(err)
	}
	al := alerts.New(alerts.Config{Engine: asc, Redis: rdb, IndexPrefix: prefix, Namespace: ns, Box: box, Guard: &alerts.Guard{}})
	ex := contractExamples(t, w)
	// Bulk jobs run as they do in service: a runner matches the uploads
	// against the world's addresses and charges the key, so jobs the
	// fuzzer starts end (and free the plan's concurrent slots).
	js := jobs.New(jobs.Config{Redis: rdb, Namespace: ns, Dir: t.TempDir(), Limits: svc, Consumer: "contract", BatchRows: 50,
		Matcher: &addrmatch.Matcher{Search: sc, Index: prefix + mappings.IndexAddresses, Thresholds: addrmatch.DefaultThresholds},
		Logger:  zerolog.Nop()})
	runCtx, stopRunner := context.WithCancel(context.Background())
	runDone := make(chan struct{})
	go func() { defer close(runDone); js.Run(runCtx) }()
	t.Cleanup(func() { stopRunner(); <-runDone })
	now := w.Now
	srv := api.NewServer(api.Options{
		Backend: sc, IndexPrefix: prefix, Logger: zerolog.Nop(), Now: func() time.Time { return now },
		// The fuzzer sends thousands of invalid keys on purpose: the failed
		// authentication limit (429) is off so each gets its 401.
		Gate:           gate.New(svc, gate.Options{AnonPerSecond: -1, AuthFailuresPerMinute: ratelimit.Unlimited}).Wrap,
		Jobs:           js,
		SchemaExamples: ex,
		Alerts:         al,
		AlertStreamMax: time.Second, // the event stream ends quickly for the fuzzer
	})
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	// A finished job of the organisation is the example id of the job
	// reads (the document is built per request, from ex), so the fuzzer
	// reads a real job, its events and its results, not only 404s.
	jobID := contractJob(t, hs.URL, key, ex["address.match.address"].(string)+", Exeter", ex["postcode"].(string))
	for _, op := range []string{"jobs.get", "jobs.events", "jobs.results"} {
		ex[op+".id"] = jobID
	}
	return &contractEnv{URL: hs.URL, Key: key, PublicKey: pub, Examples: ex, World: w}
}

// contractJob uploads a two-row job and waits for it to end.
func contractJob(t *testing.T, base, key, address, postcode string) string {
	t.Helper()
	do := func(method, path, body string) map[string]any { return jobCall(t, base, key, method, path, body) }
	j := do("POST", "/api/v1/jobs/address-match", "id,address,postcode\nc1,"+strconv.Quote(address)+","+postcode+"\nc2,1 Nowhere Street,\n")
	id, _ := j["id"].(string)
	for deadline := time.Now().Add(2 * time.Minute); j["state"] != jobs.StateDone; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) || jobs.Terminal(fmt.Sprint(j["state"])) && j["state"] != jobs.StateDone {
			t.Fatalf("the contract's example job: %v", j)
		}
		j = do("GET", "/api/v1/jobs/"+id, "")
	}
	return id
}

// contractOrigin is the page origin the contract's public key allows.
const contractOrigin = "http://contract.test"

// contractExamples picks real values from the world: a house in Exeter with
// an EPC, a title and a sale, its postcode, outcode and street, one of its
// sales, a live listing and a sale event nearby, and the Exeter boundary.
func contractExamples(t *testing.T, w *synthWorld) map[string]any {
	t.Helper()
	uprnS, prop := w.find(t, mappings.IndexProperties, func(m map[string]any) bool {
		return m["lad_name"] == "Exeter" && m["epc_id"] != nil && m["title_no"] != nil && m["last_sold_date"] != nil &&
			m["property_type"] != "Flat" && m["building_number"] != nil && m["council_tax_band"] != nil
	})
	uprn, _ := strconv.ParseInt(uprnS, 10, 64)
	pc := prop["postcode"].(string)
	outcode := prop["outcode"].(string)
	loc := prop["location"].(map[string]any)
	street := fmt.Sprint(prop["street_name"])
	bnum := fmt.Sprint(prop["building_number"])
	saleID, _ := w.find(t, mappings.IndexSales, func(m map[string]any) bool { return jsonInt(m["uprn"]) == uprnS })
	listingID, _ := w.find(t, mappings.IndexListings, func(m map[string]any) bool { return m["is_live"] == true && m["outcode"] == outcode })
	eventID, _ := w.find(t, mappings.IndexSaleEvents, func(m map[string]any) bool { return jsonInt(m["uprn"]) == uprnS })
	boundaryID, _ := w.find(t, mappings.IndexBoundaries, func(m map[string]any) bool { return m["type"] == "lad" && m["name"] == "Exeter" })
	num := func(s string) int64 {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("example id %q: %v", s, err)
		}
		return n
	}
	lat, lng := loc["lat"].(float64), loc["lon"].(float64)
	return map[string]any{
		"uprn": uprn, "property": uprn, "postcode": pc, "outcode": outcode, "lat": lat, "lng": lng,
		"bbox":                               fmt.Sprintf("%.4f,%.4f,%.4f,%.4f", lng-0.05, lat-0.03, lng+0.05, lat+0.03),
		"address.find.q":                     bnum + " " + street,
		"address.match.address":              bnum + " " + street,
		"boundaries.autocomplete.q":          "Exeter",
		"boundaries.geometry.id":             num(boundaryID),
		"live_listings.search.boundary_id":   num(boundaryID),
		"live_listings.clusters.boundary_id": num(boundaryID),
		"live_listings.clusters.zoom":        12,
		"listings.get.id":                    listingID,
		"events.get.id":                      num(eventID),
		"events.list.sale":                   num(saleID),
		"sales.list.id":                      num(saleID),
		"council_tax.band.building_number":   bnum,
		"risks.layer.layer":                  "surface_water",
		"crime.search.date":                  w.Now.AddDate(0, -2, 0).Format("2006-01"),
		"crime.search.category":              "burglary",
	}
}

// TestContract runs schemathesis with every check against the server, the
// document's examples first, then CONTRACT_EXAMPLES generated cases per
// operation (default 8) for each seed of CONTRACT_SEEDS (default 1,2,3),
// and fails on any failure of any seed. Operations whose parameters relate in ways OpenAPI 3.1 cannot
// state (x-parameter-rules in the document: one location form of several,
// a filter that is required) may answer 400/422 to schema-valid requests
// that break such a rule; nothing else is relaxed.
func TestContract(t *testing.T) {
	st := pyTool(t, "contract", "schemathesis")
	env := newContractEnv(t)

	resp, err := http.Get(env.URL + "/api/schema/")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string   `json:"operationId"`
			Rules       []string `json:"x-parameter-rules"`
		} `json:"paths"`
	}
	err = json.NewDecoder(resp.Body).Decode(&doc)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	var ruled []string
	for _, item := range doc.Paths {
		for _, op := range item {
			if len(op.Rules) > 0 {
				ruled = append(ruled, op.OperationID)
			}
		}
	}
	sort.Strings(ruled)

	dir := t.TempDir()
	// A query string over the server's cap is refused with 414 (documented
	// on every operation): a rejection like 400 and 422.
	// The browser relay authenticates with the public key from its origin.
	// Every check runs ("enabled = true" is --checks all). It is stated
	// here, not with --checks all on the command line: schemathesis 4.32.5
	// lets a check named on the command line win over an operation's
	// "enabled = false", and one operation-scoped exemption follows.
	cfg := "# Written by TestContract.\n" +
		"[checks]\nenabled = true\n\n" +
		`[checks.negative_data_rejection]` + "\n" +
		`expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "414", "415", "422", "428", "429", "5xx"]` + "\n\n" +
		"[[operations]]\ninclude-operation-id = [\"embed.relay\", \"embed.relay_op\"]\n" +
		"headers = { Authorization = " + strconv.Quote("Public-Key "+env.PublicKey) + ", Origin = " + strconv.Quote(contractOrigin) + " }\n\n" +
		// Cancelling a bulk job (DELETE jobs/{id}) does not delete it: the
		// cancelled job, its events and the results of the rows it finished
		// (paid for) stay readable until the job's retention ends, as the
		// operation and its links say (docs/decisions.md, "Cancelling a bulk
		// job"). Reading them after the DELETE is the documented behaviour,
		// not a use after free; every other operation keeps the check.
		"# Cancelling a job keeps it readable until its retention ends (jobs.cancel and its links).\n" +
		"[[operations]]\ninclude-operation-id = [\"jobs.get\", \"jobs.events\", \"jobs.results\"]\n" +
		"checks.use_after_free.enabled = false\n\n" +
		"# Operations with x-parameter-rules.\n"
	if len(ruled) > 0 {
		q := make([]string, len(ruled))
		for i, r := range ruled {
			q[i] = strconv.Quote(r)
		}
		cfg += "[[operations]]\ninclude-operation-id = [" + strings.Join(q, ", ") + "]\n" +
			`checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "422", "429"]` + "\n"
	}
	cfgPath := filepath.Join(dir, "schemathesis.toml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	examples := envInt(t, "CONTRACT_EXAMPLES", 8)
	seeds := contractSeeds(t)
	// One budget for every seed: the whole run stays bounded in `make test`
	// (CONTRACT_TIMEOUT, minutes, for longer runs by hand).
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(envInt(t, "CONTRACT_TIMEOUT", 12))*time.Minute)
	defer cancel()
	var failed []string
	var report bytes.Buffer
	for i, seed := range seeds {
		// The examples and coverage phases do not depend on the seed: the
		// first seed runs them, the others only what the seed changes
		// (CONTRACT_ALL_PHASES=1 runs every phase for every seed).
		phases := ""
		if i > 0 && os.Getenv("CONTRACT_ALL_PHASES") == "" {
			phases = "fuzzing,stateful"
		}
		text, took, runErr := runSchemathesis(ctx, st, dir, cfgPath, env, examples, seed, phases)
		report.WriteString(text)
		cases := regexp.MustCompile(`(\d+) generated`).FindStringSubmatch(text)
		summary := regexp.MustCompile(`(?m)^=+ (.*) =+$`).FindAllStringSubmatch(text, -1)
		last := ""
		if len(summary) > 0 {
			last = summary[len(summary)-1][1]
		}
		n := "?"
		if cases != nil {
			n = cases[1]
		}
		t.Logf("schemathesis seed %d: %s cases (%d examples per operation) in %s: %s", seed, n, examples, took, last)
		if runErr != nil {
			failed = append(failed, strconv.Itoa(seed))
			t.Errorf("schemathesis seed %d reported failures (exit %v):\n%s", seed, runErr, tail(text, 20000))
		}
		if ctx.Err() != nil {
			t.Fatalf("the contract run's budget ran out at seed %d", seed)
		}
	}
	if root, err := filepath.Abs("../var/contract"); err == nil && os.MkdirAll(root, 0o755) == nil {
		_ = os.WriteFile(filepath.Join(root, "latest.txt"), report.Bytes(), 0o644)
	}
	t.Logf("seeds %v, failed %v; output in var/contract/latest.txt", seeds, failed)
}

// runSchemathesis runs one seed against the server and returns its output.
func runSchemathesis(ctx context.Context, st, dir, cfgPath string, env *contractEnv, examples, seed int, phases string) (string, time.Duration, error) {
	args := []string{"--config-file", cfgPath, "--no-color", "run", env.URL + "/api/schema/",
		"-H", "Authorization: Api-Key " + env.Key,
		"--max-examples", strconv.Itoa(examples), "--seed", strconv.Itoa(seed),
		"--workers", "1", "--request-timeout", "30", "--suppress-health-check", "all",
		"--generation-database", "none",
		"--report", "junit", "--report-dir", filepath.Join(dir, "seed-"+strconv.Itoa(seed))}
	if phases != "" {
		args = append(args, "--phases", phases)
	}
	// CONTRACT_PATHS narrows a run to the paths matching a regular
	// expression (e.g. /jobs while working on those routes).
	if re := os.Getenv("CONTRACT_PATHS"); re != "" {
		args = append(args, "--include-path-regex", re)
	}
	// One worker: CPython 3.11 can fail parsing hypothesis' lambdas from two
	// threads at once ("AST constructor recursion depth mismatch"), a tool
	// error that is not a finding.
	cmd := exec.CommandContext(ctx, st, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// Progress is visible while it runs: var/contract/seed-N.txt.
	if root, err := filepath.Abs("../var/contract"); err == nil && os.MkdirAll(root, 0o755) == nil {
		if f, err := os.Create(filepath.Join(root, "seed-"+strconv.Itoa(seed)+".txt")); err == nil {
			defer f.Close()
			mw := io.MultiWriter(&out, f) // one writer: exec then uses one pipe
			cmd.Stdout, cmd.Stderr = mw, mw
		}
	}
	start := time.Now()
	err := cmd.Run()
	fmt.Fprintf(&out, "\n(seed %d, %d examples per operation, phases %s)\n", seed, examples, cmp.Or(phases, "all"))
	return out.String(), time.Since(start).Round(time.Second), err
}

// contractSeeds are the seeds of the run: CONTRACT_SEEDS (comma-separated;
// default 1,2,3), or the single CONTRACT_SEED when only that is set. Several
// seeds with fewer examples each reach more kinds of input than one seed
// with many: one lucky seed cannot hide a kind.
func contractSeeds(t *testing.T) []int {
	t.Helper()
	raw := os.Getenv("CONTRACT_SEEDS")
	if raw == "" {
		raw = os.Getenv("CONTRACT_SEED")
	}
	if raw == "" {
		raw = "1,2,3"
	}
	var out []int
	for _, f := range strings.Split(raw, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			t.Fatalf("CONTRACT_SEEDS=%q: want comma-separated non-negative integers", raw)
		}
		out = append(out, n)
	}
	return out
}

func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// jsonInt renders a decoded JSON number as an integer string.
func jsonInt(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
