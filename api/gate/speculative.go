package gate

// Speculative metering: the reservation of a keyed lookup is a
// Redis round trip, and the lookup itself an OpenSearch round trip. Run one
// after the other they add up; run side by side the request costs the
// longer of the two. So for a GET of a cacheable route (a keyed lookup of
// data that changes only at a load: fixed weight, no side effects, its
// answer already buffered for its ETag) the gate starts the reservation and
// runs the handler at the same time, into a buffer. Nothing leaves the
// process before the reservation is known:
//
//   - admitted: the buffered response is replayed through the same
//     meterWriter as a serial request, so errors and 304s are refunded and
//     a changed weight is settled exactly as before;
//   - refused (429, 402) or failed (503): the buffer is dropped and the
//     refusal is answered as before; nothing was charged;
//   - the handler panics: an admitted reservation is refunded.
//
// Charging is unchanged: every served request is charged once, by the
// same script. What speculation costs is engine work for requests that end
// up refused. To bound it, a meter whose last reservation in this process
// was refused or failed is metered serially (reserve, then run the handler)
// until one is admitted again: a key over its limit, or a Redis outage,
// costs at most the requests already in flight when the first refusal came
// back, not one engine request per refused call.

import (
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/ratelimit"
)

// standing is the set of meters to meter serially.
type standing struct {
	mu      sync.Mutex
	refused map[string]struct{}
}

// maxStanding bounds the set; when full it is emptied (which only lets
// those meters speculate once more).
const maxStanding = 10000

// note records the outcome of a reservation of meter.
func (s *standing) note(meter string, res *ratelimit.Reservation, err error) {
	bad := err != nil || res == nil || !res.Decision.Allowed
	s.mu.Lock()
	defer s.mu.Unlock()
	if !bad {
		delete(s.refused, meter)
		return
	}
	if len(s.refused) >= maxStanding {
		clear(s.refused)
	}
	s.refused[meter] = struct{}{}
}

func (s *standing) ok(meter string) bool {
	s.mu.Lock()
	_, bad := s.refused[meter]
	s.mu.Unlock()
	return !bad
}

// speculative reports whether a request may run its handler while its
// charge is reserved.
func (g *Gate) speculative(r *http.Request, rt *api.Route, p ratelimit.Principal) bool {
	if g.noSpeculation || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	if !rt.Cacheable || rt.Weight <= 0 {
		return false
	}
	return g.standing.ok(p.Key.Meter)
}

// reservers runs the speculative reservations on goroutines that stay for
// the next one. A goroutine started for each request grew its stack through
// the Redis client on every request (runtime.copystack: ~9% of the API's
// CPU on properties/{uprn}, docs/performance.md); a parked one keeps its
// grown stack. Up to maxReservers stay parked; beyond that a reservation
// runs on a goroutine of its own, as before.
type reservers struct {
	jobs    chan func()  // unbuffered: a send succeeds only to a parked worker
	workers atomic.Int32 // started; they never exit
}

// maxReservers bounds the parked reservation goroutines (each a few KB of
// stack): more than the reservations in flight at the closed loop's 16
// clients.
const maxReservers = 64

// run runs f on a parked worker, or on a new goroutine that then parks.
func (rs *reservers) run(f func()) {
	select {
	case rs.jobs <- f:
		return
	default:
	}
	if rs.workers.Add(1) > maxReservers {
		rs.workers.Add(-1)
		go f()
		return
	}
	go func() {
		f()
		for f := range rs.jobs {
			f()
		}
	}()
}

// reserved is the outcome of a reservation run beside the handler.
type reserved struct {
	res *ratelimit.Reservation
	err error
}

// meterSpeculative reserves and serves at the same time (see the file
// comment).
func (g *Gate) meterSpeculative(w http.ResponseWriter, r *http.Request, rt *api.Route, p ratelimit.Principal, call ratelimit.Call, ci *api.CallInfo, next http.Handler) {
	ctx := r.Context()
	done := make(chan reserved, 1)
	g.reservers.run(func() {
		res, err := g.svc.ReserveCall(ctx, p, call)
		done <- reserved{res, err}
	})
	var out reserved
	waited := false
	wait := func() reserved {
		if !waited {
			out, waited = <-done, true
			g.standing.note(p.Key.Meter, out.res, out.err)
		}
		return out
	}
	bw := &specWriter{header: http.Header{}}
	defer func() {
		if v := recover(); v != nil {
			// The base middleware answers 500: refund an admitted charge.
			if o := wait(); o.err == nil && o.res.Decision.Allowed {
				mw := &meterWriter{ResponseWriter: w, g: g, r: r, res: o.res, ci: ci}
				if mw.settle(0) {
					w.Header().Set(hdrCallWeight, "0")
				}
			}
			panic(v)
		}
	}()
	// The handler sees the principal but no reservation: CallAllowance
	// answers "not limited", which is why only fixed-weight routes speculate.
	next.ServeHTTP(bw, r.WithContext(api.WithPrincipal(ctx, p)))
	o := wait()
	if o.err != nil {
		g.fail(w, r, o.err)
		return
	}
	d := o.res.Decision
	setRateHeaders(w.Header(), d)
	if !d.Allowed {
		g.refuse(w, r, rt, p, d)
		return
	}
	h := w.Header()
	for k, vs := range bw.header {
		h[k] = append(h[k], vs...)
	}
	mw := &meterWriter{ResponseWriter: w, g: g, r: r, res: o.res, ci: ci}
	if bw.status != 0 {
		mw.WriteHeader(bw.status)
		if bw.body != nil {
			_, _ = mw.Write(bw.body)
		}
	}
	mw.finish()
}

// specWriter holds a speculative response until its charge is known.
type specWriter struct {
	header http.Header
	status int
	body   []byte
}

func (b *specWriter) Header() http.Header { return b.header }

func (b *specWriter) WriteHeader(code int) {
	if b.status == 0 && code >= 200 {
		b.status = code
	}
}

func (b *specWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	b.body = append(b.body, p...)
	return len(p), nil
}
