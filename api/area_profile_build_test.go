package api

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// TestProfileRequestsAndSections checks the pure parts of the postcode
// profile: which searches a postcode record and a plan's detail ask for,
// and that a section whose response is missing stays null.
func TestProfileRequestsAndSections(t *testing.T) {
	pc, _ := mappings.ParsePostcode("EX1 1AE")
	now := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	keysOf := func(rs profileRequests) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.key)
		}
		return out
	}
	full := &mappings.Postcode{LSOACode: "E01", MSOACode: "E02", LADCode: "E07", Region: "South West", Location: &mappings.GeoPoint{Lat: 50.72, Lon: -3.53}}
	got := keysOf(newProfileInput(pc, full, profileDetailFor(ratelimit.PlanStarter), now).requests())
	want := []string{profileKeyDeprivation, profileKeyBroadband, profileKeyCensus, profileKeySales, profileKeySchools, profileKeyTransport,
		profileKeyRiskHazards, profileKeyRiskCoverage, profileKeyProperties, profileKeyCouncilTax, profileKeyHPI}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("full plan asks %v, want %v", got, want)
	}
	if got := keysOf(newProfileInput(pc, full, profileDetailFor(ratelimit.PlanFree), now).requests()); slices.Contains(got, profileKeySales) {
		t.Errorf("Free plan asks for sales: %v", got)
	}
	bare := &mappings.Postcode{}
	got = keysOf(newProfileInput(pc, bare, profileFull, now).requests())
	if want := []string{profileKeyBroadband, profileKeySales, profileKeyProperties}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("postcode without codes or location asks %v, want %v", got, want)
	}

	in := newProfileInput(pc, full, profileSummary, now)
	if ymd(in.salesFrom) != "2025-11-25" || ymd(in.salesTo) != "2026-11-25" || ymd(in.monthStart) != "2026-11-01" {
		t.Errorf("windows: sales %s..%s, month %s", ymd(in.salesFrom), ymd(in.salesTo), ymd(in.monthStart))
	}
	out, err := buildProfile(in, map[string]*search.Response{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Plan != profileSummary || len(out.Notes) != 1 || out.Location == nil {
		t.Errorf("summary profile: plan %q, notes %v, location %v", out.Plan, out.Notes, out.Location)
	}
	if out.Deprivation != nil || out.SoldPrices != nil || out.Schools != nil || out.Properties != nil || out.CouncilTax != nil || out.HPI != nil || out.EnvironmentalRisk != nil {
		t.Errorf("sections without responses are not null: %+v", out)
	}
}
