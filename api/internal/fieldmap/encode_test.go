package fieldmap

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestMarshalMapMatchesJSON: MarshalMap writes exactly json.Marshal's bytes.
func TestMarshalMapMatchesJSON(t *testing.T) {
	var all strings.Builder
	for c := 0; c < 256; c++ {
		all.WriteByte(byte(c))
	}
	s, i, i64, f, bl := "a<b>&c", 7, int64(-9), 2.5, true
	type named string
	cases := []map[string]any{
		{},
		{"z": 1, "a": 2, "m": nil, "é": "x", "<k>": "v"},
		{"bytes": all.String(), "ctl": "\x00\x01\b\f\n\r\t\x1f\x7f", "quote": `"\`, "html": "<script>&amp;</script>",
			"bad": "a\xffb\xc3", "ls": "x\u2028y\u2029z", "emoji": "🏠 £ ß"},
		{"f0": 0.0, "neg0": math.Copysign(0, -1), "small": 1e-7, "edge": 1e-6, "big": 1e21, "below": 1e20, "frac": 123.456,
			"lat": 51.501009, "lng": -0.141588, "f32": float32(0.1), "f32small": float32(1e-7), "max": math.MaxFloat64, "tiny": 5e-324},
		{"int": 42, "i64": int64(1) << 60, "i32": int32(-5), "neg": -1},
		{"ps": &s, "pi": &i, "pi64": &i64, "pf": &f, "pb": &bl, "nps": (*string)(nil), "npi": (*int)(nil),
			"npf": (*float64)(nil), "npb": (*bool)(nil), "nt": (*time.Time)(nil)},
		{"nested": map[string]any{"b": 1, "a": []any{"x", 2.5, nil}}, "nilmap": map[string]any(nil),
			"slice": []string{"<a>"}, "empty": []map[string]any{}, "raw": json.RawMessage(`{ "x" : 1 }`),
			"time": time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC), "named": named("n<"), "struct": struct {
				A int    `json:"a"`
				B string `json:"b,omitempty"`
			}{A: 1}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 500; n++ {
		m := map[string]any{}
		for k := 0; k < 20; k++ {
			key := string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(26)))
			switch rng.IntN(5) {
			case 0:
				m[key] = math.Float64frombits(rng.Uint64())
				if x := m[key].(float64); math.IsNaN(x) || math.IsInf(x, 0) {
					m[key] = 1.0
				}
			case 1:
				m[key] = rng.Float64() * math.Pow(10, float64(rng.IntN(50)-25))
			case 2:
				b := make([]byte, rng.IntN(12))
				for j := range b {
					b[j] = byte(rng.IntN(256))
				}
				m[key] = string(b)
			case 3:
				m[key] = rng.Int64() - rng.Int64()
			default:
				m[key] = rng.IntN(2) == 0
			}
		}
		cases = append(cases, m)
	}
	for i, m := range cases {
		want, werr := json.Marshal(m)
		got, gerr := MarshalMap(m)
		if (werr != nil) != (gerr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("case %d:\n got %s (%v)\nwant %s (%v)", i, got, gerr, want, werr)
		}
	}
	if _, err := MarshalMap(map[string]any{"nan": math.NaN()}); err == nil {
		t.Error("NaN encoded")
	}
}

func BenchmarkMarshalMap(b *testing.B) {
	m := map[string]any{}
	for i := 0; i < 60; i++ {
		m[string(rune('a'+i%26))+string(rune('a'+i/26))] = []any{"Flat 3, 12 High Street", 51.5 + float64(i)/1000, i, nil, true}[i%5]
	}
	b.Run("MarshalMap", func(b *testing.B) {
		for b.Loop() {
			_, _ = MarshalMap(m)
		}
	})
	b.Run("json.Marshal", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(m)
		}
	})
}
