package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// docs is a fake Get over index → id → document.
func docsGet(t *testing.T, docs map[string]map[string]any) func(index, id string) (json.RawMessage, bool, error) {
	return func(index, id string) (json.RawMessage, bool, error) {
		d, ok := docs[index][id]
		if !ok {
			return nil, false, nil
		}
		return mustJSON(t, d), true, nil
	}
}

func emptyMSearch(items []search.MultiItem) ([]*search.Response, error) {
	out := make([]*search.Response, len(items))
	for i := range out {
		out[i] = &search.Response{}
	}
	return out, nil
}

func areaDocs() map[string]map[string]any {
	return map[string]map[string]any{
		mappings.IndexPostcodes: {
			"EX1 1AE": mappings.Postcode{Postcode: "EX1 1AE", Outcode: "EX1", LSOACode: "E01000001", MSOACode: "E02000001", LADCode: "E07000041", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}},
			"EX2 2AB": mappings.Postcode{Postcode: "EX2 2AB", Outcode: "EX2"}, // no LSOA/MSOA
			"EX3 3AB": mappings.Postcode{Postcode: "EX3 3AB", Outcode: "EX3", LSOACode: "E01999999", MSOACode: "E02999999"},
		},
		mappings.IndexDeprivation: {
			"E01000001": mappings.Deprivation{LSOACode: "E01000001", LADName: "Exeter", Rank: 100, Decile: 1, LADRank: 2, LADCount: 78,
				Domains: []mappings.DeprivationDomain{{Domain: "crime", Rank: 10, Decile: 1}, {Domain: "income", Rank: 50, Decile: 1}}},
		},
		mappings.IndexBroadband: {
			"EX1 1AE": mappings.Broadband{Postcode: "EX1 1AE", AvgDownloadSpeed: 50},
		},
		mappings.IndexProperties: {
			"12345678": mappings.Property{UPRN: 12345678, PropertyType: "Detached", RoofAreaSqm: 60, RoofOrientation: "SW", RoofPitchDeg: 40, Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}},
			"22345678": mappings.Property{UPRN: 22345678, PropertyType: "Terraced"}, // no location, no roof
			"32345678": mappings.Property{UPRN: 32345678, PropertyType: "Flat"},
		},
	}
}

func TestAreaErrors(t *testing.T) {
	tests := []struct {
		name, url  string
		get        bool // serve areaDocs through Get
		msearch    bool
		searchErr  error
		total      int64 // hits.total of Search
		wantStatus int
		wantCode   string
	}{
		{"risk type unknown", "/api/risks/volcano/?uprn=12345678", false, false, nil, 0, 404, CodeNotFound},
		{"risk uprn missing", "/api/risks/flood/", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"risk uprn malformed", "/api/risks/flood/?uprn=12ab", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"risk radius out of range", "/api/risks/flood/?uprn=12345678&radius_m=10", false, false, nil, 0, 422, CodeInvalidParams},
		{"risk uprn unknown", "/api/risks/all/?uprn=99999999", true, false, nil, 0, 404, CodeNotFound},
		{"risk property without location", "/api/risks/flood/?uprn=22345678", true, false, nil, 0, 404, "no_geopoint"},
		{"risk engine down", "/api/risks/flood/?uprn=12345678", true, false, search.ErrUnavailable, 0, 503, CodeServiceUnavailable},
		{"flood uprn missing", "/api/flood-risk/", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"flood uprn unknown", "/api/flood-risk/?uprn=99999999", true, false, nil, 0, 404, CodeNotFound},
		{"flood engine timeout", "/api/flood-risk/?uprn=12345678", true, false, search.ErrTimeout, 0, 504, CodeTimeout},
		{"deprivation postcode missing", "/api/deprivation/", false, false, nil, 0, 422, CodeMissingPostcode},
		{"deprivation postcode malformed", "/api/deprivation/?postcode=EX1+1CE", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"deprivation postcode unknown", "/api/deprivation/?postcode=SW1A+2AA", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"deprivation postcode without LSOA", "/api/deprivation/?postcode=EX2+2AB", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"deprivation LSOA without data", "/api/deprivation/?postcode=EX3+3AB", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"demographics postcode missing", "/api/demographics/", false, false, nil, 0, 422, CodeMissingPostcode},
		{"demographics postcode malformed", "/api/demographics/?postcode=12345", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"demographics postcode unknown", "/api/demographics/?postcode=SW1A2AA", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"demographics postcode without MSOA", "/api/demographics/?postcode=EX22AB", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"demographics census missing", "/api/demographics/?postcode=EX33AB", true, true, nil, 0, 404, CodeDataNotAvailable},
		{"broadband postcode missing", "/api/broadband", false, false, nil, 0, 422, CodeMissingPostcode},
		{"broadband postcode blank", "/api/broadband?postcode=+", false, false, nil, 0, 422, CodeMissingPostcode},
		{"broadband postcode malformed", "/api/broadband?postcode=EX1%2B1AE", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"broadband no data", "/api/broadband?postcode=EX2+2AB", true, false, nil, 0, 404, CodeNotFound},
		{"profile postcode missing", "/api/postcode-profile", false, false, nil, 0, 422, CodeMissingPostcode},
		{"profile postcode malformed", "/api/postcode-profile?postcode=EX1", false, false, nil, 0, 422, CodeInvalidPostcode},
		{"profile postcode unknown", "/api/postcode-profile?postcode=SW1A+2AA", true, false, nil, 0, 404, CodeDataNotAvailable},
		{"distribution outcode malformed", "/api/price_distributions/1EX/", false, false, nil, 0, 422, CodeInvalidParams},
		{"distribution months out of range", "/api/price_distributions/EX1/?months=0", false, false, nil, 0, 422, CodeInvalidParams},
		{"distribution bin width out of range", "/api/price_distributions/EX1/?bin_width=10", false, false, nil, 0, 422, CodeInvalidParams},
		{"distribution outcode unknown", "/api/price_distributions/ZZ9/", false, false, nil, 0, 404, CodeNotFound},
		{"growth outcode malformed", "/api/price-growth/EX1-1/", false, false, nil, 0, 422, CodeInvalidParams},
		{"growth outcode unknown", "/api/price-growth/ZZ9/", false, false, nil, 0, 404, CodeNotFound},
		{"growth engine down", "/api/price-growth/EX1/", false, false, search.ErrUnavailable, 0, 503, CodeServiceUnavailable},
		{"trends outcode malformed", "/api/price_trends/EXETER1/", false, false, nil, 0, 422, CodeInvalidParams},
		{"trends outcode unknown", "/api/price_trends/ZZ9/", false, false, nil, 0, 404, CodeNotFound},
		{"solar uprn malformed", "/api/solar-assessment/0/", false, false, nil, 0, 400, CodeInvalidUPRN},
		{"solar uprn unknown", "/api/solar-assessment/99999999/", true, false, nil, 0, 404, CodeNotFound},
		{"solar without roof data", "/api/solar-assessment/22345678/", true, false, nil, 0, 404, CodeDataNotAvailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fb := &fakeBackend{}
			if tc.get {
				fb.GetFn = docsGet(t, areaDocs())
			}
			if tc.msearch {
				fb.MSearchFn = emptyMSearch
			}
			if tc.searchErr != nil && !strings.Contains(tc.url, "price") {
				fb.MSearchFn = func([]search.MultiItem) ([]*search.Response, error) { return nil, tc.searchErr }
			}
			if strings.Contains(tc.url, "price") {
				fb.SearchFn = func(index string, body any) (*search.Response, error) {
					if tc.searchErr != nil {
						return nil, tc.searchErr
					}
					r := &search.Response{}
					r.Hits.Total.Value = tc.total
					return r, nil
				}
			}
			rec := do(t, newTestServer(t, fb), http.MethodGet, tc.url, "")
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.wantStatus, rec.Body)
			}
			if got := errorCode(t, rec); got != tc.wantCode {
				t.Errorf("code %q, want %q", got, tc.wantCode)
			}
		})
	}
}

func TestDeprivationScoreAndLabels(t *testing.T) {
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs())}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/deprivation/?postcode=ex11ae", "")
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var b deprivationResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	if b.Overall.Score != 1 || b.Overall.ShortLabel != "Very high deprivation" || *b.Overall.LADRank != 2 ||
		b.Overall.LADRankDescription == nil || !strings.Contains(*b.Overall.LADRankDescription, "2 of 78") || b.Metadata.TotalLSOAs != imdTotalLSOAs {
		t.Errorf("overall %+v metadata %+v", b.Overall, b.Metadata)
	}
	// Domains come in the fixed order whatever the stored order.
	if len(b.Domains) != 2 || b.Domains[0].Domain != "income" || b.Domains[1].Domain != "crime" || b.Domains[1].Label != "Crime" {
		t.Errorf("domains %+v", b.Domains)
	}
	for d, want := range map[int]string{1: "10% most", 5: "50% most", 6: "50% least", 10: "10% least"} {
		if l, _ := decileLabels(d); !strings.Contains(l, want) {
			t.Errorf("decile %d label %q, want %q", d, l, want)
		}
	}
}

func TestBroadbandSpacesOptionalAndFree(t *testing.T) {
	fb := &fakeBackend{GetFn: docsGet(t, areaDocs())}
	s := newTestServer(t, fb)
	for _, pc := range []string{"EX11AE", "ex1+1ae", "EX1%201AE"} {
		rec := do(t, s, http.MethodGet, "/api/broadband?postcode="+pc, "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"postcode":"EX1 1AE"`) {
			t.Errorf("%s: %d %s", pc, rec.Code, rec.Body)
		}
	}
	for _, rt := range s.Routes() {
		if rt.Name == "broadband.get" && rt.Weight != 0 {
			t.Errorf("broadband weight %d, want 0", rt.Weight)
		}
		if rt.Name == "solar.assessment" && rt.Weight != 5 {
			t.Errorf("solar weight %d, want 5", rt.Weight)
		}
	}
}

func TestDemographicsEveryGroup(t *testing.T) {
	fb := &fakeBackend{
		GetFn: docsGet(t, areaDocs()),
		MSearchFn: func(items []search.MultiItem) ([]*search.Response, error) {
			out, _ := emptyMSearch(items)
			out[0].Hits.Hits = []search.Hit{hit(t, "E02000001", mappings.Census{MSOACode: "E02000001", CensusYear: 2021, PopulationTotal: 8000,
				Tenure: map[string]float64{"owned_outright_pct": 33.3}})}
			return out, nil
		},
	}
	rec := do(t, newTestServer(t, fb), http.MethodGet, "/api/demographics/?postcode=EX1+1AE", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var b map[string]json.RawMessage
	_ = json.Unmarshal(rec.Body.Bytes(), &b)
	for _, g := range censusGroups() {
		var m map[string]*float64
		if err := json.Unmarshal(b[g.Name], &m); err != nil {
			t.Fatalf("group %s: %v", g.Name, err)
		}
		for _, k := range g.Keys {
			if _, ok := m[k]; !ok {
				t.Errorf("group %s lacks %s", g.Name, k)
			}
		}
	}
	if string(b["deprivation"]) != "null" || string(b["census_year"]) != "2021" || !strings.Contains(string(b["tenure"]), `"owned_outright_pct":33.3`) {
		t.Errorf("body %s", rec.Body)
	}
}
