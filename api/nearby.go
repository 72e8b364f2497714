package api

// Nearby search: schools, amenities, the amenity catalogue (amenities,
// healthcare, fuel stations). Spec 2.17, 4.3, 4.6. Distances are
// straight-line (arc), computed and sorted by the engine.

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Nearby bounds (documented in docs/nearby.md).
const (
	schoolsRadiusMilesDefault = 0.5
	schoolsRadiusMilesMin     = 0.1
	schoolsRadiusMilesMax     = 5.0
	// radius_km, the alias: 0.1 to 8 km (8 km is just under the 5 miles cap).
	schoolsRadiusKmMin     = 0.1
	schoolsRadiusKmMax     = 8.0
	schoolsLimitDefault    = 20
	schoolsLimitMax        = 50
	amenityRadiusKmDefault = 1.0
	amenityRadiusKmMin     = 0.1
	amenityRadiusKmMax     = 10.0
	amenityLimitDefault    = 10
	amenityLimitMax        = 100
	kmPerMile              = query.MetersPerMile / 1000
)

// distanceOf returns the engine's distance in metres: the first sort value
// of a hit sorted by _geo_distance.
func distanceOf(h search.Hit) (float64, error) {
	if len(h.Sort) == 0 {
		return 0, fmt.Errorf("hit %s has no sort values", h.ID)
	}
	var m float64
	if err := json.Unmarshal(h.Sort[0], &m); err != nil {
		return 0, fmt.Errorf("hit %s distance: %w", h.ID, err)
	}
	return m, nil
}

// latLng is a point in the {lat, lng} form of spec 2.17.
type latLng struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

func toLatLng(p *mappings.GeoPoint) *latLng {
	if p == nil {
		return nil
	}
	return &latLng{Lat: roundTo(p.Lat, 6), Lng: roundTo(p.Lon, 6)}
}

type nearbyMetadata struct {
	Source   string `json:"source"`
	Coverage string `json:"coverage"`
	Note     string `json:"note"`
}

const straightLineNote = "Distances are straight-line (great-circle) from the search point, not travel distances; nearest first."

// termsBuckets is a terms aggregation.
type termsBuckets struct {
	Buckets []struct {
		Key      string `json:"key"`
		DocCount int64  `json:"doc_count"`
	} `json:"buckets"`
}

func (t termsBuckets) counts() map[string]int64 {
	out := map[string]int64{}
	for _, b := range t.Buckets {
		out[b.Key] = b.DocCount
	}
	return out
}

// ---- schools/nearby ----

type schoolsQuery struct {
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
	RadiusMiles float64 `json:"radius_miles"`
	RadiusKm    float64 `json:"radius_km"`
	Postcode    *string `json:"postcode"`
	Phase       *string `json:"phase"`
	Ofsted      *string `json:"ofsted"`
	Limit       int     `json:"limit"`
}

type schoolOfsted struct {
	Rating         string  `json:"rating"`
	LastInspection *string `json:"last_inspection"`
}

// Unknown text is null, never "" (docs/decisions.md): these fields take
// nilIfEmpty.
type schoolAddress struct {
	Street   any `json:"street"`
	Locality any `json:"locality"`
	Town     any `json:"town"`
	County   any `json:"county"`
	Postcode any `json:"postcode"`
}

type schoolContact struct {
	Website     any `json:"website"`
	Telephone   any `json:"telephone"`
	HeadTeacher any `json:"head_teacher"`
}

type schoolItem struct {
	URN                int64         `json:"urn"`
	Name               string        `json:"name"`
	Type               any           `json:"type"`
	TypeGroup          any           `json:"type_group"`
	Phase              any           `json:"phase"`
	Gender             any           `json:"gender"`
	ReligiousCharacter any           `json:"religious_character"`
	AdmissionsPolicy   any           `json:"admissions_policy"`
	AgeRange           any           `json:"age_range"`
	NumberOfPupils     *int          `json:"number_of_pupils"`
	SchoolCapacity     *int          `json:"school_capacity"`
	PercentageFSM      *float64      `json:"percentage_fsm"`
	Ofsted             *schoolOfsted `json:"ofsted"`
	Address            schoolAddress `json:"address"`
	LocalAuthority     any           `json:"local_authority"`
	Contact            schoolContact `json:"contact"`
	Trust              *string       `json:"trust"`
	Location           *latLng       `json:"location"`
	DistanceKm         float64       `json:"distance_km"`
	DistanceMiles      float64       `json:"distance_miles"`
}

type schoolsResponse struct {
	Query         schoolsQuery     `json:"query"`
	Count         int              `json:"count"`
	TotalInRadius int64            `json:"total_in_radius"`
	OfstedSummary map[string]int64 `json:"ofsted_summary"`
	Schools       []schoolItem     `json:"schools"`
	Metadata      nearbyMetadata   `json:"metadata"`
}

func ofstedRatings() []string {
	return []string{"Outstanding", "Good", "Requires Improvement", "Inadequate"}
}

func toSchool(d *mappings.School, meters float64) schoolItem {
	it := schoolItem{
		URN: d.URN, Name: d.Name, Type: nullIfZeroAny(d.Type), TypeGroup: nullIfZeroAny(d.TypeGroup), Phase: nullIfZeroAny(d.Phase), Gender: nullIfZeroAny(d.Gender),
		ReligiousCharacter: nullIfZeroAny(d.ReligiousCharacter), AdmissionsPolicy: nullIfZeroAny(d.AdmissionsPolicy), AgeRange: nil,
		NumberOfPupils: nullIfZero(d.NumberOfPupils), SchoolCapacity: nullIfZero(d.SchoolCapacity),
		Address: schoolAddress{Street: nullIfZeroAny(d.Street), Locality: nullIfZeroAny(d.Locality), Town: nullIfZeroAny(d.Town),
			County: nullIfZeroAny(d.County), Postcode: nullIfZeroAny(d.Postcode)},
		LocalAuthority: nullIfZeroAny(d.LocalAuthority),
		Contact:        schoolContact{Website: nullIfZeroAny(d.Website), Telephone: nullIfZeroAny(d.Telephone), HeadTeacher: nullIfZeroAny(d.HeadTeacher)},
		Trust:          nullIfZero(d.Trust), Location: toLatLng(d.Location),
		DistanceKm: roundTo(meters/1000, 2), DistanceMiles: roundTo(meters/query.MetersPerMile, 2),
	}
	if d.AgeLow != 0 || d.AgeHigh != 0 {
		it.AgeRange = fmt.Sprintf("%d-%d", d.AgeLow, d.AgeHigh)
	}
	if d.PercentageFSM != 0 {
		v := d.PercentageFSM
		it.PercentageFSM = &v
	}
	if d.OfstedRating != "" {
		it.Ofsted = &schoolOfsted{Rating: d.OfstedRating, LastInspection: nullIfZero(d.OfstedDate)}
	}
	return it
}

func (s *Server) schoolsNearby(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius", schoolsRadiusMilesDefault, schoolsRadiusMilesMin, schoolsRadiusMilesMax)
	// radius_km (the vendor client's name) is read when radius (miles, the
	// spec's) is not sent; radius wins when both are.
	if km := p.OptFloat("radius_km", schoolsRadiusKmMin, schoolsRadiusKmMax); km != nil && !p.Has("radius") {
		radius = *km / kmPerMile
	}
	limit := p.Int("limit", schoolsLimitDefault, 1, schoolsLimitMax)
	phase := p.Enum("phase", "", "Primary", "Secondary", "All-through", "Nursery", "16 plus")
	ofsted := p.Enum("ofsted", "", ofstedRatings()...)
	if err := p.Err(); err != nil {
		return err
	}
	pl, err := s.resolvePlace(r.Context(), p, placeForms{postcode: true, latlng: true})
	if err != nil {
		return err
	}
	q := query.SchoolsNearby{Center: pl.Point, RadiusM: radius * query.MetersPerMile, Phase: phase, Ofsted: ofsted, Limit: limit}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexSchools), q.Body())
	if err != nil {
		return fmt.Errorf("schools nearby: %w", err)
	}
	var aggs struct {
		Summary      termsBuckets
		NotInspected struct {
			DocCount int64 `json:"doc_count"`
		}
	}
	if err := decodeAggs(res.Aggregations, map[string]any{query.SchoolsOfstedAgg: &aggs.Summary, query.SchoolsNotInspectedAgg: &aggs.NotInspected}); err != nil {
		return fmt.Errorf("schools nearby: %w", err)
	}
	out := schoolsResponse{
		Query: schoolsQuery{Lat: pl.Point.Lat, Lng: pl.Point.Lon, RadiusMiles: math.Round(radius*1000) / 1000, RadiusKm: math.Round(radius*kmPerMile*1000) / 1000, Postcode: nullIfZero(pl.Postcode),
			Phase: nullIfZero(phase), Ofsted: nullIfZero(ofsted), Limit: limit},
		TotalInRadius: res.Hits.Total.Value,
		OfstedSummary: map[string]int64{"Not inspected": aggs.NotInspected.DocCount},
		Schools:       []schoolItem{},
		Metadata: nearbyMetadata{
			Source:   s.sourceLabel(r.Context(), mappings.IndexSchools, "Department for Education, Get Information about Schools; Ofsted inspection outcomes (Open Government Licence v3.0)"),
			Coverage: "England; open schools only",
			Note:     straightLineNote + " ofsted_summary counts every open school in the radius (for the phase asked), whatever the ofsted filter.",
		},
	}
	for _, rating := range ofstedRatings() {
		out.OfstedSummary[rating] = 0
	}
	for k, v := range aggs.Summary.counts() {
		out.OfstedSummary[k] = v
	}
	for _, h := range res.Hits.Hits {
		var d mappings.School
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode school %s: %w", h.ID, err)
		}
		m, err := distanceOf(h)
		if err != nil {
			return fmt.Errorf("schools nearby: %w", err)
		}
		out.Schools = append(out.Schools, toSchool(&d, m))
	}
	out.Count = len(out.Schools)
	return writeJSON(w, http.StatusOK, out)
}

// ---- amenities ----

// amenityGroup is one group of the amenity catalogue with the types it holds.
type amenityGroup struct {
	Name  string
	Types []string
}

// amenityCatalogue lists the groups of spec 4.6 (plus fuel) and the amenity
// types the index holds in each. The type list is what amenities/nearby
// accepts in types=.
func amenityCatalogue() []amenityGroup {
	return []amenityGroup{
		{"food", []string{"restaurant", "cafe", "pub", "bar", "fast_food"}},
		{"education", []string{"nursery", "school", "college", "university"}},
		{"healthcare", []string{"gp", "dentist", "pharmacy", "hospital", "clinic", "optician"}},
		{"financial", []string{"bank", "atm", "building_society", "bureau_de_change"}},
		{"civic", []string{"post_office", "police", "fire_station", "town_hall", "community_centre", "courthouse"}},
		{"worship", []string{"place_of_worship"}},
		{"culture", []string{"library", "museum", "theatre", "cinema", "arts_centre", "gallery"}},
		{"convenience", []string{"convenience_store", "newsagent", "off_licence"}},
		{"green_spaces", []string{"park", "playground", "garden", "nature_reserve", "allotment", "playing_field"}},
		{"transport", []string{"bus_stop", "rail_station", "tram_stop", "underground_station", "ferry_terminal", "taxi_rank", "car_park"}},
		{"shops", []string{"supermarket", "bakery", "butcher", "greengrocer", "clothes", "hardware", "department_store", "shopping_centre"}},
		{"fuel", []string{"petrol", "ev_charger"}},
	}
}

// amenityGroupNames are the groups served by amenities/{group} (fuel has its
// own endpoints).
func amenityGroupNames() []string {
	var out []string
	for _, g := range amenityCatalogue() {
		if g.Name != "fuel" {
			out = append(out, g.Name)
		}
	}
	return out
}

func amenityTypes() []string {
	var out []string
	for _, g := range amenityCatalogue() {
		out = append(out, g.Types...)
	}
	return out
}

// healthTypes are the default types of amenities/nearby and healthcare/.
func healthTypes() []string { return []string{"gp", "dentist", "pharmacy", "hospital"} }

// healthcareKinds maps healthcare/{kind} to an amenity type.
func healthcareKinds() map[string]string {
	return map[string]string{"gps": "gp", "dentists": "dentist", "pharmacies": "pharmacy", "hospitals": "hospital"}
}

// fuelKinds maps fuel-stations/{kind} to an amenity type.
func fuelKinds() map[string]string { return map[string]string{"petrol": "petrol", "ev": "ev_charger"} }

type amenityAddress struct {
	Line1    any `json:"line1"`
	City     any `json:"city"`
	Postcode any `json:"postcode"`
}

type amenityContact struct {
	Telephone any `json:"telephone"`
	Website   any `json:"website"`
}

type amenityItem struct {
	OrganisationID string         `json:"organisation_id"`
	Name           string         `json:"name"`
	Type           string         `json:"type"`
	Group          string         `json:"group"`
	Address        amenityAddress `json:"address"`
	Location       *latLng        `json:"location"`
	Contact        amenityContact `json:"contact"`
	// Type-specific keys are on every item (keys always present): null or
	// [] where they do not apply.
	Dispensary    *bool    `json:"dispensary"` // pharmacies only
	Operator      any      `json:"operator"`
	FuelTypes     []string `json:"fuel_types"`
	Connectors    []string `json:"connectors"`
	MaxPowerKW    *float64 `json:"max_power_kw"`
	Source        string   `json:"source"`
	DistanceKm    float64  `json:"distance_km"`
	DistanceMiles float64  `json:"distance_miles"`
}

func toAmenity(d *mappings.Amenity, meters float64) amenityItem {
	it := amenityItem{
		OrganisationID: d.ID, Name: d.Name, Type: d.Type, Group: d.Group,
		Address:  amenityAddress{Line1: nullIfZeroAny(d.Line1), City: nullIfZeroAny(d.City), Postcode: nullIfZeroAny(d.Postcode)},
		Location: toLatLng(d.Location),
		Contact:  amenityContact{Telephone: nullIfZeroAny(d.Telephone), Website: nullIfZeroAny(d.Website)},
		Operator: nullIfZeroAny(d.Operator), FuelTypes: nonNilStrings(d.FuelTypes), Connectors: nonNilStrings(d.Connectors),
		Source:     d.Source,
		DistanceKm: roundTo(meters/1000, 2), DistanceMiles: roundTo(meters/query.MetersPerMile, 2),
	}
	if d.Type == "pharmacy" {
		v := d.Dispensary
		it.Dispensary = &v
	}
	if d.MaxPowerKW != 0 {
		v := d.MaxPowerKW
		it.MaxPowerKW = &v
	}
	return it
}

// nonNilStrings is xs, or [] for none (collections are never null).
func nonNilStrings(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

type amenitiesQuery struct {
	Lat      float64  `json:"lat"`
	Lng      float64  `json:"lng"`
	RadiusKm float64  `json:"radius_km"`
	UPRN     *int64   `json:"uprn"`
	Postcode *string  `json:"postcode"` // null when the place was not a postcode
	Group    *string  `json:"group"`    // amenities/{group}; null elsewhere
	Kind     *string  `json:"kind"`     // healthcare/{kind}, fuel-stations/{kind}; null elsewhere
	Types    []string `json:"types"`
	Limit    int      `json:"limit"`
}

type amenitiesResponse struct {
	Query         amenitiesQuery   `json:"query"`
	Count         int              `json:"count"`
	TotalInRadius int64            `json:"total_in_radius"`
	TypeCounts    map[string]int64 `json:"type_counts"`
	GroupCounts   map[string]int64 `json:"group_counts,omitempty"`
	Amenities     []amenityItem    `json:"amenities"`
	Metadata      nearbyMetadata   `json:"metadata"`
}

// amenitySearch is what differs between the amenity endpoints.
type amenitySearch struct {
	forms       placeForms
	types       []string // filter; nil = any
	groups      []string // filter; nil = any
	group, kind string   // echoed
	groupCounts bool
	coverage    string
}

// amenitiesAnswer runs an amenity search with the common parameters
// (radius_km, limit, and the location forms of as.forms).
func (s *Server) amenitiesAnswer(w http.ResponseWriter, r *http.Request, p *params, as amenitySearch) error {
	radius := p.Float("radius_km", amenityRadiusKmDefault, amenityRadiusKmMin, amenityRadiusKmMax)
	limit := p.Int("limit", amenityLimitDefault, 1, amenityLimitMax)
	if err := p.Err(); err != nil {
		return err
	}
	pl, err := s.resolvePlace(r.Context(), p, as.forms)
	if err != nil {
		return err
	}
	q := query.AmenitiesNearby{Center: pl.Point, RadiusM: radius * 1000, Types: as.types, Groups: as.groups, Limit: limit}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexAmenities), q.Body())
	if err != nil {
		return fmt.Errorf("amenities nearby: %w", err)
	}
	var aggs struct{ Types, Groups termsBuckets }
	if err := decodeAggs(res.Aggregations, map[string]any{query.AmenityTypeCountsAgg: &aggs.Types, query.AmenityGroupCountsAgg: &aggs.Groups}); err != nil {
		return fmt.Errorf("amenities nearby: %w", err)
	}
	types := as.types
	if types == nil {
		types = []string{}
	}
	out := amenitiesResponse{
		Query: amenitiesQuery{Lat: pl.Point.Lat, Lng: pl.Point.Lon, RadiusKm: radius, UPRN: nullIfZero(pl.UPRN),
			Postcode: nullIfZero(pl.Postcode), Group: nullIfZero(as.group), Kind: nullIfZero(as.kind), Types: types, Limit: limit},
		TotalInRadius: res.Hits.Total.Value,
		TypeCounts:    map[string]int64{},
		Amenities:     []amenityItem{},
	}
	for _, t := range as.types {
		out.TypeCounts[t] = 0
	}
	for k, v := range aggs.Types.counts() {
		out.TypeCounts[k] = v
	}
	if as.groupCounts {
		out.GroupCounts = aggs.Groups.counts()
	}
	sources := map[string]bool{}
	var srcList []string
	for _, h := range res.Hits.Hits {
		var d mappings.Amenity
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode amenity %s: %w", h.ID, err)
		}
		m, err := distanceOf(h)
		if err != nil {
			return fmt.Errorf("amenities nearby: %w", err)
		}
		if d.Source != "" && !sources[d.Source] {
			sources[d.Source] = true
			srcList = append(srcList, d.Source)
		}
		out.Amenities = append(out.Amenities, toAmenity(&d, m))
	}
	out.Count = len(out.Amenities)
	out.Metadata = nearbyMetadata{Source: strings.Join(srcList, "; "), Coverage: as.coverage,
		Note: straightLineNote + " Closed, dormant and proposed sites are left out; type_counts cover the whole radius."}
	if out.Metadata.Source == "" {
		out.Metadata.Source = "none in radius"
	}
	return writeJSON(w, http.StatusOK, out)
}

const healthCoverage = "England (NHS Organisation Data Service: GP practices, dental practices, pharmacies, hospitals)"

func (s *Server) amenitiesNearby(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	types := p.List("types", amenityTypes()...)
	if types == nil {
		types = healthTypes()
	}
	return s.amenitiesAnswer(w, r, p, amenitySearch{
		// The spec names uprn or lat+lng; a postcode is accepted too, as
		// across the amenity catalogue.
		forms: catalogueForms(), types: types, coverage: healthCoverage,
	})
}

// catalogueForms are the location forms of the amenity catalogue.
func catalogueForms() placeForms { return placeForms{postcode: true, uprn: true, latlng: true} }

func (s *Server) amenitiesAll(w http.ResponseWriter, r *http.Request) error {
	return s.amenitiesAnswer(w, r, newParams(r), amenitySearch{
		forms: catalogueForms(), groups: amenityGroupNames(), groupCounts: true, coverage: "Great Britain, where the amenity data holds the area",
	})
}

// unknownPathValue is the 404 for a {group} or {kind} outside the list.
func unknownPathValue(what, got string, valid []string) *Error {
	e := NotFound("unknown %s %q; valid: %s", what, truncate(got, 40), strings.Join(valid, ", "))
	e.Details = map[string]any{"valid": valid}
	return e
}

func (s *Server) amenitiesGroup(w http.ResponseWriter, r *http.Request) error {
	g := pathVar(r, "group")
	valid := amenityGroupNames()
	found := false
	for _, v := range valid {
		if v == g {
			found = true
		}
	}
	if !found {
		return unknownPathValue("amenity group", g, valid)
	}
	return s.amenitiesAnswer(w, r, newParams(r), amenitySearch{
		forms: catalogueForms(), groups: []string{g}, group: g, coverage: "Great Britain, where the amenity data holds the area",
	})
}

func (s *Server) healthcareAll(w http.ResponseWriter, r *http.Request) error {
	return s.amenitiesAnswer(w, r, newParams(r), amenitySearch{forms: catalogueForms(), types: healthTypes(), coverage: healthCoverage})
}

func (s *Server) healthcareKind(w http.ResponseWriter, r *http.Request) error {
	k := pathVar(r, "kind")
	t, ok := healthcareKinds()[k]
	if !ok {
		return unknownPathValue("healthcare kind", k, []string{"gps", "dentists", "pharmacies", "hospitals"})
	}
	return s.amenitiesAnswer(w, r, newParams(r), amenitySearch{forms: catalogueForms(), types: []string{t}, kind: k, coverage: healthCoverage})
}

const fuelCoverage = "United Kingdom, where fuel-price and charge-point data hold the site"

func (s *Server) fuelAll(w http.ResponseWriter, r *http.Request) error {
	return s.amenitiesAnswer(w, r, newParams(r), amenitySearch{forms: catalogueForms(), types: []string{"petrol", "ev_charger"}, coverage: fuelCoverage})
}

func (s *Server) fuelKind(w http.ResponseWriter, r *http.Request) error {
	k := pathVar(r, "kind")
	t, ok := fuelKinds()[k]
	if !ok {
		return unknownPathValue("fuel station kind", k, []string{"petrol", "ev"})
	}
	return s.amenitiesAnswer(w, r, newParams(r), amenitySearch{forms: catalogueForms(), types: []string{t}, kind: k, coverage: fuelCoverage})
}
