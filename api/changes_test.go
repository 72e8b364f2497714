package api

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
)

func TestFoldRows(t *testing.T) {
	r := func(op string, epoch int64, fields ...string) changeRow {
		return changeRow{ID: "1", Epoch: epoch, Op: op, Fields: fields}
	}
	tests := []struct {
		name   string
		rows   []changeRow
		op     string
		epoch  int64
		fields []string
	}{
		{"insert", []changeRow{r("insert", 3, "a", "b")}, "insert", 3, []string{"a", "b"}},
		{"insert then update", []changeRow{r("insert", 3, "a"), r("update", 5, "c")}, "insert", 5, []string{"a", "c"}},
		{"insert then delete", []changeRow{r("insert", 3, "a"), r("delete", 4)}, "", 0, nil},
		{"update then delete", []changeRow{r("update", 3, "a"), r("delete", 4)}, "delete", 4, []string{}},
		{"delete then insert", []changeRow{r("delete", 3), r("insert", 4, "a", "b")}, "update", 4, []string{"a", "b"}},
		{"updates", []changeRow{r("update", 3, "b"), r("update", 4, "a", "b")}, "update", 4, []string{"a", "b"}},
	}
	for _, tc := range tests {
		c, ok := foldRows(tc.rows)
		if tc.op == "" {
			if ok {
				t.Errorf("%s: %+v, want no change", tc.name, c)
			}
			continue
		}
		if !ok || c.Op != tc.op || c.Epoch != tc.epoch || !reflect.DeepEqual(c.ChangedFields, tc.fields) {
			t.Errorf("%s: %+v, want %s at %d %v", tc.name, c, tc.op, tc.epoch, tc.fields)
		}
	}
}

// TestChangesCharge: the feed is charged one call per ten entries.
func TestChangesCharge(t *testing.T) {
	var hits []search.Hit
	for i := 0; i < 25; i++ {
		id := string(rune('a'+i/10)) + string(rune('a'+i%10))
		src, _ := json.Marshal(changeRow{ID: id, Epoch: 2, Op: "delete"})
		hits = append(hits, search.Hit{ID: id, Source: src})
	}
	fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
		if !strings.HasSuffix(index, "ukpd-changes") {
			t.Errorf("searched %s", index)
		}
		return resp(int64(len(hits)), hits...), nil
	}}
	fb.T = t
	var weight int
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard),
		Epochs: func(context.Context) (map[string]DatasetEpoch, error) {
			return map[string]DatasetEpoch{"addresses": {Dataset: "addresses", Epoch: 2, FeedFrom: 1}}, nil
		},
		// The gate charges what the handler set: record it.
		Gate: func(rt *Route, next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				next.ServeHTTP(w, r)
				weight = CallInfoFrom(r.Context()).Weight
			})
		}})
	rec := do(t, s, http.MethodGet, "/api/v1/changes/addresses?since=1&fields=ids", "")
	var out changesResponse
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || len(out.Changes) != 25 || out.Epoch != 2 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if weight != 3 {
		t.Errorf("25 entries charged %d calls, want 3", weight)
	}
}
