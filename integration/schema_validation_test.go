//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/jobs"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// schemaValidator validates response bodies against the OpenAPI document the
// server serves, with a JSON Schema 2020-12 validator (OpenAPI 3.1's dialect).
type schemaValidator struct {
	c     *jsonschema.Compiler
	doc   map[string]any
	ops   map[string][2]string // operationId → path, method
	cache map[string]*jsonschema.Schema
}

const schemaURL = "https://propertyapi.test/openapi.json"

func newSchemaValidator(t *testing.T, srv http.Handler) *schemaValidator {
	t.Helper()
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/schema/", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /api/schema/: %d", rec.Code)
	}
	var doc map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertContent()
	// Formats are asserted: a date-time field that holds a bare date is a
	// deviation (one format per field).
	c.AssertFormat()
	if err := c.AddResource(schemaURL, inst); err != nil {
		t.Fatal(err)
	}
	v := &schemaValidator{c: c, doc: doc, ops: map[string][2]string{}, cache: map[string]*jsonschema.Schema{}}
	for p, item := range doc["paths"].(map[string]any) {
		for m, o := range item.(map[string]any) {
			v.ops[o.(map[string]any)["operationId"].(string)] = [2]string{p, m}
		}
	}
	return v
}

func schemaPtrEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// validate checks one response of operation op: the status must be
// documented, and the body must match the schema of that status and content type.
func (v *schemaValidator) validate(op string, status int, contentType string, body []byte) error {
	pm, ok := v.ops[op]
	if !ok {
		return fmt.Errorf("operation %s is not in the document", op)
	}
	base := "#/paths/" + schemaPtrEscape(pm[0]) + "/" + pm[1] + "/responses/" + fmt.Sprint(status)
	resps := v.doc["paths"].(map[string]any)[pm[0]].(map[string]any)[pm[1]].(map[string]any)["responses"].(map[string]any)
	r, ok := resps[fmt.Sprint(status)].(map[string]any)
	if !ok {
		return fmt.Errorf("status %d is not documented (body %s)", status, schemaTruncate(body))
	}
	if ref, ok := r["$ref"].(string); ok {
		base = ref
		name := strings.TrimPrefix(ref, "#/components/responses/")
		r = v.doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
	}
	if _, has := r["content"]; !has && len(body) == 0 {
		return nil // 204: documented without a body
	}
	ct, _, _ := mime.ParseMediaType(contentType)
	if _, ok := r["content"].(map[string]any)[ct]; !ok {
		return fmt.Errorf("status %d: content type %q is not documented", status, ct)
	}
	ptr := base + "/content/" + schemaPtrEscape(ct) + "/schema"
	sch, ok := v.cache[ptr]
	if !ok {
		var err error
		if sch, err = v.c.Compile(schemaURL + ptr); err != nil {
			return fmt.Errorf("compile %s: %w", ptr, err)
		}
		v.cache[ptr] = sch
	}
	if ct == "text/event-stream" {
		// The schema describes one event (Open API 3.1): each is checked,
		// its data against contentSchema (the compiler asserts content).
		for i, ev := range sseEvents(string(body)) {
			if err := sch.Validate(ev); err != nil {
				return fmt.Errorf("status %d: event #%d: %v", status, i, err)
			}
		}
		return nil
	}
	var inst any
	if ct == "text/plain" || ct == "text/csv" || ct == "application/yaml" {
		inst = string(body)
	} else {
		var err error
		if inst, err = jsonschema.UnmarshalJSON(bytes.NewReader(body)); err != nil {
			return fmt.Errorf("status %d: body is not JSON: %v", status, err)
		}
	}
	if err := sch.Validate(inst); err != nil {
		return fmt.Errorf("status %d: %v", status, err)
	}
	return nil
}

// sseEvents parses a Server-Sent Events body as a browser dispatches it:
// blank lines end events, comment lines are skipped, an event without data
// is not dispatched, event defaults to "message".
func sseEvents(body string) []any {
	var out []any
	cur := map[string]any{}
	var data []string
	flush := func() {
		if len(data) > 0 {
			if _, ok := cur["event"]; !ok {
				cur["event"] = "message"
			}
			cur["data"] = strings.Join(data, "\n")
			out = append(out, cur)
		}
		cur, data = map[string]any{}, nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, ":"):
		default:
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "data":
				data = append(data, value)
			case "retry":
				if n, err := strconv.Atoi(value); err == nil {
					cur["retry"] = json.Number(strconv.Itoa(n))
				}
			case "event", "id":
				cur[field] = value
			}
		}
	}
	flush()
	return out
}

func schemaTruncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

var schemaPathVar = regexp.MustCompile(`\{[a-z_]+\}`)

type vcase struct {
	method, target, body string
	want                 int // 0 = any documented status
}

func vget(target string) vcase {
	return vcase{method: http.MethodGet, target: target, want: http.StatusOK}
}

// TestSchemaValidatesResponses calls every operation of the route table
// against the real OpenSearch loaded with a small synthetic UK, and
// validates each response (successes and errors) against the OpenAPI
// document. A route without a case fails the test, so new routes need one.
func TestSchemaValidatesResponses(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	w := loadSynthWorld(t, osURL, prefix, 1500)
	now := w.Now
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	// Alerts write through a client of their own, as the server wires them.
	asvc := alerts.New(alerts.Config{Engine: searchClient(t, search.Config{URLs: []string{osURL}, RequestTimeout: alerts.EngineTimeout}),
		Redis: testenv.RedisClient(t), IndexPrefix: prefix, Namespace: testenv.RedisKeyPrefix(t)})
	srv := newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Now: func() time.Time { return now },
		Alerts: asvc, AlertStreamMax: 300 * time.Millisecond,
		Jobs: jobs.New(jobs.Config{Redis: testenv.RedisClient(t), Namespace: testenv.RedisKeyPrefix(t), Dir: t.TempDir()})})
	v := newSchemaValidator(t, srv)

	// A house in Exeter with an EPC, a title and a sale; its postcode and outcode.
	uprn, prop := w.find(t, mappings.IndexProperties, func(m map[string]any) bool {
		return m["lad_name"] == "Exeter" && m["epc_id"] != nil && m["title_no"] != nil && m["last_sold_date"] != nil &&
			m["property_type"] != "Flat" && m["building_number"] != nil
	})
	pc := prop["postcode"].(string)
	outcode := prop["outcode"].(string)
	loc := prop["location"].(map[string]any)
	lat, lng := fmt.Sprint(loc["lat"]), fmt.Sprint(loc["lon"])
	street := prop["street_name"].(string)
	bnum := fmt.Sprint(prop["building_number"])
	saleID, _ := w.find(t, mappings.IndexSales, func(m map[string]any) bool { return m["outcode"] == outcode || m["postcode"] == pc })
	listingID, _ := w.find(t, mappings.IndexListings, func(m map[string]any) bool { return m["is_live"] == true && m["outcode"] == outcode })
	eventID, _ := w.find(t, mappings.IndexSaleEvents, func(m map[string]any) bool { return true })
	boundaryID, _ := w.find(t, mappings.IndexBoundaries, func(m map[string]any) bool { return m["type"] == "lad" && m["name"] == "Exeter" })
	bbox := fmt.Sprintf("%f,%f,%f,%f", loc["lon"].(float64)-0.05, loc["lat"].(float64)-0.03, loc["lon"].(float64)+0.05, loc["lat"].(float64)+0.03)
	qpc := url.QueryEscape(pc)
	sparse := loadSparseDocs(t, w, osURL, prefix, prop)
	// The real OS Open Names sample (Shetland) for boundaries/places.
	loadOSNamesSample(t, osURL, prefix)
	const unst = "-0.95,60.70,-0.75,60.82"

	cases := map[string][]vcase{
		"service.ping":     {vget("/api/ping")},
		"service.health":   {{method: "GET", target: "/api/health"}},
		"service.schema":   {vget("/api/schema/"), vget("/api/v1/schema?format=yaml")},
		"account.usage":    {{method: "GET", target: "/api/account/usage", want: 401}}, // no gate here; a 200 below
		"address.find":     {vget("/api/address/find/?q=" + url.QueryEscape(bnum+" "+street)), vget("/api/address/find?q=" + qpc), {method: "GET", target: "/api/address/find?q=x", want: 422}},
		"address.postcode": {vget("/api/address/postcode/" + url.PathEscape(pc) + "/"), {method: "GET", target: "/api/address/postcode/EX1+1AE", want: 422}, {method: "GET", target: "/api/address/postcode/ZE9%209ZZ", want: 404}},
		"address.match": {vget("/api/address/match/?address=" + url.QueryEscape(bnum+" "+street) + "&postcode=" + qpc), vget("/api/address/match?address=99999+Nowhere&postcode=" + qpc),
			vget("/api/address/match?address=" + url.QueryEscape("Flat 1, "+bnum+" "+street)), vget("/api/address/match?address=x"),
			{method: "GET", target: "/api/address/match?address=x&postcode=nope", want: 422}, {method: "GET", target: "/api/address/match?address=%20", want: 422}},
		"council_tax.band_uprn": {vget("/api/council_tax_band/" + uprn + "/"), {method: "GET", target: "/api/council_tax_band/999999999999", want: 404}},
		"risks.layer": {vget("/api/risks/flood/surface_water/?uprn=" + uprn), vget("/api/risks/noise/road_noise?uprn=" + uprn),
			{method: "GET", target: "/api/risks/flood/lava/?uprn=" + uprn, want: 404}},
		"address.retrieve":  {vget("/api/address/retrieve/" + uprn + "/"), vget("/api/address/retrieve/" + uprn + "?level=property"), vget("/api/address/retrieve/" + uprn + "?level=full"), {method: "GET", target: "/api/address/retrieve/abc", want: 400}, {method: "GET", target: "/api/address/retrieve/1", want: 404}},
		"properties.get":    {vget("/api/properties/" + uprn), vget("/api/v1/properties/" + uprn + "/"), {method: "GET", target: "/api/properties/999999999999", want: 404}},
		"property.discover": {vget("/api/property/" + uprn + "/"), vget("/api/property/" + uprn + "?with=rooms,epc"), {method: "GET", target: "/api/property/" + uprn + "?with=nope"}},
		"epc.checker":       {vget("/api/epc-checker/" + uprn + "/")},
		"valuations.estimate": {vget("/api/valuations/estimate/?uprn=" + uprn), vget("/api/valuations/estimate/?uprn=" + uprn + "&type=rent"),
			{method: "GET", target: "/api/valuations/estimate/?uprn=" + uprn + "&type=lease", want: 400}},
		"flood.risk":              {vget("/api/flood-risk/?uprn=" + uprn)},
		"risks.get":               {vget("/api/risks/all/?uprn=" + uprn), vget("/api/risks/flood/?uprn=" + uprn), {method: "GET", target: "/api/risks/meteor/?uprn=" + uprn, want: 404}},
		"deprivation.get":         {vget("/api/deprivation/?postcode=" + qpc), {method: "GET", target: "/api/deprivation/?postcode=nope", want: 422}},
		"postcode.profile":        {vget("/api/postcode-profile?postcode=" + qpc)},
		"demographics.get":        {vget("/api/demographics/?postcode=" + qpc)},
		"broadband.get":           {vget("/api/broadband?postcode=" + qpc), {method: "GET", target: "/api/broadband", want: 422}},
		"prices.distribution":     {vget("/api/price_distributions/" + outcode + "/")},
		"prices.growth":           {vget("/api/price-growth/" + outcode + "/")},
		"prices.trends":           {vget("/api/price_trends/" + outcode + "/")},
		"comparables.get":         {vget("/api/comparables/" + uprn + "/")},
		"schools.nearby":          {vget("/api/schools/nearby?postcode=" + qpc + "&radius=3"), {method: "GET", target: "/api/schools/nearby?radius=9&postcode=" + qpc, want: 422}},
		"amenities.nearby":        {vget("/api/amenities/nearby?uprn=" + uprn + "&radius_km=3")},
		"solar.assessment":        {vget("/api/solar-assessment/" + uprn + "/")},
		"titles.get":              {vget("/api/property_lr_titles/" + uprn + "/")},
		"council_tax.band":        {vget("/api/council_tax_band/?postcode=" + qpc + "&building_number=" + url.QueryEscape(bnum)), {method: "GET", target: "/api/council_tax_band/?postcode=" + qpc, want: 422}},
		"council_tax.get":         {vget("/api/council_tax/" + uprn + "/")},
		"planning.search":         {vget("/api/planning/search/?lat=" + lat + "&lng=" + lng + "&radius_km=5&days=365")},
		"boundaries.autocomplete": {vget("/api/boundaries/autocomplete/?q=Exeter")},
		"boundaries.places":       {vget("/api/boundaries/places?bbox=" + unst), vget("/api/boundaries/places?type=street&limit=2&bbox=" + unst), vget("/api/boundaries/places?bbox=" + bbox), {method: "GET", target: "/api/boundaries/places", want: 422}},
		"boundaries.geometry":     {vget("/api/boundaries/" + boundaryID + "/geometry?simplify=50"), {method: "GET", target: "/api/boundaries/999999999/geometry", want: 404}},
		"listing_address.match":   {{method: "POST", target: "/api/listing-address/", body: `{"listing_id":"` + listingID + `"}`}},
		"crime.search":            {vget("/api/crime/?postcode=" + qpc)},
		"listed_buildings.search": {vget("/api/listed-buildings/?postcode=" + qpc + "&radius_km=5")},
		"amenities.list":          {vget("/api/amenities/?postcode=" + qpc)},
		"amenities.group":         {vget("/api/amenities/food/?postcode=" + qpc), {method: "GET", target: "/api/amenities/rockets/?postcode=" + qpc, want: 404}},
		"healthcare.list":         {vget("/api/healthcare/?lat=" + lat + "&lng=" + lng)},
		"healthcare.kind":         {vget("/api/healthcare/gps/?postcode=" + qpc)},
		"fuel.list":               {vget("/api/fuel-stations/?postcode=" + qpc + "&radius_km=10")},
		"fuel.kind":               {vget("/api/fuel-stations/ev/?postcode=" + qpc + "&radius_km=10")},
		"sales.list":              {vget("/api/property_sales/?uprn=" + uprn), vget("/api/property_sales/?id=" + saleID), {method: "GET", target: "/api/property_sales/", want: 400}},
		"listings.list":           {vget("/api/property_listings/?property=" + uprn), {method: "GET", target: "/api/property_listings/", want: 400}},
		"listings.get":            {vget("/api/property_listings/" + listingID + "/"), {method: "GET", target: "/api/property_listings/not-a-uuid/"}},
		"events.list":             {vget("/api/property_sale_events/?uprn=" + uprn), vget("/api/property_sale_events/?sale=" + saleID + "&ordering=date")},
		"events.get":              {vget("/api/property_sale_events/" + eventID + "/")},
		"live_listings.search":    {vget("/api/live-listings/search/?bbox=" + bbox), vget("/api/live-listings/search/?boundary_id=" + boundaryID + "&transaction_type=Sale&bedrooms=2&page_size=5"), {method: "GET", target: "/api/live-listings/search/?boundary_id=1&uprn=" + uprn, want: 422}},
		"live_listings.clusters":  {vget("/api/live-listings/clusters/?zoom=13&bbox=" + bbox), {method: "GET", target: "/api/live-listings/clusters/?bbox=" + bbox, want: 422}},
		"listings.export": {{method: "POST", target: "/api/listings/export", want: 200,
			body: `{"filters":{"postcode":"` + outcode + `","radius_miles":3},"format":"json","limit":20,"fields":["listing_id","address","price","bedrooms","lat","lng"]}`},
			{method: "POST", target: "/api/listings/export", body: `{"filters":{}}`, want: 422},
			{method: "POST", target: "/api/listings/export", body: `{"filters":{"boundary_id":999999999}}`, want: 404}},
		"calculators.stamp_duty": {vget("/api/calculators/stamp-duty/?price=300000"), vget("/api/calculators/stamp-duty/?price=300000&region=wales&buyer_type=additional_property"), {method: "GET", target: "/api/calculators/stamp-duty/?price=-1", want: 422}},
		// Alerts without a gate: no organisation, 401; with a key below.
		"alerts.create": {{method: "POST", target: "/api/alerts", body: `{"uprns":[1]}`, want: 401}},
		"alerts.list":   {{method: "GET", target: "/api/alerts", want: 401}},
		"alerts.stream": {{method: "GET", target: "/api/alerts/stream", want: 401}},
		"alerts.get":    {{method: "GET", target: "/api/alerts/alr_00", want: 401}},
		"alerts.update": {{method: "PATCH", target: "/api/alerts/alr_00", body: `{"enabled":false}`, want: 401}},
		"alerts.delete": {{method: "DELETE", target: "/api/alerts/alr_00", want: 401}},
		"alerts.test":   {{method: "POST", target: "/api/alerts/alr_00/test", want: 401}},
		// Jobs without a gate: no organisation, 401 (the keyed runs are in jobs_test.go).
		"jobs.address_match.create": {{method: "POST", target: "/api/v1/jobs/address-match", body: "address\n1 High St\n", want: 401}},
		"jobs.list":                 {{method: "GET", target: "/api/v1/jobs", want: 401}},
		"jobs.get":                  {{method: "GET", target: "/api/v1/jobs/job_00", want: 401}},
		"jobs.events":               {{method: "GET", target: "/api/v1/jobs/job_00/events", want: 401}},
		"jobs.results":              {{method: "GET", target: "/api/v1/jobs/job_00/results", want: 401}},
		"jobs.cancel":               {{method: "DELETE", target: "/api/v1/jobs/job_00", want: 401}},
		"calculators.mortgage":      {vget("/api/calculators/mortgage/?price=300000&deposit=30000&rate=4.5&term=25"), {method: "GET", target: "/api/calculators/mortgage/?price=100&deposit=200&rate=4&term=25", want: 422}},
		"embed.relay":               {{method: "GET", target: "/api/embed/v2/stamp-duty?price=300000"}},
		"embed.relay_op": {vget("/api/embed/v2/address-lookup/find?q=" + url.QueryEscape(bnum+" "+street)), vget("/api/embed/v2/address-lookup/retrieve?uprn=" + uprn),
			vget("/api/embed/v2/listing-map/clusters?zoom=13&bbox=" + bbox), vget("/api/embed/v2/listing-map/boundary?id=" + boundaryID), vget("/api/embed/v2/listing-map/places?bbox=" + unst),
			{method: "GET", target: "/api/embed/v2/listing-map/nope", want: 404}},
	}
	// Records as real sources leave them (blank BLM fields, a date-only
	// added_date, a portal name as source, an event without a date, an
	// area without a local rank): unknown is null, never "".
	cases["live_listings.search"] = append(cases["live_listings.search"], vget("/api/live-listings/search/?uprn="+sparse.listingUPRN))
	cases["listings.list"] = append(cases["listings.list"], vget("/api/property_listings/?uprn="+sparse.listingUPRN))
	cases["sales.list"] = append(cases["sales.list"], vget("/api/property_sales/?id="+sparse.saleID))
	cases["events.get"] = append(cases["events.get"], vget("/api/property_sale_events/"+sparse.eventID+"/"))
	cases["deprivation.get"] = append(cases["deprivation.get"], vget("/api/deprivation/?postcode="+url.QueryEscape(sparse.postcode)))
	for _, part := range []string{"rooms", "roof", "garden", "parking", "epc_renovations", "dimensions", "land", "construction", "epc"} {
		cases["properties.part"] = append(cases["properties.part"], vget("/api/properties/"+uprn+"/"+part+"/"))
	}
	for _, tier := range []string{"address", "base", "core", "complete"} {
		cases["property.tier"] = append(cases["property.tier"], vget("/api/property/"+uprn+"/"+tier+"/"))
	}

	// A sweep of bare and malformed calls of every route: whatever they
	// answer (mostly 4xx) must be a documented status with a valid body.
	for _, rt := range srv.Routes() {
		for _, fill := range []string{"0", "zz"} {
			target := "/api" + schemaPathVar.ReplaceAllString(rt.Path, fill)
			c := vcase{method: rt.Method, target: target}
			if rt.Method == http.MethodPost {
				c.body = "{}"
			}
			cases[rt.Name] = append(cases[rt.Name], c)
		}
	}

	var stubs []string
	for _, rt := range srv.Routes() {
		cs, ok := cases[rt.Name]
		if !ok {
			t.Errorf("%s: no validation case; add one to TestSchemaValidatesResponses", rt.Name)
			continue
		}
		t.Run(rt.Name, func(t *testing.T) {
			for _, c := range cs {
				var body *strings.Reader
				if c.body != "" {
					body = strings.NewReader(c.body)
				} else {
					body = strings.NewReader("")
				}
				req := httptest.NewRequest(c.method, c.target, body)
				if c.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				if rec.Code == http.StatusNotImplemented {
					stubs = append(stubs, rt.Name)
					t.Skipf("%s %s: 501, still a stub", c.method, c.target)
				}
				if c.want != 0 && rec.Code != c.want {
					t.Errorf("%s %s: status %d, want %d: %s", c.method, c.target, rec.Code, c.want, schemaTruncate(rec.Body.Bytes()))
				}
				if rec.Code >= 500 {
					t.Errorf("%s %s: status %d: %s", c.method, c.target, rec.Code, schemaTruncate(rec.Body.Bytes()))
					continue
				}
				if err := v.validate(rt.Name, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes()); err != nil {
					t.Errorf("%s %s: %v", c.method, c.target, err)
				}
				if rec.Code < 300 && rt.Name != "service.schema" { // the document itself is not data
					for _, e := range nullEmptyViolations(rec.Body.Bytes()) {
						t.Errorf("%s %s: %s", c.method, c.target, e)
					}
				}
			}
		})
	}
	// account.usage through a gate on the in-process store, with tokens,
	// plan calls and a 402: the body of each status is the documented one.
	t.Run("account.usage with a key", func(t *testing.T) {
		ctx := context.Background()
		svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
		org, _ := svc.CreateOrg(ctx, "Schema Ltd", 0)
		_, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanPayg})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddTokens(ctx, org.ID, "", 3, "keyctl:test", "schema"); err != nil {
			t.Fatal(err)
		}
		gated := newAPIServer(t, osURL, api.Options{IndexPrefix: prefix, Gate: gate.New(svc, gate.Options{}).Wrap, Accounts: svc})
		for _, c := range []struct {
			name, target string
			want         int
		}{
			{"properties.get", "/api/properties/" + uprn, 200},
			{"address.retrieve", "/api/address/retrieve/" + uprn, 402},
			{"account.usage", "/api/account/usage", 200},
		} {
			req := httptest.NewRequest(http.MethodGet, c.target, nil)
			req.Header.Set("Authorization", "Api-Key "+secret)
			rec := httptest.NewRecorder()
			gated.ServeHTTP(rec, req)
			if rec.Code != c.want {
				t.Fatalf("%s: %d, want %d: %s", c.target, rec.Code, c.want, schemaTruncate(rec.Body.Bytes()))
			}
			if err := v.validate(c.name, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes()); err != nil {
				t.Errorf("%s: %v", c.target, err)
			}
		}
	})
	// Alerts through a gate: every operation's success and main errors.
	t.Run("alerts with a key", func(t *testing.T) {
		ctx := context.Background()
		svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
		org, _ := svc.CreateOrg(ctx, "Alerts Ltd", 0)
		_, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: ratelimit.PlanEnterprise})
		if err != nil {
			t.Fatal(err)
		}
		gated := newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Gate: gate.New(svc, gate.Options{}).Wrap,
			Alerts: asvc, AlertStreamMax: 300 * time.Millisecond})
		call := func(name, method, target, body string, want int) []byte {
			var rd *strings.Reader
			if body != "" {
				rd = strings.NewReader(body)
			} else {
				rd = strings.NewReader("")
			}
			req := httptest.NewRequest(method, target, rd)
			req.Header.Set("Authorization", "Api-Key "+secret)
			if body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			rec := httptest.NewRecorder()
			gated.ServeHTTP(rec, req)
			if rec.Code != want {
				t.Fatalf("%s %s: %d, want %d: %s", method, target, rec.Code, want, schemaTruncate(rec.Body.Bytes()))
			}
			if err := v.validate(name, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes()); err != nil {
				t.Errorf("%s %s: %v", method, target, err)
			}
			return rec.Body.Bytes()
		}
		var created struct {
			ID string `json:"id"`
		}
		b := call("alerts.create", "POST", "/api/alerts", `{"name":"Exeter","filters":{"boundary_id":`+boundaryID+`,"max_price":300000,"property_type":["Flat","Terraced"]},"uprns":[`+uprn+`]}`, 201)
		if err := json.Unmarshal(b, &created); err != nil || created.ID == "" {
			t.Fatalf("created: %s", b)
		}
		call("alerts.create", "POST", "/api/alerts", `{"filters":{"bedrooms":-1}}`, 422)
		call("alerts.list", "GET", "/api/alerts/", "", 200)
		call("alerts.get", "GET", "/api/alerts/"+created.ID, "", 200)
		call("alerts.update", "PATCH", "/api/alerts/"+created.ID, `{"enabled":false,"events":["sold_stc"]}`, 200)
		call("alerts.test", "POST", "/api/alerts/"+created.ID+"/test", "", 200)
		call("alerts.stream", "GET", "/api/alerts/stream?last_event_id=0", "", 200)
		call("alerts.stream", "GET", "/api/alerts/stream?last_event_id=yesterday", "", 422)
		call("alerts.stream", "GET", "/api/alerts/stream?last_event_id=", "", 422)
		// The header wins, but a malformed query form is still refused.
		req := httptest.NewRequest(http.MethodGet, "/api/alerts/stream?last_event_id=null", nil)
		req.Header.Set("Authorization", "Api-Key "+secret)
		req.Header.Set("Last-Event-ID", "0")
		rec := httptest.NewRecorder()
		gated.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("Last-Event-ID 0 with last_event_id=null: %d, want 422", rec.Code)
		}
		call("alerts.delete", "DELETE", "/api/alerts/"+created.ID, "", 204)
		call("alerts.get", "GET", "/api/alerts/"+created.ID, "", 404)
	})
	// Documented bounds and enums are enforced, and documented defaults are
	// accepted: each query parameter of each operation, added to the
	// operation's first successful case.
	t.Run("parameter bounds", func(t *testing.T) {
		for _, rt := range srv.Routes() {
			var base *vcase
			for i, c := range cases[rt.Name] {
				if c.want == http.StatusOK && c.method == http.MethodGet {
					base = &cases[rt.Name][i]
					break
				}
			}
			if base == nil {
				continue
			}
			for _, p := range v.parameters(rt.Name) {
				if p.in != "query" || p.name == "format" {
					continue
				}
				var bad []string
				if p.max != nil {
					bad = append(bad, fmt.Sprint(*p.max+1))
				}
				if p.min != nil {
					bad = append(bad, fmt.Sprint(*p.min-1))
				}
				if len(p.enum) > 0 && p.typ == "string" {
					bad = append(bad, "zz-not-a-value")
				}
				for _, b := range bad {
					target := withParam(base.target, p.name, b)
					rec := httptest.NewRecorder()
					srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
					if rec.Code == http.StatusNotImplemented {
						break
					}
					if rec.Code != http.StatusUnprocessableEntity && rec.Code != http.StatusBadRequest {
						t.Errorf("%s: %s=%s is outside the documented bounds but got %d", rt.Name, p.name, b, rec.Code)
					}
				}
				needs := false
				for _, r := range p.requires {
					needs = needs || !strings.Contains(base.target, fmt.Sprint(r)+"=")
				}
				if p.def != nil && !needs {
					target := withParam(base.target, p.name, fmt.Sprint(p.def))
					rec := httptest.NewRecorder()
					srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
					if rec.Code != http.StatusOK && rec.Code != http.StatusNotImplemented {
						t.Errorf("%s: documented default %s=%v refused: %d %s", rt.Name, p.name, p.def, rec.Code, schemaTruncate(rec.Body.Bytes()))
					}
				}
			}
		}
	})

	for name := range cases {
		if !hasRoute(srv, name) {
			t.Errorf("case for %s, which is not a route", name)
		}
	}
	if len(stubs) > 0 {
		sort.Strings(stubs)
		t.Logf("still stubs (501), not validated: %s", strings.Join(stubs, ", "))
	}
}

// sparseDocs names the records loadSparseDocs added.
type sparseDocs struct {
	listingUPRN, saleID, eventID, postcode string
}

// loadSparseDocs adds records shaped as real sources leave them: a live
// listing as the BLM importer writes one (blank optional fields, a
// date-only added_date, the portal's name as source) at a property that
// has listings, a sale event without a date, and a deprivation record
// without a local-authority rank for the LSOA of prop.
func loadSparseDocs(t *testing.T, w *synthWorld, osURL, prefix string, prop map[string]any) sparseDocs {
	t.Helper()
	var out sparseDocs
	copyDoc := func(m map[string]any) map[string]any {
		c := map[string]any{}
		for k, v := range m {
			c[k] = v
		}
		return c
	}
	_, tmpl := w.find(t, mappings.IndexListings, func(m map[string]any) bool { return m["is_live"] == true && m["property_uprn"] != nil })
	l := copyDoc(tmpl)
	id := "5a0e5e00-0000-4000-8000-000000000001"
	l["id"] = id
	for _, k := range []string{"listing_id", "branch_id", "ownership", "description", "agent_name", "listing_property_type"} {
		l[k] = ""
	}
	l["added_date"], l["source"] = w.Now.AddDate(0, 0, -3).Format("2006-01-02"), "Rightmove"
	fixture.Load(t, osURL, prefix, mappings.IndexListings, map[string]any{id: l})
	out.listingUPRN = jsonInt(tmpl["property_uprn"])

	_, ev := w.find(t, mappings.IndexSaleEvents, func(m map[string]any) bool { return m["sale"] != nil })
	saleID := jsonInt(ev["sale"])
	e := copyDoc(ev)
	delete(e, "date")
	e["id"] = 990000001
	fixture.Load(t, osURL, prefix, mappings.IndexSaleEvents, map[string]any{"990000001": e})
	out.saleID, out.eventID = saleID, "990000001"

	lsoaID, dep := w.find(t, mappings.IndexDeprivation, func(m map[string]any) bool { return m["lsoa_code"] == prop["lsoa_code"] })
	d := copyDoc(dep)
	delete(d, "lad_rank")
	delete(d, "lad_count")
	fixture.Load(t, osURL, prefix, mappings.IndexDeprivation, map[string]any{lsoaID: d})
	out.postcode = fmt.Sprint(prop["postcode"])
	return out
}

// docParam is a parameter of an operation as documented.
type docParam struct {
	name, in, typ string
	min, max      *float64
	enum          []any
	def           any
	requires      []any // x-requires: parameters it only applies with
}

// parameters lists the documented parameters of an operation (references resolved).
func (v *schemaValidator) parameters(op string) []docParam {
	pm := v.ops[op]
	o := v.doc["paths"].(map[string]any)[pm[0]].(map[string]any)[pm[1]].(map[string]any)
	comps := v.doc["components"].(map[string]any)["parameters"].(map[string]any)
	var out []docParam
	list, _ := o["parameters"].([]any)
	for _, p := range list {
		m := p.(map[string]any)
		if ref, ok := m["$ref"].(string); ok {
			m = comps[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
		}
		sch, _ := m["schema"].(map[string]any)
		dp := docParam{name: fmt.Sprint(m["name"]), in: fmt.Sprint(m["in"]), typ: fmt.Sprint(sch["type"]), def: sch["default"]}
		if f, ok := sch["minimum"].(float64); ok {
			dp.min = &f
		}
		if f, ok := sch["maximum"].(float64); ok {
			dp.max = &f
		}
		dp.enum, _ = sch["enum"].([]any)
		dp.requires, _ = m["x-requires"].([]any)
		out = append(out, dp)
	}
	return out
}

// withParam sets one query parameter of a target URL.
func withParam(target, name, value string) string {
	u, _ := url.Parse(target)
	q := u.Query()
	q.Set(name, value)
	u.RawQuery = q.Encode()
	return u.String()
}

func hasRoute(srv *api.Server, name string) bool {
	for _, rt := range srv.Routes() {
		if rt.Name == name {
			return true
		}
	}
	return false
}
