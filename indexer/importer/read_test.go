package importer

import "testing"

func TestFixBuilderHeader(t *testing.T) {
	cases := []struct {
		in, want string
		n        int
	}{
		{"unique_id,price_paid,linked_data_uri\"F3B6\",\"1\"\n", "unique_id,price_paid,linked_data_uri\n\"F3B6\",\"1\"\n", 1},
		{"unique_id,price_paid,linked_data_uri\n", "unique_id,price_paid,linked_data_uri\n", 0},
		{"unique_id,price_paid,linked_data_uri\r\n", "unique_id,price_paid,linked_data_uri\r\n", 0},
		{"\"{GUID}\",\"1\"\n", "\"{GUID}\",\"1\"\n", 0},
	}
	for _, c := range cases {
		got, n := fixBuilderHeader(c.in)
		if got != c.want || n != c.n {
			t.Errorf("fixBuilderHeader(%q) = %q, %d; want %q, %d", c.in, got, n, c.want, c.n)
		}
	}
}

func TestDecodeField(t *testing.T) {
	for in, want := range map[string]string{
		"St James\x92s": "St James’s", // Windows-1252 right quote
		"Caf\xe9":       "Café",       // Latin-1 range
		"Café":          "Café",       // valid UTF-8 untouched
		"  £100 ":       "£100",
		"\x80 \x9c\x9f": "€ œŸ",
	} {
		if got := decodeField(in); got != want {
			t.Errorf("decodeField(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDates(t *testing.T) {
	if got := dmyToISO("19-04-2013"); got != "2013-04-19" {
		t.Errorf("dmy %q", got)
	}
	if got := dmyToISO("31-13-2013"); got != "" {
		t.Errorf("bad month accepted: %q", got)
	}
	if got := ymdCompactToISO("19740401"); got != "1974-04-01" {
		t.Errorf("ymd %q", got)
	}
	if n, err := atoiLoose(`29,199`); err != nil || n != 29199 {
		t.Errorf("atoiLoose = %d, %v", n, err)
	}
}
