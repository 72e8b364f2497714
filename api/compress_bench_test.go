package api

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// BenchmarkCompression measures what response compression costs per answer
// (CPU time and allocations of the gzhttp wrapper) and what it saves
// (bytes on the wire), over real answers of the API captured from a
// generated dataset (testdata/compress) and the OpenAPI document. Results:
// docs/performance.md.
//
//	go test -run '^$' -bench Compression -benchmem ./api/
func BenchmarkCompression(b *testing.B) {
	bodies := map[string][]byte{}
	files, _ := filepath.Glob("testdata/compress/*.json")
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		bodies[strings.TrimSuffix(filepath.Base(f), ".json")] = body
	}
	schema := do(b, newTestServer(b, &fakeBackend{}), get, "/api/v1/schema", "")
	bodies["schema"] = schema.Body.Bytes()
	for _, name := range []string{"address_find", "properties", "address_postcode", "property_complete", "live_listings_page", "schema"} {
		body := bodies[name]
		if body == nil {
			b.Fatalf("no testdata for %s", name)
		}
		for _, enc := range []string{"identity", "gzip", "zstd"} {
			b.Run(name+"/"+enc, func(b *testing.B) {
				s := &Server{opt: Options{}, log: zerolog.Nop()}
				h := s.compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					_ = writeRaw(w, http.StatusOK, jsonContentType, body)
				}))
				req := httptest.NewRequest(http.MethodGet, "/x", nil)
				req.Header.Set("Accept-Encoding", enc)
				var out int
				b.ReportAllocs()
				b.SetBytes(int64(len(body)))
				for b.Loop() {
					w := &countingWriter{h: http.Header{}}
					h.ServeHTTP(w, req)
					out = w.n
				}
				b.ReportMetric(float64(out), "wire-bytes")
				b.ReportMetric(float64(len(body)), "body-bytes")
			})
		}
	}
}

// countingWriter discards the body and counts its bytes.
type countingWriter struct {
	h http.Header
	n int
}

func (c *countingWriter) Header() http.Header { return c.h }
func (c *countingWriter) WriteHeader(int)     {}
func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}
