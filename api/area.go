package api

// Area statistics: deprivation, demographics, broadband and the
// postcode profile.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// imdTotalLSOAs is the number of LSOAs ranked by the English IMD 2019.
const imdTotalLSOAs = 32844

// deprivationIndexFor returns the index a deprivation document belongs to:
// its edition's, else the nation of the postcode's, else England's.
func deprivationIndexFor(d *mappings.Deprivation, country string) mappings.DeprivationIndex {
	if idx, ok := mappings.DeprivationIndexOf(d.Edition); ok {
		return idx
	}
	if idx, ok := mappings.DeprivationIndexOf(country); ok {
		return idx
	}
	idx, _ := mappings.DeprivationIndexOf("E")
	return idx
}

// dataGap is the 404 for a valid postcode the data does not cover.
func dataGap(format string, args ...any) *Error {
	return Errorf(http.StatusNotFound, CodeDataNotAvailable, format, args...)
}

// areaPostcode reads the postcode document; an absent postcode is a data gap
// (404 data_not_available), not a malformed request.
func (s *Server) areaPostcode(ctx context.Context, pc mappings.PostcodeParts) (*mappings.Postcode, error) {
	return s.areaPostcodeOf(ctx, pc, s.postcodeDoc)
}

// areaPostcodeOf is areaPostcode through a fetch (postcodeRecord lets a
// terminated postcode through).
func (s *Server) areaPostcodeOf(ctx context.Context, pc mappings.PostcodeParts, fetch func(context.Context, mappings.PostcodeParts) (*mappings.Postcode, error)) (*mappings.Postcode, error) {
	d, err := fetch(ctx, pc)
	if e, ok := err.(*Error); ok && e.Status == http.StatusNotFound {
		return nil, dataGap("no data is held for postcode %s", pc.Display())
	}
	return d, err
}

// areaPostcodeParam reads the required postcode parameter and its postcode
// document (areaPostcode).
func (s *Server) areaPostcodeParam(r *http.Request) (mappings.PostcodeParts, *mappings.Postcode, error) {
	p := newParams(r)
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return pc, nil, err
	}
	pd, err := s.areaPostcode(r.Context(), pc)
	return pc, pd, err
}

// decodeFirst decodes the first hit of a response into out; false when none.
func decodeFirst(res *search.Response, out any, what string) (bool, error) {
	if res == nil || len(res.Hits.Hits) == 0 {
		return false, nil
	}
	if err := json.Unmarshal(res.Hits.Hits[0].Source, out); err != nil {
		return false, fmt.Errorf("decode %s: %w", what, err)
	}
	return true, nil
}

// Deprivation (spec 2.6).

type codeName struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

type deprivationOverall struct {
	Rank               int     `json:"rank"`
	Decile             int     `json:"decile"`
	Score              int     `json:"score"`
	Label              string  `json:"label"`
	ShortLabel         string  `json:"short_label"`
	LADRank            *int    `json:"lad_rank"`
	LADRankDescription *string `json:"lad_rank_description"` // null without a local rank
}

type deprivationDomain struct {
	Domain      string `json:"domain"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Rank        int    `json:"rank"`
	Decile      int    `json:"decile"`
	Score       int    `json:"score"`
	ScoreLabel  string `json:"score_label"`
}

type deprivationResponse struct {
	Postcode string              `json:"postcode"`
	LSOA     codeName            `json:"lsoa"`
	LAD      codeName            `json:"lad"`
	Overall  deprivationOverall  `json:"overall"`
	Domains  []deprivationDomain `json:"domains"`
	Metadata struct {
		Source           string `json:"source"`
		Edition          string `json:"edition,omitempty"`
		TotalLSOAs       int    `json:"total_lsoas"`
		ScoreExplanation string `json:"score_explanation"`
	} `json:"metadata"`
}

// deprivationDomains lists the seven domains in order with their labels.
func deprivationDomains() [][3]string {
	return [][3]string{
		{"income", "Income", "People on low incomes, including those out of work and in low-paid work."},
		{"employment", "Employment", "Working-age people involuntarily excluded from the labour market."},
		{"education", "Education, skills and training", "Lack of attainment and skills among children and adults."},
		{"health", "Health and disability", "Risk of premature death and impaired quality of life through poor health."},
		{"crime", "Crime", "Risk of personal and material victimisation."},
		{"housing", "Barriers to housing and services", "Physical and financial accessibility of housing and local services."},
		{"environment", "Living environment", "Quality of the indoor and outdoor local environment."},
	}
}

// deprivationScoreExplanation explains score and ranks in the nation's own terms.
func deprivationScoreExplanation(idx mappings.DeprivationIndex) string {
	return fmt.Sprintf("score is 1 to 10 where 10 is least deprived; it equals the national decile of the %s "+
		"(decile 1 = the 10%% most deprived %s in %s, decile 10 = the 10%% least deprived). "+
		"Ranks run from 1 (most deprived) to total_lsoas, the %s ranked in %s.", idx.Edition, idx.AreaNoun, idx.Nation, idx.AreaNoun, idx.Nation)
}

// decileLabels returns the long and short label of a decile (1 = most
// deprived) in England's terms; decileLabelsIn names another nation's.
func decileLabels(d int) (label, short string) {
	idx, _ := mappings.DeprivationIndexOf("E")
	return decileLabelsIn(d, idx)
}

// decileLabelsIn returns the labels of a decile of a nation's index.
func decileLabelsIn(d int, idx mappings.DeprivationIndex) (label, short string) {
	switch {
	case d < 1 || d > 10:
		return "Unknown", "Unknown"
	case d <= 5:
		label = fmt.Sprintf("Among the %d%% most deprived %s in %s", d*10, idx.AreaNoun, idx.Nation)
	default:
		label = fmt.Sprintf("Among the %d%% least deprived %s in %s", (11-d)*10, idx.AreaNoun, idx.Nation)
	}
	switch {
	case d <= 2:
		short = "Very high deprivation"
	case d <= 4:
		short = "High deprivation"
	case d <= 6:
		short = "Average deprivation"
	case d <= 8:
		short = "Low deprivation"
	default:
		short = "Very low deprivation"
	}
	return label, short
}

// deprivationBody builds the response from the LSOA's document.
func deprivationBody(pc string, d *mappings.Deprivation, country string) deprivationResponse {
	idx := deprivationIndexFor(d, country)
	var out deprivationResponse
	out.Postcode = pc
	out.LSOA = codeName{d.LSOACode, d.LSOAName}
	out.LAD = codeName{d.LADCode, d.LADName}
	label, short := decileLabelsIn(d.Decile, idx)
	out.Overall = deprivationOverall{Rank: d.Rank, Decile: d.Decile, Score: d.Decile, Label: label, ShortLabel: short}
	if d.LADRank > 0 {
		lr := d.LADRank
		out.Overall.LADRank = &lr
		of := ""
		if d.LADCount > 0 {
			of = fmt.Sprintf(" of %d", d.LADCount)
		}
		where := d.LADName
		if where == "" {
			where = "its local authority"
		}
		desc := fmt.Sprintf("Ranked %d%s neighbourhoods in %s, where 1 is the most deprived", d.LADRank, of, where)
		out.Overall.LADRankDescription = &desc
	}
	byName := map[string]mappings.DeprivationDomain{}
	for _, dd := range d.Domains {
		byName[dd.Domain] = dd
	}
	out.Domains = []deprivationDomain{}
	for _, def := range deprivationDomains() {
		dd, ok := byName[def[0]]
		if !ok {
			continue
		}
		_, sl := decileLabelsIn(dd.Decile, idx)
		out.Domains = append(out.Domains, deprivationDomain{
			Domain: def[0], Label: def[1], Description: def[2],
			Rank: dd.Rank, Decile: dd.Decile, Score: dd.Decile, ScoreLabel: sl,
		})
	}
	out.Metadata.Source = idx.Source
	if d.Source != "" && d.Source != "generated" {
		out.Metadata.Source = d.Source
	}
	out.Metadata.Edition = d.Edition
	if out.Metadata.Edition == "" {
		out.Metadata.Edition = idx.Edition
	}
	// Ranks are out of the nation's ranked areas, never the areas loaded.
	out.Metadata.TotalLSOAs = idx.AreaCount
	out.Metadata.ScoreExplanation = deprivationScoreExplanation(idx)
	return out
}

// deprivation answers deprivation/?postcode=.
func (s *Server) deprivation(w http.ResponseWriter, r *http.Request) error {
	pc, pd, err := s.areaPostcodeParam(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if pd.LSOACode == "" {
		return dataGap("postcode %s has no LSOA; deprivation data is not available", pc.Display())
	}
	src, found, err := s.backend.Get(ctx, s.idx.Name(mappings.IndexDeprivation), pd.LSOACode)
	if err != nil {
		return fmt.Errorf("get deprivation %s: %w", pd.LSOACode, err)
	}
	if whole, partly := mappings.DeprivationUncovered(pc.Area()); !found && (whole || partly) {
		// The specification's listed gap: its own answer, 'Postcode not found'.
		return NotFound("Postcode not found: deprivation does not cover the %s postcode area yet (%s)", pc.Area(), pc.Display())
	}
	if !found {
		return dataGap("deprivation data is not available for postcode %s (LSOA %s)", pc.Display(), pd.LSOACode)
	}
	var d mappings.Deprivation
	if err := json.Unmarshal(src, &d); err != nil {
		return fmt.Errorf("decode deprivation %s: %w", pd.LSOACode, err)
	}
	return writeJSON(w, http.StatusOK, deprivationBody(pc.Display(), &d, pd.Country))
}

// Demographics (spec 2.17).

// censusGroups lists every group and its keys, in response order.
func censusGroups() []struct {
	Name string
	Keys []string
	Get  func(*mappings.Census) map[string]float64
} {
	return []struct {
		Name string
		Keys []string
		Get  func(*mappings.Census) map[string]float64
	}{
		{"tenure", []string{"owned_outright_pct", "owned_mortgage_pct", "shared_ownership_pct", "social_rented_pct", "private_rented_pct", "rent_free_pct"}, func(c *mappings.Census) map[string]float64 { return c.Tenure }},
		{"age", []string{"age_0_15_pct", "age_16_29_pct", "age_30_44_pct", "age_45_64_pct", "age_65_plus_pct"}, func(c *mappings.Census) map[string]float64 { return c.Age }},
		{"ethnicity", []string{"white_british_pct", "white_other_pct", "mixed_pct", "asian_pct", "black_pct", "other_pct"}, func(c *mappings.Census) map[string]float64 { return c.Ethnicity }},
		{"occupation", []string{"managerial_professional_pct", "intermediate_pct", "routine_manual_pct", "never_worked_pct"}, func(c *mappings.Census) map[string]float64 { return c.Occupation }},
		{"household_size", []string{"one_person_pct", "two_person_pct", "three_plus_pct"}, func(c *mappings.Census) map[string]float64 { return c.HouseholdSize }},
		{"car_ownership", []string{"no_car_pct", "one_car_pct", "two_plus_cars_pct"}, func(c *mappings.Census) map[string]float64 { return c.CarOwnership }},
	}
}

// censusGroup returns every listed key of a group (null when the data
// lacks it).
func censusGroup(m map[string]float64, keys []string) map[string]*float64 {
	out := make(map[string]*float64, len(keys))
	for _, k := range keys {
		if v, ok := m[k]; ok {
			v := v
			out[k] = &v
		} else {
			out[k] = nil
		}
	}
	return out
}

type demographicsArea struct {
	LocalAuthority     string  `json:"local_authority"`
	LocalAuthorityCode string  `json:"local_authority_code"`
	LSOACode           string  `json:"lsoa_code"`
	LSOAName           *string `json:"lsoa_name"`
	MSOACode           string  `json:"msoa_code"`
	MSOAName           string  `json:"msoa_name,omitempty"`
}

type demographicsGeography struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
	MSOACode  string   `json:"msoa_code"`
	LSOACode  string   `json:"lsoa_code"`
}

type demographicsPopulation struct {
	Total      int `json:"total"`
	Households int `json:"households"`
}

type demographicsResponse struct {
	Postcode      string                   `json:"postcode"`
	Area          demographicsArea         `json:"area"`
	Geography     demographicsGeography    `json:"geography"`
	Population    demographicsPopulation   `json:"population"`
	Tenure        map[string]*float64      `json:"tenure"`
	Age           map[string]*float64      `json:"age"`
	Ethnicity     map[string]*float64      `json:"ethnicity"`
	Occupation    map[string]*float64      `json:"occupation"`
	HouseholdSize map[string]*float64      `json:"household_size"`
	CarOwnership  map[string]*float64      `json:"car_ownership"`
	CensusYear    int                      `json:"census_year"`
	Deprivation   *demographicsDeprivation `json:"deprivation"`
	DataSources   []string                 `json:"data_sources"`
	Note          string                   `json:"note"`
}

type demographicsDeprivation struct {
	IMDRank   int    `json:"imd_rank"`
	IMDDecile int    `json:"imd_decile"`
	Score     int    `json:"score"`
	Label     string `json:"label"`
	LSOACode  string `json:"lsoa_code"`
}

// demographics answers demographics/?postcode=: the census groups of the
// postcode's MSOA and the deprivation of its LSOA, read in one multi-search.
func (s *Server) demographics(w http.ResponseWriter, r *http.Request) error {
	pc, pd, err := s.areaPostcodeParam(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if pd.MSOACode == "" {
		return dataGap("postcode %s has no MSOA; census data is not available", pc.Display())
	}
	items := []search.MultiItem{{Index: s.idx.Name(mappings.IndexCensus), Body: query.ByID(pd.MSOACode)}}
	if pd.LSOACode != "" {
		items = append(items, search.MultiItem{Index: s.idx.Name(mappings.IndexDeprivation), Body: query.ByID(pd.LSOACode)})
	}
	res, err := s.backend.MSearch(ctx, items)
	if err != nil {
		return fmt.Errorf("read census and deprivation of %s: %w", pc.Display(), err)
	}
	var c mappings.Census
	ok, err := decodeFirst(res[0], &c, "census "+pd.MSOACode)
	if err != nil {
		return err
	}
	if !ok {
		return dataGap("census data is not available for postcode %s (MSOA %s)", pc.Display(), pd.MSOACode)
	}
	body := demographicsResponse{
		Postcode: pc.Display(),
		Area: demographicsArea{
			LocalAuthority: firstNonEmpty(pd.LADName, c.LADName), LocalAuthorityCode: firstNonEmpty(pd.LADCode, c.LADCode),
			LSOACode: pd.LSOACode, MSOACode: pd.MSOACode, MSOAName: c.MSOAName,
		},
		Geography:  demographicsGeography{MSOACode: pd.MSOACode, LSOACode: pd.LSOACode},
		Population: demographicsPopulation{Total: c.PopulationTotal, Households: c.Households},
		CensusYear: c.CensusYear,
		Note:       "Figures describe the MSOA containing the postcode (about 7,500 residents), not the postcode unit.",
	}
	if pd.Location != nil {
		body.Geography.Latitude, body.Geography.Longitude = &pd.Location.Lat, &pd.Location.Lon
	}
	g := censusGroups()
	body.Tenure = censusGroup(g[0].Get(&c), g[0].Keys)
	body.Age = censusGroup(g[1].Get(&c), g[1].Keys)
	body.Ethnicity = censusGroup(g[2].Get(&c), g[2].Keys)
	body.Occupation = censusGroup(g[3].Get(&c), g[3].Keys)
	body.HouseholdSize = censusGroup(g[4].Get(&c), g[4].Keys)
	body.CarOwnership = censusGroup(g[5].Get(&c), g[5].Keys)
	body.DataSources = append([]string(nil), c.Sources...)
	if len(body.DataSources) == 0 {
		body.DataSources = []string{"ONS Census 2021 (Open Government Licence v3.0)"}
	}
	if len(res) > 1 {
		var d mappings.Deprivation
		found, err := decodeFirst(res[1], &d, "deprivation "+pd.LSOACode)
		if err != nil {
			return err
		}
		if found {
			label, _ := decileLabelsIn(d.Decile, deprivationIndexFor(&d, pd.Country))
			body.Deprivation = &demographicsDeprivation{IMDRank: d.Rank, IMDDecile: d.Decile, Score: d.Decile, Label: label, LSOACode: d.LSOACode}
			if d.LSOAName != "" {
				body.Area.LSOAName = &d.LSOAName
			}
			body.DataSources = append(body.DataSources, deprivationIndexFor(&d, pd.Country).Source)
		}
	}
	return writeJSON(w, http.StatusOK, body)
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// Broadband (spec 2.8).

type broadbandResponse struct {
	Postcode              string  `json:"postcode"`
	AvgDownloadSpeed      float64 `json:"avg_download_speed"`
	MaxDownloadSpeed      float64 `json:"max_download_speed"`
	AvgUploadSpeed        float64 `json:"avg_upload_speed"`
	MaxUploadSpeed        float64 `json:"max_upload_speed"`
	SuperfastAvailablePct float64 `json:"superfast_available_pct"`
	UltrafastAvailablePct float64 `json:"ultrafast_available_pct"`
	GigabitAvailablePct   float64 `json:"gigabit_available_pct"`
	FullFibreAvailablePct float64 `json:"full_fibre_available_pct"`
	BelowUSOPct           float64 `json:"below_uso_pct"`
	ConnectionsCount      int     `json:"connections_count"`
	PremisesCount         int     `json:"premises_count"`
	DataYear              int     `json:"data_year"`
	Source                string  `json:"source"`
}

// broadband answers broadband?postcode= (free, uncounted).
func (s *Server) broadband(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	src, found, err := s.backend.Get(r.Context(), s.idx.Name(mappings.IndexBroadband), pc.Display())
	if err != nil {
		return fmt.Errorf("get broadband %s: %w", pc.Display(), err)
	}
	if !found {
		return s.notFoundOrTerminated(r.Context(), pc, NotFound("no broadband data for postcode %s", pc.Display()))
	}
	var b mappings.Broadband
	if err := json.Unmarshal(src, &b); err != nil {
		return fmt.Errorf("decode broadband %s: %w", pc.Display(), err)
	}
	return writeJSON(w, http.StatusOK, broadbandBody(pc.Display(), &b))
}

func broadbandBody(pc string, b *mappings.Broadband) broadbandResponse {
	src := "Ofcom Connected Nations (Open Government Licence v3.0)"
	switch {
	case b.Source == "ofcom-cn" && b.DataYear > 0:
		src = fmt.Sprintf("Ofcom Connected Nations %d, fixed broadband by postcode (Open Government Licence v3.0)", b.DataYear)
	case b.Source != "" && b.Source != "generated":
		src = b.Source
	}
	return broadbandResponse{
		Postcode: pc, AvgDownloadSpeed: b.AvgDownloadSpeed, MaxDownloadSpeed: b.MaxDownloadSpeed,
		AvgUploadSpeed: b.AvgUploadSpeed, MaxUploadSpeed: b.MaxUploadSpeed,
		SuperfastAvailablePct: b.SuperfastAvailablePct, UltrafastAvailablePct: b.UltrafastAvailablePct,
		GigabitAvailablePct: b.GigabitAvailablePct, FullFibreAvailablePct: b.FullFibreAvailablePct,
		BelowUSOPct: b.BelowUSOPct, ConnectionsCount: b.ConnectionsCount, PremisesCount: b.PremisesCount,
		DataYear: b.DataYear, Source: src,
	}
}
