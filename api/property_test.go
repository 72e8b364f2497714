package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func sampleProperty() mappings.Property {
	floor := 0
	return mappings.Property{
		UPRN: 100023336956, USRN: 14200001, FullAddress: "12 High Street, Exeter, EX1 1AE", AddressLine1: "12 High Street",
		BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", PostTown: "EXETER", Postcode: "EX1 1AE", Outcode: "EX1",
		Country: "E", LADCode: "E07000041", LADName: "Exeter", PropertyType: "Terraced", BuiltForm: "Mid-Terrace",
		Tenure: "Freehold", ConstructionAgeBand: "1900-1929", Bedrooms: 3, Bathrooms: 1, HabitableRooms: 5, EPCFloorArea: 88,
		RoofType: "Pitched", RoofOrientation: "S", HasGarden: true, GardenAreaSqm: 40, PlotAreaSqm: 120, FloorLevel: &floor,
		CurrentEnergyEfficiency: 61, PotentialEnergyEfficiency: 80, CurrentEnergyRating: "D", CouncilTaxBand: "C",
		CouncilTaxHistory: []mappings.CouncilTaxEntry{{Band: "B", Effective: "1993-04-01"}, {Band: "C", Effective: "2012-05-01", Reason: "improvement"}},
		EPCRenovations:    []mappings.Renovation{{Improvement: "Loft insulation", IndicativeCostLow: 100, IndicativeCostHigh: 350, TypicalSavingYear: 40}, {Improvement: "Solar PV", IndicativeCostLow: 3500, IndicativeCostHigh: 5500, TypicalSavingYear: 300}},
		PredictedValue:    285000, LastSoldPrice: 210000, LastSoldDate: "2019-06-14", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53},
	}
}

func sampleFlat() mappings.Property {
	p := sampleProperty()
	p.UPRN, p.SubBuilding, p.PropertyType = 100023336957, "Flat 3", "Flat"
	return p
}

// propertyBackend serves documents by index and id, and searches by index.
func propertyBackend(t *testing.T, docs map[string]any, searches map[string]*search.Response) *fakeBackend {
	return &fakeBackend{
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			d, ok := docs[index+"/"+id]
			if !ok {
				return nil, false, nil
			}
			return mustJSON(t, d), true, nil
		},
		SearchFn: func(index string, body any) (*search.Response, error) {
			if r, ok := searches[index]; ok {
				return r, nil
			}
			return resp(0), nil
		},
	}
}

func TestPropertyErrors(t *testing.T) {
	p, flat := sampleProperty(), sampleFlat()
	docs := map[string]any{"properties/100023336956": p, "properties/100023336957": flat}
	tests := []struct {
		name, method, url, body string
		wantStatus              int
		wantCode                string
	}{
		{"record bad uprn", "GET", "/api/properties/12ab", "", 400, CodeInvalidUPRN},
		{"record zero uprn", "GET", "/api/v1/properties/0", "", 400, CodeInvalidUPRN},
		{"record 13 digits", "GET", "/api/properties/1234567890123", "", 400, CodeInvalidUPRN},
		{"record unknown", "GET", "/api/properties/5", "", 404, CodeNotFound},
		{"part bad uprn", "GET", "/api/properties/x/roof/", "", 400, CodeInvalidUPRN},
		{"part unknown", "GET", "/api/properties/100023336956/kitchen/", "", 404, CodeNotFound},
		{"part unknown uprn", "GET", "/api/properties/5/roof/", "", 404, CodeNotFound},
		{"land for a flat", "GET", "/api/properties/100023336957/land/", "", 422, CodeNotApplicable},
		{"discover bad uprn", "GET", "/api/property/-1/", "", 400, CodeInvalidUPRN},
		{"discover unknown", "GET", "/api/property/5/", "", 404, CodeNotFound},
		{"with unknown name", "GET", "/api/property/100023336956/?with=roof,pool", "", 422, CodeInvalidParams},
		{"tier unknown", "GET", "/api/property/100023336956/gold/", "", 404, CodeNotFound},
		{"tier bad uprn", "GET", "/api/property/abc/core/", "", 400, CodeInvalidUPRN},
		{"tier unknown uprn", "GET", "/api/property/5/core/", "", 404, CodeNotFound},
		{"epc bad uprn", "GET", "/api/epc-checker/1.5/", "", 400, CodeInvalidUPRN},
		{"epc none", "GET", "/api/epc-checker/5/", "", 404, CodeNotFound},
		{"title bad uprn", "GET", "/api/property_lr_titles/abc/", "", 400, CodeInvalidUPRN},
		{"title none", "GET", "/api/property_lr_titles/100023336956/", "", 404, CodeNotFound},
		{"retrieve bad uprn", "GET", "/api/address/retrieve/abc/", "", 400, CodeInvalidUPRN},
		{"retrieve unknown level", "GET", "/api/address/retrieve/100023336956/?level=gold", "", 422, CodeInvalidParams},
		{"retrieve unknown", "GET", "/api/address/retrieve/5/?level=property", "", 404, CodeNotFound},
		{"retrieve unknown address", "GET", "/api/address/retrieve/5/", "", 404, CodeNotFound},
		{"council tax bad uprn", "GET", "/api/council_tax/x/", "", 400, CodeInvalidUPRN},
		{"council tax unknown", "GET", "/api/council_tax/5/", "", 404, CodeNotFound},
		{"band missing postcode", "GET", "/api/council_tax_band/?building_number=12", "", 422, CodeMissingPostcode},
		{"band bad postcode", "GET", "/api/council_tax_band/?postcode=EX1+1CE&building_number=12", "", 422, CodeInvalidPostcode},
		{"band neither number nor name", "GET", "/api/council_tax_band/?postcode=EX1+1AE", "", 422, CodeInvalidParams},
		{"band Scotland", "GET", "/api/council_tax_band/?postcode=EH1+1YZ&building_number=1", "", 404, CodeNotCovered},
		{"band Northern Ireland", "GET", "/api/council_tax_band/?postcode=BT1+1AA&building_number=1", "", 404, CodeNotCovered},
		{"band no building", "GET", "/api/council_tax_band/?postcode=EX1+1AE&building_number=99", "", 404, CodeNotFound},
		{"listing bad body", "POST", "/api/listing-address/", "{", 400, CodeBadRequest},
		{"listing no id", "POST", "/api/listing-address/", `{"listing_id":""}`, 422, CodeInvalidParams},
		{"listing unknown", "POST", "/api/listing-address/", `{"listing_id":"nope"}`, 404, CodeNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, newTestServer(t, propertyBackend(t, docs, nil)), tc.method, tc.url, tc.body)
			if rec.Code != tc.wantStatus {
				t.Fatalf("got %d %s, want %d", rec.Code, rec.Body, tc.wantStatus)
			}
			if c := errorCode(t, rec); c != tc.wantCode {
				t.Errorf("code %s, want %s", c, tc.wantCode)
			}
		})
	}
	t.Run("engine errors are 503", func(t *testing.T) {
		fb := &fakeBackend{GetFn: func(string, string) (json.RawMessage, bool, error) { return nil, false, search.ErrUnavailable }}
		rec := do(t, newTestServer(t, fb), "GET", "/api/properties/5", "")
		if rec.Code != 503 {
			t.Errorf("got %d", rec.Code)
		}
	})
}

func decodeMap(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return m
}

func TestPropertyRecord(t *testing.T) {
	docs := map[string]any{"properties/100023336956": sampleProperty()}
	for _, path := range []string{"/api/properties/100023336956", "/api/v1/properties/100023336956/"} {
		rec := do(t, newTestServer(t, propertyBackend(t, docs, nil)), "GET", path, "")
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		m := decodeMap(t, rec.Body.Bytes())
		for _, k := range append(specPropertyFields, "address", "outward_postcode", "latitude", "longitude") {
			if _, ok := m[k]; !ok {
				t.Errorf("field %s missing", k)
			}
		}
		if m["udprn"] != nil || m["address"] != "12 High Street" || m["outward_postcode"] != "EX1" || m["latitude"] != 50.72 || m["council_tax_band"] != "C" {
			t.Errorf("record %v", m)
		}
		if _, ok := m["location"]; ok {
			t.Errorf("location leaked")
		}
	}
}

func TestPropertyTiersAreSupersets(t *testing.T) {
	docs := map[string]any{"properties/100023336956": sampleProperty()}
	s := newTestServer(t, propertyBackend(t, docs, nil))
	var prev map[string]any
	for _, tier := range tierNames {
		rec := do(t, s, "GET", "/api/property/100023336956/"+tier+"/", "")
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", tier, rec.Code, rec.Body)
		}
		m := decodeMap(t, rec.Body.Bytes())
		if m["tier"] != tier {
			t.Errorf("tier echo %v", m["tier"])
		}
		for k := range prev {
			if _, ok := m[k]; !ok && k != "tier" {
				t.Errorf("tier %s lacks %s of the previous tier", tier, k)
			}
		}
		prev = m
	}
	parts := prev["parts"].(map[string]any)
	if parts["land"] == nil || parts["roof"].(map[string]any)["roof_orientation"] != "S" {
		t.Errorf("complete parts %v", parts)
	}
}

func TestPropertyParts(t *testing.T) {
	docs := map[string]any{"properties/100023336956": sampleProperty()}
	title := mappings.Title{TitleNo: "DN123", UPRN: 100023336956, EstateInterest: "Freehold", TitleClass: "Absolute", AreaSqm: 130}
	searches := map[string]*search.Response{"titles": resp(1, hit(t, "DN123", title))}
	s := newTestServer(t, propertyBackend(t, docs, searches))
	for _, part := range partNames {
		rec := do(t, s, "GET", "/api/properties/100023336956/"+part+"/", "")
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", part, rec.Code, rec.Body)
		}
		m := decodeMap(t, rec.Body.Bytes())
		if m["part"] != part || m["uprn"].(float64) != 100023336956 {
			t.Errorf("%s: %v", part, m)
		}
		for _, f := range partFields[part] {
			if _, ok := m[f]; !ok {
				t.Errorf("%s lacks %s", part, f)
			}
		}
		switch part {
		case "epc_renovations":
			if m["total_cost_low"].(float64) != 3600 || m["total_cost_high"].(float64) != 5850 || m["renovation_count"].(float64) != 2 {
				t.Errorf("renovations %v", m)
			}
		case "land":
			if m["title_no"] != "DN123" || m["plot_area_sqm"].(float64) != 120 {
				t.Errorf("land %v", m)
			}
		}
	}
}

func TestPropertyDiscover(t *testing.T) {
	docs := map[string]any{"properties/100023336956": sampleProperty(), "properties/100023336957": sampleFlat()}
	s := newTestServer(t, propertyBackend(t, docs, nil))
	rec := do(t, s, "GET", "/api/property/100023336956/", "")
	m := decodeMap(t, rec.Body.Bytes())
	if len(m["tiers"].([]any)) != 4 || len(m["parts"].([]any)) != len(partNames) || len(m["add_ons"].([]any)) == 0 {
		t.Fatalf("discover %v", m)
	}
	for _, p := range m["parts"].([]any) {
		pm := p.(map[string]any)
		if pm["weight"].(float64) != 1 {
			t.Errorf("part weight %v", pm)
		}
	}
	rec = do(t, s, "GET", "/api/property/100023336957/?with=roof,land,address", "")
	m = decodeMap(t, rec.Body.Bytes())
	if rec.Code != 200 || m["land"] != nil || m["roof"] == nil || m["address"].(map[string]any)["sub_building"] != "Flat 3" {
		t.Errorf("with: %d %v", rec.Code, m)
	}
	rec = do(t, s, "GET", "/api/property/100023336956/?with=roof,pool", "")
	if !strings.Contains(rec.Body.String(), "pool") {
		t.Errorf("422 does not name the unknown value: %s", rec.Body)
	}
}

func TestEPCChecker(t *testing.T) {
	certs := []mappings.EPC{
		{EPCID: "new", UPRN: 7, LodgementDate: "2023-02-01", CurrentEnergyRating: "C", CurrentEnergyEfficiency: 70, PotentialEnergyEfficiency: 85, TotalFloorArea: 90, ConstructionAgeBand: "1930-1949"},
		{EPCID: "old", UPRN: 7, LodgementDate: "2012-02-01", CurrentEnergyRating: "E", CurrentEnergyEfficiency: 45},
	}
	searches := map[string]*search.Response{"epc": resp(2, hit(t, "new", certs[0]), hit(t, "old", certs[1]))}
	rec := do(t, newTestServer(t, propertyBackend(t, nil, searches)), "GET", "/api/epc-checker/7/", "")
	m := decodeMap(t, rec.Body.Bytes())
	if rec.Code != 200 || m["epc_id"] != "new" || m["last_epc_date"] != "2023-02-01" || m["epc_floor_area"].(float64) != 90 ||
		len(m["history"].([]any)) != 2 || m["certificate_count"].(float64) != 2 {
		t.Errorf("%d %v", rec.Code, m)
	}
}
