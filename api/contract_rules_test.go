package api

// What the OpenAPI document states about values and parameters is what the
// server does: each test pins one rule a contract fuzzer relies on.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/embedtool"
	"github.com/ukpd/propertyapi/api/openapi"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
)

// docOf returns the server's OpenAPI document as plain JSON values.
func docOf(t *testing.T, s *Server) map[string]any {
	t.Helper()
	doc, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// docOp returns the operation named id.
func docOp(t *testing.T, doc map[string]any, id string) map[string]any {
	t.Helper()
	for _, item := range doc["paths"].(map[string]any) {
		for _, o := range item.(map[string]any) {
			if om := o.(map[string]any); om["operationId"] == id {
				return om
			}
		}
	}
	t.Fatalf("no operation %s", id)
	return nil
}

// docParamSchema returns the schema of an operation's parameter.
func docParamSchema(t *testing.T, doc map[string]any, op, name string) map[string]any {
	t.Helper()
	comps := doc["components"].(map[string]any)["parameters"].(map[string]any)
	for _, p := range docOp(t, doc, op)["parameters"].([]any) {
		pm := p.(map[string]any)
		if ref, ok := pm["$ref"].(string); ok {
			pm = comps[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
		}
		if pm["name"] == name {
			return pm["schema"].(map[string]any)
		}
	}
	t.Fatalf("%s has no parameter %s", op, name)
	return nil
}

func docSchema(doc map[string]any, name string) map[string]any {
	return doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
}

// TestEmptyTypedParamsAre422: a list or enum parameter sent empty is 422
// invalid_params (never read as absent), and the schema says so with
// minItems: 1 on every list parameter.
func TestEmptyTypedParamsAre422(t *testing.T) {
	s := newTestServer(t, &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, nil }})
	for _, target := range []string{
		"/api/v1/live-listings/search/?bbox=-3.6,50.7,-3.4,50.8&property_type=",
		"/api/v1/live-listings/search/?bbox=-3.6,50.7,-3.4,50.8&property_type=,",
		"/api/v1/live-listings/clusters/?zoom=12&bbox=-3.6,50.7,-3.4,50.8&property_type=",
		"/api/v1/boundaries/autocomplete/?q=exe&type=",
		"/api/v1/valuations/estimate/?uprn=1&type=",
		"/api/v1/valuations/estimate/?uprn=1&type=%20",
	} {
		rec := do(t, s, http.MethodGet, target, "")
		if rec.Code != http.StatusUnprocessableEntity || errorCode(t, rec) != CodeInvalidParams {
			t.Errorf("%s: %d %s, want 422 invalid_params", target, rec.Code, rec.Body)
		}
	}
	doc := docOf(t, s)
	for _, c := range [][2]string{{"live_listings.search", "property_type"}, {"boundaries.autocomplete", "type"},
		{"property.discover", "with"}, {"amenities.nearby", "types"}} {
		if sc := docParamSchema(t, doc, c[0], c[1]); sc["minItems"] != float64(1) {
			t.Errorf("%s %s: schema %v has no minItems 1", c[0], c[1], sc)
		}
	}
}

// TestValuationTypeAnyCase: type is case-insensitive like every enum; a
// value that is not a type keeps the spec's 400 invalid_type.
func TestValuationTypeAnyCase(t *testing.T) {
	s := newTestServer(t, &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, nil },
		SearchFn: func(string, any) (*search.Response, error) { return &search.Response{}, nil }})
	for _, typ := range []string{"Sale", "RENT", "sale"} {
		rec := do(t, s, http.MethodGet, "/api/v1/valuations/estimate/?uprn=1&type="+typ, "")
		if rec.Code == http.StatusBadRequest || rec.Code == http.StatusUnprocessableEntity {
			t.Errorf("type=%s: %d %s, want it accepted (the unknown UPRN is then 404)", typ, rec.Code, rec.Body)
		}
	}
	rec := do(t, s, http.MethodGet, "/api/v1/valuations/estimate/?uprn=1&type=lease", "")
	if rec.Code != http.StatusBadRequest || errorCode(t, rec) != CodeInvalidType {
		t.Errorf("type=lease: %d %s, want 400 invalid_type", rec.Code, rec.Body)
	}
}

// TestAddressMatchFollowsSchemaPattern: the address is accepted exactly
// when the document's pattern admits it (a letter or digit A-Z, 0-9).
func TestAddressMatchFollowsSchemaPattern(t *testing.T) {
	fb := &fakeBackend{SearchFn: func(string, any) (*search.Response, error) { return &search.Response{}, nil }, MSearchFn: emptyMSearch}
	s := newTestServer(t, fb)
	sc := docParamSchema(t, docOf(t, s), "address.match", "address")
	re := regexp.MustCompile(sc["pattern"].(string))
	for _, in := range []string{"!!", " - ", "#@!", "\u212a", "ÉÈ", "10 Downing Street", " 4 ", "Flat 2, 14 Castle Gardens", "x", "Ω7", "  ¡a!  "} {
		rec := do(t, s, http.MethodGet, "/api/v1/address/match?postcode=EX1+1AE&address="+url.QueryEscape(in), "")
		accepted := rec.Code == http.StatusOK
		if !accepted && rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%q: %d %s", in, rec.Code, rec.Body)
			continue
		}
		if admits := re.MatchString(in); admits != accepted {
			t.Errorf("%q: the schema's pattern admits it: %v, the server accepts it: %v (%d %s)", in, admits, accepted, rec.Code, rec.Body)
		}
	}
}

// TestAlertSchemaStatesServerRules: the Last-Event-ID pattern is exactly
// the ids the stream accepts, webhook_url's pattern admits only absolute
// http(s) URLs, saved-search ids have the server's ranges, and reusing an
// Idempotency-Key is described.
func TestAlertSchemaStatesServerRules(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc := docOf(t, s)
	for _, name := range []string{"Last-Event-ID", "last_event_id"} {
		re := regexp.MustCompile(docParamSchema(t, doc, "alerts.stream", name)["pattern"].(string))
		for _, in := range []string{"0", "1732450000000-0", " 17-3\t", "-1", "1-", "+1", "1e3", "", " ", "abc",
			"9999999999999999999", "99999999999999999999", "1-9999999999999999999", "18446744073709551615"} {
			if got, want := re.MatchString(in), alerts.ValidEventID(strings.Trim(in, " \t")); got != want {
				t.Errorf("%s %q: pattern %v, server %v", name, in, got, want)
			}
		}
	}
	req := docSchema(doc, "AlertRequest")["properties"].(map[string]any)
	re := regexp.MustCompile(req["webhook_url"].(map[string]any)["pattern"].(string))
	for _, in := range []string{"https://hooks.example.com/x?y=1", "HTTP://a.example:8080", "http://10.0.0.1/", ""} {
		if !re.MatchString(in) {
			t.Errorf("webhook_url %q: refused by the pattern", in)
		}
	}
	for _, in := range []string{"a:b", "//example.com", "http://", "ftp://example.com", "http://u:p@example.com", "example.com/x", "http://ex ample.com", "http://example.com/%zz"} {
		if re.MatchString(in) {
			t.Errorf("webhook_url %q: admitted by the pattern, refused by the server", in)
		}
	}
	filters := docSchema(doc, "SavedSearchFilters")["properties"].(map[string]any)
	if m := filters["uprn"].(map[string]any)["maximum"]; m != float64(999999999999) {
		t.Errorf("filters.uprn maximum %v", m)
	}
	if _, ok := filters["boundary_id"].(map[string]any)["maximum"]; !ok {
		t.Errorf("filters.boundary_id has no maximum")
	}
	for _, op := range []string{"alerts.create", "listings.export", "listing_address.match"} {
		o := docOp(t, doc, op)
		var desc string
		for _, p := range o["parameters"].([]any) {
			if pm := p.(map[string]any); pm["name"] == "Idempotency-Key" {
				desc = fmt.Sprint(pm["description"])
			}
		}
		if !strings.Contains(desc, "idempotency_key_reused") {
			t.Errorf("%s: Idempotency-Key does not say what reuse answers: %q", op, desc)
		}
		if !strings.Contains(fmt.Sprint(o["responses"].(map[string]any)["422"]), "idempotency_key_reused") {
			t.Errorf("%s: 422 does not list idempotency_key_reused", op)
		}
	}
}

// TestLiveListingValues: blank source fields are null (as on
// property_listings), added_date is one RFC 3339 date-time whatever the
// importer stored, and the source is the public label.
func TestLiveListingValues(t *testing.T) {
	d := mappings.Listing{ID: "5a0e5e00-0000-4000-8000-000000000001", AddedDate: "2026-10-03", Source: "Rightmove plc",
		DisplayAddress: "1 High Street", TransactionType: "Sale", LatestStatus: "For sale", LatestPrice: 250000}
	b, err := json.Marshal(toLiveListing(&d))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"listing_id", "branch_id", "ownership", "description", "agent_name", "listing_property_type"} {
		if v, ok := m[k]; !ok || v != nil {
			t.Errorf("%s = %#v, want null", k, v)
		}
	}
	if m["added_date"] != "2026-10-03T00:00:00Z" {
		t.Errorf("added_date %v, want 2026-10-03T00:00:00Z", m["added_date"])
	}
	d.AddedDate = "2026-10-03T09:30:00+01:00"
	if got := toLiveListing(&d).AddedDate; got == nil || *got != "2026-10-03T08:30:00Z" {
		t.Errorf("added_date of a date-time: %v", got)
	}
	if m["source"] != LabelPortal {
		t.Errorf("source %v, want %q", m["source"], LabelPortal)
	}
	pl := renderListing(d)
	if pl.Ownership != nil || pl.Description != nil || pl.ListingPropertyType != nil || pl.Source != m["source"] {
		t.Errorf("property_listings renders the same listing differently: %+v", pl)
	}
}

// TestNestedKeysAlwaysPresent: objects keep every key, null when empty.
func TestNestedKeysAlwaysPresent(t *testing.T) {
	b, _ := json.Marshal(amenitiesQuery{})
	for _, k := range []string{"postcode", "group", "kind"} {
		if !strings.Contains(string(b), `"`+k+`":null`) {
			t.Errorf("amenities query %s: %s", k, b)
		}
	}
	b, _ = json.Marshal(stampDutyResponse{})
	if !strings.Contains(string(b), `"additional_dwelling_supplement":null`) {
		t.Errorf("stamp duty: %s", b)
	}
	b, _ = json.Marshal(riskProps{})
	if !strings.Contains(string(b), `"name":null`) || !strings.Contains(string(b), `"source":null`) {
		t.Errorf("risk properties: %s", b)
	}
	b, _ = json.Marshal(eventBrief{})
	if !strings.Contains(string(b), `"event_date":null`) {
		t.Errorf("sale event brief: %s", b)
	}
	b, _ = json.Marshal(deprivationOverall{})
	if !strings.Contains(string(b), `"lad_rank_description":null`) {
		t.Errorf("deprivation overall: %s", b)
	}
	b, _ = json.Marshal(floodBand{})
	if !strings.Contains(string(b), `"score":null`) {
		t.Errorf("flood band: %s", b)
	}
}

// TestListingAddressStrictBody: the shared strict decoder (415, 413,
// unknown fields 422) as on every other POST.
func TestListingAddressStrictBody(t *testing.T) {
	s := newTestServer(t, &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, nil },
		SearchFn: func(string, any) (*search.Response, error) { return &search.Response{}, nil }})
	send := func(ct, body string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, "/api/v1/listing-address", strings.NewReader(body))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec.Code, errorCode(t, rec)
	}
	for _, c := range []struct {
		ct, body string
		status   int
		code     string
	}{
		{"text/plain", `{"listing_id":"x"}`, 415, CodeUnsupportedMedia},
		{"application/json", `{"listing_id":"x","extra":1}`, 422, CodeInvalidParams},
		{"application/json", `{"listing_id":"` + strings.Repeat("x", maxListingAddressBody) + `"}`, 413, CodeRequestTooLarge},
		{"application/json", `{"listing_id":"x"} {}`, 400, CodeBadRequest},
	} {
		if st, code := send(c.ct, c.body); st != c.status || code != c.code {
			t.Errorf("%s %.40s: %d %s, want %d %s", c.ct, c.body, st, code, c.status, c.code)
		}
	}
}

// TestOneStatusPerFault: the kinds of fault the audit found answered two
// ways now answer one way.
func TestOneStatusPerFault(t *testing.T) {
	s := newTestServer(t, &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, nil }})
	for _, c := range []struct {
		target string
		status int
		code   string
	}{
		{"/api/v1/property_sales/?uprn=1&page=600", 422, CodePageTooDeep},
		{"/api/v1/property_listings/?uprn=1&page=600", 422, CodePageTooDeep},
		{"/api/v1/live-listings/search/?bbox=-3.6,50.7,-3.4,50.8&page=400&page_size=30", 422, CodePageTooDeep},
		{"/api/v1/boundaries/autocomplete/?q=e", 422, CodeQueryTooShort},
		{"/api/v1/address/find?q=e", 422, CodeQueryTooShort},
		{"/api/v1/property_listings/not-a-uuid", 422, CodeInvalidParams},
		{"/api/v1/property_sale_events/abc", 422, CodeInvalidParams},
		{"/api/v1/boundaries/abc/geometry", 422, CodeInvalidParams},
	} {
		rec := do(t, s, http.MethodGet, c.target, "")
		if rec.Code != c.status || errorCode(t, rec) != c.code {
			t.Errorf("%s: %d %s, want %d %s", c.target, rec.Code, rec.Body, c.status, c.code)
		}
	}
}

// TestErrorsDocListsEveryCode: docs/errors.md has a row for every status
// and code the OpenAPI document lists, every row is one of them, and a code
// has one status (request_too_large: 413 for a body, 414 for a query).
func TestErrorsDocListsEveryCode(t *testing.T) {
	doc := docOf(t, newTestServer(t, &fakeBackend{}))
	inDoc := map[string]map[string]bool{} // code → statuses
	addResp := func(status string, r map[string]any) {
		c, ok := r["content"].(map[string]any)["application/json"].(map[string]any)
		if !ok {
			return
		}
		sc := c["schema"].(map[string]any)
		props, ok := sc["properties"].(map[string]any)
		if !ok {
			return
		}
		for _, code := range props["error"].(map[string]any)["properties"].(map[string]any)["code"].(map[string]any)["enum"].([]any) {
			if inDoc[code.(string)] == nil {
				inDoc[code.(string)] = map[string]bool{}
			}
			inDoc[code.(string)][status] = true
		}
	}
	shared := doc["components"].(map[string]any)["responses"].(map[string]any)
	for _, item := range doc["paths"].(map[string]any) {
		for _, o := range item.(map[string]any) {
			for st, r := range o.(map[string]any)["responses"].(map[string]any) {
				rm := r.(map[string]any)
				if ref, ok := rm["$ref"].(string); ok {
					rm = shared[strings.TrimPrefix(ref, "#/components/responses/")].(map[string]any)
				}
				if st[0] >= '3' && rm["content"] != nil {
					addResp(st, rm)
				}
			}
		}
	}
	b, err := os.ReadFile("../docs/errors.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| (\\d{3}) \\| `([a-z0-9_]+)` \\|")
	inMD := map[string]map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		if inMD[m[2]] == nil {
			inMD[m[2]] = map[string]bool{}
		}
		inMD[m[2]][m[1]] = true
	}
	var codes []string
	for c := range inDoc {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		for st := range inDoc[c] {
			if !inMD[c][st] {
				t.Errorf("docs/errors.md has no row %s %s", st, c)
			}
		}
		// Two codes keep two statuses on purpose (docs/errors.md says why).
		if len(inDoc[c]) > 1 && c != CodeRequestTooLarge && c != CodeLimitReached {
			t.Errorf("code %s has several statuses in the document: %v", c, inDoc[c])
		}
	}
	for c, sts := range inMD {
		for st := range sts {
			if !inDoc[c][st] {
				t.Errorf("docs/errors.md lists %s %s, which no operation answers", st, c)
			}
		}
	}
}

// TestCallWeightRules: every charge that depends on the request is stated
// as x-call-weight-rule with the figures the gate uses, and the reference
// summary shows the rule, not a bare 0 or 1.
func TestCallWeightRules(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc := docOf(t, s)
	weight := map[string]float64{}
	for _, rt := range s.Routes() {
		weight[rt.Name] = float64(rt.Weight)
	}
	for _, name := range []string{"embed.relay", "embed.relay_op"} {
		rule, ok := docOp(t, doc, name)["x-call-weight-rule"].(map[string]any)
		if !ok {
			t.Fatalf("%s: no x-call-weight-rule", name)
		}
		ws := rule["weights"].(map[string]any)
		for tool, ops := range embedtool.Table() {
			for op, target := range ops {
				key := tool
				if op != "" {
					key += "/" + op
				}
				if ws[key] != weight[target.Route] {
					t.Errorf("%s: %s weighs %v, the route %s %v", name, key, ws[key], target.Route, weight[target.Route])
				}
			}
		}
		if strings.Contains(fmt.Sprint(docOp(t, doc, name)["description"]), "Free: not counted") {
			t.Errorf("%s is described as free", name)
		}
	}
	rule := docOp(t, doc, "listings.export")["x-call-weight-rule"].(map[string]any)
	per := int(rule["rows_per_call"].(float64))
	for _, rows := range []int{0, 1, 10, 11, 95, 1000} {
		want := max(1, (rows+per-1)/per)
		if got := ExportWeight(rows); got != want {
			t.Errorf("ExportWeight(%d) = %d, the rule says %d", rows, got, want)
		}
	}
	rule = docOp(t, doc, "property.discover")["x-call-weight-rule"].(map[string]any)
	for _, a := range withAddOns {
		if rule["weights"].(map[string]any)[a.name] != weight[a.route] {
			t.Errorf("with=%s weighs %v in the rule, %v as %s", a.name, rule["weights"].(map[string]any)[a.name], weight[a.route], a.route)
		}
	}
	raw, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	md := openapi.Markdown(raw)
	if !strings.Contains(md, "1 call per 10 rows returned, at least 1") || !strings.Contains(md, "the weight of the relayed operation") {
		t.Errorf("the reference summary does not show the variable weights")
	}
}

// TestDeclaredHeadersAndErrors: the export's headers are declared response
// headers, and council_tax_band/{uprn} lists its 422 uprn_is_building.
func TestDeclaredHeadersAndErrors(t *testing.T) {
	doc := docOf(t, newTestServer(t, &fakeBackend{}))
	hs := docOp(t, doc, "listings.export")["responses"].(map[string]any)["200"].(map[string]any)["headers"].(map[string]any)
	for _, h := range []string{"X-Export-Row-Cap", "X-Export-Rows", "X-Total-Results"} {
		if hs[h] == nil {
			t.Errorf("export: header %s is not declared", h)
		}
	}
	r422 := fmt.Sprint(docOp(t, doc, "council_tax.band_uprn")["responses"].(map[string]any)["422"])
	if !strings.Contains(r422, CodeUPRNIsBuilding) {
		t.Errorf("council_tax.band_uprn: 422 %s", r422)
	}
}

// TestNoDeprecatedOperations: docs/decisions.md promises deprecated: true
// from the announcement of a removal; none is announced, so nothing
// carries it. Each question of the decisions page is answered once.
func TestNoDeprecatedOperations(t *testing.T) {
	doc := docOf(t, newTestServer(t, &fakeBackend{}))
	b, _ := json.Marshal(doc["paths"])
	if strings.Contains(string(b), `"deprecated":true`) {
		t.Errorf("an operation or parameter is deprecated: announce its removal in docs/api.md and docs/decisions.md")
	}
	md, err := os.ReadFile("../docs/decisions.md")
	if err != nil {
		t.Fatal(err)
	}
	// A question is answered once in the whole page (the deprecation policy
	// was answered twice, in two sections); only a generic question such as
	// "Retention" may recur, once per section, about different things.
	generic := map[string]bool{"Retention": true}
	seen := map[string]bool{}
	section := ""
	for _, line := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(line, "## ") {
			section = line
			continue
		}
		m := regexp.MustCompile(`^\| ([^|]+) \|`).FindStringSubmatch(line)
		if m == nil {
			continue
		}
		q := strings.TrimSpace(m[1])
		if q == "Question" || strings.HasPrefix(q, "---") {
			continue
		}
		key := q
		if generic[q] {
			key = section + "|" + q
		}
		if seen[key] {
			t.Errorf("docs/decisions.md answers %q twice", q)
		}
		seen[key] = true
	}
}

// TestRecordedPlanGates: the plan gates the spec does not set are the ones
// docs/decisions.md records ("Plan gates beyond the spec's").
func TestRecordedPlanGates(t *testing.T) {
	want := map[string]string{
		"schools.nearby": "starter", "amenities.nearby": "starter", // spec 8.4
		"amenities.list": "starter", "amenities.group": "starter", "healthcare.list": "starter",
		"healthcare.kind": "starter", "fuel.list": "starter", "fuel.kind": "starter", // recorded: same data
		"comparables.get": "", "live_listings.search": "", // recorded: open to every plan
		"listings.export": "growth", // spec 8.4
	}
	s := newTestServer(t, &fakeBackend{})
	for _, rt := range s.Routes() {
		if w, ok := want[rt.Name]; ok && rt.MinPlan != w {
			t.Errorf("%s: gate %q, docs/decisions.md records %q", rt.Name, rt.MinPlan, w)
		}
	}
	md, err := os.ReadFile("../docs/decisions.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "Plan gates beyond the spec's") {
		t.Errorf("docs/decisions.md does not record the plan gates")
	}
}

// TestExportUnknownPlaceDocumented: the export answers 404 not_found for a
// postcode or boundary the data does not hold, and its document says so
// (it listed only dataset_not_loaded).
func TestExportUnknownPlaceDocumented(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	r404 := fmt.Sprint(docOp(t, docOf(t, s), "listings.export")["responses"].(map[string]any)["404"])
	if !strings.Contains(r404, CodeNotFound) {
		t.Errorf("listings.export 404: %s", r404)
	}
}

// TestAddressFindPostcodeWins: with both bias forms the postcode is the
// one used (docs/addresses.md said 422): an unknown postcode then answers
// its 404, whatever lat and lng say.
func TestAddressFindPostcodeWins(t *testing.T) {
	s := newTestServer(t, &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, nil }})
	rec := do(t, s, http.MethodGet, "/api/v1/address/find?q=high&postcode=EX1+1AE&lat=50.7&lng=-3.5", "")
	if rec.Code != http.StatusNotFound || errorCode(t, rec) != CodeNotFound {
		t.Errorf("both forms: %d %s, want the postcode's 404 not_found", rec.Code, rec.Body)
	}
	b, err := os.ReadFile("../docs/addresses.md")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "both forms → 422") {
		t.Errorf("docs/addresses.md still says both bias forms are 422")
	}
}

// TestJobsSchemaStatesServerRules: the job routes' schema says what the
// server does. A job id's pattern admits exactly jobs.ValidID; the event
// stream's events carry an id of jobs.ValidEventID's form, Last-Event-ID's
// pattern is exactly what the stream accepts, and a resumed stream that
// has seen the end may be 204; results' format is an enum; and the cancel
// links to the job and its results, which stay readable.
func TestJobsSchemaStatesServerRules(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	doc := docOf(t, s)
	for _, op := range []string{"jobs.get", "jobs.events", "jobs.results", "jobs.cancel"} {
		re := regexp.MustCompile(docParamSchema(t, doc, op, "id")["pattern"].(string))
		for _, in := range []string{jobs.NewID(), "job_0123456789abcdef01234567", "job_0123456789ABCDEF01234567", "job_0123456789abcdef0123456", "nope", "", "job_0123456789abcdef01234567\n"} {
			if got, want := re.MatchString(in), jobs.ValidID(in); got != want {
				t.Errorf("%s id %q: pattern %v, server %v", op, in, got, want)
			}
		}
		if codes := fmt.Sprint(docOp(t, doc, op)["responses"].(map[string]any)["422"]); !strings.Contains(codes, CodeInvalidParams) {
			t.Errorf("%s: 422 invalid_params (a malformed id) is not listed", op)
		}
	}
	for _, name := range []string{"Last-Event-ID", "last_event_id"} {
		re := regexp.MustCompile(docParamSchema(t, doc, "jobs.events", name)["pattern"].(string))
		for _, in := range []string{"0-0", "500-1", " 12-2\t", "1-3", "1732450000000-0", "12345678901-1", "", " ", "abc", "1-1-1"} {
			if got, want := re.MatchString(in), jobs.ValidEventID(strings.Trim(in, " \t")); got != want {
				t.Errorf("jobs.events %s %q: pattern %v, server %v", name, in, got, want)
			}
		}
	}
	ev := docSchema(doc, "JobStreamEvent")
	if fmt.Sprint(ev["required"]) != "[id event data]" {
		t.Errorf("JobStreamEvent requires %v, want id, event and data", ev["required"])
	}
	idRE := regexp.MustCompile(ev["properties"].(map[string]any)["id"].(map[string]any)["pattern"].(string))
	for _, j := range []jobs.Job{{State: jobs.StateQueued}, {State: jobs.StateRunning, Done: 1_000_000}, {State: jobs.StateCancelled, Done: 3}} {
		if !idRE.MatchString(j.EventID()) {
			t.Errorf("event id %q is not admitted by JobStreamEvent.id", j.EventID())
		}
	}
	resp := docOp(t, doc, "jobs.events")["responses"].(map[string]any)
	ok := resp["200"].(map[string]any)["content"].(map[string]any)["text/event-stream"].(map[string]any)["schema"].(map[string]any)
	if ok["$ref"] != "#/components/schemas/JobStreamEvent" {
		t.Errorf("jobs.events 200 schema %v, want JobStreamEvent", ok)
	}
	if _, has := resp["204"]; !has {
		t.Error("jobs.events: the 204 of a resumed stream that saw the end is not listed")
	}
	if e := docParamSchema(t, doc, "jobs.results", "format")["enum"]; fmt.Sprint(e) != "[ndjson csv]" {
		t.Errorf("jobs.results format enum %v", e)
	}
	links, _ := docOp(t, doc, "jobs.cancel")["responses"].(map[string]any)["200"].(map[string]any)["links"].(map[string]any)
	targets := map[string]bool{}
	for name, l := range links {
		lm := l.(map[string]any)
		docOp(t, doc, lm["operationId"].(string)) // exists
		if lm["parameters"].(map[string]any)["id"] != "$response.body#/id" {
			t.Errorf("link %s: parameters %v", name, lm["parameters"])
		}
		targets[lm["operationId"].(string)] = true
	}
	if !targets["jobs.get"] || !targets["jobs.results"] {
		t.Errorf("jobs.cancel links to %v; want the job and its results (a cancelled job stays readable)", targets)
	}
	// Creating a job links to every operation on it (stateful fuzzers
	// follow them with a real id).
	created, _ := docOp(t, doc, "jobs.address_match.create")["responses"].(map[string]any)["202"].(map[string]any)["links"].(map[string]any)
	to := map[string]bool{}
	for _, l := range created {
		to[l.(map[string]any)["operationId"].(string)] = true
	}
	for _, op := range []string{"jobs.get", "jobs.events", "jobs.results", "jobs.cancel"} {
		if !to[op] {
			t.Errorf("jobs.address_match.create has no link to %s", op)
		}
	}
	if d := docOp(t, doc, "jobs.cancel")["description"].(string); !strings.Contains(d, "does not delete") {
		t.Errorf("jobs.cancel does not say that cancelling keeps the job: %q", d)
	}
}
