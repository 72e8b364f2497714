package api

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzScrubQuery: whatever the raw query, the logged form never carries the
// value of a credential parameter (no key in any log).
func FuzzScrubQuery(f *testing.F) {
	for _, s := range []string{
		"api_key=upd_live_abcdefghijklmnop", "q=x&api_key=secret123456&api_key=other12345678",
		"API_KEY=abc", "api%5Fkey=encodedsecret1", "key=k&public_key=pk_abcdefgh", "a=1;api_key=x",
		"api_key", "%zz&api_key=s3cr3tvalue99", "", "key=000000000000&000000000000", "q=upd_live_abcdefgh&key=upd_live_abcdefgh",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		out := ScrubQuery(raw)
		q, err := url.ParseQuery(raw)
		if err != nil {
			if out != "(unparseable query)" {
				t.Fatalf("ScrubQuery(%q) = %q for an unparseable query", raw, out)
			}
			return
		}
		logged, err := url.ParseQuery(out)
		if err != nil {
			t.Fatalf("ScrubQuery(%q) = %q does not parse: %v", raw, out, err)
		}
		for _, k := range []string{"api_key", "apikey", "key", "public_key"} {
			for _, v := range logged[k] {
				if v != "REDACTED" {
					t.Fatalf("ScrubQuery(%q) keeps %s=%q", raw, k, v)
				}
			}
			for _, secret := range q[k] {
				if len(secret) >= 12 && !strings.Contains("REDACTED", secret) && strings.Contains(out, url.QueryEscape(secret)) {
					t.Fatalf("ScrubQuery(%q) = %q leaks %q", raw, out, secret)
				}
			}
		}
	})
}

// FuzzNeutraliseCell: no exported CSV cell can start a spreadsheet formula
// (=, +, -, @, a control character), and a harmless cell is left as it is.
func FuzzNeutraliseCell(f *testing.F) {
	for _, s := range []string{"", "=1+1", "+44", "-2", "@SUM(A1)", "\tx", "\rx", "\x7fx", "Flat 1", "'=quoted", "ﬀ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := NeutraliseCell(s)
		if out == "" {
			if s != "" {
				t.Fatalf("NeutraliseCell(%q) = empty", s)
			}
			return
		}
		c := out[0]
		if c == '=' || c == '+' || c == '-' || c == '@' || c < 0x20 || c == 0x7f {
			t.Fatalf("NeutraliseCell(%q) = %q starts a formula", s, out)
		}
		if out != s && out != "'"+s {
			t.Fatalf("NeutraliseCell(%q) = %q: only a leading quote may be added", s, out)
		}
	})
}
