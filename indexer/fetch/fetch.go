// Package fetch downloads the open datasets the importers read, as listed
// in a manifest (manifest.json, embedded): resumable (HTTP Range onto a
// .part file), with progress on stderr and SHA-256 verification where the
// manifest has a checksum. Datasets without a stable direct URL (a portal
// that needs a click, a login or a per-release link) are "manual": fetch
// says where to get them and which file name to save them as.
package fetch

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed manifest.json
var defaultManifest []byte

// Dataset is one manifest entry.
type Dataset struct {
	Name        string `json:"dataset"`          // short id used by --only
	Title       string `json:"title"`            // publisher's name of the dataset
	Format      string `json:"format"`           // indexer import format(s) reading it, comma-separated
	URL         string `json:"url,omitempty"`    // direct download ({area} is replaced by --area)
	Landing     string `json:"landing"`          // the publisher's page for the dataset
	Manual      bool   `json:"manual,omitempty"` // no stable direct URL: download by hand from Landing
	File        string `json:"file"`             // local file name in the cache folder ({area} replaced)
	Licence     string `json:"licence"`
	Attribution string `json:"attribution"`
	// SizeBytes is the expected size (approximate for national files that
	// change every release, exact when SHA256 is set); 0 = unknown.
	SizeBytes int64  `json:"size_bytes"`
	SHA256    string `json:"sha256,omitempty"` // only where the publisher publishes one (or the tests pin it)
	Release   string `json:"release"`          // release the URL points at ("latest" when it moves)
	Date      string `json:"release_date,omitempty"`
	PerArea   bool   `json:"per_area,omitempty"` // the URL takes {area}
	Order     int    `json:"import_order"`       // the order make real-data imports in
	Notes     string `json:"notes,omitempty"`
}

// Manifest is the whole data file.
type Manifest struct {
	Note     string    `json:"note"`
	Datasets []Dataset `json:"datasets"`
}

// Load reads a manifest file, or the embedded one when path is "".
func Load(path string) (*Manifest, error) {
	raw := defaultManifest
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("manifest: %w", err)
		}
		raw = b
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	seen := map[string]bool{}
	for _, d := range m.Datasets {
		switch {
		case d.Name == "" || d.File == "" || d.Licence == "" || d.Attribution == "" || d.Landing == "":
			return nil, fmt.Errorf("manifest: entry %q lacks a name, file, licence, attribution or landing page", d.Name)
		case seen[d.Name]:
			return nil, fmt.Errorf("manifest: %q listed twice", d.Name)
		case !d.Manual && d.URL == "":
			return nil, fmt.Errorf("manifest: %q has no URL and is not manual", d.Name)
		}
		seen[d.Name] = true
	}
	sort.SliceStable(m.Datasets, func(i, j int) bool { return m.Datasets[i].Order < m.Datasets[j].Order })
	return &m, nil
}

// Options configure a fetch.
type Options struct {
	Dir      string
	Only     []string // dataset names; empty = all
	Area     string   // replaces {area} in per-area URLs and file names
	Client   *http.Client
	Progress io.Writer // progress and messages (stderr)
	TTY      bool      // rewrite one progress line instead of printing lines
}

// Result is the outcome for one dataset.
type Result struct {
	Dataset string `json:"dataset"`
	File    string `json:"file,omitempty"`
	Status  string `json:"status"` // downloaded, resumed, present, manual, skipped, failed
	Bytes   int64  `json:"bytes"`
	SHA256  string `json:"sha256,omitempty"`
	Error   string `json:"error,omitempty"`
}

// ErrFailed is returned (wrapped) when any download failed.
var ErrFailed = errors.New("download failed")

// Select returns the datasets named by only (all when empty), failing on
// an unknown name.
func (m *Manifest) Select(only []string) ([]Dataset, error) {
	if len(only) == 0 {
		return m.Datasets, nil
	}
	want := map[string]bool{}
	for _, n := range only {
		want[strings.TrimSpace(n)] = true
	}
	var out []Dataset
	for _, d := range m.Datasets {
		if want[d.Name] {
			out = append(out, d)
			delete(want, d.Name)
		}
	}
	if len(want) > 0 {
		var names []string
		for n := range want {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("fetch: unknown dataset(s) %s", strings.Join(names, ", "))
	}
	return out, nil
}

// Run downloads the selected datasets into opt.Dir and records what it
// fetched in DIR/fetched.json.
func Run(ctx context.Context, m *Manifest, opt Options) ([]Result, error) {
	ds, err := m.Select(opt.Only)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	if opt.Client == nil {
		// No overall timeout (national files take hours); a server that
		// does not start answering within a minute fails the dataset, and
		// a rerun resumes it.
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.ResponseHeaderTimeout = time.Minute
		opt.Client = &http.Client{Transport: tr}
	}
	if opt.Progress == nil {
		opt.Progress = io.Discard
	}
	var results []Result
	failed := 0
	for _, d := range ds {
		r := fetchOne(ctx, d, opt)
		if r.Status == "failed" {
			failed++
		}
		results = append(results, r)
		if ctx.Err() != nil {
			break
		}
	}
	if err := writeRecord(opt.Dir, results); err != nil {
		return results, err
	}
	if ctx.Err() != nil {
		return results, ctx.Err()
	}
	if failed > 0 {
		return results, fmt.Errorf("fetch: %d of %d datasets: %w", failed, len(ds), ErrFailed)
	}
	return results, nil
}

func subst(s, area string) string { return strings.ReplaceAll(s, "{area}", area) }

func fetchOne(ctx context.Context, d Dataset, opt Options) Result {
	file := subst(d.File, opt.Area)
	r := Result{Dataset: d.Name, File: file}
	if d.PerArea && opt.Area == "" {
		r.Status, r.Error = "skipped", "published per area: give --area"
		fmt.Fprintf(opt.Progress, "%-14s skipped: published per area, give --area\n", d.Name)
		return r
	}
	dst := filepath.Join(opt.Dir, file)
	if d.Manual {
		if st, err := os.Stat(dst); err == nil {
			r.Status, r.Bytes = "present", st.Size()
			return r
		}
		r.Status = "manual"
		fmt.Fprintf(opt.Progress, "%-14s manual: download from %s and save as %s\n", d.Name, d.Landing, dst)
		return r
	}
	if st, err := os.Stat(dst); err == nil {
		// Already complete: verify when a checksum is known.
		r.Bytes = st.Size()
		if d.SHA256 != "" {
			sum, err := fileSHA256(dst)
			if err != nil {
				return failed(r, opt, err)
			}
			if sum != strings.ToLower(d.SHA256) {
				return failed(r, opt, fmt.Errorf("%s: checksum %s, manifest says %s (delete it to download again)", dst, sum, d.SHA256))
			}
			r.SHA256 = sum
		}
		r.Status = "present"
		fmt.Fprintf(opt.Progress, "%-14s present: %s (%s)\n", d.Name, dst, human(st.Size()))
		return r
	}
	status, n, err := download(ctx, opt, d.Name, subst(d.URL, opt.Area), dst+".part", d.SizeBytes)
	if err != nil {
		r.Bytes = n
		return failed(r, opt, err)
	}
	sum, err := fileSHA256(dst + ".part")
	if err != nil {
		return failed(r, opt, err)
	}
	if d.SHA256 != "" && sum != strings.ToLower(d.SHA256) {
		_ = os.Rename(dst+".part", dst+".bad")
		return failed(r, opt, fmt.Errorf("checksum mismatch: got %s, manifest says %s (kept as %s.bad)", sum, d.SHA256, dst))
	}
	if err := os.Rename(dst+".part", dst); err != nil {
		return failed(r, opt, err)
	}
	r.Status, r.Bytes, r.SHA256 = status, n, sum
	verified := ""
	if d.SHA256 != "" {
		verified = ", checksum verified"
	}
	fmt.Fprintf(opt.Progress, "%-14s %s: %s (%s%s)\n", d.Name, status, dst, human(n), verified)
	return r
}

func failed(r Result, opt Options, err error) Result {
	r.Status, r.Error = "failed", err.Error()
	fmt.Fprintf(opt.Progress, "%-14s failed: %v\n", r.Dataset, err)
	return r
}

// download fetches url into part, resuming from its current length with a
// Range request. It returns "downloaded" or "resumed" and the final size.
func download(ctx context.Context, opt Options, name, url, part string, expect int64) (string, int64, error) {
	var have int64
	if st, err := os.Stat(part); err == nil {
		have = st.Size()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", have, err
	}
	req.Header.Set("User-Agent", "ukpd-indexer-fetch/1")
	if have > 0 {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(have, 10)+"-")
	}
	resp, err := opt.Client.Do(req)
	if err != nil {
		return "", have, fmt.Errorf("GET %s: %w (rerun to resume)", url, err)
	}
	defer resp.Body.Close()
	status := "downloaded"
	flags := os.O_CREATE | os.O_WRONLY
	switch {
	case resp.StatusCode == http.StatusPartialContent && have > 0:
		status, flags = "resumed", flags|os.O_APPEND
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable && have > 0:
		return "resumed", have, nil // the part file is already whole
	case resp.StatusCode == http.StatusOK:
		have, flags = 0, flags|os.O_TRUNC // no range support: start again
	default:
		return "", have, fmt.Errorf("GET %s: status %s", url, resp.Status)
	}
	total := expect
	if resp.ContentLength > 0 {
		total = have + resp.ContentLength
	}
	f, err := os.OpenFile(part, flags, 0o644)
	if err != nil {
		return "", have, err
	}
	pw := &progressWriter{w: f, name: name, done: have, total: total, out: opt.Progress, tty: opt.TTY, start: time.Now(), base: have}
	_, cerr := io.Copy(pw, resp.Body)
	pw.finish()
	if err := f.Close(); cerr == nil {
		cerr = err
	}
	if cerr != nil {
		return "", pw.done, fmt.Errorf("GET %s: after %s: %w (rerun to resume)", url, human(pw.done), cerr)
	}
	if resp.ContentLength > 0 && pw.done != total {
		return "", pw.done, fmt.Errorf("GET %s: got %s of %s (rerun to resume)", url, human(pw.done), human(total))
	}
	return status, pw.done, nil
}

// progressWriter counts bytes and reports progress: a rewritten bar on a
// terminal, a line every 5 seconds otherwise.
type progressWriter struct {
	w           io.Writer
	name        string
	done, total int64
	base        int64
	out         io.Writer
	tty         bool
	start, last time.Time
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.done += int64(n)
	every := 5 * time.Second
	if p.tty {
		every = 200 * time.Millisecond
	}
	if time.Since(p.last) >= every {
		p.last = time.Now()
		p.report()
	}
	return n, err
}

func (p *progressWriter) report() {
	el := time.Since(p.start).Seconds()
	rate := float64(p.done-p.base) / max(el, 0.001)
	line := fmt.Sprintf("%-14s %s", p.name, human(p.done))
	if p.total > 0 {
		pct := 100 * float64(p.done) / float64(p.total)
		const width = 30
		fill := int(pct / 100 * width)
		fill = min(max(fill, 0), width)
		line = fmt.Sprintf("%-14s [%s%s] %5.1f%% %s of %s", p.name, strings.Repeat("=", fill), strings.Repeat(" ", width-fill), pct, human(p.done), human(p.total))
	}
	line += fmt.Sprintf("  %s/s", human(int64(rate)))
	if p.tty {
		fmt.Fprintf(p.out, "\r%s   ", line)
	} else {
		fmt.Fprintln(p.out, line)
	}
}

func (p *progressWriter) finish() {
	p.report()
	if p.tty {
		fmt.Fprintln(p.out)
	}
}

func human(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Record is DIR/fetched.json: what was fetched, when.
type Record struct {
	FetchedAt string   `json:"fetched_at"`
	Results   []Result `json:"results"`
}

func writeRecord(dir string, results []Result) error {
	b, err := json.MarshalIndent(Record{FetchedAt: time.Now().UTC().Format(time.RFC3339), Results: results}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "fetched.json"), append(b, '\n'), 0o644)
}
