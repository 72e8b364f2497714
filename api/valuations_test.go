package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func marketProperty(loc bool) mappings.Property {
	p := mappings.Property{UPRN: 100040000001, Region: "South West", Bedrooms: 3, PropertyType: "Semi-Detached", EPCFloorArea: 90, Postcode: "EX1 1AA"}
	if loc {
		p.Location = &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}
	}
	return p
}

// valuationBackend answers the valuation's lookups: the property, then one
// multi-search (hpi, recent sale, active listing), then comparables.
type valuationWorld struct {
	prop      *mappings.Property
	hpi       []mappings.HPI
	recent    []mappings.Sale
	active    []mappings.Listing
	comps     []mappings.Sale
	rentComps []mappings.Listing
}

func (vw valuationWorld) backend(t *testing.T) *fakeBackend {
	return &fakeBackend{
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			if vw.prop == nil {
				return nil, false, nil
			}
			return mustJSON(t, vw.prop), true, nil
		},
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			h := make([]any, len(vw.hpi))
			for i := range vw.hpi {
				h[i] = vw.hpi[i]
			}
			r := make([]any, len(vw.recent))
			for i := range vw.recent {
				r[i] = vw.recent[i]
			}
			a := make([]any, len(vw.active))
			for i := range vw.active {
				a[i] = vw.active[i]
			}
			return []*search.Response{hitsResp(t, int64(len(h)), h...), hitsResp(t, int64(len(r)), r...), hitsResp(t, int64(len(a)), a...)}, nil
		},
		SearchFn: func(index string, body any) (*search.Response, error) {
			var docs []any
			if index == mappings.IndexListings {
				for _, l := range vw.rentComps {
					docs = append(docs, l)
				}
			} else {
				for _, s := range vw.comps {
					docs = append(docs, s)
				}
			}
			res := hitsResp(t, int64(len(docs)), docs...)
			for i := range res.Hits.Hits {
				res.Hits.Hits[i].Sort = []json.RawMessage{json.RawMessage(fmt.Sprint(100 * (i + 1)))}
			}
			return res, nil
		},
	}
}

func compSales(n int) []mappings.Sale {
	var out []mappings.Sale
	for i := 0; i < n; i++ {
		out = append(out, mappings.Sale{ID: int64(i + 1), UPRN: int64(200 + i), Address: fmt.Sprintf("%d Comp Road", i+1), Postcode: "EX1 1AB",
			SoldDate: "2024-06-01", Price: int64(290000 + 5000*i), IsComplete: true, Bedrooms: 3, PropertyType: "Semi-Detached", EPCFloorArea: 90})
	}
	return out
}

func TestValuationErrors(t *testing.T) {
	prop := marketProperty(true)
	noLoc := marketProperty(false)
	tests := []struct {
		name   string
		world  valuationWorld
		url    string
		status int
		code   string
	}{
		{"missing uprn", valuationWorld{}, "/api/valuations/estimate/", 400, CodeInvalidUPRN},
		{"malformed uprn", valuationWorld{}, "/api/valuations/estimate/?uprn=12ab", 400, CodeInvalidUPRN},
		{"bad type", valuationWorld{}, "/api/valuations/estimate/?uprn=100040000001&type=lease", 400, CodeInvalidType},
		{"bad count", valuationWorld{}, "/api/valuations/estimate/?uprn=100040000001&count=51", 422, CodeInvalidParams},
		{"unknown property", valuationWorld{}, "/api/valuations/estimate/?uprn=100040000001", 404, CodeNotFound},
		{"no location", valuationWorld{prop: &noLoc}, "/api/valuations/estimate/?uprn=100040000001", 404, CodeNoGeopoint},
		{"no comparables", valuationWorld{prop: &prop}, "/api/valuations/estimate/?uprn=100040000001", 404, CodeNoComparables},
		{"two comparables", valuationWorld{prop: &prop, comps: compSales(2)}, "/api/valuations/estimate/?uprn=100040000001", 404, CodeInsufficientComparables},
		{"no rental comparables", valuationWorld{prop: &prop}, "/api/valuations/estimate/?uprn=100040000001&type=rent", 404, CodeNoComparables},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, newTestServer(t, tc.world.backend(t)), "GET", tc.url, "")
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := errorCode(t, rec); got != tc.code {
				t.Errorf("code %q, want %q", got, tc.code)
			}
		})
	}
}

type valuationOut struct {
	Estimate    int64  `json:"estimate_gbp"`
	Low         int64  `json:"range_low_gbp"`
	High        int64  `json:"range_high_gbp"`
	Method      string `json:"method"`
	Count       int    `json:"comparables_count"`
	Type        string `json:"type"`
	Confidence  valuationConfidence
	Comparables []valuationComparable `json:"comparable_properties"`
	Methodology map[string]any
}

func TestValuationMethods(t *testing.T) {
	prop := marketProperty(true)
	now := time.Now().UTC()
	hpi := []mappings.HPI{{Month: "2024-06-01", Index: 100, Region: "South West"}, {Month: now.Format("2006-01") + "-01", Index: 110, Region: "South West"}}
	recent := mappings.Sale{ID: 9, UPRN: prop.UPRN, SoldDate: now.AddDate(0, -3, 0).Format("2006-01-02"), Price: 300000, IsComplete: true}
	active := mappings.Listing{ID: testUUID, UPRN: prop.UPRN, LatestPrice: 325000, LatestStatus: "For sale", AddedDate: "2025-01-01T00:00:00Z", Source: "Rightmove", IsLive: true}
	tests := []struct {
		name   string
		world  valuationWorld
		url    string
		method string
		check  func(t *testing.T, v valuationOut)
	}{
		{"recent sale", valuationWorld{prop: &prop, hpi: hpi, recent: []mappings.Sale{recent}, active: []mappings.Listing{active}, comps: compSales(10)},
			"?uprn=100040000001", MethodRecentSale, func(t *testing.T, v valuationOut) {
				if v.Estimate != 330000 || v.Count != 0 || len(v.Comparables) != 0 || v.Methodology["sold_date"] == nil {
					t.Errorf("%+v", v)
				}
			}},
		{"active listing", valuationWorld{prop: &prop, hpi: hpi, active: []mappings.Listing{active}, comps: compSales(10)},
			"?uprn=100040000001", MethodActiveListing, func(t *testing.T, v valuationOut) {
				if v.Estimate != 325000 || v.Methodology["listing_status"] != "For sale" || v.Methodology["source"] != LabelPortal {
					t.Errorf("%+v", v)
				}
			}},
		{"composite", valuationWorld{prop: &prop, hpi: hpi, comps: compSales(10)},
			"?uprn=100040000001&count=5", MethodComposite, func(t *testing.T, v valuationOut) {
				// Five best comparables (290k..310k), each ×1.1 by the index.
				if v.Count != 5 || len(v.Comparables) != 5 || v.Confidence.ComparableCount != 5 {
					t.Fatalf("%+v", v)
				}
				if v.Estimate < 319000 || v.Estimate > 341000 || !(v.Low < v.Estimate && v.Estimate < v.High) {
					t.Errorf("estimate %d (%d..%d)", v.Estimate, v.Low, v.High)
				}
				c := v.Comparables[0]
				if c.AdjustedPrice != int64(float64(c.SalePrice)*1.1+0.5) || c.Weight <= 0 || c.DistanceM == 0 {
					t.Errorf("comparable %+v", c)
				}
				for _, k := range []string{"weights", "hpi_monthly_growth", "comparable_radius_miles", "sale_date_max_years"} {
					if _, ok := v.Methodology[k]; !ok {
						t.Errorf("methodology lacks %s", k)
					}
				}
			}},
		{"rent composite", valuationWorld{prop: &prop, hpi: hpi, rentComps: []mappings.Listing{
			{UPRN: 1, LatestPrice: 1200, Bedrooms: 3, PropertyType: "Semi-Detached", TransactionType: "Rental", AddedDate: "2025-01-01"},
			{UPRN: 2, LatestPrice: 1250, Bedrooms: 3, PropertyType: "Semi-Detached", TransactionType: "Rental", AddedDate: "2025-02-01"},
			{UPRN: 3, LatestPrice: 1300, Bedrooms: 3, PropertyType: "Semi-Detached", TransactionType: "Rental", AddedDate: "2025-03-01"},
		}}, "?uprn=100040000001&type=rent", MethodComposite, func(t *testing.T, v valuationOut) {
			if v.Type != "rent" || v.Estimate < 1200 || v.Estimate > 1300 || v.Count != 3 {
				t.Errorf("%+v", v)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, newTestServer(t, tc.world.backend(t)), "GET", "/api/valuations/estimate/"+tc.url, "")
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			var v valuationOut
			if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
				t.Fatal(err)
			}
			if v.Method != tc.method {
				t.Fatalf("method %s, want %s: %s", v.Method, tc.method, rec.Body)
			}
			if !strings.Contains(rec.Body.String(), `"attribution"`) || !strings.Contains(rec.Body.String(), `"response_time_seconds"`) {
				t.Errorf("missing fields: %s", rec.Body)
			}
			tc.check(t, v)
		})
	}
}
