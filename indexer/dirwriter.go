package indexer

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/ukpd/propertyapi/mappings"
)

// Sink receives documents: index is a mappings.Index* name, id the natural
// key (the value of the index's Spec.IDField, as a string).
type Sink interface {
	Add(index, id string, doc any) error
}

// Wanter is a Sink that takes the documents of some indices only (the
// national build's stream). A generator may skip building the documents a
// Wanter does not want, but must make the same world: the documents it
// does build are the same as for a sink that takes every index.
type Wanter interface {
	Wants(index string) bool
}

// ManifestName is the file DirWriter writes next to the NDJSON files.
const ManifestName = "manifest.json"

// Manifest describes an NDJSON directory.
type Manifest struct {
	Generator  string           `json:"generator"`           // e.g. "synth/1"
	Seed       int64            `json:"seed"`                // generator seed (0 for imports)
	Properties int              `json:"properties"`          // requested size
	Counts     map[string]int64 `json:"counts"`              // documents per index
	Note       string           `json:"note,omitempty"`      // free text, e.g. the import source
	Reference  string           `json:"reference,omitempty"` // generator reference date
	Source     string           `json:"source,omitempty"`    // "generated" or "import:<format>"
	Release    string           `json:"release,omitempty"`   // real release (e.g. "NSPL_NOV_2021") or generator version
}

// DirWriter writes DIR/<index>.ndjson, one document per line (the mappings
// struct marshalled), and DIR/manifest.json on Close. It is not safe for
// concurrent use.
type DirWriter struct {
	dir      string
	files    map[string]*dirFile
	manifest Manifest
	closed   bool
}

type dirFile struct {
	f *os.File
	w *bufio.Writer
	n int64
}

// NewDirWriter creates dir (if needed) and removes any NDJSON files and
// manifest a previous run left there, so the directory describes one run.
// A named pipe is left in place: a reader that made DIR/<index>.ndjson a
// FIFO before the run (to count or compress a national import's output
// without the disk) receives that index's documents.
func NewDirWriter(dir string) (*DirWriter, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("dir writer: %w", err)
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.ndjson"))
	if err != nil {
		return nil, fmt.Errorf("dir writer: %w", err)
	}
	for _, p := range append(old, filepath.Join(dir, ManifestName)) {
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeNamedPipe != 0 {
			continue
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("dir writer: %w", err)
		}
	}
	return &DirWriter{dir: dir, files: map[string]*dirFile{}, manifest: Manifest{Counts: map[string]int64{}}}, nil
}

// SetInfo records the generator, seed, size and reference date in the manifest.
func (w *DirWriter) SetInfo(generator string, seed int64, properties int, reference string) {
	w.manifest.Generator, w.manifest.Seed, w.manifest.Properties, w.manifest.Reference = generator, seed, properties, reference
}

// SetSource records where the documents come from and which release.
func (w *DirWriter) SetSource(source, release string) {
	w.manifest.Source, w.manifest.Release = source, release
}

// SetNote sets the manifest's free-text note.
func (w *DirWriter) SetNote(note string) { w.manifest.Note = note }

// Add appends one document to DIR/<index>.ndjson. The id is not written: the
// loader reads it back from the document's id field.
func (w *DirWriter) Add(index, id string, doc any) error {
	if w.closed {
		return errors.New("dir writer: closed")
	}
	f, ok := w.files[index]
	if !ok {
		if _, known := mappings.SpecOf(index); !known {
			return fmt.Errorf("dir writer: unknown index %q", index)
		}
		// Write-only, so that a named pipe blocks until its reader opens it
		// (os.Create opens read-write, which a FIFO never waits on).
		fh, err := os.OpenFile(filepath.Join(w.dir, index+".ndjson"), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			return fmt.Errorf("dir writer: %w", err)
		}
		f = &dirFile{f: fh, w: bufio.NewWriterSize(fh, 256<<10)}
		w.files[index] = f
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return fmt.Errorf("dir writer: encode %s/%s: %w", index, id, err)
	}
	b = append(b, '\n')
	if _, err := f.w.Write(b); err != nil {
		return fmt.Errorf("dir writer: write %s: %w", index, err)
	}
	f.n++
	return nil
}

// Counts returns the documents written per index so far.
func (w *DirWriter) Counts() map[string]int64 {
	out := make(map[string]int64, len(w.files))
	for k, f := range w.files {
		out[k] = f.n
	}
	return out
}

// Close flushes every file and writes the manifest.
func (w *DirWriter) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	names := make([]string, 0, len(w.files))
	for k := range w.files {
		names = append(names, k)
	}
	sort.Strings(names)
	var firstErr error
	for _, k := range names {
		f := w.files[k]
		w.manifest.Counts[k] = f.n
		if err := f.w.Flush(); err != nil && firstErr == nil {
			firstErr = fmt.Errorf("dir writer: flush %s: %w", k, err)
		}
		if err := f.f.Close(); err != nil && firstErr == nil {
			firstErr = fmt.Errorf("dir writer: close %s: %w", k, err)
		}
	}
	if firstErr != nil {
		return firstErr
	}
	b, err := json.MarshalIndent(w.manifest, "", "  ")
	if err != nil {
		return fmt.Errorf("dir writer: manifest: %w", err)
	}
	if err := os.WriteFile(filepath.Join(w.dir, ManifestName), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("dir writer: manifest: %w", err)
	}
	return nil
}

// ReadManifest reads DIR/manifest.json.
func ReadManifest(dir string) (Manifest, error) {
	var m Manifest
	b, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		return m, fmt.Errorf("read manifest: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("read manifest: %w", err)
	}
	return m, nil
}

// Collector is an in-memory Sink for tests and small runs: it keeps every
// document per index in arrival order.
type Collector struct {
	Docs map[string][]CollectedDoc
}

// CollectedDoc is one document a Collector received.
type CollectedDoc struct {
	ID  string
	Doc any
}

// NewCollector returns an empty collector.
func NewCollector() *Collector { return &Collector{Docs: map[string][]CollectedDoc{}} }

// Add implements Sink.
func (c *Collector) Add(index, id string, doc any) error {
	c.Docs[index] = append(c.Docs[index], CollectedDoc{ID: id, Doc: doc})
	return nil
}

// Map returns the documents of one index as id → document (the shape
// integration/fixture.Load takes).
func (c *Collector) Map(index string) map[string]any {
	out := make(map[string]any, len(c.Docs[index]))
	for _, d := range c.Docs[index] {
		out[d.ID] = d.Doc
	}
	return out
}
