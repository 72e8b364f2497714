package api

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

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
	fb.t = t
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
