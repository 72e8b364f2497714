package importer

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/rehearse"
	"github.com/ukpd/propertyapi/mappings"
)

// rssChildEnv makes the test binary a child that runs one import and
// reports its peak resident memory (TestImportMemoryChild).
const rssChildEnv = "IMPORTER_RSS_CHILD"

// TestImportMemoryChild is the child of TestImportPeakRSSBounded: it runs
// the import described by IMPORTER_RSS_CHILD ({"format","files","env"})
// and prints "VmHWM <kB> docs <n>". It does nothing in a normal run.
func TestImportMemoryChild(t *testing.T) {
	spec := os.Getenv(rssChildEnv)
	if spec == "" {
		t.Skip("child of TestImportPeakRSSBounded")
	}
	var job rssJob
	if err := json.Unmarshal([]byte(spec), &job); err != nil {
		t.Fatal(err)
	}
	job.Env = Env{UPRNCoordsFiles: job.UPRNCoordsFiles, TempDir: job.TempDir, SortMemory: job.SortMemory}
	if job.Join {
		job.Env.MatchMode, job.Env.Addresses = MatchJoin, func(context.Context, string) ([]mappings.Address, error) { return nil, nil }
		job.Env.AddressScan = func(context.Context, string, string, func(mappings.Address) error) error { return nil }
		job.Env.UPRNDocScan = syntheticUPRNDocs
	}
	sink := &countSink{} // the child measures the importer, not a writer
	rep, err := runFormat(context.Background(), job.Format, job.Env, job.Files, sink)
	if err != nil {
		t.Fatal(err)
	}
	hwm, err := peakRSSkB()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("VmHWM %d docs %d rows %d\n", hwm, sink.n, rep.Rows)
}

// rssJob is the import a child runs.
type rssJob struct {
	Format                 string
	Files, UPRNCoordsFiles []string
	TempDir                string
	SortMemory             int
	// Join: ppd matched by the join (every sale sorted by postcode and
	// read back), against no loaded address; os-open-uprn joined with an
	// address and a property for every other UPRN of the file's range
	// (syntheticUPRNDocs), so the documents grow with the file too.
	Join bool
	Env  Env `json:"-"`
}

// peakRSSkB reads the process's peak resident set (VmHWM) from
// /proc/self/status.
func peakRSSkB() (int, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			return strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/self/status")
}

// TestImportPeakRSSBounded is the memory bound of the importers that read
// national files: each imports a file in its publisher's layout (written
// by package rehearse from the real samples) and one ten times larger, in
// child processes, and the larger import's peak RSS must stay within the
// smaller one's plus a margin (half of it plus 24 MiB). An importer that
// holds rows until the end (the EPC importer once grouped every
// certificate in memory: ~3.3 kB a certificate) fails it. The external
// sorts run with 4 MiB buffers so that the larger files spill several
// runs. Figures at national size are in docs/importers.md.
//
// It measures the binary as it ships, so not under -race (whose shadow
// memory grows with the heap, and which made it a 4-minute test): `make
// unit` runs it again without -race.
func TestImportPeakRSSBounded(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/status")
	}
	if raceEnabled {
		t.Skip("a memory bound of the binary as it ships: make unit runs it without -race")
	}
	if testing.Short() {
		t.Skip("writes ~60 MB of files and runs child imports")
	}
	samples := samplesDir(t)
	cases := []struct {
		format string
		small  int
		extra  func(dir string) []string // files to give besides the main one
		env    func(dir string) Env
		join   bool
	}{
		{format: "epc", small: 3_000},
		{format: "epc", small: 3_000, env: func(dir string) Env {
			return Env{UPRNCoordsFiles: []string{filepath.Join(dir, rehearse.FileName["os-open-uprn"])}}
		}},
		{format: "ppd", small: 20_000},
		{format: "ppd", small: 20_000, join: true},
		{format: "os-open-uprn", small: 20_000, join: true},
		{format: "police-uk", small: 20_000},
		{format: "os-open-names", small: 20_000},
		{format: "onspd", small: 10_000},
	}
	for _, c := range cases {
		name := c.format
		if c.env != nil {
			name += "+uprn-coords"
		}
		if c.join {
			name += "+join"
		}
		t.Run(name, func(t *testing.T) {
			var peaks [2]int
			for k, rows := range []int{c.small, 10 * c.small} {
				dir := t.TempDir()
				w := &rehearse.Writer{SamplesDir: samples, Dir: dir, Dwellings: rows}
				p, err := w.Write(c.format, rows)
				if err != nil {
					t.Fatal(err)
				}
				env := Env{}
				if c.env != nil {
					if _, err := w.Write("os-open-uprn", rows); err != nil {
						t.Fatal(err)
					}
					env = c.env(dir)
				}
				env.TempDir, env.SortMemory = dir, 4<<20
				files := []string{p}
				if c.format == "police-uk" {
					files, _ = filepath.Glob(filepath.Join(p, "*", "*.csv"))
				}
				peaks[k] = childPeakRSS(t, c.format, files, env, c.join)
			}
			limit := peaks[0] + peaks[0]/2 + 24<<10
			t.Logf("%s: peak RSS %d kB at %d rows, %d kB at %d rows (limit %d kB)", name, peaks[0], c.small, peaks[1], 10*c.small, limit)
			if peaks[1] > limit {
				t.Errorf("%s: peak RSS grows with the file: %d kB for %d rows, %d kB for %d rows (limit %d kB)",
					name, peaks[0], c.small, peaks[1], 10*c.small, limit)
			}
		})
	}
}

// syntheticUPRNDocs stands for the engine's read of the loaded documents
// in the os-open-uprn join: an address and a property (~1.4 KB of JSON
// together, as the EPC importer builds them) for every other UPRN of the
// range, in descending order (the join sorts them).
func syntheticUPRNDocs(_ context.Context, index string, from, to int64, fn func(int64, []byte) error) error {
	var doc any
	a := mappings.Address{Postcode: "AB1 0AA", PostcodeKey: "AB10AA", Outcode: "AB1", Sector: "AB1 0", BuildingNumber: "1",
		StreetName: "Matfen Place", TownName: "Newcastle Upon Tyne", PostTown: "Newcastle Upon Tyne", AddressLine1: "1 Matfen Place",
		FullAddress: "1 Matfen Place, Newcastle Upon Tyne, AB1 0AA", SearchText: "1 Matfen Place, Newcastle Upon Tyne, AB1 0AA",
		Numbers: []string{"1"}, BuildingKey: "AB10AA|1 MATFEN PLACE", IsFlat: true, SortKey: "matfen place|00000001|00000000", Country: "E", Source: "epc"}
	p := mappings.Property{Postcode: "AB1 0AA", Outcode: "AB1", StreetName: "Matfen Place", TownName: "Newcastle Upon Tyne",
		FullAddress: "1 Matfen Place, Newcastle Upon Tyne, AB1 0AA", PropertyType: "Flat", BuiltForm: "Mid-Terrace",
		ConstructionAgeBand: "1976-1982", WindowsType: "Fully double glazed", WallType: "Timber frame, as built, insulated (assumed)",
		RoofType: "Pitched, 150 mm loft insulation", HeatingType: "Electric storage heaters", HabitableRooms: 2,
		EPCID: "6b8fa769671d2c266b8fa869671d2dd96b8fa569671d28c06b8fa669671d2a73", CurrentEnergyRating: "C", Source: "epc"}
	for u := to; u >= from; u -= 2 {
		a.UPRN, p.UPRN = u, u
		a.BuildingNumber, p.HabitableRooms = strconv.FormatInt(u%1000, 10), int(u%7)
		if doc = any(a); index == mappings.IndexProperties {
			doc = p
		}
		b, err := json.Marshal(doc)
		if err != nil {
			return err
		}
		if err := fn(u, b); err != nil {
			return err
		}
	}
	return nil
}

// childPeakRSS runs one import in a child process and returns its VmHWM.
func childPeakRSS(t *testing.T, format string, files []string, env Env, join bool) int {
	t.Helper()
	spec, err := json.Marshal(rssJob{Format: format, Files: files, UPRNCoordsFiles: env.UPRNCoordsFiles, TempDir: env.TempDir, SortMemory: env.SortMemory, Join: join})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestImportMemoryChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), rssChildEnv+"="+string(spec))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child import %s: %v\n%s", format, err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		var hwm, docs, rows int
		if n, _ := fmt.Sscanf(line, "VmHWM %d docs %d rows %d", &hwm, &docs, &rows); n == 3 {
			if docs == 0 || rows == 0 {
				t.Fatalf("child import %s wrote nothing: %s", format, line)
			}
			return hwm
		}
	}
	t.Fatalf("child import %s: no VmHWM line\n%s", format, out)
	return 0
}
