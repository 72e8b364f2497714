package importer

import (
	"context"
	"errors"
	"strings"
	"testing"
)

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

func TestEachRecord(t *testing.T) {
	path := mustWrite(t, "x.csv", "id,n\na,1\nb\"x,2\nc,3\n")
	cf, err := openCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	defer cf.Close()
	rep := newReport("x", nil)
	var got []string
	isHeader := func(rec []string, line int) (bool, error) { return line == 1, nil }
	err = eachRecordSkipping(context.Background(), cf, rep, isHeader, func(rec []string, line int) error {
		got = append(got, rec[0]+"@"+itoa(int64(line)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, " ") != "a@2 c@4" || rep.Rows != 3 || rep.Rejected != 1 || rep.Rejects[0].Line != 3 || rep.Rejects[0].File != "x.csv" {
		t.Errorf("records %v, rows %d, rejects %+v", got, rep.Rows, rep.Rejects)
	}

	// An error from fn ends the file as it is; a cancelled context is
	// noticed at line 50,000.
	stop := errors.New("stop")
	cf2, err := openCSV(path)
	if err != nil {
		t.Fatal(err)
	}
	defer cf2.Close()
	if err := eachRecord(context.Background(), cf2, newReport("x", nil), func([]string, int) error { return stop }); err != stop {
		t.Errorf("fn error: got %v", err)
	}
	big := mustWrite(t, "big.csv", strings.Repeat("a,1\n", 60000))
	cf3, err := openCSV(big)
	if err != nil {
		t.Fatal(err)
	}
	defer cf3.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep3 := newReport("x", nil)
	if err := eachRecord(ctx, cf3, rep3, func([]string, int) error { return nil }); !errors.Is(err, context.Canceled) || rep3.Rows != 49999 {
		t.Errorf("cancelled: err %v after %d rows", err, rep3.Rows)
	}
}
