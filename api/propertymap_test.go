package api

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ukpd/propertyapi/api/internal/fieldmap"
	"github.com/ukpd/propertyapi/mappings"
)

// roundTripMap is the JSON encode/decode rendering structMap replaces.
func roundTripMap(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// canonical encodes a map with numbers normalised, so maps of Go values and
// maps decoded from JSON compare by their JSON.
func canonical(t *testing.T, m map[string]any) string {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

func TestStructMapMatchesJSONRoundTrip(t *testing.T) {
	full := sampleProperty()
	flat := sampleFlat()
	zeroFloor := 0
	sparse := mappings.Property{UPRN: 1, FloorLevel: &zeroFloor}
	for name, p := range map[string]*mappings.Property{"full": &full, "flat": &flat, "sparse": &sparse, "zero": {}} {
		got := fieldmap.StructMap(p, 0)
		want := roundTripMap(t, p)
		if len(got) != len(want) {
			t.Errorf("%s: %d keys, the JSON round trip has %d", name, len(got), len(want))
		}
		for k := range want {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: key %q missing", name, k)
			}
		}
		if g, w := canonical(t, got), canonical(t, want); g != w {
			t.Errorf("%s:\n got %s\nwant %s", name, g, w)
		}
	}
}

func TestPropertyMapKeepsSpecNullsAndDropsInternals(t *testing.T) {
	p := mappings.Property{UPRN: 7, Postcode: "EX1 1AE", Source: "synthetic", Location: &mappings.GeoPoint{Lat: 50.7, Lon: -3.5}}
	m, err := propertyMap(&p)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"location", "source"} {
		if _, ok := m[k]; ok {
			t.Errorf("%s should not be rendered", k)
		}
	}
	for _, k := range specPropertyFields {
		if _, ok := m[k]; !ok {
			t.Errorf("spec field %s missing (should be null)", k)
		}
	}
	if m["outward_postcode"] != "EX1" || m["latitude"] != 50.7 || m["bedrooms"] != nil {
		t.Errorf("outward_postcode %v latitude %v bedrooms %v", m["outward_postcode"], m["latitude"], m["bedrooms"])
	}
}

func BenchmarkPropertyRecordRender(b *testing.B) {
	p := sampleProperty()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m, err := propertyMap(&p)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(m); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPropertyRecordBytesUnchanged: the property record's JSON from
// fieldmap.MarshalMap (writeJSON's path for maps) is json.Marshal's, byte
// for byte, for full, flat, sparse and empty records and a building.
func TestPropertyRecordBytesUnchanged(t *testing.T) {
	full, flat := sampleProperty(), sampleFlat()
	zeroFloor := 0
	for name, p := range map[string]*mappings.Property{"full": &full, "flat": &flat,
		"sparse": {UPRN: 1, FloorLevel: &zeroFloor}, "zero": {}} {
		m, err := propertyMap(p)
		if err != nil {
			t.Fatal(err)
		}
		buildingKeys(m, nil)
		want, _ := json.Marshal(m)
		got, err := fieldmap.MarshalMap(m)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s (%v)\nwant %s", name, got, err, want)
		}
	}
}
