package api

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

func TestProfileFreePlanSummary(t *testing.T) {
	var indices []string
	fb := &fakeBackend{
		GetFn: docsGet(t, areaDocs()),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			indices = nil
			for _, it := range items {
				indices = append(indices, it.Index)
			}
			return emptyMSearch(items)
		},
	}
	fb.T = t
	gate := func(plan string) func(rt *Route, next http.Handler) http.Handler {
		return func(rt *Route, next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				CallInfoFrom(r.Context()).Plan = plan
				next.ServeHTTP(w, r)
			})
		}
	}
	for _, tc := range []struct {
		plan      string
		wantSales bool
		wantMode  string
	}{{ratelimit.PlanFree, false, "summary"}, {ratelimit.PlanStarter, true, "full"}, {"", true, "full"}} {
		s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Gate: gate(tc.plan)})
		rec := do(t, s, http.MethodGet, "/api/postcode-profile?postcode=EX1+1AE", "")
		if rec.Code != 200 {
			t.Fatalf("plan %q: %d %s", tc.plan, rec.Code, rec.Body)
		}
		var b map[string]json.RawMessage
		_ = json.Unmarshal(rec.Body.Bytes(), &b)
		hasSales := strings.Contains(strings.Join(indices, ","), mappings.IndexSales)
		if hasSales != tc.wantSales || string(b["detail"]) != `"`+tc.wantMode+`"` || (string(b["sold_prices"]) == "null") == tc.wantSales {
			t.Errorf("plan %q: sales queried %v, detail %s, sold_prices %s", tc.plan, hasSales, b["detail"], b["sold_prices"])
		}
	}
}

// Datasets that are not loaded leave their sections null with a
// coverage entry; the profile is still 200 (never 503).
func TestProfileCoverageWhenDatasetsAreMissing(t *testing.T) {
	fb := &fakeBackend{
		GetFn: docsGet(t, areaDocs()),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			res, _ := emptyMSearch(items)
			for i, it := range items {
				if !it.AllowMissing {
					t.Errorf("profile item %s fails the whole answer when missing", it.Index)
				}
				if it.Index != mappings.IndexDeprivation {
					res[i] = &search.Response{Missing: it.Index}
				}
			}
			return res, nil
		},
	}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/postcode-profile?postcode=EX1+1AE", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var b profileResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	why := map[string]string{}
	for _, c := range b.Coverage {
		why[c.Section] = c.Status + " " + c.Dataset
	}
	want := map[string]string{
		"deprivation": "no_data deprivation", "broadband": "dataset_not_loaded broadband", "census": "dataset_not_loaded census",
		"sold_prices": "dataset_not_loaded sales", "schools": "dataset_not_loaded schools", "transport": "dataset_not_loaded amenities",
		"environmental_risk": "dataset_not_loaded risk_areas", "properties": "dataset_not_loaded properties",
		"council_tax": "dataset_not_loaded properties", "hpi": "not_applicable hpi",
	}
	for sec, w := range want {
		if why[sec] != w {
			t.Errorf("%s: coverage %q, want %q", sec, why[sec], w)
		}
	}
	if len(b.Coverage) != len(want) {
		t.Errorf("coverage %+v", b.Coverage)
	}
}

// TestProfileRequestsAndSections checks the pure parts of the postcode
// profile: which searches a postcode record and a plan's detail ask for,
// and that a section whose response is missing stays null.
func TestProfileRequestsAndSections(t *testing.T) {
	pc, _ := mappings.ParsePostcode("EX1 1AE")
	now := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	keysOf := func(rs profileRequests) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.key)
		}
		return out
	}
	full := &mappings.Postcode{LSOACode: "E01", MSOACode: "E02", LADCode: "E07", Region: "South West", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}}
	got := keysOf(newProfileInput(pc, full, profileDetailFor(ratelimit.PlanStarter), now).requests())
	want := []string{profileKeyDeprivation, profileKeyBroadband, profileKeyCensus, profileKeySales, profileKeySchools, profileKeyTransport, profileKeyTransportLoaded,
		profileKeyRiskHazards, profileKeyRiskCoverage, profileKeyProperties, profileKeyCouncilTax, profileKeyHPI}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("full plan asks %v, want %v", got, want)
	}
	if got := keysOf(newProfileInput(pc, full, profileDetailFor(ratelimit.PlanFree), now).requests()); strings.Contains(strings.Join(got, ","), profileKeySales) {
		t.Errorf("Free plan asks for sales: %v", got)
	}
	bare := &mappings.Postcode{}
	got = keysOf(newProfileInput(pc, bare, profileFull, now).requests())
	if want := []string{profileKeyBroadband, profileKeySales, profileKeyProperties}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("postcode without codes or location asks %v, want %v", got, want)
	}

	in := newProfileInput(pc, full, profileSummary, now)
	if ymd(in.salesFrom) != "2025-11-25" || ymd(in.salesTo) != "2026-11-25" || ymd(in.monthStart) != "2026-11-01" {
		t.Errorf("windows: sales %s..%s, month %s", ymd(in.salesFrom), ymd(in.salesTo), ymd(in.monthStart))
	}
	out, err := buildProfile(in, map[string]*search.Response{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Plan != profileSummary || len(out.Notes) != 1 || out.Location == nil {
		t.Errorf("summary profile: plan %q, notes %v, location %v", out.Plan, out.Notes, out.Location)
	}
	if out.Deprivation != nil || out.SoldPrices != nil || out.Schools != nil || out.Properties != nil || out.CouncilTax != nil || out.HPI != nil || out.EnvironmentalRisk != nil {
		t.Errorf("sections without responses are not null: %+v", out)
	}
}

// TestProfileNoLSOAReason: a Code-Point Open postcode (no LSOA in the
// source) is not told "IMD covers England only"; the reason names the
// source and the dataset that supplies the LSOA.
func TestProfileNoLSOAReason(t *testing.T) {
	var out profileResponse
	pd := &mappings.Postcode{Postcode: "EX1 1AE", Country: "E", Source: "codepoint"}
	applyCoverage(&out, pd, nil, map[string]*search.Response{}, map[string]bool{})
	var reason string
	for _, c := range out.Coverage {
		if c.Section == "deprivation" {
			reason = c.Status + ": " + c.Reason
		}
	}
	if !strings.Contains(reason, "not_applicable") || !strings.Contains(reason, "Code-Point Open") || !strings.Contains(reason, "nspl") || strings.Contains(reason, "England only") {
		t.Errorf("Code-Point postcode without LSOA: %q", reason)
	}
	for country, want := range map[string]string{"W": "Wales: IMD 2019 covers England only", "S": "Scotland", "N": "Northern Ireland"} {
		if got := noLSOAReason(&mappings.Postcode{Country: country, Source: "codepoint"}); !strings.Contains(got, want) {
			t.Errorf("%s: %q", country, got)
		}
	}
	if got := noLSOAReason(&mappings.Postcode{Country: "E", Source: "onspd"}); strings.Contains(got, "England only") || !strings.Contains(got, "onspd") {
		t.Errorf("onspd record without LSOA: %q", got)
	}
}
