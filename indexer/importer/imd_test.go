package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestImportIMD2019File1(t *testing.T) {
	s := newMemSink()
	rep, err := ImportIMD2019(context.Background(), []string{sample(t, "imd/IMD2019.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 32844 || s.count(mappings.IndexDeprivation) != 32844 || rep.Rejected != 0 {
		t.Fatalf("rows %d docs %d rejects %v", rep.Rows, s.count(mappings.IndexDeprivation), rep.Rejects)
	}
	// Line 2, behind the BOM's header: quoted thousands "29,199".
	a := s.docs[mappings.IndexDeprivation]["E01000001"].(mappings.Deprivation)
	if a.Rank != 29199 || a.Decile != 9 || a.LADCode != "E09000001" || a.LSOAName != "City of London 001A" || a.Edition != "IMD2019" {
		t.Errorf("E01000001 = %+v", a)
	}
	// TF1 1AA's LSOA (the NSPL join): Telford and Wrekin 012D, rank 7,383, decile 3.
	tf := s.docs[mappings.IndexDeprivation]["E01014145"].(mappings.Deprivation)
	if tf.Rank != 7383 || tf.Decile != 3 || tf.LADCount != 108 || tf.LADRank < 1 || tf.LADRank > 108 {
		t.Errorf("E01014145 = %+v", tf)
	}
	if l := s.docs[mappings.IndexDeprivation]["E01033767"].(mappings.Deprivation); l.Rank != 422 || l.Decile != 1 {
		t.Errorf("E01033767 = %+v", l)
	}
}

func TestImportIMD2019File7(t *testing.T) {
	head := "\ufeffLSOA code (2011),LSOA name (2011),Local Authority District code (2019),Local Authority District name (2019)," +
		"Index of Multiple Deprivation (IMD) Score,Index of Multiple Deprivation (IMD) Rank (where 1 is most deprived),Index of Multiple Deprivation (IMD) Decile (where 1 is most deprived 10% of LSOAs)," +
		"Income Score (rate),Income Rank (where 1 is most deprived),Income Decile (where 1 is most deprived 10% of LSOAs)," +
		"Crime Score,Crime Rank (where 1 is most deprived),Crime Decile (where 1 is most deprived 10% of LSOAs)," +
		"Income Deprivation Affecting Children Index (IDACI) Score (rate),Income Deprivation Affecting Children Index (IDACI) Rank (where 1 is most deprived)\n"
	body := head +
		`E01014145,Telford and Wrekin 012D,E06000020,Telford and Wrekin,31.5,"7,383",3,0.2,"6,000",2,0.5,"12,345",4,0.3,"5,000"` + "\n" +
		`E01014146,Telford and Wrekin 012E,E06000020,Telford and Wrekin,12.1,n/a,5,0.1,1,1,0.1,1,1,0.1,1` + "\n"
	s := newMemSink()
	rep, err := ImportIMD2019(context.Background(), []string{mustWrite(t, "File_7.csv", body)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rejected != 1 || rep.Rejects[0].Line != 3 || !strings.Contains(rep.Rejects[0].Reason, "invalid IMD rank") {
		t.Fatalf("rejects %+v", rep.Rejects)
	}
	d := s.docs[mappings.IndexDeprivation]["E01014145"].(mappings.Deprivation)
	if d.Score != 31.5 || len(d.Domains) != 2 || d.Domains[0] != (mappings.DeprivationDomain{Domain: "income", Rank: 6000, Decile: 2, Score: 0.2}) ||
		d.Domains[1] != (mappings.DeprivationDomain{Domain: "crime", Rank: 12345, Decile: 4, Score: 0.5}) {
		t.Errorf("doc = %+v", d)
	}
}
