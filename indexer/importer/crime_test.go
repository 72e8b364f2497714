package importer

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// The real sample: West Mercia Police, December 2025, 7,879 rows.
func TestImportPoliceUKRealSample(t *testing.T) {
	s := newMemSink()
	rep, err := ImportPoliceUK(context.Background(), Env{}, []string{sample(t, "crime/police-uk-2025-12-west-mercia-street.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 151 rows carry no coordinates ("No Location"); two Crime IDs are
	// published twice for different crimes; 1,122 located anti-social
	// behaviour rows have no Crime ID.
	if rep.Rows != 7879 || s.count(mappings.IndexCrime) != 7728 || rep.Rejected != 0 ||
		rep.Skipped["no location published (police.uk could not map the crime to a street point)"] != 151 ||
		rep.Kept["without Crime ID (anti-social behaviour): content id"] != 1122 ||
		rep.Kept["Crime ID shared with an earlier row (police.uk reuses ids): id suffixed -2, -3 ..."] != 2 {
		t.Fatalf("rows %d docs %d rejects %+v skipped %v kept %v", rep.Rows, s.count(mappings.IndexCrime), rep.Rejects, rep.Skipped, rep.Kept)
	}
	c := s.docs[mappings.IndexCrime]["064750d8723bc548c6031491e5956a0d1686fc5f4fd15841aa431bb6c389b930"].(mappings.Crime)
	if c.Category != "drugs" || c.Month != "2025-12-01" || c.Street != "On or near Shopping Area" || c.LSOACode != "E01008948" ||
		c.Outcome != "Status update unavailable" || c.Location == nil || c.Location.Lat != 52.404976 || c.Location.Lon != -1.886141 ||
		c.Source != "police-uk" || !strings.Contains(c.Attribution, "Open Government Licence v3.0") {
		t.Errorf("first crime = %+v", c)
	}
	// The reused id keeps both crimes.
	a := s.docs[mappings.IndexCrime]["7a88af89e681df9075c8b471f5f0657ff0404b2b304fa147bf73dd13f516c9bd"].(mappings.Crime)
	b := s.docs[mappings.IndexCrime]["7a88af89e681df9075c8b471f5f0657ff0404b2b304fa147bf73dd13f516c9bd-2"].(mappings.Crime)
	if a.Street != "On or near Laburnum Grove" || b.Street != "On or near Claremont Bank" || a.Category != "bicycle-theft" {
		t.Errorf("reused id: %+v / %+v", a, b)
	}
	asb := 0
	for id, d := range s.docs[mappings.IndexCrime] {
		c := d.(mappings.Crime)
		if _, ok := policeCategoriesBySlug[c.Category]; !ok {
			t.Fatalf("%s: category %q is not a police.uk slug", id, c.Category)
		}
		if c.Category == "anti-social-behaviour" {
			asb++
			if !strings.HasPrefix(id, "nc-") || c.Outcome != "" {
				t.Errorf("ASB %s = %+v", id, c)
			}
		}
	}
	if asb != 1122 {
		t.Errorf("anti-social behaviour crimes %d, want 1,122 (1,134 less 12 without location)", asb)
	}
}

var policeCategoriesBySlug = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range policeCategories {
		m[v] = true
	}
	return m
}()

// Content ids are stable across imports and distinct for identical rows.
func TestPoliceUKContentIDsAndRejects(t *testing.T) {
	body := "Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Crime type,Last outcome category,Context\n" +
		",2025-12,X Police,X Police,-2.44,52.68,On or near A Street,E01014157,Telford 1,Anti-social behaviour,,\n" +
		",2025-12,X Police,X Police,-2.44,52.68,On or near A Street,E01014157,Telford 1,Anti-social behaviour,,\n" +
		"abc,2025-13,X Police,X Police,-2.44,52.68,On or near A Street,E01014157,Telford 1,Burglary,,\n" +
		"abd,2025-12,X Police,X Police,-2.44,52.68,On or near A Street,E01014157,Telford 1,Alien abduction,,\n" +
		"abe,2025-12,X Police,X Police,40.1,52.68,On or near A Street,E01014157,Telford 1,Burglary,,\n" +
		"abf,2025-12,X Police,X Police,-2.44,52.68,On or near A Street,E01014157,Telford 1,Violence and sexual offences,Under investigation,\n"
	p := mustWrite(t, "2025-12-x-street.csv", body)
	var ids [2][]string
	for i := range ids {
		s := newMemSink()
		rep, err := ImportPoliceUK(context.Background(), Env{}, []string{p}, s)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Rejected != 3 || s.count(mappings.IndexCrime) != 3 {
			t.Fatalf("rejects %+v docs %d", rep.Rejects, s.count(mappings.IndexCrime))
		}
		for j, want := range []struct {
			line int
			text string
		}{{4, `invalid Month "2025-13"`}, {5, `unknown Crime type "Alien abduction"`}, {6, "out-of-UK"}} {
			if r := rep.Rejects[j]; r.Line != want.line || !strings.Contains(r.Reason, want.text) {
				t.Errorf("reject %d = %+v, want line %d %q", j, r, want.line, want.text)
			}
		}
		if v := s.docs[mappings.IndexCrime]["abf"].(mappings.Crime); v.Category != "violent-crime" {
			t.Errorf("violence = %+v", v)
		}
		ids[i] = s.order
	}
	if strings.Join(ids[0], ",") != strings.Join(ids[1], ",") || ids[0][0] == ids[0][1] {
		t.Errorf("content ids %v / %v", ids[0], ids[1])
	}
	if _, err := ImportPoliceUK(context.Background(), Env{}, []string{mustWrite(t, "x.csv", "a,b\n1,2\n")}, newMemSink()); err == nil {
		t.Error("a file without the police.uk columns was accepted")
	}
}

// A data.police.uk download zip: only the -street.csv entries are read.
func TestPoliceUKZip(t *testing.T) {
	street, err := os.ReadFile(sample(t, "crime/police-uk-2025-12-west-mercia-street.csv"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "latest.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, body := range map[string][]byte{
		"2025-12/2025-12-west-mercia-street.csv":            street,
		"2025-12/2025-12-west-mercia-outcomes.csv":          []byte("Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Outcome type\n"),
		"2025-12/2025-12-west-mercia-stop-and-search.csv":   []byte("Type,Date\n"),
		"__MACOSX/2025-12/._2025-12-west-mercia-street.csv": []byte("junk"),
	} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s := newMemSink()
	rep, err := ImportPoliceUK(context.Background(), Env{}, []string{p}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 7879 || s.count(mappings.IndexCrime) != 7728 || rep.Rejected != 0 || len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "1 street-level files") {
		t.Fatalf("rows %d docs %d rejects %d notes %v", rep.Rows, s.count(mappings.IndexCrime), rep.Rejected, rep.Notes)
	}
	if _, err := ImportPoliceUK(context.Background(), Env{}, []string{sample(t, "osnames/os-open-names-sample-hp40-hp60.zip")}, newMemSink()); err == nil {
		t.Error("a zip without street files was accepted")
	}
}
