package indexer

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"

	"github.com/cespare/xxhash/v2"
)

// hashEntry is one line of the loaded file.
type hashEntry struct {
	idh, doch uint64
	off       int64
	n         uint32
}

// hashRecSize is a hashEntry on disk: idh, doch, off, n.
const hashRecSize = 28

// hashBlock is how many sorted records one lookup reads from disk: the
// sparse index in memory holds the first id hash of every block.
const hashBlock = 256

// diffMemEntries is how many hashes a load keeps in memory; beyond it they
// go to sorted runs on disk (32 bytes an entry: 64 MiB). A national file
// (30 M sales, 33 M addresses) held in memory took 2.3 GB of RSS at half
// of it; spilled, the memory is this buffer, the sparse index (8 bytes a
// block of 256) and one bit a document.
var diffMemEntries = 2 << 20

// fileHashes collects the hashes of a loaded file's lines (one reader),
// then answers lookups by id hash. Small files stay in memory; larger ones
// are spilled to sorted runs in dir (os.TempDir() when empty), merged into
// one sorted file read a block at a time.
type fileHashes struct {
	dir  string
	mem  int         // entries kept in memory (0: diffMemEntries)
	e    []hashEntry // every entry (in memory) or the run being filled
	runs []string

	// After finish, when spilled.
	sorted *os.File
	count  int
	sparse []uint64 // idh of the first record of each block
	blk    []byte
	blkNo  int

	seen  []uint64 // bit set over the finished entries (sorted order)
	nSeen int
}

func docHash(doc []byte) uint64 { return xxhash.Sum64(bytes.TrimSpace(doc)) }

// add records one line (raw, as read, starting at offset off).
func (f *fileHashes) add(id string, line []byte, off int64) error {
	f.e = append(f.e, hashEntry{idh: hashOfID(id), doch: docHash(line), off: off, n: uint32(len(line))})
	limit := f.mem
	if limit <= 0 {
		limit = diffMemEntries
	}
	if len(f.e) >= limit {
		return f.spill()
	}
	return nil
}

// byIDThenOff orders entries by id hash, a repeated id's lines in file order.
func byIDThenOff(a, b hashEntry) int {
	if a.idh != b.idh {
		if a.idh < b.idh {
			return -1
		}
		return 1
	}
	switch {
	case a.off < b.off:
		return -1
	case a.off > b.off:
		return 1
	}
	return 0
}

// spill writes the buffered entries, sorted, as a run.
func (f *fileHashes) spill() error {
	slices.SortFunc(f.e, byIDThenOff)
	fh, err := os.CreateTemp(f.dir, "indexer-diff-run-")
	if err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	f.runs = append(f.runs, fh.Name())
	w := bufio.NewWriterSize(fh, 1<<20)
	var rec [hashRecSize]byte
	for _, e := range f.e {
		putHashRec(rec[:], e)
		w.Write(rec[:])
	}
	err = w.Flush()
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	f.e = f.e[:0]
	return nil
}

func putHashRec(b []byte, e hashEntry) {
	binary.LittleEndian.PutUint64(b[0:], e.idh)
	binary.LittleEndian.PutUint64(b[8:], e.doch)
	binary.LittleEndian.PutUint64(b[16:], uint64(e.off))
	binary.LittleEndian.PutUint32(b[24:], e.n)
}

func getHashRec(b []byte) hashEntry {
	return hashEntry{
		idh:  binary.LittleEndian.Uint64(b[0:]),
		doch: binary.LittleEndian.Uint64(b[8:]),
		off:  int64(binary.LittleEndian.Uint64(b[16:])),
		n:    binary.LittleEndian.Uint32(b[24:]),
	}
}

// finish sorts by id hash, keeping the last line of a repeated id (the one
// the index holds). Spilled entries are merged into one sorted file.
func (f *fileHashes) finish() error {
	if len(f.runs) == 0 {
		slices.SortFunc(f.e, byIDThenOff)
		out := f.e[:0]
		for i, e := range f.e {
			if i+1 < len(f.e) && f.e[i+1].idh == e.idh {
				continue
			}
			out = append(out, e)
		}
		f.e = out
		f.seen = make([]uint64, (len(f.e)+63)/64)
		return nil
	}
	if len(f.e) > 0 {
		if err := f.spill(); err != nil {
			return err
		}
	}
	f.e = nil
	if err := f.merge(); err != nil {
		return err
	}
	f.seen = make([]uint64, (f.count+63)/64)
	f.blk, f.blkNo = make([]byte, hashBlock*hashRecSize), -1
	return nil
}

// merge k-way merges the runs into the sorted file, deduplicated, and
// builds the sparse index; the runs are removed.
func (f *fileHashes) merge() error {
	out, err := os.CreateTemp(f.dir, "indexer-diff-sorted-")
	if err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	f.sorted = out
	h := &runHeap{}
	for _, p := range f.runs {
		fh, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("diff hashes: %w", err)
		}
		r := &hashRun{f: fh, r: bufio.NewReaderSize(fh, 256<<10)}
		ok, err := r.next()
		if err != nil {
			fh.Close()
			return err
		}
		if ok {
			h.rs = append(h.rs, r)
		} else {
			fh.Close()
		}
	}
	heap.Init(h)
	w := bufio.NewWriterSize(out, 1<<20)
	var rec [hashRecSize]byte
	var held hashEntry
	have := false
	emit := func(e hashEntry) {
		if f.count%hashBlock == 0 {
			f.sparse = append(f.sparse, e.idh)
		}
		putHashRec(rec[:], e)
		w.Write(rec[:])
		f.count++
	}
	for h.Len() > 0 {
		r := h.rs[0]
		e := r.cur
		if have && held.idh != e.idh {
			emit(held)
		}
		held, have = e, true // a repeated id: the later line wins
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			r.f.Close()
			heap.Pop(h)
		}
	}
	if have {
		emit(held)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	for _, p := range f.runs {
		os.Remove(p)
	}
	f.runs = nil
	return nil
}

type hashRun struct {
	f   *os.File
	r   *bufio.Reader
	cur hashEntry
	buf [hashRecSize]byte
}

func (r *hashRun) next() (bool, error) {
	if _, err := io.ReadFull(r.r, r.buf[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		return false, fmt.Errorf("diff hashes: read run: %w", err)
	}
	r.cur = getHashRec(r.buf[:])
	return true, nil
}

type runHeap struct{ rs []*hashRun }

func (h *runHeap) Len() int           { return len(h.rs) }
func (h *runHeap) Less(i, j int) bool { return byIDThenOff(h.rs[i].cur, h.rs[j].cur) < 0 }
func (h *runHeap) Swap(i, j int)      { h.rs[i], h.rs[j] = h.rs[j], h.rs[i] }
func (h *runHeap) Push(x any)         { h.rs = append(h.rs, x.(*hashRun)) }
func (h *runHeap) Pop() any {
	r := h.rs[len(h.rs)-1]
	h.rs = h.rs[:len(h.rs)-1]
	return r
}

// len is the number of distinct ids (after finish).
func (f *fileHashes) len() int {
	if f.sorted != nil {
		return f.count
	}
	return len(f.e)
}

// find returns the entry of an id hash and its position (after finish).
func (f *fileHashes) find(idh uint64) (hashEntry, int, bool, error) {
	if f.sorted == nil {
		i := sort.Search(len(f.e), func(i int) bool { return f.e[i].idh >= idh })
		if i < len(f.e) && f.e[i].idh == idh {
			return f.e[i], i, true, nil
		}
		return hashEntry{}, 0, false, nil
	}
	b := sort.Search(len(f.sparse), func(i int) bool { return f.sparse[i] > idh }) - 1
	if b < 0 {
		return hashEntry{}, 0, false, nil
	}
	n, err := f.block(b)
	if err != nil {
		return hashEntry{}, 0, false, err
	}
	i := sort.Search(n, func(i int) bool { return binary.LittleEndian.Uint64(f.blk[i*hashRecSize:]) >= idh })
	if i < n {
		if e := getHashRec(f.blk[i*hashRecSize:]); e.idh == idh {
			return e, b*hashBlock + i, true, nil
		}
	}
	return hashEntry{}, 0, false, nil
}

// block reads block b of the sorted file into f.blk and returns its
// number of records.
func (f *fileHashes) block(b int) (int, error) {
	n := min(hashBlock, f.count-b*hashBlock)
	if f.blkNo == b {
		return n, nil
	}
	if _, err := f.sorted.ReadAt(f.blk[:n*hashRecSize], int64(b)*hashBlock*hashRecSize); err != nil {
		f.blkNo = -1
		return 0, fmt.Errorf("diff hashes: read block: %w", err)
	}
	f.blkNo = b
	return n, nil
}

func (f *fileHashes) markSeen(pos int) {
	if !f.isSeen(pos) {
		f.seen[pos/64] |= 1 << (pos % 64)
		f.nSeen++
	}
}

func (f *fileHashes) isSeen(pos int) bool { return f.seen[pos/64]&(1<<(pos%64)) != 0 }

// unseen calls fn with every entry never marked seen, in id hash order.
func (f *fileHashes) unseen(fn func(hashEntry) error) error {
	if f.sorted == nil {
		for i, e := range f.e {
			if !f.isSeen(i) {
				if err := fn(e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	r := bufio.NewReaderSize(io.NewSectionReader(f.sorted, 0, int64(f.count)*hashRecSize), 1<<20)
	var rec [hashRecSize]byte
	for i := 0; i < f.count; i++ {
		if _, err := io.ReadFull(r, rec[:]); err != nil {
			return fmt.Errorf("diff hashes: read back: %w", err)
		}
		if !f.isSeen(i) {
			if err := fn(getHashRec(rec[:])); err != nil {
				return err
			}
		}
	}
	return nil
}

// close removes the temporary files.
func (f *fileHashes) close() {
	for _, p := range f.runs {
		os.Remove(p)
	}
	f.runs = nil
	if f.sorted != nil {
		f.sorted.Close()
		os.Remove(f.sorted.Name())
		f.sorted = nil
	}
}
