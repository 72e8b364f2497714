package extsort

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Keys of the test: a random group key and the record's sequence number,
// unique, as the importers build them.
func appendSeq(b []byte, seq uint64) []byte { return binary.BigEndian.AppendUint64(b, seq) }

func splitSeq(key []byte) ([]byte, uint64) {
	n := len(key) - 8
	return key[:n], binary.BigEndian.Uint64(key[n:])
}

// The sorter spills runs when its buffer is full and merges them, with the
// records still in memory, back in key order; close removes the runs.
// Compressed, records of ~700 bytes span the runs' 64 KiB blocks, and the
// disk counted is the compressed size.
func TestSorterSpillsAndMerges(t *testing.T) {
	for _, compress := range []bool{false, true} {
		t.Run(fmt.Sprintf("compress=%v", compress), func(t *testing.T) {
			dir := t.TempDir()
			var stats SpillStats
			limit, reps := 1<<10, 1 // 1 KiB: a run every ~40 records
			if compress {
				limit, reps = 100<<10, 100
			}
			s, err := New(dir, limit, &stats)
			if err != nil {
				t.Fatal(err)
			}
			s.Compress = compress
			val := func(i uint64) string { return strings.Repeat(fmt.Sprint(i)+",", reps) }
			r := rand.New(rand.NewSource(1))
			var want []string
			raw := 0
			for i := 0; i < 5000; i++ {
				k := fmt.Sprintf("k%08d", r.Intn(1_000_000))
				k = string(appendSeq([]byte(k), uint64(i)))
				want = append(want, k)
				raw += len(k) + len(val(uint64(i)))
				if err := s.Add([]byte(k), []byte(val(uint64(i)))); err != nil {
					t.Fatal(err)
				}
			}
			if len(s.runs) < 20 {
				t.Fatalf("%d runs: the buffer limit did not spill", len(s.runs))
			}
			sort.Strings(want)
			var got []string
			if err := s.Iterate(func(k, v []byte) error {
				_, seq := splitSeq(k)
				if string(v) != val(seq) {
					t.Fatalf("value %q for key seq %d", v, seq)
				}
				got = append(got, string(k))
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("merged %d records out of order or lost (want %d)", len(got), len(want))
			}
			if stats.Bytes == 0 || stats.Peak != stats.Bytes || (compress && stats.Bytes > int64(raw)/4) {
				t.Errorf("stats %+v for %d bytes of records", stats, raw)
			}
			s.Close()
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Errorf("runs left behind: %v", ents)
			}
		})
	}
}
