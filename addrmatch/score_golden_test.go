package addrmatch

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/indexer/synth"
	"github.com/ukpd/propertyapi/mappings"
)

var updateScores = flag.Bool("update", false, "rewrite testdata/scores.golden from the current Score")

// TestScoreUnchanged scores generated addresses, written the ways lists
// write them, against the addresses of their postcode and random others,
// and compares each confidence and its reasons with testdata/scores.golden:
// the answers of Score as it was before it was split into functions (the
// file was written by that code, and is rewritten with -update only when
// the scorer is meant to change; a change of the generator, indexer/synth,
// changes the pairs too: rewrite it then from the scorer before the
// change).
func TestScoreUnchanged(t *testing.T) {
	c, err := synth.Collect(synth.Config{Seed: 5, Properties: 400})
	if err != nil {
		t.Fatal(err)
	}
	var addrs []*mappings.Address
	byPostcode := map[string][]*mappings.Address{}
	for _, d := range c.Map(mappings.IndexAddresses) {
		b, _ := json.Marshal(d)
		var a mappings.Address
		if err := json.Unmarshal(b, &a); err != nil {
			t.Fatal(err)
		}
		addrs = append(addrs, &a)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].UPRN < addrs[j].UPRN })
	for _, a := range addrs {
		byPostcode[a.Postcode] = append(byPostcode[a.Postcode], a)
	}
	r := rand.New(rand.NewPCG(1, 2))
	var got strings.Builder
	for i, a := range addrs {
		if i%9 != 0 {
			continue
		}
		full := FullAddress(a)
		texts := [][2]string{{full, ""}, {strings.ToLower(full), ""}, {strings.TrimSuffix(full, ", "+a.Postcode), ""},
			{strings.TrimSuffix(full, ", "+a.Postcode), a.Postcode}, {"Flat 2, " + full, ""}, {"7 " + a.StreetName + ", " + a.PostTown, ""},
			{a.BuildingName + " " + a.StreetName, a.Postcode[:len(a.Postcode)-1] + "Z"}, {typo(full, r), ""}}
		cands := append([]*mappings.Address{}, byPostcode[a.Postcode]...)
		for k := 0; k < 5; k++ {
			cands = append(cands, addrs[r.IntN(len(addrs))])
		}
		for _, tx := range texts {
			p := Parse(tx[0], tx[1])
			for _, cand := range cands {
				conf, rs := Score(p, cand)
				fmt.Fprintf(&got, "%d %.9f %s %s %s %s %s %s %v\n", cand.UPRN, conf, rs.Postcode, rs.Number, rs.Street, rs.Flat, rs.BuildingName, rs.Town, rs.Notes)
			}
		}
	}
	path := filepath.Join("testdata", "scores.golden")
	if *updateScores {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	if len(gl) < 3000 || len(gl) != len(wl) {
		t.Fatalf("%d pairs scored, %d in the golden file", len(gl), len(wl))
	}
	differ := 0
	for i := range gl {
		if gl[i] != wl[i] {
			if differ++; differ < 10 {
				t.Errorf("pair %d: got %s, want %s", i, gl[i], wl[i])
			}
		}
	}
	t.Logf("%d pairs compared, %d differ", len(gl)-1, differ)
}

// typo swaps two letters of the longest word.
func typo(s string, r *rand.Rand) string {
	ws := strings.Fields(s)
	li := 0
	for i, w := range ws {
		if len(w) > len(ws[li]) {
			li = i
		}
	}
	w := []byte(ws[li])
	if len(w) > 3 {
		k := 1 + r.IntN(len(w)-2)
		w[k], w[k+1] = w[k+1], w[k]
	}
	ws[li] = string(w)
	return strings.Join(ws, " ")
}
