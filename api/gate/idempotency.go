package gate

// Idempotent retries of POST requests (Idempotency-Key), part of the gate.
//
// The first request with a key claims it (per organisation) and runs; a 2xx
// response is kept for 24 hours with the weight it was charged, and a retry
// with the same key and the same request (route, query and body) gets that
// response again with `Idempotent-Replayed: true`, charged nothing. A
// response that is not 2xx releases the key (errors are never charged, so
// running a retry again cannot charge twice). A retry while the first is
// still running gets 409 idempotency_key_in_use (Retry-After: 1); the same
// key with another request gets 422 idempotency_key_reused.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/ratelimit"
)

const (
	hdrIdempotencyKey = "Idempotency-Key"
	hdrReplayed       = "Idempotent-Replayed"
	// MaxIdempotentBody bounds the request body read to fingerprint a POST
	// with an Idempotency-Key (the POST routes take 64 KiB at most).
	MaxIdempotentBody = 1 << 20
	// MaxIdempotentResponse bounds a response kept for replay; a larger one
	// is served and charged once, and a retry gets 409
	// idempotent_response_unavailable.
	MaxIdempotentResponse = 8 << 20
)

// idemCall is one claimed Idempotency-Key. Its methods accept a nil receiver.
type idemCall struct {
	g        *Gate
	org, key string
	owner    string
	buf      bytes.Buffer
	tooLarge bool
	ended    bool
}

// notReplayed are response headers that belong to one response, not to the
// stored result.
var notReplayed = map[string]bool{
	"X-Request-Id": true, hdrCallWeight: true, hdrLimit: true, hdrRemaining: true, hdrReset: true,
	hdrTokensCharged: true, hdrTokensBalance: true, "Retry-After": true, "Content-Length": true, "Date": true,
	"Access-Control-Allow-Origin": true, "Vary": true, "Access-Control-Expose-Headers": true,
}

// idemBegin validates the key, fingerprints the request and claims the key.
// done is true when a response (replay, 409, 422, error) has been written.
func (g *Gate) idemBegin(w http.ResponseWriter, r *http.Request, rt *api.Route, p ratelimit.Principal) (*idemCall, bool) {
	ctx := r.Context()
	key := r.Header.Get(hdrIdempotencyKey)
	if !validIdemKey(key) {
		e := api.Errorf(http.StatusBadRequest, api.CodeBadRequest, "the Idempotency-Key header must be 1 to %d visible ASCII characters", ratelimit.MaxIdemKey)
		e.Details = map[string]any{"header": hdrIdempotencyKey}
		g.fail(w, r, e)
		return nil, true
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxIdempotentBody+1))
	if err != nil {
		g.fail(w, r, api.Errorf(http.StatusBadRequest, api.CodeBadRequest, "the request body could not be read"))
		return nil, true
	}
	if len(body) > MaxIdempotentBody {
		g.fail(w, r, api.Errorf(http.StatusRequestEntityTooLarge, api.CodeRequestTooLarge, "request body larger than %d bytes", MaxIdempotentBody))
		return nil, true
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var owner [16]byte
	_, _ = rand.Read(owner[:])
	ic := &idemCall{g: g, org: p.Org.ID, key: key, owner: hex.EncodeToString(owner[:])}
	res, err := g.svc.IdemBegin(ctx, p.Org.ID, key, idemFingerprint(rt, r, body), ic.owner)
	if err != nil {
		g.fail(w, r, err)
		return nil, true
	}
	switch res.State {
	case ratelimit.IdemClaimed:
		return ic, false
	case ratelimit.IdemInFlight:
		e := api.Errorf(http.StatusConflict, api.CodeIdempotencyInUse, "a request with this Idempotency-Key is still being processed; retry shortly")
		e.Header = http.Header{"Retry-After": []string{"1"}}
		g.fail(w, r, e)
	case ratelimit.IdemMismatch:
		g.fail(w, r, api.Errorf(http.StatusUnprocessableEntity, api.CodeIdempotencyReused,
			"this Idempotency-Key was already used for a different request (route, query or body); use a new key for a new request"))
	default:
		g.replay(w, r, rt, p, res.Record)
	}
	return nil, true
}

// validIdemKey: 1..255 visible ASCII characters.
func validIdemKey(k string) bool {
	if k == "" || len(k) > ratelimit.MaxIdemKey {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// idemFingerprint identifies a request: route, query (without api_key) and body.
func idemFingerprint(rt *api.Route, r *http.Request, body []byte) string {
	q := r.URL.Query()
	q.Del("api_key")
	h := sha256.New()
	io.WriteString(h, rt.Name+"\n"+url.Values(q).Encode()+"\n")
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// replay writes a stored response: charged nothing, with the key's current
// standing in the metering headers. It still counts against the key's
// per-second limit (a reservation of weight 0: no quota, no tokens), so
// replays cannot be used to get past the rate limit.
func (g *Gate) replay(w http.ResponseWriter, r *http.Request, rt *api.Route, p ratelimit.Principal, rec ratelimit.IdemRecord) {
	if ci := api.CallInfoFrom(r.Context()); ci != nil {
		ci.Weight = 0
	}
	res, err := g.svc.ReserveCall(r.Context(), p, ratelimit.Call{Route: rt.Name, Weight: 0, RequestID: requestID(r.Context())})
	if err != nil {
		g.fail(w, r, err)
		return
	}
	if !res.Decision.Allowed {
		setRateHeaders(w.Header(), res.Decision)
		g.refuse(w, r, rt, p, res.Decision)
		return
	}
	if rec.TooLarge {
		g.fail(w, r, api.Errorf(http.StatusConflict, api.CodeIdempotencyUnavailable,
			"the first request with this Idempotency-Key succeeded and was charged, but its response was too large to keep; use a new key to run it again"))
		return
	}
	h := w.Header()
	for k, vs := range rec.Header {
		h[k] = append([]string(nil), vs...)
	}
	if d, err := g.svc.Peek(r.Context(), p); err == nil {
		setRateHeaders(h, d)
	}
	h.Set(hdrCallWeight, "0")
	if h.Get(hdrTokensBalance) != "" {
		h.Set(hdrTokensCharged, "0")
	}
	h.Set(hdrReplayed, "true")
	h.Set("Content-Length", strconv.Itoa(len(rec.Body)))
	w.WriteHeader(rec.Status)
	_, _ = w.Write(rec.Body)
}

// capture keeps the response body for replay, up to MaxIdempotentResponse.
func (ic *idemCall) capture(b []byte) {
	if ic == nil || ic.tooLarge {
		return
	}
	if ic.buf.Len()+len(b) > MaxIdempotentResponse {
		ic.tooLarge = true
		ic.buf = bytes.Buffer{}
		return
	}
	ic.buf.Write(b)
}

// finish stores a 2xx response for replay, or releases the key.
func (ic *idemCall) finish(m *meterWriter) {
	if ic == nil || ic.ended {
		return
	}
	status := m.status
	if !m.wroteHeader {
		status = http.StatusOK
	}
	if m.discard || status < 200 || status > 299 || (m.ci != nil && m.ci.ErrCode != "") {
		ic.release(m.r)
		return
	}
	ic.ended = true
	rec := ratelimit.IdemRecord{Status: status, Header: map[string][]string{}, Weight: m.res.Decision.Weight,
		Funding: m.res.Decision.Funding, TooLarge: ic.tooLarge}
	if !ic.tooLarge {
		rec.Body = ic.buf.Bytes()
	}
	for k, vs := range m.Header() {
		if !notReplayed[k] {
			rec.Header[k] = vs
		}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(m.r.Context()), time.Second)
	defer cancel()
	if err := ic.g.svc.IdemFinish(ctx, ic.org, ic.key, ic.owner, rec); err != nil {
		// The claim stays pending until its lease ends: retries get 409
		// until then, never a second charge within the lease.
		l := zerolog.Ctx(m.r.Context())
		l.Error().Err(err).Msg("idempotency: store response failed")
	}
}

// release frees the key so a retry runs again (the request was not charged).
func (ic *idemCall) release(r *http.Request) {
	if ic == nil || ic.ended {
		return
	}
	ic.ended = true
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), time.Second)
	defer cancel()
	if err := ic.g.svc.IdemRelease(ctx, ic.org, ic.key, ic.owner); err != nil && !errors.Is(err, context.Canceled) {
		l := zerolog.Ctx(r.Context())
		l.Error().Err(err).Msg("idempotency: release key failed")
	}
}
