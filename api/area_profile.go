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
	"github.com/ukpd/propertyapi/ratelimit"
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
	ByOfstedRating map[string]int64 `json:"by_ofsted_rating,omitempty"`
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
	BillingAuthority   string           `json:"billing_authority,omitempty"`
	Year               string           `json:"year,omitempty"`
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
	Trend          []hpiPoint `json:"trend,omitempty"`
	CurrentIndex   *float64   `json:"current_index"`
	Change12mPct   *float64   `json:"change_12m_pct"`
	CurrentAverage *int64     `json:"current_average_price"`
	Source         string     `json:"source"`
}

type profileResponse struct {
	Postcode          string              `json:"postcode"`
	Outcode           string              `json:"outcode"`
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
	Notes             []string            `json:"notes,omitempty"`
}

// postcodeProfile answers postcode-profile?postcode=. Free-plan callers get
// the summary: no sold_prices (historical sales), schools without the
// Ofsted breakdown, and hpi without the monthly trend.
func (s *Server) postcodeProfile(w http.ResponseWriter, r *http.Request) error {
	pc, pd, err := s.areaPostcodeParam(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	summary := false
	if ci := CallInfoFrom(ctx); ci != nil && ci.Plan == ratelimit.PlanFree {
		summary = true
	}
	now := s.opt.Now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	salesTo := today.AddDate(0, 0, 1)
	salesFrom := salesTo.AddDate(-1, 0, 0)
	monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)

	var items []search.MultiItem
	slot := map[string]int{}
	add := func(name, index string, body any) {
		slot[name] = len(items)
		items = append(items, search.MultiItem{Index: s.idx.Name(index), Body: body})
	}
	if pd.LSOACode != "" {
		add("deprivation", mappings.IndexDeprivation, query.ByID(pd.LSOACode))
	}
	add("broadband", mappings.IndexBroadband, query.ByID(pc.Display()))
	if pd.MSOACode != "" {
		add("census", mappings.IndexCensus, query.ByID(pd.MSOACode))
	}
	if !summary {
		add("sales", mappings.IndexSales, query.ProfileSales(pc.Display(), ymd(salesFrom), ymd(salesTo)))
	}
	var gp query.GeoPoint
	if pd.Location != nil {
		gp = query.GeoPoint{Lat: pd.Location.Lat, Lon: pd.Location.Lon}
		add("schools", mappings.IndexSchools, query.ProfileSchools(gp, profileSchoolRadiusM))
		add("transport", mappings.IndexAmenities, query.ProfileTransport(gp, profileTransportRadiusM))
		rq := query.RiskLayers{RiskTypes: []string{"flood", "radon"}, Point: gp, RadiusM: profileRiskRadiusM, Size: 100}
		add("risk_hazards", mappings.IndexRiskAreas, rq.Hazards())
		add("risk_coverage", mappings.IndexRiskAreas, rq.Coverage())
	}
	add("properties", mappings.IndexProperties, query.ProfileProperties(pc.Display()))
	if pd.LADCode != "" {
		add("council_tax", mappings.IndexCouncilTax, query.LatestCouncilTax(pd.LADCode))
	}
	if pd.Region != "" {
		add("hpi", mappings.IndexHPI, query.HPITrend(pd.Region, ymd(monthStart.AddDate(0, -12, 0)), ymd(monthStart.AddDate(0, 1, 0)), 13))
	}
	res, err := s.backend.MSearch(ctx, items)
	if err != nil {
		return fmt.Errorf("postcode profile %s: %w", pc.Display(), err)
	}
	get := func(name string) *search.Response {
		if i, ok := slot[name]; ok {
			return res[i]
		}
		return nil
	}

	out := profileResponse{Postcode: pc.Display(), Outcode: pc.Outward, Plan: "full"}
	if summary {
		out.Plan = "summary"
		out.Notes = append(out.Notes, "Free plan: summary only (no sold prices, no school breakdown by Ofsted rating, no monthly HPI trend).")
	}
	if pd.Location != nil {
		out.Location = &profileLocation{Lat: pd.Location.Lat, Lng: pd.Location.Lon}
	}
	var d mappings.Deprivation
	if ok, err := decodeFirst(get("deprivation"), &d, "deprivation"); err != nil {
		return err
	} else if ok {
		label, _ := decileLabels(d.Decile)
		pdp := &profileDeprivation{IMDDecile: d.Decile, IMDScore: d.Decile, IMDRank: d.Rank, Label: label, Domains: map[string]int{}}
		for _, dd := range d.Domains {
			pdp.Domains[dd.Domain] = dd.Decile
		}
		out.Deprivation = pdp
	}
	var bb mappings.Broadband
	if ok, err := decodeFirst(get("broadband"), &bb, "broadband"); err != nil {
		return err
	} else if ok {
		out.Broadband = &profileBroadband{AvgDownloadMbps: bb.AvgDownloadSpeed, MaxDownloadMbps: bb.MaxDownloadSpeed,
			SuperfastAvailablePct: bb.SuperfastAvailablePct, FullFibreAvailablePct: bb.FullFibreAvailablePct}
	}
	var c mappings.Census
	if ok, err := decodeFirst(get("census"), &c, "census"); err != nil {
		return err
	} else if ok {
		src := "ONS Census 2021"
		if len(c.Sources) > 0 {
			src = c.Sources[0]
		}
		g := censusGroups()
		out.Census = &profileCensus{Source: src, MSOACode: c.MSOACode, CensusYear: c.CensusYear, PopulationTotal: c.PopulationTotal,
			Tenure: censusGroup(c.Tenure, g[0].Keys), AgeBands: censusGroup(c.Age, g[1].Keys)}
	}
	if sr := get("sales"); sr != nil {
		m, err := median50(sr.Aggregations["median"])
		if err != nil {
			return err
		}
		out.SoldPrices = &profileSoldPrices{MedianSoldPrice: roundPrice(m), SaleCount: sr.Hits.Total.Value,
			PeriodStart: ymd(salesFrom), PeriodEnd: ymd(today)}
	}
	if sr := get("schools"); sr != nil {
		_, counts, err := termsCounts(sr.Aggregations["ofsted"])
		if err != nil {
			return err
		}
		out.Schools = &profileSchools{Total: sr.Hits.Total.Value, RadiusKm: profileSchoolRadiusM / 1000}
		if !summary {
			out.Schools.ByOfstedRating = counts
		}
	}
	if tr := get("transport"); tr != nil {
		_, counts, err := termsCounts(tr.Aggregations["types"])
		if err != nil {
			return err
		}
		out.Transport = &profileTransport{Total: tr.Hits.Total.Value, RadiusM: profileTransportRadiusM, ByType: counts}
	}
	if rh, rc := get("risk_hazards"), get("risk_coverage"); rh != nil && rc != nil {
		hits, err := decodeRiskHits(rh, rc, *pd.Location)
		if err != nil {
			return err
		}
		out.EnvironmentalRisk = profileRiskSection(hits)
	}
	if prr := get("properties"); prr != nil {
		_, types, err := termsCounts(prr.Aggregations["types"])
		if err != nil {
			return err
		}
		keys, bands, err := termsCounts(prr.Aggregations["bands"])
		if err != nil {
			return err
		}
		out.Properties = &profileProperties{Total: prr.Hits.Total.Value, TypeBreakdown: types}
		ct := &profileCouncilTax{BandDistribution: bands}
		for _, k := range keys { // buckets come most frequent first
			ct.PropertiesWithBand += bands[k]
		}
		if len(keys) > 0 {
			ct.DominantBand = keys[0]
		}
		var ch mappings.CouncilTaxCharge
		if ok, err := decodeFirst(get("council_tax"), &ch, "council tax"); err != nil {
			return err
		} else if ok {
			ct.BillingAuthority, ct.Year = ch.BillingAuthority, ch.Year
			if v, ok := ch.ChargesPence[ct.DominantBand]; ok {
				ct.AnnualChargePence = &v
			}
		}
		out.CouncilTax = ct
	}
	if hr := get("hpi"); hr != nil {
		h, err := profileHPISection(pd.Region, hr, summary)
		if err != nil {
			return err
		}
		out.HPI = h
	}
	return writeJSON(w, http.StatusOK, out)
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
