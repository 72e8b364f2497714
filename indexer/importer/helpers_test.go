package importer

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// samplesDir finds shared/data/real-samples by walking up from the test's
// working directory (or REAL_SAMPLES_DIR). It skips when the samples are
// absent, unless CI=true.
func samplesDir(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("REAL_SAMPLES_DIR"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatalf("getwd: %v", err)
	}
	for dir := wd; ; {
		cand := filepath.Join(dir, "shared", "data", "real-samples")
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("real samples not found above %s (set REAL_SAMPLES_DIR)", wd)
	}
	t.Skipf("real samples not found above %s: set REAL_SAMPLES_DIR to run", wd)
	return ""
}

func sample(t *testing.T, rel string) string {
	t.Helper()
	return filepath.Join(samplesDir(t), rel)
}

// memSink collects documents by index and id.
type memSink struct {
	docs  map[string]map[string]any
	order []string
}

func newMemSink() *memSink { return &memSink{docs: map[string]map[string]any{}} }

func (m *memSink) Add(index, id string, doc any) error {
	if m.docs[index] == nil {
		m.docs[index] = map[string]any{}
	}
	m.docs[index][id] = doc
	m.order = append(m.order, index+"/"+id)
	return nil
}

func (m *memSink) count(index string) int { return len(m.docs[index]) }

func mustWrite(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func near(a, b, tol float64) bool { return a-b <= tol && b-a <= tol }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
