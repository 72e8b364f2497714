package indexer

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"
)

func TestFeedFrom(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	at := func(daysAgo int) string {
		return now.Add(-time.Duration(daysAgo) * 24 * time.Hour).Format(time.RFC3339)
	}
	rec := func(e int64, diffed bool, daysAgo int) EpochRecord {
		return EpochRecord{Epoch: e, Diffed: diffed, LoadedAt: at(daysAgo)}
	}
	tests := []struct {
		name string
		recs []EpochRecord
		ret  Retention
		want int64
	}{
		{"baseline only", []EpochRecord{rec(1, false, 0)}, Retention{}, 1},
		{"after a baseline", []EpochRecord{rec(3, true, 0), rec(2, true, 0), rec(1, false, 0)}, Retention{}, 1},
		{"last 2 kept, old ones expire", []EpochRecord{rec(5, true, 200), rec(4, true, 200), rec(3, true, 200), rec(2, true, 200), rec(1, false, 300)}, Retention{Epochs: 2}, 3},
		{"young epochs kept beyond the count", []EpochRecord{rec(5, true, 1), rec(4, true, 2), rec(3, true, 3), rec(2, true, 100), rec(1, false, 300)}, Retention{Epochs: 2, For: 90 * 24 * time.Hour}, 2},
		{"a baseline in the middle stops the feed", []EpochRecord{rec(5, true, 0), rec(4, false, 0), rec(3, true, 0)}, Retention{}, 4},
	}
	for _, tc := range tests {
		if got := feedFrom(tc.recs, tc.ret, now); got != tc.want {
			t.Errorf("%s: feedFrom = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestFoldChange(t *testing.T) {
	doc := json.RawMessage(`{"a":1,"b":2}`)
	doc2 := json.RawMessage(`{"a":1,"b":3}`)
	ins := Change{After: doc}
	upd := Change{Before: doc, After: doc2}
	del := Change{Before: doc2}
	tests := []struct {
		name  string
		steps []Change
		want  *ChangeRow
	}{
		{"insert", []Change{ins}, &ChangeRow{Op: OpInsert, Fields: []string{"a", "b"}}},
		{"update", []Change{upd}, &ChangeRow{Op: OpUpdate, Fields: []string{"b"}}},
		{"insert then update", []Change{ins, upd}, &ChangeRow{Op: OpInsert, Fields: []string{"a", "b"}}},
		{"insert then delete", []Change{ins, del}, nil},
		{"update then delete", []Change{upd, del}, &ChangeRow{Op: OpDelete}},
		{"delete then insert", []Change{del, ins}, &ChangeRow{Op: OpUpdate, Fields: []string{"a", "b"}}},
		{"update twice", []Change{upd, {Before: doc2, After: json.RawMessage(`{"a":5,"b":3}`)}}, &ChangeRow{Op: OpUpdate, Fields: []string{"a", "b"}}},
	}
	for _, tc := range tests {
		var row ChangeRow
		had := false
		for _, c := range tc.steps {
			var keep bool
			row, keep = foldChange(row, had, c)
			had = keep
		}
		switch {
		case tc.want == nil && had:
			t.Errorf("%s: row %+v, want none", tc.name, row)
		case tc.want != nil && (!had || !reflect.DeepEqual(row, *tc.want)):
			t.Errorf("%s: row %+v (kept %v), want %+v", tc.name, row, had, *tc.want)
		}
	}
}

func TestTopLevelDiff(t *testing.T) {
	got := topLevelDiff(json.RawMessage(`{"a":1,"b":[1,2],"c":{"x":1}}`), json.RawMessage(`{"a":1.0,"b":[2,1],"d":null}`))
	if want := []string{"b", "c", "d"}; !reflect.DeepEqual(got, want) {
		t.Errorf("topLevelDiff = %v, want %v", got, want)
	}
}

func TestFileHashesKeepLastOfRepeatedID(t *testing.T) {
	for _, mem := range []int{1 << 30, 2} { // in memory; spilled every 2 entries
		t.Run(fmt.Sprintf("mem=%d", mem), func(t *testing.T) {
			defer func(old int) { diffMemEntries = old }(diffMemEntries)
			diffMemEntries = mem
			dir := t.TempDir()
			f := fileHashes{dir: dir}
			for _, l := range []struct {
				id, line string
				off      int64
			}{{"1", `{"id":1,"v":1}`, 0}, {"2", `{"id":2}`, 20}, {"1", `{"id":1,"v":2}` + "\n", 40}} {
				if err := f.add(l.id, []byte(l.line), l.off); err != nil {
					t.Fatal(err)
				}
			}
			if err := f.finish(); err != nil {
				t.Fatal(err)
			}
			if f.len() != 2 {
				t.Fatalf("%d entries, want 2", f.len())
			}
			e, _, ok, err := f.find(hashOfID("1"))
			if err != nil || !ok || e.off != 40 || e.doch != docHash([]byte(`{"id":1,"v":2}`)) {
				t.Errorf("entry of id 1: %+v %v %v, want the last line's", e, ok, err)
			}
			if _, _, ok, _ := f.find(hashOfID("3")); ok {
				t.Error("found an id never added")
			}
			_, pos, _, _ := f.find(hashOfID("2"))
			f.markSeen(pos)
			var unseen []int64
			if err := f.unseen(func(e hashEntry) error { unseen = append(unseen, e.off); return nil }); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(unseen, []int64{40}) {
				t.Errorf("unseen lines at %v, want [40]", unseen)
			}
			f.close()
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// Spilled to sorted runs, the hashes answer every lookup as they do in
// memory: 20,000 lines of 15,000 ids (repeats keep their last line), runs
// of 333 entries, lookups of every id and of ids never added, and the
// unseen lines after marking every other id.
func TestFileHashesSpilledAnswerAsInMemory(t *testing.T) {
	defer func(old int) { diffMemEntries = old }(diffMemEntries)
	build := func(mem int) *fileHashes {
		diffMemEntries = mem
		f := &fileHashes{dir: t.TempDir()}
		for i := 0; i < 20000; i++ {
			id := strconv.Itoa((i * 7919) % 15000)
			if err := f.add(id, []byte(fmt.Sprintf(`{"id":%s,"v":%d}`, id, i)), int64(i)*100); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.finish(); err != nil {
			t.Fatal(err)
		}
		return f
	}
	mem, disk := build(1<<30), build(333)
	defer disk.close()
	if disk.sorted == nil || mem.sorted != nil {
		t.Fatal("the test does not compare a spilled set with an in-memory one")
	}
	if mem.len() != 15000 || disk.len() != 15000 {
		t.Fatalf("%d and %d distinct ids, want 15000", mem.len(), disk.len())
	}
	for i := 0; i < 16000; i++ {
		h := hashOfID(strconv.Itoa(i))
		a, pa, oka, erra := mem.find(h)
		b, pb, okb, errb := disk.find(h)
		if erra != nil || errb != nil || a != b || oka != okb || pa != pb {
			t.Fatalf("id %d: in memory %+v %d %v, spilled %+v %d %v (%v %v)", i, a, pa, oka, b, pb, okb, erra, errb)
		}
		if oka && i%2 == 0 {
			mem.markSeen(pa)
			disk.markSeen(pb)
		}
	}
	collect := func(f *fileHashes) (out []hashEntry) {
		if err := f.unseen(func(e hashEntry) error { out = append(out, e); return nil }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	a, b := collect(mem), collect(disk)
	if len(a) != 7500 || !reflect.DeepEqual(a, b) {
		t.Fatalf("unseen: %d in memory, %d spilled (equal: %v), want 7500 each", len(a), len(b), reflect.DeepEqual(a, b))
	}
}
