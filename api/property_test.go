package api

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

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
		{"land for a flat", "GET", "/api/properties/100023336957/land/", "", 400, CodeNotApplicable},
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

func TestCouncilTaxBand(t *testing.T) {
	house, flat := sampleProperty(), sampleFlat()
	flat.CouncilTaxBand = "A"
	named := sampleProperty()
	named.UPRN, named.BuildingNumber, named.BuildingName, named.CouncilTaxBand, named.FullAddress = 9, "", "Rose Cottage", "F", "Rose Cottage, High Street"
	searches := map[string]*search.Response{"properties": resp(3, hit(t, "f", flat), hit(t, "h", house), hit(t, "n", named))}
	docs := map[string]any{"postcodes/EX1 1AE": mappings.Postcode{Postcode: "EX1 1AE", Country: "E"}, "postcodes/TD15 1AA": mappings.Postcode{Postcode: "TD15 1AA", Country: "E"}}
	s := newTestServer(t, propertyBackend(t, docs, searches))
	for _, tc := range []struct{ q, band string }{
		{"postcode=ex11ae&building_number=12", "C"},
		{"postcode=EX1+1AE&building_name=rose+cottage", "F"},
		{"postcode=TD15+1AA&building_number=12", "C"}, // Berwick: a TD postcode in England
	} {
		rec := do(t, s, "GET", "/api/council_tax_band/?"+tc.q, "")
		m := decodeMap(t, rec.Body.Bytes())
		if rec.Code != 200 || m["council_tax_band"] != tc.band || m["address"] == "" {
			t.Errorf("%s: %d %v", tc.q, rec.Code, m)
		}
	}
	rec := do(t, s, "GET", "/api/council_tax_band/?postcode=EX1+1AE", "")
	if !strings.Contains(rec.Body.String(), "building_number") || !strings.Contains(rec.Body.String(), "building_name") {
		t.Errorf("422 does not name both: %s", rec.Body)
	}
}

func TestCouncilTax(t *testing.T) {
	p := sampleProperty()
	charge := mappings.CouncilTaxCharge{ID: "E07000041-2025-26", LADCode: "E07000041", BillingAuthority: "Exeter City Council", Year: "2025-26",
		BandDChargePence: 221000, ChargesPence: map[string]int64{"C": 196445, "D": 221000}}
	docs := map[string]any{"properties/100023336956": p, "council_tax/E07000041-2025-26": charge}
	fb := propertyBackend(t, docs, nil)
	s := NewServer(Options{Backend: fb, Logger: zerolog.Nop(), Now: func() time.Time { return time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC) }})
	fb.t = t
	rec := do(t, s, "GET", "/api/council_tax/100023336956/", "")
	m := decodeMap(t, rec.Body.Bytes())
	if rec.Code != 200 || m["annual_charge_pence"].(float64) != 196445 || m["annual_charge_gbp"].(float64) != 1964 || m["is_current_year"] != true ||
		m["billing_authority"] != "Exeter City Council" || len(m["band_history"].([]any)) != 2 {
		t.Errorf("%d %v", rec.Code, m)
	}
	if h := m["band_history"].([]any)[0].(map[string]any); h["band"] != "C" {
		t.Errorf("history not latest first: %v", h)
	}
	// In March 2026 the year is still 2025-26; in April 2026 it is 2026-27 (falls back to the latest held).
	if taxYear(time.Date(2026, 3, 31, 0, 0, 0, 0, time.UTC)) != "2025-26" || taxYear(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)) != "2026-27" {
		t.Errorf("taxYear boundaries")
	}
}

func TestListingAddress(t *testing.T) {
	linked := mappings.Listing{ID: "L1", UPRN: 10, DisplayAddress: "High Street, Exeter", Postcode: "EX1 1AE"}
	unlinked := mappings.Listing{ID: "L2", DisplayAddress: "12 High St, Exeter", Postcode: "EX1 1AE"}
	vague := mappings.Listing{ID: "L3", DisplayAddress: "Exeter", Postcode: "EX1 1AE"}
	a10, a12 := addr(10, "", "", "10", "High Street"), addr(12, "", "", "12", "High Street")
	docs := map[string]any{"listings/L1": linked, "listings/L2": unlinked, "listings/L3": vague, "addresses/10": a10}
	fb := propertyBackend(t, docs, nil)
	fb.SearchFn = func(index string, body any) (*search.Response, error) {
		if index != "addresses" {
			return resp(0), nil
		}
		b := string(mustJSON(t, body))
		if strings.Contains(b, `"numbers":"12"`) {
			return resp(1, hit(t, "12", a12)), nil
		}
		return resp(1, hit(t, "10", a10)), nil
	}
	s := newTestServer(t, fb)
	for _, tc := range []struct {
		id     string
		status int
		uprn   float64
		method string
	}{{"L1", 200, 10, "linked"}, {"L2", 200, 12, "address_match"}, {"L3", 404, 0, ""}} {
		rec := do(t, s, "POST", "/api/listing-address/", `{"listing_id":"`+tc.id+`"}`)
		if rec.Code != tc.status {
			t.Fatalf("%s: %d %s", tc.id, rec.Code, rec.Body)
		}
		if tc.status == 200 {
			m := decodeMap(t, rec.Body.Bytes())
			if m["uprn"].(float64) != tc.uprn || m["method"] != tc.method || m["confidence"].(float64) < 0.5 {
				t.Errorf("%s: %v", tc.id, m)
			}
		}
	}
}

func TestAddressRetrieveLevels(t *testing.T) {
	p := sampleProperty()
	a := addr(100023336956, "", "", "12", "High Street")
	a.Location = &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}
	stats := resp(4)
	stats.Aggregations = map[string]json.RawMessage{
		"predicted_value": json.RawMessage(`{"values":{"50.0":250000}}`),
		"bands":           json.RawMessage(`{"buckets":[{"key":"C","doc_count":3}]}`),
	}
	docs := map[string]any{"properties/100023336956": p, "addresses/100023336956": a}
	s := newTestServer(t, propertyBackend(t, docs, map[string]*search.Response{"properties": stats}))
	levels := map[string][]string{
		"address":  {"uprn", "full_address", "outward_postcode", "latitude", "level"},
		"property": {"property_type", "predicted_bedrooms", "last_sold_adjusted_price", "classification_code"},
		"full":     {"valuation", "construction", "outdoor", "area_statistics", "renovation_costs"},
	}
	for _, level := range []string{"address", "property", "full"} {
		rec := do(t, s, "GET", "/api/address/retrieve/100023336956/?level="+level, "")
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", level, rec.Code, rec.Body)
		}
		m := decodeMap(t, rec.Body.Bytes())
		for _, k := range levels[level] {
			if _, ok := m[k]; !ok {
				t.Errorf("level %s lacks %s", level, k)
			}
		}
		if m["level"] != level {
			t.Errorf("level echo %v", m["level"])
		}
		if level == "full" {
			as := m["area_statistics"].(map[string]any)
			if as["postcode_median_predicted_value"].(float64) != 250000 || as["postcode_property_count"].(float64) != 4 {
				t.Errorf("area statistics %v", as)
			}
			if m["valuation"].(map[string]any)["predicted_value"].(float64) != 285000 {
				t.Errorf("valuation %v", m["valuation"])
			}
		}
	}
	rec := do(t, s, "GET", "/api/address/retrieve/100023336956/", "")
	if m := decodeMap(t, rec.Body.Bytes()); m["level"] != "address" {
		t.Errorf("default level %v", m["level"])
	}
}

func TestMatchConfidence(t *testing.T) {
	a := addr(1, "", "", "12", "High Street")
	if c := matchConfidence("12 High St, Exeter", &a, 1); c < 0.9 {
		t.Errorf("abbreviated street: %v", c)
	}
	if c := matchConfidence("High Street, Exeter", &a, 3); c >= listingAddressMinConfidence {
		t.Errorf("no number: %v", c)
	}
	_ = errors.New
}
