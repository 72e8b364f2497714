package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestComparables(t *testing.T) {
	prop := marketProperty(true)
	noLoc := marketProperty(false)
	sales := compSales(2)
	sales[0].TitleNo = "DN1"
	var gotBody string
	fb := func(p *mappings.Property) *fakeBackend {
		return &fakeBackend{
			GetFn: func(index, id string) (json.RawMessage, bool, error) {
				if p == nil {
					return nil, false, nil
				}
				return mustJSON(t, p), true, nil
			},
			SearchFn: func(index string, body any) (*search.Response, error) {
				if index == mappings.IndexListings {
					return hitsResp(t, 2, mappings.Listing{ID: testUUID, ListingID: "L9", SaleID: 1, LatestPrice: 299000, LatestStatus: "Sold STC", Source: "Zoopla", AddedDate: "2024-01-01T00:00:00Z"},
						mappings.Listing{ID: "old", SaleID: 1, LatestPrice: 1}), nil
				}
				gotBody = bodyJSON(t, body)
				res := hitsResp(t, 17, sales[0], sales[1])
				for i := range res.Hits.Hits {
					res.Hits.Hits[i].Sort = []json.RawMessage{json.RawMessage("123.456")}
				}
				return res, nil
			},
			MGetFn: func(index string, ids []string) (map[string]json.RawMessage, error) {
				return map[string]json.RawMessage{"DN1": mustJSON(t, mappings.Title{TitleNo: "DN1", EstateInterest: "Freehold", TitleClass: "Absolute"})}, nil
			},
		}
	}
	runErrCases(t, newTestServer(t, fb(nil)), []errCase{
		{"bad uprn", "", "/api/comparables/abc/", "", 400, CodeInvalidUPRN},
		{"unknown property", "", "/api/comparables/100040000001/", "", 404, CodeNotFound},
		{"bad count", "", "/api/comparables/100040000001/?count=0", "", 422, CodeInvalidParams},
		{"bad property type", "", "/api/comparables/100040000001/?property_type=Castle", "", 422, CodeInvalidParams},
		{"bad event type", "", "/api/comparables/100040000001/?event_type=Exploded", "", 422, CodeInvalidParams},
		{"bad date", "", "/api/comparables/100040000001/?start_date=yesterday", "", 422, CodeInvalidParams},
		{"inverted dates", "", "/api/comparables/100040000001/?start_date=2025-01-01&end_date=2024-01-01", "", 422, CodeInvalidParams},
	})
	runErrCases(t, newTestServer(t, fb(&noLoc)), []errCase{{"no location", "", "/api/comparables/100040000001/", "", 404, CodeNoGeopoint}})

	rec := do(t, newTestServer(t, fb(&prop)), "GET", "/api/comparables/100040000001/?bedrooms=3&property_type=semi-detached&count=2&start_date=2023-01-01&end_date=2025-01-01", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var got comparablesResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	f := got.Filters
	if f.Bedrooms == nil || *f.Bedrooms != 3 || f.PropertyType == nil || *f.PropertyType != "Semi-Detached" || f.Count != 2 ||
		f.StartDate != "2023-01-01" || f.EndDate != "2025-01-01" || f.EventType != CompEventCompleted {
		t.Errorf("filters %+v", f)
	}
	if got.TotalResults != 17 || len(got.Comparables) != 2 {
		t.Fatalf("%s", rec.Body)
	}
	c := got.Comparables[0]
	if c.DistanceMeters != 123.5 || c.LatestListing == nil || c.LatestListing.ListingID != "L9" || c.LatestListing.Source != LabelPortal ||
		c.ListingPrice == nil || *c.ListingPrice != 299000 || c.Title == nil || c.Title.EstateInterest == nil || *c.Title.EstateInterest != "Freehold" {
		t.Errorf("comparable %+v", c)
	}
	if got.Comparables[1].LatestListing != nil || got.Comparables[1].Title != nil {
		t.Errorf("second comparable %+v", got.Comparables[1])
	}
	for _, want := range []string{`"bedrooms":3`, `"property_type":"Semi-Detached"`, `"is_complete":true`, `"must_not"`} {
		if !strings.Contains(gotBody, want) {
			t.Errorf("query lacks %s: %s", want, gotBody)
		}
	}
}
