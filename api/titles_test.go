package api

import (
	"encoding/json"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func TestLandTitle(t *testing.T) {
	title := mappings.Title{TitleNo: "DN123", UPRN: 7, RecordStatus: "A", EstateInterestCode: "F", EstateInterest: "Freehold",
		TitleClassCode: "A", TitleClass: "Absolute", CreatedAt: "2001-01-01T00:00:00Z", UpdatedAt: "2020-01-01T00:00:00Z",
		Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: json.RawMessage(`[[[-3.5,50.7],[-3.49,50.7],[-3.49,50.71],[-3.5,50.7]]]`)}}
	searches := map[string]*search.Response{"titles": resp(1, hit(t, "DN123", title))}
	rec := do(t, newTestServer(t, propertyBackend(t, nil, searches)), "GET", "/api/property_lr_titles/7/", "")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/geo+json" {
		t.Fatalf("%d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	m := decodeMap(t, rec.Body.Bytes())
	props := m["properties"].(map[string]any)
	if m["type"] != "Feature" || m["geometry"].(map[string]any)["type"] != "Polygon" || props["property"].(float64) != 7 || props["estate_interest_code"] != "F" {
		t.Errorf("%v", m)
	}
}
