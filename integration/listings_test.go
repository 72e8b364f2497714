//go:build integration

package integration

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/integration/fixture"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// The test boundary is a right triangle with corners (-3.60, 50.70),
// (-3.50, 50.70), (-3.60, 50.80): its hypotenuse cuts through its own
// bounding box, so a bounding-box shortcut would let points through that
// the polygon excludes.
const listingsBoundaryID = 9001

// nearbyAlias points alias at index.
func nearbyAlias(t *testing.T, osURL, index, alias string) {
	t.Helper()
	body := fmt.Sprintf(`{"actions":[{"add":{"index":%q,"alias":%q}}]}`, index, alias)
	resp, err := http.Post(osURL+"/_aliases", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("alias %s -> %s: %d", alias, index, resp.StatusCode)
	}
}

func inListingsTriangle(p mappings.GeoPoint) bool {
	return p.Lon > -3.60 && p.Lat > 50.70 && (p.Lon+3.60)+(p.Lat-50.70) < 0.10
}

// listingsDocs builds the listings: four placed just inside/outside the
// triangle's hypotenuse and edges, one not live, and a deterministic grid of
// 200 across a wider area with varied attributes.
func listingsDocs() []mappings.Listing {
	types := []string{"Detached", "Semi-Detached", "Terraced", "Flat", "Bungalow"}
	var out []mappings.Listing
	mk := func(id string, lat, lon float64, i int) mappings.Listing {
		tx := "Sale"
		price := int64(150000 + (i*37)%20*25000)
		if i%4 == 3 {
			tx, price = "Rental", int64(800+(i*13)%10*100)
		}
		return mappings.Listing{
			ID: id, ListingID: "L-" + id, BranchID: "B1", AgentName: "Agent", DisplayAddress: "Somewhere " + id,
			Postcode: "EX1 1AE", Outcode: "EX1", TransactionType: tx, LatestStatus: "For sale", LatestPrice: price,
			Source: "portal-a", Bedrooms: 1 + i%5, PropertyType: types[i%5], ListingPropertyType: strings.ToLower(types[i%5]) + " house",
			IsNewBuild: i%7 == 0, IsLive: true, IsReduced: i%3 == 0,
			AddedDate: fmt.Sprintf("2026-%02d-%02dT10:00:00Z", 1+i%10, 1+i%28),
			Location:  &mappings.GeoPoint{Lat: lat, Lon: lon},
		}
	}
	out = append(out,
		mk("edge-in-hyp", 50.7499, -3.55, 1),   // sum 0.0999: inside
		mk("edge-out-hyp", 50.7501, -3.55, 2),  // sum 0.1001: outside, inside the bounding box
		mk("edge-in-south", 50.7001, -3.52, 5), // just north of the south edge
		mk("edge-out-south", 50.6999, -3.52, 6),
	)
	notLive := mk("not-live", 50.72, -3.58, 8)
	notLive.IsLive = false
	out = append(out, notLive)
	for i := 0; i < 200; i++ {
		// A 20 x 10 grid over lon -3.70..-3.40, lat 50.65..50.85, jittered.
		lon := -3.70 + float64(i%20)*0.015 + 0.0031*float64(i%3)
		lat := 50.65 + float64(i/20)*0.02 + 0.0017*float64(i%4)
		out = append(out, mk(fmt.Sprintf("g%03d", i), lat, lon, i))
	}
	return out
}

type listingsPage struct {
	Count      int64 `json:"count"`
	Page       int   `json:"page"`
	PageSize   int   `json:"page_size"`
	TotalPages int64 `json:"total_pages"`
	Results    []struct {
		ID          string            `json:"id"`
		LatestPrice int64             `json:"latest_price"`
		AddedDate   string            `json:"added_date"`
		Geopoint    mappings.GeoPoint `json:"geopoint"`
		Images      []string          `json:"images"`
		UKPD        string            `json:"ukpd_property_type"`
	} `json:"results"`
}

func (p listingsPage) ids() []string {
	var out []string
	for _, r := range p.Results {
		out = append(out, r.ID)
	}
	sort.Strings(out)
	return out
}

func expectListings(docs []mappings.Listing, keep func(mappings.Listing) bool) []string {
	var out []string
	for _, d := range docs {
		if d.IsLive && keep(d) {
			out = append(out, d.ID)
		}
	}
	sort.Strings(out)
	return out
}

func TestListingsGeometry(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	loadNearbyPlaces(t, osURL, prefix)
	triangle := json.RawMessage(`[[[-3.60,50.70],[-3.50,50.70],[-3.60,50.80],[-3.60,50.70]]]`)
	// Production reads boundaries through an alias over a versioned index:
	// the indexed-shape lookup must work through the alias.
	fixture.Load(t, osURL, prefix+"v1-", mappings.IndexBoundaries, map[string]any{
		fmt.Sprint(listingsBoundaryID): mappings.Boundary{ID: listingsBoundaryID, Code: "TRI", Name: "Triangleton", DisplayName: "Triangleton (test)",
			NameSuggest: "Triangleton", Type: "lad", AdminLevel: 8, Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: triangle}},
	})
	nearbyAlias(t, osURL, prefix+"v1-"+mappings.IndexBoundaries, prefix+mappings.IndexBoundaries)
	docs := listingsDocs()
	// Listings at and around the test property: one at the UPRN far from its
	// point (the UPRN term must match it), one 150 m away, one 400 m away.
	atUPRN := docs[10]
	atUPRN.ID, atUPRN.UPRN = "at-uprn", nearbyUPRN
	near := docs[11]
	near.ID, near.Location = "near-150m", nearbyOffset(nearbyCentre, 150, 0)
	far := docs[12]
	far.ID, far.Location = "far-400m", nearbyOffset(nearbyCentre, 0, 400)
	docs = append(docs, atUPRN, near, far)
	fixture.Load(t, osURL, prefix, mappings.IndexListings, fixture.Docs(docs, func(l mappings.Listing) string { return l.ID }))
	h := nearbyServer(t, osURL, prefix)

	t.Run("boundary_id uses the indexed polygon", func(t *testing.T) {
		// The id comes from the autocomplete, as a client would get it.
		var ac struct {
			Results []struct {
				ID int64 `json:"id"`
			} `json:"results"`
		}
		nearbyGet(t, h, "/api/v1/boundaries/autocomplete/?q=triang", &ac)
		if len(ac.Results) != 1 || ac.Results[0].ID != listingsBoundaryID {
			t.Fatalf("autocomplete %+v", ac)
		}
		var p listingsPage
		url := fmt.Sprintf("/api/v1/live-listings/search/?boundary_id=%d&page_size=100", ac.Results[0].ID)
		if st := nearbyGet(t, h, url, &p); st != 200 {
			t.Fatalf("status %d", st)
		}
		want := expectListings(docs, func(l mappings.Listing) bool { return inListingsTriangle(*l.Location) })
		if fmt.Sprint(p.ids()) != fmt.Sprint(want) || p.Count != int64(len(want)) {
			t.Errorf("in boundary: %d %v\nwant %d %v", p.Count, p.ids(), len(want), want)
		}
		got := strings.Join(p.ids(), ",")
		for _, id := range []string{"edge-in-hyp", "edge-in-south"} {
			if !strings.Contains(got, id) {
				t.Errorf("%s (just inside) not found", id)
			}
		}
		for _, id := range []string{"edge-out-hyp", "edge-out-south", "not-live"} {
			if strings.Contains(got, id) {
				t.Errorf("%s (outside or not live) found", id)
			}
		}
		if st := nearbyGet(t, h, "/api/v1/live-listings/search/?boundary_id=424242", nil); st != 404 {
			t.Errorf("unknown boundary: %d, want 404", st)
		}
	})

	bbox := [4]float64{-3.62, 50.695, -3.48, 50.76}
	inBBox := func(l mappings.Listing) bool {
		return l.Location.Lon >= bbox[0] && l.Location.Lat >= bbox[1] && l.Location.Lon <= bbox[2] && l.Location.Lat <= bbox[3]
	}
	bboxParam := fmt.Sprintf("bbox=%g,%g,%g,%g", bbox[0], bbox[1], bbox[2], bbox[3])

	t.Run("bbox and filters", func(t *testing.T) {
		cases := []struct {
			params string
			keep   func(mappings.Listing) bool
		}{
			{bboxParam, inBBox},
			{bboxParam + "&transaction_type=Sale&bedrooms=2&max_bedrooms=4", func(l mappings.Listing) bool {
				return inBBox(l) && l.TransactionType == "Sale" && l.Bedrooms >= 2 && l.Bedrooms <= 4
			}},
			{bboxParam + "&min_price=200000&max_price=400000&property_type=Flat,Detached", func(l mappings.Listing) bool {
				return inBBox(l) && l.LatestPrice >= 200000 && l.LatestPrice <= 400000 && (l.PropertyType == "Flat" || l.PropertyType == "Detached")
			}},
			{"new_builds_only=true&reduced_only=true", func(l mappings.Listing) bool { return l.IsNewBuild && l.IsReduced }},
			{fmt.Sprintf("uprn=%d&radius_km=0.2", nearbyUPRN), func(l mappings.Listing) bool {
				return l.UPRN == nearbyUPRN || nearbyMeters(nearbyCentre, *l.Location) <= 200
			}},
			{fmt.Sprintf("uprn=%d&radius_km=0", nearbyUPRN), func(l mappings.Listing) bool { return l.UPRN == nearbyUPRN }},
		}
		for _, tc := range cases {
			var p listingsPage
			if st := nearbyGet(t, h, "/api/v1/live-listings/search/?page_size=100&"+tc.params, &p); st != 200 {
				t.Errorf("%s: status %d", tc.params, st)
				continue
			}
			want := expectListings(docs, tc.keep)
			if len(want) == 0 || len(want) > 100 {
				t.Fatalf("%s: fixture gives %d listings; adjust it", tc.params, len(want))
			}
			if fmt.Sprint(p.ids()) != fmt.Sprint(want) {
				t.Errorf("%s: got %v\nwant %v", tc.params, p.ids(), want)
			}
		}
	})

	t.Run("sort and paging", func(t *testing.T) {
		var all []int64
		var total int64
		for page := 1; ; page++ {
			var p listingsPage
			nearbyGet(t, h, fmt.Sprintf("/api/v1/live-listings/search/?sort=latest_price&transaction_type=Sale&page_size=40&page=%d", page), &p)
			total = p.Count
			if len(p.Results) == 0 {
				break
			}
			for _, r := range p.Results {
				all = append(all, r.LatestPrice)
				if r.Images == nil || r.UKPD == "" {
					t.Errorf("result %s lacks images or ukpd_property_type", r.ID)
				}
			}
		}
		if int64(len(all)) != total {
			t.Errorf("paged through %d of %d", len(all), total)
		}
		if !sort.SliceIsSorted(all, func(i, j int) bool { return all[i] < all[j] }) {
			t.Errorf("not sorted by latest_price ascending")
		}
		var p listingsPage
		nearbyGet(t, h, "/api/v1/live-listings/search/?page_size=5", &p)
		for i := 1; i < len(p.Results); i++ {
			if p.Results[i].AddedDate > p.Results[i-1].AddedDate {
				t.Errorf("default sort is not newest first: %s after %s", p.Results[i].AddedDate, p.Results[i-1].AddedDate)
			}
		}
		if p.TotalPages != int64(math.Ceil(float64(p.Count)/5)) {
			t.Errorf("total_pages %d for count %d", p.TotalPages, p.Count)
		}
	})

	t.Run("clusters add up", func(t *testing.T) {
		for _, params := range []string{
			bboxParam + "&zoom=8", bboxParam + "&zoom=12", bboxParam + "&zoom=15",
			bboxParam + "&zoom=13&transaction_type=Sale&bedrooms=3",
			fmt.Sprintf("boundary_id=%d&zoom=11", listingsBoundaryID),
			"bbox=-4,50,-3,51&zoom=3",
		} {
			var c struct {
				Total    int64 `json:"total"`
				Clusters []struct {
					Key      string            `json:"key"`
					Count    int64             `json:"count"`
					Centroid mappings.GeoPoint `json:"centroid"`
					Bounds   struct {
						MinLon float64 `json:"min_lon"`
						MinLat float64 `json:"min_lat"`
						MaxLon float64 `json:"max_lon"`
						MaxLat float64 `json:"max_lat"`
					} `json:"bounds"`
					Price *struct{ Min, Max, Avg float64 } `json:"price"`
				} `json:"clusters"`
				Other struct {
					Count int64 `json:"count"`
				} `json:"other"`
			}
			if st := nearbyGet(t, h, "/api/v1/live-listings/clusters/?"+params, &c); st != 200 {
				t.Errorf("%s: status %d", params, st)
				continue
			}
			var p listingsPage
			nearbyGet(t, h, "/api/v1/live-listings/search/?page_size=1&"+strings.Replace(params, "&zoom=", "&_zoom=", 1), &p)
			sum := c.Other.Count
			for _, b := range c.Clusters {
				sum += b.Count
				const eps = 1e-6
				if b.Centroid.Lat < b.Bounds.MinLat-eps || b.Centroid.Lat > b.Bounds.MaxLat+eps || b.Centroid.Lon < b.Bounds.MinLon-eps || b.Centroid.Lon > b.Bounds.MaxLon+eps {
					t.Errorf("%s: centroid %+v outside tile %s %+v", params, b.Centroid, b.Key, b.Bounds)
				}
				if b.Price == nil || b.Price.Min > b.Price.Avg || b.Price.Avg > b.Price.Max {
					t.Errorf("%s: price stats %+v", params, b.Price)
				}
			}
			if sum != c.Total || c.Total != p.Count || c.Total == 0 {
				t.Errorf("%s: clusters sum %d (other %d), total %d, search count %d", params, sum, c.Other.Count, c.Total, p.Count)
			}
		}
	})
}

// TestListingsScale loads 30,000 listings and a 240-vertex boundary, checks
// that clusters still add up when the bucket cap is hit, and logs latencies
// (never asserted). Opt in with NEARBY_SCALE=1.
func TestListingsScale(t *testing.T) {
	if os.Getenv("NEARBY_SCALE") == "" {
		t.Skip("set NEARBY_SCALE=1 to run")
	}
	osURL, prefix := testenv.OpenSearchPrefix(t)
	var ring [][2]float64
	for i := 0; i <= 240; i++ {
		a := 2 * math.Pi * float64(i%240) / 240
		r := 0.2 + 0.03*math.Sin(7*a) // a wavy ring, ~20 km across
		ring = append(ring, [2]float64{-3.5 + r*math.Cos(a)*1.5, 50.75 + r*math.Sin(a)})
	}
	coords, _ := json.Marshal([][][2]float64{ring})
	fixture.Load(t, osURL, prefix, mappings.IndexBoundaries, map[string]any{
		"1": mappings.Boundary{ID: 1, Code: "W", Name: "Wavy", DisplayName: "Wavy", NameSuggest: "Wavy", Type: "lad", AdminLevel: 8,
			Geometry: &mappings.Geometry{Type: "Polygon", Coordinates: coords}},
	})
	const n = 30000
	docs := make(map[string]any, n)
	base := listingsDocs()[5]
	for i := 0; i < n; i++ {
		l := base
		l.ID = fmt.Sprintf("s%05d", i)
		// A low-discrepancy spread over lon -4.0..-3.0, lat 50.5..51.0.
		fx, fy := math.Mod(float64(i)*0.6180339887, 1), math.Mod(float64(i)*0.7548776662, 1)
		l.Location = &mappings.GeoPoint{Lat: 50.5 + fy*0.5, Lon: -4.0 + fx}
		l.LatestPrice = int64(100000 + (i*7919)%900000)
		l.Bedrooms = 1 + i%5
		docs[l.ID] = l
	}
	t0 := time.Now()
	fixture.Load(t, osURL, prefix, mappings.IndexListings, docs)
	t.Logf("loaded %d listings in %v", n, time.Since(t0).Round(time.Millisecond))
	h := nearbyServer(t, osURL, prefix)
	for _, url := range []string{
		"/api/v1/live-listings/search/?boundary_id=1",
		"/api/v1/live-listings/search/?boundary_id=1&sort=-latest_price&bedrooms=3&page=5",
		"/api/v1/live-listings/search/?bbox=-3.6,50.7,-3.4,50.8",
		"/api/v1/live-listings/clusters/?bbox=-4,50.5,-3,51&zoom=8",
		"/api/v1/live-listings/clusters/?bbox=-4,50.5,-3,51&zoom=14",
		"/api/v1/live-listings/clusters/?boundary_id=1&zoom=11",
		"/api/v1/live-listings/clusters/?boundary_id=1&zoom=16", // no viewport: the bucket cap is hit
	} {
		var lat []time.Duration
		var c struct {
			Total    int64 `json:"total"`
			Count    int64 `json:"count"`
			Clusters []struct {
				Count int64 `json:"count"`
			} `json:"clusters"`
			Other struct {
				Count int64 `json:"count"`
			} `json:"other"`
		}
		for i := 0; i < 20; i++ {
			t0 := time.Now()
			if st := nearbyGet(t, h, url, &c); st != 200 {
				t.Fatalf("%s: %d", url, st)
			}
			lat = append(lat, time.Since(t0))
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		if strings.Contains(url, "clusters") {
			sum := c.Other.Count
			for _, b := range c.Clusters {
				sum += b.Count
			}
			if sum != c.Total {
				t.Errorf("%s: clusters add up to %d, total %d", url, sum, c.Total)
			}
			t.Logf("%s: total %d, %d clusters, other %d; median %v max %v", url, c.Total, len(c.Clusters), c.Other.Count, lat[10].Round(time.Microsecond), lat[19].Round(time.Microsecond))
		} else {
			t.Logf("%s: count %d; median %v max %v", url, c.Count, lat[10].Round(time.Microsecond), lat[19].Round(time.Microsecond))
		}
	}
}
