package api

// Response compression with klauspost/compress gzhttp: gzip, and
// zstd for clients that prefer it, when the client asks (Accept-Encoding)
// and the body reaches MinSize bytes. Smaller bodies go out as they are.
//
// Streams are safe: gzhttp flushes its encoder on every Flush, so the CSV
// export still streams (compressed), and event streams are never compressed
// (text/event-stream is excluded by type, and a request that accepts
// text/event-stream bypasses the wrapper entirely so its first Flush sends
// the headers at once). Brotli is not offered: gzhttp has no encoder for it
// and the pure-Go encoder costs several times gzip's CPU (docs/decisions.md).

import (
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// DefaultCompressMinSize is the smallest body compressed (env COMPRESS_MIN_SIZE).
const DefaultCompressMinSize = 1024

// CompressionConfig configures response compression.
type CompressionConfig struct {
	// Off disables compression (env COMPRESSION=off).
	Off bool
	// MinSize is the smallest body compressed; 0 = DefaultCompressMinSize.
	MinSize int
	// Level is the gzip level (1..9); 0 = gzhttp's default (5: klauspost's
	// fast default).
	Level int
}

// noCompressTypes are never compressed: event streams must flush each
// event as written, and already-compressed images gain nothing.
var noCompressTypes = []string{"text/event-stream", "image/png", "image/jpeg", "image/webp", "font/woff2"}

// compress wraps the whole handler.
func (s *Server) compress(next http.Handler) http.Handler {
	c := s.opt.Compression
	if c.Off {
		return next
	}
	minSize := c.MinSize
	if minSize <= 0 {
		minSize = DefaultCompressMinSize
	}
	level := c.Level
	if level == 0 {
		level = gzip.DefaultCompression
	}
	wrap, err := gzhttp.NewWrapper(gzhttp.ExceptContentTypes(noCompressTypes), gzhttp.MinSize(minSize), gzhttp.CompressionLevel(level))
	if err != nil {
		s.log.Error().Err(err).Msg("compression disabled: bad settings")
		return next
	}
	gz := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
			next.ServeHTTP(w, r)
			return
		}
		gz.ServeHTTP(w, r)
	})
}
