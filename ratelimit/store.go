package ratelimit

import (
	"context"
	"time"
)

// Store keeps organisations, keys and counters. Implementations wrap every
// failure of their backend in ErrUnavailable; a missing record is ErrNotFound.
type Store interface {
	PutOrg(ctx context.Context, o Org) error
	Org(ctx context.Context, id string) (Org, error)
	Orgs(ctx context.Context) ([]Org, error)

	// PutKey creates or replaces a key record and keeps the indexes (hash,
	// organisation, embed origins) in step with it.
	PutKey(ctx context.Context, k Key) error
	Key(ctx context.Context, id string) (Key, error)
	KeyByHash(ctx context.Context, hash string) (Key, error)
	OrgKeys(ctx context.Context, orgID string) ([]Key, error)
	// EmbedOriginKnown reports whether any active public key scoped to the
	// tool allows the origin (answers CORS preflights, which carry no key).
	EmbedOriginKnown(ctx context.Context, tool, origin string) (bool, error)

	// Reserve checks the per-second limit, the quota and the route quota and
	// charges all three at once, or nothing: one atomic step.
	Reserve(ctx context.Context, c Charge) (Counts, error)
	// Adjust adds deltas (negative: refunds) to a meter's counters.
	Adjust(ctx context.Context, a Adjustment) error
	// Usage reads a meter's counter for a period; route "" is the total.
	Usage(ctx context.Context, meter, period, route string) (int, error)
}

// Charge is one reservation request, already resolved to counter names.
type Charge struct {
	// RateKey is the subject of the per-second limit (a meter, or "ip:...").
	RateKey   string
	Second    int64 // Unix second of the per-second window
	PerSecond int   // Unlimited: no per-second limit
	// Meter and Period name the monthly counter; Meter "" charges no quota.
	Meter  string
	Period string
	TTL    time.Duration // lifetime of the period counters
	Quota  int           // Unlimited: no quota
	Weight int
	// Route and RouteQuota are a per-route sub-allowance ("" = none).
	Route      string
	RouteQuota int
}

// Outcome of a reservation.
type Outcome int

// Outcomes: admitted, or which limit refused it.
const (
	Admitted Outcome = iota
	DeniedPerSecond
	DeniedQuota
	DeniedRouteQuota
)

// Counts is what the store saw: the outcome and the counters after it.
type Counts struct {
	Outcome   Outcome
	Used      int
	RouteUsed int
}

// Adjustment changes a meter's counters after the response is known.
type Adjustment struct {
	Meter, Period string
	TTL           time.Duration
	Delta         int
	Route         string
	RouteDelta    int
}
