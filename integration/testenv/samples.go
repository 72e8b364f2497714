package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// RealSamples returns the real data samples directory: REAL_SAMPLES_DIR,
// or shared/data/real-samples found by walking up from the working
// directory. When neither exists the test is skipped, except when
// CI=true, where it fails.
func RealSamples(tb testing.TB) string {
	tb.Helper()
	if s := os.Getenv("REAL_SAMPLES_DIR"); s != "" {
		return s
	}
	wd, _ := os.Getwd()
	for dir := wd; ; dir = filepath.Dir(dir) {
		if st, err := os.Stat(filepath.Join(dir, "shared", "data", "real-samples")); err == nil && st.IsDir() {
			return filepath.Join(dir, "shared", "data", "real-samples")
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("real samples not found above %s (set REAL_SAMPLES_DIR)", wd)
	}
	tb.Skipf("real samples not found above %s (set REAL_SAMPLES_DIR)", wd)
	return ""
}
