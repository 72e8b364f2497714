package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// nsplPoints imports the real NSPL TF sample and serves its points.
func nsplPoints(t *testing.T) PointLookup {
	t.Helper()
	s := newMemSink()
	if _, err := ImportONSPD(context.Background(), "nspl", []string{sample(t, "postcodes/NSPL_NOV_2021_UK_TF.csv")}, s); err != nil {
		t.Fatal(err)
	}
	return func(_ context.Context, pcs []string) (map[string]mappings.GeoPoint, error) {
		out := map[string]mappings.GeoPoint{}
		for _, p := range pcs {
			if d, ok := s.docs[mappings.IndexPostcodes][p]; ok && d.(mappings.Postcode).Location != nil {
				out[p] = *d.(mappings.Postcode).Location
			}
		}
		return out, nil
	}
}

func TestImportODSGP(t *testing.T) {
	s := newMemSink()
	rep, err := ImportODS(context.Background(), Env{Points: nsplPoints(t)}, ODSGP, []string{sample(t, "nhs-ods/epraccur.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows != 15971 {
		t.Fatalf("rows %d", rep.Rows)
	}
	// Only TF postcodes are known: the 19 active TF GP practices (setting 4)
	// are located; other active practices are rejected for want of a point.
	if got := s.count(mappings.IndexAmenities); got != 19 {
		t.Errorf("located %d GP practices, want 19", got)
	}
	if rep.Skipped["status Closed (use --include-closed to keep them marked)"] == 0 || rep.Skipped["status Dormant (use --include-closed to keep them marked)"] == 0 {
		t.Errorf("skipped = %v", rep.Skipped)
	}
	for _, r := range rep.Rejects {
		if !strings.Contains(r.Reason, "not in the postcodes index") {
			t.Fatalf("unexpected reject %+v", r)
		}
	}
	total := 0
	for _, n := range rep.Skipped {
		total += n
	}
	if total+rep.Rejected+s.count(mappings.IndexAmenities) != 15971 {
		t.Errorf("rows unaccounted for: skipped %d rejected %d docs %d", total, rep.Rejected, s.count(mappings.IndexAmenities))
	}
}

func TestImportODSDentistIncludeClosed(t *testing.T) {
	s := newMemSink()
	rep, err := ImportODS(context.Background(), Env{Points: nsplPoints(t), IncludeClosed: true}, ODSDentist, []string{sample(t, "nhs-ods/egdpprac.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := s.docs[mappings.IndexAmenities]["V02992"].(mappings.Amenity)
	if !ok {
		t.Fatalf("V02992 not imported; rejects %d", rep.Rejected)
	}
	if d.Type != "dentist" || d.Postcode != "TF10 7AX" || d.City != "Newport" || d.Status != "Active" || d.OpeningDate != "2006-04-01" || d.Location == nil {
		t.Errorf("V02992 = %+v", d)
	}
	for _, x := range s.docs[mappings.IndexAmenities] {
		if !strings.HasPrefix(x.(mappings.Amenity).Postcode, "TF") {
			t.Fatalf("non-TF amenity located: %+v", x)
		}
	}
}

func TestAmenityFromODS(t *testing.T) {
	rec := strings.Split("A81003|VICTORIA MEDICAL PRACTICE|Y54|Q74|THE HEALTH CENTRE|VICTORIA ROAD|HARTLEPOOL|CLEVELAND||TS26 8DB|19740401|20171031|C|B|00K|20130401|20171031|01429 272945||||0||00K||4|", "|")
	if _, _, skip := amenityFromODS(rec, ODSGP, false); !strings.Contains(skip, "Closed") {
		t.Errorf("closed practice not skipped: %q", skip)
	}
	d, reason, _ := amenityFromODS(rec, ODSGP, true)
	if reason != "" || d.Status != "Closed" || d.ClosingDate != "2017-10-31" || d.City != "Hartlepool" || d.Line1 != "The Health Centre, Victoria Road" || d.Telephone != "01429 272945" {
		t.Errorf("doc %+v reason %q", d, reason)
	}
	rec[12] = "Z"
	if _, reason, _ := amenityFromODS(rec, ODSGP, true); !strings.Contains(reason, "invalid status code") {
		t.Errorf("reason %q", reason)
	}
}
