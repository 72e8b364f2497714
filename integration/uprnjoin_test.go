//go:build integration

package integration

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/importer"
	"github.com/ukpd/propertyapi/indexer/importer/oslookup"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// The os-open-uprn join against the real engine: the EPC sample's
// addresses and properties are loaded by the import command, an OS Open
// UPRN file locates them (in descending UPRN order, with UPRNs before,
// between and after the loaded ones, a repeated UPRN and a bad row), and
// the join (the documents read once through a point in time, in pages of
// 7, sorted by UPRN) writes exactly the documents the lookups (_mget per
// batch) write. Then the command (--merge, auto) locates them in the
// engine: every address and property has its point, none duplicated.
func TestOSOpenUPRNJoinAgainstEngine(t *testing.T) {
	osURL, prefix, dir := testenv.OpenSearchURL(t), testenv.IndexPrefix(t), testenv.RealSamples(t)
	ctx := context.Background()
	epc := filepath.Join(dir, "epc/epc-domestic-exeter-flats-first300.csv")
	built := collect{}
	if _, err := importer.ImportEPC(ctx, importer.Env{}, []string{epc}, built); err != nil {
		t.Fatal(err)
	}
	importCLI(t, osURL, prefix, "epc", epc)

	var uprns []int64
	for id := range built[mappings.IndexAddresses] {
		u, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		uprns = append(uprns, u)
	}
	slices.Sort(uprns)
	slices.Reverse(uprns)
	var rows strings.Builder
	rows.WriteString("UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE\n")
	point := func(u int64, i int) string { return fmt.Sprintf("%.6f,%.6f", 50.7+float64(i)/1e4, -3.5-float64(i)/1e4) }
	fmt.Fprintf(&rows, "%d,0,0,%s\n", uprns[0]+1_000, point(0, 0)) // after the loaded ones
	for i, u := range uprns {
		fmt.Fprintf(&rows, "%d,0,0,%s\n", u, point(u, i+1))
		if i%10 == 0 {
			fmt.Fprintf(&rows, "%d,0,0,%s\n", u-1, point(u-1, i+1)) // between: not loaded (or the next one)
		}
	}
	fmt.Fprintf(&rows, "%d,0,0,50.9,-3.9\n", uprns[5]) // repeated: this point wins
	rows.WriteString("not-a-uprn,0,0,50,-3\n")
	fmt.Fprintf(&rows, "%d,0,0,%s\n", 1, point(1, 0)) // before them
	file := filepath.Join(t.TempDir(), "osopenuprn.csv")
	if err := os.WriteFile(file, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	cl, err := oslookup.New(osURL, prefix)
	if err != nil {
		t.Fatal(err)
	}
	cl.ScanPage = 7
	run := func(mode string) (collect, *importer.Report) {
		t.Helper()
		out := collect{}
		env := importer.Env{UPRNDocs: cl.UPRNDocs, UPRNDocScan: cl.ScanUPRNDocs, MatchMode: mode, TempDir: t.TempDir(), SortMemory: 16 << 10}
		rep, err := importer.ImportOSOpenUPRN(ctx, env, []string{file}, out)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		return out, rep
	}
	look, repL := run(importer.MatchLookup)
	join, repJ := run(importer.MatchJoin)
	t.Logf("%d points over %d UPRNs: lookups wrote %v, join %v; skipped %v / %v", repJ.Rows, len(uprns), repL.Docs, repJ.Docs, repL.Skipped, repJ.Skipped)
	for _, ix := range []string{mappings.IndexAddresses, mappings.IndexProperties} {
		if len(look[ix]) != len(uprns) || !reflect.DeepEqual(look[ix], join[ix]) {
			t.Errorf("%s: lookups wrote %d documents, join %d (of %d loaded), or they differ", ix, len(look[ix]), len(join[ix]), len(uprns))
		}
	}
	if repL.Rejected != 1 || repJ.Rejected != 1 || !reflect.DeepEqual(repL.Skipped, repJ.Skipped) {
		t.Errorf("rejected %d / %d, skipped %v / %v", repL.Rejected, repJ.Rejected, repL.Skipped, repJ.Skipped)
	}
	a := join[mappings.IndexAddresses][strconv.FormatInt(uprns[5], 10)].(mappings.Address)
	if a.Location == nil || *a.Location != (mappings.GeoPoint{Lat: 50.9, Lon: -3.9}) || a.PostcodeKey == "" {
		t.Errorf("repeated UPRN: %+v", a)
	}

	if n, err := cl.CountUPRNs(ctx, mappings.IndexProperties, uprns[len(uprns)-1], uprns[1]); err != nil || n != int64(len(uprns)-1) {
		t.Errorf("CountUPRNs of all but the largest = %d, %v; want %d", n, err, len(uprns)-1)
	}

	// The scan ends early without error when fn says so, and a scan
	// cancelled between pages fails instead of looking complete (the
	// next page is fetched ahead, so the fetcher sees the cancel first).
	seen := 0
	if err := cl.ScanUPRNDocs(ctx, mappings.IndexAddresses, 0, 1<<62, func(int64, []byte) error {
		if seen++; seen == 10 {
			return oslookup.ErrStopScan
		}
		return nil
	}); err != nil || seen != 10 {
		t.Errorf("stopped scan: %v after %d documents", err, seen)
	}
	for range 10 { // where the cancel lands varies: a few times
		cctx, cancel := context.WithCancel(ctx)
		seen = 0
		err = cl.ScanUPRNDocs(cctx, mappings.IndexAddresses, 0, 1<<62, func(int64, []byte) error {
			if seen++; seen == 10 {
				cancel()
			}
			return nil
		})
		cancel()
		if !errors.Is(err, context.Canceled) || seen >= len(uprns) {
			t.Fatalf("cancelled scan: %v after %d of %d documents", err, seen, len(uprns))
		}
	}

	// The command, merging into the loaded aliases (auto: a few hundred
	// documents against as many points joins).
	out := importCLI(t, osURL, prefix, "--merge", "os-open-uprn", file)
	if !strings.Contains(out, "joined") {
		t.Errorf("auto did not join:\n%s", out)
	}
	addrs, props, err := cl.UPRNDocs(ctx, uprns)
	if err != nil {
		t.Fatal(err)
	}
	located := 0
	for _, u := range uprns {
		if addrs[u].Location != nil && props[u].Location != nil && *addrs[u].Location == *props[u].Location {
			located++
		}
	}
	na, np := countOf(t, osURL, prefix+mappings.IndexAddresses), countOf(t, osURL, prefix+mappings.IndexProperties)
	if located != len(uprns) || na != int64(len(uprns)) || np != na {
		t.Errorf("after the merge: %d addresses, %d properties, %d UPRNs located in both; want %d each", na, np, located, len(uprns))
	}
}
