package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func typedQueries(t *testing.T, targets []string) []string {
	t.Helper()
	out := make([]string, len(targets))
	for i, tg := range targets {
		u, err := url.Parse(tg)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = u.Query().Get("q")
	}
	return out
}

// TestTypingTargets checks the keystroke sequence: every prefix from the
// third character of each typed text, in order within a user, users
// interleaved, every fifth user typing the postcode.
func TestTypingTargets(t *testing.T) {
	addrs := []addrSample{
		{FullAddress: "1 Mill Road, Exeter, EX1 1AA", Postcode: "EX1 1AA"},
		{FullAddress: "2 Hill Road, Leeds, LS1 1AB", Postcode: "LS1 1AB"},
		{FullAddress: "3 Elm Way, Leeds, LS1 1AD", Postcode: "LS1 1AD"},
		{FullAddress: "4 Oak Way, Leeds, LS1 1AE", Postcode: "LS1 1AE"},
		{FullAddress: "5 Ash Way, Leeds, LS1 1AF", Postcode: "LS1 1AF"},
	}
	qs := typedQueries(t, typingTargets(addrs, 2))
	if qs[0] != "1 M" || qs[1] != "2 H" || qs[2] != "1 Mi" || qs[3] != "2 Hi" {
		t.Fatalf("not interleaved from the third character: %q", qs[:4])
	}
	want := 0
	for i, a := range addrs {
		want += len(typedText(i, a)) - 2
	}
	if len(qs) != want {
		t.Errorf("%d keystrokes, want %d", len(qs), want)
	}
	full := map[string]bool{}
	for _, q := range qs {
		full[q] = true
	}
	for _, w := range []string{"1 Mill Road, Exeter", "4 Oak Way, Leeds", "LS1 1AF"} {
		if !full[w] {
			t.Errorf("%q never typed in full", w)
		}
	}
	if full["5 Ash Way, Leeds"] {
		t.Error("the fifth user typed the address, not the postcode")
	}
}

// TestTypingSampleUniform checks the draw covers the whole file, not its
// start: with 10 of 1,000 lines drawn, some come from the second half.
func TestTypingSampleUniform(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < 1000; i++ {
		b.WriteString(`{"uprn":` + strconv.Itoa(1000+i) + `,"full_address":"x","postcode":"EX1 1AA"}` + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "addresses.ndjson"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := typingSample(dir, 10, 19)
	if err != nil || len(got) != 10 {
		t.Fatalf("sample: %d, %v", len(got), err)
	}
	late := 0
	for _, a := range got {
		if a.UPRN >= 1500 { // line 500 or later
			late++
		}
	}
	if late == 0 {
		t.Errorf("no address drawn from the second half: %+v", got)
	}
	again, _ := typingSample(dir, 10, 19)
	for i := range got {
		if got[i].UPRN != again[i].UPRN {
			t.Fatal("the draw is not deterministic")
		}
	}
}
