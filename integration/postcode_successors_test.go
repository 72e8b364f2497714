//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// TestTerminatedPostcodeSuccessorsFromONSUD loads generated postcodes,
// addresses and properties into the real engine, then imports two NSUL
// releases with `indexer import --merge onsud`: in the first, three
// UPRNs are in EX1 1AS (terminated 2019-06 in the postcode directory); in
// the second, two of them are in one live postcode and the third in
// another. The terminated postcode then names those two as successors
// (basis uprn_history, with 2 and 1 UPRNs), the same in the lookup, the
// profile and the 410 of an endpoint that needs a live postcode; the
// property answers its new postcode; the properties feed returns exactly
// the three moves; and a terminated postcode without history still gets
// the nearest live postcodes of its sector.
func TestTerminatedPostcodeSuccessorsFromONSUD(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	dir := loadGenerated(ctx, t, osURL, prefix, 7, 300, mappings.IndexPostcodes, mappings.IndexAddresses, mappings.IndexProperties)

	// Three properties: two in one postcode (to), one in another (to2);
	// and a terminated postcode of another district (the fallback case).
	byPostcode := map[string][]int64{}
	for _, line := range ndjsonLines(t, filepath.Join(dir, "properties.ndjson")) {
		var p mappings.Property
		if json.Unmarshal([]byte(line), &p) == nil && p.Postcode != "" {
			byPostcode[p.Postcode] = append(byPostcode[p.Postcode], p.UPRN)
		}
	}
	var to, to2 string
	var moved []int64
	for _, pc := range slices.Sorted(maps.Keys(byPostcode)) {
		switch u := byPostcode[pc]; {
		case to == "" && len(u) >= 2:
			to, moved = pc, append(moved, u[0], u[1])
		case to != "" && to2 == "":
			to2, moved = pc, append(moved, u[0])
		}
	}
	other := ""
	for _, line := range ndjsonLines(t, filepath.Join(dir, "postcodes.ndjson")) {
		var p mappings.Postcode
		if json.Unmarshal([]byte(line), &p) == nil && p.IsTerminated && p.Postcode != "EX1 1AS" && p.Location != nil {
			other = p.Postcode
			break
		}
	}
	if to2 == "" || other == "" {
		t.Fatalf("generated data: postcodes %v, another terminated postcode %q", byPostcode, other)
	}

	// The two releases, in the NSUL layout of the importer's fixtures.
	fixture, err := os.ReadFile("../indexer/importer/testdata/onsud/NSUL_NOV_2025_SW.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(fixture), "\n")
	header, rest := lines[0], strings.SplitN(lines[1], ",", 5)[4] // columns after UPRN, GRIDGB1E, GRIDGB1N, PCDS
	release := func(name string, postcodes ...string) string {
		var b strings.Builder
		b.WriteString(header + "\n")
		for i, u := range moved {
			fmt.Fprintf(&b, "%d,292900,92600,%s,%s\n", u, postcodes[i], rest)
		}
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	out := importCLI(t, osURL, prefix, "--merge", "--release", "NOV_2025", "onsud", release("NSUL_NOV_2025_SW.csv", "EX1 1AS", "EX1 1AS", "EX1 1AS"))
	if strings.Contains(out, "moved") {
		t.Errorf("first release reported moves:\n%s", out)
	}
	srv := httptest.NewServer(newAPIServer(t, osURL, api.Options{IndexPrefix: prefix}))
	defer srv.Close()
	var ds struct {
		Datasets []struct {
			Dataset string `json:"dataset"`
			Epoch   int64  `json:"epoch"`
		} `json:"datasets"`
	}
	code, _, b := feedGet(t, srv.URL, "/api/v1/datasets")
	if code != 200 || json.Unmarshal(b, &ds) != nil {
		t.Fatalf("datasets: %d %s", code, b)
	}
	var since int64
	for _, d := range ds.Datasets {
		if d.Dataset == mappings.IndexProperties {
			since = d.Epoch
		}
	}
	// Before the second release nothing says where EX1 1AS's UPRNs went.
	if s := successorsOf(t, srv.URL, "EX1 1AS"); len(s) == 0 || s[0].Basis != "nearest_live_in_sector" {
		t.Errorf("before the second release: %+v, want the sector fallback", s)
	}
	out = importCLI(t, osURL, prefix, "--merge", "--release", "FEB_2026", "onsud", release("NSUL_FEB_2026_SW.csv", to2, to2, to)) // each to a postcode it was not in
	if !strings.Contains(out, "kept 3: UPRN moved to another postcode since the previous release") {
		t.Errorf("second release report:\n%s", out)
	}

	two, one := 2, 1
	want := []successorJSON{{Postcode: to2, Basis: "uprn_history", UPRNs: &two}, {Postcode: to, Basis: "uprn_history", UPRNs: &one}}
	got := successorsOf(t, srv.URL, "EX1 1AS")
	if len(got) != 2 {
		t.Fatalf("successors of EX1 1AS: %+v, want %s (2 UPRNs) and %s (1)", got, to2, to)
	}
	for i, w := range want {
		if g := got[i]; g.Postcode != w.Postcode || g.Basis != w.Basis || g.UPRNs == nil || *g.UPRNs != *w.UPRNs || g.DistanceM == nil {
			t.Errorf("successor %d: %+v, want %+v with a distance", i, g, w)
		}
	}
	// Every endpoint that takes the postcode shows the same successors.
	gotJSON, _ := json.Marshal(got)
	for _, path := range []string{"/api/v1/address/postcode/EX1%201AS", "/api/v1/schools/nearby?postcode=EX1%201AS", "/api/v1/crime?postcode=EX11AS"} {
		code, _, b := feedGet(t, srv.URL, path)
		var r struct {
			Successors []successorJSON `json:"successors"`
			Error      struct {
				Code    string `json:"code"`
				Details struct {
					Successors []successorJSON `json:"successors"`
				} `json:"details"`
			} `json:"error"`
		}
		_ = json.Unmarshal(b, &r)
		s := r.Successors
		if code == http.StatusGone {
			s = r.Error.Details.Successors
		}
		if sb, _ := json.Marshal(s); string(sb) != string(gotJSON) || (code != 200 && r.Error.Code != "postcode_terminated") {
			t.Errorf("%s: %d %.300s, want the successors %s", path, code, b, gotJSON)
		}
	}
	// The moved property answers its new postcode.
	code, _, b = feedGet(t, srv.URL, fmt.Sprintf("/api/v1/properties/%d", moved[0]))
	if code != 200 || !strings.Contains(string(b), `"`+to2+`"`) || strings.Contains(string(b), `"`+to+`"`) {
		t.Errorf("property %d: %d %.300s, want postcode %s", moved[0], code, b, to2)
	}
	// The properties feed since the first release: exactly the three moves.
	code, _, b = feedGet(t, srv.URL, fmt.Sprintf("/api/v1/changes/properties?since=%d&fields=ids", since))
	var feed feedPage
	if code != 200 || json.Unmarshal(b, &feed) != nil {
		t.Fatalf("properties feed: %d %s", code, b)
	}
	var ids []string
	for _, c := range feed.Changes {
		ids = append(ids, c.ID)
		if c.Op != "update" || !slices.Contains(c.ChangedFields, "postcode_history") || !slices.Contains(c.ChangedFields, "postcode") {
			t.Errorf("feed entry %+v, want an update of postcode and postcode_history", c)
		}
	}
	var wantIDs []string
	for _, u := range moved {
		wantIDs = append(wantIDs, fmt.Sprint(u))
	}
	slices.Sort(wantIDs)
	if !slices.Equal(ids, wantIDs) {
		t.Errorf("properties feed since %d: %v, want %v", since, ids, wantIDs)
	}
	// No history for another terminated postcode: the sector fallback.
	if s := successorsOf(t, srv.URL, other); len(s) == 0 || s[0].Basis != "nearest_live_in_sector" || s[0].UPRNs != nil {
		t.Errorf("successors of %s: %+v, want the nearest live postcodes of its sector", other, s)
	}
}

type successorJSON struct {
	Postcode  string   `json:"postcode"`
	Basis     string   `json:"basis"`
	DistanceM *float64 `json:"distance_m"`
	UPRNs     *int     `json:"uprns"`
}

// successorsOf reads the successors of a terminated postcode from its profile.
func successorsOf(t *testing.T, base, postcode string) []successorJSON {
	t.Helper()
	code, _, b := feedGet(t, base, "/api/v1/postcode-profile?postcode="+strings.ReplaceAll(postcode, " ", "%20"))
	var prof struct {
		Terminated *string         `json:"terminated"`
		Successors []successorJSON `json:"successors"`
	}
	if code != 200 || json.Unmarshal(b, &prof) != nil || prof.Terminated == nil {
		t.Fatalf("profile of %s: %d %.300s, want terminated", postcode, code, b)
	}
	return prof.Successors
}

func ndjsonLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}
