package jobs

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func normalize(t *testing.T, body, format string, maxRows int) ([]Record, error) {
	t.Helper()
	var out bytes.Buffer
	n, err := Normalize(strings.NewReader(body), format, maxRows, &out)
	if err != nil {
		return nil, err
	}
	var recs []Record
	dec := json.NewDecoder(&out)
	for dec.More() {
		var r Record
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if n != len(recs) {
		t.Fatalf("%d rows counted, %d written", n, len(recs))
	}
	return recs, nil
}

func TestNormalizeCSV(t *testing.T) {
	body := "\ufeffID,Address,Postcode\r\n" +
		"a1,\"Flat 3, 10 High St\",EX1 1AE\r\n" +
		"a2,\"4 Percy Mews\nExeter\",\r\n" + // a quoted line break
		"a3,\"unclosed, 1 Main St,EX1 1AA\n" + // unclosed quote: this line only
		"a4,5 Main St,EX1 1AA\n" +
		"a5,\"" + strings.Repeat("x", MaxFieldChars+1) + "\",\n" +
		"\n" +
		"a6,bad\"quote,\n"
	recs, err := normalize(t, body, FormatCSV, 100)
	if err != nil {
		t.Fatal(err)
	}
	want := []Record{
		{Row: 0, Line: 2, ID: "a1", Address: "Flat 3, 10 High St", Postcode: "EX1 1AE"},
		{Row: 1, Line: 3, ID: "a2", Address: "4 Percy Mews\nExeter"},
		{Row: 2, Line: 5, Error: "unclosed quote"},
		{Row: 3, Line: 6, ID: "a4", Address: "5 Main St", Postcode: "EX1 1AA"},
		{Row: 4, Line: 7, ID: "a5", Error: "a field is longer than 500 characters"},
		{Row: 5, Line: 9, Error: "a quote inside an unquoted field"},
	}
	if len(recs) != len(want) {
		t.Fatalf("got %d records: %+v", len(recs), recs)
	}
	for i := range want {
		if recs[i] != want[i] {
			t.Errorf("record %d: got %+v, want %+v", i, recs[i], want[i])
		}
	}
}

func TestNormalizeLinesAndTown(t *testing.T) {
	recs, err := normalize(t, "address_line_1,address_line_2,town,postcode\nFlat 2,4 Percy Mews,Exeter,EX1 1BA\n", FormatCSV, 10)
	if err != nil || len(recs) != 1 || recs[0].Address != "Flat 2, 4 Percy Mews, Exeter" || recs[0].Postcode != "EX1 1BA" {
		t.Fatalf("%v %+v", err, recs)
	}
}

func TestNormalizeNDJSON(t *testing.T) {
	recs, err := normalize(t, `{"id":1,"address":"4 Percy Mews","postcode":"EX1 1BA"}`+"\n{oops\n"+`{"id":"x","address":""}`+"\n", FormatNDJSON, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].ID != "1" || recs[0].Address != "4 Percy Mews" || recs[1].Error == "" || recs[1].Line != 2 || recs[2].Error != "the address is empty" {
		t.Fatalf("%+v", recs)
	}
}

func TestNormalizeRefused(t *testing.T) {
	cases := []struct {
		name, body, format, code string
		max                      int
	}{
		{"no address column", "id,name\n1,x\n", FormatCSV, CodeMissingAddressColumn, 10},
		{"header only", "id,address,postcode\n", FormatCSV, CodeEmptyUpload, 10},
		{"nothing", "", FormatCSV, CodeEmptyUpload, 10},
		{"not utf-8", "address\n4 Percy Mews\n\xff\xfe bad\n", FormatCSV, CodeNotUTF8, 10},
		{"too many rows", "address\na\nb\nc\n", FormatCSV, CodeTooManyRows, 2},
		{"ndjson without address", `{"id":1,"name":"x"}` + "\n", FormatNDJSON, CodeMissingAddressColumn, 10},
		{"unknown format", "x", "xml", CodeUnsupportedFormat, 10},
	}
	for _, c := range cases {
		_, err := normalize(t, c.body, c.format, c.max)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Code != c.code {
			t.Errorf("%s: got %v, want %s", c.name, err, c.code)
		}
	}
}
