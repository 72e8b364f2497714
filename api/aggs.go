package api

import (
	"encoding/json"
	"fmt"
	"math"
)

// Decoders of the aggregation answers used by the area family.

type termsBucket struct {
	Key      any    `json:"key"`
	KeyStr   string `json:"key_as_string"`
	DocCount int64  `json:"doc_count"`
}

// termsCounts decodes a terms aggregation into key → count, in bucket order.
func termsCounts(raw json.RawMessage) (keys []string, counts map[string]int64, err error) {
	var a struct {
		Buckets []termsBucket `json:"buckets"`
	}
	counts = map[string]int64{}
	if len(raw) == 0 {
		return nil, counts, nil
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, nil, fmt.Errorf("decode terms aggregation: %w", err)
	}
	for _, b := range a.Buckets {
		k := b.KeyStr
		if k == "" {
			k = fmt.Sprint(b.Key)
		}
		keys = append(keys, k)
		counts[k] = b.DocCount
	}
	return keys, counts, nil
}

// median50 decodes a non-keyed percentiles aggregation with one percent;
// nil when there were no values.
func median50(raw json.RawMessage) (*float64, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var a struct {
		Values []struct {
			Key   float64  `json:"key"`
			Value *float64 `json:"value"`
		} `json:"values"`
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("decode percentiles aggregation: %w", err)
	}
	for _, v := range a.Values {
		if v.Key == 50 && v.Value != nil && !math.IsNaN(*v.Value) {
			return v.Value, nil
		}
	}
	return nil, nil
}

// subAggs decodes a single-bucket aggregation (filter) into its doc count and
// sub-aggregations.
func subAggs(raw json.RawMessage) (int64, map[string]json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if len(raw) == 0 {
		return 0, m, nil
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return 0, nil, fmt.Errorf("decode bucket aggregation: %w", err)
	}
	var n int64
	if dc, ok := m["doc_count"]; ok {
		if err := json.Unmarshal(dc, &n); err != nil {
			return 0, nil, fmt.Errorf("decode doc_count: %w", err)
		}
	}
	return n, m, nil
}

// roundPrice rounds a median to whole pounds.
func roundPrice(f *float64) *int64 {
	if f == nil {
		return nil
	}
	v := int64(math.Round(*f))
	return &v
}
