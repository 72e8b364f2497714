package jobs

import "github.com/ukpd/propertyapi/ratelimit"

// Limits are a plan's bounds on address-match jobs.
type Limits struct {
	MaxRows    int // rows per job
	Concurrent int // queued and running jobs at once
}

// MaxUploadBytes bounds an upload whatever the plan (a million rows of
// 256 bytes).
const MaxUploadBytes = 256 << 20

// PlanLimits returns the limits of a plan (docs/decisions.md).
func PlanLimits(plan string) Limits {
	switch plan {
	case ratelimit.PlanFree:
		return Limits{MaxRows: 1_000, Concurrent: 1}
	case ratelimit.PlanStarter:
		return Limits{MaxRows: 10_000, Concurrent: 1}
	case ratelimit.PlanGrowth:
		return Limits{MaxRows: 100_000, Concurrent: 2}
	case ratelimit.PlanPro:
		return Limits{MaxRows: 250_000, Concurrent: 2}
	case ratelimit.PlanScale, ratelimit.PlanPayg:
		return Limits{MaxRows: 1_000_000, Concurrent: 3}
	case ratelimit.PlanEnterprise:
		return Limits{MaxRows: 1_000_000, Concurrent: 5}
	}
	return Limits{MaxRows: 1_000, Concurrent: 1}
}
