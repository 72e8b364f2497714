// Package extsort is an external merge sort of (key, value) records in
// bounded memory: records are held in one buffer up to a byte limit, sorted
// by key and spilled as run files, and merged back in key order. The
// importers group and join national files with it; the loader's changes
// diff sorts its line hashes with it.
package extsort

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// DefaultMemory is the memory a sort holds before it spills a sorted run
// to disk (`indexer import --sort-mem`).
const DefaultMemory = 64 << 20

// Sorter is an external merge sort of (key, value) records: records are
// held in one buffer up to a byte limit, sorted by key and written as a
// run file; Iterate merges the runs. Memory is the buffer plus 64 KiB a run
// while merging, whatever the input size, so an importer that must group
// or compare rows across a whole national file (EPC certificates per UPRN,
// repeated ids) does it in bounded memory. Keys must be unique (importers
// append the row's sequence number) so that the order is total.
type Sorter struct {
	dir     string // temporary directory of the runs (removed by close)
	limit   int
	buf     []byte
	recs    []sortRec
	runs    []string
	spilled int64 // bytes written to runs
	stats   *SpillStats
	// Compress writes the runs as zstd-compressed blocks (zrunWriter): for
	// sorts of whole documents (os-open-uprn's join), whose temporary disk
	// would otherwise be the documents' JSON size. Set it before Add.
	Compress bool
}

type sortRec struct{ off, klen, vlen uint32 }

// SpillStats adds up what the external sorts of one import wrote to disk.
type SpillStats struct {
	Bytes int64 // bytes written to temporary runs
	Peak  int64 // the most held on disk at once
	live  int64
}

func (s *SpillStats) add(n int64) {
	if s == nil {
		return
	}
	s.Bytes += n
	s.live += n
	s.Peak = max(s.Peak, s.live)
}

func (s *SpillStats) remove(n int64) {
	if s != nil {
		s.live -= n
	}
}

// New makes a sorter whose runs go to a new directory under
// tmpDir (os.TempDir when empty), holding at most limit bytes in memory
// (DefaultMemory when <= 0).
func New(tmpDir string, limit int, stats *SpillStats) (*Sorter, error) {
	if limit <= 0 {
		limit = DefaultMemory
	}
	dir, err := os.MkdirTemp(tmpDir, "import-sort-")
	if err != nil {
		return nil, fmt.Errorf("external sort: %w", err)
	}
	return &Sorter{dir: dir, limit: limit, stats: stats}, nil
}

// Add appends one record (key and value are copied).
func (s *Sorter) Add(key, val []byte) error {
	if len(s.buf)+len(key)+len(val) > s.limit && len(s.recs) > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	s.recs = append(s.recs, sortRec{uint32(len(s.buf)), uint32(len(key)), uint32(len(val))})
	s.buf = append(s.buf, key...)
	s.buf = append(s.buf, val...)
	return nil
}

func (s *Sorter) key(r sortRec) []byte { return s.buf[r.off : r.off+r.klen] }

func (s *Sorter) sortBuf() {
	slices.SortFunc(s.recs, func(a, b sortRec) int { return bytes.Compare(s.key(a), s.key(b)) })
}

// spill writes the buffered records, sorted, as one run file.
func (s *Sorter) spill() error {
	s.sortBuf()
	p := filepath.Join(s.dir, fmt.Sprintf("run-%05d", len(s.runs)))
	f, err := os.Create(p)
	if err != nil {
		return fmt.Errorf("external sort: %w", err)
	}
	var out io.Writer = f
	var zw *zrunWriter
	if s.Compress {
		zw = &zrunWriter{w: f}
		out = zw
	}
	w := bufio.NewWriterSize(out, 1<<16)
	var hdr [2 * binary.MaxVarintLen32]byte
	var n int64
	for _, r := range s.recs {
		h := binary.PutUvarint(hdr[:], uint64(r.klen))
		h += binary.PutUvarint(hdr[h:], uint64(r.vlen))
		_, _ = w.Write(hdr[:h])
		_, _ = w.Write(s.buf[r.off : r.off+r.klen+r.vlen])
		n += int64(h) + int64(r.klen+r.vlen)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("external sort: write run: %w", err)
	}
	if zw != nil {
		if err := zw.flush(); err != nil {
			f.Close()
			return fmt.Errorf("external sort: write run: %w", err)
		}
		n = zw.written // the disk held is the compressed size
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("external sort: write run: %w", err)
	}
	s.runs = append(s.runs, p)
	s.spilled += n
	s.stats.add(n)
	s.buf, s.recs = s.buf[:0], s.recs[:0]
	return nil
}

// Iterate calls fn with every record in key order. The slices are valid
// during the call only.
func (s *Sorter) Iterate(fn func(key, val []byte) error) error {
	it, err := s.Open()
	if err != nil {
		return err
	}
	defer it.Close()
	for {
		k, v, ok, err := it.Next()
		if err != nil || !ok {
			return err
		}
		if err := fn(k, v); err != nil {
			return err
		}
	}
}

// Iter reads the records of a sorter in key order: the runs merged
// with the records still in memory (those are not written).
type Iter struct {
	h       runHeap
	files   []*os.File
	started bool
}

func (s *Sorter) Open() (*Iter, error) {
	s.sortBuf()
	it := &Iter{}
	for _, p := range s.runs {
		f, err := os.Open(p)
		if err != nil {
			it.Close()
			return nil, fmt.Errorf("external sort: %w", err)
		}
		it.files = append(it.files, f)
		r := &runReader{r: bufio.NewReaderSize(f, 1<<16)}
		if s.Compress {
			r.r = &zrunReader{src: bufio.NewReaderSize(f, 1<<15)}
		}
		if ok, err := r.next(); err != nil {
			it.Close()
			return nil, err
		} else if ok {
			it.h.items = append(it.h.items, r)
		}
	}
	if len(s.recs) > 0 {
		r := &runReader{mem: s}
		_, _ = r.next()
		it.h.items = append(it.h.items, r)
	}
	heap.Init(&it.h)
	return it, nil
}

// Next returns the next record; the slices are valid until the next call.
func (it *Iter) Next() (key, val []byte, ok bool, err error) {
	if it.started && it.h.Len() > 0 {
		r := it.h.items[0]
		more, err := r.next()
		if err != nil {
			return nil, nil, false, err
		}
		if more {
			heap.Fix(&it.h, 0)
		} else {
			heap.Pop(&it.h)
		}
	}
	it.started = true
	if it.h.Len() == 0 {
		return nil, nil, false, nil
	}
	r := it.h.items[0]
	return r.key, r.val, true, nil
}

// Close closes the run files.
func (it *Iter) Close() {
	for _, f := range it.files {
		f.Close()
	}
	it.files = nil
}

// Close removes the runs.
func (s *Sorter) Close() {
	if s == nil {
		return
	}
	s.stats.remove(s.spilled)
	s.spilled = 0
	_ = os.RemoveAll(s.dir)
	s.buf, s.recs = nil, nil
}

// runReader reads one run (or the in-memory records) in order.
type runReader struct {
	r interface {
		io.Reader
		io.ByteReader
	}
	mem      *Sorter
	i        int
	key, val []byte
	scratch  []byte
}

func (r *runReader) next() (bool, error) {
	if r.mem != nil {
		if r.i >= len(r.mem.recs) {
			return false, nil
		}
		rec := r.mem.recs[r.i]
		r.i++
		r.key = r.mem.buf[rec.off : rec.off+rec.klen]
		r.val = r.mem.buf[rec.off+rec.klen : rec.off+rec.klen+rec.vlen]
		return true, nil
	}
	kl, err := binary.ReadUvarint(r.r)
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("external sort: read run: %w", err)
	}
	vl, err := binary.ReadUvarint(r.r)
	if err != nil {
		return false, fmt.Errorf("external sort: read run: %w", err)
	}
	n := int(kl + vl)
	if cap(r.scratch) < n {
		r.scratch = make([]byte, n)
	}
	b := r.scratch[:n]
	if _, err := io.ReadFull(r.r, b); err != nil {
		return false, fmt.Errorf("external sort: read run: %w", err)
	}
	r.key, r.val = b[:kl], b[kl:]
	return true, nil
}

// Compressed runs: the byte stream of a run cut into blocks of
// zrunBlock bytes, each compressed on its own (zstd, fastest level) and
// written as its length (uvarint) and the compressed bytes. Records may
// span blocks. Independent blocks keep a merge of many runs cheap: each
// run's reader holds one compressed and one decompressed block, and one
// shared decoder serves them all (a streaming decoder per run would hold
// about a megabyte each).
const zrunBlock = 64 << 10

var (
	zrunOnce sync.Once
	zrunEnc  *zstd.Encoder
	zrunDec  *zstd.Decoder
	zrunErr  error
)

func zrunCodec() (*zstd.Encoder, *zstd.Decoder, error) {
	zrunOnce.Do(func() {
		zrunEnc, zrunErr = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
		if zrunErr == nil {
			zrunDec, zrunErr = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
		}
	})
	return zrunEnc, zrunDec, zrunErr
}

// zrunWriter compresses what is written to w in blocks.
type zrunWriter struct {
	w        io.Writer
	buf, out []byte
	written  int64
}

func (z *zrunWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), zrunBlock-len(z.buf))
		z.buf, p = append(z.buf, p[:k]...), p[k:]
		if len(z.buf) == zrunBlock {
			if err := z.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

// flush writes the buffered bytes as one block.
func (z *zrunWriter) flush() error {
	if len(z.buf) == 0 {
		return nil
	}
	enc, _, err := zrunCodec()
	if err != nil {
		return err
	}
	z.out = enc.EncodeAll(z.buf, z.out[:0])
	var hdr [binary.MaxVarintLen64]byte
	h := binary.PutUvarint(hdr[:], uint64(len(z.out)))
	if _, err := z.w.Write(hdr[:h]); err != nil {
		return err
	}
	if _, err := z.w.Write(z.out); err != nil {
		return err
	}
	z.written += int64(h + len(z.out))
	z.buf = z.buf[:0]
	return nil
}

// zrunReader reads what zrunWriter wrote to src.
type zrunReader struct {
	src       *bufio.Reader
	cbuf, blk []byte
	pos       int
}

// fill decompresses the next block; io.EOF at the end of the run.
func (z *zrunReader) fill() error {
	n, err := binary.ReadUvarint(z.src)
	if err != nil {
		return err
	}
	if n > 2*zrunBlock+1024 {
		return errors.New("external sort: corrupt compressed run")
	}
	z.cbuf = slices.Grow(z.cbuf[:0], int(n))[:n]
	if _, err := io.ReadFull(z.src, z.cbuf); err != nil {
		return io.ErrUnexpectedEOF
	}
	_, dec, err := zrunCodec()
	if err != nil {
		return err
	}
	if z.blk, err = dec.DecodeAll(z.cbuf, z.blk[:0]); err != nil {
		return fmt.Errorf("external sort: %w", err)
	}
	z.pos = 0
	return nil
}

func (z *zrunReader) ReadByte() (byte, error) {
	for z.pos >= len(z.blk) {
		if err := z.fill(); err != nil {
			return 0, err
		}
	}
	z.pos++
	return z.blk[z.pos-1], nil
}

func (z *zrunReader) Read(p []byte) (int, error) {
	for z.pos >= len(z.blk) {
		if err := z.fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, z.blk[z.pos:])
	z.pos += n
	return n, nil
}

type runHeap struct{ items []*runReader }

func (h *runHeap) Len() int           { return len(h.items) }
func (h *runHeap) Less(i, j int) bool { return bytes.Compare(h.items[i].key, h.items[j].key) < 0 }
func (h *runHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *runHeap) Push(x any)         { h.items = append(h.items, x.(*runReader)) }
func (h *runHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
