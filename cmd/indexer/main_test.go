package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunGenerateAndErrors(t *testing.T) {
	getenv := func(string) string { return "" }
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"generate", "--out", dir, "--seed", "3", "--properties", "150"}, getenv, &out, &errb); err != nil {
		t.Fatalf("generate: %v (%s)", err, errb.String())
	}
	if !strings.Contains(out.String(), "150 properties") {
		t.Errorf("generate output = %q", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err != nil {
		t.Errorf("no manifest: %v", err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "no command"},
		{[]string{"bogus"}, "unknown command"},
		{[]string{"generate"}, "--out is required"},
		{[]string{"generate", "--out", dir, "--properties", "5"}, "at least 100"},
		{[]string{"generate", "--out", dir, "--now", "tomorrow"}, "--now"},
		{[]string{"load"}, "--dir is required"},
		{[]string{"load", "--dir", t.TempDir()}, "no <index>.ndjson files"},
		{[]string{"load", "--dir", dir, "--indices", "nope"}, "unknown index"},
	} {
		err := run(context.Background(), tc.args, getenv, &out, &errb)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run(%v) = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

func TestPerIndexFlag(t *testing.T) {
	var f perIndexFlag
	if err := f.Set("2, addresses=4,properties = 3"); err != nil {
		t.Fatal(err)
	}
	if f.all != 2 || f.by["addresses"] != 4 || f.by["properties"] != 3 || len(f.by) != 2 {
		t.Errorf("parsed %+v", f)
	}
	var only perIndexFlag
	if err := only.Set("addresses=0"); err != nil || only.all != 0 || only.by["addresses"] != 0 {
		t.Errorf("parsed %+v (%v)", only, err)
	}
	for _, bad := range []string{"", "x", "-1", "a=", "a=b"} {
		var g perIndexFlag
		if g.Set(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestHelpPerCommand: `indexer CMD -h` prints that command's own flags
// and ends in flag.ErrHelp (exit 0 in main), touching nothing.
func TestHelpPerCommand(t *testing.T) {
	env := func(string) string { return "" }
	for cmd, flagName := range map[string]string{
		"generate": "-properties", "load": "-merge", "apply": "-batch", "status": "-json", "import": "-out", "fetch": "-area",
	} {
		var stdout, stderr strings.Builder
		err := run(t.Context(), []string{cmd, "-h"}, env, &stdout, &stderr)
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			t.Errorf("%s -h: %v", cmd, err)
		}
		if out := stdout.String() + stderr.String(); !strings.Contains(out, flagName) {
			t.Errorf("%s -h does not list %s:\n%s", cmd, flagName, out)
		}
	}
}

// TestProfiledWritesAProfile: INDEXER_CPUPROFILE's file is a CPU profile
// written while the command ran, the command's error is returned, and an
// empty path runs the command without one.
func TestProfiledWritesAProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.pprof")
	boom := errors.New("boom")
	if err := profiled(path, func() error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("profiled returned %v, want the command's error", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A pprof profile is gzipped protobuf.
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("profile file is not a gzipped profile: % x", b[:min(len(b), 8)])
	}
	ran := false
	if err := profiled("", func() error { ran = true; return nil }); err != nil || !ran {
		t.Errorf("profiled without a path: ran %v, err %v", ran, err)
	}
	if err := profiled(filepath.Join(t.TempDir(), "no", "such", "dir", "p"), func() error { return nil }); err == nil || !strings.Contains(err.Error(), "INDEXER_CPUPROFILE") {
		t.Errorf("unwritable profile path: err %v", err)
	}
}
