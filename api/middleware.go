package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"
)

// MaxQueryBytes caps the raw query string; longer ones are refused before
// any parsing.
const MaxQueryBytes = 4096

// statusWriter records the status and bytes written.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Flush lets streaming handlers (export) push bytes through.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Status returns the status written so far (200 if only a body was written).
func (w *statusWriter) Status() int { return w.status }

// base wraps every request: request id, per-request logger, panic recovery,
// query length cap and one access line.
func (s *Server) base(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !validRequestID(id) {
			id = newRequestID()
		}
		ci := &CallInfo{RequestID: id, publicBase: strings.TrimRight(s.opt.PublicBaseURL, "/")}
		logger := s.log.With().Str("request_id", id).Logger()
		ctx, span := s.startRequestSpan(r, id)
		ctx = logger.WithContext(ctx)
		ctx = contextWithCallInfo(ctx, ci)
		r = r.WithContext(ctx)
		sw := &statusWriter{ResponseWriter: w}
		sw.Header().Set("X-Request-Id", id)
		// No answer of this API is to be sniffed into another type (a JSON
		// error echoing input rendered as HTML).
		sw.Header().Set("X-Content-Type-Options", "nosniff")
		if s.opt.Observer != nil {
			s.opt.Observer.InFlight(1)
		}
		s.inflight.Add(1)

		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				logger.Error().Str("panic", fmt.Sprint(p)).Bytes("stack", debug.Stack()).Msg("panic recovered")
				if sw.status == 0 {
					writeError(sw, Errorf(http.StatusInternalServerError, CodeInternal, "internal error"), id)
				}
			}
			ev := logger.Info()
			if sw.status >= 500 {
				ev = logger.Warn()
			}
			route := ""
			if ci.Route != nil {
				route = ci.Route.Name
			}
			ev.Str("method", r.Method).
				Str("path", r.URL.Path).
				Str("query", ScrubQuery(r.URL.RawQuery)).
				Str("route", route).
				Int("status", sw.status).
				Int64("bytes", sw.bytes).
				Float64("latency_ms", float64(time.Since(start).Microseconds())/1000).
				Int("weight", ci.Weight).
				Str("key_prefix", ci.KeyPrefix).
				Str("error_code", ci.ErrCode).
				Msg("access")
			s.inflight.Add(-1)
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			endRequestSpan(span, status, ci)
			if s.opt.Observer != nil {
				s.opt.Observer.InFlight(-1)
				s.opt.Observer.Request(RequestRecord{
					Route: routeLabel(ci, r.URL.Path), Method: r.Method, Status: status,
					Duration: time.Since(start), Weight: ci.Weight, ErrCode: ci.ErrCode,
					Cache: sw.Header().Get("X-Cache"), Bytes: sw.bytes,
				})
			}
		}()

		if len(r.URL.RawQuery) > MaxQueryBytes {
			s.writeErr(sw, r, Errorf(http.StatusRequestURITooLong, CodeRequestTooLarge, "query string longer than %d bytes", MaxQueryBytes))
			return
		}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.WriteHeader(http.StatusOK)
		}
	})
}

func contextWithCallInfo(ctx context.Context, ci *CallInfo) context.Context {
	return context.WithValue(ctx, callInfoKey, ci)
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// ScrubQuery removes secrets (api_key) from a raw query for logging.
func ScrubQuery(raw string) string {
	if raw == "" {
		return ""
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return "(unparseable query)"
	}
	var secrets []string
	for k, vs := range q {
		if credentialParam(k) {
			for _, v := range vs {
				if len(v) >= 8 {
					secrets = append(secrets, v)
				}
			}
		}
	}
	// A credential typed again elsewhere in the query ("key=SECRET&SECRET",
	// "q=SECRET") is redacted there too, also where only its logged
	// (escaped) form would show it.
	leaks := func(s string) bool {
		for _, sec := range secrets {
			if strings.Contains(s, sec) || strings.Contains(url.QueryEscape(s), url.QueryEscape(sec)) {
				return true
			}
		}
		return false
	}
	out := url.Values{}
	for k, vs := range q {
		if credentialParam(k) {
			out[k] = []string{"REDACTED"}
			continue
		}
		if leaks(k) {
			k = "REDACTED"
		}
		for _, v := range vs {
			if leaks(v) {
				v = "REDACTED"
			}
			out.Add(k, v)
		}
	}
	return out.Encode()
}

// credentialParam reports whether a query parameter carries a credential.
func credentialParam(k string) bool {
	switch k {
	case "api_key", "apikey", "key", "public_key":
		return true
	}
	return false
}
