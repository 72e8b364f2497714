package addrmatch

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// fakeSearch answers every search with all its addresses (the matcher
// keeps, of a premises or neighbours search, the addresses that are each
// row's own) and counts the searches by kind.
type fakeSearch struct {
	mu    sync.Mutex
	addrs []*mappings.Address
	kinds map[string]int
	// calls counts the multi-searches; cut answers the filtered searches
	// as cut (more hits than returned).
	calls int
	cut   bool
	// noDocValues refuses searches that read doc values, as the engine
	// does on an index built before the parts had them; refused counts
	// them.
	noDocValues bool
	refused     int
	fuzzy       int // searches with typos allowed
}

func (f *fakeSearch) MSearch(_ context.Context, items []search.MultiItem) ([]*search.Response, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	out := make([]*search.Response, len(items))
	for i, it := range items {
		b, _ := json.Marshal(it.Body)
		kind := "candidates"
		switch {
		case strings.Contains(string(b), `"terms"`):
			kind = "neighbours"
		case strings.Contains(string(b), `"track_total_hits":10001`):
			kind = "premises"
		case strings.Contains(string(b), `"constant_score":{"filter":{"bool"`):
			kind = "filtered"
		}
		dv := strings.Contains(string(b), `"docvalue_fields"`)
		if dv && f.noDocValues {
			f.refused++
			return nil, &search.EngineError{Status: 400, Type: "search_phase_execution_exception", Reason: "all shards failed"}
		}
		f.kinds[kind]++
		if strings.Contains(string(b), `"fuzziness"`) {
			f.fuzzy++
		}
		r := &search.Response{}
		for _, a := range f.addrs {
			src, _ := json.Marshal(a)
			if dv {
				r.Hits.Hits = append(r.Hits.Hits, search.Hit{Fields: docValueFields(src)})
				continue
			}
			r.Hits.Hits = append(r.Hits.Hits, search.Hit{ID: "x", Source: src})
		}
		r.Hits.Total.Value = int64(len(r.Hits.Hits))
		if f.cut && kind == "filtered" {
			r.Hits.Total.Value++
		}
		out[i] = r
	}
	return out, nil
}

// docValueFields are the fields the engine returns of a document (source
// src) for query.MatchDocValues: each a list of its value, none when empty.
func docValueFields(src []byte) map[string]json.RawMessage {
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		panic(err)
	}
	out := map[string]json.RawMessage{}
	for _, name := range query.MatchDocValues {
		if v, ok := doc[name]; ok && v != "" {
			out[name], _ = json.Marshal([]any{v})
		}
	}
	return out
}

func (f *fakeSearch) take() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := f.kinds
	f.kinds = map[string]int{}
	return k
}

func indexed(a *mappings.Address) *mappings.Address {
	mappings.AddressSearchFields(a)
	return a
}

func TestMatchManyPasses(t *testing.T) {
	house := indexed(&mappings.Address{UPRN: 1, BuildingNumber: "10", StreetName: "High Street", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE"})
	next := indexed(&mappings.Address{UPRN: 2, BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE"})
	named := indexed(&mappings.Address{UPRN: 3, BuildingName: "Rose House", BuildingNumber: "4", StreetName: "Mill Lane", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX4 2AB"})
	// The same number and street one character off: near enough to make a
	// match missing its building name ambiguous.
	twin := indexed(&mappings.Address{UPRN: 4, BuildingNumber: "4", StreetName: "Mill Lane", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX4 2AD"})
	f := &fakeSearch{addrs: []*mappings.Address{house, next, named, twin}, kinds: map[string]int{}}
	m := &Matcher{Search: f, Index: "addresses", Thresholds: DefaultThresholds, Cache: NewCache(0)}
	ctx := context.Background()
	one := func(text, pc string) Result {
		t.Helper()
		res, err := m.MatchMany(ctx, []Input{{Text: text, Postcode: pc}})
		if err != nil {
			t.Fatal(err)
		}
		return res[0]
	}
	// Settled within its postcode: one premises search, nothing else.
	r := one("10 High Street, Exeter", "EX1 1AE")
	if k := f.take(); r.UPRN == nil || *r.UPRN != 1 || r.Recommendation != Accept || k["premises"] != 1 || len(k) != 1 {
		t.Errorf("postcode right: %+v, searches %v", r, k)
	}
	// Again: from the job's cache, no search.
	r = one("10 high st, exeter", "ex11ae")
	if k := f.take(); r.UPRN == nil || *r.UPRN != 1 || len(k) != 0 {
		t.Errorf("cached: %+v, searches %v", r, k)
	}
	// No postcode: the filtered retrieval settles it, no scored query.
	r = one("12 High Street, Exeter", "")
	if k := f.take(); r.UPRN == nil || *r.UPRN != 2 || k["filtered"] != 1 || k["candidates"] != 0 || k["premises"] != 0 {
		t.Errorf("no postcode: %+v, searches %v", r, k)
	}
	// The filtered search cut (more addresses than it returns): the
	// scored query.
	f.cut = true
	r = one("10 High Street, Exeter", "")
	if k := f.take(); r.UPRN == nil || *r.UPRN != 1 || k["filtered"] != 1 || k["candidates"] != 1 {
		t.Errorf("filtered cut: %+v, searches %v", r, k)
	}
	f.cut = false
	// No premise number to filter on: straight to the scored query.
	r = one("Rose House, Exeter", "")
	if k := f.take(); k["filtered"] != 0 || k["candidates"] == 0 {
		t.Errorf("no street: %+v, searches %v", r, k)
	}
	// Accepted within the postcode at 0.97 (no building name): the
	// postcodes one character off are looked at, the twin there makes it
	// ambiguous, and the row goes on to the candidate query: reviewed.
	r = one("4 Mill Lane, Exeter", "EX4 2AB")
	k := f.take()
	if k["premises"] != 1 || k["neighbours"] != 1 || k["filtered"] != 1 || k["candidates"] == 0 || r.Recommendation != Review || len(r.Candidates) < 2 {
		t.Errorf("twin one character off: %+v, searches %v", r, k)
	}
	// Without the twin, the nearby postcodes settle it: accepted.
	f.addrs = f.addrs[:3]
	m.Cache = NewCache(0)
	r = one("4 Mill Lane, Exeter", "EX4 2AB")
	k = f.take()
	if r.UPRN == nil || *r.UPRN != 3 || r.Recommendation != Accept || k["neighbours"] != 1 || k["candidates"] != 0 {
		t.Errorf("no twin: %+v, searches %v", r, k)
	}
}

func TestFilteredQuery(t *testing.T) {
	q := FilteredQuery(Parse("Flat 3, 10 High St, Exeter", "EX1 1ZZ"))
	if fmt.Sprint(q.Numbers) != "[10 3]" || fmt.Sprint(q.StreetWords) != "[high street]" || q.Outcode != "EX1" ||
		fmt.Sprint(q.TownWords) != "[exeter]" || !q.Usable() {
		t.Errorf("%+v", q)
	}
	if q := FilteredQuery(Parse("Rose House, Exeter", "")); q.Usable() {
		t.Errorf("no number: usable %+v", q)
	}
}

// A chunk's rows without a usable postcode: their filtered searches go in
// multi-searches of FilteredChunk, a search per distinct row (repeats
// share one), and each row gets its own answer, the same as alone.
func TestMatchManyFilteredBatched(t *testing.T) {
	var addrs []*mappings.Address
	var in []Input
	for i := 1; i <= 2*FilteredChunk+30; i++ {
		street := fmt.Sprintf("Street%c%c Road", 'a'+i%26, 'a'+i/26)
		addrs = append(addrs, indexed(&mappings.Address{UPRN: int64(i), BuildingNumber: fmt.Sprint(i), StreetName: street,
			TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE"}))
		in = append(in, Input{Text: fmt.Sprintf("%d %s, Exeter", i, street)})
	}
	in = append(in, in[:10]...) // repeats
	f := &fakeSearch{addrs: addrs, kinds: map[string]int{}}
	m := &Matcher{Search: f, Index: "addresses", Thresholds: DefaultThresholds, Cache: NewCache(0)}
	got, err := m.MatchMany(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	distinct := len(addrs)
	if k := f.take(); k["filtered"] != distinct || k["candidates"] != 0 || f.calls != (distinct+FilteredChunk-1)/FilteredChunk {
		t.Errorf("searches %v in %d multi-searches; want %d filtered in %d", k, f.calls, distinct, (distinct+FilteredChunk-1)/FilteredChunk)
	}
	if pc := m.Cache.Passes(); pc.Rows != int64(len(in)) || pc.Filtered != int64(len(in)) || pc.Scored != 0 {
		t.Errorf("passes %+v", pc)
	}
	for i, r := range got {
		want := int64(i%distinct + 1)
		alone, err := (&Matcher{Search: f, Index: "addresses", Thresholds: DefaultThresholds}).MatchMany(context.Background(), in[i:i+1])
		if err != nil {
			t.Fatal(err)
		}
		if r.UPRN == nil || *r.UPRN != want || r.Recommendation != Accept || *alone[0].UPRN != want || alone[0].Confidence != r.Confidence {
			t.Fatalf("row %d: batched %+v, alone %+v; want UPRN %d accepted", i, r, alone[0], want)
		}
	}
}

func TestOneCharPostcodes(t *testing.T) {
	pc, _ := mappings.ParsePostcode("EX1 1AE")
	got := oneCharPostcodes(pc)
	has := map[string]bool{}
	for _, k := range got {
		has[k] = true
		q, ok := mappings.ParsePostcode(k)
		if !ok || q.Area() != "EX" || editDistance(k, "EX11AE", 1) != 1 {
			t.Errorf("%s: not a postcode of EX one edit away", k)
		}
	}
	for _, want := range []string{"EX11AF", "EX21AE", "EX11EA", "EX111AE", "EX12AE"} {
		if !has[want] {
			t.Errorf("%s missing from %d neighbours", want, len(got))
		}
	}
	if has["EX11AE"] || has["EY11AE"] {
		t.Error("the postcode itself or another area listed")
	}
}

func TestCacheBounded(t *testing.T) {
	c := NewCache(3)
	for i := int64(1); i <= 3; i++ {
		c.prepared(&mappings.Address{UPRN: i})
	}
	c.put("a", []*candidate{c.byUPRN[1]})
	if _, ok := c.get("a"); !ok || len(c.byUPRN) != 3 {
		t.Fatal("not kept")
	}
	c.prepared(&mappings.Address{UPRN: 4}) // past 3 candidates: starts again
	if _, ok := c.get("a"); ok || len(c.byUPRN) != 1 {
		t.Errorf("not reset: %d candidates", len(c.byUPRN))
	}
	for i := 0; i < 16*3; i++ {
		c.put(fmt.Sprint(i), nil)
	}
	if len(c.queries) > 16*3 {
		t.Errorf("%d queries kept", len(c.queries))
	}
}

// The addresses read from doc values and from _source (an index built
// before the parts had doc values: the engine refuses the first search,
// the matcher asks for _source and keeps doing so) give the same results.
func TestMatchManyDocValuesOrSource(t *testing.T) {
	addrs := []*mappings.Address{
		indexed(&mappings.Address{UPRN: 1, BuildingNumber: "10", StreetName: "High Street", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE"}),
		indexed(&mappings.Address{UPRN: 2, SubBuilding: "Flat 3", BuildingName: "Rose House", BuildingNumber: "12", StreetName: "High Street",
			Locality: "Heavitree", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE", FlatNumber: "3"}),
		indexed(&mappings.Address{UPRN: 3, BuildingName: "Mill Cottage", StreetName: "Mill Lane", TownName: "Topsham", PostTown: "Exeter", Postcode: "EX3 0AB"}),
	}
	addrs[0].FullAddress = "10 High Street, Exeter, EX1 1AE (as imported)"
	in := []Input{{Text: "10 High St, Exeter", Postcode: "EX1 1AE"}, {Text: "Flat 3, Rose House, 12 High Street, Exeter"},
		{Text: "3/12 high st heavitree", Postcode: "EX11AF"}, {Text: "Mill Cottage, Mill Lane, Topsham"}, {Text: "99 Nowhere Road, Leeds"}}
	dv := &fakeSearch{addrs: addrs, kinds: map[string]int{}}
	old := &fakeSearch{addrs: addrs, kinds: map[string]int{}, noDocValues: true}
	want, err := (&Matcher{Search: dv, Index: "addresses-dv", Thresholds: DefaultThresholds}).MatchMany(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if dv.refused != 0 || len(dv.take()) == 0 {
		t.Fatalf("doc values: %d refused", dv.refused)
	}
	for round := 0; round < 2; round++ {
		got, err := (&Matcher{Search: old, Index: "addresses-old", Thresholds: DefaultThresholds}).MatchMany(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if old.refused != 1 {
			t.Errorf("round %d: %d searches refused; want the first alone", round, old.refused)
		}
		for i := range in {
			w, _ := json.Marshal(want[i])
			g, _ := json.Marshal(got[i])
			if string(w) != string(g) {
				t.Errorf("row %d: from doc values %s\nfrom source %s", i, w, g)
			}
		}
	}
	if *want[0].UPRN != 1 || *want[0].Address != addrs[0].FullAddress || *want[0].Postcode != "EX1 1AE" || *want[1].UPRN != 2 || *want[3].UPRN != 3 {
		t.Errorf("results %s", func() string { b, _ := json.Marshal(want); return string(b) }())
	}
}

// The search with typos allowed runs only for a row it may correct: not
// when the best candidate has the row's street and town as spelt (a number
// past the end of the street), nor when every word of the row is a word of
// a candidate (a real street named in another town); a misspelt word the
// candidates do not have sends the row to it.
func TestMatchManyFuzzyOnlyForUnknownWords(t *testing.T) {
	addrs := []*mappings.Address{
		indexed(&mappings.Address{UPRN: 1, BuildingNumber: "10", StreetName: "High Street", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE"}),
		indexed(&mappings.Address{UPRN: 2, BuildingNumber: "12", StreetName: "High Street", TownName: "Exeter", PostTown: "Exeter", Postcode: "EX1 1AE"}),
		indexed(&mappings.Address{UPRN: 3, BuildingNumber: "5", StreetName: "Park Road", TownName: "Leeds", PostTown: "Leeds", Postcode: "LS1 1AA"}),
	}
	for _, c := range []struct {
		text  string
		fuzzy bool
	}{
		{"51 High Street, Exeter", false}, // the street and town as spelt: a number past the end
		{"10 High Street, Leeds", false},  // every word known: a street of another town
		{"51 Hihg Street, Exeter", true},  // a word no candidate has
		{"51 High Stret, Exeter", true},
		{"51 High Street, Exetre", false}, // the town misspelt, but the best candidate's town agrees
	} {
		f := &fakeSearch{addrs: addrs, kinds: map[string]int{}}
		res, err := (&Matcher{Search: f, Index: "addresses", Thresholds: DefaultThresholds}).MatchMany(context.Background(), []Input{{Text: c.text}})
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Recommendation == Accept || (f.fuzzy > 0) != c.fuzzy {
			t.Errorf("%q: %s, %d searches with typos allowed; want fuzzy %v", c.text, res[0].Recommendation, f.fuzzy, c.fuzzy)
		}
	}
}

// addressOfFields reads each field's first value, plain or escaped.
func TestAddressOfFields(t *testing.T) {
	a, err := addressOfFields(7, map[string]json.RawMessage{
		mappings.AddressFieldStreetName:   json.RawMessage(`["Mill Lane"]`),
		mappings.AddressFieldBuildingName: json.RawMessage(`["O\"Brien's \u00c9cole"]`),
		mappings.AddressFieldTownName:     json.RawMessage(`["Exeter","Other"]`),
		mappings.AddressFieldPostcodeKey:  json.RawMessage(`["EX11AE"]`),
		mappings.AddressFieldSubBuilding:  json.RawMessage(`["a\\b"]`),
	})
	if err != nil {
		t.Fatal(err)
	}
	if a.UPRN != 7 || a.StreetName != "Mill Lane" || a.BuildingName != `O"Brien's École` || a.TownName != "Exeter" ||
		a.SubBuilding != `a\b` || a.Postcode != "EX1 1AE" || a.PostTown != "" {
		t.Errorf("%+v", a)
	}
	if _, err := addressOfFields(7, map[string]json.RawMessage{mappings.AddressFieldStreetName: json.RawMessage(`[1`)}); err == nil {
		t.Error("bad JSON decoded")
	}
}
