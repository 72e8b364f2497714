// The meter's response writer: the weight a handler reports, the charge
// settled when the status is known, a refund when nothing was written.

package gate

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/rs/zerolog"
	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/ratelimit"
)

// meterWriter settles the charge when the status is known, before the
// headers leave, so X-Call-Weight and X-RateLimit-Remaining are exact.
type meterWriter struct {
	http.ResponseWriter
	g           *Gate
	r           *http.Request
	res         *ratelimit.Reservation
	ci          *api.CallInfo
	wroteHeader bool
	status      int
	discard     bool
	// idem, when the request carries an Idempotency-Key, captures the
	// response for replay.
	idem *idemCall
}

func (m *meterWriter) weight() int {
	if m.ci == nil {
		return m.res.Decision.Weight
	}
	return max(0, m.ci.Weight)
}

// settle brings the charge to w; false when the store failed.
func (m *meterWriter) settle(w int) bool { return m.settleErr(w, true) == nil }

// settleErr brings the charge to w. Unforced, a token charge the balance
// cannot pay returns ratelimit.ErrInsufficientBalance and changes nothing.
func (m *meterWriter) settleErr(w int, force bool) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(m.r.Context()), time.Second)
	defer cancel()
	settle := m.g.svc.Settle
	if !force {
		settle = m.g.svc.TrySettle
	}
	if err := settle(ctx, m.res, w); err != nil {
		if !errors.Is(err, ratelimit.ErrInsufficientBalance) {
			l := zerolog.Ctx(m.r.Context())
			l.Error().Err(err).Int("charged", m.res.Decision.Weight).Int("wanted", w).Msg("settle charge failed")
		}
		return err
	}
	if m.ci != nil {
		m.ci.Weight = m.res.Decision.Weight
	}
	return nil
}

func (m *meterWriter) WriteHeader(code int) {
	if m.discard {
		return
	}
	if m.wroteHeader || code < 200 {
		m.ResponseWriter.WriteHeader(code)
		return
	}
	m.wroteHeader, m.status = true, code
	want := m.weight()
	if code >= 400 || code == http.StatusNotModified {
		// Errors and revalidations (304, see httpcache.go) are not charged.
		want = 0
	}
	if err := m.settleErr(want, false); err != nil && want > m.res.Decision.Weight {
		// The extra weight could not be charged: refuse rather than serve
		// uncharged rows, and refund the reservation if the store lets us.
		// A token balance that cannot pay the full weight answers 402.
		m.settle(0)
		m.discard = true
		setRateHeaders(m.Header(), m.res.Decision)
		m.Header().Del("Content-Length")
		m.Header().Del("Content-Disposition")
		ce := unavailableErr()
		if errors.Is(err, ratelimit.ErrInsufficientBalance) {
			ce = balanceErr(m.res.Decision.TokensBalance, want)
		}
		if m.ci != nil {
			m.ci.ErrCode = ce.Code
		}
		api.WriteRequestError(m.ResponseWriter, m.r, ce)
		return
	}
	setRateHeaders(m.Header(), m.res.Decision)
	m.ResponseWriter.WriteHeader(code)
}

func (m *meterWriter) Write(b []byte) (int, error) {
	if !m.wroteHeader {
		m.WriteHeader(http.StatusOK)
	}
	if m.discard {
		return len(b), nil
	}
	m.idem.capture(b)
	return m.ResponseWriter.Write(b)
}

// Flush lets streaming handlers push bytes through.
func (m *meterWriter) Flush() {
	if !m.wroteHeader {
		m.WriteHeader(http.StatusOK)
	}
	if f, ok := m.ResponseWriter.(http.Flusher); ok && !m.discard {
		f.Flush()
	}
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (m *meterWriter) Unwrap() http.ResponseWriter { return m.ResponseWriter }

// finish settles after the handler: a handler that wrote nothing either
// failed silently (client gone: refund) or succeeded with an empty 200; a
// streamed response whose weight changed after its headers is reconciled.
func (m *meterWriter) finish() {
	switch {
	case m.discard:
	case !m.wroteHeader:
		want := m.weight()
		if m.ci != nil && m.ci.ErrCode != "" {
			want = 0
		}
		m.settle(want)
		setRateHeaders(m.Header(), m.res.Decision)
	case m.status < 400 && m.status != http.StatusNotModified && m.weight() != m.res.Decision.Weight:
		m.settle(m.weight())
	}
	m.idem.finish(m)
}
