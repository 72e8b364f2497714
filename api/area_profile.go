package api

// Postcode profile (spec 2.7): every section of one postcode from one
// postcode read and one multi-search of aggregations.

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sort"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// Profile radii.
const (
	profileSchoolRadiusM    = 1000.0
	profileTransportRadiusM = 500.0
	profileRiskRadiusM      = 100.0
)

type profileLocation struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

type profileDeprivation struct {
	IMDDecile int            `json:"imd_decile"`
	IMDScore  int            `json:"imd_score"` // 1..10, 10 = least deprived (= decile)
	IMDRank   int            `json:"imd_rank"`
	Label     string         `json:"label"`
	Domains   map[string]int `json:"domains"` // domain → decile
}

type profileBroadband struct {
	AvgDownloadMbps       float64 `json:"avg_download_mbps"`
	MaxDownloadMbps       float64 `json:"max_download_mbps"`
	SuperfastAvailablePct float64 `json:"superfast_available_pct"`
	FullFibreAvailablePct float64 `json:"full_fibre_available_pct"`
}

type profileSoldPrices struct {
	MedianSoldPrice *int64 `json:"median_sold_price"`
	SaleCount       int64  `json:"sale_count"`
	PeriodStart     string `json:"period_start"`
	PeriodEnd       string `json:"period_end"`
}

type profileSchools struct {
	Total          int64            `json:"total"`
	RadiusKm       float64          `json:"radius_km"`
	ByOfstedRating map[string]int64 `json:"by_ofsted_rating"` // {} with no schools; null when withheld (Free summary)
}

type profileTransport struct {
	Total   int64            `json:"total"`
	RadiusM float64          `json:"radius_m"`
	ByType  map[string]int64 `json:"by_type"`
}

type profileCensus struct {
	Source          string              `json:"source"`
	MSOACode        string              `json:"msoa_code"`
	CensusYear      int                 `json:"census_year"`
	PopulationTotal int                 `json:"population_total"`
	Tenure          map[string]*float64 `json:"tenure"`
	AgeBands        map[string]*float64 `json:"age_bands"`
}

type profileRisk struct {
	Flood struct {
		Assessed     bool   `json:"assessed"`
		RiversAndSea string `json:"rivers_and_sea"`
		SurfaceWater string `json:"surface_water"`
	} `json:"flood"`
	Radon struct {
		Assessed       bool   `json:"assessed"`
		Classification string `json:"classification"`
		Description    string `json:"description"`
	} `json:"radon"`
	OverallRisk string `json:"overall_risk"`
}

type profileCouncilTax struct {
	DominantBand       string           `json:"dominant_band"`
	BandDistribution   map[string]int64 `json:"band_distribution"`
	PropertiesWithBand int64            `json:"properties_with_band"`
	AnnualChargePence  *int64           `json:"annual_charge_pence"`
	BillingAuthority   any              `json:"billing_authority"`
	Year               any              `json:"year"`
}

type profileProperties struct {
	Total         int64            `json:"total"`
	TypeBreakdown map[string]int64 `json:"type_breakdown"`
}

type hpiPoint struct {
	Year  int     `json:"year"`
	Month int     `json:"month"`
	Index float64 `json:"index"`
}

type profileHPI struct {
	Region         string     `json:"region"`
	Trend          []hpiPoint `json:"trend"` // [] without data; null when withheld (Free summary)
	CurrentIndex   *float64   `json:"current_index"`
	Change12mPct   *float64   `json:"change_12m_pct"`
	CurrentAverage *int64     `json:"current_average_price"`
	Source         string     `json:"source"`
}

type profileResponse struct {
	Postcode string `json:"postcode"`
	Outcode  string `json:"outcode"`
	// Terminated is the month a terminated postcode was retired
	// (YYYY-MM; null when live), Successors the live postcodes that
	// replaced it (postcode_terminated.go).
	Terminated        *string             `json:"terminated"`
	Successors        []postcodeSuccessor `json:"successors,omitempty"`
	Location          *profileLocation    `json:"location"`
	Plan              string              `json:"detail"` // full or summary
	Deprivation       *profileDeprivation `json:"deprivation"`
	Broadband         *profileBroadband   `json:"broadband"`
	SoldPrices        *profileSoldPrices  `json:"sold_prices"`
	Schools           *profileSchools     `json:"schools"`
	Transport         *profileTransport   `json:"transport"`
	Census            *profileCensus      `json:"census"`
	EnvironmentalRisk *profileRisk        `json:"environmental_risk"`
	CouncilTax        *profileCouncilTax  `json:"council_tax"`
	Properties        *profileProperties  `json:"properties"`
	HPI               *profileHPI         `json:"hpi"`
	Notes             []string            `json:"notes"`
	// Coverage says why each null section is null: its dataset
	// is not loaded, holds nothing for this postcode, or does not apply.
	Coverage []coverageEntry `json:"coverage"`
	// DataSources names the source and release of each dataset read.
	DataSources map[string]DataSource `json:"data_sources"`
}

// coverageEntry explains one section a composite answer leaves null.
type coverageEntry struct {
	Section string `json:"section"`
	Dataset string `json:"dataset,omitempty"`
	Status  string `json:"status"` // dataset_not_loaded, no_data, not_applicable, plan
	Reason  string `json:"reason"`
}

// Coverage statuses.
const (
	coverageNotLoaded     = "dataset_not_loaded"
	coverageNoData        = "no_data"
	coverageNotApplicable = "not_applicable"
	coveragePlan          = "plan"
)

// coverageFor explains a null section: the dataset is missing (not
// loaded), or loaded without a record here, or the lookup key is absent.
func coverageFor(section, dataset string, missing map[string]bool, queried bool, keyReason string) coverageEntry {
	switch {
	case missing[dataset]:
		return coverageEntry{section, dataset, coverageNotLoaded, "the " + dataset + " dataset is not loaded on this server"}
	case !queried:
		return coverageEntry{section, dataset, coverageNotApplicable, keyReason}
	}
	return coverageEntry{section, dataset, coverageNoData, "the " + dataset + " dataset has no record for this postcode"}
}

// postcodeProfile answers postcode-profile?postcode=. What each plan sees is
// profileDetailFor (plans.go); the sections are built by buildProfile.
func (s *Server) postcodeProfile(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	pd, err := s.areaPostcodeOf(r.Context(), pc, s.postcodeRecord)
	if err != nil {
		return err
	}
	terminated, successors, err := s.terminatedInfo(r.Context(), pd)
	if err != nil {
		return err
	}
	in := newProfileInput(pc, pd, profileDetailFor(planOf(r.Context())), s.opt.Now())
	reqs := in.requests()
	items := reqs.items(s.idx)
	res, err := s.backend.MSearch(r.Context(), items)
	if err != nil {
		return fmt.Errorf("postcode profile %s: %w", pc.Display(), err)
	}
	missing := map[string]bool{} // datasets not loaded: their sections stay null
	for i, x := range res {
		if x != nil && x.Missing != "" {
			missing[DatasetOf(items[i].Index)] = true
			res[i] = nil
		}
	}
	results := reqs.results(res)
	out, err := buildProfile(in, results)
	if err != nil {
		return err
	}
	applyCoverage(&out, pd, reqs, results, missing)
	if out.HPI != nil {
		out.HPI.Source = s.sourceLabel(r.Context(), mappings.IndexHPI, out.HPI.Source)
	}
	out.DataSources = s.profileSources(r.Context())
	out.Terminated, out.Successors = terminated, successors
	return writeJSON(w, http.StatusOK, out)
}

// applyCoverage nulls the sections whose data is absent rather than zero
// (no property loaded at the postcode; no transport stop loaded at all) and
// lists why every null section is null.
func applyCoverage(out *profileResponse, pd *mappings.Postcode, reqs profileRequests, res map[string]*search.Response, missing map[string]bool) {
	queried := map[string]bool{}
	for _, r := range reqs {
		queried[r.key] = true
	}
	if pr := res[profileKeyProperties]; pr != nil && pr.Hits.Total.Value == 0 {
		out.Properties, out.CouncilTax = nil, nil
	}
	transportEmpty := false
	if tl := res[profileKeyTransportLoaded]; tl != nil && tl.Hits.Total.Value == 0 {
		out.Transport, transportEmpty = nil, true // amenities loaded, but no NaPTAN stop at all
	}
	out.Coverage = []coverageEntry{}
	cov := func(null bool, section, dataset, key, keyReason string) {
		if null {
			out.Coverage = append(out.Coverage, coverageFor(section, dataset, missing, queried[key], keyReason))
		}
	}
	noPoint := "the postcode has no grid reference"
	cov(out.Deprivation == nil, "deprivation", mappings.IndexDeprivation, profileKeyDeprivation, noLSOAReason(pd))
	cov(out.Broadband == nil, "broadband", mappings.IndexBroadband, profileKeyBroadband, "")
	cov(out.Census == nil, "census", mappings.IndexCensus, profileKeyCensus, "the postcode has no MSOA")
	if out.SoldPrices == nil {
		if out.Plan == profileSummary {
			out.Coverage = append(out.Coverage, coverageEntry{"sold_prices", mappings.IndexSales, coveragePlan, "not in the free plan's summary"})
		} else {
			cov(true, "sold_prices", mappings.IndexSales, profileKeySales, "")
		}
	}
	cov(out.Schools == nil, "schools", mappings.IndexSchools, profileKeySchools, noPoint)
	if transportEmpty {
		out.Coverage = append(out.Coverage, coverageEntry{"transport", mappings.IndexAmenities, coverageNoData, "no transport stops are loaded (the amenities dataset holds no NaPTAN stops)"})
	} else {
		cov(out.Transport == nil, "transport", mappings.IndexAmenities, profileKeyTransport, noPoint)
	}
	cov(out.EnvironmentalRisk == nil, "environmental_risk", mappings.IndexRiskAreas, profileKeyRiskHazards, noPoint)
	cov(out.Properties == nil, "properties", mappings.IndexProperties, profileKeyProperties, "")
	cov(out.CouncilTax == nil, "council_tax", mappings.IndexProperties, profileKeyProperties, "")
	if out.CouncilTax != nil && out.CouncilTax.AnnualChargePence == nil {
		out.Coverage = append(out.Coverage, coverageFor("council_tax.annual_charge_pence", mappings.IndexCouncilTax, missing, queried[profileKeyCouncilTax], "the postcode has no local authority"))
	}
	cov(out.HPI == nil, "hpi", mappings.IndexHPI, profileKeyHPI, "the postcode has no region")
}

// noLSOAReason says why a postcode has no LSOA to look deprivation up by:
// outside England (IMD 2019 covers England only), or a postcode source
// that carries no LSOA at all (OS Code-Point Open), naming the dataset
// that supplies it.
func noLSOAReason(pd *mappings.Postcode) string {
	if pd == nil {
		return "the postcode has no LSOA"
	}
	switch pd.Country {
	case "W":
		return "the postcode is in Wales: IMD 2019 covers England only"
	case "S":
		return "the postcode is in Scotland: IMD 2019 covers England only"
	case "N":
		return "the postcode is in Northern Ireland: IMD 2019 covers England only"
	}
	if pd.Source == "codepoint" {
		return "the postcode source (OS Code-Point Open) has no LSOA; the ONS postcode directory supplies it (indexer import nspl or onspd, then --merge codepoint to keep Code-Point's positions)"
	}
	return "the postcode record has no LSOA (its source, " + sourceName(pd.Source) + ", did not give one)"
}

func sourceName(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// profileInput is what the profile of one postcode depends on: the postcode
// record, the plan's detail and the dates of its windows.
type profileInput struct {
	pc         mappings.PostcodeParts
	pd         *mappings.Postcode
	summary    bool
	today      time.Time // midnight UTC
	salesFrom  time.Time // sold prices: salesFrom <= date < salesTo
	salesTo    time.Time
	monthStart time.Time // first day of the current month
}

func newProfileInput(pc mappings.PostcodeParts, pd *mappings.Postcode, detail string, now time.Time) profileInput {
	now = now.UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	salesTo := today.AddDate(0, 0, 1)
	return profileInput{pc: pc, pd: pd, summary: detail == profileSummary, today: today,
		salesFrom: salesTo.AddDate(-1, 0, 0), salesTo: salesTo,
		monthStart: time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)}
}

// Multi-search keys of the postcode profile: requests() sets them and
// buildProfile reads them.
const (
	profileKeyDeprivation = "deprivation"
	profileKeyBroadband   = "broadband"
	profileKeyCensus      = "census"
	profileKeySales       = "sales"
	profileKeySchools     = "schools"
	profileKeyTransport   = "transport"
	// profileKeyTransportLoaded asks whether any transport stop is loaded.
	profileKeyTransportLoaded = "transport_loaded"
	profileKeyRiskHazards     = "risk_hazards"
	profileKeyRiskCoverage    = "risk_coverage"
	profileKeyProperties      = "properties"
	profileKeyCouncilTax      = "council_tax"
	profileKeyHPI             = "hpi"
)

// profileRequest is one search of the profile's multi-search.
type profileRequest struct {
	key, index string
	body       any
}

type profileRequests []profileRequest

// requests lists the searches the profile needs: a section whose input is
// missing (no LSOA, no location...) or that the plan does not see is not asked.
func (in profileInput) requests() profileRequests {
	var rs profileRequests
	add := func(key, index string, body any) { rs = append(rs, profileRequest{key, index, body}) }
	pc, pd := in.pc, in.pd
	if pd.LSOACode != "" {
		add(profileKeyDeprivation, mappings.IndexDeprivation, query.ByID(pd.LSOACode))
	}
	add(profileKeyBroadband, mappings.IndexBroadband, query.ByID(pc.Display()))
	if pd.MSOACode != "" {
		add(profileKeyCensus, mappings.IndexCensus, query.ByID(pd.MSOACode))
	}
	if !in.summary {
		add(profileKeySales, mappings.IndexSales, query.ProfileSales(pc.Display(), ymd(in.salesFrom), ymd(in.salesTo)))
	}
	if pd.Location != nil {
		gp := *pd.Location
		add(profileKeySchools, mappings.IndexSchools, query.ProfileSchools(gp, profileSchoolRadiusM))
		add(profileKeyTransport, mappings.IndexAmenities, query.ProfileTransport(gp, profileTransportRadiusM))
		add(profileKeyTransportLoaded, mappings.IndexAmenities, query.GroupLoaded("transport"))
		rq := query.RiskLayers{RiskTypes: []string{"flood", "radon"}, Point: gp, RadiusM: profileRiskRadiusM, Size: 100}
		add(profileKeyRiskHazards, mappings.IndexRiskAreas, rq.Hazards())
		add(profileKeyRiskCoverage, mappings.IndexRiskAreas, rq.Coverage())
	}
	add(profileKeyProperties, mappings.IndexProperties, query.ProfileProperties(pc.Display()))
	if pd.LADCode != "" {
		add(profileKeyCouncilTax, mappings.IndexCouncilTax, query.LatestCouncilTax(pd.LADCode))
	}
	if pd.Region != "" {
		add(profileKeyHPI, mappings.IndexHPI, query.HPITrend(pd.Region, ymd(in.monthStart.AddDate(0, -12, 0)), ymd(in.monthStart.AddDate(0, 1, 0)), 13))
	}
	return rs
}

// items is the multi-search body against the aliases idx.
func (rs profileRequests) items(idx mappings.Aliases) []search.MultiItem {
	items := make([]search.MultiItem, len(rs))
	for i, r := range rs {
		// A dataset that is not loaded leaves its section null (with a
		// coverage entry) instead of failing the profile.
		items[i] = search.MultiItem{Index: idx.Name(r.index), Body: r.body, AllowMissing: true}
	}
	return items
}

// results keys the multi-search responses (in request order) by key.
func (rs profileRequests) results(res []*search.Response) map[string]*search.Response {
	out := make(map[string]*search.Response, len(rs))
	for i, r := range rs {
		if i < len(res) {
			out[r.key] = res[i]
		}
	}
	return out
}

// buildProfile assembles the profile from the responses keyed by
// profileKey*; a section whose response is missing stays null.
func buildProfile(in profileInput, res map[string]*search.Response) (profileResponse, error) {
	out := profileResponse{Postcode: in.pc.Display(), Outcode: in.pc.Outward, Plan: profileFull, Notes: []string{}}
	if in.summary {
		out.Plan = profileSummary
		out.Notes = append(out.Notes, "Free plan: summary only (no sold prices, no school breakdown by Ofsted rating, no monthly HPI trend).")
	}
	if in.pd.Location != nil {
		out.Location = &profileLocation{Lat: in.pd.Location.Lat, Lng: in.pd.Location.Lon}
	}
	var err error
	if out.Deprivation, err = profileDeprivationSection(res[profileKeyDeprivation], in.pd.Country); err != nil {
		return out, err
	}
	if out.Broadband, err = profileBroadbandSection(res[profileKeyBroadband]); err != nil {
		return out, err
	}
	if out.Census, err = profileCensusSection(res[profileKeyCensus]); err != nil {
		return out, err
	}
	if out.SoldPrices, err = profileSoldPricesSection(res[profileKeySales], in); err != nil {
		return out, err
	}
	if out.Schools, err = profileSchoolsSection(res[profileKeySchools], in.summary); err != nil {
		return out, err
	}
	if out.Transport, err = profileTransportSection(res[profileKeyTransport]); err != nil {
		return out, err
	}
	if rh, rc := res[profileKeyRiskHazards], res[profileKeyRiskCoverage]; rh != nil && rc != nil {
		hits, err := decodeRiskHits(rh, rc, *in.pd.Location)
		if err != nil {
			return out, err
		}
		out.EnvironmentalRisk = profileRiskSection(hits)
	}
	if out.Properties, out.CouncilTax, err = profilePropertiesSections(res[profileKeyProperties], res[profileKeyCouncilTax]); err != nil {
		return out, err
	}
	if hr := res[profileKeyHPI]; hr != nil {
		if out.HPI, err = profileHPISection(in.pd.Region, hr, in.summary); err != nil {
			return out, err
		}
	}
	return out, nil
}

// profileDeprivationSection is the IMD of the postcode's LSOA.
func profileDeprivationSection(r *search.Response, country string) (*profileDeprivation, error) {
	var d mappings.Deprivation
	if ok, err := decodeFirst(r, &d, "deprivation"); !ok || err != nil {
		return nil, err
	}
	label, _ := decileLabelsIn(d.Decile, deprivationIndexFor(&d, country))
	out := &profileDeprivation{IMDDecile: d.Decile, IMDScore: d.Decile, IMDRank: d.Rank, Label: label, Domains: map[string]int{}}
	for _, dd := range d.Domains {
		out.Domains[dd.Domain] = dd.Decile
	}
	return out, nil
}

// profileBroadbandSection is the postcode's broadband record.
func profileBroadbandSection(r *search.Response) (*profileBroadband, error) {
	var bb mappings.Broadband
	if ok, err := decodeFirst(r, &bb, "broadband"); !ok || err != nil {
		return nil, err
	}
	return &profileBroadband{AvgDownloadMbps: bb.AvgDownloadSpeed, MaxDownloadMbps: bb.MaxDownloadSpeed,
		SuperfastAvailablePct: bb.SuperfastAvailablePct, FullFibreAvailablePct: bb.FullFibreAvailablePct}, nil
}

// profileCensusSection is the tenure and age bands of the postcode's MSOA.
func profileCensusSection(r *search.Response) (*profileCensus, error) {
	var c mappings.Census
	if ok, err := decodeFirst(r, &c, "census"); !ok || err != nil {
		return nil, err
	}
	src := "ONS Census 2021"
	if len(c.Sources) > 0 {
		src = c.Sources[0]
	}
	g := censusGroups()
	return &profileCensus{Source: src, MSOACode: c.MSOACode, CensusYear: c.CensusYear, PopulationTotal: c.PopulationTotal,
		Tenure: censusGroup(c.Tenure, g[0].Keys), AgeBands: censusGroup(c.Age, g[1].Keys)}, nil
}

// profileSoldPricesSection is the median and count of the last year's sales.
func profileSoldPricesSection(r *search.Response, in profileInput) (*profileSoldPrices, error) {
	if r == nil {
		return nil, nil
	}
	m, err := median50(r.Aggregations[query.MedianAgg])
	if err != nil {
		return nil, err
	}
	return &profileSoldPrices{MedianSoldPrice: roundPrice(m), SaleCount: r.Hits.Total.Value,
		PeriodStart: ymd(in.salesFrom), PeriodEnd: ymd(in.today)}, nil
}

// profileSchoolsSection counts schools nearby, by Ofsted rating unless summary.
func profileSchoolsSection(r *search.Response, summary bool) (*profileSchools, error) {
	if r == nil {
		return nil, nil
	}
	_, counts, err := termsCounts(r.Aggregations[query.ProfileOfstedAgg])
	if err != nil {
		return nil, err
	}
	out := &profileSchools{Total: r.Hits.Total.Value, RadiusKm: profileSchoolRadiusM / 1000}
	if !summary {
		out.ByOfstedRating = counts
	}
	return out, nil
}

// profileTransportSection counts transport amenities nearby by type.
func profileTransportSection(r *search.Response) (*profileTransport, error) {
	if r == nil {
		return nil, nil
	}
	_, counts, err := termsCounts(r.Aggregations[query.TypesAgg])
	if err != nil {
		return nil, err
	}
	return &profileTransport{Total: r.Hits.Total.Value, RadiusM: profileTransportRadiusM, ByType: counts}, nil
}

// profilePropertiesSections are the property type breakdown and the council
// tax section (band distribution from the properties, the dominant band's
// charge from the billing authority's schedule ct).
func profilePropertiesSections(r, ctr *search.Response) (*profileProperties, *profileCouncilTax, error) {
	if r == nil {
		return nil, nil, nil
	}
	_, types, err := termsCounts(r.Aggregations[query.TypesAgg])
	if err != nil {
		return nil, nil, err
	}
	keys, bands, err := termsCounts(r.Aggregations[query.BandsAgg])
	if err != nil {
		return nil, nil, err
	}
	ct := &profileCouncilTax{BandDistribution: bands}
	for _, k := range keys { // buckets come most frequent first
		ct.PropertiesWithBand += bands[k]
	}
	if len(keys) > 0 {
		ct.DominantBand = keys[0]
	}
	var ch mappings.CouncilTaxCharge
	if ok, err := decodeFirst(ctr, &ch, "council tax"); err != nil {
		return nil, nil, err
	} else if ok {
		ct.BillingAuthority, ct.Year = nullIfZeroAny(ch.BillingAuthority), nullIfZeroAny(ch.Year)
		if v, ok := ch.ChargesPence[ct.DominantBand]; ok {
			ct.AnnualChargePence = &v
		}
	}
	return &profileProperties{Total: r.Hits.Total.Value, TypeBreakdown: types}, ct, nil
}

func ymd(t time.Time) string { return t.Format("2006-01-02") }

// profileRiskSection summarises flood and radon at the postcode centroid.
func profileRiskSection(hits []riskHit) *profileRisk {
	var out profileRisk
	layers := riskLayers()
	flood := decideLayer(layers[0], hits, int(profileRiskRadiusM))
	radon := decideLayer(layers[1], hits, int(profileRiskRadiusM))
	worstScore, worst, anyAssessed := -1, "", false
	for _, r := range append(append([]riskResult(nil), flood...), radon...) {
		if !r.Assessed {
			continue
		}
		anyAssessed = true
		sc := 0
		if r.Score != nil {
			sc = *r.Score
		}
		if r.Intersects && sc > worstScore {
			worstScore, worst = sc, r.Label
		}
	}
	for _, r := range flood {
		out.Flood.Assessed = out.Flood.Assessed || r.Assessed
		switch r.RiskType {
		case "rivers_and_sea":
			out.Flood.RiversAndSea = r.Label
		case "surface_water":
			out.Flood.SurfaceWater = r.Label
		}
	}
	for _, r := range radon {
		if r.RiskType == "radon" {
			out.Radon.Assessed, out.Radon.Classification, out.Radon.Description = r.Assessed, r.Label, r.Properties.Description
		}
	}
	switch {
	case !anyAssessed:
		out.OverallRisk = labelNotAssessed
	case worst == "":
		out.OverallRisk = "Very low"
	default:
		out.OverallRisk = worst
	}
	return &out
}

// profileHPISection turns the region's months into the trend.
func profileHPISection(region string, res *search.Response, summary bool) (*profileHPI, error) {
	out := &profileHPI{Region: region, Source: "UK House Price Index (HM Land Registry, ONS), Open Government Licence v3.0"}
	var pts []hpiPoint
	var last mappings.HPI
	for _, h := range res.Hits.Hits {
		var d mappings.HPI
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return nil, fmt.Errorf("decode hpi %s: %w", h.ID, err)
		}
		t, err := time.Parse("2006-01-02", d.Month[:min(10, len(d.Month))])
		if err != nil {
			t, err = time.Parse("2006-01", d.Month[:min(7, len(d.Month))])
			if err != nil {
				return nil, fmt.Errorf("hpi %s: month %q: %w", h.ID, d.Month, err)
			}
		}
		pts = append(pts, hpiPoint{Year: t.Year(), Month: int(t.Month()), Index: d.Index})
		last = d
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].Year*12+pts[i].Month < pts[j].Year*12+pts[j].Month })
	if len(pts) > 0 {
		cur := pts[len(pts)-1].Index
		out.CurrentIndex = &cur
		avg := last.AveragePrice
		out.CurrentAverage = &avg
		first := pts[0]
		if len(pts) >= 2 && first.Index > 0 && (pts[len(pts)-1].Year*12+pts[len(pts)-1].Month)-(first.Year*12+first.Month) == 12 {
			ch := math.Round((cur/first.Index-1)*1000) / 10
			out.Change12mPct = &ch
		}
	}
	if !summary {
		out.Trend = pts
		if out.Trend == nil {
			out.Trend = []hpiPoint{}
		}
	}
	return out, nil
}
