package importer

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// uprnJoinFixture is an OS Open UPRN file in no UPRN order, with repeated
// UPRNs (the last row wins), rejects, UPRNs without documents, and loaded
// documents without a point (some only an address or only a property),
// and the documents, as a lookup (UPRNDocs) and as a scan (UPRNDocScan).
type uprnJoinFixture struct {
	file  string
	addrs map[int64]mappings.Address
	props map[int64]mappings.Property
	reads int
}

func newUPRNJoinFixture(t *testing.T, n int) *uprnJoinFixture {
	t.Helper()
	f := &uprnJoinFixture{addrs: map[int64]mappings.Address{}, props: map[int64]mappings.Property{}}
	var b strings.Builder
	b.WriteString("UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE\n")
	for i := range n {
		u := int64(10_000_000_000 + (i*7919)%n) // a permutation of the range
		fmt.Fprintf(&b, "%d,0,0,%.6f,%.6f\n", u, 51+float64(i%1000)/1e4, -1-float64(i%777)/1e4)
		if i%97 == 0 {
			fmt.Fprintf(&b, "%d,0,0,%.6f,-2.5\n", u, 52.5) // repeated: this point wins
		}
		if i%101 == 0 {
			b.WriteString("x,1,1,50,-3\n")
		}
		if i%3 != 2 {
			f.addrs[u] = mappings.Address{UPRN: u, Postcode: "EX4 2LR", PostcodeKey: "EX42LR", BuildingNumber: fmt.Sprint(i), StreetName: "Long Road"}
		}
		if i%5 != 4 {
			f.props[u] = mappings.Property{UPRN: u, Postcode: "EX4 2LR", PropertyType: "Flat", HabitableRooms: i % 6}
		}
	}
	for u := int64(9_000_000_000); u < 9_000_000_020; u++ { // loaded, outside the file's range
		f.addrs[u], f.props[u] = mappings.Address{UPRN: u}, mappings.Property{UPRN: u}
	}
	f.file = mustWrite(t, "osopenuprn.csv", b.String())
	return f
}

func (f *uprnJoinFixture) docs(_ context.Context, ids []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error) {
	a, p := map[int64]mappings.Address{}, map[int64]mappings.Property{}
	for _, id := range ids {
		if d, ok := f.addrs[id]; ok {
			a[id] = d
		}
		if d, ok := f.props[id]; ok {
			p[id] = d
		}
	}
	return a, p, nil
}

// scan reads the documents as oslookup.ScanUPRNDocs does: once, those of
// the UPRN range, in no particular order (Go's map order), as JSON.
func (f *uprnJoinFixture) scan(_ context.Context, index string, from, to int64, fn func(int64, []byte) error) error {
	emit := func(u int64, d any) error {
		if u < from || u > to {
			return nil
		}
		f.reads++
		b, err := json.Marshal(d)
		if err != nil {
			return err
		}
		return fn(u, b)
	}
	switch index {
	case mappings.IndexAddresses:
		for u, d := range f.addrs {
			if err := emit(u, d); err != nil {
				return err
			}
		}
	case mappings.IndexProperties:
		for u, d := range f.props {
			if err := emit(u, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// The join writes the documents the lookups write (same ids, same
// documents, the repeated UPRN's last point), skips and rejects the same
// rows, reads the documents once and never looks one up, with both sorts
// spilling (compressed) runs; auto chooses by the counts.
func TestOSOpenUPRNJoinLikeLookups(t *testing.T) {
	f := newUPRNJoinFixture(t, 30_000)
	run := func(mode string, docs UPRNDocs, count func(context.Context, int64, int64) (int64, error)) (*memSink, *Report) {
		t.Helper()
		s := newMemSink()
		env := Env{UPRNDocs: docs, UPRNDocScan: f.scan, UPRNDocCount: count, MatchMode: mode, TempDir: t.TempDir(), SortMemory: 256 << 10}
		rep, err := ImportOSOpenUPRN(context.Background(), env, []string{f.file}, s)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		return s, rep
	}
	look, repL := run(MatchLookup, f.docs, nil)
	noLookup := func(context.Context, []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error) {
		t.Fatal("the join looked documents up")
		return nil, nil, nil
	}
	f.reads = 0
	join, repJ := run(MatchJoin, noLookup, nil)
	if want := len(f.addrs) + len(f.props) - 40; f.reads != want {
		t.Errorf("join read %d documents, want each of the range's %d once", f.reads, want)
	}
	if repJ.spill.Bytes == 0 || repJ.spill.Peak == 0 {
		t.Errorf("join: no temporary runs (written %d)", repJ.spill.Bytes)
	}
	for _, ix := range uprnDocIndices {
		if len(look.docs[ix]) < 10_000 || !reflect.DeepEqual(look.docs[ix], join.docs[ix]) {
			t.Fatalf("%s: lookups wrote %d documents, the join %d, or they differ", ix, len(look.docs[ix]), len(join.docs[ix]))
		}
	}
	a := join.docs[mappings.IndexAddresses]["10000000000"].(mappings.Address) // row 0: repeated
	if a.Location == nil || *a.Location != (mappings.GeoPoint{Lat: 52.5, Lon: -2.5}) || a.StreetName != "Long Road" {
		t.Errorf("repeated UPRN: %+v", a)
	}
	if repL.Rows != repJ.Rows || repL.Rejected != repJ.Rejected || repL.Rejected != 298 ||
		!reflect.DeepEqual(repL.Rejects, repJ.Rejects) || !reflect.DeepEqual(repL.Skipped, repJ.Skipped) || repJ.Skipped[skipNoUPRNDoc] == 0 {
		t.Errorf("reports differ: lookups rows %d rejected %d skipped %v; join rows %d rejected %d skipped %v",
			repL.Rows, repL.Rejected, repL.Skipped, repJ.Rows, repJ.Rejected, repJ.Skipped)
	}

	// auto: 30,000 points against 40,000 documents join; against a
	// national index, the sorted points are looked up, with the same result.
	count := func(n int64) func(context.Context, int64, int64) (int64, error) {
		return func(_ context.Context, from, to int64) (int64, error) {
			if from != 10_000_000_000 || to != 10_000_029_999 {
				t.Errorf("counted UPRNs %d-%d, want the file's range", from, to)
			}
			return n, nil
		}
	}
	auto, repA := run(MatchAuto, noLookup, count(40_000))
	if !reflect.DeepEqual(auto.docs, join.docs) || !strings.Contains(strings.Join(repA.Notes, ";"), "joined") {
		t.Errorf("auto against 40,000 documents did not join: notes %v", repA.Notes)
	}
	f.reads = 0
	autoL, repAL := run(MatchAuto, f.docs, count(38_000_000))
	if f.reads != 0 || !reflect.DeepEqual(autoL.docs, look.docs) || !reflect.DeepEqual(repAL.Skipped, repL.Skipped) {
		t.Errorf("auto against 38M documents: read %d documents; same documents %v; skipped %v", f.reads,
			reflect.DeepEqual(autoL.docs, look.docs), repAL.Skipped)
	}
}
