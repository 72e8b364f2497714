package importer

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

func TestImportEPCAPIStyle(t *testing.T) {
	s := newMemSink()
	coords := map[int64]mappings.GeoPoint{100041141774: {Lat: 50.73, Lon: -3.55}}
	rep, err := ImportEPC(context.Background(), Env{UPRNCoords: coords}, []string{sample(t, "epc/epc-domestic-exeter-flats-first300.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 300 certificates, 29 without UPRN, 270 distinct UPRNs (one UPRN has two).
	if rep.Rows != 300 || s.count(mappings.IndexEPC) != 300 || rep.Rejected != 0 {
		t.Fatalf("rows %d epc %d rejected %d: %v", rep.Rows, s.count(mappings.IndexEPC), rep.Rejected, rep.Rejects)
	}
	if s.count(mappings.IndexProperties) != 270 || s.count(mappings.IndexAddresses) != 270 {
		t.Fatalf("properties %d addresses %d, want 270", s.count(mappings.IndexProperties), s.count(mappings.IndexAddresses))
	}
	// UPRN 10013044422 (17 Willow Way) has two certificates: 2024-08-05 wins.
	newer := s.docs[mappings.IndexEPC]["b4f6a2319f75cdda2f37988f7c85dd561d9fa19011faa3ba6b1d2723a7f0553e"].(mappings.EPC)
	older := s.docs[mappings.IndexEPC]["75340752c0b77925815738f8aa0e21cfd078754a71bc347b7a19191995f6879d"].(mappings.EPC)
	if !newer.IsLatest || older.IsLatest || newer.CurrentEnergyEfficiency != 78 || older.UPRN != 10013044422 {
		t.Errorf("newer %+v\nolder %+v", newer, older)
	}
	p := s.docs[mappings.IndexProperties]["10013044422"].(mappings.Property)
	if p.EPCID != newer.EPCID || p.CurrentEnergyEfficiency != 78 || p.LastEPCDate != "2024-08-05" || p.PropertyType != "Flat" {
		t.Errorf("property = %+v", p)
	}
	// Flat 29, Iveagh Court, Farm Hill, EX4 2LR.
	a := s.docs[mappings.IndexAddresses]["100041141774"].(mappings.Address)
	if a.SubBuilding != "Flat 29" || a.BuildingName != "Iveagh Court" || a.StreetName != "Farm Hill" || a.Postcode != "EX4 2LR" ||
		a.PostTown != "Exeter" || !a.IsFlat || a.FullAddress != "Flat 29, Iveagh Court, Farm Hill, Exeter, EX4 2LR" || a.Location == nil || a.Country != "E" {
		t.Errorf("address = %+v", a)
	}
	e := s.docs[mappings.IndexEPC]["f37f4e6d7ebd8faee1d8c4f695fcb3c029f06c8a2e988a28fa48440711707fa5"].(mappings.EPC)
	if e.CurrentEnergyRating != "C" || e.TotalFloorArea != 33 || e.MainHeating != "Electric storage heaters" || e.LodgementDate != "2024-08-31" {
		t.Errorf("epc = %+v", e)
	}
	// Without UPRN: kept, findable by postcode and address.
	n := s.docs[mappings.IndexEPC]["0b5cae90317f0a806882e0c8782e52c7802d12a1ad324c245c2617abffcf31ff"].(mappings.EPC)
	if n.UPRN != 0 || n.Postcode != "EX4 8RL" || n.Address != "35 Granite Rise" || !n.IsLatest {
		t.Errorf("no-UPRN epc = %+v", n)
	}
	if rep.Kept["certificates without UPRN (epc index only)"] != 29 {
		t.Errorf("kept %v", rep.Kept)
	}
}

// The bulk download names the same columns in UPPER_SNAKE.
func TestImportEPCBulkStyle(t *testing.T) {
	src, err := os.ReadFile(sample(t, "epc/epc-domestic-exeter-flats-first300.csv"))
	if err != nil {
		t.Fatal(err)
	}
	head, rest, _ := strings.Cut(string(src), "\n")
	head = strings.ToUpper(strings.ReplaceAll(head, "-", "_"))
	bad := `nokey,1 A Street,,,NOT A POSTCODE,,,,,,,,,,,,2024-01-01` + "\n" + `,1 A Street,,,EX1 1AE` + "\n"
	p := mustWrite(t, "certificates.csv", head+"\n"+rest+bad)
	s := newMemSink()
	rep, err := ImportEPC(context.Background(), Env{}, []string{p}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.count(mappings.IndexEPC) != 300 || s.count(mappings.IndexProperties) != 270 || rep.Rejected != 2 {
		t.Fatalf("epc %d properties %d rejects %+v", s.count(mappings.IndexEPC), s.count(mappings.IndexProperties), rep.Rejects)
	}
	if r := rep.Rejects[0]; r.Line != 302 || !strings.Contains(r.Reason, "invalid postcode") {
		t.Errorf("reject 0 = %+v", r)
	}
	if r := rep.Rejects[1]; r.Line != 303 || !strings.Contains(r.Reason, "missing LMK key") {
		t.Errorf("reject 1 = %+v", r)
	}
}

func TestNormAgeBandAndFloorLevel(t *testing.T) {
	for in, want := range map[string]string{"England and Wales: 1976-1982": "1976-1982", "England and Wales: before 1900": "before 1900", "2012": "2012", "NO DATA!": ""} {
		if got, _ := normAgeBand(in); got != want {
			t.Errorf("normAgeBand(%q) = %q, want %q", in, got, want)
		}
	}
	if _, y := normAgeBand("2012"); y != 2012 {
		t.Errorf("bare year not reported")
	}
	for in, want := range map[string]int{"01": 1, "Ground": 0, "-1": -1, "2nd": 2, "3": 3} {
		if got := epcFloorLevel(in); got == nil || *got != want {
			t.Errorf("floor %q = %v, want %d", in, got, want)
		}
	}
}

func TestParseAddressLines(t *testing.T) {
	cases := []struct {
		in   []string
		want parsedAddress
	}{
		{[]string{"Flat 29", "Iveagh Court", "Farm Hill"}, parsedAddress{sub: "Flat 29", name: "Iveagh Court", street: "Farm Hill"}},
		{[]string{"17 Willow Way", "", ""}, parsedAddress{number: "17", street: "Willow Way"}},
		{[]string{"Flat 1, 26 Haldon Road", "", ""}, parsedAddress{sub: "Flat 1", number: "26", street: "Haldon Road"}},
		{[]string{"40,", "Granite Rise"}, parsedAddress{number: "40", street: "Granite Rise"}},
		{[]string{"Rose Cottage", "Mill Lane", "Pinhoe"}, parsedAddress{name: "Rose Cottage", street: "Mill Lane", locality: "Pinhoe"}},
	}
	for _, c := range cases {
		if got := parseAddressLines(c.in...); got != c.want {
			t.Errorf("parse %q = %+v, want %+v", c.in, got, c.want)
		}
	}
}
