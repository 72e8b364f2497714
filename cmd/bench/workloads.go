package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// zipf picks indices 0..n-1 with a skewed (Zipf, s≈1.1) popularity,
// deterministically from the request number.
type zipf struct {
	cdf []float64
	rng *rand.Rand
}

func newZipf(seed uint64, n int) *zipf {
	cdf := make([]float64, n)
	sum := 0.0
	for i := 0; i < n; i++ {
		sum += 1 / math.Pow(float64(i+1), 1.1)
		cdf[i] = sum
	}
	for i := range cdf {
		cdf[i] /= sum
	}
	return &zipf{cdf: cdf, rng: rand.New(rand.NewPCG(seed, 7))}
}

func (z *zipf) pick(int) int {
	u := z.rng.Float64()
	lo, hi := 0, len(z.cdf)-1
	for lo < hi {
		m := (lo + hi) / 2
		if z.cdf[m] < u {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// sample reads up to n documents of one index from the dataset directory,
// spread evenly over the file (every k-th line).
func sample[T any](dir, index string, n int) ([]T, error) {
	path := filepath.Join(dir, index+".ndjson")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	defer dropFromPageCache(f)
	st, _ := f.Stat()
	// Estimate lines from size to pick a stride.
	stride := 1
	if st != nil && st.Size() > int64(n)*400 {
		stride = int(st.Size() / (int64(n) * 400))
		if stride < 1 {
			stride = 1
		}
	}
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	line := 0
	for sc.Scan() && len(out) < n {
		line++
		if line%stride != 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, line, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}

type addrSample struct {
	UPRN        int64  `json:"uprn"`
	FullAddress string `json:"full_address"`
	Postcode    string `json:"postcode"`
	Location    *struct {
		Lat float64 `json:"lat"`
		Lon float64 `json:"lon"`
	} `json:"location"`
}

// workload is a named list of API request targets (path?query), picked with
// Zipf popularity.
type workload struct {
	Name    string
	Targets []string
	Rate    float64 // constant-rate target, requests/s
	Target  string  // the target, for the report
	// NoCache sends Cache-Control: no-cache, so the API skips its result
	// cache (the typeahead cache): the engine-bound case.
	NoCache bool
	// Encoding is the Accept-Encoding sent ("" = identity: uncompressed).
	Encoding string
	// Revalidate makes the client a caching one: it keeps each target's
	// ETag and sends If-None-Match, so repeats are answered 304.
	Revalidate bool
}

// typeaheadTargets turns addresses into every prefix a user types, and
// postcodes into their prefixes too.
func typeaheadTargets(addrs []addrSample, max int) []string {
	var out []string
	for _, a := range addrs {
		full := strings.TrimSuffix(a.FullAddress, ", "+a.Postcode)
		for n := 3; n <= len(full) && len(out) < max; n += 2 {
			out = append(out, "/api/address/find/?q="+url.QueryEscape(full[:n]))
		}
		pc := a.Postcode
		for n := 2; n <= len(pc) && len(out) < max; n++ {
			out = append(out, "/api/address/find/?q="+url.QueryEscape(pc[:n]))
		}
		if len(out) >= max {
			break
		}
	}
	return out
}

// viewport returns a bbox of a 1280x800 pixel map at a zoom around a point.
func viewport(lat, lon float64, zoom int) string {
	degPerPx := 360 / (256 * math.Pow(2, float64(zoom)))
	w := 1280 * degPerPx / 2
	h := 800 * degPerPx / 2 * math.Cos(lat*math.Pi/180)
	return fmt.Sprintf("%.5f,%.5f,%.5f,%.5f", lon-w, lat-h, lon+w, lat+h)
}

func buildWorkloads(addrs []addrSample) []workload {
	var find, vp10, vp13, vp16, cl13, schools, amen, uprn, titles, pcs, retrieve []string
	find = typeaheadTargets(addrs, 4000)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, a := range addrs {
		if a.Location == nil {
			continue
		}
		lat, lon := a.Location.Lat, a.Location.Lon
		vp10 = append(vp10, "/api/live-listings/search/?bbox="+viewport(lat, lon, 10))
		vp13 = append(vp13, "/api/live-listings/search/?bbox="+viewport(lat, lon, 13))
		vp16 = append(vp16, "/api/live-listings/search/?bbox="+viewport(lat, lon, 16))
		cl13 = append(cl13, fmt.Sprintf("/api/live-listings/clusters/?zoom=13&bbox=%s", viewport(lat, lon, 13)))
		miles := []float64{0.3, 0.5, 1, 1.25}[rng.IntN(4)]
		schools = append(schools, fmt.Sprintf("/api/schools/nearby?lat=%.5f&lng=%.5f&radius=%.2f", lat, lon, miles))
		km := []float64{0.5, 1, 2}[rng.IntN(3)]
		amen = append(amen, fmt.Sprintf("/api/amenities/nearby?lat=%.5f&lng=%.5f&radius_km=%.1f", lat, lon, km))
		uprn = append(uprn, fmt.Sprintf("/api/properties/%d", a.UPRN))
		titles = append(titles, fmt.Sprintf("/api/property_lr_titles/%d", a.UPRN))
		retrieve = append(retrieve, fmt.Sprintf("/api/address/retrieve/%d", a.UPRN))
		pcs = append(pcs, "/api/address/postcode/"+url.PathEscape(a.Postcode)+"/")
	}
	return []workload{
		{"address/find", find, 400, "p99 ≤ 40 ms at ≥ 400 req/s", false, "", false},
		{"address/find, cache bypassed", find, 150, "(engine-bound case)", true, "", false},
		{"properties/{uprn}", uprn, 300, "p99 ≤ 5 ms", false, "", false},
		// Per-key scalar lookups at 400 req/s: the API's overhead over one
		// GET _doc (key check, metering, record rendering).
		{"per-key properties/{uprn} @400", uprn, 400, "overhead p50 ≤ 0.3 ms", false, "", false},
		{"per-key property_lr_titles/{uprn} @400", titles, 400, "overhead p50 ≤ 0.3 ms", false, "", false},
		{"address/retrieve/{uprn}", retrieve, 300, "(p99 at 300 req/s; one GET of the address)", false, "", false},
		{"address/postcode", pcs, 300, "p99 ≤ 5 ms", false, "", false},
		{"address/postcode, cache bypassed", pcs, 300, "(engine-bound case)", true, "", false},
		{"live-listings viewport z10", vp10, 100, "p99 ≤ 50 ms", false, "", false},
		{"live-listings viewport z13", vp13, 100, "p99 ≤ 50 ms", false, "", false},
		{"live-listings viewport z16", vp16, 100, "p99 ≤ 50 ms", false, "", false},
		{"clusters z13", cl13, 100, "p99 ≤ 10 ms (warm)", false, "", false},
		{"schools/nearby ≤ 2 km", schools, 150, "p99 ≤ 30 ms", false, "", false},
		{"amenities/nearby ≤ 2 km", amen, 150, "p99 ≤ 30 ms", false, "", false},
		{"address/postcode, gzip", pcs, 300, "(gzip CPU and size; compare with address/postcode)", false, "gzip", false},
		{"properties/{uprn}, revalidating client", uprn, 300, "(304 share; a 304 is not charged)", false, "", true},
	}
}
