package api

import (
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

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
	fb.T = t
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
