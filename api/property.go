package api

// Property records, tiers, parts and EPC. Field lists are documented in docs/addresses.md.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/ukpd/propertyapi/api/internal/fieldmap"
	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// propertyMap renders a property record as the flat object of spec 2.1:
// every stored field (location becomes latitude/longitude), plus address
// (address line 1) and outward_postcode; the fields the spec lists are
// always present, null when unknown.
func propertyMap(d *mappings.Property) (map[string]any, error) {
	m := fieldmap.StructMap(d, 8)
	delete(m, "location")
	delete(m, "source")
	for _, k := range specPropertyFields {
		if _, ok := m[k]; !ok {
			m[k] = nil
		}
	}
	m["address"] = nullIfZeroAny(d.AddressLine1)
	m["outward_postcode"] = nullIfZeroAny(d.Outcode)
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

// propertyWithMap loads a property record and renders it with propertyMap.
func (s *Server) propertyWithMap(ctx context.Context, uprn int64) (*mappings.Property, map[string]any, error) {
	d, b, err := s.uprnRecord(ctx, uprn)
	if err != nil {
		return nil, nil, err
	}
	m, err := propertyMap(d)
	if err != nil {
		return nil, nil, err
	}
	buildingKeys(m, b)
	return d, m, nil
}

// buildingKeys adds is_building, flat_count and flats to a record map.
func buildingKeys(m map[string]any, b *building) {
	if b == nil {
		m["is_building"], m["flat_count"], m["flats"] = false, nil, []map[string]any{}
		if _, ok := m["parent_uprn"]; !ok {
			m["parent_uprn"] = nil
		}
		return
	}
	m["is_building"], m["flat_count"], m["flats"] = true, b.flatCount(), b.flatRefs()
	m["parent_uprn"] = nil
}

// buildingParts are the parts that describe one dwelling: a building
// answers them with 422 uprn_is_building (and null inside tiers).
var buildingParts = map[string]bool{"rooms": true, "epc": true, "epc_renovations": true}

// isBuildingMap reports a record map built for a building.
func isBuildingMap(m map[string]any) bool {
	v, _ := m["is_building"].(bool)
	return v
}

func (s *Server) propertyRecord(w http.ResponseWriter, r *http.Request) error {
	uprn, err := pathUPRN(r)
	if err != nil {
		return err
	}
	d, b, err := s.uprnRecord(r.Context(), uprn)
	if err != nil {
		return err
	}
	if b == nil {
		// A dwelling: encoded straight from the record.
		body, err := dwellingRecord.Append(make([]byte, 0, 4096), d)
		if err != nil {
			return err
		}
		return writeRaw(w, http.StatusOK, jsonContentType, append(body, '\n'))
	}
	m, err := propertyMap(d)
	if err != nil {
		return err
	}
	buildingKeys(m, b)
	return writeJSON(w, http.StatusOK, m)
}

// dwellingRecord encodes a dwelling's record exactly as
// writeJSON(propertyMap(d) + buildingKeys(m, nil)) does, without the map
// (TestDwellingRecordBytes).
var dwellingRecord = fieldmap.NewRecord[mappings.Property](
	[]string{"location", "source"},
	append(slices.Clone(specPropertyFields), "parent_uprn"),
	map[string]func(d *mappings.Property) any{
		"address": func(d *mappings.Property) any { return nullIfZeroAny(d.AddressLine1) },
		"outward_postcode": func(d *mappings.Property) any {
			if d.Outcode == "" {
				if pc, ok := mappings.ParsePostcode(d.Postcode); ok {
					return pc.Outward
				}
			}
			return nullIfZeroAny(d.Outcode)
		},
		"latitude": func(d *mappings.Property) any {
			if d.Location == nil {
				return nil
			}
			return d.Location.Lat
		},
		"longitude": func(d *mappings.Property) any {
			if d.Location == nil {
				return nil
			}
			return d.Location.Lon
		},
		"is_building": func(*mappings.Property) any { return fieldmap.Literal("false") },
		"flat_count":  func(*mappings.Property) any { return nil },
		"flats":       func(*mappings.Property) any { return fieldmap.Literal("[]") },
	})

// Tiers: each a superset of the previous.
var (
	tierAddressFields = []string{"uprn", "udprn", "usrn", "parent_uprn", "full_address", "address_line_1",
		"address_line_2", "address_line_3", "sub_building", "building_name", "building_number", "street_name",
		"locality", "town_name", "post_town", "postcode", "outward_postcode", "country", "latitude", "longitude",
		"is_building", "flat_count", "flats"}
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

// partData builds one part. land loads the title; a flat's land is 422
// not_applicable (a building's dwelling parts are 422 uprn_is_building).
func (s *Server) partData(r *http.Request, d *mappings.Property, m map[string]any, part string) (map[string]any, error) {
	if buildingParts[part] && isBuildingMap(m) {
		e := Errorf(http.StatusUnprocessableEntity, CodeUPRNIsBuilding,
			"UPRN %d is a building of %v flats; %s describes one dwelling: ask about one of its flats (details.flats)", d.UPRN, m["flat_count"], part)
		e.Details = map[string]any{"uprn": d.UPRN, "flat_count": m["flat_count"], "flats": m["flats"]}
		return nil, e
	}
	switch part {
	case "epc_renovations":
		renovationSummary(d, m)
	case "land":
		if isFlat(d) {
			return nil, Errorf(http.StatusUnprocessableEntity, CodeNotApplicable, "land does not apply to a flat (UPRN %d); ask for the building's UPRN", d.UPRN)
		}
		t, err := s.titleOf(r, d.UPRN)
		if err != nil {
			return nil, err
		}
		if t != nil {
			m["title_no"], m["estate_interest"], m["title_class"] = t.TitleNo, t.EstateInterest, t.TitleClass
			m["title_area_sqm"], m["has_restrictive_covenant"] = nullIfZeroAny(t.AreaSqm), t.HasRestrictiveCovenant
		}
	}
	return pick(m, partFields[part]...), nil
}

// partOrNull is partData, except that the land of a flat is null where a
// response lists several parts.
func (s *Server) partOrNull(r *http.Request, d *mappings.Property, m map[string]any, part string) (any, error) {
	if part == "land" && isFlat(d) || buildingParts[part] && isBuildingMap(m) {
		return nil, nil
	}
	return s.partData(r, d, m, part)
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
			// Every field of the record (parts come under parts).
			f = make([]string, 0, len(m))
			for k := range m {
				f = append(f, k)
			}
			sort.Strings(f)
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
	}
	if buildingParts[part] && isBuildingMap(m) {
		return false
	}
	switch part {
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
		coverage := []coverageEntry{}
		for _, pn := range partNames {
			pd, err := s.partOrNull(r, d, maps.Clone(m), pn)
			var ce *Error
			switch {
			case errors.Is(err, search.ErrIndexMissing):
				// A part whose dataset is not loaded is null, with the reason.
				ds := datasetNotLoaded(err)
				name, _ := ds.Details["dataset"].(string)
				coverage = append(coverage, coverageEntry{Section: "parts." + pn, Dataset: name, Status: coverageNotLoaded, Reason: ds.Message})
				pd = nil
			case errors.As(err, &ce) && ce.Status == http.StatusNotFound:
				coverage = append(coverage, coverageEntry{Section: "parts." + pn, Status: coverageNoData, Reason: ce.Message})
				pd = nil
			case err != nil:
				return err
			}
			parts[pn] = pd
		}
		out["parts"] = parts
		out["coverage"] = coverage
		out["data_sources"] = s.profileSources(r.Context())
	} else {
		out = pick(m, tierFields(tier)...)
		out["parts"] = nil // only complete carries parts (keys always present)
	}
	out["tier"] = tier
	return writeJSON(w, http.StatusOK, out)
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
		if _, b, err := s.uprnRecord(r.Context(), uprn); err == nil && b != nil {
			return b.perDwellingErr()
		}
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
			EPCID: e.EPCID, LodgementDate: e.LodgementDate, InspectionDate: nullIfZero(e.InspectionDate),
			CurrentEnergyRating: e.CurrentEnergyRating, PotentialEnergyRating: e.PotentialEnergyRating,
			CurrentEnergyEfficiency: e.CurrentEnergyEfficiency, PotentialEnergyEfficiency: e.PotentialEnergyEfficiency,
			TotalFloorArea: nullIfZeroAny(e.TotalFloorArea), TransactionType: nullIfZero(e.TransactionType),
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
		"epc_floor_area":              nullIfZeroAny(latest.TotalFloorArea),
		"construction_age_band":       nullIfZeroAny(latest.ConstructionAgeBand),
		"property_type":               nullIfZeroAny(latest.PropertyType),
		"address":                     latest.Address,
		"postcode":                    latest.Postcode,
		"certificate_count":           resp.Hits.Total.Value,
		"history":                     history,
	})
}
