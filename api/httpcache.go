package api

// HTTP caching: ETag and Cache-Control on data that changes only
// at a load, and If-None-Match answered with 304 Not Modified.
//
// The ETag is a weak validator over the response body (W/"<hash>"), so it is
// exact whatever the handler reads, and stays valid across content codings
// (gzip and zstd encode the same representation). The layer sits inside the
// gate: the gate reserves the route's weight first, the handler runs, and a
// 304 is settled like an error status, at weight 0, so a revalidation costs
// the caller nothing (X-Call-Weight: 0, the quota untouched).

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
)

// DefaultCacheMaxAge is the max-age of cacheable responses (env CACHE_MAX_AGE).
const DefaultCacheMaxAge = 300

// cacheMaxAge is the configured max-age in seconds.
func (s *Server) cacheMaxAge() int {
	switch {
	case s.opt.CacheMaxAge < 0:
		return 0
	case s.opt.CacheMaxAge == 0:
		return DefaultCacheMaxAge
	}
	return s.opt.CacheMaxAge
}

// withHTTPCache buffers the handler's response for a cacheable route, sets
// ETag and Cache-Control on a 200, and answers a matching If-None-Match with
// 304 and no body. Other statuses pass through untouched.
func (s *Server) withHTTPCache(rt *Route, next http.Handler) http.Handler {
	if !rt.Cacheable {
		return next
	}
	// The schema is the same for everyone (public); data answers are sent
	// to a keyed caller, so only its own cache may keep them (private).
	scope := "private"
	if rt.Auth == AuthOpen && rt.Weight == 0 {
		scope = "public"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		bw := &bufferWriter{header: http.Header{}}
		next.ServeHTTP(bw, r)
		h := w.Header()
		for k, vs := range bw.header {
			h[k] = append(h[k], vs...) // keeps Link and Vary set before the handler
		}
		status := bw.status
		if status == 0 {
			status = http.StatusOK
		}
		if status != http.StatusOK {
			w.WriteHeader(status)
			_, _ = w.Write(bw.buf.Bytes())
			return
		}
		etag := weakETag(bw.buf.Bytes())
		h.Set("ETag", etag)
		h.Set("Cache-Control", scope+", max-age="+strconv.Itoa(s.cacheMaxAge())+", must-revalidate")
		if rt.Name == "service.schema" {
			h.Add("Vary", "Accept") // JSON or YAML by Accept
		}
		if etagMatch(r.Header.Get("If-None-Match"), etag) {
			h.Del("Content-Length")
			h.Del("Content-Type")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(bw.buf.Bytes())
	})
}

// weakETag is W/"<first 128 bits of the body's SHA-256, base64url>" (the
// body includes the dataset's source and release, so a load that changes
// data changes it). The same body gives the same tag on every instance.
// SHA-256 runs on the CPU's SHA instructions: a 2.5 KB record hashes 4-5×
// faster than with the FNV-1a it replaced.
func weakETag(b []byte) string {
	sum := sha256.Sum256(b)
	return `W/"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
}

// etagMatch is the weak comparison of RFC 9110 13.1.2 over an
// If-None-Match list ("*" matches any current representation).
func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(etag, "W/")
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimSpace(part)
		if part == "*" {
			return true
		}
		if strings.TrimPrefix(part, "W/") == want {
			return true
		}
	}
	return false
}

// bufferWriter holds a response until its ETag is known.
type bufferWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
}

func (b *bufferWriter) Header() http.Header { return b.header }

func (b *bufferWriter) WriteHeader(code int) {
	if b.status == 0 && code >= 200 {
		b.status = code
	}
}

func (b *bufferWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.buf.Write(p)
}
