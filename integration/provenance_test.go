//go:build integration

package integration

// Provenance on a running server: the real propertyapi binary, over data
// loaded by the real indexer binary (a generated load, and an import of
// real files under a prefix), must name each dataset's source and release
// in X-Data-Source / X-Data-Release and in /api/health.

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// indexerBinary builds cmd/indexer into a temp dir.
func indexerBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "indexer")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/indexer")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/indexer: %v\n%s", err, out)
	}
	return bin
}

// runIndexer runs the indexer binary with OPENSEARCH_URL and INDEX_PREFIX.
func runIndexer(t *testing.T, bin, osURL, prefix string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "OPENSEARCH_URL="+osURL, "INDEX_PREFIX="+prefix)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("indexer %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

type healthIndices struct {
	Indices []struct {
		Alias, Dataset, Source, Release string
		LoadedAt                        string `json:"loaded_at"`
	} `json:"indices"`
}

func healthOf(t *testing.T, base, key string) healthIndices {
	t.Helper()
	resp, body := get(t, base+"/api/health", "Authorization", "Api-Key "+key)
	var h healthIndices
	if resp.StatusCode >= 500 && resp.StatusCode != 503 || json.Unmarshal([]byte(body), &h) != nil {
		t.Fatalf("health: %d %s", resp.StatusCode, body)
	}
	return h
}

// TestProvenanceOnRunningServer: generated load and real import, each
// served by the real binary under its INDEX_PREFIX.
func TestProvenanceOnRunningServer(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	samples := testenv.RealSamples(t)
	ibin := indexerBinary(t)
	devKey, _, err := ratelimit.NewKey(ratelimit.KindSecret)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("indexer load of generated data", func(t *testing.T) {
		p := prefix + "gen-"
		dir := t.TempDir()
		runIndexer(t, ibin, osURL, p, "generate", "--out", dir, "--seed", "5", "--properties", "100", "--indices", "postcodes,crime")
		runIndexer(t, ibin, osURL, p, "load", "--dir", dir, "--prefix", p, "--indices", "postcodes,crime")
		f, err := os.Open(filepath.Join(dir, "postcodes.ndjson"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var pc mappings.Postcode
		for { // the first live postcode (a terminated one answers 410)
			pc = mappings.Postcode{}
			if !sc.Scan() {
				t.Fatal("no live generated postcode")
			}
			if json.Unmarshal(sc.Bytes(), &pc) == nil && pc.Postcode != "" && !pc.IsTerminated && pc.Terminated == "" {
				break
			}
		}
		f.Close()
		base, _ := runAPIBinary(t, osURL, p, devKey)
		resp, body := get(t, base+"/api/crime?postcode="+url.QueryEscape(pc.Postcode), "Authorization", "Api-Key "+devKey)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("crime %s: %d %s", pc.Postcode, resp.StatusCode, body)
		}
		src, rel := resp.Header.Get("X-Data-Source"), resp.Header.Get("X-Data-Release")
		relFigure(t, "X-Data-Source after indexer load (generated)", src, "crime=generated; postcodes=generated", src == "crime=generated; postcodes=generated")
		if src != "crime=generated; postcodes=generated" || !strings.Contains(rel, "seed 5") {
			t.Errorf("X-Data-Source %q, X-Data-Release %q", src, rel)
		}
		h := healthOf(t, base, devKey)
		seen := 0
		for _, ix := range h.Indices {
			if !strings.HasPrefix(ix.Alias, p) {
				t.Errorf("health lists %s, not under %s", ix.Alias, p)
			}
			if ix.Source != "generated" || !strings.Contains(ix.Release, "seed 5") || ix.LoadedAt == "" {
				t.Errorf("health %s: source %q release %q loaded_at %q", ix.Alias, ix.Source, ix.Release, ix.LoadedAt)
			}
			seen++
		}
		if seen != 2 {
			t.Errorf("health lists %d indices, want 2 (postcodes, crime)", seen)
		}
	})

	t.Run("indexer import of real files under a prefix", func(t *testing.T) {
		p := prefix + "imp-"
		runIndexer(t, ibin, osURL, p, "import", "--release", "NSPL November 2021 (TF extract)", "nspl", filepath.Join(samples, "postcodes", "NSPL_NOV_2021_UK_TF.csv"))
		runIndexer(t, ibin, osURL, p, "import", "imd2019", filepath.Join(samples, "imd", "IMD2019.csv"))
		base, _ := runAPIBinary(t, osURL, p, devKey)
		resp, body := get(t, base+"/api/postcode-profile?postcode=TF1%201AA", "Authorization", "Api-Key "+devKey)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("profile: %d %s", resp.StatusCode, body)
		}
		src, rel := resp.Header.Get("X-Data-Source"), resp.Header.Get("X-Data-Release")
		ok := strings.Contains(src, "postcodes=import:nspl") && strings.Contains(src, "deprivation=import:imd2019") && !strings.Contains(src, "unknown")
		relFigure(t, "X-Data-Source after indexer import (real, prefixed)", src, "postcodes=import:nspl, deprivation=import:imd2019", ok)
		if !ok || !strings.Contains(rel, "postcodes=NSPL November 2021 (TF extract)") {
			t.Errorf("X-Data-Source %q, X-Data-Release %q", src, rel)
		}
		var prof struct {
			DataSources map[string]struct{ Source, Release string } `json:"data_sources"`
		}
		if json.Unmarshal([]byte(body), &prof) != nil || prof.DataSources["postcodes"].Source != "import:nspl" {
			t.Errorf("data_sources: %s", body)
		}
		h := healthOf(t, base, devKey)
		got := map[string]string{}
		for _, ix := range h.Indices {
			got[ix.Dataset] = ix.Source
			if ix.LoadedAt == "" {
				t.Errorf("health %s: no loaded_at", ix.Alias)
			}
		}
		if got["postcodes"] != "import:nspl" || got["deprivation"] != "import:imd2019" || len(got) != 2 {
			t.Errorf("health sources %v", got)
		}
	})

	t.Run("health without INDEX_PREFIX lists only unprefixed aliases", func(t *testing.T) {
		// The subtests above left prefixed aliases (…gen-crime, …imp-postcodes)
		// on the shared cluster: a server without a prefix must not list them.
		base, _ := runAPIBinary(t, osURL, "", devKey)
		own := map[string]bool{}
		for _, n := range mappings.Names() {
			own[n] = true
		}
		h := healthOf(t, base, devKey)
		foreign := 0
		for _, ix := range h.Indices {
			if !own[ix.Alias] {
				foreign++
				if foreign <= 5 {
					t.Errorf("health without a prefix lists %s (another environment's alias)", ix.Alias)
				}
			}
		}
		relFigure(t, "other environments' aliases in /api/health without INDEX_PREFIX", strconv.Itoa(foreign), "0", foreign == 0)
	})
}
