package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// The real sample: NaPTAN stops of administrative area 359 (Telford and
// Wrekin), 1,362 rows.
func TestImportNaPTANRealSample(t *testing.T) {
	s := newMemSink()
	rep, err := ImportNaPTAN(context.Background(), []string{sample(t, "naptan/naptan-stops-telford-359.csv")}, s)
	if err != nil {
		t.Fatal(err)
	}
	// 289 inactive or pending stops; 14 rail entrances of 3 stations, 10
	// active: 3 stations loaded, 7 further entrances skipped.
	if rep.Rows != 1362 || s.count(mappings.IndexAmenities) != 1066 || rep.Rejected != 0 ||
		rep.Skipped["inactive or pending stops (not served)"] != 289 || rep.Skipped["further entrances of a station already loaded"] != 7 {
		t.Fatalf("rows %d docs %d rejects %+v skipped %v", rep.Rows, s.count(mappings.IndexAmenities), rep.Rejects, rep.Skipped)
	}
	types := map[string]int{}
	for _, d := range s.docs[mappings.IndexAmenities] {
		a := d.(mappings.Amenity)
		types[a.Type]++
		if a.Group != "transport" || a.Location == nil || a.Source != "naptan" || a.Status != "Active" || !strings.Contains(a.Attribution, "NaPTAN") {
			t.Fatalf("amenity %+v", a)
		}
	}
	// 1,035 active BCT + 28 active BCS bays; Oakengates, Telford Central and
	// Wellington ("Shropshire Rail Station" in NaPTAN's CommonName).
	if types["bus_stop"] != 1063 || types["rail_station"] != 3 || len(types) != 2 {
		t.Errorf("types %v", types)
	}
	tc := s.docs[mappings.IndexAmenities]["naptan-3590TELFRDC"].(mappings.Amenity)
	if tc.Name != "Telford Central Rail Station" || tc.Type != "rail_station" || tc.Line1 != "Euston Way" || tc.City != "Telford" ||
		tc.Location.Lat != 52.680946 || tc.Location.Lon != -2.440866 {
		t.Errorf("Telford Central = %+v", tc)
	}
	bus := s.docs[mappings.IndexAmenities]["naptan-3590E105000"].(mappings.Amenity)
	if bus.Name != "Bus Station (Stand A)" || bus.City != "Telford Town Centre" || bus.Type != "bus_stop" {
		t.Errorf("bay = %+v", bus)
	}
	if _, ok := s.docs[mappings.IndexAmenities]["naptan-35908614"]; ok {
		t.Error("inactive stop 35908614 was loaded")
	}
}

func TestNaPTANStopTypesAndCoordinates(t *testing.T) {
	head := "ATCOCode,CommonName,Street,Indicator,LocalityName,Easting,Northing,Longitude,Latitude,StopType,Status\n"
	body := head +
		"A1,Stop One,High St,opp,Town,369803,308746,,,BCT,active\n" + // BNG only
		"A2,Rank,High St,,Town,,,-2.44,52.68,TXR,active\n" +
		"A3,Platform,High St,,Town,,,-2.44,52.68,RPL,active\n" +
		"A4,Odd,High St,,Town,,,-2.44,52.68,ZZZ,active\n" +
		"A5,Nowhere,High St,,Town,,,,,BCT,active\n" +
		"A1,Stop One again,High St,,Town,,,-2.44,52.68,BCT,active\n" +
		"A6,Weird,High St,,Town,,,-2.44,52.68,BCT,retired\n"
	s := newMemSink()
	rep, err := ImportNaPTAN(context.Background(), []string{mustWrite(t, "Stops.csv", body)}, s)
	if err != nil {
		t.Fatal(err)
	}
	if s.count(mappings.IndexAmenities) != 2 || rep.Rejected != 4 {
		t.Fatalf("docs %d rejects %+v", s.count(mappings.IndexAmenities), rep.Rejects)
	}
	for i, want := range []struct {
		line int
		text string
	}{{5, `unknown StopType "ZZZ"`}, {6, "no coordinates"}, {7, "duplicate ATCOCode A1"}, {8, `unknown Status "retired"`}} {
		if r := rep.Rejects[i]; r.Line != want.line || !strings.Contains(r.Reason, want.text) {
			t.Errorf("reject %d = %+v, want line %d %q", i, r, want.line, want.text)
		}
	}
	// E 369803 N 308746 is NaPTAN's 3590E105000 at 52.675579, -2.448044.
	a := s.docs[mappings.IndexAmenities]["naptan-A1"].(mappings.Amenity)
	if a.Name != "Stop One (opp)" || distanceM(a.Location.Lat, a.Location.Lon, 52.675579, -2.448044) > 5 {
		t.Errorf("BNG stop = %+v", a)
	}
	if r := s.docs[mappings.IndexAmenities]["naptan-A2"].(mappings.Amenity); r.Type != "taxi_rank" {
		t.Errorf("taxi rank = %+v", r)
	}
	if rep.Skipped["rail access areas and platforms (stations are loaded once, from their entrances)"] != 1 {
		t.Errorf("skipped %v", rep.Skipped)
	}
}
