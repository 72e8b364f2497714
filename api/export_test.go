package api

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/internal/memtest"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// exportListing is row i of the fake market: ids sort ascending, added
// dates descending, so row order is 0, 1, 2, ...
func exportListing(i int) mappings.Listing {
	l := mappings.Listing{ID: fmt.Sprintf("%08d", i), ListingID: fmt.Sprintf("L%d", i), DisplayAddress: fmt.Sprintf("%d Export Street", i),
		Postcode: "EX1 1AA", LatestPrice: int64(200000 + i), Bedrooms: 2, PropertyType: "Flat", LatestStatus: "For sale",
		AddedDate: "2025-05-22T10:00:00Z", AgentName: "Agent", Reductions: 1, Location: &mappings.GeoPoint{Lat: 50.7, Lon: -3.5}}
	if i == 0 {
		l.DisplayAddress = "=HYPERLINK(\"http://x\")"
		l.AgentName = "@agent"
	}
	if i == 1 {
		l.DisplayAddress = "\tTabbed"
		l.AgentName = "-1+2"
	}
	return l
}

// exportBackend serves n listings through OpenPIT/SearchPIT with from,
// size and search_after as the engine does.
func exportBackend(t testing.TB, n int, pages *int) *fakeBackend {
	return &fakeBackend{
		OpenPITFn: func(index string) (string, error) {
			if index != mappings.IndexListings {
				t.Errorf("PIT on %s", index)
			}
			return "pit-1", nil
		},
		SearchPITFn: func(body any) (*search.Response, error) {
			if pages != nil {
				*pages++
			}
			b := body.(map[string]any)
			size := b["size"].(int)
			start := 0
			if f, ok := b["from"].(int); ok {
				start = f
			}
			if after, ok := b["search_after"].([]any); ok {
				var id string
				if err := json.Unmarshal(after[1].(json.RawMessage), &id); err != nil {
					t.Fatalf("search_after %v: %v", after, err)
				}
				fmt.Sscanf(id, "%d", &start)
				start++
			}
			res := &search.Response{PitID: "pit-1"}
			res.Hits.Total.Value = int64(n)
			withSource := b["_source"] != false
			for i := start; i < n && i < start+size; i++ {
				h := search.Hit{ID: fmt.Sprintf("%08d", i), Sort: []json.RawMessage{json.RawMessage(fmt.Sprint(1_000_000_000 - i)), json.RawMessage(fmt.Sprintf("%q", fmt.Sprintf("%08d", i)))}}
				if withSource {
					src, _ := json.Marshal(exportListing(i))
					h.Source = src
				}
				res.Hits.Hits = append(res.Hits.Hits, h)
			}
			return res, nil
		},
		CountFn: func(index string, body any) (int64, error) {
			if strings.Contains(bodyJSON(t, body), `"42"`) {
				return 1, nil
			}
			return 0, nil
		},
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			if index == mappings.IndexPostcodes && id == "EX1 1AA" {
				return mustJSON(t, mappings.Postcode{Postcode: "EX1 1AA", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}}), true, nil
			}
			return nil, false, nil
		},
	}
}

func postExport(t testing.TB, s http.Handler, body, contentType string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/api/listings/export", strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

func TestExportErrors(t *testing.T) {
	var w int
	s := gated(t, exportBackend(t, 5, nil), ratelimit.PlanGrowth, &w)
	scope := `"filters":{"postcode":"EX1"}`
	tests := []struct {
		name, body, ct string
		status         int
		code, mention  string
	}{
		{"empty body", "", "application/json", 400, CodeBadRequest, ""},
		{"malformed JSON", `{"filters":`, "application/json", 400, CodeBadRequest, ""},
		{"trailing data", `{` + scope + `} {}`, "application/json", 400, CodeBadRequest, ""},
		{"not JSON media type", `{` + scope + `}`, "text/plain", 415, CodeUnsupportedMedia, ""},
		{"too large", `{` + scope + `,"fields":["` + strings.Repeat("a", MaxExportBody) + `"]}`, "application/json", 413, CodeRequestTooLarge, ""},
		{"unknown top-level field", `{` + scope + `,"sort":"x"}`, "application/json", 422, CodeInvalidParams, "sort"},
		{"unknown filter", `{"filters":{"postcode":"EX1","colour":"red"}}`, "application/json", 422, CodeInvalidParams, "colour"},
		{"wrong type", `{"filters":{"postcode":"EX1","min_price":"cheap"}}`, "application/json", 422, CodeInvalidParams, "min_price"},
		{"no filters", `{}`, "application/json", 422, CodeInvalidParams, "filters"},
		{"no geographic scope", `{"filters":{"min_price":1}}`, "application/json", 422, CodeInvalidParams, "geographic scope"},
		{"two scopes", `{"filters":{"postcode":"EX1","boundary_id":42}}`, "application/json", 422, CodeInvalidParams, "one geographic scope"},
		{"lat without lng", `{"filters":{"lat":50}}`, "application/json", 422, CodeInvalidParams, "lat"},
		{"lat out of range", `{"filters":{"lat":95,"lng":0}}`, "application/json", 422, CodeInvalidParams, "lat"},
		{"radius too small", `{"filters":{"lat":50,"lng":0,"radius_miles":0.05}}`, "application/json", 422, CodeInvalidParams, "radius_miles"},
		{"radius too large", `{"filters":{"lat":50,"lng":0,"radius_miles":26}}`, "application/json", 422, CodeInvalidParams, "radius_miles"},
		{"bad postcode", `{"filters":{"postcode":"NOT A PC"}}`, "application/json", 422, CodeInvalidPostcode, ""},
		{"unknown postcode", `{"filters":{"postcode":"ZZ9 9ZZ"}}`, "application/json", 404, CodeNotFound, ""},
		{"unknown boundary", `{"filters":{"boundary_id":7}}`, "application/json", 404, CodeNotFound, ""},
		{"bad boundary", `{"filters":{"boundary_id":-7}}`, "application/json", 422, CodeInvalidParams, "boundary_id"},
		{"unknown export field", `{` + scope + `,"fields":["price","secret_sauce"]}`, "application/json", 422, CodeInvalidParams, "secret_sauce"},
		{"empty fields", `{` + scope + `,"fields":[]}`, "application/json", 422, CodeInvalidParams, "fields"},
		{"bad format", `{` + scope + `,"format":"xml"}`, "application/json", 422, CodeInvalidParams, "format"},
		{"limit zero", `{` + scope + `,"limit":0}`, "application/json", 422, CodeInvalidParams, "limit"},
		{"negative offset", `{` + scope + `,"offset":-1}`, "application/json", 422, CodeInvalidParams, "offset"},
		{"inverted prices", `{"filters":{"postcode":"EX1","min_price":5,"max_price":1}}`, "application/json", 422, CodeInvalidParams, "min_price"},
		{"bad property type", `{"filters":{"postcode":"EX1","property_type":["Castle"]}}`, "application/json", 422, CodeInvalidParams, "Castle"},
		{"bad transaction type", `{"filters":{"postcode":"EX1","transaction_type":"Lease"}}`, "application/json", 422, CodeInvalidParams, "transaction_type"},
		{"bad listed_since", `{"filters":{"postcode":"EX1","listed_since":"May"}}`, "application/json", 422, CodeInvalidParams, "listed_since"},
		{"negative min_dom", `{"filters":{"postcode":"EX1","min_dom":-3}}`, "application/json", 422, CodeInvalidParams, "min_dom"},
		{"inverted bedrooms", `{"filters":{"postcode":"EX1","bedrooms_min":4,"bedrooms_max":2}}`, "application/json", 422, CodeInvalidParams, "bedrooms_min"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := postExport(t, s, tc.body, tc.ct)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := errorCode(t, rec); got != tc.code {
				t.Errorf("code %q, want %q", got, tc.code)
			}
			if !strings.Contains(rec.Body.String(), tc.mention) {
				t.Errorf("message does not name %q: %s", tc.mention, rec.Body)
			}
		})
	}
}

func TestExportCSV(t *testing.T) {
	var weight int
	s := gated(t, exportBackend(t, 25, nil), ratelimit.PlanGrowth, &weight)
	rec := postExport(t, s, `{"filters":{"postcode":"EX1 1AA","radius_miles":2},"fields":["listing_id","address","price","agent","dom","lng","has_address_match"],"limit":13}`, "application/json")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("content type %q", ct)
	}
	rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 14 || strings.Join(rows[0], ",") != "listing_id,address,price,agent,dom,lng,has_address_match" {
		t.Fatalf("got %d rows, header %v", len(rows), rows[0])
	}
	if rows[1][1] != `'=HYPERLINK("http://x")` || rows[1][3] != "'@agent" || rows[2][1] != "'\tTabbed" || rows[2][3] != "'-1+2" {
		t.Errorf("formula cells not neutralised: %q %q", rows[1], rows[2])
	}
	// dom: added 2025-05-22, today 2025-06-01; lng stays a plain number.
	if rows[3][0] != "L2" || rows[3][2] != "200002" || rows[3][4] != "10" || rows[3][5] != "-3.5" || rows[3][6] != "false" {
		t.Errorf("row %q", rows[3])
	}
	if weight != 2 {
		t.Errorf("weight %d, want 2 (13 rows)", weight)
	}
	if rec.Header().Get("X-Export-Rows") != "13" || rec.Header().Get("X-Total-Results") != "25" {
		t.Errorf("headers %v", rec.Header())
	}
}

type exportJSON struct {
	Status   string           `json:"status"`
	Total    int64            `json:"total_results"`
	Returned int              `json:"returned"`
	Offset   int              `json:"offset"`
	Format   string           `json:"format"`
	Calls    int              `json:"api_calls_used"`
	Data     []map[string]any `json:"data"`
}

func TestExportJSON(t *testing.T) {
	tests := []struct {
		name                   string
		plan                   string
		n                      int
		body                   string
		returned, calls, pages int
		firstID                string
	}{
		{"growth cap over pages", ratelimit.PlanGrowth, 1500, `{"filters":{"postcode":"EX1"},"format":"json","limit":1000}`, 1000, 100, 2, "L0"},
		{"default limit is the plan cap", ratelimit.PlanGrowth, 700, `{"filters":{"postcode":"EX1"},"format":"json"}`, 700, 70, 2, "L0"},
		{"no gate is the pro cap", "", 6000, `{"filters":{"lat":50.7,"lng":-3.5},"format":"json","limit":5000}`, 5000, 500, 10, "L0"},
		{"offset", ratelimit.PlanPro, 30, `{"filters":{"postcode":"EX1"},"format":"json","offset":28,"limit":10}`, 2, 1, 1, "L28"},
		{"offset past the end", ratelimit.PlanPro, 30, `{"filters":{"boundary_id":42},"format":"json","offset":40}`, 0, 1, 1, ""},
		{"offset beyond the result window", ratelimit.PlanPro, 10_700, `{"filters":{"postcode":"EX1"},"format":"json","offset":10200,"limit":600}`, 500, 50, 3, "L10200"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var weight, pages int
			s := gated(t, exportBackend(t, tc.n, &pages), tc.plan, &weight)
			rec := postExport(t, s, tc.body, "")
			if rec.Code != 200 {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			var got exportJSON
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("%v: %.300s", err, rec.Body)
			}
			if got.Status != "success" || got.Total != int64(tc.n) || got.Returned != tc.returned || len(got.Data) != tc.returned ||
				got.Calls != tc.calls || weight != tc.calls || got.Format != "json" {
				t.Errorf("got status %s total %d returned %d rows %d calls %d weight %d", got.Status, got.Total, got.Returned, len(got.Data), got.Calls, weight)
			}
			if pages != tc.pages {
				t.Errorf("%d engine pages, want %d", pages, tc.pages)
			}
			if tc.firstID != "" {
				want := strings.TrimPrefix(tc.firstID, "L") + " Export Street"
				if tc.firstID == "L0" {
					want = exportListing(0).DisplayAddress // JSON is not a spreadsheet: no quote prefix
				}
				if len(got.Data) == 0 || got.Data[0]["address"] != want {
					t.Errorf("first row is not %s: %v", tc.firstID, got.Data[:min(1, len(got.Data))])
				}
			}
			// Keys come in the default field order.
			if len(got.Data) > 0 && !strings.Contains(rec.Body.String(), `{"address":`) {
				t.Errorf("row key order: %.200s", rec.Body)
			}
			if !strings.HasSuffix(strings.TrimSpace(rec.Body.String()), fmt.Sprintf(`],"api_calls_used":%d}`, tc.calls)) {
				t.Errorf("api_calls_used does not close the body")
			}
		})
	}
}

func TestExportWeightAndCaps(t *testing.T) {
	for rows, want := range map[int]int{0: 1, 1: 1, 10: 1, 11: 2, 1000: 100, 4999: 500} {
		if got := ExportWeight(rows); got != want {
			t.Errorf("ExportWeight(%d) = %d, want %d", rows, got, want)
		}
	}
	for plan, want := range map[string]int{ratelimit.PlanGrowth: 1000, ratelimit.PlanPro: 5000, ratelimit.PlanScale: 5000, "": 5000, ratelimit.PlanEnterprise: ExportCapEnterpriseDefault} {
		if got := ExportCap(plan, 0); got != want {
			t.Errorf("ExportCap(%q) = %d, want %d", plan, got, want)
		}
	}
	if ExportCap(ratelimit.PlanEnterprise, 123456) != 123456 {
		t.Error("enterprise cap not configurable")
	}
	for in, want := range map[string]string{"=1+1": "'=1+1", "+44": "'+44", "-2": "'-2", "@SUM": "'@SUM", "\tx": "'\tx", "\rx": "'\rx", "\x01x": "'\x01x", "Flat 1": "Flat 1", "": ""} {
		if got := NeutraliseCell(in); got != want {
			t.Errorf("NeutraliseCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkExport exports 5,000 and 50,000 rows (10 and 100 engine pages)
// through the handler over a fake engine and reports the peak heap in use
// while streaming: flat memory means the two peaks are alike although one
// export is ten times the other.
func BenchmarkExport(b *testing.B) {
	for _, tc := range []struct {
		rows   int
		plan   string
		format string
	}{{5000, ratelimit.PlanPro, "csv"}, {50_000, ratelimit.PlanEnterprise, "csv"}, {5000, ratelimit.PlanPro, "json"}, {50_000, ratelimit.PlanEnterprise, "json"}} {
		b.Run(fmt.Sprintf("%s_%d_rows", tc.format, tc.rows), func(b *testing.B) {
			var weight int
			s := gated(b, exportBackend(b, tc.rows, nil), tc.plan, &weight)
			body := fmt.Sprintf(`{"filters":{"postcode":"EX1"},"format":%q,"limit":%d,"fields":["listing_id","address","postcode","price","bedrooms","dom","lat","lng","agent"]}`, tc.format, tc.rows)
			var peak uint64
			runtime.GC()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				pw := memtest.NewPeakWriter()
				req := httptest.NewRequest(http.MethodPost, "/api/listings/export", strings.NewReader(body))
				s.ServeHTTP(pw, req)
				if weight != tc.rows/10 {
					b.Fatalf("weight %d", weight)
				}
				peak = max(peak, pw.Peak())
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(tc.rows), "rows/op")
		})
	}
}
