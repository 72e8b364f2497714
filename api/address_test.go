package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

func addr(uprn int64, sub, name, num, street string) mappings.Address {
	a := mappings.Address{UPRN: uprn, SubBuilding: sub, BuildingName: name, BuildingNumber: num, StreetName: street,
		TownName: "Exeter", PostTown: "EXETER", Postcode: "EX1 1AE"}
	mappings.AddressSearchFields(&a)
	return a
}

// flatsAgg is the AddressBuildingFlats response: per building key, the
// number of matching addresses and the first of them.
func flatsAgg(t *testing.T, groups map[string][]mappings.Address, counts map[string]int64) *search.Response {
	type bucket struct {
		Key      string `json:"key"`
		DocCount int64  `json:"doc_count"`
		Flats    struct {
			Hits search.Hits `json:"hits"`
		} `json:"flats"`
	}
	var bs []bucket
	for k, g := range groups {
		b := bucket{Key: k, DocCount: counts[k]}
		for _, a := range g {
			b.Flats.Hits.Hits = append(b.Flats.Hits.Hits, hit(t, "g", a))
		}
		bs = append(bs, b)
	}
	r := &search.Response{Aggregations: map[string]json.RawMessage{
		"building": mustJSON(t, map[string]any{"buckets": bs}),
	}}
	return r
}

func resp(total int64, hits ...search.Hit) *search.Response {
	r := &search.Response{}
	r.Hits.Total.Value = total
	r.Hits.Hits = hits
	return r
}

func decodeFind(t *testing.T, body []byte) findResponse {
	t.Helper()
	var r findResponse
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return r
}

func TestAddressFindErrors(t *testing.T) {
	tests := []struct {
		name, url  string
		get        func(index, id string) (json.RawMessage, bool, error)
		search     func(index string, body any) (*search.Response, error)
		wantStatus int
		wantCode   string
	}{
		{"q missing", "/api/address/find/", nil, nil, 422, CodeQueryTooShort},
		{"q one char", "/api/address/find/?q=a", nil, nil, 422, CodeQueryTooShort},
		{"q one char padded", "/api/address/find/?q=%20a%20", nil, nil, 422, CodeQueryTooShort},
		{"q too long", "/api/address/find/?q=" + strings.Repeat("a", 201), nil, nil, 422, CodeInvalidParams},
		{"q control char", "/api/address/find/?q=ab%00", nil, nil, 422, CodeInvalidParams},
		{"limit zero", "/api/address/find/?q=high&limit=0", nil, nil, 422, CodeInvalidParams},
		{"limit 21", "/api/address/find/?q=high&limit=21", nil, nil, 422, CodeInvalidParams},
		{"limit text", "/api/address/find/?q=high&limit=ten", nil, nil, 422, CodeInvalidParams},
		{"building not a uprn", "/api/address/find/?q=flat&building=abc", nil, nil, 400, CodeInvalidUPRN},
		{"lat without lng", "/api/address/find/?q=high&lat=50.7", nil, nil, 422, CodeInvalidParams},
		{"lat out of range", "/api/address/find/?q=high&lat=95&lng=1", nil, nil, 422, CodeInvalidParams},
		{"bias point sent empty", "/api/address/find/?q=high&lat=&lng=-3.5&postcode=EX1+1AE", nil, nil, 422, CodeInvalidParams},
		{"bias postcode malformed", "/api/address/find/?q=high&postcode=EX1", nil, nil, 422, CodeInvalidPostcode},
		{"bias postcode unknown", "/api/address/find/?q=high&postcode=EX1+1AE",
			func(string, string) (json.RawMessage, bool, error) { return nil, false, nil }, nil, 404, CodeNotFound},
		{"engine down", "/api/address/find/?q=high", nil,
			func(string, any) (*search.Response, error) { return nil, search.ErrUnavailable }, 503, CodeServiceUnavailable},
		{"engine timeout", "/api/address/find/?q=EX1", nil,
			func(string, any) (*search.Response, error) { return nil, search.ErrTimeout }, 504, CodeTimeout},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, newTestServer(t, &fakeBackend{GetFn: tc.get, SearchFn: tc.search}), http.MethodGet, tc.url, "")
			if rec.Code != tc.wantStatus || errorCode(t, rec) != tc.wantCode {
				t.Errorf("got %d %s, want %d %s", rec.Code, rec.Body, tc.wantStatus, tc.wantCode)
			}
		})
	}
}

func TestAddressFindPaths(t *testing.T) {
	house := addr(1, "", "", "12", "High Street")
	var bodies []string
	fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
		if index != "addresses" {
			t.Errorf("index %q", index)
		}
		b, _ := json.Marshal(body)
		bodies = append(bodies, string(b))
		return resp(1, hit(t, "1", house)), nil
	}}
	s := newTestServer(t, fb)
	for _, tc := range []struct{ q, want string }{
		{"EX1%201AE", "postcode"}, {"ex11ae", "postcode"}, {"EX1", "outcode"}, {"EX1%201", "postcode_partial"}, {"12%20high%20st", "text"},
	} {
		rec := do(t, s, http.MethodGet, "/api/address/find/?q="+tc.q, "")
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", tc.q, rec.Code, rec.Body)
		}
		r := decodeFind(t, rec.Body.Bytes())
		if r.Meta.QueryType != tc.want || r.Count != 1 || r.Suggestions[0].UPRN != 1 || r.Suggestions[0].Town != "Exeter" {
			t.Errorf("%s: %+v", tc.q, r)
		}
		if r.Suggestions[0].AddressLine2 != nil {
			t.Errorf("%s: address_line_2 should be null for a house: %q", tc.q, *r.Suggestions[0].AddressLine2)
		}
	}
	if !strings.Contains(bodies[0], `"postcode_key":"EX11AE"`) || !strings.Contains(bodies[4], `"numbers":"12"`) {
		t.Errorf("bodies: %v", bodies)
	}
}

func TestAddressFindFuzzyOnlyWhenStrictEmpty(t *testing.T) {
	house := addr(1, "", "", "12", "High Street")
	calls := 0
	fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
		calls++
		b, _ := json.Marshal(body)
		if strings.Contains(string(b), `"fuzzy"`) {
			return resp(1, hit(t, "1", house)), nil
		}
		return resp(0), nil
	}}
	s := newTestServer(t, fb)
	rec := do(t, s, http.MethodGet, "/api/address/find/?q=12+high+streat", "")
	r := decodeFind(t, rec.Body.Bytes())
	// Houses and buildings, then every address, then fuzzy.
	if calls != 3 || r.Meta.QueryType != "text_fuzzy" || r.Count != 1 {
		t.Errorf("calls %d, %+v", calls, r)
	}
	// No word of five letters: no fallback.
	calls = 0
	rec = do(t, s, http.MethodGet, "/api/address/find/?q=12+hihg+st", "")
	r = decodeFind(t, rec.Body.Bytes())
	if calls != 2 || r.Meta.QueryType != "text" || r.Count != 0 || r.Suggestions == nil {
		t.Errorf("calls %d, %+v", calls, r)
	}
}

func TestAddressFindBuildingGroups(t *testing.T) {
	var flats []mappings.Address
	for i := 1; i <= 5; i++ {
		f := addr(int64(100+i), "Flat "+string(rune('0'+i)), "Marina Court", "12", "High Street")
		f.ParentUPRN = 99
		flats = append(flats, f)
	}
	building := addr(99, "", "Marina Court", "12", "High Street")
	building.FlatCount = 24
	small := []mappings.Address{addr(201, "Flat A", "", "5", "Mill Road"), addr(202, "Flat B", "", "5", "Mill Road")}
	house := addr(300, "", "", "14", "High Street")
	hits := []search.Hit{
		hit(t, "x", flats[0]), // no building record: synthesised building
		hit(t, "x", building), // building record wins its group
		hit(t, "x", small[0]), // two flats: listed one by one
		hit(t, "x", house),    // a house
	}
	var followUp string
	agg := flatsAgg(t,
		map[string][]mappings.Address{flats[0].BuildingKey: flats[:3], small[0].BuildingKey: small},
		map[string]int64{flats[0].BuildingKey: 5, small[0].BuildingKey: 2})
	s := newTestServer(t, &fakeBackend{SearchFn: func(_ string, body any) (*search.Response, error) {
		if b := string(mustJSON(t, body)); strings.Contains(b, `"aggs"`) {
			followUp = b
			return agg, nil
		}
		return resp(33, hits...), nil
	}})
	rec := do(t, s, http.MethodGet, "/api/address/find/?q=high+street", "")
	r := decodeFind(t, rec.Body.Bytes())
	want := []struct {
		uprn  int64
		typ   string
		flats int
	}{{99, "building", 5}, {99, "building", 24}, {201, "address", 0}, {202, "address", 0}, {300, "address", 0}}
	// The synthesised building and the record share UPRN 99: the second is dropped.
	want = append(want[:1], want[2:]...)
	if len(r.Suggestions) != len(want) {
		t.Fatalf("got %d suggestions: %+v", len(r.Suggestions), r.Suggestions)
	}
	for i, w := range want {
		sg := r.Suggestions[i]
		fc := 0
		if sg.FlatCount != nil {
			fc = *sg.FlatCount
		}
		if sg.UPRN != w.uprn || sg.Type != w.typ || fc != w.flats || (sg.FlatCount == nil) != (w.typ == "address") {
			t.Errorf("suggestion %d = %+v, want %+v", i, sg, w)
		}
	}
	if r.Suggestions[0].Address != "Marina Court, 12 High Street, EXETER, EX1 1AE" {
		t.Errorf("building address %q", r.Suggestions[0].Address)
	}
	if r.Meta.Total != 33 || r.Count != 4 {
		t.Errorf("meta %+v count %d", r.Meta, r.Count)
	}
	// One follow-up counts the two buildings whose best hit was a flat (not
	// the building record, not the house), with the same text query.
	for _, want := range []string{flats[0].BuildingKey, small[0].BuildingKey, `"search_text"`} {
		if !strings.Contains(followUp, want) {
			t.Errorf("follow-up lacks %s: %s", want, followUp)
		}
	}
	if strings.Contains(followUp, building.BuildingKey+`"`) && building.BuildingKey != flats[0].BuildingKey {
		t.Errorf("follow-up asks for the building record's group: %s", followUp)
	}
	// limit caps expanded groups too.
	rec = do(t, s, http.MethodGet, "/api/address/find/?q=high+street&limit=2", "")
	if r := decodeFind(t, rec.Body.Bytes()); r.Count != 2 {
		t.Errorf("limit 2: %d suggestions", r.Count)
	}
}

func TestAddressFindBias(t *testing.T) {
	var body string
	fb := &fakeBackend{
		GetFn: func(index, id string) (json.RawMessage, bool, error) {
			return mustJSON(t, mappings.Postcode{Postcode: "EX8 1AA", Location: &mappings.GeoPoint{Lat: 50.6, Lon: -3.4}}), true, nil
		},
		SearchFn: func(index string, b any) (*search.Response, error) {
			body = string(mustJSON(t, b))
			return resp(0), nil
		},
	}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/address/find/?q=high+st&postcode=ex81aa", "")
	if rec.Code != 200 || !strings.Contains(body, `"distance_feature"`) || !strings.Contains(body, `[-3.4,50.6]`) {
		t.Errorf("%d %s; body %s", rec.Code, rec.Body, body)
	}
}

func TestAddressPostcode(t *testing.T) {
	a := addr(5, "Flat 1", "Marina Court", "12", "High Street")
	tests := []struct {
		name, path string
		hits       []search.Hit
		wantStatus int
		wantCode   string
	}{
		{"encoded space", "/api/address/postcode/EX1%201AE/", []search.Hit{hit(t, "5", a)}, 200, ""},
		{"no space lower case", "/api/address/postcode/ex11ae", []search.Hit{hit(t, "5", a)}, 200, ""},
		{"plus is literal", "/api/address/postcode/EX1+1AE/", nil, 422, CodeInvalidPostcode},
		{"malformed", "/api/address/postcode/EX1/", nil, 422, CodeInvalidPostcode},
		{"bad inward letters", "/api/address/postcode/EX11CE/", nil, 422, CodeInvalidPostcode},
		{"unknown", "/api/address/postcode/ZZ99%209ZZ/", nil, 404, CodeNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
				return resp(int64(len(tc.hits)), tc.hits...), nil
			}, GetFn: func(index, id string) (json.RawMessage, bool, error) { return nil, false, nil }}
			rec := do(t, newTestServer(t, fb), http.MethodGet, tc.path, "")
			if rec.Code != tc.wantStatus {
				t.Fatalf("got %d %s", rec.Code, rec.Body)
			}
			if tc.wantCode != "" {
				if c := errorCode(t, rec); c != tc.wantCode {
					t.Errorf("code %s, want %s", c, tc.wantCode)
				}
				return
			}
			var out struct {
				Postcode  string            `json:"postcode"`
				Count     int               `json:"count"`
				Addresses []postcodeAddress `json:"addresses"`
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			if out.Postcode != "EX1 1AE" || out.Count != 1 || out.Addresses[0].Street != "High Street" || out.Addresses[0].SubBuilding != "Flat 1" {
				t.Errorf("%+v", out)
			}
		})
	}
}

func TestTitleCase(t *testing.T) {
	for in, want := range map[string]string{"EXETER": "Exeter", "NEWTON ABBOT": "Newton Abbot", "Exeter": "Exeter", "": ""} {
		if got := titleCase(in); got != want {
			t.Errorf("titleCase(%q) = %q", in, got)
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
