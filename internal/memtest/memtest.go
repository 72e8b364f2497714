// Package memtest holds what memory benchmarks share: a response writer
// that discards the body and samples the heap in use on every write.
package memtest

import (
	"net/http"
	"runtime"
)

// PeakWriter is an http.ResponseWriter that discards the body and records
// the peak heap in use, sampled on every write (the handlers under test
// write through a buffer, so that is every few KiB).
type PeakWriter struct {
	h    http.Header
	peak uint64
	ms   runtime.MemStats
}

// NewPeakWriter returns a PeakWriter with an empty header.
func NewPeakWriter() *PeakWriter { return &PeakWriter{h: http.Header{}} }

// Header returns the response header.
func (p *PeakWriter) Header() http.Header { return p.h }

// WriteHeader discards the status.
func (p *PeakWriter) WriteHeader(int) {}

// Write discards b after sampling the heap.
func (p *PeakWriter) Write(b []byte) (int, error) {
	runtime.ReadMemStats(&p.ms)
	p.peak = max(p.peak, p.ms.HeapInuse)
	return len(b), nil
}

// Peak returns the largest heap in use seen by a write, in bytes.
func (p *PeakWriter) Peak() uint64 { return p.peak }
