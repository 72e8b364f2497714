// Package gate is the key gate: authentication, plan gates and metering.
// It turns the ratelimit package's Decisions into statuses and
// headers, and wraps the API's routes through the api.Options.Gate hook:
//
//	opts.Gate = gate.New(svc, gate.Options{}).Wrap
package gate

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Options configure the gate.
type Options struct {
	// AnonPerSecond limits anonymous requests to open routes per client IP.
	// 0 means the Free plan's rate; ratelimit.Unlimited disables the limit.
	AnonPerSecond int
	// AnonExempt lists open routes that anonymous callers reach without the
	// per-IP limit (and so without touching Redis). Nil means ping, ready,
	// health and schema: load balancers and monitors poll them.
	AnonExempt []string
	// TrustForwardedFor takes the client IP from the last X-Forwarded-For
	// entry; set it only behind a proxy that appends that header.
	TrustForwardedFor bool
	// AuthFailuresPerMinute limits failed authentications (a malformed,
	// unknown or revoked key, or a key of the wrong kind) per client IP
	// bucket and minute: past it, requests that carry a credential are
	// answered 429 before any key lookup until the minute ends. 0 means
	// DefaultAuthFailuresPerMinute; ratelimit.Unlimited disables it.
	AuthFailuresPerMinute int
	// NoSpeculation makes every request wait for its reservation before its
	// handler runs. By default a keyed GET of a cacheable lookup (a fixed
	// weight, no side effects) runs its handler while the charge is being
	// reserved, and the response is released only once it is admitted
	// (speculative.go).
	NoSpeculation bool
}

// Gate authenticates and meters requests. Install it with
// api.Options.Gate = gate.Wrap.
type Gate struct {
	svc      *ratelimit.Service
	anonRate int
	exempt   map[string]bool
	xff      bool
	// noSpeculation turns the speculative path off (Options.NoSpeculation).
	noSpeculation bool
	authFails     int
	// standing remembers the meters whose last reservation here was refused
	// or failed: they are metered serially until one is admitted.
	standing standing
	// reservers run the speculative reservations.
	reservers reservers
}

// DefaultAuthFailuresPerMinute is the failed authentications a client IP
// bucket may make a minute.
const DefaultAuthFailuresPerMinute = 30

// NewGate builds a gate over a ratelimit service.
func New(svc *ratelimit.Service, opt Options) *Gate {
	g := &Gate{svc: svc, anonRate: opt.AnonPerSecond, exempt: map[string]bool{}, xff: opt.TrustForwardedFor,
		noSpeculation: opt.NoSpeculation, standing: standing{refused: map[string]struct{}{}}, authFails: opt.AuthFailuresPerMinute,
		reservers: reservers{jobs: make(chan func())}}
	if g.authFails == 0 {
		g.authFails = DefaultAuthFailuresPerMinute
	}
	if g.anonRate == 0 {
		free, _ := ratelimit.PlanByName(ratelimit.PlanFree)
		g.anonRate = free.PerSecond
	}
	exempt := opt.AnonExempt
	if exempt == nil {
		exempt = []string{"service.ping", "service.ready", "service.health", "service.schema"}
	}
	for _, n := range exempt {
		g.exempt[n] = true
	}
	return g
}

// Wrap implements the api.Options.Gate hook.
func (g *Gate) Wrap(rt *api.Route, next http.Handler) http.Handler {
	if rt.Auth == api.AuthPublicKey {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { g.serveEmbed(w, r, next) })
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { g.serveKeyed(w, r, rt, next) })
}

type gateCtxKey int

const (
	embedPrincipalKey gateCtxKey = iota + 1
	reservationKey
)

// CallAllowance returns the calls left in the caller's period after the
// current reservation (limited false: no quota, or an anonymous caller). A
// handler with a dynamic weight (export) may use it to stop before charging
// past the quota.
//
// For a call funded by tokens it is the token balance after the reservation.
func CallAllowance(ctx context.Context) (remaining int, limited bool) {
	res, _ := ctx.Value(reservationKey).(*ratelimit.Reservation)
	if bal, ok := res.TokensLeft(); ok {
		return int(max(0, bal)), true
	}
	if res == nil || res.Decision.Quota == ratelimit.Unlimited {
		return 0, false
	}
	return res.Decision.Remaining, true
}

// Headers of the metering contract (spec 8.2).
const (
	hdrCallWeight = "X-Call-Weight"
	hdrLimit      = "X-RateLimit-Limit"
	hdrRemaining  = "X-RateLimit-Remaining"
	hdrReset      = "X-RateLimit-Reset"
	// A plan's per-endpoint allowance (Free: 25 postcode-profile calls a
	// period) on the responses of that endpoint.
	hdrRouteLimit     = "X-RateLimit-Endpoint-Limit"
	hdrRouteRemaining = "X-RateLimit-Endpoint-Remaining"
	// Pay as you go: tokens charged by this response and the organisation's
	// balance after it (on calls of organisations with tokens and of
	// pay-as-you-go keys).
	hdrTokensCharged = "X-Tokens-Charged"
	hdrTokensBalance = "X-Tokens-Balance"
)

// Authorization schemes.
const (
	schemeAPIKey    = "Api-Key"
	schemePublicKey = "Public-Key"
)

func authErr(format string, args ...any) *api.Error {
	e := api.Errorf(http.StatusUnauthorized, api.CodeAuthRequired, format, args...)
	e.Header = http.Header{"Www-Authenticate": []string{schemeAPIKey}}
	return e
}

func unavailableErr() *api.Error {
	e := api.Errorf(http.StatusServiceUnavailable, api.CodeServiceUnavailable, "usage tracking is temporarily unavailable, so the request was not served; retry shortly")
	e.Header = http.Header{"Retry-After": []string{"1"}}
	return e
}

// credential reads the key for a scheme from Authorization, or (Api-Key
// only) from ?api_key=. "" with a nil error means no credential. Messages
// never echo what was sent.
func credential(r *http.Request, scheme string) (string, *api.Error) {
	if h := strings.TrimSpace(r.Header.Get("Authorization")); h != "" {
		sch, val, _ := strings.Cut(h, " ")
		val = strings.TrimSpace(val)
		switch {
		case strings.EqualFold(sch, scheme):
			if val == "" {
				return "", authErr("the Authorization header has no key after %s", scheme)
			}
			return val, nil
		case strings.EqualFold(sch, "Bearer"):
			return "", authErr("Bearer tokens are not accepted; send the header Authorization: Api-Key <key>")
		case strings.EqualFold(sch, schemePublicKey):
			return "", authErr("public keys work only through the browser relay /api/embed/v2/{tool_slug}; send Authorization: Api-Key <key>")
		case strings.EqualFold(sch, schemeAPIKey):
			return "", authErr("the browser relay takes Authorization: Public-Key <public key>; never send an API key from a browser")
		default:
			return "", authErr("unsupported Authorization scheme; send Authorization: %s <key>", scheme)
		}
	}
	if scheme == schemeAPIKey {
		if v := r.URL.Query().Get("api_key"); v != "" {
			return v, nil
		}
	}
	return "", nil
}

// authenticate checks a credential from the client ip. Each failure is
// counted against the client's address; past the limit a failure answers
// 429 (Retry-After: the end of the minute) instead of saying whether the
// key was malformed, unknown or revoked. A valid key never touches the
// counter.
func (g *Gate) authenticate(ctx context.Context, ip, cred, kind string) (ratelimit.Principal, error) {
	p, err := g.checkKey(ctx, cred, kind)
	var ce *api.Error
	if g.authFails == ratelimit.Unlimited || !errors.As(err, &ce) || ce.Status != http.StatusUnauthorized {
		return p, err
	}
	n, nerr := g.svc.NoteAuthFailure(ctx, ip)
	if nerr != nil {
		return p, nerr
	}
	if n > g.authFails {
		now := g.svc.Now()
		end := now.Truncate(ratelimit.AuthFailWindow).Add(ratelimit.AuthFailWindow)
		e := rateErr(ratelimit.Decision{RetryAfter: end.Sub(now)}, "too many failed authentications from this address (%d a minute); retry after the minute", g.authFails)
		e.Details = map[string]any{"limit": "failed_authentications"}
		return p, e
	}
	return p, err
}

// checkKey maps the service's errors to responses.
func (g *Gate) checkKey(ctx context.Context, cred, kind string) (ratelimit.Principal, error) {
	p, err := g.svc.Authenticate(ctx, cred)
	switch {
	case err == nil:
	case errors.Is(err, ratelimit.ErrMalformed):
		return p, authErr("the key is not valid: its form or checksum is wrong (check for a typo)")
	case errors.Is(err, ratelimit.ErrUnknown):
		return p, authErr("the key is not recognised")
	case errors.Is(err, ratelimit.ErrRevoked):
		return p, authErr("the key has been revoked")
	default:
		return p, err
	}
	if p.Key.Kind != kind {
		if kind == ratelimit.KindSecret {
			return p, authErr("a public key works only through the browser relay /api/embed/v2/{tool_slug}; send an API key")
		}
		return p, authErr("the browser relay takes a public key; never send an API key from a browser")
	}
	return p, nil
}

// fail writes a gate error; non-client errors become 503 (fail closed).
func (g *Gate) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ce *api.Error
	if !errors.As(err, &ce) {
		l := zerolog.Ctx(r.Context())
		l.Error().Err(err).Msg("metering store failed: request refused")
		ce = unavailableErr()
	}
	if ci := api.CallInfoFrom(r.Context()); ci != nil {
		ci.ErrCode = ce.Code
		ci.Weight = 0
	}
	api.WriteRequestError(w, r, ce)
}

func (g *Gate) serveKeyed(w http.ResponseWriter, r *http.Request, rt *api.Route, next http.Handler) {
	ctx := r.Context()
	if p, ok := ctx.Value(embedPrincipalKey).(ratelimit.Principal); ok {
		// Relayed from the embed gate: already authenticated.
		g.meter(w, r, rt, p, next)
		return
	}
	cred, cerr := credential(r, schemeAPIKey)
	if cerr != nil {
		g.fail(w, r, cerr)
		return
	}
	if cred == "" {
		if rt.Auth != api.AuthOpen {
			g.fail(w, r, authErr("an API key is required; send the header Authorization: Api-Key <key>"))
			return
		}
		if ci := api.CallInfoFrom(ctx); ci != nil {
			ci.Weight = 0 // anonymous calls are not charged to anyone
		}
		if g.exempt[rt.Name] || g.anonRate == ratelimit.Unlimited {
			next.ServeHTTP(w, r)
			return
		}
		d, err := g.svc.ReserveAnonymous(ctx, g.clientIP(r), g.anonRate)
		if err != nil {
			g.fail(w, r, err)
			return
		}
		if !d.Allowed {
			g.fail(w, r, rateErr(d, "anonymous requests from one address are limited to %d a second; send an API key for more", g.anonRate))
			return
		}
		next.ServeHTTP(w, r)
		return
	}
	p, err := g.authenticate(ctx, g.clientIP(r), cred, ratelimit.KindSecret)
	if err != nil {
		g.fail(w, r, err)
		return
	}
	g.meter(w, r, rt, p, next)
}

func rateErr(d ratelimit.Decision, format string, args ...any) *api.Error {
	e := api.Errorf(http.StatusTooManyRequests, api.CodeRateLimitExceeded, format, args...)
	secs := int64((d.RetryAfter + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	e.Header = http.Header{"Retry-After": []string{strconv.FormatInt(secs, 10)}}
	e.Details = map[string]any{"limit": d.Limit}
	return e
}

// setRateHeaders writes the metering headers. Every value is an integer: a
// key without a quota (Enterprise, or a -1 override) gets no
// X-RateLimit-Limit / X-RateLimit-Remaining at all, never a word, so clients
// that parse integers keep working (docs/decisions.md).
func setRateHeaders(h http.Header, d ratelimit.Decision) {
	h.Set(hdrCallWeight, strconv.Itoa(d.Weight))
	if d.Quota == ratelimit.Unlimited {
		h.Del(hdrLimit)
		h.Del(hdrRemaining)
	} else {
		h.Set(hdrLimit, strconv.Itoa(d.Quota))
		h.Set(hdrRemaining, strconv.Itoa(d.Remaining))
	}
	if d.RouteQuota > 0 {
		h.Set(hdrRouteLimit, strconv.Itoa(d.RouteQuota))
		h.Set(hdrRouteRemaining, strconv.Itoa(d.RouteRemaining))
	}
	h.Set(hdrReset, strconv.FormatInt(d.Reset.Unix(), 10))
	setTokenHeaders(h, d)
}

// setTokenHeaders adds the pay-as-you-go headers when the organisation has
// tokens (or the key is pay-as-you-go).
func setTokenHeaders(h http.Header, d ratelimit.Decision) {
	if !d.Tokens {
		return
	}
	h.Set(hdrTokensCharged, strconv.Itoa(d.TokensCharged))
	h.Set(hdrTokensBalance, strconv.FormatInt(d.TokensBalance, 10))
}

// balanceErr is the 402 of a call the token balance cannot pay.
func balanceErr(balance int64, price int) *api.Error {
	e := api.Errorf(http.StatusPaymentRequired, api.CodeInsufficientBalance,
		"the token balance (%d) cannot pay this call (%d tokens); top up to continue (100 tokens = 1 GBP)", balance, price)
	e.Details = map[string]any{"balance": balance, "price": price, "limit": ratelimit.LimitBalance}
	return e
}

// meter applies the plan gate, reserves the route's weight, serves, then
// settles: refund on error statuses, reconcile a changed weight.
func (g *Gate) meter(w http.ResponseWriter, r *http.Request, rt *api.Route, p ratelimit.Principal, next http.Handler) {
	ctx := r.Context()
	ci := api.CallInfoFrom(ctx)
	if ci != nil {
		ci.KeyPrefix, ci.OrgID, ci.Plan = p.Key.Prefix, p.Org.ID, p.Plan.Name
	}
	if !p.Plan.Allows(rt.MinPlan) {
		if d, err := g.svc.Peek(ctx, p); err == nil {
			setRateHeaders(w.Header(), d)
		}
		e := api.Errorf(http.StatusForbidden, api.CodeEndpointNotAllowed, "this endpoint needs the %s plan or above; the key is on the %s plan", rt.MinPlan, p.Plan.Name)
		e.Details = map[string]any{"required_plan": rt.MinPlan, "plan": p.Plan.Name}
		g.fail(w, r, e)
		return
	}
	var idem *idemCall
	// A header sent empty is an invalid key (400), not an absent one.
	if _, sent := r.Header[hdrIdempotencyKey]; r.Method == http.MethodPost && sent && !api.OwnIdempotency(rt.Name) {
		var done bool
		if idem, done = g.idemBegin(w, r, rt, p); done {
			return
		}
	}
	call := ratelimit.Call{Route: rt.Name, Weight: rt.Weight, RequestID: requestID(ctx)}
	if idem == nil && g.speculative(r, rt, p) {
		g.meterSpeculative(w, r, rt, p, call, ci, next)
		return
	}
	res, err := g.svc.ReserveCall(ctx, p, call)
	g.standing.note(p.Key.Meter, res, err)
	if err != nil {
		idem.release(r)
		g.fail(w, r, err)
		return
	}
	d := res.Decision
	setRateHeaders(w.Header(), d)
	if !d.Allowed {
		idem.release(r)
		g.refuse(w, r, rt, p, d)
		return
	}
	mw := &meterWriter{ResponseWriter: w, g: g, r: r, res: res, ci: ci, idem: idem}
	defer func() {
		if v := recover(); v != nil {
			idem.release(r)
			if v == http.ErrAbortHandler && mw.wroteHeader && !mw.discard && mw.status < 400 {
				// The response had started (an export cut off mid-stream,
				// by the client or by a failure): rows were sent, so the
				// charge stands at what was committed with the headers.
				// Refunding here would make "ask for more, drop the
				// connection" a free export.
				panic(v)
			}
			// Nothing was sent: the base middleware answers 500 (or the
			// connection is cut before a byte left). Refund, and say so.
			if mw.settle(0) && !mw.wroteHeader {
				w.Header().Set(hdrCallWeight, "0")
			}
			panic(v)
		}
	}()
	next.ServeHTTP(mw, r.WithContext(api.WithPrincipal(context.WithValue(ctx, reservationKey, res), p)))
	mw.finish()
}

// refuse answers a request the reservation refused (429 or 402).
func (g *Gate) refuse(w http.ResponseWriter, r *http.Request, rt *api.Route, p ratelimit.Principal, d ratelimit.Decision) {
	var e *api.Error
	switch d.Limit {
	case ratelimit.LimitBalance:
		e = balanceErr(d.TokensBalance, d.Price)
	case ratelimit.LimitPerSecond:
		_, perSecond := p.Key.Limits(p.Plan)
		e = rateErr(d, "per-second limit reached: the %s plan allows %d requests a second", p.Plan.Name, perSecond)
	case ratelimit.LimitTokenCap:
		e = rateErr(d, "this public key's daily token cap is reached; it resets at midnight UTC")
	case ratelimit.LimitQuota:
		if p.Key.Kind == ratelimit.KindPublic {
			e = rateErr(d, "monthly quota reached: %d calls left, this call costs %d; public keys do not spend the organisation's tokens unless it allows them (with a daily cap per key); the quota resets at %s", d.Remaining, rt.Weight, d.Reset.UTC().Format(time.RFC3339))
			break
		}
		e = rateErr(d, "monthly quota reached: %d calls left, this call costs %d; the quota resets at %s", d.Remaining, rt.Weight, d.Reset.UTC().Format(time.RFC3339))
	case ratelimit.LimitRouteQuota:
		e = rateErr(d, "monthly allowance of this endpoint reached: the %s plan includes %d calls a period; it resets at %s", p.Plan.Name, d.RouteQuota, d.Reset.UTC().Format(time.RFC3339))
	default:
		e = rateErr(d, "monthly quota reached: %d calls left, this call costs %d; the quota resets at %s", d.Remaining, rt.Weight, d.Reset.UTC().Format(time.RFC3339))
	}
	g.fail(w, r, e)
}

// requestID is the request's id (from its call info), for ledger entries.
func requestID(ctx context.Context) string {
	if ci := api.CallInfoFrom(ctx); ci != nil {
		return ci.RequestID
	}
	return ""
}

// clientIP is the bucket of the client's address that per-IP limits count
// against: an IPv4 address (IPv4-mapped IPv6 unmapped), or the /64 of an
// IPv6 address (one subscriber holds a whole /64, so counting full
// addresses would give it 2^64 buckets).
func (g *Gate) clientIP(r *http.Request) string {
	if g.xff {
		if v := r.Header.Get("X-Forwarded-For"); v != "" {
			parts := strings.Split(v, ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return IPBucket(ip)
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return IPBucket(r.RemoteAddr)
	}
	return IPBucket(host)
}

// IPBucket maps an address to its per-IP limit bucket (see clientIP);
// anything that is not an IP address is returned as it is.
func IPBucket(s string) string {
	a, err := netip.ParseAddr(s)
	if err != nil {
		return s
	}
	a = a.WithZone("").Unmap()
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}

// requestOrigin is the Origin header, or the origin of the Referer.
func requestOrigin(r *http.Request) string {
	if o := r.Header.Get("Origin"); o != "" && o != "null" {
		return o
	}
	if ref := r.Header.Get("Referer"); ref != "" {
		if u, err := url.Parse(ref); err == nil && u.Scheme != "" && u.Host != "" {
			return u.Scheme + "://" + u.Host
		}
	}
	return ""
}

func setCORS(h http.Header, origin string) {
	h.Set("Access-Control-Allow-Origin", origin)
	h.Add("Vary", "Origin")
	h.Set("Access-Control-Expose-Headers", "X-Call-Weight, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Endpoint-Limit, X-RateLimit-Endpoint-Remaining, X-Tokens-Charged, X-Tokens-Balance, Retry-After, X-Request-Id, X-Data-Source, X-Data-Release")
}

func originErr(format string, args ...any) *api.Error {
	return api.Errorf(http.StatusForbidden, api.CodeOriginNotAllowed, format, args...)
}

// serveEmbed authenticates a public key for the browser relay: the key must
// be scoped to the tool and the request's origin must be allowed. CORS
// headers are sent only for allowed origins. The relay handler then meters
// the relayed operation through the gate (see api.Server.embedRelay).
func (g *Gate) serveEmbed(w http.ResponseWriter, r *http.Request, next http.Handler) {
	ctx := r.Context()
	tool := mux.Vars(r)["tool_slug"]
	origin := requestOrigin(r)
	if r.Method == http.MethodOptions {
		if origin == "" {
			g.fail(w, r, originErr("a preflight needs an Origin header"))
			return
		}
		ok, err := g.svc.EmbedOriginKnown(ctx, tool, origin)
		if err != nil {
			g.fail(w, r, err)
			return
		}
		if !ok {
			g.fail(w, r, originErr("no public key allows this origin for the tool"))
			return
		}
		h := w.Header()
		setCORS(h, origin)
		h.Set("Access-Control-Allow-Methods", "GET, OPTIONS")
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id")
		h.Set("Access-Control-Max-Age", "600")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	// Until the key's own origins are checked, CORS headers go out only if
	// some active key allows the origin, so a browser can read the error.
	failCORS := func(err error) {
		var ce *api.Error
		if errors.As(err, &ce) && ce.Status == http.StatusUnauthorized {
			ce.Header = http.Header{"Www-Authenticate": []string{schemePublicKey}}
		}
		if origin != "" {
			if ok, kerr := g.svc.EmbedOriginKnown(ctx, tool, origin); kerr == nil && ok {
				setCORS(w.Header(), origin)
			}
		}
		g.fail(w, r, err)
	}
	cred, cerr := credential(r, schemePublicKey)
	if cerr != nil {
		failCORS(cerr)
		return
	}
	if cred == "" {
		failCORS(authErr("a public key is required; send the header Authorization: Public-Key <key>"))
		return
	}
	p, err := g.authenticate(ctx, g.clientIP(r), cred, ratelimit.KindPublic)
	if err != nil {
		failCORS(err)
		return
	}
	if origin == "" {
		g.fail(w, r, originErr("the relay needs an Origin or Referer header from an allowed site"))
		return
	}
	if !ratelimit.OriginAllowed(p.Key.Origins, origin) {
		g.fail(w, r, originErr("this public key does not allow requests from this origin"))
		return
	}
	setCORS(w.Header(), origin)
	if ci := api.CallInfoFrom(ctx); ci != nil {
		ci.KeyPrefix, ci.OrgID, ci.Plan = p.Key.Prefix, p.Org.ID, p.Plan.Name
	}
	if !p.Key.HasTool(tool) {
		g.fail(w, r, api.Errorf(http.StatusForbidden, api.CodeEndpointNotAllowed, "this public key is not scoped to the tool %q", tool))
		return
	}
	next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, embedPrincipalKey, p)))
}
