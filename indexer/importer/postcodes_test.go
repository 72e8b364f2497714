package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func pc(t *testing.T, s *memSink, postcode string) mappings.Postcode {
	t.Helper()
	d, ok := s.docs[mappings.IndexPostcodes][postcode]
	if !ok {
		t.Fatalf("postcode %s not imported", postcode)
	}
	return d.(mappings.Postcode)
}

func TestImportNSPL(t *testing.T) {
	s := newMemSink()
	rep, err := ImportONSPD(context.Background(), "nspl", []string{sample(t, "postcodes/NSPL_NOV_2021_UK_TF.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 9342 || s.count(mappings.IndexPostcodes) != 9342 || rep.Rejected != 0 {
		t.Fatalf("rows %d docs %d rejected %d, want 9342/9342/0: %v", rep.Rows, s.count(mappings.IndexPostcodes), rep.Rejected, rep.Rejects)
	}
	a := pc(t, s, "TF1 1AA")
	if a.Location == nil || !near(a.Location.Lat, 52.699797, 1e-6) || !near(a.Location.Lon, -2.519838, 1e-6) {
		t.Errorf("TF1 1AA location %+v, want 52.699797,-2.519838", a.Location)
	}
	if a.LADCode != "E06000020" || a.LSOACode != "E01014145" || a.MSOACode != "E02002939" || a.Country != "E" || a.Region != "West Midlands" || a.IsTerminated {
		t.Errorf("TF1 1AA = %+v", a)
	}
	if b := pc(t, s, "TF1 1AB"); !b.IsTerminated || b.Terminated != "199912" || b.Location == nil {
		t.Errorf("TF1 1AB terminated 199912 kept with location, got %+v", b)
	}
	// 7 rows carry lat 99.999999 (no grid reference): kept, without location.
	if c := pc(t, s, "TF13 9AA"); c.Location != nil || !c.IsTerminated {
		t.Errorf("TF13 9AA: want no location, terminated; got %+v", c)
	}
	if n := rep.Kept["without location (no grid reference)"]; n != 7 {
		t.Errorf("kept without location = %d, want 7", n)
	}
	if n := rep.Kept["terminated"]; n != 2261 {
		t.Errorf("terminated = %d, want 2261", n)
	}
}

func TestImportONSPDSample2025(t *testing.T) {
	s := newMemSink()
	rep, err := ImportONSPD(context.Background(), "onspd", []string{sample(t, "postcodes/onspd-sample-ab1.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 8048 || s.count(mappings.IndexPostcodes)+rep.Rejected != 8048 {
		t.Fatalf("rows %d docs %d rejected %d", rep.Rows, s.count(mappings.IndexPostcodes), rep.Rejected)
	}
	a := pc(t, s, "AB1 0AA")
	if a.Location == nil || !near(a.Location.Lat, 57.101474, 1e-6) || !near(a.Location.Lon, -2.242851, 1e-6) || a.LADCode != "S12000033" || a.Country != "S" || a.Terminated != "199606" {
		t.Errorf("AB1 0AA = %+v", a)
	}
	if j := pc(t, s, "JE2 4WD"); j.Location != nil || j.Country != "L" {
		t.Errorf("JE2 4WD (Channel Islands, no grid) = %+v", j)
	}
}

// The same columns, renamed across releases, map to the same fields.
func TestONSPDHeaderGenerations(t *testing.T) {
	cases := []struct {
		file, postcode, lad, lsoa, msoa string
		lat                             float64
	}{
		{"onspd-header-may2018.csv", "AL1 1AA", "E07000240", "E01023743", "E02004937", 51.749084},
		{"onspd-header-aug2024.csv", "AL1 1AA", "E07000240", "E01023743", "E02004937", 51.749084},
		{"onspd-header-nov2025.csv", "AB1 0AA", "S12000033", "S01006514", "S02002516", 57.101459},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			s := newMemSink()
			rep, err := ImportONSPD(context.Background(), "onspd", []string{sample(t, "postcodes/"+c.file)}, s)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Rows != 4 || rep.Rejected != 0 || s.count(mappings.IndexPostcodes) != 4 {
				t.Fatalf("rows %d rejected %d docs %d: %v", rep.Rows, rep.Rejected, s.count(mappings.IndexPostcodes), rep.Rejects)
			}
			d := pc(t, s, c.postcode)
			if d.LADCode != c.lad || d.LSOACode != c.lsoa || d.MSOACode != c.msoa || d.Location == nil || d.Location.Lat != c.lat {
				t.Errorf("%s = %+v", c.postcode, d)
			}
			im := pc(t, s, "IM1 1AA") // Isle of Man: no grid reference, pseudo codes dropped
			if im.Location != nil || im.LADCode != "" || !im.IsTerminated {
				t.Errorf("IM1 1AA = %+v", im)
			}
		})
	}
}

func TestImportCodePoint(t *testing.T) {
	s := newMemSink()
	rep, err := ImportCodePoint(context.Background(), []string{sample(t, "postcodes/codepoint-open-ex-first300.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 301 || s.count(mappings.IndexPostcodes) != 301 || rep.Rejected != 0 {
		t.Fatalf("rows %d docs %d rejected %d: %v", rep.Rows, s.count(mappings.IndexPostcodes), rep.Rejected, rep.Rejects)
	}
	// EX1 1AE is at E 291966 N 92583 (central Exeter, by Exeter Cathedral
	// Green). The converter's accuracy is established against the NSPL's own
	// lat/long in TestBNGToWGS84AgainstNSPL; here the value is pinned to 5 m.
	a := pc(t, s, "EX1 1AE")
	if a.Location == nil || distanceM(a.Location.Lat, a.Location.Lon, 50.722796, -3.531867) > 5 {
		t.Errorf("EX1 1AE location %+v", a.Location)
	}
	if a.Quality != 10 || a.LADCode != "E07000041" || a.Country != "E" || a.Source != "codepoint" {
		t.Errorf("EX1 1AE = %+v", a)
	}
}

func TestImportCodePointRejects(t *testing.T) {
	p := mustWrite(t, "cp.csv", strings.Join([]string{
		`"EX1 1AE",10,291966,92583,"E92000001","","","","E07000041",""`,
		`"NOT A PC",10,291966,92583,"E92000001","","","","",""`,
		`"EX1 1AF",10,abc,92324,"E92000001","","","","",""`,
		`"EX1 1AJ",10,9999999,92612,"E92000001","","","","",""`,
		`"EX1 1AL",90,0,0,"E92000001","","","","",""`,
	}, "\n")+"\n")
	s := newMemSink()
	rep, err := ImportCodePoint(context.Background(), []string{p}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rejected != 3 || s.count(mappings.IndexPostcodes) != 2 {
		t.Fatalf("rejected %d docs %d: %+v", rep.Rejected, s.count(mappings.IndexPostcodes), rep.Rejects)
	}
	want := []struct {
		line int
		frag string
	}{{2, "invalid postcode"}, {3, "unparseable"}, {4, "off the National Grid"}}
	for i, w := range want {
		if rep.Rejects[i].Line != w.line || !strings.Contains(rep.Rejects[i].Reason, w.frag) {
			t.Errorf("reject %d = %+v, want line %d %q", i, rep.Rejects[i], w.line, w.frag)
		}
	}
}
