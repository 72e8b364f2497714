package api

// Endpoints and forms that integrators of the vendor's own client (PyPI
// homedata-mcp, issue 22) call: address match, the council tax band by
// UPRN, one layer of a risk type, and the property add-ons of ?with=.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Address match thresholds: a best candidate scoring below addressMatchMin
// is no_match; two candidates within addressMatchTie of each other make the
// answer ambiguous (confidence scaled down).
const (
	addressMatchMin = 0.6
	addressMatchTie = 0.05
)

type addressMatchResponse struct {
	Status       string         `json:"status"` // matched or no_match
	UPRN         *int64         `json:"uprn"`
	Address      *string        `json:"matched_address"`
	Postcode     string         `json:"postcode"`
	Confidence   float64        `json:"confidence"`
	MatchLevel   string         `json:"match_level"` // exact, high, medium, none
	Reason       *string        `json:"reason"`
	Candidates   int            `json:"candidates"`
	Alternatives []matchAltItem `json:"alternatives"`
	Query        map[string]any `json:"query"`
}

type matchAltItem struct {
	UPRN       int64   `json:"uprn"`
	Address    string  `json:"address"`
	Confidence float64 `json:"confidence"`
}

// addressMatch answers address/match/?address=&postcode=: the one address at
// the postcode that best matches the submitted street address, with a
// confidence, or status no_match.
func (s *Server) addressMatch(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	text := p.String("address", MaxTextParam)
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	if !strings.ContainsAny(strings.ToLower(text), "abcdefghijklmnopqrstuvwxyz0123456789") {
		return InvalidParam("address", "is required: the street address to match, e.g. 10 Downing Street")
	}
	out := addressMatchResponse{Status: "no_match", Postcode: pc.Display(), MatchLevel: "none", Alternatives: []matchAltItem{},
		Query: map[string]any{"address": text, "postcode": pc.Display()}}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexAddresses), query.AddressesAtPostcode(pc.Key(), postcodeMaxAddresses))
	if err != nil {
		return fmt.Errorf("addresses at %s: %w", pc.Display(), err)
	}
	type cand struct {
		a     *mappings.Address
		score float64
	}
	var cands []cand
	for _, h := range resp.Hits.Hits {
		a, err := decodeAddress(h)
		if err != nil {
			return err
		}
		cands = append(cands, cand{a, addressMatchScore(text, a)})
	}
	out.Candidates = len(cands)
	if len(cands) == 0 {
		reason := fmt.Sprintf("no addresses are known at postcode %s", pc.Display())
		out.Reason = &reason
		return writeJSON(w, http.StatusOK, out)
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	best := cands[0]
	conf := best.score
	if len(cands) > 1 && best.score-cands[1].score < addressMatchTie {
		conf *= 0.8 // two addresses fit about as well: say so in the confidence
	}
	conf = float64(int(conf*100+0.5)) / 100
	for _, c := range cands[1:min(len(cands), 4)] {
		if c.score >= addressMatchMin/2 {
			out.Alternatives = append(out.Alternatives, matchAltItem{UPRN: c.a.UPRN, Address: fullAddressOf(c.a), Confidence: float64(int(c.score*100+0.5)) / 100})
		}
	}
	out.Confidence = conf
	if conf < addressMatchMin {
		reason := fmt.Sprintf("no address at %s matches closely enough (best confidence %.2f, threshold %.2f)", pc.Display(), conf, addressMatchMin)
		out.Reason = &reason
		return writeJSON(w, http.StatusOK, out)
	}
	uprn, full := best.a.UPRN, fullAddressOf(best.a)
	out.Status, out.UPRN, out.Address = "matched", &uprn, &full
	switch {
	case conf >= 0.99:
		out.MatchLevel = "exact"
	case conf >= 0.85:
		out.MatchLevel = "high"
	default:
		out.MatchLevel = "medium"
	}
	return writeJSON(w, http.StatusOK, out)
}

func fullAddressOf(a *mappings.Address) string {
	if a.FullAddress != "" {
		return a.FullAddress
	}
	_, _, _, full := mappings.AddressLines(a)
	return full
}

// addressMatchScore scores how well submitted text names address a, in
// [0, 1]: the share of the address's identifying words (flat, building
// number and name, street) found in the text, times penalties for a
// number in the text that the address does not have (another house or
// flat) and for a missing house number.
func addressMatchScore(text string, a *mappings.Address) float64 {
	have := map[string]bool{}
	var textNumbers []string
	for _, t := range mappings.AddressTokens(text) {
		have[t] = true
		have[expandAbbrev(t)] = true
		if t[0] >= '0' && t[0] <= '9' {
			textNumbers = append(textNumbers, t)
		}
	}
	// Identifying words from the address's own fields (the postcode
	// listing does not carry the derived numbers field).
	var want []string
	for _, f := range []string{a.SubBuilding, a.BuildingName, a.BuildingNumber, a.StreetName} {
		want = append(want, mappings.AddressTokens(f)...)
	}
	if a.StreetName == "" {
		want = append(want, mappings.AddressTokens(a.Locality)...)
	}
	numbers := map[string]bool{}
	seen := map[string]bool{}
	got, total := 0, 0
	for _, t := range want {
		if t[0] >= '0' && t[0] <= '9' {
			numbers[t] = true
		}
		if seen[t] {
			continue
		}
		seen[t] = true
		total++
		if have[t] {
			got++
		}
	}
	if total == 0 {
		return 0
	}
	score := float64(got) / float64(total)
	for _, n := range textNumbers {
		if !numbers[n] {
			score *= 0.5 // "12 High Street" is not 14 High Street
		}
	}
	house := strings.ToLower(strings.ReplaceAll(a.BuildingNumber, " ", ""))
	if house != "" && !have[house] {
		score *= 0.6
	}
	return score
}

// councilTaxBandByUPRN answers council_tax_band/{uprn}/: the band of one
// property (the postcode and building form stays).
func (s *Server) councilTaxBandByUPRN(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	d, err := s.propertyDoc(r.Context(), uprn)
	if err != nil {
		return err
	}
	if pc, ok := mappings.ParsePostcode(d.Postcode); ok {
		country, err := s.countryOf(r, pc)
		if err != nil {
			return err
		}
		if country == "S" || country == "N" {
			return Errorf(http.StatusNotFound, CodeNotCovered, "council tax bands cover England and Wales only; UPRN %d is in %s", uprn, map[string]string{"S": "Scotland", "N": "Northern Ireland"}[country])
		}
	}
	if d.CouncilTaxBand == "" {
		return NotFound("no council tax band for UPRN %d", uprn)
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"uprn": uprn, "address": d.FullAddress, "council_tax_band": d.CouncilTaxBand, "postcode": nilIfEmpty(d.Postcode),
	})
}

// riskLayerOne answers risks/{risk_type}/{layer}/: the result of one
// sub-type (layer) of a risk type, e.g. risks/flood/surface_water/ (the
// vendor client's flood:<layer> form).
func (s *Server) riskLayerOne(w http.ResponseWriter, r *http.Request) error {
	rt := strings.ToLower(pathVar(r, "risk_type"))
	layer := strings.ToLower(pathVar(r, "layer"))
	var found *riskLayer
	for _, l := range riskLayers() {
		if l.Name == rt {
			l := l
			found = &l
		}
	}
	if found == nil {
		e := NotFound("unknown risk type %q; valid risk types: %s", truncate(rt, 40), strings.Join(riskLayerNames(), ", "))
		e.Details = map[string]any{"valid_risk_types": riskLayerNames()}
		return e
	}
	p := newParams(r)
	uprn := p.UPRN("uprn", true)
	radius := p.Int("radius_m", riskRadiusDefaultM, 50, riskRadiusMaxM)
	if err := p.Err(); err != nil {
		return err
	}
	a, err := s.assessRisks(r.Context(), uprn, []riskLayer{*found}, radius)
	if err != nil {
		return err
	}
	var results []riskResult
	layers := append([]string(nil), found.SubTypes...)
	for _, res := range a.results {
		if !slices.Contains(layers, res.RiskType) {
			layers = append(layers, res.RiskType)
		}
		if res.RiskType == layer {
			results = append(results, res)
		}
	}
	if len(results) == 0 {
		e := NotFound("risk type %s has no layer %q; its layers: %s", rt, truncate(layer, 40), strings.Join(layers, ", "))
		e.Details = map[string]any{"valid_layers": layers}
		return e
	}
	resp := riskResponse{
		RiskType: rt + ":" + layer, UPRN: uprn,
		Location:       riskLocation{Lat: a.prop.Location.Lat, Lon: a.prop.Location.Lon},
		TitleNo:        a.prop.TitleNo,
		TitleChecked:   a.titleChecked,
		SearchRadiusM:  radius,
		DistanceMethod: riskDistanceMethod,
		Results:        results,
	}
	for _, res := range results {
		if !res.Assessed {
			resp.UnassessedCount++
		}
	}
	return writeJSON(w, http.StatusOK, resp)
}

// Add-ons of property/{uprn}/?with= beyond the record's own parts: each is
// the body of another operation for the same UPRN, embedded under its name
// (null where that operation has nothing for this property) and charged at
// that operation's weight on top of the discovery call.
var withAddOns = []struct{ name, route, path, query string }{
	{"lr_title", "titles.get", "/property_lr_titles/{uprn}", ""},
	{"risks", "risks.get", "/risks/all", "uprn"},
	{"council_tax", "council_tax.band_uprn", "/council_tax_band/{uprn}", ""},
	{"council_tax_full", "council_tax.get", "/council_tax/{uprn}", ""},
	{"solar", "solar.assessment", "/solar-assessment/{uprn}", ""},
	{"broadband", "broadband.get", "/broadband", "postcode"},
}

func withAddOnNames() []string {
	var out []string
	for _, a := range withAddOns {
		out = append(out, a.name)
	}
	return out
}

// addOn serves one add-on for a property by calling its operation's handler
// in process; a 404 of that operation is null, any other error is returned.
func (s *Server) addOn(r *http.Request, d *mappings.Property, name string) (json.RawMessage, int, error) {
	for _, a := range withAddOns {
		if a.name != name {
			continue
		}
		var rt *Route
		for _, x := range s.routes {
			if x.Name == a.route {
				rt = x
			}
		}
		if rt == nil {
			return nil, 0, fmt.Errorf("add-on %s: route %s missing", name, a.route)
		}
		q := url.Values{}
		switch a.query {
		case "uprn":
			q.Set("uprn", fmt.Sprint(d.UPRN))
		case "postcode":
			if d.Postcode == "" {
				return json.RawMessage("null"), rt.Weight, nil
			}
			q.Set("postcode", d.Postcode)
		}
		sub := r.Clone(r.Context())
		sub.URL = &url.URL{Path: "/api" + strings.ReplaceAll(a.path, "{uprn}", fmt.Sprint(d.UPRN)), RawQuery: q.Encode()}
		sub = mux.SetURLVars(sub, map[string]string{"uprn": fmt.Sprint(d.UPRN), "risk_type": "all"})
		rec := &bufferWriter{header: http.Header{}, status: http.StatusOK}
		if err := rt.h(rec, sub); err != nil {
			if ce, ok := asClientError(err); ok && ce.Status == http.StatusNotFound {
				return json.RawMessage("null"), rt.Weight, nil
			}
			return nil, 0, fmt.Errorf("add-on %s: %w", name, err)
		}
		return json.RawMessage(bytes.TrimSpace(rec.buf.Bytes())), rt.Weight, nil
	}
	return nil, 0, fmt.Errorf("unknown add-on %s", name)
}

// bufferWriter collects a handler's response in memory.
type bufferWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
}

func (b *bufferWriter) Header() http.Header         { return b.header }
func (b *bufferWriter) WriteHeader(status int)      { b.status = status }
func (b *bufferWriter) Write(p []byte) (int, error) { return b.buf.Write(p) }
