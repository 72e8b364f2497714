package api

// Council tax band and charges.

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// scottishAreas are the postcode areas wholly or mostly in Scotland.
var scottishAreas = map[string]bool{"AB": true, "DD": true, "DG": true, "EH": true, "FK": true, "G": true, "HS": true,
	"IV": true, "KA": true, "KW": true, "KY": true, "ML": true, "PA": true, "PH": true, "TD": true, "ZE": true}

// countryOf returns the country letter of a postcode: from the postcodes
// index when it holds it, else from the postcode area (BT is Northern
// Ireland; the Scottish areas above are Scotland); "" when unknown.
func (s *Server) countryOf(r *http.Request, pc mappings.PostcodeParts) (string, error) {
	d, err := s.postcodeDoc(r.Context(), pc)
	if err == nil && d.Country != "" {
		return d.Country, nil
	}
	if err != nil {
		if e, client := asClientError(err); !client || e.Code == CodePostcodeTerminated {
			return "", err // a retired postcode answers 410 with its successors
		}
	}
	switch area := pc.Area(); {
	case area == "BT":
		return "N", nil
	case scottishAreas[area]:
		return "S", nil
	}
	return "", nil
}

func (s *Server) councilTaxBand(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	pc, _ := p.Postcode("postcode", true)
	number := p.String("building_number", 20)
	name := p.String("building_name", MaxTextParam)
	sub := p.String("sub_building", 100)
	if flat := p.String("flat", 100); flat != "" {
		if sub != "" && !sameSubBuilding(sub, flat) {
			p.fail(InvalidParam("flat", "is an alias of sub_building; give one"))
		}
		sub = flat
	}
	if err := p.Err(); err != nil {
		return err
	}
	if number == "" && name == "" {
		e := Errorf(http.StatusUnprocessableEntity, CodeInvalidParams, "give building_number or building_name")
		e.Details = map[string]any{"parameters": []string{"building_number", "building_name"}}
		return e
	}
	country, err := s.countryOf(r, pc)
	if err != nil {
		return err
	}
	if country == "S" || country == "N" {
		return Errorf(http.StatusNotFound, CodeNotCovered, "council tax bands cover England and Wales only; %s is in %s", pc.Display(), map[string]string{"S": "Scotland", "N": "Northern Ireland"}[country])
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexProperties), query.PropertiesAtPostcode(pc.Display(), 1000))
	if err != nil {
		return fmt.Errorf("properties at %s: %w", pc.Display(), err)
	}
	var all []mappings.Property
	for _, h := range resp.Hits.Hits {
		var d mappings.Property
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode property %s: %w", h.ID, err)
		}
		if d.CouncilTaxBand != "" {
			all = append(all, d)
		}
	}
	match := func(number, name, sub string) []mappings.Property {
		var out []mappings.Property
		for _, d := range all {
			if buildingMatches(&d, number, name) && (sub == "" || sameSubBuilding(sub, d.SubBuilding)) {
				out = append(out, d)
			}
		}
		return out
	}
	cands := match(number, name, sub)
	if len(cands) == 0 && name != "" && sub == "" {
		// "Flat 4" in building_name: a flat's own name, not a building's.
		cands = match(number, "", name)
	}
	if len(cands) == 0 {
		return NotFound("no council tax band for that building at %s", pc.Display())
	}
	if sub == "" {
		// A whole house with that number beats the flats of a building
		// that shares it only when it is the one dwelling without a flat.
		var whole []mappings.Property
		for _, d := range cands {
			if d.SubBuilding == "" {
				whole = append(whole, d)
			}
		}
		if len(whole) == 1 && len(whole) < len(cands) && !slices.ContainsFunc(cands, func(d mappings.Property) bool { return d.ParentUPRN == whole[0].UPRN }) {
			cands = whole
		}
	}
	dwellings := make([]map[string]any, 0, len(cands))
	agree := true
	for _, d := range cands {
		dwellings = append(dwellings, map[string]any{"uprn": d.UPRN, "address": nullIfZeroAny(d.FullAddress),
			"sub_building": nullIfZeroAny(d.SubBuilding), "council_tax_band": d.CouncilTaxBand})
		agree = agree && d.CouncilTaxBand == cands[0].CouncilTaxBand
	}
	if !agree {
		e := Errorf(http.StatusMultipleChoices, CodeAmbiguousAddress,
			"%d dwellings at %s match and their bands differ; ask again with sub_building (details.candidates)", len(cands), pc.Display())
		e.Details = map[string]any{"candidates": dwellings}
		return e
	}
	out := map[string]any{
		"council_tax_band": cands[0].CouncilTaxBand, "postcode": pc.Display(), "matched": len(cands),
		"dwellings": dwellings, "uprn": nil, "address": nil,
	}
	if len(cands) == 1 {
		out["uprn"], out["address"] = cands[0].UPRN, nullIfZeroAny(cands[0].FullAddress)
	}
	return writeJSON(w, http.StatusOK, out)
}

// sameSubBuilding compares flat names, ignoring case, punctuation and the
// words flat, apartment, apt and unit: "Flat 4" = "4" = "flat 4".
func sameSubBuilding(a, b string) bool {
	norm := func(s string) string {
		var out []string
		for _, t := range mappings.AddressTokens(s) {
			switch t {
			case "flat", "apartment", "apt", "unit":
				continue
			}
			out = append(out, t)
		}
		return strings.Join(out, " ")
	}
	na := norm(a)
	return na != "" && na == norm(b)
}

// buildingMatches compares a building number exactly (case and spaces
// ignored) and a building name word for word.
func buildingMatches(d *mappings.Property, number, name string) bool {
	if number != "" && !strings.EqualFold(strings.ReplaceAll(number, " ", ""), strings.ReplaceAll(d.BuildingNumber, " ", "")) {
		return false
	}
	if name != "" && strings.Join(mappings.AddressTokens(name), " ") != strings.Join(mappings.AddressTokens(d.BuildingName), " ") {
		return false
	}
	return true
}

// taxYear returns the UK financial year containing t: "2025-26" from
// 1 April 2025 to 31 March 2026.
func taxYear(t time.Time) string {
	y := t.Year()
	if t.Month() < time.April {
		y--
	}
	return fmt.Sprintf("%d-%02d", y, (y+1)%100)
}

func (s *Server) councilTax(w http.ResponseWriter, r *http.Request) error {
	uprn, d, err := s.pathProperty(r)
	if err != nil {
		return err
	}
	if d.CouncilTaxBand == "" {
		return NotFound("no council tax band for UPRN %d", uprn)
	}
	out := map[string]any{
		"uprn": uprn, "address": d.FullAddress, "council_tax_band": d.CouncilTaxBand,
		"lad_code": nullIfZeroAny(d.LADCode), "billing_authority": nullIfZeroAny(d.LADName),
		"year": nil, "is_current_year": false, "annual_charge_pence": nil, "annual_charge_gbp": nil,
		"band_d_charge_pence": nil,
	}
	history := d.CouncilTaxHistory
	if history == nil {
		history = []mappings.CouncilTaxEntry{}
	}
	sort.Slice(history, func(i, j int) bool { return history[i].Effective > history[j].Effective })
	out["band_history"] = history
	if d.LADCode != "" {
		current := taxYear(s.opt.Now())
		var charge *mappings.CouncilTaxCharge
		src, found, err := s.backend.Get(r.Context(), s.idx.Name(mappings.IndexCouncilTax), d.LADCode+"-"+current)
		if err != nil {
			return fmt.Errorf("council tax %s-%s: %w", d.LADCode, current, err)
		}
		if !found {
			// Fall back to the latest year the data holds.
			resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexCouncilTax), query.CouncilTaxCharges(d.LADCode, 1))
			if err != nil {
				return fmt.Errorf("council tax charges %s: %w", d.LADCode, err)
			}
			if len(resp.Hits.Hits) > 0 {
				src, found = resp.Hits.Hits[0].Source, true
			}
		}
		if found {
			charge = &mappings.CouncilTaxCharge{}
			if err := json.Unmarshal(src, charge); err != nil {
				return fmt.Errorf("decode council tax %s: %w", d.LADCode, err)
			}
			out["year"], out["is_current_year"] = charge.Year, charge.Year == current
			out["billing_authority"] = charge.BillingAuthority
			out["band_d_charge_pence"] = charge.BandDChargePence
			if pence, ok := charge.ChargesPence[d.CouncilTaxBand]; ok {
				out["annual_charge_pence"] = pence
				out["annual_charge_gbp"] = int64(math.Round(float64(pence) / 100))
			}
		}
	}
	return writeJSON(w, http.StatusOK, out)
}

// councilTaxBandByUPRN answers council_tax_band/{uprn}/: the band of one
// property (the postcode and building form stays).
func (s *Server) councilTaxBandByUPRN(w http.ResponseWriter, r *http.Request) error {
	uprn, d, err := s.pathProperty(r)
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
		"uprn": uprn, "address": d.FullAddress, "council_tax_band": d.CouncilTaxBand, "postcode": nullIfZeroAny(d.Postcode),
	})
}
