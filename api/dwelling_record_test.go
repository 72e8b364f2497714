package api

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/ukpd/propertyapi/api/internal/fieldmap"
	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
)

// mapRecordBytes is the dwelling record's body as writeJSON wrote it
// before dwellingRecord: propertyMap, buildingKeys, json.Marshal.
func mapRecordBytes(t testing.TB, d *mappings.Property) []byte {
	m, err := propertyMap(d)
	if err != nil {
		t.Fatal(err)
	}
	buildingKeys(m, nil)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// dwellingSamples are edge cases plus every property of a generated
// dataset, as they come out of the index (JSON).
func dwellingSamples(t testing.TB) map[string][]byte {
	full, flat := sampleProperty(), sampleFlat()
	zero, one := 0, 1
	odd := mappings.Property{UPRN: 1, ParentUPRN: 9, FullAddress: "1 <A&B> \"Road\"\\ \u2028\x01é", AddressLine1: "x\xffy",
		Postcode: "SW1A 1AA", Bedrooms: -2, FloorLevel: &zero, EPCFloorArea: 1e21, InternalAreaSqm: 1e-7,
		RoofPitchDeg: math.Copysign(0, -1), LastSoldPrice: math.MaxInt64, Location: &mappings.GeoPoint{Lat: 5e-324, Lon: -180},
		EPCRenovations:    []mappings.Renovation{{Improvement: "<loft>", IndicativeCostLow: 1}},
		CouncilTaxHistory: []mappings.CouncilTaxEntry{{Band: "D", Effective: "1993-04-01"}}, IsListed: true}
	out := map[string][]byte{}
	for name, p := range map[string]*mappings.Property{"full": &full, "flat": &flat, "odd": &odd,
		"sparse": {UPRN: 1, FloorLevel: &one}, "outcode only": {Outcode: "EX1"}, "bad postcode": {Postcode: "nope"}, "zero": {}} {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	c, err := synth.Collect(synth.Config{Seed: 7, Properties: 400})
	if err != nil {
		t.Fatal(err)
	}
	for id, doc := range c.Map(mappings.IndexProperties) {
		b, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		out["synth "+id] = b
	}
	return out
}

// TestDwellingRecordBytes: the dwelling path (fieldmap.Unmarshal, then
// dwellingRecord) answers byte for byte what the map path (json.Unmarshal,
// propertyMap, buildingKeys, json.Marshal) answered, for edge cases and
// every record of a generated dataset.
func TestDwellingRecordBytes(t *testing.T) {
	samples := dwellingSamples(t)
	for name, src := range samples {
		var want, got mappings.Property
		if err := json.Unmarshal(src, &want); err != nil {
			t.Fatal(err)
		}
		if err := fieldmap.Unmarshal(src, &got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decoded\n got %+v\nwant %+v", name, got, want)
		}
		body, err := dwellingRecord.Append(nil, &got)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if wb := mapRecordBytes(t, &want); !bytes.Equal(body, wb) {
			t.Errorf("%s:\n got %s\nwant %s", name, body, wb)
		}
	}
	if len(samples) < 300 {
		t.Fatalf("only %d samples", len(samples))
	}
	// NaN cannot be encoded: an error, as json.Marshal's.
	if _, err := dwellingRecord.Append(nil, &mappings.Property{EPCFloorArea: math.NaN()}); err == nil {
		t.Error("NaN encoded")
	}
}

// BenchmarkDwellingRecord: decoding and rendering one stored record, the
// map path (before the record path) against the dwelling path.
func BenchmarkDwellingRecord(b *testing.B) {
	full := sampleProperty()
	src, _ := json.Marshal(full)
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var d mappings.Property
			if err := json.Unmarshal(src, &d); err != nil {
				b.Fatal(err)
			}
			m, _ := propertyMap(&d)
			buildingKeys(m, nil)
			if _, err := fieldmap.MarshalMap(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("dwelling", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var d mappings.Property
			if err := fieldmap.Unmarshal(src, &d); err != nil {
				b.Fatal(err)
			}
			if _, err := dwellingRecord.Append(make([]byte, 0, 4096), &d); err != nil {
				b.Fatal(err)
			}
		}
	})
}
