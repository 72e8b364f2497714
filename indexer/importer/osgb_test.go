package importer

import (
	"encoding/csv"
	"math"
	"os"
	"strconv"
	"testing"
)

// The OS guide's worked example (annex C): E 651409.903, N 313177.270 is
// OSGB36 52°39'27.2531"N 1°43'4.5177"E.
func TestBNGInverseProjectionOSWorkedExample(t *testing.T) {
	phi, lam := bngToOSGB36(651409.903, 313177.270)
	gotLat, gotLon := phi*180/math.Pi, lam*180/math.Pi
	wantLat := 52 + 39.0/60 + 27.2531/3600
	wantLon := 1 + 43.0/60 + 4.5177/3600
	if !near(gotLat, wantLat, 1e-7) || !near(gotLon, wantLon, 1e-7) {
		t.Fatalf("got %.8f,%.8f want %.8f,%.8f", gotLat, gotLon, wantLat, wantLon)
	}
}

// Every NSPL TF postcode with a grid reference: our conversion of
// oseast1m/osnrth1m must land within 10 m of the NSPL's own WGS84 lat/long.
func TestBNGToWGS84AgainstNSPL(t *testing.T) {
	f, err := os.Open(sample(t, "postcodes/NSPL_NOV_2021_UK_TF.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	h := newHeader(rows[0])
	ie, in, ila, ilo := h.index("oseast1m"), h.index("osnrth1m"), h.index("lat"), h.index("long")
	var n int
	var worst, sum float64
	for _, r := range rows[1:] {
		lat, _ := strconv.ParseFloat(r[ila], 64)
		if lat > 90 || r[ie] == "" {
			continue
		}
		lon, _ := strconv.ParseFloat(r[ilo], 64)
		e, _ := strconv.ParseFloat(r[ie], 64)
		no, _ := strconv.ParseFloat(r[in], 64)
		gl, gn := BNGToWGS84(e, no)
		d := distanceM(gl, gn, lat, lon)
		sum += d
		worst = math.Max(worst, d)
		n++
	}
	if n < 9000 {
		t.Fatalf("compared %d postcodes, want > 9000", n)
	}
	t.Logf("NSPL TF: %d postcodes, mean error %.2f m, worst %.2f m", n, sum/float64(n), worst)
	if worst > 10 {
		t.Fatalf("worst error %.2f m > 10 m", worst)
	}
}

// distanceM is the haversine distance in metres between two WGS84 points.
func distanceM(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371008.8
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := p2-p1, (lon2-lon1)*math.Pi/180
	h := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}
