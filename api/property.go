package api

// Property records, tiers, parts, EPC, land titles, council tax and listing
// address (issue 12). Field lists are documented in docs/addresses.md.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// propertyMap renders a property record as the flat object of spec 2.1:
// every stored field (location becomes latitude/longitude), plus address
// (address line 1) and outward_postcode; the fields the spec lists are
// always present, null when unknown.
func propertyMap(d *mappings.Property) (map[string]any, error) {
	m := structMap(d, 8)
	delete(m, "location")
	delete(m, "source")
	for _, k := range specPropertyFields {
		if _, ok := m[k]; !ok {
			m[k] = nil
		}
	}
	m["address"] = nilIfEmpty(d.AddressLine1)
	m["outward_postcode"] = nilIfEmpty(d.Outcode)
	if d.Outcode == "" {
		if pc, ok := mappings.ParsePostcode(d.Postcode); ok {
			m["outward_postcode"] = pc.Outward
		}
	}
	m["latitude"], m["longitude"] = nil, nil
	if d.Location != nil {
		m["latitude"], m["longitude"] = d.Location.Lat, d.Location.Lon
	}
	return m, nil
}

// specPropertyFields are the fields of spec 2.1 (always present).
var specPropertyFields = []string{
	"uprn", "usrn", "udprn", "full_address", "postcode", "building_name", "street_name", "town_name",
	"property_type", "built_form", "tenure", "windows_type", "construction_age_band", "bedrooms", "bathrooms",
	"habitable_rooms", "epc_floor_area", "internal_area_sqm", "current_energy_efficiency",
	"potential_energy_efficiency", "current_energy_rating", "council_tax_band", "has_garden", "has_parking",
	"last_sold_date", "last_sold_price",
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// pick copies the named keys of m (null when absent).
func pick(m map[string]any, keys ...string) map[string]any {
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		out[k] = m[k]
	}
	return out
}

// propertyWithMap loads a property record and renders it with propertyMap.
func (s *Server) propertyWithMap(ctx context.Context, uprn int64) (*mappings.Property, map[string]any, error) {
	d, err := s.propertyDoc(ctx, uprn)
	if err != nil {
		return nil, nil, err
	}
	m, err := propertyMap(d)
	if err != nil {
		return nil, nil, err
	}
	return d, m, nil
}

func (s *Server) propertyRecord(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	_, m, err := s.propertyWithMap(r.Context(), uprn)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, m)
}

// Tiers: each a superset of the previous.
var (
	tierAddressFields = []string{"uprn", "udprn", "usrn", "parent_uprn", "full_address", "address_line_1",
		"address_line_2", "address_line_3", "sub_building", "building_name", "building_number", "street_name",
		"locality", "town_name", "post_town", "postcode", "outward_postcode", "country", "latitude", "longitude"}
	tierBaseFields = append(append([]string{}, tierAddressFields...), "property_type", "built_form", "tenure",
		"bedrooms", "bathrooms", "reception_rooms", "habitable_rooms", "floors", "epc_floor_area",
		"internal_area_sqm", "construction_age_band", "year_built", "current_energy_rating",
		"current_energy_efficiency", "council_tax_band", "classification_code", "region", "lad_code", "lad_name")
	tierCoreFields = append(append([]string{}, tierBaseFields...), "potential_energy_rating",
		"potential_energy_efficiency", "epc_id", "last_epc_date", "last_sold_date", "last_sold_price",
		"last_sold_adjusted_price", "has_garden", "garden_area_sqm", "has_parking", "parking_type", "windows_type",
		"wall_type", "roof_type", "heating_type", "is_new_build", "is_listed_building", "floor_level",
		"predicted_bedrooms", "predicted_floor_area", "ward_code", "lsoa_code", "msoa_code", "title_no")
)

var tierNames = []string{"address", "base", "core", "complete"}

type tierInfo struct {
	Name        string   `json:"name"`
	Path        string   `json:"path"`
	Weight      int      `json:"weight"`
	Description string   `json:"description"`
	Fields      []string `json:"fields"`
}

func tierFields(name string) []string {
	switch name {
	case "address":
		return tierAddressFields
	case "base":
		return tierBaseFields
	case "core":
		return tierCoreFields
	}
	return nil
}

var tierDescriptions = map[string]string{
	"address":  "identifiers, address lines and location",
	"base":     "address plus type, tenure, rooms, floor area, age, energy rating and council tax band",
	"core":     "base plus EPC detail, last sale, garden, parking, construction materials and area codes",
	"complete": "every field of the property record plus every part (rooms, roof, garden, parking, dimensions, construction, epc, epc_renovations, land)",
}

// Parts of properties/{uprn}/{part}/.
var partNames = []string{"rooms", "roof", "garden", "parking", "epc_renovations", "dimensions", "land", "construction", "epc"}

var partFields = map[string][]string{
	"rooms":        {"bedrooms", "bathrooms", "reception_rooms", "habitable_rooms", "floors", "floor_level", "predicted_bedrooms"},
	"roof":         {"roof_type", "roof_orientation", "roof_pitch_deg", "roof_area_sqm"},
	"garden":       {"has_garden", "garden_area_sqm", "garden_orientation"},
	"parking":      {"has_parking", "parking_type", "parking_spaces"},
	"dimensions":   {"epc_floor_area", "internal_area_sqm", "predicted_floor_area", "building_footprint_sqm", "width_m", "depth_m", "height_m", "floors"},
	"construction": {"construction_age_band", "year_built", "built_form", "property_type", "wall_type", "roof_type", "windows_type", "heating_type", "is_new_build", "is_listed_building"},
	"epc":          {"epc_id", "current_energy_rating", "potential_energy_rating", "current_energy_efficiency", "potential_energy_efficiency", "last_epc_date", "epc_floor_area", "construction_age_band"},
	"epc_renovations": {"renovations", "renovation_count", "total_cost_low", "total_cost_high", "total_saving_per_year",
		"potential_energy_rating", "potential_energy_efficiency"},
	"land": {"plot_area_sqm", "tenure", "title_no", "estate_interest", "title_class", "title_area_sqm", "has_restrictive_covenant"},
}

var partDescriptions = map[string]string{
	"rooms":           "bedroom, bathroom, reception and habitable room counts, floors",
	"roof":            "roof type, orientation, pitch and area",
	"garden":          "whether there is a garden, its area and orientation",
	"parking":         "whether there is parking, its type and spaces",
	"epc_renovations": "EPC recommended improvements with cost ranges and yearly savings, and their totals",
	"dimensions":      "floor areas, footprint, width, depth and height",
	"land":            "plot area, tenure and the land title (not for flats)",
	"construction":    "age band, year built, built form and materials",
	"epc":             "the latest EPC ratings and floor area",
}

// isFlat reports whether a record is a flat (land does not apply).
func isFlat(d *mappings.Property) bool {
	return strings.EqualFold(d.PropertyType, "Flat") || strings.EqualFold(d.PropertyType, "Maisonette") ||
		d.SubBuilding != "" || strings.HasPrefix(d.Classification, "RD06")
}

// renovationSummary adds the epc_renovations keys to a record map.
func renovationSummary(d *mappings.Property, m map[string]any) {
	var low, high, saving int
	list := d.EPCRenovations
	if list == nil {
		list = []mappings.Renovation{}
	}
	for _, rn := range list {
		low += rn.IndicativeCostLow
		high += rn.IndicativeCostHigh
		saving += rn.TypicalSavingYear
	}
	m["renovations"] = list
	m["renovation_count"] = len(list)
	m["total_cost_low"], m["total_cost_high"], m["total_saving_per_year"] = low, high, saving
}

// partData builds one part. land loads the title; a flat's land is 400.
func (s *Server) partData(r *http.Request, d *mappings.Property, m map[string]any, part string) (map[string]any, error) {
	switch part {
	case "epc_renovations":
		renovationSummary(d, m)
	case "land":
		if isFlat(d) {
			return nil, Errorf(http.StatusBadRequest, CodeNotApplicable, "land does not apply to a flat (UPRN %d); ask for the building's UPRN", d.UPRN)
		}
		t, err := s.titleOf(r, d.UPRN)
		if err != nil {
			return nil, err
		}
		if t != nil {
			m["title_no"], m["estate_interest"], m["title_class"] = t.TitleNo, t.EstateInterest, t.TitleClass
			m["title_area_sqm"], m["has_restrictive_covenant"] = nilIfZero(t.AreaSqm), t.HasRestrictiveCovenant
		}
	}
	return pick(m, partFields[part]...), nil
}

// partOrNull is partData, except that the land of a flat is null where a
// response lists several parts.
func (s *Server) partOrNull(r *http.Request, d *mappings.Property, m map[string]any, part string) (any, error) {
	if part == "land" && isFlat(d) {
		return nil, nil
	}
	return s.partData(r, d, m, part)
}

func nilIfZero(f float64) any {
	if f == 0 {
		return nil
	}
	return f
}

// pathChoice returns the path variable key, lower-cased, when it is one
// of names; otherwise a 404 that lists them.
func pathChoice(r *http.Request, key string, names []string) (string, error) {
	v := strings.ToLower(pathVar(r, key))
	if !slices.Contains(names, v) {
		return "", Errorf(http.StatusNotFound, CodeNotFound, "no %s %q; %ss: %s", key, truncate(v, 40), key, strings.Join(names, ", "))
	}
	return v, nil
}

func (s *Server) propertyPart(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	part, err := pathChoice(r, "part", partNames)
	if err != nil {
		return err
	}
	d, m, err := s.propertyWithMap(r.Context(), uprn)
	if err != nil {
		return err
	}
	data, err := s.partData(r, d, m, part)
	if err != nil {
		return err
	}
	data["uprn"], data["part"] = uprn, part
	return writeJSON(w, http.StatusOK, data)
}

// Selections accepted by property/{uprn}/?with= ("all" selects every one).
func withNames() []string {
	return append(append(append([]string{"address"}, partNames...), "council_tax_history"), withAddOnNames()...)
}

func (s *Server) propertyDiscover(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	with := p.List("with", append(withNames(), "all")...)
	if err := p.Err(); err != nil {
		return err
	}
	if slices.Contains(with, "all") {
		with = withNames()
	}
	d, m, err := s.propertyWithMap(r.Context(), uprn)
	if err != nil {
		return err
	}
	if len(with) > 0 {
		out := map[string]any{"uprn": uprn, "with": with}
		weight := 0
		if ci := callInfoFrom(r.Context()); ci != nil {
			weight = ci.Weight
		}
		for _, name := range with {
			switch name {
			case "address":
				out["address"] = pick(m, tierAddressFields...)
			case "council_tax_history":
				out["council_tax_history"] = m["council_tax_history"]
			case "lr_title", "risks", "council_tax", "council_tax_full", "solar", "broadband":
				body, w, err := s.addOn(r, d, name)
				if err != nil {
					return err
				}
				out[name] = body
				weight += w
			default:
				part, err := s.partOrNull(r, d, m, name)
				if err != nil {
					return err
				}
				out[name] = part
			}
		}
		SetCallWeight(r.Context(), weight)
		return writeJSON(w, http.StatusOK, out)
	}
	weight := func(name string) int {
		for _, rt := range s.routes {
			if rt.Name == name {
				return rt.Weight
			}
		}
		return 0
	}
	type partInfo struct {
		Name        string   `json:"name"`
		Path        string   `json:"path"`
		Weight      int      `json:"weight"`
		Available   bool     `json:"available"`
		Description string   `json:"description"`
		Fields      []string `json:"fields"`
	}
	type addOn struct {
		Name        string `json:"name"`
		Path        string `json:"path"`
		Weight      int    `json:"weight"`
		Description string `json:"description"`
	}
	out := struct {
		UPRN    int64      `json:"uprn"`
		Address string     `json:"address"`
		Tiers   []tierInfo `json:"tiers"`
		Parts   []partInfo `json:"parts"`
		AddOns  []addOn    `json:"add_ons"`
		With    []string   `json:"with_values"`
	}{UPRN: uprn, Address: d.FullAddress, With: withNames()}
	for _, t := range tierNames {
		f := tierFields(t)
		if t == "complete" {
			f = nil
		}
		out.Tiers = append(out.Tiers, tierInfo{Name: t, Path: fmt.Sprintf("/api/property/%d/%s/", uprn, t),
			Weight: weight("property.tier"), Description: tierDescriptions[t], Fields: f})
	}
	for _, pn := range partNames {
		avail := partAvailable(d, m, pn)
		out.Parts = append(out.Parts, partInfo{Name: pn, Path: fmt.Sprintf("/api/properties/%d/%s/", uprn, pn),
			Weight: weight("properties.part"), Available: avail, Description: partDescriptions[pn], Fields: partFields[pn]})
	}
	for _, a := range []struct{ route, name, path, desc string }{
		{"epc.checker", "epc_checker", "/api/epc-checker/%d/", "latest EPC and the certificate history"},
		{"council_tax.get", "council_tax", "/api/council_tax/%d/", "band, billing authority, annual charge and band history"},
		{"titles.get", "land_title", "/api/property_lr_titles/%d/", "land title polygon as a GeoJSON Feature"},
		{"address.retrieve", "address_retrieve", "/api/address/retrieve/%d/?level=full", "address with property, valuation, construction, outdoor, area statistics and renovation costs"},
		{"valuations.estimate", "valuation", "/api/valuations/estimate/?uprn=%d", "sale or rent valuation estimate"},
		{"flood.risk", "flood_risk", "/api/flood-risk/?uprn=%d", "rivers-and-sea and surface-water flood risk"},
	} {
		out.AddOns = append(out.AddOns, addOn{Name: a.name, Path: fmt.Sprintf(a.path, uprn), Weight: weight(a.route), Description: a.desc})
	}
	return writeJSON(w, http.StatusOK, out)
}

// partAvailable reports whether a part holds any datum for this record.
func partAvailable(d *mappings.Property, m map[string]any, part string) bool {
	switch part {
	case "land":
		return !isFlat(d)
	case "epc_renovations":
		return len(d.EPCRenovations) > 0
	}
	for _, f := range partFields[part] {
		switch v := m[f].(type) {
		case nil:
		case bool:
			if v {
				return true
			}
		default:
			return true
		}
	}
	return false
}

func (s *Server) propertyTier(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	tier, err := pathChoice(r, "tier", tierNames)
	if err != nil {
		return err
	}
	d, m, err := s.propertyWithMap(r.Context(), uprn)
	if err != nil {
		return err
	}
	var out map[string]any
	if tier == "complete" {
		// Every core field (null when unknown) plus every other stored field.
		out = pick(m, tierCoreFields...)
		for k, v := range m {
			out[k] = v
		}
		parts := map[string]any{}
		for _, pn := range partNames {
			pd, err := s.partOrNull(r, d, copyMap(m), pn)
			if err != nil {
				return err
			}
			parts[pn] = pd
		}
		out["parts"] = parts
	} else {
		out = pick(m, tierFields(tier)...)
	}
	out["tier"] = tier
	return writeJSON(w, http.StatusOK, out)
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// epcChecker: the latest certificate (spec 2.3) plus the history.
func (s *Server) epcChecker(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexEPC), query.EPCHistory(uprn, 50))
	if err != nil {
		return fmt.Errorf("epc history %d: %w", uprn, err)
	}
	if len(resp.Hits.Hits) == 0 {
		return NotFound("no energy performance certificate for UPRN %d", uprn)
	}
	type histEntry struct {
		EPCID                     string  `json:"epc_id"`
		LodgementDate             string  `json:"lodgement_date"`
		InspectionDate            *string `json:"inspection_date"`
		CurrentEnergyRating       string  `json:"current_energy_rating"`
		PotentialEnergyRating     string  `json:"potential_energy_rating"`
		CurrentEnergyEfficiency   int     `json:"current_energy_efficiency"`
		PotentialEnergyEfficiency int     `json:"potential_energy_efficiency"`
		TotalFloorArea            any     `json:"epc_floor_area"`
		TransactionType           *string `json:"transaction_type"`
	}
	var certs []mappings.EPC
	for _, h := range resp.Hits.Hits {
		var e mappings.EPC
		if err := json.Unmarshal(h.Source, &e); err != nil {
			return fmt.Errorf("decode epc %s: %w", h.ID, err)
		}
		certs = append(certs, e)
	}
	latest := certs[0]
	history := make([]histEntry, 0, len(certs))
	for _, e := range certs {
		history = append(history, histEntry{
			EPCID: e.EPCID, LodgementDate: e.LodgementDate, InspectionDate: strPtr(e.InspectionDate),
			CurrentEnergyRating: e.CurrentEnergyRating, PotentialEnergyRating: e.PotentialEnergyRating,
			CurrentEnergyEfficiency: e.CurrentEnergyEfficiency, PotentialEnergyEfficiency: e.PotentialEnergyEfficiency,
			TotalFloorArea: nilIfZero(e.TotalFloorArea), TransactionType: strPtr(e.TransactionType),
		})
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"uprn":                        uprn,
		"epc_id":                      latest.EPCID,
		"current_energy_efficiency":   latest.CurrentEnergyEfficiency,
		"potential_energy_efficiency": latest.PotentialEnergyEfficiency,
		"current_energy_rating":       latest.CurrentEnergyRating,
		"potential_energy_rating":     latest.PotentialEnergyRating,
		"last_epc_date":               latest.LodgementDate,
		"epc_floor_area":              nilIfZero(latest.TotalFloorArea),
		"construction_age_band":       nilIfEmpty(latest.ConstructionAgeBand),
		"property_type":               nilIfEmpty(latest.PropertyType),
		"address":                     latest.Address,
		"postcode":                    latest.Postcode,
		"certificate_count":           resp.Hits.Total.Value,
		"history":                     history,
	})
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// titleOf returns the land title of a UPRN, nil when there is none.
func (s *Server) titleOf(r *http.Request, uprn int64) (*mappings.Title, error) {
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexTitles), query.TitleByUPRN(uprn))
	if err != nil {
		return nil, fmt.Errorf("title of %d: %w", uprn, err)
	}
	if len(resp.Hits.Hits) == 0 {
		return nil, nil
	}
	var t mappings.Title
	if err := json.Unmarshal(resp.Hits.Hits[0].Source, &t); err != nil {
		return nil, fmt.Errorf("decode title %s: %w", resp.Hits.Hits[0].ID, err)
	}
	return &t, nil
}

// landTitle answers a GeoJSON Feature (application/geo+json).
func (s *Server) landTitle(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	t, err := s.titleOf(r, uprn)
	if err != nil {
		return err
	}
	if t == nil || t.Geometry == nil {
		return NotFound("no land title for UPRN %d", uprn)
	}
	feature := map[string]any{
		"type":     "Feature",
		"geometry": t.Geometry,
		"properties": map[string]any{
			"title_no":                 t.TitleNo,
			"property":                 uprn,
			"record_status":            t.RecordStatus,
			"estate_interest_code":     t.EstateInterestCode,
			"estate_interest":          t.EstateInterest,
			"title_class_code":         t.TitleClassCode,
			"title_class":              t.TitleClass,
			"has_restrictive_covenant": t.HasRestrictiveCovenant,
			"created_at":               t.CreatedAt,
			"updated_at":               t.UpdatedAt,
			"area_sqm":                 nilIfZero(t.AreaSqm),
		},
	}
	b, err := json.Marshal(feature)
	if err != nil {
		return fmt.Errorf("encode title %s: %w", t.TitleNo, err)
	}
	return writeRaw(w, http.StatusOK, "application/geo+json", append(b, '\n'))
}

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
		if _, client := asClientError(err); !client {
			return "", err
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
	var best *mappings.Property
	for _, h := range resp.Hits.Hits {
		var d mappings.Property
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode property %s: %w", h.ID, err)
		}
		if !buildingMatches(&d, number, name) || d.CouncilTaxBand == "" {
			continue
		}
		// A whole house beats a flat inside the building with the same number.
		if best == nil || (best.SubBuilding != "" && d.SubBuilding == "") {
			dd := d
			best = &dd
		}
	}
	if best == nil {
		return NotFound("no council tax band for that building at %s", pc.Display())
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"address": best.FullAddress, "council_tax_band": best.CouncilTaxBand,
		"uprn": best.UPRN, "postcode": pc.Display(),
	})
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
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	d, err := s.propertyDoc(r.Context(), uprn)
	if err != nil {
		return err
	}
	if d.CouncilTaxBand == "" {
		return NotFound("no council tax band for UPRN %d", uprn)
	}
	out := map[string]any{
		"uprn": uprn, "address": d.FullAddress, "council_tax_band": d.CouncilTaxBand,
		"lad_code": nilIfEmpty(d.LADCode), "billing_authority": nilIfEmpty(d.LADName),
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

// listingAddressMinConfidence is the confidence below which a listing is
// reported as unmatched (404).
const listingAddressMinConfidence = 0.5

func (s *Server) listingAddress(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ListingID string `json:"listing_id"`
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	if err := dec.Decode(&body); err != nil {
		return Errorf(http.StatusBadRequest, CodeBadRequest, "body must be a JSON object with listing_id")
	}
	id := strings.TrimSpace(body.ListingID)
	if id == "" || len(id) > 100 {
		return InvalidParam("listing_id", "required, at most 100 characters")
	}
	l, err := s.listingByID(r, id)
	if err != nil {
		return err
	}
	type match struct {
		ListingID  string  `json:"listing_id"`
		UPRN       int64   `json:"uprn"`
		Address    string  `json:"address"`
		Postcode   string  `json:"postcode"`
		Confidence float64 `json:"confidence"`
		Method     string  `json:"method"`
	}
	if l.UPRN > 0 {
		a, err := s.addressByUPRN(r, l.UPRN)
		if err != nil {
			return err
		}
		if a != nil {
			return writeJSON(w, http.StatusOK, match{ListingID: l.ID, UPRN: a.UPRN, Address: a.FullAddress, Postcode: a.Postcode, Confidence: 1, Method: "linked"})
		}
	}
	key := ""
	if pc, ok := mappings.ParsePostcode(l.Postcode); ok {
		key = pc.Key()
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexAddresses), query.ListingAddressMatch(l.DisplayAddress, key, 5))
	if err != nil {
		return fmt.Errorf("match listing %s: %w", l.ID, err)
	}
	if len(resp.Hits.Hits) == 0 {
		return NotFound("no address matches listing %s", l.ID)
	}
	top, err := decodeAddress(resp.Hits.Hits[0])
	if err != nil {
		return err
	}
	conf := matchConfidence(l.DisplayAddress, top, len(resp.Hits.Hits))
	if conf < listingAddressMinConfidence {
		return NotFound("no confident address match for listing %s", l.ID)
	}
	return writeJSON(w, http.StatusOK, match{ListingID: l.ID, UPRN: top.UPRN, Address: top.FullAddress, Postcode: top.Postcode, Confidence: conf, Method: "address_match"})
}

// matchConfidence scores how well a display address identifies an address:
// the share of the address's number and street words that the display text
// contains, reduced when several addresses matched.
func matchConfidence(display string, a *mappings.Address, candidates int) float64 {
	have := map[string]bool{}
	for _, t := range mappings.AddressTokens(display) {
		have[t] = true
	}
	var want []string
	want = append(want, a.Numbers...)
	want = append(want, mappings.AddressTokens(a.BuildingName)...)
	want = append(want, mappings.AddressTokens(a.StreetName)...)
	if len(want) == 0 {
		return 0
	}
	got := 0
	for _, t := range want {
		if have[t] || have[expandAbbrev(t)] {
			got++
		}
	}
	c := float64(got) / float64(len(want))
	if candidates > 1 {
		c *= 0.9
	}
	if len(a.Numbers) > 0 && !have[a.Numbers[0]] {
		c *= 0.5
	}
	return math.Round(c*100) / 100
}

// expandAbbrev maps a street word to its abbreviation or back ("road" ↔ "rd").
func expandAbbrev(w string) string {
	for _, syn := range mappings.StreetSynonyms {
		parts := strings.Split(syn, ",")
		for _, p := range parts {
			if p == w {
				if parts[0] == w {
					return parts[len(parts)-1]
				}
				return parts[0]
			}
		}
	}
	return w
}

func (s *Server) listingByID(r *http.Request, id string) (*mappings.Listing, error) {
	idx := s.idx.Name(mappings.IndexListings)
	src, found, err := s.backend.Get(r.Context(), idx, id)
	if err != nil {
		return nil, fmt.Errorf("get listing %s: %w", id, err)
	}
	if !found {
		resp, err := s.backend.Search(r.Context(), idx, query.M{"size": 1, "query": query.Bool(nil, []query.M{query.Term("listing_id", id)}, nil, nil)})
		if err != nil {
			return nil, fmt.Errorf("find listing %s: %w", id, err)
		}
		if len(resp.Hits.Hits) == 0 {
			return nil, NotFound("no listing %s", id)
		}
		src = resp.Hits.Hits[0].Source
	}
	var l mappings.Listing
	if err := json.Unmarshal(src, &l); err != nil {
		return nil, fmt.Errorf("decode listing %s: %w", id, err)
	}
	return &l, nil
}

func (s *Server) addressByUPRN(r *http.Request, uprn int64) (*mappings.Address, error) {
	src, found, err := s.backend.Get(r.Context(), s.idx.Name(mappings.IndexAddresses), fmt.Sprint(uprn))
	if err != nil {
		return nil, fmt.Errorf("get address %d: %w", uprn, err)
	}
	if !found {
		return nil, nil
	}
	var a mappings.Address
	if err := json.Unmarshal(src, &a); err != nil {
		return nil, fmt.Errorf("decode address %d: %w", uprn, err)
	}
	return &a, nil
}

// addressRetrieve answers one address at level address, property or full.
func (s *Server) addressRetrieve(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	level := p.Enum("level", "address", "address", "property", "full")
	if err := p.Err(); err != nil {
		return err
	}
	addressFields := []string{"uprn", "udprn", "usrn", "full_address", "address_line_1", "address_line_2",
		"address_line_3", "building_name", "building_number", "sub_building", "street_name", "locality",
		"town_name", "post_town", "postcode", "outward_postcode", "latitude", "longitude"}
	if level == "address" {
		a, err := s.addressByUPRN(r, uprn)
		if err != nil {
			return err
		}
		if a != nil {
			m := map[string]any{
				"uprn": a.UPRN, "udprn": nilIfZeroInt(a.UDPRN), "usrn": nilIfZeroInt(a.USRN), "full_address": a.FullAddress,
				"address_line_1": a.AddressLine1, "address_line_2": nilIfEmpty(a.AddressLine2), "address_line_3": nilIfEmpty(a.AddressLine3),
				"building_name": nilIfEmpty(a.BuildingName), "building_number": nilIfEmpty(a.BuildingNumber),
				"sub_building": nilIfEmpty(a.SubBuilding), "street_name": nilIfEmpty(a.StreetName), "locality": nilIfEmpty(a.Locality),
				"town_name": nilIfEmpty(a.TownName), "post_town": nilIfEmpty(a.PostTown), "postcode": a.Postcode,
				"outward_postcode": a.Outcode, "latitude": nil, "longitude": nil, "level": level,
			}
			if a.Location != nil {
				m["latitude"], m["longitude"] = a.Location.Lat, a.Location.Lon
			}
			return writeJSON(w, http.StatusOK, m)
		}
	}
	d, m, err := s.propertyWithMap(r.Context(), uprn)
	if err != nil {
		return err
	}
	fields := addressFields
	if level != "address" {
		fields = append(fields, "property_type", "bedrooms", "predicted_bedrooms", "bathrooms", "habitable_rooms", "floors",
			"epc_floor_area", "predicted_floor_area", "current_energy_efficiency", "potential_energy_efficiency",
			"last_epc_date", "last_sold_date", "last_sold_price", "last_sold_adjusted_price", "classification_code")
	}
	out := pick(m, fields...)
	out["level"] = level
	if level == "full" {
		out["valuation"] = pick(m, "predicted_value", "predicted_rent_pcm", "last_sold_price", "last_sold_date", "last_sold_adjusted_price")
		out["construction"] = pick(m, partFields["construction"]...)
		out["outdoor"] = pick(m, "has_garden", "garden_area_sqm", "garden_orientation", "has_parking", "parking_type", "parking_spaces")
		renovationSummary(d, m)
		out["renovation_costs"] = pick(m, partFields["epc_renovations"]...)
		stats, err := s.areaStatistics(r, d)
		if err != nil {
			return err
		}
		out["area_statistics"] = stats
	}
	return writeJSON(w, http.StatusOK, out)
}

func nilIfZeroInt(n int64) any {
	if n == 0 {
		return nil
	}
	return n
}

// areaStatistics summarises the postcode of a property from the property
// records: codes of the areas it lies in and aggregates over its postcode.
func (s *Server) areaStatistics(r *http.Request, d *mappings.Property) (map[string]any, error) {
	out := map[string]any{
		"postcode": d.Postcode, "outward_postcode": d.Outcode, "region": nilIfEmpty(d.Region),
		"lad_code": nilIfEmpty(d.LADCode), "lad_name": nilIfEmpty(d.LADName), "ward_code": nilIfEmpty(d.WardCode),
		"lsoa_code": nilIfEmpty(d.LSOACode), "msoa_code": nilIfEmpty(d.MSOACode),
		"postcode_property_count": 0, "postcode_median_predicted_value": nil, "postcode_median_last_sold_price": nil,
		"postcode_mean_floor_area": nil, "postcode_council_tax_bands": map[string]int64{}, "postcode_property_types": map[string]int64{},
	}
	if d.Postcode == "" {
		return out, nil
	}
	resp, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexProperties), query.PostcodeAreaStatistics(d.Postcode))
	if err != nil {
		return nil, fmt.Errorf("area statistics %s: %w", d.Postcode, err)
	}
	out["postcode_property_count"] = resp.Hits.Total.Value
	var pct struct {
		Values map[string]*float64 `json:"values"`
	}
	median := func(name string) any {
		pct.Values = nil
		if raw, ok := resp.Aggregations[name]; ok && json.Unmarshal(raw, &pct) == nil {
			if v := pct.Values["50.0"]; v != nil {
				return int64(math.Round(*v))
			}
		}
		return nil
	}
	out["postcode_median_predicted_value"] = median("predicted_value")
	out["postcode_median_last_sold_price"] = median("last_sold_price")
	var avg struct {
		Value *float64 `json:"value"`
	}
	if raw, ok := resp.Aggregations["floor_area"]; ok && json.Unmarshal(raw, &avg) == nil && avg.Value != nil {
		out["postcode_mean_floor_area"] = math.Round(*avg.Value*10) / 10
	}
	for agg, key := range map[string]string{"bands": "postcode_council_tax_bands", "types": "postcode_property_types"} {
		var terms struct {
			Buckets []struct {
				Key   string `json:"key"`
				Count int64  `json:"doc_count"`
			} `json:"buckets"`
		}
		counts := map[string]int64{}
		if raw, ok := resp.Aggregations[agg]; ok && json.Unmarshal(raw, &terms) == nil {
			for _, b := range terms.Buckets {
				counts[b.Key] = b.Count
			}
		}
		out[key] = counts
	}
	return out, nil
}
