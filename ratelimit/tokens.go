package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Tokens (spec 8.1: "100 tokens equal 1 GBP, across all endpoints"). An
// organisation holds one integer token balance; every movement is an entry
// of its append-only ledger, written in the same atomic step as the
// movement, so the balance always equals the sum of the ledger's amounts.
const (
	// TokensPerGBP is the price of tokens.
	TokensPerGBP = 100
	// MaxTokenMove bounds one top-up or adjustment (10 billion GBP): every
	// amount stays exact in Redis integers and Lua numbers (2^53).
	MaxTokenMove = 1_000_000_000_000
	// MaxReason bounds the reason of a ledger entry.
	MaxReason = 500
)

// AddTokens tops up (amount > 0) or debits (amount < 0) an organisation's
// balance. kind is LedgerTopUp or LedgerAdjustment ("" chooses top_up for a
// credit, adjustment for a debit); actor says who, reason why. A debit below
// zero is refused with ErrInsufficientBalance.
func (s *Service) AddTokens(ctx context.Context, orgID, kind string, amount int64, actor, reason string) (LedgerEntry, error) {
	if amount == 0 || amount > MaxTokenMove || amount < -MaxTokenMove {
		return LedgerEntry{}, fmt.Errorf("tokens: amount %d: want a non-zero whole number of tokens within ±%d", amount, int64(MaxTokenMove))
	}
	reason = strings.TrimSpace(reason)
	if reason == "" || len(reason) > MaxReason {
		return LedgerEntry{}, fmt.Errorf("tokens: a reason of 1 to %d characters is required", MaxReason)
	}
	if strings.TrimSpace(actor) == "" {
		return LedgerEntry{}, errors.New("tokens: who made the change is required")
	}
	switch kind {
	case "":
		kind = LedgerTopUp
		if amount < 0 {
			kind = LedgerAdjustment
		}
	case LedgerTopUp:
		if amount < 0 {
			return LedgerEntry{}, errors.New("tokens: a top-up must be positive; use an adjustment to debit")
		}
	case LedgerAdjustment:
	default:
		return LedgerEntry{}, fmt.Errorf("tokens: kind %q: want %s or %s", kind, LedgerTopUp, LedgerAdjustment)
	}
	if _, err := s.store.Org(ctx, orgID); err != nil {
		return LedgerEntry{}, fmt.Errorf("tokens: organisation %q: %w", orgID, err)
	}
	e, err := s.store.AddTokens(ctx, orgID, amount, LedgerEntry{Kind: kind, Actor: actor, Reason: reason})
	if errors.Is(err, ErrInsufficientBalance) {
		return e, fmt.Errorf("tokens: the balance is %d; a debit of %d would take it below zero: %w", e.Balance, -amount, err)
	}
	return e, err
}

// TokenBalance reads an organisation's balance (account false: never had tokens).
func (s *Service) TokenBalance(ctx context.Context, orgID string) (int64, bool, error) {
	if _, err := s.store.Org(ctx, orgID); err != nil {
		return 0, false, fmt.Errorf("tokens: organisation %q: %w", orgID, err)
	}
	return s.store.Balance(ctx, orgID)
}

// CheckLedger reads an organisation's whole ledger and checks its
// invariant: every entry's balance is the running sum of the amounts, and
// the balance is the last of them. It returns the entries and the sum, or
// an error naming the first entry that breaks it (an audit the unit and
// integration tests run against both stores).
func (s *Service) CheckLedger(ctx context.Context, orgID string) ([]LedgerEntry, int64, error) {
	es, err := s.TokenLedger(ctx, orgID, 0)
	if err != nil {
		return nil, 0, err
	}
	var sum int64
	for i, e := range es {
		sum += e.Amount
		if e.Balance != sum {
			return es, sum, fmt.Errorf("tokens: ledger entry %d (%s %+d): balance after %d, running sum %d", i, e.Kind, e.Amount, e.Balance, sum)
		}
	}
	bal, _, err := s.TokenBalance(ctx, orgID)
	if err != nil {
		return es, sum, err
	}
	if bal != sum {
		return es, sum, fmt.Errorf("tokens: balance %d, sum of %d ledger entries %d", bal, len(es), sum)
	}
	return es, sum, nil
}

// TokenLedger reads an organisation's ledger, oldest first (limit <= 0: all).
func (s *Service) TokenLedger(ctx context.Context, orgID string, limit int) ([]LedgerEntry, error) {
	if _, err := s.store.Org(ctx, orgID); err != nil {
		return nil, fmt.Errorf("tokens: organisation %q: %w", orgID, err)
	}
	return s.store.Ledger(ctx, orgID, limit)
}

// UsagePeriod is the usage report of one billing period.
type UsagePeriod struct {
	Start time.Time  `json:"start"`
	End   time.Time  `json:"end"`
	Rows  []UsageRow `json:"rows"`
	// Totals over Rows.
	Requests int64 `json:"requests"`
	Calls    int64 `json:"calls"`
	Tokens   int64 `json:"tokens"`
}

// AccountUsage is an organisation's usage by day and endpoint for the
// current and the previous billing period, and its token balance.
type AccountUsage struct {
	OrgID        string      `json:"org_id"`
	TokenBalance int64       `json:"token_balance"`
	TokenAccount bool        `json:"token_account"`
	Current      UsagePeriod `json:"current_period"`
	Previous     UsagePeriod `json:"previous_period"`
}

// AccountUsage reports an organisation's usage (keyctl usage and
// GET /api/account/usage).
func (s *Service) AccountUsage(ctx context.Context, orgID string) (AccountUsage, error) {
	o, err := s.store.Org(ctx, orgID)
	if err != nil {
		return AccountUsage{}, fmt.Errorf("usage: organisation %q: %w", orgID, err)
	}
	cur := PeriodAt(s.now(), o.AnchorDay)
	prev := PeriodAt(cur.Start.Add(-time.Nanosecond), o.AnchorDay)
	out := AccountUsage{OrgID: orgID}
	for _, pp := range []struct {
		p   Period
		dst *UsagePeriod
	}{{cur, &out.Current}, {prev, &out.Previous}} {
		rows, err := s.store.UsageRows(ctx, orgID, pp.p.ID())
		if err != nil {
			return AccountUsage{}, fmt.Errorf("usage: %w", err)
		}
		up := UsagePeriod{Start: pp.p.Start, End: pp.p.End, Rows: rows}
		if up.Rows == nil {
			up.Rows = []UsageRow{}
		}
		for _, r := range rows {
			up.Requests += r.Requests
			up.Calls += r.Calls
			up.Tokens += r.Tokens
		}
		*pp.dst = up
	}
	out.TokenBalance, out.TokenAccount, err = s.store.Balance(ctx, orgID)
	if err != nil {
		return AccountUsage{}, fmt.Errorf("usage: %w", err)
	}
	return out, nil
}

// Idempotency of retried POSTs (Idempotency-Key): the first request with a
// key runs and its 2xx response is kept for IdemTTL; a retry with the same
// key and the same request gets that response and is charged nothing.
const (
	// IdemTTL is how long a response is replayed.
	IdemTTL = 24 * time.Hour
	// IdemLease bounds a claim whose request never finished (crashed
	// instance): after it, the key can be used again.
	IdemLease = 5 * time.Minute
	// MaxIdemKey bounds the header's length.
	MaxIdemKey = 255
)

// IdemKeyID is the stored name of an idempotency key: its SHA-256 (hex),
// so any header value maps to a fixed-length Redis key.
func IdemKeyID(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// IdemBegin claims an idempotency key of an organisation for a request
// fingerprint; owner identifies this attempt in IdemFinish and IdemRelease.
func (s *Service) IdemBegin(ctx context.Context, orgID, key, fp, owner string) (IdemResult, error) {
	return s.store.IdemBegin(ctx, orgID, IdemKeyID(key), fp, owner, IdemLease)
}

// IdemFinish keeps the response of a claimed request for IdemTTL.
func (s *Service) IdemFinish(ctx context.Context, orgID, key, owner string, rec IdemRecord) error {
	rec.Created = s.now().UTC()
	return s.store.IdemFinish(ctx, orgID, IdemKeyID(key), owner, rec, IdemTTL)
}

// IdemRelease frees a claimed key whose request did not succeed.
func (s *Service) IdemRelease(ctx context.Context, orgID, key, owner string) error {
	return s.store.IdemRelease(ctx, orgID, IdemKeyID(key), owner)
}
