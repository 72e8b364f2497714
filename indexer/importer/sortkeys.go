package importer

import (
	"bytes"
	"encoding/binary"
	"errors"

	"github.com/ukpd/propertyapi/indexer/extsort"
)

// DefaultSortMemory is the memory an external sort holds before it spills a
// sorted run to disk (Env.SortMemory, `indexer import --sort-mem`).
const DefaultSortMemory = extsort.DefaultMemory

// SpillStats adds up what the external sorts of one import wrote to disk.
type SpillStats = extsort.SpillStats

// Record encoding helpers: a key is a group key followed by the row's
// 8-byte sequence number; a value is a list of length-prefixed strings.

func appendSeq(b []byte, seq uint64) []byte { return binary.BigEndian.AppendUint64(b, seq) }

func splitSeq(key []byte) (group []byte, seq uint64) {
	n := len(key) - 8
	return key[:n], binary.BigEndian.Uint64(key[n:])
}

func appendStrings(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

func readStrings(b []byte, out []string) ([]string, error) {
	out = out[:0]
	for len(b) > 0 {
		n, k := binary.Uvarint(b)
		if k <= 0 || int(n) > len(b)-k {
			return nil, errors.New("external sort: corrupt record")
		}
		out = append(out, string(b[k:k+int(n)]))
		b = b[k+int(n):]
	}
	return out, nil
}

// dupFinder finds repeated keys in a whole input in bounded memory: a
// first pass adds every row's key with its sequence number; find returns,
// for the rows whose key occurs more than once (rare in real files), the
// occurrence number (1 for the first) and the sequence of the first.
type dupFinder struct {
	s   *extsort.Sorter
	key []byte
}

// Occurrence is a row's place among the rows sharing its key.
type occurrence struct {
	N     int    // 1 for the first row with the key, 2 for the next ...
	First uint64 // sequence number of the first
}

func newDupFinder(env Env, stats *SpillStats) (*dupFinder, error) {
	s, err := extsort.New(env.TempDir, env.SortMemory, stats)
	if err != nil {
		return nil, err
	}
	return &dupFinder{s: s}, nil
}

func (d *dupFinder) add(key []byte, seq uint64) error {
	d.key = appendSeq(append(append(d.key[:0], key...), 0), seq)
	return d.s.Add(d.key, nil)
}

// find merges the keys and returns the occurrences of repeated keys, by
// sequence number; the sorter's runs are removed.
func (d *dupFinder) find() (map[uint64]occurrence, error) {
	defer d.s.Close()
	out := map[uint64]occurrence{}
	var prev []byte
	var first uint64
	n := 0
	err := d.s.Iterate(func(key, _ []byte) error {
		g, seq := splitSeq(key)
		if prev != nil && bytes.Equal(g, prev) {
			n++
			if n == 2 {
				out[first] = occurrence{1, first}
			}
			out[seq] = occurrence{n, first}
			return nil
		}
		prev = append(prev[:0], g...)
		first, n = seq, 1
		return nil
	})
	return out, err
}

func (d *dupFinder) close() { d.s.Close() }

// rowSeq numbers a row by its file (index in the import's file list) and
// physical line, so that a sequence number also says where the row is.
func rowSeq(file, line int) uint64 { return uint64(file)<<40 | uint64(line) }

func seqFileLine(seq uint64) (file, line int) { return int(seq >> 40), int(seq & (1<<40 - 1)) }

// findRepeats runs a first pass over an import (pass, with a scratch
// report so that rejects are counted once) that adds every kept row's key
// with its sequence number, and returns the occurrences of the keys that
// occur more than once. The second pass, the real one, looks rows up by
// sequence number: a row absent from the map has a key of its own.
func findRepeats(env Env, rep *Report, pass func(scratch *Report, add func(key []byte, seq uint64) error) error) (map[uint64]occurrence, error) {
	finder, err := newDupFinder(env, &rep.spill)
	if err != nil {
		return nil, err
	}
	defer finder.close()
	if err := pass(newReport(rep.Format, rep.Files), finder.add); err != nil {
		return nil, err
	}
	return finder.find()
}
