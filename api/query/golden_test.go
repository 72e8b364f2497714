package query

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares the JSON of body with testdata/<name>.golden.json.
func golden(t *testing.T, name string, body any) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name+".golden.json")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./api/query -update)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("%s differs from golden file:\n got: %s\nwant: %s", name, buf.String(), want)
	}
}

func TestGeoHelpers(t *testing.T) {
	p := GeoPoint{Lat: 50.72, Lon: -3.53}
	golden(t, "geo_helpers", Bool(nil, []M{GeoDistance("location", p, 804.672), Term("phase", "Primary")}, nil, nil))
}

func TestDateRange(t *testing.T) {
	if _, ok := DateRange("date", "", ""); ok {
		t.Error("DateRange with no bounds: ok, want no clause")
	}
	tests := []struct {
		from, to string
		want     M
	}{
		{"2025-01-01", "", M{"range": M{"date": M{"format": "yyyy-MM-dd", "gte": "2025-01-01"}}}},
		{"", "2025-12-31", M{"range": M{"date": M{"format": "yyyy-MM-dd", "lte": "2025-12-31"}}}},
		{"2025-01-01", "2025-12-31", M{"range": M{"date": M{"format": "yyyy-MM-dd", "gte": "2025-01-01", "lte": "2025-12-31"}}}},
	}
	for _, tc := range tests {
		got, ok := DateRange("date", tc.from, tc.to)
		if !ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DateRange(%q, %q) = %v, %v; want %v", tc.from, tc.to, got, ok, tc.want)
		}
	}
}
