package api

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

const testUUID = "0b9f3f2e-8c1e-4d43-9a43-4a1f0c1e2d3f"

func hitsResp(t testing.TB, total int64, docs ...any) *search.Response {
	t.Helper()
	r := &search.Response{}
	r.Hits.Total.Value = total
	for i, d := range docs {
		r.Hits.Hits = append(r.Hits.Hits, hit(t, "h"+string(rune('a'+i)), d))
	}
	return r
}

func bodyJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type errCase struct {
	name   string
	method string
	url    string
	body   string
	status int
	code   string
}

func runErrCases(t *testing.T, s http.Handler, cases []errCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.method
			if m == "" {
				m = http.MethodGet
			}
			rec := do(t, s, m, tc.url, tc.body)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := errorCode(t, rec); got != tc.code {
				t.Errorf("code %q, want %q", got, tc.code)
			}
		})
	}
}

func TestMarketListErrors(t *testing.T) {
	fb := &fakeBackend{
		GetFn: func(index, id string) (json.RawMessage, bool, error) { return nil, false, nil },
	}
	s := newTestServer(t, fb)
	runErrCases(t, s, []errCase{
		{"sales without filter", "", "/api/property_sales/", "", 400, CodeFilterRequired},
		{"sales with page only", "", "/api/property_sales/?page=2", "", 400, CodeFilterRequired},
		{"sales bad uprn", "", "/api/property_sales/?uprn=abc", "", 400, CodeInvalidUPRN},
		{"sales bad property alias", "", "/api/property_sales/?property=-4", "", 400, CodeInvalidUPRN},
		{"sales uprn and property", "", "/api/property_sales/?uprn=1&property=2", "", 422, CodeInvalidParams},
		{"sales bad id", "", "/api/property_sales/?id=x", "", 422, CodeInvalidParams},
		{"sales page zero", "", "/api/property_sales/?uprn=1&page=0", "", 422, CodeInvalidParams},
		{"sales page too deep", "", "/api/property_sales/?uprn=1&page=600", "", 422, CodePageTooDeep},
		{"listings without filter", "", "/api/property_listings/", "", 400, CodeFilterRequired},
		{"listings bad uprn", "", "/api/property_listings/?uprn=12x", "", 400, CodeInvalidUPRN},
		{"listings page_size 0", "", "/api/property_listings/?uprn=1&page_size=0", "", 422, CodeInvalidParams},
		{"listings page_size 101", "", "/api/property_listings/?uprn=1&page_size=101", "", 422, CodeInvalidParams},
		{"listing malformed id", "", "/api/property_listings/not-a-uuid/", "", 422, CodeInvalidParams},
		{"listing unknown id", "", "/api/property_listings/" + testUUID + "/", "", 404, CodeNotFound},
		{"events without filter", "", "/api/property_sale_events/", "", 400, CodeFilterRequired},
		{"events only ordering", "", "/api/property_sale_events/?ordering=date&limit=5", "", 400, CodeFilterRequired},
		{"events bad event_type", "", "/api/property_sale_events/?event_type=Exploded", "", 422, CodeInvalidParams},
		{"events bad ordering", "", "/api/property_sale_events/?sale=1&ordering=-id", "", 422, CodeInvalidParams},
		{"events limit 101", "", "/api/property_sale_events/?sale=1&limit=101", "", 422, CodeInvalidParams},
		{"events limit 0", "", "/api/property_sale_events/?sale=1&limit=0", "", 422, CodeInvalidParams},
		{"events bad date", "", "/api/property_sale_events/?date=2024-13-01", "", 422, CodeInvalidParams},
		{"events bad listing", "", "/api/property_sale_events/?listing=42", "", 422, CodeInvalidParams},
		{"events bad sale", "", "/api/property_sale_events/?sale=-1", "", 422, CodeInvalidParams},
		{"events bad uprn", "", "/api/property_sale_events/?uprn=x", "", 400, CodeInvalidUPRN},
		{"events inverted dates", "", "/api/property_sale_events/?date__gte=2025-01-01&date__lte=2024-01-01", "", 422, CodeInvalidParams},
		{"event malformed id", "", "/api/property_sale_events/abc/", "", 422, CodeInvalidParams},
		{"event unknown id", "", "/api/property_sale_events/99/", "", 404, CodeNotFound},
	})
}

func TestMarketListBackendDown(t *testing.T) {
	fb := &fakeBackend{SearchFn: func(string, any) (*search.Response, error) { return nil, search.ErrUnavailable }}
	s := newTestServer(t, fb)
	runErrCases(t, s, []errCase{
		{"sales", "", "/api/property_sales/?uprn=1", "", 503, CodeServiceUnavailable},
		{"listings", "", "/api/property_listings/?uprn=1", "", 503, CodeServiceUnavailable},
		{"events", "", "/api/property_sale_events/?uprn=1", "", 503, CodeServiceUnavailable},
	})
}

func TestPropertySales(t *testing.T) {
	sale := mappings.Sale{ID: 7, TxID: "{TX}", UPRN: 100040000001, SoldDate: "2024-05-01", Price: 250000, TransactionType: "Sale",
		IsComplete: true, ListingIDs: []string{testUUID}}
	listing := mappings.Listing{ID: testUUID, ListingID: "L1", UPRN: 100040000001, Source: "Rightmove", LatestStatus: "Sold STC",
		AddedDate: "2024-01-02T09:00:00Z", Images: []string{"https://img/1.jpg"}, IsLive: false}
	ev := mappings.SaleEvent{ID: 3, EventType: "Completed", Date: "2024-05-01", Sale: 7, Source: "Zoopla"}
	var salesBody any
	fb := &fakeBackend{
		SearchFn: func(index string, body any) (*search.Response, error) {
			salesBody = body
			return hitsResp(t, 45, sale), nil
		},
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			if len(items) != 2 || items[0].Index != mappings.IndexListings || items[1].Index != mappings.IndexSaleEvents {
				t.Errorf("msearch items %+v", items)
			}
			return []*search.Response{hitsResp(t, 1, listing), hitsResp(t, 1, ev)}, nil
		},
	}
	fb.T = t
	// Links are absolute under the configured public base URL; the
	// client's Host and X-Forwarded-Proto are not trusted, and api_key
	// never reaches a link.
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), PublicBaseURL: "https://api.example.com/"})
	req := httptest.NewRequest(http.MethodGet, "/api/property_sales/?property=100040000001&page=2&x=a+b&api_key=ukpd_live_secret", nil)
	req.Host = "evil.example.net"
	req.Header.Set("X-Forwarded-Proto", "http")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var got struct {
		Count    int64
		Next     *string
		Previous *string
		Results  []struct {
			ID       int64
			Property int64
			Listings []map[string]any `json:"property_listings"`
			Events   []map[string]any `json:"property_sale_events"`
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Count != 45 || got.Next == nil || *got.Next != "https://api.example.com/api/property_sales/?page=3&property=100040000001&x=a+b" {
		t.Errorf("count %d next %v", got.Count, deref(got.Next))
	}
	if got.Previous == nil || *got.Previous != "https://api.example.com/api/property_sales/?property=100040000001&x=a+b" {
		t.Errorf("previous %v", deref(got.Previous))
	}
	// RFC 8288 Link headers carry the same pages, besides the successor-version
	// link of the older family.
	links := strings.Join(rec.Header().Values("Link"), ", ")
	for _, want := range []string{
		`</api/v1/property_sales/>; rel="successor-version"`,
		`<https://api.example.com/api/property_sales/?page=3&property=100040000001&x=a+b>; rel="next"`,
		`<https://api.example.com/api/property_sales/?property=100040000001&x=a+b>; rel="prev"`,
	} {
		if !strings.Contains(links, want) {
			t.Errorf("Link headers %q lack %s", links, want)
		}
	}
	if strings.Contains(rec.Body.String()+links, "api_key") || strings.Contains(rec.Body.String()+links, "evil.example.net") {
		t.Errorf("a link carries api_key or the client's Host: %s %s", rec.Body, links)
	}
	if len(got.Results) != 1 || len(got.Results[0].Listings) != 1 || len(got.Results[0].Events) != 1 {
		t.Fatalf("results %s", rec.Body)
	}
	l := got.Results[0].Listings[0]
	if l["source"] != LabelPortal || l["alias"] != "L1" || l["added_date"] != "2024-01-02" {
		t.Errorf("nested listing %v", l)
	}
	if e := got.Results[0].Events[0]; e["event_status"] != "Completed" || e["event_date"] != "2024-05-01" {
		t.Errorf("nested event %v", e)
	}
	if !strings.Contains(bodyJSON(t, salesBody), `"from":20`) {
		t.Errorf("page 2 query %s", bodyJSON(t, salesBody))
	}
	if strings.Contains(rec.Body.String(), "Rightmove") || strings.Contains(rec.Body.String(), "Zoopla") {
		t.Errorf("a portal name leaked: %s", rec.Body)
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestPropertyListingsAndEvents(t *testing.T) {
	listing := mappings.Listing{ID: testUUID, UPRN: 100040000001, Source: "OnTheMarket", LatestPrice: 300000, TransactionType: "Sale", Bedrooms: 3}
	fb := &fakeBackend{
		SearchFn: func(index string, body any) (*search.Response, error) {
			switch index {
			case mappings.IndexListings:
				return hitsResp(t, 1, listing), nil
			case mappings.IndexSaleEvents:
				return hitsResp(t, 30, mappings.SaleEvent{ID: 1, EventType: "Reduced", Date: "2024-02-01", Price: 280000, Source: "Portal B", Listing: testUUID}), nil
			}
			t.Errorf("index %s", index)
			return nil, errors.New("unexpected")
		},
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			if index == mappings.IndexListings && id == testUUID {
				return mustJSON(t, listing), true, nil
			}
			if index == mappings.IndexSaleEvents && id == "5" {
				return mustJSON(t, mappings.SaleEvent{ID: 5, EventType: "Completed", Source: "Rightmove"}), true, nil
			}
			return nil, false, nil
		},
	}
	s := newTestServer(t, fb)
	rec := do(t, s, "GET", "/api/property_listings/?uprn=100040000001&page_size=5", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"source":"Property portal"`) || !strings.Contains(rec.Body.String(), `"next":null`) {
		t.Errorf("listings: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, s, "GET", "/api/property_listings/"+strings.ToUpper(testUUID)+"/", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"bedrooms":3`) || !strings.Contains(rec.Body.String(), `"description":null`) {
		t.Errorf("listing: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, s, "GET", "/api/property_sale_events/?listing="+testUUID+"&limit=10", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"source":"Portal B"`) ||
		!strings.Contains(rec.Body.String(), `"next":"/api/property_sale_events/?limit=10&listing=`+testUUID+`&page=2"`) {
		t.Errorf("events: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, s, "GET", "/api/property_sale_events/5/", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"source":"HM Land Registry"`) || !strings.Contains(rec.Body.String(), `"price":null`) {
		t.Errorf("event: %d %s", rec.Code, rec.Body)
	}
}

func TestPublicSource(t *testing.T) {
	tests := []struct{ stored, event, want string }{
		{"Rightmove", "Added", LabelPortal},
		{"ZOOPLA feed", "", LabelPortal},
		{"Portal A", "Reduced", "Portal A"},
		{"HM Land Registry Price Paid", "", LabelLandRegistry},
		{"Portal A", "Completed", LabelLandRegistry},
		{"", "Added", LabelPortal},
	}
	for _, tc := range tests {
		if got := publicSource(tc.stored, tc.event); got != tc.want {
			t.Errorf("publicSource(%q, %q) = %q, want %q", tc.stored, tc.event, got, tc.want)
		}
	}
}

// gated builds a server whose gate sets the plan and records the call
// weight the handler charged.
func gated(t testing.TB, fb *fakeBackend, plan string, weight *int) *Server {
	fb.T = t
	return NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Now: func() time.Time { return time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC) },
		Gate: func(rt *Route, next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ci := CallInfoFrom(r.Context())
				ci.Plan = plan
				next.ServeHTTP(w, r)
				*weight = ci.Weight
			})
		}})
}
