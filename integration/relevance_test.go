//go:build integration

package integration

// Address typeahead relevance suite. Cases are derived programmatically from
// any []mappings.Address (relevanceCases): full addresses, the same typed
// keystroke by keystroke, postcodes, street-type abbreviations, shuffled
// words, one-typo words and flats. It runs against the real OpenSearch over
// a realistic fixture (addressFixture, ~1,700 addresses) or, when
// ADDRESS_RELEVANCE_FILE names a JSON-lines file of mappings.Address, over
// that data set, and fails when recall@1 or recall@5 of a case kind falls
// below its floor.

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
)

// relevanceCase is one typeahead query and the UPRNs that count as a hit.
type relevanceCase struct {
	Kind   string
	Query  string
	Want   map[int64]bool
	Target int64
	// OnlyAt5: the query is ambiguous between up to five addresses, so only
	// recall@5 is meaningful.
	OnlyAt5 bool
	// Meant is what a query with a typo meant (the query without it).
	Meant string
}

// relevanceFloors are the minimum recall@1 and recall@5 per case kind.
var relevanceFloors = map[string][2]float64{
	"full":               {0.95, 0.99},
	"full_postcode":      {0.97, 0.99},
	"no_town":            {0.85, 0.98},
	"shuffled":           {0.90, 0.98},
	"abbreviation":       {0.90, 0.98},
	"keystroke":          {0.80, 0.95},
	"typo":               {0.80, 0.90},
	"typo_town":          {0.80, 0.90},
	"flat_short":         {0.85, 0.95},
	"keystroke_flat":     {0.80, 0.95},
	"keystroke_postcode": {0.90, 0.98},
	"postcode":           {0.99, 0.99},
	"postcode_space":     {0.99, 0.99},
	"flat":               {0.90, 0.98},
	"building":           {0.90, 0.98},
}

// streetAbbrev maps full street types to the abbreviation users type.
var streetAbbrev = map[string]string{"road": "rd", "street": "st", "avenue": "ave", "lane": "ln", "close": "cl",
	"crescent": "cres", "drive": "dr", "gardens": "gdns", "grove": "gr", "place": "pl", "square": "sq", "terrace": "ter", "court": "ct"}

// relevanceCases derives the cases from an address set, deterministically.
func relevanceCases(addrs []mappings.Address, maxPerKind int) []relevanceCase {
	rng := rand.New(rand.NewSource(7))
	byUPRN := map[int64]*mappings.Address{}
	for i := range addrs {
		byUPRN[addrs[i].UPRN] = &addrs[i]
	}
	oracle := newAddressOracle(addrs)
	// Order is shuffled once so each kind samples across the whole set.
	idx := rng.Perm(len(addrs))
	var cases []relevanceCase
	count := map[string]int{}
	add := func(c relevanceCase) {
		if count[c.Kind] >= maxPerKind {
			return
		}
		count[c.Kind]++
		cases = append(cases, c)
	}
	one := func(u int64) map[int64]bool { return map[int64]bool{u: true} }
	town := func(a *mappings.Address) string {
		if a.TownName != "" {
			return a.TownName
		}
		return a.PostTown
	}
	seenPostcode := map[string]bool{}
	for _, i := range idx {
		a := &addrs[i]
		if a.FlatCount > 0 {
			// A building record: typed at building level it must come back as the building.
			// The building as a user names it: its number, or its name when it has none.
			add(relevanceCase{Kind: "building", Query: fmt.Sprintf("%s %s %s", premiseText(a), a.StreetName, town(a)), Want: one(a.UPRN), Target: a.UPRN})
			continue
		}
		premise := premiseText(a)
		full := strings.TrimSpace(premise + " " + a.StreetName + " " + town(a))
		if a.StreetName == "" || premise == "" {
			continue
		}
		if a.IsFlat {
			add(relevanceCase{Kind: "flat", Query: full, Want: one(a.UPRN), Target: a.UPRN})
			// Keystrokes of a flat: until the flat is named, its building suggestion is a hit too.
			if count["keystroke_flat"] < maxPerKind {
				var scored []relevanceCase
				for n := 6; n < len(full); n++ {
					pre := full[:n]
					if k := oracle.count(pre); k > 0 && k <= 5 {
						scored = append(scored, relevanceCase{Kind: "keystroke_flat", Query: pre, Want: map[int64]bool{a.UPRN: true, a.ParentUPRN: true}, Target: a.UPRN, OnlyAt5: k > 1})
					}
				}
				for _, j := range uniqueInts(0, len(scored)/2, len(scored)-2) {
					if j >= 0 && j < len(scored) {
						add(scored[j])
					}
				}
			}
			// "3, 12 High Street": the flat number without the word flat.
			if a.FlatNumber != "" && a.BuildingNumber != "" {
				add(relevanceCase{Kind: "flat_short", Query: a.FlatNumber + ", " + a.BuildingNumber + " " + a.StreetName + " " + town(a), Want: one(a.UPRN), Target: a.UPRN})
			}
			continue
		}
		add(relevanceCase{Kind: "full", Query: full, Want: one(a.UPRN), Target: a.UPRN})
		add(relevanceCase{Kind: "full_postcode", Query: premise + " " + a.StreetName + " " + a.Postcode, Want: one(a.UPRN), Target: a.UPRN})
		if oracle.count(premise+" "+a.StreetName) == 1 {
			add(relevanceCase{Kind: "no_town", Query: strings.ToLower(premise + " " + a.StreetName), Want: one(a.UPRN), Target: a.UPRN})
		}
		add(relevanceCase{Kind: "shuffled", Query: town(a) + " " + a.StreetName + " " + premise, Want: one(a.UPRN), Target: a.UPRN})
		if ab, ok := abbreviate(a.StreetName); ok {
			add(relevanceCase{Kind: "abbreviation", Query: premise + " " + ab + " " + town(a), Want: one(a.UPRN), Target: a.UPRN})
		}
		if ty, ok := typoIn(rng, a.StreetName); ok {
			add(relevanceCase{Kind: "typo", Query: premise + " " + ty + " " + town(a), Want: one(a.UPRN), Target: a.UPRN, Meant: full})
		}
		// Keystroke by keystroke: every prefix from 4 characters on that the
		// oracle says identifies at most five suggestions (shorter prefixes are
		// ambiguous for any engine and are not scored).
		// At most three prefixes per address (the shortest scored one, one
		// in the middle and one near the end) so the cases span many addresses.
		if count["keystroke"] < maxPerKind {
			var scored []relevanceCase
			for n := 4; n < len(full); n++ {
				pre := full[:n]
				k := oracle.count(pre)
				if k == 0 || k > 5 {
					continue
				}
				scored = append(scored, relevanceCase{Kind: "keystroke", Query: pre, Want: one(a.UPRN), Target: a.UPRN, OnlyAt5: k > 1})
			}
			if len(scored) > 0 {
				for _, j := range uniqueInts(0, len(scored)/2, len(scored)-2) {
					if j >= 0 {
						add(scored[j])
					}
				}
			}
		}
		// Typing the postcode at the end, character by character.
		withPC := premise + " " + a.StreetName + " " + a.Postcode
		if count["keystroke_postcode"] < maxPerKind {
			for n := len(withPC) - len(a.Postcode) + 2; n <= len(withPC); n++ {
				pre := withPC[:n]
				if k := oracle.count(pre); k == 1 && (n%2 == 0 || n == len(withPC)) {
					add(relevanceCase{Kind: "keystroke_postcode", Query: pre, Want: one(a.UPRN), Target: a.UPRN})
				}
			}
		}
		if ty, ok := typoIn(rng, town(a)); ok && len(town(a)) >= query.FuzzyMinLength {
			add(relevanceCase{Kind: "typo_town", Query: premise + " " + a.StreetName + " " + ty, Want: one(a.UPRN), Target: a.UPRN, Meant: full})
		}
		if !seenPostcode[a.Postcode] {
			seenPostcode[a.Postcode] = true
			first := oracle.firstAtPostcode(a.Postcode)
			add(relevanceCase{Kind: "postcode", Query: strings.ToLower(strings.ReplaceAll(a.Postcode, " ", "")), Want: one(first), Target: first})
			add(relevanceCase{Kind: "postcode_space", Query: a.Postcode, Want: one(first), Target: first})
		}
	}
	return cases
}

// premiseText is what a user types before the street: "Flat 3 Marina Court 12", "12A", "Rose Cottage".
func premiseText(a *mappings.Address) string {
	return strings.TrimSpace(strings.Join(strings.Fields(a.SubBuilding+" "+a.BuildingName+" "+a.BuildingNumber), " "))
}

func uniqueInts(xs ...int) []int {
	var out []int
	seen := map[int]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func abbreviate(street string) (string, bool) {
	words := strings.Fields(street)
	last := strings.ToLower(words[len(words)-1])
	if ab, ok := streetAbbrev[last]; ok {
		words[len(words)-1] = strings.ToUpper(ab[:1]) + ab[1:]
		return strings.Join(words, " "), true
	}
	for full, ab := range streetAbbrev {
		if last == ab {
			words[len(words)-1] = full
			return strings.Join(words, " "), true
		}
	}
	return "", false
}

// typoIn changes one letter in the middle of the first word of five letters or more.
func typoIn(rng *rand.Rand, street string) (string, bool) {
	words := strings.Fields(street)
	for i, w := range words {
		// Only a plain word: "ROSS-ON-WYE" is three short words to the typeahead.
		if len(w) >= query.FuzzyMinLength && len(mappings.AddressTokens(w)) == 1 && mappings.AddressTokens(w)[0] == strings.ToLower(w) {
			b := []byte(w)
			j := 1 + rng.Intn(len(b)-2)
			switch rng.Intn(2) {
			case 0: // substitution
				c := byte('a' + rng.Intn(26))
				for c == b[j] || c == b[j-1] {
					c = byte('a' + rng.Intn(26))
				}
				b[j] = c
			default: // transposition
				if b[j] == b[j+1] {
					b[j] = 'x'
				} else {
					b[j], b[j+1] = b[j+1], b[j]
				}
			}
			words[i] = string(b)
			return strings.Join(words, " "), true
		}
	}
	return "", false
}

// addressOracle answers, without the engine, how many suggestions a typed
// prefix can honestly mean: the addresses whose numbers and words match it
// the way the typeahead's contract says (numbers exact except a last one,
// words as prefixes with street-type synonyms), counting the flats of a
// building as one when no flat was asked for.
type addressOracle struct {
	addrs []mappings.Address
	words [][]string
	syn   map[string][]string
}

func newAddressOracle(addrs []mappings.Address) *addressOracle {
	o := &addressOracle{addrs: addrs, syn: map[string][]string{}}
	for _, s := range mappings.StreetSynonyms {
		group := strings.Split(s, ",")
		for _, g := range group {
			o.syn[g] = append(o.syn[g], group...)
		}
	}
	for i := range addrs {
		var ws []string
		for _, t := range strings.Fields(addrs[i].SearchText) {
			ws = append(ws, t)
			ws = append(ws, o.syn[t]...)
		}
		o.words = append(o.words, ws)
	}
	return o
}

func (o *addressOracle) matches(i int, t query.AddressText) bool {
	a := &o.addrs[i]
	if t.PostcodeKey != "" && a.PostcodeKey != t.PostcodeKey {
		return false
	}
	if t.PostcodePrefix != "" && !strings.HasPrefix(a.PostcodeKey, t.PostcodePrefix) {
		return false
	}
	for j, n := range t.Numbers {
		ok := false
		for _, an := range a.Numbers {
			if an == n || (j == len(t.Numbers)-1 && t.LastIsNumber && strings.HasPrefix(an, n)) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	for _, w := range t.Words {
		alts := append([]string{w}, o.syn[w]...)
		ok := false
		for _, aw := range o.words[i] {
			for _, alt := range alts {
				if strings.HasPrefix(aw, alt) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func (o *addressOracle) count(q string) int {
	t := query.ParseAddressText(q)
	groups := map[string]bool{}
	for i := range o.addrs {
		if !o.matches(i, t) {
			continue
		}
		key := fmt.Sprint(o.addrs[i].UPRN)
		if !t.FlatAsked && o.addrs[i].BuildingKey != "" {
			key = o.addrs[i].BuildingKey
		}
		groups[key] = true
	}
	return len(groups)
}

func (o *addressOracle) firstAtPostcode(pc string) int64 {
	var best *mappings.Address
	for i := range o.addrs {
		a := &o.addrs[i]
		if a.Postcode == pc && (best == nil || a.SortKey < best.SortKey || (a.SortKey == best.SortKey && a.UPRN < best.UPRN)) {
			best = a
		}
	}
	return best.UPRN
}

// relevanceAddresses returns the address set: ADDRESS_RELEVANCE_FILE (JSON
// lines of mappings.Address) when set, else the fixture.
func relevanceAddresses(t *testing.T) []mappings.Address {
	path := os.Getenv("ADDRESS_RELEVANCE_FILE")
	if path == "" {
		return addressFixture()
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var out []mappings.Address
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var a mappings.Address
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		mappings.AddressSearchFields(&a)
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

type findResult struct {
	Suggestions []struct {
		UPRN      int64  `json:"uprn"`
		Address   string `json:"address"`
		Type      string `json:"type"`
		FlatCount int    `json:"flat_count"`
		Postcode  string `json:"postcode"`
	} `json:"suggestions"`
	Count int `json:"count"`
	Meta  struct {
		QueryType string `json:"query_type"`
		Total     int64  `json:"total"`
	} `json:"meta"`
}

func find(t testing.TB, srv http.Handler, params string) (findResult, time.Duration) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/api/address/find/?"+params, nil)
	rec := httptest.NewRecorder()
	start := time.Now()
	srv.ServeHTTP(rec, req)
	took := time.Since(start)
	if rec.Code != http.StatusOK {
		t.Fatalf("find %s: %d %s", params, rec.Code, rec.Body)
	}
	var r findResult
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	return r, took
}

func TestAddressRelevance(t *testing.T) {
	env := addressEnv(t)
	addrs := relevanceAddresses(t)
	env.loadAddresses(t, addrs)
	srv := env.server(t)
	cases := relevanceCases(addrs, 120)
	if len(cases) < 200 {
		t.Fatalf("only %d relevance cases derived; want at least 200", len(cases))
	}
	runRelevance(t, srv, cases, relevanceFloors)
}

// runRelevance runs the cases, logs recall@1, recall@5 and latency per kind
// and fails a kind below its floor.
func runRelevance(t *testing.T, srv http.Handler, cases []relevanceCase, floors map[string][2]float64) {
	type stat struct{ n, n1, at1, at5 int }
	stats := map[string]*stat{}
	var lat []time.Duration
	kindLat := map[string][]time.Duration{}
	var misses []string
	for _, c := range cases {
		r, took := find(t, srv, "q="+url.QueryEscape(c.Query)+"&limit=10")
		lat = append(lat, took)
		kindLat[c.Kind] = append(kindLat[c.Kind], took)
		st := stats[c.Kind]
		if st == nil {
			st = &stat{}
			stats[c.Kind] = st
		}
		st.n++
		rank := -1
		for i, sg := range r.Suggestions {
			if c.Want[sg.UPRN] {
				rank = i
				break
			}
		}
		if !c.OnlyAt5 {
			st.n1++
			if rank == 0 {
				st.at1++
			}
		}
		if rank >= 0 && rank < 5 {
			st.at5++
		}
		if (rank < 0 || rank >= 5 || (rank > 0 && !c.OnlyAt5)) && len(misses) < 40 {
			got := []string{}
			for i, sg := range r.Suggestions {
				if i < 3 {
					got = append(got, sg.Address)
				}
			}
			misses = append(misses, fmt.Sprintf("%s %q (%s): rank %d, got %v", c.Kind, c.Query, r.Meta.QueryType, rank, got))
		}
	}
	kinds := slices.Sorted(maps.Keys(stats))
	var tot stat
	for _, k := range kinds {
		st := stats[k]
		r1, r5 := ratio(st.at1, st.n1), ratio(st.at5, st.n)
		kl := kindLat[k]
		sort.Slice(kl, func(i, j int) bool { return kl[i] < kl[j] })
		t.Logf("%-15s cases %4d  recall@1 %.3f (of %d)  recall@5 %.3f  p50 %v p99 %v", k, st.n, r1, st.n1, r5,
			kl[len(kl)/2].Round(100*time.Microsecond), kl[len(kl)*99/100].Round(100*time.Microsecond))
		tot.n, tot.n1, tot.at1, tot.at5 = tot.n+st.n, tot.n1+st.n1, tot.at1+st.at1, tot.at5+st.at5
		if f, ok := floors[k]; ok {
			if st.n1 > 0 && r1 < f[0] {
				t.Errorf("%s: recall@1 %.3f below floor %.2f", k, r1, f[0])
			}
			if r5 < f[1] {
				t.Errorf("%s: recall@5 %.3f below floor %.2f", k, r5, f[1])
			}
		}
	}
	t.Logf("ALL             cases %4d  recall@1 %.3f  recall@5 %.3f", tot.n, ratio(tot.at1, tot.n1), ratio(tot.at5, tot.n))
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("address/find latency over %d cases: p50 %v p95 %v p99 %v max %v (in-process handler + real OpenSearch)",
		len(lat), lat[len(lat)/2], lat[len(lat)*95/100], lat[len(lat)*99/100], lat[len(lat)-1])
	for _, m := range misses {
		t.Log("miss: " + m)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// BenchmarkAddressFind measures address/find over the relevance queries
// against the real index: go test -tags integration -run '^$' -bench AddressFind -benchtime 2000x ./integration/
func BenchmarkAddressFind(b *testing.B) {
	env := addressEnv(b)
	addrs := addressFixture()
	env.loadAddresses(b, addrs)
	srv := env.server(b)
	cases := relevanceCases(addrs, 60)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := cases[i%len(cases)]
		_, took := find(b, srv, "q="+url.QueryEscape(c.Query))
		lat = append(lat, took)
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50_ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99_ms")
}

// realSamplesDir finds shared/data/real-samples above the working directory.
func realSamplesDir() string {
	for _, up := range []string{"../shared", "../../shared", "../../../shared"} {
		d := up + "/data/real-samples"
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
	}
	return ""
}

// ppdAddresses turns the real HM Land Registry Price Paid sample (raw
// format: 8 PAON, 9 SAON, 10 street, 11 locality, 12 town, 4 postcode) into
// distinct addresses with synthetic UPRNs; flats of one PAON share a
// synthetic parent UPRN (no building record, as in real data without one).
func ppdAddresses(t testing.TB, path string) []mappings.Address {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	rd := csv.NewReader(f)
	rd.FieldsPerRecord = 16
	seen := map[string]bool{}
	parents := map[string]int64{}
	var out []mappings.Address
	uprn := int64(50000000)
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		pc, ok := mappings.ParsePostcode(rec[3])
		if !ok || rec[9] == "" || rec[7] == "" {
			continue
		}
		paon, saon := strings.TrimSpace(rec[7]), strings.TrimSpace(rec[8])
		key := strings.Join([]string{saon, paon, rec[9], pc.Key()}, "|")
		if seen[key] {
			continue
		}
		seen[key] = true
		uprn++
		a := mappings.Address{UPRN: uprn, SubBuilding: saon, StreetName: rec[9], Locality: rec[10], TownName: rec[11], PostTown: rec[11],
			Postcode: pc.Display(), Country: "E", Source: "ppd-sample"}
		if allNumbers(paon) {
			a.BuildingNumber = paon
		} else {
			a.BuildingName = paon
		}
		if saon != "" {
			bk := strings.Join([]string{paon, rec[9], pc.Key()}, "|")
			if parents[bk] == 0 {
				parents[bk] = 90000000 + int64(len(parents)) + 1
			}
			a.ParentUPRN = parents[bk]
		}
		if a.Locality == a.TownName {
			a.Locality = ""
		}
		mappings.AddressSearchFields(&a)
		out = append(out, a)
	}
	return out
}

func allNumbers(s string) bool {
	toks := mappings.AddressTokens(s)
	for _, t := range toks {
		if !mappings.IsAddressNumber(t) {
			return false
		}
	}
	return len(toks) > 0
}

// TestAddressRelevanceRealPPD runs the same derivation over ~10,000 real
// addresses from the Price Paid sample: real street names, SAON and PAON
// forms, and many towns.
func TestAddressRelevanceRealPPD(t *testing.T) {
	dir := realSamplesDir()
	if dir == "" {
		t.Skip("shared/data/real-samples not found")
	}
	env := addressEnv(t)
	addrs := ppdAddresses(t, dir+"/ppd/pp-complete-1995-sample.csv")
	env.loadAddresses(t, addrs)
	runRelevance(t, env.server(t), relevanceCases(addrs, 80), ppdFloors)
}

// ppdFloors are the floors over the real sample.
var ppdFloors = map[string][2]float64{
	"full":               {0.95, 0.99},
	"full_postcode":      {0.95, 0.99},
	"no_town":            {0.85, 0.97},
	"shuffled":           {0.90, 0.98},
	"abbreviation":       {0.90, 0.98},
	"keystroke":          {0.80, 0.95},
	"keystroke_flat":     {0.75, 0.90},
	"keystroke_postcode": {0.90, 0.98},
	"typo":               {0.75, 0.90},
	"typo_town":          {0.75, 0.90},
	"postcode":           {0.99, 0.99},
	"postcode_space":     {0.99, 0.99},
	"flat":               {0.85, 0.95},
	"flat_short":         {0.70, 0.90},
}

// TestAddressRelevanceGenerated runs the same derivation over the synthetic
// UK that `make run` serves (indexer/synth, 3,000 properties across every
// town), with the same floors as the fixture.
func TestAddressRelevanceGenerated(t *testing.T) {
	col, err := synth.Collect(synth.Config{Seed: 1, Properties: 3000})
	if err != nil {
		t.Fatal(err)
	}
	var addrs []mappings.Address
	for _, d := range col.Docs[mappings.IndexAddresses] {
		a, ok := d.Doc.(mappings.Address)
		if !ok {
			t.Fatalf("address document %s is %T", d.ID, d.Doc)
		}
		addrs = append(addrs, a)
	}
	env := addressEnv(t)
	env.loadAddresses(t, addrs)
	cases := relevanceCases(addrs, 120)
	if len(cases) < 200 {
		t.Fatalf("only %d relevance cases derived from generated data; want at least 200", len(cases))
	}
	runRelevance(t, env.server(t), cases, relevanceFloors)
}
