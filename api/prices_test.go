package api

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api/search"
)

func TestPriceHelpers(t *testing.T) {
	for _, tc := range []struct {
		cur, prior int64
		want       string
	}{{60, 50, "high"}, {49, 200, "medium"}, {20, 20, "medium"}, {5, 19, "low"}, {4, 100, "insufficient"}} {
		if got := growthQuality(tc.cur, tc.prior); got != tc.want {
			t.Errorf("growthQuality(%d, %d) = %s, want %s", tc.cur, tc.prior, got, tc.want)
		}
	}
	for v, want := range map[float64]string{2.1: "rising", 2: "flat", -2: "flat", -2.1: "falling"} {
		if got := growthTrend(&v); got != want {
			t.Errorf("growthTrend(%v) = %s, want %s", v, got, want)
		}
	}
	if got := stddev([]float64{2, 4, 4, 4, 5, 5, 7, 9}); got != 2 {
		t.Errorf("stddev = %v, want 2", got)
	}
	b, _ := json.Marshal(orderedBins{{Label: "50000-100000", Count: 1}, {Label: "100000-150000", Count: 2}})
	if string(b) != `{"50000-100000":1,"100000-150000":2}` {
		t.Errorf("bins %s", b)
	}
}

func TestPriceGrowthWindows(t *testing.T) {
	var sent string
	fb := &fakeBackend{SearchFn: func(index string, body any) (*search.Response, error) {
		sent = string(mustJSON(t, body))
		r := &search.Response{Aggregations: map[string]json.RawMessage{
			"current": json.RawMessage(`{"doc_count":30,"median":{"values":[{"key":50.0,"value":262500.0}]}}`),
			"prior":   json.RawMessage(`{"doc_count":25,"median":{"values":[{"key":50.0,"value":250000.0}]}}`),
		}}
		r.Hits.Total.Value = 100
		return r, nil
	}}
	fb.T = t
	s := NewServer(Options{Backend: fb, Logger: zerolog.New(io.Discard), Now: func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }})
	rec := do(t, s, http.MethodGet, "/api/price-growth/ex1/", "")
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var b growthResponse
	_ = json.Unmarshal(rec.Body.Bytes(), &b)
	if b.Outcode != "EX1" || b.CurrentPeriod.From != "2025-03-02" || b.CurrentPeriod.To != "2026-03-01" || b.PriorPeriod.From != "2024-03-02" ||
		*b.YoYChangePct != 5 || *b.YoYChangeGBP != 12500 || b.Trend != "rising" || b.DataQuality != "medium" {
		t.Errorf("growth %+v", b)
	}
	if !strings.Contains(sent, `"gte":"2025-03-02","lt":"2026-03-02"`) {
		t.Errorf("current window not in query: %s", sent)
	}
}
