package rehearse

import (
	"archive/zip"
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/integration/testenv"
)

func firstLine(t *testing.T, p string) string {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, _ := bufio.NewReader(f).ReadString('\n')
	return strings.TrimRight(l, "\r\n")
}

func lines(t *testing.T, p string) int {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// Every format is written in its sample's layout: the same header (EPC in
// the bulk download's UPPER_SNAKE), the requested row count, raw Price Paid
// fully quoted without header, the OS Open Names zip with its header file,
// BOM-prefixed tiles and macOS entries.
func TestWriteLayouts(t *testing.T) {
	s := testenv.RealSamples(t)
	w := &Writer{SamplesDir: s, Dir: t.TempDir(), Dwellings: 3000}
	const n = 1200
	for _, f := range Formats {
		if _, err := w.Write(f, n); err != nil {
			t.Fatal(err)
		}
	}
	p := func(f string) string { return filepath.Join(w.Dir, FileName[f]) }
	if got, want := firstLine(t, p("onspd")), firstLine(t, filepath.Join(s, "postcodes/onspd-sample-ab1.csv")); got != want {
		t.Errorf("onspd header %q, want the sample's %q", got, want)
	}
	if got := lines(t, p("onspd")); got != n+1 {
		t.Errorf("onspd: %d lines, want %d", got, n+1)
	}
	if got := firstLine(t, p("os-open-uprn")); got != "UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE" {
		t.Errorf("os-open-uprn header %q", got)
	}
	api := firstLine(t, filepath.Join(s, "epc/epc-domestic-exeter-flats-first300.csv"))
	if got, want := firstLine(t, p("epc")), strings.ToUpper(strings.ReplaceAll(api, "-", "_")); got != want {
		t.Errorf("epc header %q, want %q", got, want)
	}
	ppd := firstLine(t, p("ppd"))
	if !strings.HasPrefix(ppd, `"{`) || strings.Count(ppd, `","`) != 15 || lines(t, p("ppd")) != n {
		t.Errorf("ppd: first row %q, %d rows", ppd, lines(t, p("ppd")))
	}
	crime, _ := filepath.Glob(filepath.Join(p("police-uk"), "2025-01", "2025-01-*-street.csv"))
	if len(crime) != len(policeForces) {
		t.Fatalf("%d January files, want one per force", len(crime))
	}
	if got, want := firstLine(t, crime[0]), firstLine(t, filepath.Join(s, "crime/police-uk-2025-12-west-mercia-street.csv")); got != want {
		t.Errorf("crime header %q, want %q", got, want)
	}
	zr, err := zip.OpenReader(p("os-open-names"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var header, macos bool
	tiles := 0
	for _, f := range zr.File {
		switch {
		case strings.HasSuffix(f.Name, "DOC/OS_Open_Names_Header.csv"):
			header = true
		case strings.HasPrefix(f.Name, "__MACOSX/"):
			macos = true
		case strings.Contains(f.Name, "/DATA/") && strings.HasSuffix(f.Name, ".csv"):
			tiles++
			rc, _ := f.Open()
			b, _ := io.ReadAll(io.LimitReader(rc, 8))
			rc.Close()
			if !strings.HasPrefix(string(b), "\ufeffosgb") {
				t.Errorf("%s starts %q, want a BOM and an osgb id", f.Name, b)
			}
		}
	}
	if !header || !macos || tiles != 1 {
		t.Errorf("zip: header %v, macOS entries %v, %d tiles", header, macos, tiles)
	}
}
