package fetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// samples finds shared/data/real-samples above the working directory.
func samples(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("REAL_SAMPLES_DIR"); d != "" {
		return d
	}
	wd, _ := os.Getwd()
	for dir := wd; ; dir = filepath.Dir(dir) {
		c := filepath.Join(dir, "shared", "data", "real-samples")
		if st, err := os.Stat(c); err == nil && st.IsDir() {
			return c
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("real samples not found (set REAL_SAMPLES_DIR)")
	}
	t.Skip("real samples not found")
	return ""
}

func sum(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// sampleServer serves the real samples over loopback with Range support,
// cutting the connection of the first request for cutPath after cutAt bytes.
type sampleServer struct {
	*httptest.Server
	mu     sync.Mutex
	ranges map[string][]string // path → Range header of each request
	cut    map[string]int64
}

func newSampleServer(t *testing.T, root string) *sampleServer {
	s := &sampleServer{ranges: map[string][]string{}, cut: map[string]int64{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.ranges[r.URL.Path] = append(s.ranges[r.URL.Path], r.Header.Get("Range"))
		cutAt, cut := s.cut[r.URL.Path]
		delete(s.cut, r.URL.Path)
		s.mu.Unlock()
		p := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, "/")))
		f, err := os.Open(p)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		st, _ := f.Stat()
		if cut {
			// Promise the whole file, send part of it, drop the connection.
			w.Header().Set("Content-Length", itoa(st.Size()))
			w.WriteHeader(http.StatusOK)
			buf := make([]byte, cutAt)
			_, _ = f.Read(buf)
			_, _ = w.Write(buf)
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		}
		http.ServeContent(w, r, st.Name(), time.Time{}, f)
	}))
	t.Cleanup(s.Close)
	return s
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

func writeManifest(t *testing.T, m Manifest) string {
	t.Helper()
	b, _ := json.Marshal(m)
	p := filepath.Join(t.TempDir(), "manifest.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFetchResumesAndVerifies(t *testing.T) {
	root := samples(t)
	srv := newSampleServer(t, root)
	crime := "crime/police-uk-2025-12-west-mercia-street.csv"
	nspl := "postcodes/NSPL_NOV_2021_UK_TF.csv"
	names := "osnames/os-open-names-sample-hp40-hp60.zip"
	crimeSum, nsplSum := sum(t, filepath.Join(root, crime)), sum(t, filepath.Join(root, nspl))
	base := Dataset{Licence: "OGL v3.0", Attribution: "Contains public sector information licensed under the Open Government Licence v3.0.", Landing: "https://example.invalid/"}
	ds := func(name, file, path, sha string, order int) Dataset {
		d := base
		d.Name, d.File, d.URL, d.SHA256, d.Order = name, file, srv.URL+"/"+path, sha, order
		return d
	}
	manual := base
	manual.Name, manual.File, manual.Manual, manual.Order = "epc", "epc.zip", true, 9
	perArea := ds("planit", "planit-{area}.csv", "postcodes/codepoint-open-{area}-first300.csv", "", 8)
	perArea.PerArea = true
	perArea.URL = srv.URL + "/postcodes/codepoint-open-{area}-first300.csv"
	mpath := writeManifest(t, Manifest{Datasets: []Dataset{
		ds("crime", "crime.csv", crime, crimeSum, 2), ds("nspl", "nspl.csv", nspl, nsplSum, 1), ds("os-open-names", "names.zip", names, "", 3), manual, perArea,
	}})
	m, err := Load(mpath)
	if err != nil {
		t.Fatal(err)
	}
	if m.Datasets[0].Name != "nspl" {
		t.Fatalf("manifest not in import order: %v", m.Datasets)
	}
	dir := t.TempDir()
	var log strings.Builder
	opt := Options{Dir: dir, Progress: &log}

	// 1. The crime download is cut after 100,000 bytes.
	srv.cut["/"+crime] = 100_000
	res, err := Run(context.Background(), m, opt)
	if !errors.Is(err, ErrFailed) {
		t.Fatalf("cut download: err %v", err)
	}
	st := map[string]Result{}
	for _, r := range res {
		st[r.Dataset] = r
	}
	if st["crime"].Status != "failed" || st["nspl"].Status != "downloaded" || st["os-open-names"].Status != "downloaded" || st["epc"].Status != "manual" || st["planit"].Status != "skipped" {
		t.Fatalf("first run: %+v", res)
	}
	if fi, err := os.Stat(filepath.Join(dir, "crime.csv.part")); err != nil || fi.Size() != 100_000 {
		t.Fatalf("partial file: %v %v", fi, err)
	}
	if st["nspl"].SHA256 != nsplSum || !strings.Contains(log.String(), "checksum verified") {
		t.Errorf("nspl not verified: %+v\n%s", st["nspl"], log.String())
	}

	// 2. Rerun: the crime file resumes from byte 100,000; the rest is present.
	log.Reset()
	opt.Area = "ex"
	res, err = Run(context.Background(), m, opt)
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, log.String())
	}
	for _, r := range res {
		st[r.Dataset] = r
	}
	if st["crime"].Status != "resumed" || st["nspl"].Status != "present" || st["planit"].Status != "downloaded" {
		t.Fatalf("second run: %+v", res)
	}
	if got := srv.ranges["/"+crime]; len(got) != 2 || got[0] != "" || got[1] != "bytes=100000-" {
		t.Errorf("Range headers %q", got)
	}
	if sum(t, filepath.Join(dir, "crime.csv")) != crimeSum || st["crime"].SHA256 != crimeSum {
		t.Error("resumed file differs from the original")
	}
	if _, err := os.Stat(filepath.Join(dir, "crime.csv.part")); !os.IsNotExist(err) {
		t.Error("part file left behind")
	}
	if _, err := os.Stat(filepath.Join(dir, "planit-ex.csv")); err != nil {
		t.Errorf("per-area file: %v", err)
	}
	if !strings.Contains(log.String(), "[==============================] 100.0%") {
		t.Errorf("no progress bar: %s", log.String())
	}
	var rec Record
	if b, err := os.ReadFile(filepath.Join(dir, "fetched.json")); err != nil || json.Unmarshal(b, &rec) != nil || len(rec.Results) != 5 {
		t.Errorf("fetched.json: %v %+v", err, rec)
	}

	// 3. A checksum that does not match fails and keeps the file aside.
	bad := ds("bad", "bad.csv", nspl, strings.Repeat("0", 64), 1)
	m2, _ := Load(writeManifest(t, Manifest{Datasets: []Dataset{bad}}))
	res, err = Run(context.Background(), m2, Options{Dir: dir})
	if !errors.Is(err, ErrFailed) || res[0].Status != "failed" || !strings.Contains(res[0].Error, "checksum mismatch") {
		t.Fatalf("bad checksum: %v %+v", err, res)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.csv.bad")); err != nil {
		t.Error("mismatched file not kept aside")
	}
	if _, err := m.Select([]string{"crime", "nope"}); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("unknown --only: %v", err)
	}
}

// The embedded manifest covers every import format that reads open data.
func TestEmbeddedManifest(t *testing.T) {
	m, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	formats := map[string]bool{}
	for _, d := range m.Datasets {
		for _, f := range strings.Split(d.Format, ",") {
			formats[f] = true
		}
		if !d.Manual && !strings.HasPrefix(d.URL, "http") {
			t.Errorf("%s: url %q", d.Name, d.URL)
		}
	}
	for _, f := range []string{"ppd", "epc", "onspd", "nspl", "codepoint", "os-open-uprn", "gias", "ods-gp", "ods-dentist", "ods-pharmacy", "imd2019", "census2021", "ons-boundaries",
		"police-uk", "naptan", "os-open-names", "ofcom-broadband", "nhle", "ukhpi", "onsud", "inspire", "ea-flood", "planit"} {
		if !formats[f] {
			t.Errorf("manifest has no dataset for import format %s", f)
		}
	}
}
