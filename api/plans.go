package api

// Plan policy: what a plan may see beyond the route table's gate (MinPlan in
// routes.go). Handlers ask here and never compare plan names themselves.

import (
	"context"

	"github.com/ukpd/propertyapi/ratelimit"
)

// planOf is the plan of the key behind a request; "" when the route is open
// or no gate runs (tests, the embedded relay without a key).
func planOf(ctx context.Context) string {
	if ci := CallInfoFrom(ctx); ci != nil {
		return ci.Plan
	}
	return ""
}

// Postcode-profile detail levels (the "detail" field of the response).
const (
	profileFull    = "full"
	profileSummary = "summary"
)

// profileDetailFor is the postcode-profile detail of a plan: Free sees the
// summary (no sold prices, schools without the Ofsted breakdown, HPI without
// the monthly trend); every other plan, and no gate, sees it all.
func profileDetailFor(plan string) string {
	if plan == ratelimit.PlanFree {
		return profileSummary
	}
	return profileFull
}

// ExportCap is the row cap of an export on a plan (spec 8.4); enterprise
// overrides the Enterprise default when > 0. "" (no gate) is treated as Pro.
// Free and Starter may not export (the route's MinPlan refuses them first).
func ExportCap(plan string, enterprise int) int {
	switch plan {
	case ratelimit.PlanGrowth:
		return ExportCapGrowth
	case ratelimit.PlanEnterprise:
		if enterprise > 0 {
			return enterprise
		}
		return ExportCapEnterpriseDefault
	case ratelimit.PlanFree, ratelimit.PlanStarter:
		return 0
	}
	return ExportCapPro
}
