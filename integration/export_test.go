//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/calc"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/internal/memtest"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// expListings is the export market: n live listings around EX1 1AA spread
// over ±0.02° lat and ±0.03° lon, plus live listings in London and
// listings that are off the market (neither may be exported from EX1).
func expListings(n int) []mappings.Listing {
	types := []string{"Detached", "Semi-Detached", "Terraced", "Flat", "Bungalow"}
	var out []mappings.Listing
	for i := 0; i < n; i++ {
		l := mappings.Listing{
			ID: fmt.Sprintf("e0000000-0000-4000-8000-%012d", i), ListingID: fmt.Sprintf("X%d", i), Agent: 7, AgentName: "Exeter Homes", AgentBranch: "City",
			UPRN: int64(400000000 + i), HasAddressMatch: i%3 == 0, DisplayAddress: fmt.Sprintf("%d Export Street, Exeter", i), Postcode: "EX1 1AA", Outcode: "EX1",
			TransactionType: "Sale", LatestStatus: "For sale", LatestPrice: int64(100000 + 100*i), OriginalPrice: int64(110000 + 100*i), Reductions: i % 3,
			Source: "Portal A", Bedrooms: 1 + i%5, Bathrooms: 1 + i%2, PropertyType: types[i%5], IsNewBuild: i%7 == 0, IsLive: true,
			AddedDate: marketNow.AddDate(0, 0, -(i % 200)).Format(time.RFC3339), ConstructionAge: "1930-1949",
			Location: &mappings.GeoPoint{Lat: 50.70 + float64(i%41)*0.001, Lon: -3.56 + float64((i*7)%61)*0.001},
		}
		if i%10 == 9 {
			l.TransactionType, l.LatestStatus, l.LatestPrice = "Rental", "To let", int64(900+i)
		}
		switch i {
		case 0:
			l.DisplayAddress = `=cmd|' /C calc'!A0`
		case 1:
			l.AgentName = "+44 1392 000000"
		case 2:
			l.AgentBranch = "@SUM(1+1)"
		case 3:
			l.DisplayAddress = "-2+3"
		case 4:
			l.AgentName = "\tTabbed\r"
		}
		out = append(out, l)
	}
	for i := 0; i < 40; i++ {
		out = append(out, mappings.Listing{ID: fmt.Sprintf("f0000000-0000-4000-8000-%012d", i), DisplayAddress: "London", Postcode: "SW1A 1AA", Outcode: "SW1A",
			TransactionType: "Sale", LatestPrice: 900000, IsLive: true, PropertyType: "Flat", AddedDate: marketNow.Format(time.RFC3339),
			Location: &mappings.GeoPoint{Lat: 51.50, Lon: -0.14}})
		out = append(out, mappings.Listing{ID: fmt.Sprintf("d0000000-0000-4000-8000-%012d", i), DisplayAddress: "Gone", Postcode: "EX1 1AA", Outcode: "EX1",
			TransactionType: "Sale", LatestPrice: 200000, IsLive: false, LatestStatus: "Withdrawn", PropertyType: "Flat", AddedDate: marketNow.Format(time.RFC3339),
			Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}})
	}
	return out
}

// expBoundary 42 is the western part of the export area (lon < -3.53).
func expBoundary() mappings.Boundary {
	return mappings.Boundary{ID: 42, Code: "E05000001", Name: "West Exeter", DisplayName: "West Exeter", Type: "ward", AdminLevel: 10, Source: "test",
		Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: json.RawMessage(`[[[-3.6,50.6],[-3.5305,50.6],[-3.5305,50.8],[-3.6,50.8],[-3.6,50.6]]]`)}}
}

func expServer(t testing.TB, n int, plan string, weight *int) (*api.Server, []mappings.Listing) {
	return expServerGate(t, n, func(rt *api.Route, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ci := api.CallInfoFrom(r.Context())
			ci.Plan = plan
			next.ServeHTTP(w, r)
			if weight != nil {
				*weight = ci.Weight
			}
		})
	})
}

func expServerGate(t testing.TB, n int, gateFn func(rt *api.Route, next http.Handler) http.Handler) (*api.Server, []mappings.Listing) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ls := expListings(n)
	fixture.Load(t, osURL, prefix, mappings.IndexListings, fixture.Docs(ls, func(l mappings.Listing) string { return l.ID }))
	b := expBoundary()
	fixture.Load(t, osURL, prefix, mappings.IndexBoundaries, map[string]any{"42": b})
	fixture.Load(t, osURL, prefix, mappings.IndexPostcodes, map[string]any{"EX1 1AA": mappings.Postcode{Postcode: "EX1 1AA",
		Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}}})
	sc, err := search.New(search.Config{URLs: []string{osURL}})
	if err != nil {
		t.Fatal(err)
	}
	return api.NewServer(api.Options{Backend: sc, IndexPrefix: prefix, Logger: zerolog.Nop(), Now: func() time.Time { return marketNow },
		Gate: gateFn}), ls
}

// TestExportThroughGate exports through the real gate (in-memory store)
// over a real connection: the plan gate, the plan cap and the charge of
// one call per ten rows returned, as X-Call-Weight and as metered usage.
func TestExportThroughGate(t *testing.T) {
	ctx := context.Background()
	svc := ratelimit.New(ratelimit.NewMemoryStore(), ratelimit.Options{})
	org, err := svc.CreateOrg(ctx, "Export Ltd", 0)
	if err != nil {
		t.Fatal(err)
	}
	keyOf := func(plan string) (ratelimit.Key, string) {
		k, secret, err := svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: org.ID, Plan: plan})
		if err != nil {
			t.Fatal(err)
		}
		return k, secret
	}
	g := gate.New(svc, gate.Options{})
	srv, _ := expServerGate(t, 1100, g.Wrap)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	post := func(secret, body string) (*http.Response, []byte) {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/v1/listings/export", strings.NewReader(body))
		req.Header.Set("Authorization", "Api-Key "+secret)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	_, starter := keyOf(ratelimit.PlanStarter)
	if resp, b := post(starter, `{"filters":{"postcode":"EX1"}}`); resp.StatusCode != 403 || !strings.Contains(string(b), api.CodeEndpointNotAllowed) {
		t.Errorf("starter plan: %d %s", resp.StatusCode, b)
	}
	gk, growth := keyOf(ratelimit.PlanGrowth)
	usage := func() int {
		n, err := svc.Store().Usage(ctx, org.ID, gk.Meter, ratelimit.PeriodAt(time.Now(), org.AnchorDay).ID(), "")
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// A limit above the plan's cap is refused, free; without a limit the cap applies.
	resp, b := post(growth, `{"filters":{"postcode":"EX1"},"format":"csv","limit":5000,"fields":["listing_id"]}`)
	if resp.StatusCode != 422 || resp.Header.Get("X-Call-Weight") != "0" || !bytes.Contains(b, []byte("limit_above_plan_cap")) {
		t.Errorf("growth limit above the cap: %d weight %s %s", resp.StatusCode, resp.Header.Get("X-Call-Weight"), b)
	}
	resp, b = post(growth, `{"filters":{"postcode":"EX1"},"format":"csv","fields":["listing_id"]}`)
	if resp.StatusCode != 200 || resp.Header.Get("X-Call-Weight") != "100" || bytes.Count(b, []byte("\n")) != 1001 || resp.Header.Get("X-Export-Row-Cap") != "1000" {
		t.Errorf("growth cap: %d weight %s lines %d cap %q", resp.StatusCode, resp.Header.Get("X-Call-Weight"), bytes.Count(b, []byte("\n")), resp.Header.Get("X-Export-Row-Cap"))
	}
	before := usage()
	resp, b = post(growth, `{"filters":{"postcode":"EX1"},"format":"json","limit":13}`)
	var got expJSON
	if err := json.Unmarshal(b, &got); err != nil || resp.Header.Get("X-Call-Weight") != "2" || got.Calls != 2 || got.Returned != 13 {
		t.Errorf("13 rows: %d weight %s %+v %v", resp.StatusCode, resp.Header.Get("X-Call-Weight"), got, err)
	}
	if usage()-before != 2 {
		t.Errorf("metered %d calls for 13 rows, want 2", usage()-before)
	}
	before = usage()
	resp, _ = post(growth, `{"filters":{"postcode":"EX1"},"fields":["nope"]}`)
	if resp.StatusCode != 422 || usage() != before {
		t.Errorf("refused export: %d, charged %d", resp.StatusCode, usage()-before)
	}
}

func expPost(t testing.TB, srv http.Handler, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/api/v1/listings/export", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec
}

type expJSON struct {
	Status   string           `json:"status"`
	Total    int              `json:"total_results"`
	Returned int              `json:"returned"`
	Offset   int              `json:"offset"`
	Format   string           `json:"format"`
	Calls    int              `json:"api_calls_used"`
	Data     []map[string]any `json:"data"`
}

func TestExportEndpoint(t *testing.T) {
	var weight int
	const n = 1300
	srv, ls := expServer(t, n, ratelimit.PlanPro, &weight)
	live := ls[:n]

	t.Run("csv over several pages, newest first, formulas neutralised", func(t *testing.T) {
		rec := expPost(t, srv, `{"filters":{"postcode":"EX1"},"fields":["listing_id","address","postcode","price","agent","agent_branch","listed_date","dom","lat","lng"],"limit":1300}`)
		if rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		rows, err := csv.NewReader(bytes.NewReader(rec.Body.Bytes())).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != n+1 || strings.Join(rows[0], ",") != "listing_id,address,postcode,price,agent,agent_branch,listed_date,dom,lat,lng" {
			t.Fatalf("%d rows, header %v", len(rows), rows[0])
		}
		byID := map[string][]string{}
		for i, r := range rows[1:] {
			if r[2] != "EX1 1AA" {
				t.Fatalf("row %d outside the outcode: %v", i, r)
			}
			if i > 0 && r[6] > rows[i][6] {
				t.Fatalf("row %d listed %s after %s: not newest first", i, r[6], rows[i][6])
			}
			byID[r[0]] = r
		}
		if len(byID) != n {
			t.Errorf("%d distinct listings, want %d (no duplicates or gaps across pages)", len(byID), n)
		}
		for id, want := range map[string][2]string{
			"X0": {"1", `'=cmd|' /C calc'!A0`}, "X1": {"4", "'+44 1392 000000"}, "X2": {"5", "'@SUM(1+1)"},
			"X3": {"1", "'-2+3"}, "X4": {"4", "'\tTabbed\r"},
		} {
			col := map[string]int{"1": 1, "4": 4, "5": 5}[want[0]]
			if got := byID[id][col]; got != want[1] {
				t.Errorf("%s column %d = %q, want %q", id, col, got, want[1])
			}
		}
		if r := byID["X10"]; r[7] != "10" || r[8] != "50.71" || r[9] != "-3.551" {
			t.Errorf("X10 dom/lat/lng %v", r)
		}
		if weight != 130 {
			t.Errorf("weight %d, want 130", weight)
		}
	})

	t.Run("json filters against the fixture", func(t *testing.T) {
		body := `{"filters":{"postcode":"EX1","min_price":150000,"max_price":220000,"property_type":["Flat","terraced"],"bedrooms_min":2,"bedrooms_max":4,
			"transaction_type":"Sale","min_dom":30,"listed_since":"2025-01-01","is_new_build":false},"format":"json","fields":["listing_id","price","bedrooms","property_type","dom","has_address_match"]}`
		rec := expPost(t, srv, body)
		var got expJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%d %v %.300s", rec.Code, err, rec.Body)
		}
		want := 0
		for _, l := range live {
			dom := int(marketNow.Sub(mustTime(l.AddedDate)).Hours() / 24)
			if l.LatestPrice >= 150000 && l.LatestPrice <= 220000 && (l.PropertyType == "Flat" || l.PropertyType == "Terraced") &&
				l.Bedrooms >= 2 && l.Bedrooms <= 4 && l.TransactionType == "Sale" && dom >= 30 && l.AddedDate >= "2025-01-01" && !l.IsNewBuild {
				want++
			}
		}
		if want == 0 || got.Total != want || got.Returned != want || len(got.Data) != want || got.Calls != (want+9)/10 || got.Format != "json" {
			t.Fatalf("total %d returned %d rows %d calls %d, want %d", got.Total, got.Returned, len(got.Data), got.Calls, want)
		}
		for _, r := range got.Data {
			p := r["price"].(float64)
			if p < 150000 || p > 220000 || r["dom"].(float64) < 30 || (r["property_type"] != "Flat" && r["property_type"] != "Terraced") {
				t.Errorf("row breaks the filters: %v", r)
			}
		}
	})

	t.Run("radius around a full postcode", func(t *testing.T) {
		rec := expPost(t, srv, `{"filters":{"postcode":"EX1 1AA","radius_miles":1},"format":"json","fields":["listing_id","lat","lng"],"limit":2000}`)
		var got expJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%d %v", rec.Code, err)
		}
		lo, hi := 0, 0
		for _, l := range live {
			d := calc.DistanceM(50.72, -3.53, l.Location.Lat, l.Location.Lon)
			if d < 1609.344-5 {
				lo++
			}
			if d < 1609.344+5 {
				hi++
			}
		}
		if got.Total < lo || got.Total > hi || got.Total == len(live) {
			t.Errorf("radius total %d, want %d..%d: %d %.300s", got.Total, lo, hi, rec.Code, rec.Body)
		}
		for _, r := range got.Data {
			if d := calc.DistanceM(50.72, -3.53, r["lat"].(float64), r["lng"].(float64)); d > 1609.344+5 {
				t.Errorf("row %v is %.0f m away", r, d)
			}
		}
	})

	t.Run("boundary shape", func(t *testing.T) {
		rec := expPost(t, srv, `{"filters":{"boundary_id":42},"format":"json","fields":["listing_id","lng"],"limit":2000}`)
		var got expJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%d %v %.300s", rec.Code, err, rec.Body)
		}
		want := 0
		for _, l := range live {
			if l.Location.Lon < -3.5305 {
				want++
			}
		}
		if got.Total != want || len(got.Data) != want {
			t.Errorf("boundary total %d rows %d, want %d", got.Total, len(got.Data), want)
		}
		for _, r := range got.Data {
			if r["lng"].(float64) >= -3.5305 {
				t.Errorf("row outside the boundary: %v", r)
			}
		}
		if rec := expPost(t, srv, `{"filters":{"boundary_id":43}}`); rec.Code != 404 {
			t.Errorf("unknown boundary: %d", rec.Code)
		}
	})

	t.Run("offset and limit page consistently", func(t *testing.T) {
		ids := func(body string) []string {
			var got expJSON
			rec := expPost(t, srv, body)
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("%d %v", rec.Code, err)
			}
			var out []string
			for _, r := range got.Data {
				out = append(out, r["listing_id"].(string))
			}
			return out
		}
		all := ids(`{"filters":{"postcode":"EX1"},"format":"json","fields":["listing_id"],"limit":700}`)
		a := ids(`{"filters":{"postcode":"EX1"},"format":"json","fields":["listing_id"],"limit":350}`)
		b := ids(`{"filters":{"postcode":"EX1"},"format":"json","fields":["listing_id"],"limit":350,"offset":350}`)
		if len(all) != 700 || strings.Join(all, ",") != strings.Join(append(a, b...), ",") {
			t.Errorf("offset pages do not join up: %d + %d vs %d", len(a), len(b), len(all))
		}
		tail := ids(`{"filters":{"postcode":"EX1"},"format":"json","fields":["listing_id"],"offset":1290}`)
		if len(tail) != 10 {
			t.Errorf("tail %d rows, want 10", len(tail))
		}
	})

	t.Run("growth plan cap", func(t *testing.T) {
		var w int
		growth, _ := expServer(t, 1100, ratelimit.PlanGrowth, &w)
		rec := expPost(t, growth, `{"filters":{"lat":50.72,"lng":-3.53,"radius_miles":25},"format":"json"}`)
		var got expJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%d %v", rec.Code, err)
		}
		if got.Total != 1100 || got.Returned != 1000 || len(got.Data) != 1000 || got.Calls != 100 || w != 100 {
			t.Errorf("growth: total %d returned %d rows %d calls %d weight %d", got.Total, got.Returned, len(got.Data), got.Calls, w)
		}
	})
}

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// BenchmarkExport streams exports of 500 (one page) and 5,000 rows (ten
// pages) from the real engine and reports the peak heap in use: flat
// memory shows as the same peak for ten times the rows.
func BenchmarkExport(b *testing.B) {
	srv, _ := expServer(b, 5200, ratelimit.PlanPro, nil)
	for _, rows := range []int{500, 5000} {
		for _, format := range []string{"csv", "json"} {
			b.Run(fmt.Sprintf("%s_%d_rows", format, rows), func(b *testing.B) {
				body := fmt.Sprintf(`{"filters":{"postcode":"EX1"},"format":%q,"limit":%d,"fields":["listing_id","address","postcode","price","bedrooms","dom","lat","lng","agent"]}`, format, rows)
				var peak uint64
				runtime.GC()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					w := memtest.NewPeakWriter()
					req := httptest.NewRequest(http.MethodPost, "/api/listings/export", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					srv.ServeHTTP(w, req)
					if w.Header().Get("X-Export-Rows") != fmt.Sprint(rows) {
						b.Fatalf("exported %s rows", w.Header().Get("X-Export-Rows"))
					}
					peak = max(peak, w.Peak())
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			})
		}
	}
}
