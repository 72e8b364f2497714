//go:build integration

package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/gate"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/integration/testenv"
	"github.com/ukpd/propertyapi/mappings"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Consistency between endpoints, each point against the real
// OpenSearch (a generated UK) and, for metering, the real Redis.

// consEnv is a synthetic world behind two servers: one without a gate
// (handlers only) and one behind the real gate on Redis, with a key per plan.
type consEnv struct {
	w      *synthWorld
	open   http.Handler
	gated  *httptest.Server
	svc    *ratelimit.Service
	keys   map[string]ratelimit.Key
	secret map[string]string
	org    ratelimit.Org
}

func newConsEnv(t *testing.T) *consEnv {
	t.Helper()
	osURL, prefix := testenv.OpenSearchPrefix(t)
	w := loadSynthWorld(t, osURL, prefix, 1500)
	sc := searchClient(t, search.Config{URLs: []string{osURL}})
	now := w.Now
	clock := func() time.Time { return now }
	e := &consEnv{w: w, keys: map[string]ratelimit.Key{}, secret: map[string]string{}}
	e.open = newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Now: clock})
	e.svc = ratelimit.New(keysStore(t), ratelimit.Options{})
	ctx := context.Background()
	var err error
	if e.org, err = e.svc.CreateOrg(ctx, "Consistency Ltd", 0); err != nil {
		t.Fatal(err)
	}
	for _, plan := range []string{ratelimit.PlanFree, ratelimit.PlanGrowth, ratelimit.PlanPro, ratelimit.PlanEnterprise} {
		k, secret, err := e.svc.CreateKey(ctx, ratelimit.KeySpec{OrgID: e.org.ID, Plan: plan})
		if err != nil {
			t.Fatal(err)
		}
		e.keys[plan], e.secret[plan] = k, secret
	}
	g := gate.New(e.svc, gate.Options{})
	e.gated = httptest.NewServer(newAPIServer(t, osURL, api.Options{Backend: sc, IndexPrefix: prefix, Now: clock, Gate: g.Wrap}))
	t.Cleanup(e.gated.Close)
	return e
}

// get serves target on the ungated server and decodes the JSON body.
func (e *consEnv) get(t *testing.T, target string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	e.open.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("GET %s: %d, body not JSON: %.200s", target, rec.Code, rec.Body)
	}
	return rec.Code, m
}

// call sends a request with a plan's key through the gate.
func (e *consEnv) call(t *testing.T, plan, method, target, body string) (*http.Response, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, e.gated.URL+target, strings.NewReader(body))
	req.Header.Set("Authorization", "Api-Key "+e.secret[plan])
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return resp, m
}

func (e *consEnv) usage(t *testing.T, plan string) int {
	t.Helper()
	n, err := e.svc.Store().Usage(context.Background(), e.org.ID, e.keys[plan].Meter, ratelimit.PeriodAt(time.Now(), e.org.AnchorDay).ID(), "")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// errDetails returns an error body's details (nil when there are none).
func errDetails(m map[string]any) map[string]any {
	e, _ := m["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	return d
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

// docs returns every document of an index, decoded, in id order.
func (w *synthWorld) all(t *testing.T, index string) []map[string]any {
	t.Helper()
	ids := make([]string, 0, len(w.docs[index]))
	for id := range w.docs[index] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]map[string]any, 0, len(ids))
	for _, id := range ids {
		var m map[string]any
		if err := json.Unmarshal(w.docs[index][id], &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestConsistency(t *testing.T) {
	e := newConsEnv(t)
	w := e.w

	// Point 1: a building UPRN works wherever a UPRN is accepted.
	t.Run("BuildingUPRNs", func(t *testing.T) {
		var buildings []map[string]any
		addrs := w.all(t, mappings.IndexAddresses)
		for _, a := range addrs {
			if num(a["flat_count"]) > 0 {
				buildings = append(buildings, a)
			}
		}
		if len(buildings) == 0 {
			t.Fatal("the generated world has no building record")
		}
		t.Logf("%d building records of %d addresses (%.1f%%)", len(buildings), len(addrs), 100*float64(len(buildings))/float64(len(addrs)))
		b := buildings[0]
		uprn := fmt.Sprint(num(b["uprn"]))
		pc := fmt.Sprint(b["postcode"])

		// address/postcode lists it, marked as a building.
		_, body := e.get(t, "/api/address/postcode/"+url.PathEscape(pc)+"/")
		found := false
		for _, a := range body["addresses"].([]any) {
			am := a.(map[string]any)
			if fmt.Sprint(num(am["uprn"])) == uprn {
				found = true
				if am["type"] != "building" || num(am["flat_count"]) != num(b["flat_count"]) {
					t.Errorf("address/postcode: building listed as %v (flat_count %v)", am["type"], am["flat_count"])
				}
			} else if am["type"] != "address" {
				t.Errorf("address/postcode: %v has type %v", am["uprn"], am["type"])
			}
		}
		if !found {
			t.Fatalf("address/postcode %s does not list building %s", pc, uprn)
		}
		// address/find in postcode mode labels it too.
		_, body = e.get(t, "/api/address/find?q="+url.QueryEscape(pc)+"&limit=20")
		for _, s := range body["suggestions"].([]any) {
			sm := s.(map[string]any)
			if fmt.Sprint(num(sm["uprn"])) == uprn && (sm["type"] != "building" || num(sm["flat_count"]) == 0) {
				t.Errorf("address/find: building suggestion %+v", sm)
			}
		}

		// Whole-building endpoints answer with the building; every answer
		// matches the served schema.
		v := newSchemaValidator(t, e.open)
		check := func(op, target string, want int) map[string]any {
			rec := httptest.NewRecorder()
			e.open.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
			var m map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &m)
			if rec.Code != want {
				t.Errorf("GET %s: %d %v, want %d", target, rec.Code, m["error"], want)
			}
			if err := v.validate(op, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes()); err != nil {
				t.Errorf("GET %s: %v", target, err)
			}
			return m
		}
		for _, c := range [][2]string{
			{"properties.get", "/api/properties/" + uprn}, {"property.discover", "/api/property/" + uprn + "/"},
			{"property.tier", "/api/property/" + uprn + "/address/"}, {"property.tier", "/api/property/" + uprn + "/complete/"},
			{"properties.part", "/api/properties/" + uprn + "/land/"},
			{"address.retrieve", "/api/address/retrieve/" + uprn + "?level=property"}, {"address.retrieve", "/api/address/retrieve/" + uprn + "?level=full"},
			{"risks.get", "/api/risks/all/?uprn=" + uprn}, {"flood.risk", "/api/flood-risk/?uprn=" + uprn},
			{"amenities.nearby", "/api/amenities/nearby?uprn=" + uprn + "&radius_km=3"},
			{"live_listings.search", "/api/live-listings/search/?uprn=" + uprn}, {"titles.get", "/api/property_lr_titles/" + uprn},
			{"sales.list", "/api/property_sales/?uprn=" + uprn}, {"listings.list", "/api/property_listings/?property=" + uprn},
			{"events.list", "/api/property_sale_events/?uprn=" + uprn},
		} {
			check(c[0], c[1], 200)
		}

		// Per-dwelling endpoints: 422 uprn_is_building with the flats.
		for _, c := range [][2]string{
			{"epc.checker", "/api/epc-checker/" + uprn}, {"valuations.estimate", "/api/valuations/estimate/?uprn=" + uprn},
			{"comparables.get", "/api/comparables/" + uprn}, {"council_tax.get", "/api/council_tax/" + uprn},
			{"solar.assessment", "/api/solar-assessment/" + uprn}, {"properties.part", "/api/properties/" + uprn + "/rooms/"},
		} {
			m := check(c[0], c[1], 422)
			flats, _ := errDetails(m)["flats"].([]any)
			if errCode(m) != "uprn_is_building" || len(flats) == 0 {
				t.Errorf("GET %s: %v, want uprn_is_building with the flats", c[1], m["error"])
			}
		}
		_, rec := e.get(t, "/api/properties/"+uprn)
		recFlats, _ := rec["flats"].([]any)
		if rec["is_building"] != true || num(rec["flat_count"]) < 1 || len(recFlats) == 0 || rec["classification_code"] == nil || rec["latitude"] == nil {
			t.Fatalf("building record: is_building %v flat_count %v flats %v classification %v", rec["is_building"], rec["flat_count"], rec["flats"], rec["classification_code"])
		}
		flat := recFlats[0].(map[string]any)
		if code, fr := e.get(t, "/api/properties/"+fmt.Sprint(num(flat["uprn"]))); code != 200 || fr["is_building"] != false || fmt.Sprint(num(fr["parent_uprn"])) != uprn {
			t.Errorf("flat %v: %d is_building %v parent %v", flat["uprn"], code, fr["is_building"], fr["parent_uprn"])
		}

	})

	// Point 2: a sale's events include its listing's.
	t.Run("SaleEventsLinked", func(t *testing.T) {
		saleID, sale := w.find(t, mappings.IndexSales, func(m map[string]any) bool {
			ids, _ := m["listing_ids"].([]any)
			return len(ids) > 0
		})
		_, body := e.get(t, "/api/property_sale_events/?sale="+saleID+"&ordering=date")
		types := map[string]bool{}
		for _, r := range body["results"].([]any) {
			ev := r.(map[string]any)
			types[fmt.Sprint(ev["event_type"])] = true
			if fmt.Sprint(num(ev["sale"])) != saleID {
				t.Errorf("event %v of sale %s carries sale %v", ev["id"], saleID, ev["sale"])
			}
		}
		if !types["Completed"] || !(types["Sold STC"] || types["Sold STCM"]) || len(types) < 3 {
			t.Errorf("events of sale %s: %v; want the listing's Added … Sold STC and Completed", saleID, types)
		}
		ids := sale["listing_ids"].([]any)
		sold := fmt.Sprint(ids[len(ids)-1])
		_, l := e.get(t, "/api/property_listings/"+sold+"/")
		if fmt.Sprint(num(l["sale"])) != saleID {
			t.Errorf("listing %s that sold carries sale %v, want %s", sold, l["sale"], saleID)
		}
		_, sales := e.get(t, "/api/property_sales/?id="+saleID)
		nested := sales["results"].([]any)[0].(map[string]any)["property_sale_events"].([]any)
		if len(nested) != int(num(body["count"])) {
			t.Errorf("property_sales nests %d events, property_sale_events?sale= lists %v", len(nested), body["count"])
		}
		// Counted over the world: every listing with a sale has all its events linked.
		linked, total := 0, 0
		for _, ev := range w.all(t, mappings.IndexSaleEvents) {
			if ev["listing"] != nil && ev["event_type"] != "Completed" {
				total++
				if ev["sale"] != nil {
					linked++
				}
			}
		}
		t.Logf("portal events linked to a sale: %d of %d", linked, total)
		if linked == 0 {
			t.Error("no portal event is linked to its sale")
		}
	})

	// Point 3: council_tax_band never picks a flat silently.
	t.Run("CouncilTaxBandFlats", func(t *testing.T) {
		byParent := map[int64][]map[string]any{}
		for _, p := range w.all(t, mappings.IndexProperties) {
			if num(p["parent_uprn"]) > 0 && p["council_tax_band"] != nil && p["sub_building"] != nil && p["building_number"] != nil && p["country"] != "S" && p["country"] != "N" {
				byParent[num(p["parent_uprn"])] = append(byParent[num(p["parent_uprn"])], p)
			}
		}
		var flats []map[string]any
		for _, fs := range byParent {
			if len(fs) >= 3 && (flats == nil || fs[0]["uprn"].(float64) < flats[0]["uprn"].(float64)) {
				flats = fs
			}
		}
		if flats == nil {
			t.Fatal("no block of three or more flats with bands")
		}
		f := flats[len(flats)-1]
		pc, bnum, sub := fmt.Sprint(f["postcode"]), fmt.Sprint(f["building_number"]), fmt.Sprint(f["sub_building"])
		base := "/api/council_tax_band/?postcode=" + url.QueryEscape(pc) + "&building_number=" + url.QueryEscape(bnum)
		code, m := e.get(t, base)
		switch code {
		case 300:
			cands, _ := errDetails(m)["candidates"].([]any)
			if errCode(m) != "ambiguous_address" || len(cands) < len(flats) {
				t.Errorf("ambiguous: %v", m)
			}
		case 200:
			if m["uprn"] != nil || num(m["matched"]) < int64(len(flats)) {
				t.Errorf("several flats with one band: uprn %v matched %v", m["uprn"], m["matched"])
			}
		default:
			t.Errorf("GET %s: %d %v", base, code, m)
		}
		for _, target := range []string{base + "&sub_building=" + url.QueryEscape(sub), base + "&flat=" + url.QueryEscape(sub),
			"/api/council_tax_band/?postcode=" + url.QueryEscape(pc) + "&building_number=" + url.QueryEscape(bnum) + "&building_name=" + url.QueryEscape(sub)} {
			code, m := e.get(t, target)
			if code != 200 || num(m["uprn"]) != num(f["uprn"]) || m["council_tax_band"] != f["council_tax_band"] {
				t.Errorf("GET %s: %d uprn %v band %v, want %v %v", target, code, m["uprn"], m["council_tax_band"], f["uprn"], f["council_tax_band"])
			}
		}
	})

	// Point 5: no such UPRN is 404 and free everywhere; known with no rows is 200.
	t.Run("UnknownIDs", func(t *testing.T) {
		_, house := w.find(t, mappings.IndexProperties, func(m map[string]any) bool { return m["last_sold_date"] == nil && m["parent_uprn"] == nil })
		known := fmt.Sprint(num(house["uprn"]))
		for _, target := range []string{"/api/property_sales/?uprn=99999999", "/api/property_listings/?property=99999999",
			"/api/property_sale_events/?uprn=99999999", "/api/live-listings/search/?uprn=99999999", "/api/property_sale_events/?sale=999999999"} {
			before := e.usage(t, ratelimit.PlanPro)
			resp, m := e.call(t, ratelimit.PlanPro, http.MethodGet, target, "")
			if resp.StatusCode != 404 || errCode(m) != "not_found" || resp.Header.Get("X-Call-Weight") != "0" || e.usage(t, ratelimit.PlanPro) != before {
				t.Errorf("GET %s: %d %s weight %q, usage %d → %d; want 404 not_found, free", target, resp.StatusCode, errCode(m), resp.Header.Get("X-Call-Weight"), before, e.usage(t, ratelimit.PlanPro))
			}
		}
		resp, m := e.call(t, ratelimit.PlanPro, http.MethodGet, "/api/property_sales/?uprn="+known, "")
		if resp.StatusCode != 200 || num(m["count"]) != 0 || resp.Header.Get("X-Call-Weight") != "1" {
			t.Errorf("known UPRN without sales: %d count %v weight %s", resp.StatusCode, m["count"], resp.Header.Get("X-Call-Weight"))
		}
	})

	// Point 6: uprn= on live listings means this property unless a radius is given.
	t.Run("LiveListingsUPRNExact", func(t *testing.T) {
		lives := []map[string]any{}
		for _, l := range w.all(t, mappings.IndexListings) {
			if l["is_live"] == true && num(l["property_uprn"]) > 0 && l["geopoint"] != nil {
				lives = append(lives, l)
			}
		}
		var target map[string]any
		neighbours := 0
		for _, a := range lives {
			la := a["geopoint"].(map[string]any)
			n := 0
			for _, b := range lives {
				if num(b["property_uprn"]) == num(a["property_uprn"]) {
					continue
				}
				lb := b["geopoint"].(map[string]any)
				if haversine(la["lat"].(float64), la["lon"].(float64), lb["lat"].(float64), lb["lon"].(float64)) < 240 {
					n++
				}
			}
			if n > neighbours {
				target, neighbours = a, n
			}
		}
		if target == nil {
			t.Fatal("no live listing with a neighbour within 240 m (the old default radius was 250 m)")
		}
		u := fmt.Sprint(num(target["property_uprn"]))
		_, m := e.get(t, "/api/live-listings/search/?uprn="+u+"&page_size=50")
		for _, r := range m["results"].([]any) {
			if fmt.Sprint(num(r.(map[string]any)["property_uprn"])) != u && fmt.Sprint(num(r.(map[string]any)["uprn"])) != u {
				t.Errorf("uprn=%s returned a neighbour's listing %v", u, r.(map[string]any)["listing_id"])
			}
		}
		exact := num(m["count"])
		_, m = e.get(t, "/api/live-listings/search/?uprn="+u+"&radius_km=0.25&page_size=50")
		if exact < 1 || num(m["count"]) <= exact {
			t.Errorf("uprn=%s: %d exact, %v with radius_km=0.25 (%d neighbours within 240 m)", u, exact, m["count"], neighbours)
		}
	})

	// Point 7: an export limit above the plan cap is refused, naming the cap.
	t.Run("ExportCapRefused", func(t *testing.T) {
		_, l := w.find(t, mappings.IndexListings, func(m map[string]any) bool { return m["is_live"] == true })
		oc := fmt.Sprint(l["outcode"])
		resp, m := e.call(t, ratelimit.PlanGrowth, http.MethodPost, "/api/listings/export", `{"filters":{"postcode":"`+oc+`","radius_miles":3},"format":"json","limit":5000}`)
		det := errDetails(m)
		if resp.StatusCode != 422 || errCode(m) != "limit_above_plan_cap" || det == nil || num(det["plan_cap"]) != 1000 {
			t.Errorf("growth export limit 5000: %d %v", resp.StatusCode, m)
		}
		resp, _ = e.call(t, ratelimit.PlanGrowth, http.MethodPost, "/api/listings/export", `{"filters":{"postcode":"`+oc+`","radius_miles":3},"format":"json","limit":10}`)
		if resp.StatusCode != 200 || resp.Header.Get("X-Export-Row-Cap") != "1000" {
			t.Errorf("growth export limit 10: %d cap header %q", resp.StatusCode, resp.Header.Get("X-Export-Row-Cap"))
		}
	})

	// Point 9: quota headers are integers or absent.
	t.Run("QuotaHeadersNumeric", func(t *testing.T) {
		_, p := w.find(t, mappings.IndexPostcodes, func(m map[string]any) bool { return m["is_terminated"] == false && m["country"] == "E" })
		q := "/api/postcode-profile?postcode=" + url.QueryEscape(fmt.Sprint(p["postcode"]))
		for _, plan := range []string{ratelimit.PlanEnterprise, ratelimit.PlanFree, ratelimit.PlanPro} {
			resp, _ := e.call(t, plan, http.MethodGet, q, "")
			if resp.StatusCode != 200 {
				t.Fatalf("%s: %d", plan, resp.StatusCode)
			}
			for k, v := range resp.Header {
				if strings.HasPrefix(k, "X-Ratelimit") || k == "X-Call-Weight" {
					if _, err := strconv.ParseInt(v[0], 10, 64); err != nil {
						t.Errorf("%s: %s: %q is not an integer", plan, k, v[0])
					}
				}
			}
			switch plan {
			case ratelimit.PlanEnterprise:
				if resp.Header.Get("X-RateLimit-Limit") != "" || resp.Header.Get("X-RateLimit-Remaining") != "" {
					t.Errorf("enterprise: limit headers %q %q, want none", resp.Header.Get("X-RateLimit-Limit"), resp.Header.Get("X-RateLimit-Remaining"))
				}
			case ratelimit.PlanFree:
				if resp.Header.Get("X-RateLimit-Endpoint-Limit") != "25" || resp.Header.Get("X-RateLimit-Endpoint-Remaining") != "24" || resp.Header.Get("X-RateLimit-Limit") != "100" {
					t.Errorf("free: endpoint allowance %q/%q limit %q, want 25/24 and 100", resp.Header.Get("X-RateLimit-Endpoint-Limit"), resp.Header.Get("X-RateLimit-Endpoint-Remaining"), resp.Header.Get("X-RateLimit-Limit"))
				}
			case ratelimit.PlanPro:
				if resp.Header.Get("X-RateLimit-Endpoint-Limit") != "" || resp.Header.Get("X-RateLimit-Limit") == "" {
					t.Errorf("pro: endpoint limit %q limit %q", resp.Header.Get("X-RateLimit-Endpoint-Limit"), resp.Header.Get("X-RateLimit-Limit"))
				}
			}
		}
	})

	// Point 10: each nation's deprivation index.
	t.Run("DeprivationPerNation", func(t *testing.T) {
		want := map[string][4]string{"E": {"England", "IMD2019", "32844", "English"}, "W": {"Wales", "WIMD2019", "1909", "Welsh"},
			"S": {"Scotland", "SIMD2020", "6976", "Scottish"}, "N": {"Northern Ireland", "NIMDM2017", "890", "Northern Ireland"}}
		for country, wv := range want {
			_, p := w.find(t, mappings.IndexPostcodes, func(m map[string]any) bool {
				return m["country"] == country && m["is_terminated"] == false && m["lsoa_code"] != nil && m["area"] != "M"
			})
			code, m := e.get(t, "/api/deprivation/?postcode="+url.QueryEscape(fmt.Sprint(p["postcode"])))
			if code != 200 {
				t.Errorf("%s %v: %d %v", country, p["postcode"], code, m)
				continue
			}
			ov := m["overall"].(map[string]any)
			md := m["metadata"].(map[string]any)
			total, _ := strconv.ParseInt(wv[2], 10, 64)
			source := fmt.Sprint(md["source"])
			if !strings.HasSuffix(fmt.Sprint(ov["label"]), "in "+wv[0]) || md["edition"] != wv[1] || num(md["total_lsoas"]) != total ||
				!strings.Contains(source, wv[3]) || strings.Contains(source, "English") != (country == "E") ||
				num(ov["rank"]) < 1 || num(ov["rank"]) > total {
				t.Errorf("%s: label %q edition %v total %v source %v rank %v", country, ov["label"], md["edition"], md["total_lsoas"], md["source"], ov["rank"])
			}
		}
		// Manchester (M) is in the spec's uncovered list: 'Postcode not found'.
		_, p := w.find(t, mappings.IndexPostcodes, func(m map[string]any) bool { return m["area"] == "M" && m["is_terminated"] == false })
		code, m := e.get(t, "/api/deprivation/?postcode="+url.QueryEscape(fmt.Sprint(p["postcode"])))
		if code != 404 || errCode(m) != "not_found" || !strings.Contains(fmt.Sprint(m["error"].(map[string]any)["message"]), "Postcode not found") {
			t.Errorf("uncovered M postcode: %d %v", code, m)
		}
	})

	// Point 8 (here for the endpoints the issue names) and the smaller points.
	t.Run("NoValueAndSmaller", func(t *testing.T) {
		_, a := w.find(t, mappings.IndexAddresses, func(m map[string]any) bool { return m["building_name"] == nil && m["sub_building"] == nil })
		_, m := e.get(t, "/api/address/postcode/"+url.PathEscape(fmt.Sprint(a["postcode"])))
		for _, x := range m["addresses"].([]any) {
			for k, v := range x.(map[string]any) {
				if v == "" {
					t.Errorf("address/postcode %v: %s is \"\", want null", x.(map[string]any)["uprn"], k)
				}
			}
		}
		_, p := w.find(t, mappings.IndexPostcodes, func(m map[string]any) bool { return m["is_terminated"] == false && m["country"] == "E" })
		resp, prof := e.call(t, ratelimit.PlanPro, http.MethodGet, "/api/postcode-profile?postcode="+url.QueryEscape(fmt.Sprint(p["postcode"])), "")
		if sc, ok := prof["schools"].(map[string]any); resp.StatusCode != 200 || !ok {
			t.Errorf("postcode-profile: %d schools %v", resp.StatusCode, prof["schools"])
		} else if _, ok := sc["by_ofsted_rating"].(map[string]any); !ok {
			t.Errorf("postcode-profile (pro): schools.by_ofsted_rating is %v, want an object ({} without schools)", sc["by_ofsted_rating"])
		}
		// invalid_postcode mentions a plus sign only when there was one.
		_, m = e.get(t, "/api/address/postcode/NOPE")
		if strings.Contains(fmt.Sprint(m["error"]), "plus") {
			t.Errorf("invalid_postcode without a plus sign: %v", m["error"])
		}
		_, m = e.get(t, "/api/address/postcode/EX1+1AE")
		if !strings.Contains(fmt.Sprint(m["error"]), "plus") {
			t.Errorf("invalid_postcode with a plus sign: %v", m["error"])
		}
		// The older list's Let finds the Let agreed events.
		_, ev := w.find(t, mappings.IndexSaleEvents, func(m map[string]any) bool { return m["event_type"] == "Let agreed" })
		_, m = e.get(t, "/api/property_sale_events/?event_type=Let&uprn="+fmt.Sprint(num(ev["uprn"])))
		if num(m["count"]) < 1 {
			t.Errorf("event_type=Let found %v events for UPRN %v, which has a Let agreed", m["count"], ev["uprn"])
		}
	})
}

// nullEmptyViolations checks one JSON success body for the one way to say
// "no value" (docs/decisions.md): no empty string anywhere (an unknown
// scalar is null), and in every array of objects each element carries the
// same keys (keys are always present, null when unknown). Null collections
// are caught by the schema itself (TestSchemaNullEmptyRule): arrays and maps
// may not be null there.
func nullEmptyViolations(body []byte) []string {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return nil // not JSON (CSV, text): nothing to check
	}
	var out []string
	var walk func(path string, n any)
	walk = func(path string, n any) {
		switch x := n.(type) {
		case string:
			if x == "" {
				out = append(out, path+` is "" (unknown scalars are null)`)
			}
		case map[string]any:
			for k, c := range x {
				walk(path+"."+k, c)
			}
		case []any:
			var keys string
			for i, c := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), c)
				if m, ok := c.(map[string]any); ok {
					ks := make([]string, 0, len(m))
					for k := range m {
						ks = append(ks, k)
					}
					sort.Strings(ks)
					j := strings.Join(ks, ",")
					if i == 0 {
						keys = j
					} else if j != keys {
						out = append(out, fmt.Sprintf("%s[%d] has keys {%s}, %s[0] {%s} (keys are always present)", path, i, j, path, keys))
					}
				}
			}
		}
	}
	walk("$", v)
	if len(out) > 5 {
		out = append(out[:5], fmt.Sprintf("… %d more", len(out)-5))
	}
	return out
}
