package fieldmap

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"time"
)

// TestRecordMatchesMap: Record writes the bytes MarshalMap writes for the
// map StructMap renders, after the same edits (drop, always, computed).
func TestRecordMatchesMap(t *testing.T) {
	one, s := 1, "<p>"
	drop, always := []string{"skip", "raw", "f32"}, []string{"i", "pi", "extra_null", "s"}
	computed := map[string]func(d *decDoc) any{
		"named": func(d *decDoc) any { return "computed " + string(d.Named) },
		"zz":    func(d *decDoc) any { return Literal(`[]`) },
		"aa":    func(d *decDoc) any { return nil },
		"f":     func(d *decDoc) any { return d.F * 2 },
	}
	r := NewRecord(drop, always, computed)
	for _, e := range r.entries {
		if (string(e.key) == `"evs":` || string(e.key) == `"time":`) && e.kind != kindOther {
			t.Errorf("%s: planned, but has its own MarshalJSON", e.key)
		}
		if (string(e.key) == `"list":` || string(e.key) == `"pin":` || string(e.key) == `"inner":`) && e.kind != kindNested {
			t.Errorf("%s: not planned", e.key)
		}
	}
	for _, d := range []decDoc{{}, {S: "a\u2028<b>&\xff", I: -3, I8: 4, I64: math.MaxInt64, U: 7, F: 1e21, F32: 0.1, B: true,
		PI: &one, PS: &s, Named: "n", Inner: decInner{Name: "i"}, PIn: &decInner{N: 2}, List: []decInner{{F: 1e-7}},
		Strs: []string{}, Nums: []float64{1.5}, Bytes: []byte("hi"), Any: map[string]any{"x": 1}, Map: map[string]int{"b": 1, "a": 2},
		Time: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), Raw: json.RawMessage(`{"x": 1}`), Arr: [2]int{1, 2}, NoTag: "nt", MapS: map[string]string{},
		Evs: []decEvent{{N: 1}, {At: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)}}}, {List: []decInner{}, PIn: &decInner{}, Evs: []decEvent{}}} {
		m := StructMap(&d, 0)
		for _, k := range drop {
			delete(m, k)
		}
		for _, k := range always {
			if _, ok := m[k]; !ok {
				m[k] = nil
			}
		}
		for k, fn := range computed {
			if l, ok := fn(&d).(Literal); ok {
				m[k] = json.RawMessage(l)
			} else {
				m[k] = fn(&d)
			}
		}
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Append(nil, &d)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("\n got %s (%v)\nwant %s", got, err, want)
		}
	}
}
