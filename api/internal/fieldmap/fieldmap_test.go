package fieldmap

import (
	"encoding/json"
	"reflect"
	"testing"
)

type doc struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name,omitempty"`
	Floor    *int     `json:"floor"`
	Tags     []string `json:"tags,omitempty"`
	Internal string   `json:"-"`
	Plain    bool
	hidden   int
}

func TestStructMapMatchesJSON(t *testing.T) {
	one := 1
	for name, d := range map[string]doc{
		"zero":   {},
		"filled": {ID: 7, Name: "x", Floor: &one, Tags: []string{"a"}, Internal: "secret", Plain: true, hidden: 3},
	} {
		got, err := json.Marshal(StructMap(&d, 0))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(d)
		var g, w map[string]any
		_ = json.Unmarshal(got, &g)
		_ = json.Unmarshal(want, &w)
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: got %s, want %s", name, got, want)
		}
	}
}
