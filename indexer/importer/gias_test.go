package importer

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestImportGIAS(t *testing.T) {
	s := newMemSink()
	rep, err := ImportGIAS(context.Background(), Env{}, []string{sample(t, "gias/gias_subset.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 8 rows: 2 closed (skipped), 1 overseas (rejected), 5 schools.
	if rep.Rows != 8 || s.count(mappings.IndexSchools) != 5 || rep.Rejected != 1 || rep.Skipped["closed establishments (use --include-closed to keep them marked)"] != 2 {
		t.Fatalf("rows %d schools %d rejects %+v skipped %v", rep.Rows, s.count(mappings.IndexSchools), rep.Rejects, rep.Skipped)
	}
	if r := rep.Rejects[0]; r.Line != 7 || !strings.Contains(r.Reason, "URN 150516: overseas") || !strings.Contains(r.Reason, "999999999") {
		t.Errorf("reject = %+v", r)
	}
	a := s.docs[mappings.IndexSchools]["100000"].(mappings.School)
	if a.Name != "The Aldgate School" || a.Phase != "Primary" || a.OfstedRating != "Outstanding" || a.OfstedDate != "2013-04-19" ||
		a.Postcode != "EC3A 5DE" || a.Telephone != "02072831147" || a.NumberOfPupils != 271 || a.PercentageFSM != 18.1 || a.Status != "Open" {
		t.Errorf("Aldgate = %+v", a)
	}
	// E 533498 N 181201 is by Aldgate, City of London (51.5138 N, 0.0773 W).
	if a.Location == nil || distanceM(a.Location.Lat, a.Location.Lon, 51.5138, -0.0773) > 100 {
		t.Errorf("Aldgate location %+v", a.Location)
	}
	w := s.docs[mappings.IndexSchools]["126370"].(mappings.School)
	if w.Status != "Open, but proposed to close" || w.OfstedRating != "Requires Improvement" || w.OfstedDate != "2022-10-05" {
		t.Errorf("Westbury Leigh = %+v", w)
	}
	if f := s.docs[mappings.IndexSchools]["101173"].(mappings.School); f.Phase != "Not applicable" || f.AgeLow != 5 || f.AgeHigh != 16 {
		t.Errorf("Fairley House = %+v", f)
	}
}

func TestImportGIASIncludeClosedAndWindows1252(t *testing.T) {
	src, err := os.ReadFile(sample(t, "gias/gias_subset.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// Re-encode an apostrophe as Windows-1252 (0x92) the way older GIAS
	// downloads arrive.
	b := strings.Replace(string(src), "St James's Passage", "St James\x92s Passage", 1)
	s := newMemSink()
	rep, err := ImportGIAS(context.Background(), Env{IncludeClosed: true}, []string{mustWrite(t, "edubase.csv", b)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.count(mappings.IndexSchools) != 7 || rep.Rejected != 1 {
		t.Fatalf("schools %d rejects %+v", s.count(mappings.IndexSchools), rep.Rejects)
	}
	if c := s.docs[mappings.IndexSchools]["100004"].(mappings.School); c.Status != "Closed" || c.Phase != "Nursery" {
		t.Errorf("closed school = %+v", c)
	}
	if a := s.docs[mappings.IndexSchools]["100000"].(mappings.School); a.Street != "St James’s Passage" {
		t.Errorf("street %q", a.Street)
	}
}
