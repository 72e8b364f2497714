//go:build integration

package integration

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// profiledSearch posts body with "profile": true to index and decodes the
// answer's aggregation buckets and the engine's profile of them.
func profiledSearch(t *testing.T, osURL, index string, body query.M) (buckets []struct {
	Key      string `json:"key"`
	DocCount int    `json:"doc_count"`
}, aggs []struct {
	Type        string         `json:"type"`
	Description string         `json:"description"`
	Debug       map[string]any `json:"debug"`
}) {
	t.Helper()
	body["profile"] = true
	b, _ := json.Marshal(body)
	resp, err := http.Post(osURL+"/"+index+"/_search", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Aggregations map[string]struct {
			Buckets []struct {
				Key      string `json:"key"`
				DocCount int    `json:"doc_count"`
			} `json:"buckets"`
		} `json:"aggregations"`
		Profile struct {
			Shards []struct {
				Aggregations []struct {
					Type        string         `json:"type"`
					Description string         `json:"description"`
					Debug       map[string]any `json:"debug"`
				} `json:"aggregations"`
			} `json:"shards"`
		} `json:"profile"`
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("search %s: %s", index, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if len(out.Profile.Shards) == 0 {
		t.Fatal("no profile in the answer")
	}
	return out.Aggregations[query.BuildingFlatsAgg].Buckets, out.Profile.Shards[0].Aggregations
}

// The typeahead's follow-up that counts a building's matching flats must
// not cost in proportion to the index. Its terms aggregation on
// building_key, left to the engine's default, counted in an array of one
// slot per building key in the index (dense global ordinals): 21.6M keys
// and 355 MB allocated per request at 32M addresses, which filled the
// engine's heap under load (docs/performance.md). The engine's profile
// names the aggregator it chose; the map aggregator hashes only the keys
// the query lets through.
func TestBuildingFlatsFollowUpIsSizedByItsMatches(t *testing.T) {
	env := addressEnv(t)
	addrs := addressFixture()
	env.loadAddresses(t, addrs)

	// The buildings of flats on the first street that has any, and how
	// many addresses (flats and the building's own record) each key holds.
	count := map[string]int{}
	var keys []string
	var street, town string
	for _, a := range addrs {
		if a.ParentUPRN == 0 || a.BuildingKey == "" {
			continue
		}
		if len(keys) == 0 {
			street, town = a.StreetName, a.TownName
		}
		if a.StreetName != street || a.TownName != town {
			continue
		}
		if count[a.BuildingKey] == 0 {
			keys = append(keys, a.BuildingKey)
		}
		count[a.BuildingKey]++
	}
	for _, a := range addrs {
		if a.ParentUPRN == 0 && count[a.BuildingKey] > 0 {
			count[a.BuildingKey]++ // the building's own record
		}
	}
	if len(keys) == 0 {
		t.Fatal("the fixture has no flats")
	}

	body := query.AddressBuildingFlats(query.ParseAddressText(street+" "+town), query.AddressFindParams{Size: 10}, false, keys, 3)
	buckets, aggs := profiledSearch(t, env.url, env.prefix+mappings.IndexAddresses, body)

	if len(aggs) != 1 {
		t.Fatalf("profile has %d aggregations, want 1: %+v", len(aggs), aggs)
	}
	if got := aggs[0].Type; got != "MapStringTermsAggregator" {
		t.Errorf("aggregator %s (debug %v), want MapStringTermsAggregator: counters sized by the matches, not by every building key", got, aggs[0].Debug)
	}
	if len(buckets) != len(keys) {
		t.Fatalf("%d buckets for %d keys: %+v", len(buckets), len(keys), buckets)
	}
	for _, b := range buckets {
		if b.DocCount != count[b.Key] {
			t.Errorf("building %q: %d addresses counted, the fixture has %d", b.Key, b.DocCount, count[b.Key])
		}
	}
}
