package indexer

import (
	"encoding/json"
	"reflect"
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
	var f fileHashes
	f.add("1", []byte(`{"id":1,"v":1}`), 0)
	f.add("2", []byte(`{"id":2}`), 20)
	f.add("1", []byte(`{"id":1,"v":2}`+"\n"), 40)
	f.finish()
	if len(f.e) != 2 {
		t.Fatalf("%d entries, want 2", len(f.e))
	}
	e := f.find(hashOfID("1"))
	if e == nil || e.off != 40 || e.doch != docHash([]byte(`{"id":1,"v":2}`)) {
		t.Errorf("entry of id 1: %+v, want the last line's", e)
	}
	if f.find(hashOfID("3")) != nil {
		t.Error("found an id never added")
	}
}
