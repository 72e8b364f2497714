package api

// Planning search, crime, listed buildings and boundary typeahead (spec
// 2.17, 4.4, 4.6; issue 5).

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Bounds (documented in docs/nearby.md).
const (
	planningPerPage         = 25
	planningRadiusKmDefault = 0.5
	planningRadiusKmMin     = 0.1
	planningRadiusKmMax     = 5.0
	planningDaysDefault     = 90
	planningDaysMax         = 365
	crimeRadiusKmDefault    = 1.0
	crimeRadiusKmMin        = 0.1
	crimeRadiusKmMax        = 2.0
	crimeMonthsDefault      = 12
	crimeMonthsMax          = 24
	crimeLimitDefault       = 20
	crimeLimitMax           = 100
	listedRadiusKmDefault   = 0.5
	listedRadiusKmMin       = 0.1
	listedRadiusKmMax       = 5.0
	listedLimitDefault      = 20
	listedLimitMax          = 100
	boundaryQueryMinChars   = 2
	boundaryQueryMaxChars   = 100
	boundaryLimitDefault    = 10
	boundaryLimitMax        = 20
	planningMaxPage         = maxResultWindow / planningPerPage
	dateLayout              = "2006-01-02"
)

// ---- planning/search ----

type planningItem struct {
	Reference     string  `json:"reference"`
	Address       string  `json:"address"`
	Postcode      *string `json:"postcode"`
	Description   string  `json:"description"`
	Status        string  `json:"status"`
	Decision      string  `json:"decision"`
	Type          string  `json:"type"`
	Size          *string `json:"size"`
	Authority     string  `json:"authority"`
	Ward          *string `json:"ward"`
	DateReceived  string  `json:"date_received"`
	DateValidated *string `json:"date_validated"`
	DateDecided   *string `json:"date_decided"`
	// Fields after date_decided (ours, documented in docs/nearby.md).
	Applicant *string `json:"applicant"`
	Agent     *string `json:"agent"`
	URL       *string `json:"url"`
	UPRN      *int64  `json:"uprn"`
	DistanceM int64   `json:"distance_m"`
	Location  *latLng `json:"location"`
	Source    string  `json:"source"`
}

type planningResponse struct {
	Count      int64          `json:"count"`
	Page       int            `json:"page"`
	PerPage    int            `json:"per_page"`
	TotalPages int64          `json:"total_pages"`
	RadiusKm   float64        `json:"radius_km"`
	Days       int            `json:"days"`
	Since      string         `json:"since"`
	Results    []planningItem `json:"results"`
}

func (s *Server) planningSearch(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius_km", planningRadiusKmDefault, planningRadiusKmMin, planningRadiusKmMax)
	days := p.Int("days", planningDaysDefault, 1, planningDaysMax)
	typ := p.Enum("type", "", "Full", "Outline", "Heritage", "Trees", "Conditions")
	decision := p.Enum("status", "", "Undecided", "Approved", "Refused", "Withdrawn")
	page := p.Int("page", 1, 1, math.MaxInt32)
	if err := p.Err(); err != nil {
		return err
	}
	if page > planningMaxPage {
		return pageTooDeep(page, planningPerPage)
	}
	pl, err := s.resolvePlace(r.Context(), p, placeForms{postcode: true, latlng: true})
	if err != nil {
		return err
	}
	since := s.opt.Now().UTC().AddDate(0, 0, -days).Format(dateLayout)
	q := query.PlanningSearch{Center: qPoint(pl.Point), RadiusM: radius * 1000, Since: since, Type: typ, Decision: decision,
		From: (page - 1) * planningPerPage, Size: planningPerPage}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexPlanning), q.Body())
	if err != nil {
		return fmt.Errorf("planning search: %w", err)
	}
	out := planningResponse{Count: res.Hits.Total.Value, Page: page, PerPage: planningPerPage, RadiusKm: radius, Days: days,
		Since: since, Results: []planningItem{}}
	out.TotalPages = (out.Count + planningPerPage - 1) / planningPerPage
	for _, h := range res.Hits.Hits {
		var d mappings.Planning
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode planning %s: %w", h.ID, err)
		}
		var m float64
		if len(h.Sort) > 1 {
			if err := json.Unmarshal(h.Sort[1], &m); err != nil {
				return fmt.Errorf("planning %s distance: %w", h.ID, err)
			}
		}
		out.Results = append(out.Results, planningItem{
			Reference: d.Reference, Address: d.Address, Postcode: nullIfEmpty(d.Postcode), Description: d.Description,
			Status: d.Status, Decision: d.Decision, Type: d.Type, Size: nullIfEmpty(d.Size), Authority: d.Authority,
			Ward: nullIfEmpty(d.Ward), DateReceived: d.DateReceived, DateValidated: nullIfEmpty(d.DateValidated),
			DateDecided: nullIfEmpty(d.DateDecided), Applicant: nullIfEmpty(d.Applicant), Agent: nullIfEmpty(d.Agent),
			URL: nullIfEmpty(d.URL), UPRN: nullIfZero64(d.UPRN), DistanceM: int64(math.Round(m)), Location: toLatLng(d.Location),
			Source: d.Source,
		})
	}
	return writeJSON(w, http.StatusOK, out)
}

// ---- crime ----

type crimeQuery struct {
	Postcode *string `json:"postcode"`
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	RadiusKm float64 `json:"radius_km"`
	Months   int     `json:"months"`
	Limit    int     `json:"limit"`
	Date     *string `json:"date"`     // the last month asked for (YYYY-MM); null = the latest published
	Category *string `json:"category"` // one category only; null = all
}

type crimeCount struct {
	Category string `json:"category"`
	Count    int64  `json:"count"`
}

type crimeMonth struct {
	Month      string       `json:"month"` // YYYY-MM
	Total      int64        `json:"total"`
	ByCategory []crimeCount `json:"by_category"`
}

type crimeItem struct {
	ID        string  `json:"id"`
	Category  string  `json:"category"`
	Month     string  `json:"month"`
	Street    string  `json:"street"`
	Outcome   *string `json:"outcome"`
	Location  *latLng `json:"location"`
	DistanceM int64   `json:"distance_m"`
}

type crimePeriod struct {
	From string `json:"from"` // YYYY-MM
	To   string `json:"to"`
}

type crimeResponse struct {
	Query      crimeQuery     `json:"query"`
	Period     *crimePeriod   `json:"period"`
	Total      int64          `json:"total"`
	ByCategory []crimeCount   `json:"by_category"`
	ByMonth    []crimeMonth   `json:"by_month"`
	Nearest    []crimeItem    `json:"nearest"`
	Metadata   nearbyMetadata `json:"metadata"`
}

func sortedCounts(t termsBuckets) []crimeCount {
	out := []crimeCount{}
	for _, b := range t.Buckets {
		out = append(out, crimeCount{Category: b.Key, Count: b.DocCount})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Category < out[j].Category
	})
	return out
}

// crimeCategoryRE is the shape of a police.uk category slug.
var crimeCategoryRE = regexp.MustCompile(`^[a-z][a-z-]{0,39}$`)

func (s *Server) crime(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius_km", crimeRadiusKmDefault, crimeRadiusKmMin, crimeRadiusKmMax)
	// date (YYYY-MM, the vendor client's) reports that month: months
	// defaults to 1 with it and counts back from it.
	monthsDefault := crimeMonthsDefault
	var date *time.Time
	if p.Has("date") {
		monthsDefault = 1
		d, err := time.Parse("2006-01", p.raw("date"))
		if err != nil {
			p.fail(InvalidParam("date", "must be a month YYYY-MM"))
		} else {
			date = &d
		}
	}
	months := p.Int("months", monthsDefault, 1, crimeMonthsMax)
	limit := p.Int("limit", crimeLimitDefault, 0, crimeLimitMax)
	category := strings.ToLower(p.String("category", 40))
	if p.Has("category") && !crimeCategoryRE.MatchString(category) {
		p.fail(InvalidParam("category", "must be a police.uk category slug such as burglary or violent-crime"))
	}
	if err := p.Err(); err != nil {
		return err
	}
	pl, err := s.resolvePlace(r.Context(), p, placeForms{postcode: true, latlng: true})
	if err != nil {
		return err
	}
	pt := pl.Point
	q := crimeQuery{Postcode: nullIfEmpty(pl.Postcode), Lat: pt.Lat, Lng: pt.Lon, RadiusKm: radius, Months: months, Limit: limit, Category: nullIfEmpty(category)}
	if date != nil {
		ds := date.Format("2006-01")
		q.Date = &ds
	}
	out := crimeResponse{
		Query:      q,
		ByCategory: []crimeCount{}, ByMonth: []crimeMonth{}, Nearest: []crimeItem{},
		Metadata: nearbyMetadata{
			Source:   "data.police.uk street-level crime (Open Government Licence v3.0)",
			Coverage: "England, Wales and Northern Ireland",
			Note:     "Locations are anonymised to a nearby street point. The period counts back from the latest month published for the area; distances are straight-line.",
		},
	}
	center := qPoint(pt)
	index := s.idx.Name(mappings.IndexCrime)
	latest, err := s.backend.Search(r.Context(), index, query.CrimeLatestMonth(center, radius*1000))
	if err != nil {
		return fmt.Errorf("crime latest month: %w", err)
	}
	var la struct {
		Latest struct {
			Value         *float64 `json:"value"`
			ValueAsString string   `json:"value_as_string"`
		} `json:"latest"`
	}
	if err := decodeNearbyAggs(latest.Aggregations, &la); err != nil {
		return fmt.Errorf("crime latest month: %w", err)
	}
	if la.Latest.Value == nil && date == nil {
		return writeJSON(w, http.StatusOK, out)
	}
	var last time.Time
	if date != nil {
		last = *date
	} else {
		last = time.UnixMilli(int64(*la.Latest.Value)).UTC()
	}
	last = time.Date(last.Year(), last.Month(), 1, 0, 0, 0, 0, time.UTC)
	first := last.AddDate(0, -(months - 1), 0)
	out.Period = &crimePeriod{From: first.Format("2006-01"), To: last.Format("2006-01")}
	res, err := s.backend.Search(r.Context(), index, query.CrimeSearch{Center: center, RadiusM: radius * 1000, From: first.Format(dateLayout), To: last.Format(dateLayout), Limit: limit, Category: category}.Body())
	if err != nil {
		return fmt.Errorf("crime search: %w", err)
	}
	var aggs struct {
		ByCategory termsBuckets `json:"by_category"`
		ByMonth    struct {
			Buckets []struct {
				Key        string       `json:"key_as_string"`
				DocCount   int64        `json:"doc_count"`
				ByCategory termsBuckets `json:"by_category"`
			} `json:"buckets"`
		} `json:"by_month"`
	}
	if err := decodeNearbyAggs(res.Aggregations, &aggs); err != nil {
		return fmt.Errorf("crime search: %w", err)
	}
	out.Total = res.Hits.Total.Value
	out.ByCategory = sortedCounts(aggs.ByCategory)
	for _, b := range aggs.ByMonth.Buckets {
		out.ByMonth = append(out.ByMonth, crimeMonth{Month: b.Key, Total: b.DocCount, ByCategory: sortedCounts(b.ByCategory)})
	}
	for _, h := range res.Hits.Hits {
		var d mappings.Crime
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode crime %s: %w", h.ID, err)
		}
		m, err := distanceOf(h)
		if err != nil {
			return fmt.Errorf("crime search: %w", err)
		}
		month := d.Month
		if len(month) >= 7 {
			month = month[:7]
		}
		out.Nearest = append(out.Nearest, crimeItem{ID: d.ID, Category: d.Category, Month: month, Street: d.Street,
			Outcome: nullIfEmpty(d.Outcome), Location: toLatLng(d.Location), DistanceM: int64(math.Round(m))})
	}
	return writeJSON(w, http.StatusOK, out)
}

// ---- listed buildings ----

type listedQuery struct {
	Postcode string  `json:"postcode"`
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	RadiusKm float64 `json:"radius_km"`
	Grade    *string `json:"grade"`
	Limit    int     `json:"limit"`
}

type listedItem struct {
	ListEntry  int64   `json:"list_entry"`
	Name       string  `json:"name"`
	Grade      string  `json:"grade"`
	ListDate   *string `json:"list_date"`
	UPRN       *int64  `json:"uprn"`
	URL        *string `json:"url"`
	Location   *latLng `json:"location"`
	DistanceM  int64   `json:"distance_m"`
	DistanceKm float64 `json:"distance_km"`
}

type listedResponse struct {
	Query         listedQuery      `json:"query"`
	Count         int              `json:"count"`
	TotalInRadius int64            `json:"total_in_radius"`
	GradeCounts   map[string]int64 `json:"grade_counts"`
	Buildings     []listedItem     `json:"listed_buildings"`
	Metadata      nearbyMetadata   `json:"metadata"`
}

func (s *Server) listedBuildings(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius_km", listedRadiusKmDefault, listedRadiusKmMin, listedRadiusKmMax)
	limit := p.Int("limit", listedLimitDefault, 1, listedLimitMax)
	grade := p.Enum("grade", "", "I", "II*", "II")
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	pt, err := s.postcodePoint(r.Context(), pc)
	if err != nil {
		return err
	}
	q := query.ListedBuildingsNearby{Center: qPoint(pt), RadiusM: radius * 1000, Grade: grade, Limit: limit}
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexListedBuildings), q.Body())
	if err != nil {
		return fmt.Errorf("listed buildings: %w", err)
	}
	var aggs struct {
		Grades termsBuckets `json:"grade_counts"`
	}
	if err := decodeNearbyAggs(res.Aggregations, &aggs); err != nil {
		return fmt.Errorf("listed buildings: %w", err)
	}
	out := listedResponse{
		Query:         listedQuery{Postcode: pc.Display(), Lat: pt.Lat, Lng: pt.Lon, RadiusKm: radius, Grade: nullIfEmpty(grade), Limit: limit},
		TotalInRadius: res.Hits.Total.Value,
		GradeCounts:   map[string]int64{"I": 0, "II*": 0, "II": 0},
		Buildings:     []listedItem{},
		Metadata: nearbyMetadata{
			Source:   "Historic England, National Heritage List for England (Open Government Licence v3.0)",
			Coverage: "England",
			Note:     straightLineNote + " grade_counts cover the whole radius whatever the grade filter.",
		},
	}
	for k, v := range aggs.Grades.counts() {
		out.GradeCounts[k] = v
	}
	for _, h := range res.Hits.Hits {
		var d mappings.ListedBuilding
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode listed building %s: %w", h.ID, err)
		}
		m, err := distanceOf(h)
		if err != nil {
			return fmt.Errorf("listed buildings: %w", err)
		}
		out.Buildings = append(out.Buildings, listedItem{ListEntry: d.ListEntry, Name: d.Name, Grade: d.Grade,
			ListDate: nullIfEmpty(d.ListDate), UPRN: nullIfZero64(d.UPRN), URL: nullIfEmpty(d.URL), Location: toLatLng(d.Location),
			DistanceM: int64(math.Round(m)), DistanceKm: roundTo(m/1000, 2)})
	}
	out.Count = len(out.Buildings)
	return writeJSON(w, http.StatusOK, out)
}

// ---- boundaries/autocomplete ----

func boundaryTypes() []string {
	return []string{"region", "lad", "ward", "town", "postcode_area", "postcode_district", "msoa", "lsoa"}
}

type boundaryItem struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	AdminLevel  int    `json:"admin_level"`
	Type        string `json:"type"`
	Code        string `json:"code"`
}

type boundariesResponse struct {
	Count   int            `json:"count"`
	Results []boundaryItem `json:"results"`
}

func (s *Server) boundariesAutocomplete(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	q := p.String("q", boundaryQueryMaxChars)
	types := p.List("type", boundaryTypes()...)
	limit := p.Int("limit", boundaryLimitDefault, 1, boundaryLimitMax)
	if err := p.Err(); err != nil {
		return err
	}
	if utf8.RuneCountInString(q) < boundaryQueryMinChars {
		return InvalidParam("q", "is required: %d to %d characters", boundaryQueryMinChars, boundaryQueryMaxChars)
	}
	body := query.BoundaryAutocomplete{Text: q, Types: types, Size: limit}.Body()
	res, err := s.backend.Search(r.Context(), s.idx.Name(mappings.IndexBoundaries), body)
	if err != nil {
		return fmt.Errorf("boundaries autocomplete: %w", err)
	}
	out := boundariesResponse{Results: []boundaryItem{}}
	for _, h := range res.Hits.Hits {
		var d mappings.Boundary
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return fmt.Errorf("decode boundary %s: %w", h.ID, err)
		}
		out.Results = append(out.Results, boundaryItem{ID: d.ID, Name: d.Name, DisplayName: d.DisplayName, AdminLevel: d.AdminLevel, Type: d.Type, Code: d.Code})
	}
	out.Count = len(out.Results)
	return writeJSON(w, http.StatusOK, out)
}
