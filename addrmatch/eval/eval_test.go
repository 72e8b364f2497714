package eval

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
)

func generatedAddresses(t *testing.T, properties int) []mappings.Address {
	t.Helper()
	c, err := synth.Collect(synth.Config{Seed: 1, Properties: properties})
	if err != nil {
		t.Fatal(err)
	}
	var addrs []mappings.Address
	for _, d := range c.Map(mappings.IndexAddresses) {
		b, _ := json.Marshal(d)
		var a mappings.Address
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatal(err)
		}
		addrs = append(addrs, a)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].UPRN < addrs[j].UPRN })
	return addrs
}

// A distinct job: every row a different address and text, every variation
// present and none far more often than another.
func TestBuildDistinct(t *testing.T) {
	addrs := generatedAddresses(t, 3000)
	cases := BuildDistinct(addrs, 1, 2000)
	if len(cases) != 2000 {
		t.Fatalf("%d cases, want 2000", len(cases))
	}
	texts, uprns := map[string]bool{}, map[int64]bool{}
	counts := map[string]int{}
	for _, c := range cases {
		k := c.Text + "|" + c.Postcode
		if texts[k] {
			t.Fatalf("row %q repeated", k)
		}
		texts[k] = true
		if c.Want != 0 {
			if uprns[c.Want] {
				t.Fatalf("address %d used twice", c.Want)
			}
			uprns[c.Want] = true
		}
		counts[c.Variation]++
	}
	for _, v := range Variations {
		if counts[v] < 2000/len(Variations)/3 {
			t.Errorf("variation %s: %d rows of 2000 (%v)", v, counts[v], counts)
		}
	}
	// Fewer addresses than rows asked: one row an address at most.
	if got := BuildDistinct(addrs[:100], 1, 2000); len(got) > 100 {
		t.Errorf("%d rows from 100 addresses", len(got))
	}
}
