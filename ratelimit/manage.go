// Managing organisations and their keys: creation, import, rotation,
// revocation, plans and per-key overrides (what keyctl calls).

package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// CreateOrg creates an organisation. anchorDay 0 bills by calendar month;
// 1..28 starts each period on that day.
func (s *Service) CreateOrg(ctx context.Context, name string, anchorDay int) (Org, error) {
	if strings.TrimSpace(name) == "" {
		return Org{}, errors.New("create org: a name is required")
	}
	if anchorDay < 0 || anchorDay > 28 {
		return Org{}, fmt.Errorf("create org: anchor day %d: want 0 (calendar month) or 1..28", anchorDay)
	}
	id, err := newID("org_")
	if err != nil {
		return Org{}, err
	}
	o := Org{ID: id, Name: name, AnchorDay: anchorDay, Created: s.now().UTC()}
	if err := s.store.PutOrg(ctx, o); err != nil {
		return Org{}, fmt.Errorf("create org: %w", err)
	}
	return o, nil
}

// KeySpec describes a key to create.
type KeySpec struct {
	OrgID string
	Plan  string
	Name  string
	Kind  string // KindSecret (default) or KindPublic
	// Tools and Origins scope a public key (both required for one).
	Tools   []string
	Origins []string
	// QuotaOverride, RateOverride: see Key.
	QuotaOverride, RateOverride int
}

// CreateKey creates a key and returns its record and the key itself, which
// is shown once and never stored.
func (s *Service) CreateKey(ctx context.Context, spec KeySpec) (Key, string, error) {
	if spec.Kind == "" {
		spec.Kind = KindSecret
	}
	if spec.Kind != KindSecret && spec.Kind != KindPublic {
		return Key{}, "", fmt.Errorf("create key: kind %q", spec.Kind)
	}
	if _, err := s.store.Org(ctx, spec.OrgID); err != nil {
		return Key{}, "", fmt.Errorf("create key: organisation %q: %w", spec.OrgID, err)
	}
	plan, err := PlanByName(spec.Plan)
	if err != nil {
		return Key{}, "", fmt.Errorf("create key: %w", err)
	}
	k := Key{Kind: spec.Kind, OrgID: spec.OrgID, Plan: plan.Name, Name: spec.Name,
		QuotaOverride: spec.QuotaOverride, RateOverride: spec.RateOverride, Created: s.now().UTC()}
	if spec.Kind == KindPublic {
		if len(spec.Tools) == 0 || len(spec.Origins) == 0 {
			return Key{}, "", errors.New("create public key: at least one tool and one origin are required")
		}
		k.Tools = spec.Tools
		for _, o := range spec.Origins {
			n, err := NormalizeOrigin(o)
			if err != nil {
				return Key{}, "", fmt.Errorf("create public key: %w", err)
			}
			k.Origins = append(k.Origins, n)
		}
	}
	return s.issue(ctx, k)
}

// ImportKey registers an existing key string (made by NewKey, e.g. with
// `keyctl key generate`) instead of generating one: for the in-process
// store of a development server, which keyctl cannot reach.
func (s *Service) ImportKey(ctx context.Context, spec KeySpec, secret string) (Key, error) {
	kind, err := ParseKey(secret)
	if err != nil {
		return Key{}, fmt.Errorf("import key: %w", err)
	}
	plan, err := PlanByName(spec.Plan)
	if err != nil {
		return Key{}, fmt.Errorf("import key: %w", err)
	}
	if _, err := s.store.Org(ctx, spec.OrgID); err != nil {
		return Key{}, fmt.Errorf("import key: organisation %q: %w", spec.OrgID, err)
	}
	k := Key{Kind: kind, OrgID: spec.OrgID, Plan: plan.Name, Name: spec.Name, Created: s.now().UTC(),
		Tools: spec.Tools, QuotaOverride: spec.QuotaOverride, RateOverride: spec.RateOverride}
	for _, o := range spec.Origins {
		n, err := NormalizeOrigin(o)
		if err != nil {
			return Key{}, fmt.Errorf("import key: %w", err)
		}
		k.Origins = append(k.Origins, n)
	}
	k, _, err = s.storeKey(ctx, k, secret)
	return k, err
}

func (s *Service) issue(ctx context.Context, k Key) (Key, string, error) {
	secret, _, err := NewKey(k.Kind)
	if err != nil {
		return Key{}, "", err
	}
	return s.storeKey(ctx, k, secret)
}

// storeKey gives a key record its id, hash and prefix from secret and stores it.
func (s *Service) storeKey(ctx context.Context, k Key, secret string) (Key, string, error) {
	id, err := newID("key_")
	if err != nil {
		return Key{}, "", err
	}
	hash := HashKey(secret)
	k.ID, k.Hash, k.Prefix = id, hash, DisplayPrefix(secret)
	if k.Meter == "" {
		k.Meter = id
	}
	if err := s.store.PutKey(ctx, k); err != nil {
		return Key{}, "", fmt.Errorf("create key: %w", err)
	}
	return k, secret, nil
}

// RotateKey issues a new key with the same organisation, plan, scope and
// meter as an active key. The old key keeps working until revoked.
func (s *Service) RotateKey(ctx context.Context, id string) (Key, string, error) {
	old, err := s.store.Key(ctx, id)
	if err != nil {
		return Key{}, "", fmt.Errorf("rotate key %s: %w", id, err)
	}
	if !old.Active() {
		return Key{}, "", fmt.Errorf("rotate key %s: the key is revoked", id)
	}
	k := old
	k.RotatedFrom, k.Created, k.Revoked = old.ID, s.now().UTC(), time.Time{}
	return s.issue(ctx, k)
}

// RevokeKey revokes a key; every instance refuses it within the cache TTL.
func (s *Service) RevokeKey(ctx context.Context, id string) (Key, error) {
	k, err := s.store.Key(ctx, id)
	if err != nil {
		return Key{}, fmt.Errorf("revoke key %s: %w", id, err)
	}
	if !k.Active() {
		return k, nil
	}
	k.Revoked = s.now().UTC()
	if err := s.store.PutKey(ctx, k); err != nil {
		return Key{}, fmt.Errorf("revoke key %s: %w", id, err)
	}
	return k, nil
}

// SetPlan changes the plan of a key and of every active key sharing its
// meter (its rotations). Usage so far in the period is kept; the new limits
// apply at once.
func (s *Service) SetPlan(ctx context.Context, id, planName string) ([]Key, error) {
	plan, err := PlanByName(planName)
	if err != nil {
		return nil, fmt.Errorf("set plan: %w", err)
	}
	return s.updateMeter(ctx, id, func(k *Key) { k.Plan = plan.Name })
}

// SetOverrides sets the quota and per-second overrides of a key's meter
// (0 = plan default, Unlimited = none).
func (s *Service) SetOverrides(ctx context.Context, id string, quota, perSecond int) ([]Key, error) {
	return s.updateMeter(ctx, id, func(k *Key) { k.QuotaOverride, k.RateOverride = quota, perSecond })
}

func (s *Service) updateMeter(ctx context.Context, id string, f func(*Key)) ([]Key, error) {
	k, err := s.store.Key(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("update key %s: %w", id, err)
	}
	all, err := s.store.OrgKeys(ctx, k.OrgID)
	if err != nil {
		return nil, fmt.Errorf("update key %s: %w", id, err)
	}
	var out []Key
	for _, o := range all {
		if o.Meter != k.Meter || !o.Active() {
			continue
		}
		f(&o)
		if err := s.store.PutKey(ctx, o); err != nil {
			return nil, fmt.Errorf("update key %s: %w", o.ID, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// ListKeys returns an organisation's keys (records only: prefix and metadata).
func (s *Service) ListKeys(ctx context.Context, orgID string) ([]Key, error) {
	if _, err := s.store.Org(ctx, orgID); err != nil {
		return nil, fmt.Errorf("list keys: organisation %q: %w", orgID, err)
	}
	return s.store.OrgKeys(ctx, orgID)
}

// SetPublicKeyTokens turns on or off an organisation's public keys'
// spending of its tokens (each key still needs a daily cap, SetDailyTokenCap).
func (s *Service) SetPublicKeyTokens(ctx context.Context, orgID string, on bool) (Org, error) {
	o, err := s.store.Org(ctx, orgID)
	if err != nil {
		return Org{}, fmt.Errorf("public key tokens: organisation %q: %w", orgID, err)
	}
	o.PublicKeyTokens = on
	if err := s.store.PutOrg(ctx, o); err != nil {
		return Org{}, fmt.Errorf("public key tokens: %w", err)
	}
	return o, nil
}

// SetDailyTokenCap sets the tokens a public key (and the keys sharing its
// meter) may spend in a UTC day; 0 = none.
func (s *Service) SetDailyTokenCap(ctx context.Context, id string, tokens int64) ([]Key, error) {
	if tokens < 0 || tokens > MaxTokenMove {
		return nil, fmt.Errorf("daily token cap: %d: want 0 (none) to %d", tokens, int64(MaxTokenMove))
	}
	k, err := s.store.Key(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("daily token cap: key %s: %w", id, err)
	}
	if k.Kind != KindPublic {
		return nil, fmt.Errorf("daily token cap: key %s is not a public key (API keys spend tokens without a cap)", id)
	}
	return s.updateMeter(ctx, id, func(k *Key) { k.DailyTokenCap = tokens })
}
