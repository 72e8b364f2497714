package synth

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
)

// rnd is a per-entity random stream.
type rnd struct{ *rand.Rand }

// newRnd returns the stream of one entity: PCG seeded from the run seed and
// the entity's key parts.
func newRnd(seed int64, parts ...any) rnd {
	h := fnv.New64a()
	for _, p := range parts {
		fmt.Fprint(h, p, "\x00")
	}
	return rnd{rand.New(rand.NewPCG(uint64(seed), h.Sum64()))}
}

// between returns a uniform float in [lo, hi).
func (r rnd) between(lo, hi float64) float64 { return lo + r.Float64()*(hi-lo) }

// intn returns a uniform int in [lo, hi].
func (r rnd) intIn(lo, hi int) int { return lo + r.IntN(hi-lo+1) }

// chance is true with probability p.
func (r rnd) chance(p float64) bool { return r.Float64() < p }

// pick returns one element.
func pick[T any](r rnd, xs []T) T { return xs[r.IntN(len(xs))] }

// weighted returns an index drawn with the given weights.
func (r rnd) weighted(w []float64) int {
	var sum float64
	for _, x := range w {
		sum += x
	}
	u := r.Float64() * sum
	for i, x := range w {
		if u < x {
			return i
		}
		u -= x
	}
	return len(w) - 1
}

// lognorm returns exp(N(0, sigma)).
func (r rnd) lognorm(sigma float64) float64 { return math.Exp(r.NormFloat64() * sigma) }

// hex returns n random lower-case hex digits.
func (r rnd) hex(n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[r.IntN(16)]
	}
	return string(b)
}

// uuid returns a version-4 UUID string.
func (r rnd) uuid() string {
	h := []byte(r.hex(32))
	h[12] = '4'
	h[16] = "89ab"[r.IntN(4)]
	s := string(h)
	return s[0:8] + "-" + s[8:12] + "-" + s[12:16] + "-" + s[16:20] + "-" + s[20:32]
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

func round1(x float64) float64 { return math.Round(x*10) / 10 }
func round2(x float64) float64 { return math.Round(x*100) / 100 }
