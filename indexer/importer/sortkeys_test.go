package importer

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
)

// dupFinder reports every occurrence of a repeated key (1 for the first)
// and nothing for unique keys.
func TestDupFinderOccurrences(t *testing.T) {
	d, err := newDupFinder(Env{TempDir: t.TempDir(), SortMemory: 64}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	keys := []string{"a", "b", "a", "c", "a", "b", "ab"}
	for i, k := range keys {
		if err := d.add([]byte(k), rowSeq(0, i+1)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := d.find()
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint64]occurrence{
		rowSeq(0, 1): {1, rowSeq(0, 1)}, rowSeq(0, 3): {2, rowSeq(0, 1)}, rowSeq(0, 5): {3, rowSeq(0, 1)},
		rowSeq(0, 2): {1, rowSeq(0, 2)}, rowSeq(0, 6): {2, rowSeq(0, 2)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("occurrences %v, want %v", got, want)
	}
}

// The EPC import gives the same documents whether its sorts spill (a
// 4 KiB buffer: hundreds of runs) or not, and a repeated LMK key is
// rejected naming the first row.
func TestImportEPCSpilledSameAsInMemory(t *testing.T) {
	src, err := os.ReadFile(sample(t, "epc/epc-domestic-exeter-flats-first300.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	p := mustWrite(t, "certs.csv", string(src)+lines[5]+"\n") // line 6 again, as line 302
	coords := mustWrite(t, "u.csv", openUPRNSample)
	run := func(mem int) (*memSink, *Report) {
		s := newMemSink()
		rep, err := ImportEPC(context.Background(), Env{TempDir: t.TempDir(), SortMemory: mem, UPRNCoordsFiles: []string{coords}}, []string{p}, s)
		if err != nil {
			t.Fatal(err)
		}
		return s, rep
	}
	big, brep := run(0)
	small, srep := run(4 << 10)
	if srep.spill.Bytes == 0 || brep.spill.Bytes != 0 {
		t.Fatalf("spilled %d bytes with 4 KiB, %d with the default", srep.spill.Bytes, brep.spill.Bytes)
	}
	if !reflect.DeepEqual(big.docs, small.docs) {
		t.Fatal("documents differ between a spilled and an in-memory sort")
	}
	if srep.Rejected != 1 || srep.Rejects[0].Line != 302 || srep.Rejects[0].Reason != "duplicate certificate (LMK key of certs.csv:6)" {
		t.Errorf("rejects %+v", srep.Rejects)
	}
	if n := small.count("epc"); n != 300 {
		t.Errorf("epc %d, want 300", n)
	}
}
