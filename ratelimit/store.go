package ratelimit

import (
	"context"
	"time"
)

// Store keeps organisations, keys, counters, token balances and their
// ledgers, and idempotency records. Implementations wrap every failure of
// their backend in ErrUnavailable; a missing record is ErrNotFound.
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

	// Reserve checks the per-second limit, then funds the call from the
	// plan (quota and route quota) or, when the plan cannot and the charge
	// allows it, from the organisation's token balance; it charges the
	// funding source, appends the ledger entry of a token charge and counts
	// the call in the usage report, or does nothing: one atomic step.
	Reserve(ctx context.Context, c Charge) (Counts, error)
	// Adjust changes the charge of an admitted call on the source that
	// funded it (negative deltas are refunds), in one atomic step. A token
	// charge that the balance cannot pay, unless forced, changes nothing and
	// returns ErrInsufficientBalance. It returns the token balance after
	// (token-funded adjustments; 0 otherwise).
	Adjust(ctx context.Context, a Adjustment) (int64, error)
	// Usage reads a meter's counter for a period; route "" is the total.
	Usage(ctx context.Context, orgID, meter, period, route string) (int, error)

	// AddTokens adds amount (negative: a debit) to an organisation's token
	// balance and appends the ledger entry, atomically. A balance that would
	// go below 0 is refused with ErrInsufficientBalance.
	AddTokens(ctx context.Context, orgID string, amount int64, e LedgerEntry) (LedgerEntry, error)
	// Balance reads the token balance; account is false when the
	// organisation has never had a ledger entry.
	Balance(ctx context.Context, orgID string) (balance int64, account bool, err error)
	// Ledger reads the ledger in order, oldest first (limit <= 0: all).
	Ledger(ctx context.Context, orgID string, limit int) ([]LedgerEntry, error)
	// UsageRows reads the usage report counters of a period.
	UsageRows(ctx context.Context, orgID, period string) ([]UsageRow, error)

	// CountFailure adds one to a subject's failure counter of the window
	// starting at start (Unix seconds), which expires after window, and
	// returns the count.
	CountFailure(ctx context.Context, subject string, start int64, window time.Duration) (int, error)

	// IdemBegin claims an idempotency key for a request with fingerprint fp
	// (owner: a random token of this attempt; lease: how long a claim
	// lives if its request never finishes). It returns the state found.
	IdemBegin(ctx context.Context, orgID, key, fp, owner string, lease time.Duration) (IdemResult, error)
	// IdemFinish stores the response of the claim owner for ttl.
	IdemFinish(ctx context.Context, orgID, key, owner string, rec IdemRecord, ttl time.Duration) error
	// IdemRelease drops the owner's claim (the request failed: a retry runs again).
	IdemRelease(ctx context.Context, orgID, key, owner string) error
}

// Charge is one reservation request, already resolved to counter names.
type Charge struct {
	// OrgID scopes every counter of a keyed call (one Redis hash tag per
	// organisation); "" for anonymous calls.
	OrgID string
	// RateKey is the subject of the per-second limit (a meter, or "anon:...").
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
	// Tokens lets the organisation's token balance fund the call when the
	// plan cannot.
	Tokens bool
	// DayTokens names the counter of tokens spent by the key in a UTC day
	// and DayTokenCap bounds it (a public key's daily cap; "" = no cap). A
	// token-funded call that would pass the cap is refused DeniedTokenCap.
	DayTokens   string
	DayTokenCap int64
	// Endpoint and Day key the usage report (route name, UTC yyyymmdd).
	Endpoint string
	Day      string
	// Actor and RequestID go into the ledger entry of a token charge.
	Actor, RequestID string
	// Once, when set, makes the charge happen at most once per (OnceScope,
	// Once) within OnceTTL: a repeat answers AlreadyCharged and charges
	// nothing, in the same atomic step as the charge (a background job's
	// batch retried after a crash).
	Once, OnceScope string
	OnceTTL         time.Duration
}

// Outcome of a reservation.
type Outcome int

// Outcomes: admitted, or which limit refused it.
const (
	Admitted Outcome = iota
	DeniedPerSecond
	DeniedQuota
	DeniedRouteQuota
	DeniedBalance
	// AlreadyCharged: a Charge with Once that was admitted before.
	AlreadyCharged
	// DeniedTokenCap: the key's daily token cap cannot pay the call.
	DeniedTokenCap
)

// Funding sources of an admitted call.
const (
	FundPlan   = "plan"
	FundTokens = "tokens"
)

// Counts is what the store saw: the outcome and the counters after it.
type Counts struct {
	Outcome   Outcome
	Used      int
	RouteUsed int
	// Funding is FundPlan or FundTokens for an admitted call.
	Funding string
	// Balance is the token balance after the reservation; Account is false
	// when the organisation never had tokens.
	Balance int64
	Account bool
}

// Adjustment changes an admitted call's charge after the response is known.
type Adjustment struct {
	OrgID         string
	Meter, Period string
	TTL           time.Duration
	Delta         int
	Route         string
	RouteDelta    int
	// Funding is the source the reservation charged.
	Funding string
	// Force charges tokens even past the balance (rows already sent).
	Force bool
	// DayTokens is the charge's daily token counter ("" = none): token
	// adjustments move it with the balance.
	DayTokens string
	// Endpoint, Day and Requests (+1, -1 or 0) update the usage report.
	Endpoint string
	Day      string
	Requests int
	// Actor and RequestID go into the ledger entry of a token adjustment.
	Actor, RequestID string
}

// Ledger entry kinds.
const (
	LedgerTopUp      = "top_up"
	LedgerAdjustment = "adjustment"
	LedgerCharge     = "charge"
	LedgerRefund     = "refund"
)

// LedgerEntry is one movement of a token balance. Entries are only ever
// appended; the balance is always the sum of the amounts.
type LedgerEntry struct {
	ID      string    `json:"id"`
	Time    time.Time `json:"time"`
	Kind    string    `json:"kind"`
	Amount  int64     `json:"amount"`
	Balance int64     `json:"balance"`
	// Actor is who: "keyctl:<operator>" or "key:<display prefix>".
	Actor     string `json:"actor"`
	Reason    string `json:"reason,omitempty"`
	Route     string `json:"route,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

// UsageRow counts one endpoint on one day: requests charged, calls taken
// from the plan and tokens spent.
type UsageRow struct {
	Day      string `json:"day"`
	Endpoint string `json:"endpoint"`
	Requests int64  `json:"requests"`
	Calls    int64  `json:"calls"`
	Tokens   int64  `json:"tokens"`
}

// Idempotency states found by IdemBegin.
const (
	IdemClaimed  = "claimed"   // new: the caller runs the request
	IdemInFlight = "in_flight" // the same request is running
	IdemMismatch = "mismatch"  // the key was used for another request
	IdemDone     = "done"      // the stored response is in Record
)

// IdemResult is what IdemBegin found.
type IdemResult struct {
	State  string
	Record IdemRecord
}

// IdemRecord is a stored response.
type IdemRecord struct {
	Status  int                 `json:"status"`
	Header  map[string][]string `json:"header,omitempty"`
	Body    []byte              `json:"body,omitempty"`
	Weight  int                 `json:"weight"`
	Funding string              `json:"funding,omitempty"`
	// TooLarge: the response was served but was too large to keep.
	TooLarge bool      `json:"too_large,omitempty"`
	Created  time.Time `json:"created"`
}
