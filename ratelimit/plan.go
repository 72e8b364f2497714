package ratelimit

import (
	"fmt"
	"strings"
)

// Unlimited is the quota (or rate) of a plan without a limit.
const Unlimited = -1

// Plan is a commercial plan: a monthly allowance of calls (weights) and a
// per-second limit on requests. The zero Plan is not valid; use PlanByName.
type Plan struct {
	Name string
	// Rank orders plans for plan gates: a route whose MinPlan has rank r is
	// open to plans of rank >= r.
	Rank int
	// MonthlyQuota is the allowance of calls (sum of weights) per billing
	// period; Unlimited for none.
	MonthlyQuota int
	// PerSecond is the number of requests a second; Unlimited for none.
	PerSecond int
	// RouteQuotas are per-route sub-allowances per billing period, counted in
	// calls on top of the monthly quota (route name → calls).
	RouteQuotas map[string]int
}

// Plan names, lowest first: the only definition (api route plan gates use them).
const (
	PlanFree       = "free"
	PlanStarter    = "starter"
	PlanGrowth     = "growth"
	PlanPro        = "pro"
	PlanScale      = "scale"
	PlanEnterprise = "enterprise"
	// PlanPayg is pay as you go: no included calls; every call is paid
	// with the organisation's tokens (100 tokens = 1 GBP, spec 8.1), on
	// every endpoint.
	PlanPayg = "payg"
)

// Plans returns the plan table of spec 8.1, lowest first, then pay as you
// go. Enterprise is unlimited on both axes unless a key carries overrides.
func Plans() []Plan {
	return []Plan{
		{Name: PlanFree, Rank: 0, MonthlyQuota: 100, PerSecond: 2, RouteQuotas: map[string]int{"postcode.profile": 25}},
		{Name: PlanStarter, Rank: 1, MonthlyQuota: 2000, PerSecond: 5},
		{Name: PlanGrowth, Rank: 2, MonthlyQuota: 10000, PerSecond: 10},
		{Name: PlanPro, Rank: 3, MonthlyQuota: 50000, PerSecond: 20},
		{Name: PlanScale, Rank: 4, MonthlyQuota: 200000, PerSecond: 40},
		{Name: PlanEnterprise, Rank: 5, MonthlyQuota: Unlimited, PerSecond: Unlimited},
		// Pay as you go opens every endpoint ("across all endpoints"): the
		// plan gates of spec 8.4 (schools, amenities: Starter; export:
		// Growth) rank below it. Rate: Growth's.
		{Name: PlanPayg, Rank: 4, MonthlyQuota: 0, PerSecond: 10},
	}
}

// PlanByName looks a plan up by name (case-insensitive).
func PlanByName(name string) (Plan, error) {
	for _, p := range Plans() {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
	}
	return Plan{}, fmt.Errorf("unknown plan %q (want one of %s)", name, strings.Join(PlanNames(), ", "))
}

// PlanNames lists the plan names, lowest first.
func PlanNames() []string {
	var out []string
	for _, p := range Plans() {
		out = append(out, p.Name)
	}
	return out
}

// Allows reports whether plan p may call a route gated at minPlan ("" means
// every plan). An unknown minPlan allows nobody (fail closed).
func (p Plan) Allows(minPlan string) bool {
	if minPlan == "" {
		return true
	}
	min, err := PlanByName(minPlan)
	if err != nil {
		return false
	}
	return p.Rank >= min.Rank
}

// RowsWeight is the weight of a call charged per rows returned: one call per
// perCall rows, rounded up, and at least 1 (listings export: perCall 10).
func RowsWeight(rows, perCall int) int {
	if perCall <= 0 {
		perCall = 1
	}
	w := (rows + perCall - 1) / perCall
	if w < 1 {
		w = 1
	}
	return w
}
