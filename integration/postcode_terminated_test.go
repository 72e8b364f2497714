//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
)

// TestTerminatedPostcodes loads generated postcodes (EX1 1AS terminated
// 2019-06) into the real engine and checks the lookup and the profile say
// so with live successors of the same sector, and that an endpoint that
// needs a live postcode answers 410 postcode_terminated.
func TestTerminatedPostcodes(t *testing.T) {
	osURL, prefix := testenv.OpenSearchPrefix(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	loadGenerated(ctx, t, osURL, prefix, 7, 300, mappings.IndexPostcodes, mappings.IndexAddresses)
	srv := httptest.NewServer(newAPIServer(t, osURL, api.Options{IndexPrefix: prefix}))
	defer srv.Close()

	type successor struct {
		Postcode  string   `json:"postcode"`
		Basis     string   `json:"basis"`
		DistanceM *float64 `json:"distance_m"`
	}
	checkSucc := func(what string, succ []successor) {
		t.Helper()
		if len(succ) == 0 {
			t.Errorf("%s: no successors", what)
		}
		last := -1.0
		for _, s := range succ {
			if !strings.HasPrefix(s.Postcode, "EX1 1") || s.Postcode == "EX1 1AS" || s.Basis != "nearest_live_in_sector" || s.DistanceM == nil || *s.DistanceM < last {
				t.Errorf("%s: successor %+v (want live EX1 1 postcodes, nearest first)", what, s)
			}
			if s.DistanceM != nil {
				last = *s.DistanceM
			}
			code, _, b := feedGet(t, srv.URL, "/api/v1/postcode-profile?postcode="+strings.ReplaceAll(s.Postcode, " ", "%20"))
			if code != 200 || !strings.Contains(string(b), `"terminated":null`) {
				t.Errorf("%s: successor %s profile: %d %.200s (want a live postcode)", what, s.Postcode, code, b)
			}
		}
	}

	code, _, b := feedGet(t, srv.URL, "/api/v1/postcode-profile?postcode=EX1%201AS")
	var prof struct {
		Postcode   string      `json:"postcode"`
		Terminated *string     `json:"terminated"`
		Successors []successor `json:"successors"`
	}
	if code != 200 || json.Unmarshal(b, &prof) != nil || prof.Terminated == nil || *prof.Terminated != "2019-06" {
		t.Fatalf("profile of EX1 1AS: %d %.300s, want terminated 2019-06", code, b)
	}
	checkSucc("profile", prof.Successors)

	code, _, b = feedGet(t, srv.URL, "/api/v1/address/postcode/EX1%201AS")
	var look struct {
		Count      int         `json:"count"`
		Terminated string      `json:"terminated"`
		Successors []successor `json:"successors"`
	}
	if code != 200 || json.Unmarshal(b, &look) != nil || look.Terminated != "2019-06" || look.Count != 0 {
		t.Fatalf("lookup of EX1 1AS: %d %.300s", code, b)
	}
	checkSucc("lookup", look.Successors)
	// The successors search tries the properties, not loaded here: that
	// dataset is not among those the answer read (X-Data-Epoch, as_of_epoch).
	code, h, b := feedGet(t, srv.URL, "/api/v1/address/postcode/EX1%201AS?as_of_epoch=1")
	if code != 200 || strings.Contains(h.Get("X-Data-Epoch"), "properties") {
		t.Errorf("lookup of EX1 1AS with as_of_epoch=1: %d, X-Data-Epoch %q: %.300s", code, h.Get("X-Data-Epoch"), b)
	}

	code, _, b = feedGet(t, srv.URL, "/api/v1/schools/nearby?postcode=EX1%201AS")
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Details struct {
				Terminated string      `json:"terminated"`
				Successors []successor `json:"successors"`
			} `json:"details"`
		} `json:"error"`
	}
	if code != http.StatusGone || json.Unmarshal(b, &e) != nil || e.Error.Code != "postcode_terminated" || e.Error.Details.Terminated != "2019-06" {
		t.Fatalf("schools near EX1 1AS: %d %.300s, want 410 postcode_terminated", code, b)
	}
	checkSucc("410 details", e.Error.Details.Successors)
}
