package indexer

import (
	"os"
	"strconv"
	"testing"
)

// BenchmarkDiffHashes measures the in-memory side of the load-time diff
// per document: hashing a line and its id while loading, sorting the
// hashes, then hashing the stored document and looking its id up during
// the scroll of the replaced index (the engine's scroll is not included;
// docs/performance.md has the end-to-end figures). DIFF_BENCH_DOCS sets
// the number of documents (default 1,000,000; 5,000,000 for the national
// projection); lines are ~450 bytes like an address.
func BenchmarkDiffHashes(b *testing.B) {
	n := 1_000_000
	if v, err := strconv.Atoi(os.Getenv("DIFF_BENCH_DOCS")); err == nil && v > 0 {
		n = v
	}
	pad := make([]byte, 400)
	for i := range pad {
		pad[i] = 'x'
	}
	buf := make([]byte, 0, 512)
	line := func(i int) []byte {
		buf = append(strconv.AppendInt(append(buf[:0], `{"uprn":`...), int64(10000000000+i), 10), `,"street_name":"`...)
		return append(append(buf, pad...), `"}`...)
	}
	b.ReportAllocs()
	for b.Loop() {
		f := fileHashes{dir: b.TempDir()}
		for i := 0; i < n; i++ {
			if err := f.add(strconv.Itoa(10000000000+i), line(i), int64(i)*450); err != nil {
				b.Fatal(err)
			}
		}
		if err := f.finish(); err != nil {
			b.Fatal(err)
		}
		miss := 0
		for i := 0; i < n; i++ {
			e, _, ok, err := f.find(hashOfID(strconv.Itoa(10000000000 + i)))
			if err != nil || !ok || e.doch != docHash(line(i)) {
				miss++
			}
		}
		f.close()
		if miss != 0 {
			b.Fatalf("%d documents not found unchanged", miss)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/doc")
	b.ReportMetric(float64(min(n, diffMemEntries)*32)/(1<<20), "MB-hashes-in-memory")
}
