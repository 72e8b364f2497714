package api

// Account: GET /api/account/usage, the caller's organisation's usage by day
// and endpoint, its token balance and the key's plan standing. Free (weight 0).

import (
	"context"
	"net/http"
	"sort"
	"time"

	"github.com/ukpd/propertyapi/ratelimit"
)

// Accounts reads usage reports (the ratelimit service).
type Accounts interface {
	AccountUsage(ctx context.Context, orgID string) (ratelimit.AccountUsage, error)
	Peek(ctx context.Context, p ratelimit.Principal) (ratelimit.Decision, error)
}

type principalCtxKey int

const principalKey principalCtxKey = 0

// WithPrincipal records the authenticated key of a request (the gate does).
func WithPrincipal(ctx context.Context, p ratelimit.Principal) context.Context {
	return context.WithValue(ctx, principalKey, p)
}

// PrincipalFrom returns the authenticated key of a request, if any.
func PrincipalFrom(ctx context.Context) (ratelimit.Principal, bool) {
	p, ok := ctx.Value(principalKey).(ratelimit.Principal)
	return p, ok
}

type usageCounts struct {
	Requests int64 `json:"requests"`
	Calls    int64 `json:"calls"`
	Tokens   int64 `json:"tokens"`
}

type usageEndpoint struct {
	Endpoint string `json:"endpoint"`
	usageCounts
}

type usageDay struct {
	Day string `json:"day"`
	usageCounts
	Endpoints []usageEndpoint `json:"endpoints"`
}

type usagePeriodView struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	usageCounts
	Days      []usageDay      `json:"days"`
	Endpoints []usageEndpoint `json:"endpoints"`
}

type accountUsageView struct {
	OrgID string `json:"org_id"`
	Key   struct {
		Prefix    string `json:"prefix"`
		Plan      string `json:"plan"`
		Quota     *int   `json:"quota"` // null: unlimited
		Remaining *int   `json:"remaining"`
	} `json:"key"`
	Tokens struct {
		Balance      int64 `json:"balance"`
		Account      bool  `json:"account"`
		TokensPerGBP int   `json:"tokens_per_gbp"`
	} `json:"tokens"`
	Current  usagePeriodView `json:"current_period"`
	Previous usagePeriodView `json:"previous_period"`
}

func (s *Server) accountUsage(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	p, ok := PrincipalFrom(ctx)
	if !ok || s.opt.Accounts == nil {
		return Errorf(http.StatusUnauthorized, CodeAuthRequired, "an API key is required; send the header Authorization: Api-Key <key>")
	}
	u, err := s.opt.Accounts.AccountUsage(ctx, p.Org.ID)
	if err != nil {
		return err
	}
	d, err := s.opt.Accounts.Peek(ctx, p)
	if err != nil {
		return err
	}
	var v accountUsageView
	v.OrgID = u.OrgID
	v.Key.Prefix, v.Key.Plan = p.Key.Prefix, p.Plan.Name
	if d.Quota != ratelimit.Unlimited {
		q, rem := d.Quota, d.Remaining
		v.Key.Quota, v.Key.Remaining = &q, &rem
	}
	v.Tokens.Balance, v.Tokens.Account, v.Tokens.TokensPerGBP = u.TokenBalance, u.TokenAccount, ratelimit.TokensPerGBP
	v.Current, v.Previous = usagePeriod(u.Current), usagePeriod(u.Previous)
	w.Header().Set("Cache-Control", "no-store")
	return writeJSON(w, http.StatusOK, v)
}

// usagePeriod groups a period's rows by day (with endpoints) and by endpoint.
func usagePeriod(up ratelimit.UsagePeriod) usagePeriodView {
	v := usagePeriodView{Start: up.Start, End: up.End, usageCounts: usageCounts{up.Requests, up.Calls, up.Tokens},
		Days: []usageDay{}, Endpoints: []usageEndpoint{}}
	byEndpoint := map[string]*usageEndpoint{}
	for _, r := range up.Rows {
		c := usageCounts{r.Requests, r.Calls, r.Tokens}
		day := r.Day
		if t, err := time.Parse("20060102", r.Day); err == nil {
			day = t.Format(time.DateOnly)
		}
		if n := len(v.Days); n == 0 || v.Days[n-1].Day != day {
			v.Days = append(v.Days, usageDay{Day: day, Endpoints: []usageEndpoint{}})
		}
		d := &v.Days[len(v.Days)-1]
		d.Requests, d.Calls, d.Tokens = d.Requests+c.Requests, d.Calls+c.Calls, d.Tokens+c.Tokens
		d.Endpoints = append(d.Endpoints, usageEndpoint{Endpoint: r.Endpoint, usageCounts: c})
		e := byEndpoint[r.Endpoint]
		if e == nil {
			e = &usageEndpoint{Endpoint: r.Endpoint}
			byEndpoint[r.Endpoint] = e
		}
		e.Requests, e.Calls, e.Tokens = e.Requests+c.Requests, e.Calls+c.Calls, e.Tokens+c.Tokens
	}
	for _, e := range byEndpoint {
		v.Endpoints = append(v.Endpoints, *e)
	}
	sort.Slice(v.Endpoints, func(i, j int) bool { return v.Endpoints[i].Endpoint < v.Endpoints[j].Endpoint })
	return v
}
