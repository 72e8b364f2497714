package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestImportCensus2021MSOA(t *testing.T) {
	s := newMemSink()
	rep, err := ImportCensus2021(context.Background(), []string{
		sample(t, "census2021/census2021-ts054-msoa.csv"),
		sample(t, "census2021/census2021-ts007a-msoa.csv"),
	}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 2*7264 || s.count(mappings.IndexCensus) != 7264 || rep.Rejected != 0 {
		t.Fatalf("rows %d docs %d rejects %v", rep.Rows, s.count(mappings.IndexCensus), rep.Rejects)
	}
	// City of London 001: 4,914 households (1,114 outright, 680 mortgage,
	// 12 shared, 730 social, 2,373 private, 5 rent free); 8,580 residents.
	d := s.docs[mappings.IndexCensus]["E02000001"].(mappings.Census)
	wantT := map[string]float64{"owned_outright_pct": 22.67, "owned_mortgage_pct": 13.84, "shared_ownership_pct": 0.24,
		"social_rented_pct": 14.86, "private_rented_pct": 48.29, "rent_free_pct": 0.1}
	for k, v := range wantT {
		if d.Tenure[k] != v {
			t.Errorf("tenure %s = %v, want %v", k, d.Tenure[k], v)
		}
	}
	// 0-15: 213 + 159 + 174 + 216/5 = 589.2 of 8,580.
	if d.Households != 4914 || d.PopulationTotal != 8580 || d.Age["age_0_15_pct"] != 6.87 || d.MSOAName != "City of London 001" || d.LADName != "City of London" {
		t.Errorf("doc = %+v", d)
	}
	var sum float64
	for _, v := range d.Age {
		sum += v
	}
	if !near(sum, 100, 0.05) {
		t.Errorf("age groups sum to %v", sum)
	}
	if len(d.Sources) != 2 || d.CensusYear != 2021 {
		t.Errorf("sources %v year %d", d.Sources, d.CensusYear)
	}
}

func TestImportCensus2021RejectsLTLA(t *testing.T) {
	s := newMemSink()
	rep, err := ImportCensus2021(context.Background(), []string{sample(t, "census2021/census2021-ts054-ltla.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rejected != 331 || s.count(mappings.IndexCensus) != 0 {
		t.Fatalf("rejected %d docs %d", rep.Rejected, s.count(mappings.IndexCensus))
	}
	if r := rep.Rejects[0]; r.Line != 2 || !strings.Contains(r.Reason, `"E06000001" is not an MSOA`) {
		t.Errorf("reject = %+v", r)
	}
}
