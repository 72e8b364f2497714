package indexer

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"

	"github.com/cespare/xxhash/v2"
	"github.com/ukpd/propertyapi/indexer/extsort"
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
	e    []hashEntry // every entry, while they fit in memory
	sort *extsort.Sorter

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
	e := hashEntry{idh: hashOfID(id), doch: docHash(line), off: off, n: uint32(len(line))}
	if f.sort != nil {
		return f.sortAdd(e)
	}
	f.e = append(f.e, e)
	limit := f.mem
	if limit <= 0 {
		limit = diffMemEntries
	}
	if len(f.e) < limit {
		return nil
	}
	// Too many for memory: every entry from now on goes through an
	// external sort of about the same memory.
	s, err := extsort.New(f.dir, limit*hashRecSize, nil)
	if err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	f.sort = s
	for _, e := range f.e {
		if err := f.sortAdd(e); err != nil {
			return err
		}
	}
	f.e = nil
	return nil
}

// sortAdd adds an entry to the external sort: the key orders by id hash,
// then by offset (a repeated id's lines in file order).
func (f *fileHashes) sortAdd(e hashEntry) error {
	var k [16]byte
	var v [12]byte
	binary.BigEndian.PutUint64(k[0:], e.idh)
	binary.BigEndian.PutUint64(k[8:], uint64(e.off))
	binary.LittleEndian.PutUint64(v[0:], e.doch)
	binary.LittleEndian.PutUint32(v[8:], e.n)
	if err := f.sort.Add(k[:], v[:]); err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
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
// the index holds). Spilled entries are merged into one sorted file, read
// back a block at a time.
func (f *fileHashes) finish() error {
	if f.sort == nil {
		slices.SortStableFunc(f.e, func(a, b hashEntry) int { return cmp.Compare(a.idh, b.idh) })
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
	if err := f.merge(); err != nil {
		return err
	}
	f.seen = make([]uint64, (f.count+63)/64)
	f.blk, f.blkNo = make([]byte, hashBlock*hashRecSize), -1
	return nil
}

// merge writes the sorted entries, deduplicated, to the sorted file and
// builds the sparse index; the sort's runs are removed.
func (f *fileHashes) merge() error {
	out, err := os.CreateTemp(f.dir, "indexer-diff-sorted-")
	if err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	f.sorted = out
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
	err = f.sort.Iterate(func(k, v []byte) error {
		e := hashEntry{idh: binary.BigEndian.Uint64(k[0:]), off: int64(binary.BigEndian.Uint64(k[8:])),
			doch: binary.LittleEndian.Uint64(v[0:]), n: binary.LittleEndian.Uint32(v[8:])}
		if have && held.idh != e.idh {
			emit(held)
		}
		held, have = e, true // a repeated id: the later line wins
		return nil
	})
	f.sort.Close()
	f.sort = nil
	if err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	if have {
		emit(held)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("diff hashes: %w", err)
	}
	return nil
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
	if f.sort != nil {
		f.sort.Close()
		f.sort = nil
	}
	if f.sorted != nil {
		f.sorted.Close()
		os.Remove(f.sorted.Name())
		f.sorted = nil
	}
}
