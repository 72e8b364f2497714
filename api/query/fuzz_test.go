package query

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ukpd/propertyapi/mappings"
)

// Fuzz targets of the address typeahead parsers. They run for a
// few seconds in `make fuzz-short` (part of `make test`) and longer with
// `go test ./api/query -run '^$' -fuzz FuzzParseAddressText -fuzztime 5m`.

var addressSeeds = []string{
	"", " ", "EX1 1AE", "ex11ae", "EX1", "ex11", "EX1 1A", "flat 3 12 high street ex1 1a",
	"12a, mill road", "b, 5 mill road", "flat", "10 downing st sw1a 2aa", "\x00\xff", "🏠 12 rue",
	"1 2 3 4 5 6 7 8 9", strings.Repeat("a ", 200), "O'Brien's Lane", "\"; DROP TABLE--", `{"match_all":{}}`,
}

// FuzzParseAddressText: free text never panics, every part it returns comes
// from the input, and the queries built from it are valid JSON.
func FuzzParseAddressText(f *testing.F) {
	for _, s := range addressSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		at := ParseAddressText(q)
		toks := map[string]bool{}
		for _, tok := range mappings.AddressTokens(q) {
			toks[tok] = true
		}
		for _, w := range at.Words {
			if !toks[w] {
				t.Fatalf("ParseAddressText(%q): word %q is not a token of the input", q, w)
			}
		}
		for _, n := range at.Numbers {
			if !toks[n] || !mappings.IsAddressNumber(n) {
				t.Fatalf("ParseAddressText(%q): number %q is not a number token of the input", q, n)
			}
		}
		if at.PostcodeKey != "" {
			if _, ok := mappings.ParsePostcode(at.PostcodeKey); !ok {
				t.Fatalf("ParseAddressText(%q): postcode key %q does not parse", q, at.PostcodeKey)
			}
		}
		if at.FlatNumber != "" && !at.FlatAsked {
			t.Fatalf("ParseAddressText(%q): flat number %q without a flat asked for", q, at.FlatNumber)
		}
		if at.Empty() {
			return
		}
		p := AddressFindParams{Size: 10, Bias: &GeoPoint{Lat: 50.7, Lon: -3.5}}
		for _, body := range []M{AddressTextFind(at, p), AddressFuzzyFind(at, p)} {
			mustJSON(t, q, body)
		}
	})
}

// FuzzClassifyPostcode: a postcode-shaped input yields a known kind, keys in
// upper-case compact form, and a query that is valid JSON.
func FuzzClassifyPostcode(f *testing.F) {
	for _, s := range addressSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s, ok := ClassifyPostcode(q)
		if !ok {
			if s != (PostcodeShape{}) {
				t.Fatalf("ClassifyPostcode(%q) refused but returned %+v", q, s)
			}
			return
		}
		switch s.Kind {
		case AddressQueryPostcode:
			if pc, ok := mappings.ParsePostcode(strings.TrimSpace(q)); !ok || pc.Key() != s.Key {
				t.Fatalf("ClassifyPostcode(%q) = %+v, but ParsePostcode disagrees", q, s)
			}
		case AddressQueryPostcodePartial, AddressQueryOutcode:
		default:
			t.Fatalf("ClassifyPostcode(%q): unknown kind %q", q, s.Kind)
		}
		for _, k := range []string{s.Key, s.Outcode, s.Prefix} {
			if k != strings.ToUpper(k) || strings.ContainsAny(k, " \t") || len(k) > 8 {
				t.Fatalf("ClassifyPostcode(%q) = %+v: keys must be compact upper case", q, s)
			}
		}
		mustJSON(t, q, AddressPostcodeFind(s, AddressFindParams{Size: 20, Parent: 1}))
	})
}

// FuzzAddressTokens: tokens are non-empty, valid UTF-8, lower case and
// carry no separators.
func FuzzAddressTokens(f *testing.F) {
	for _, s := range addressSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, tok := range mappings.AddressTokens(q) {
			if tok == "" || !utf8.ValidString(tok) || strings.ContainsAny(tok, " \t\n,") {
				t.Fatalf("AddressTokens(%q): bad token %q", q, tok)
			}
		}
	})
}

func mustJSON(t *testing.T, q string, body M) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil || !json.Valid(b) {
		t.Fatalf("query for %q does not marshal: %v", q, err)
	}
}
