package api

// Recent crime near a postcode (spec 4.4).

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/mappings"
)

// Crime bounds (documented in docs/nearby.md).
const (
	crimeRadiusKmDefault = 1.0
	crimeRadiusKmMin     = 0.1
	crimeRadiusKmMax     = 2.0
	crimeMonthsDefault   = 12
	crimeMonthsMax       = 24
	crimeLimitDefault    = 20
	crimeLimitMax        = 100
)

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
	q := crimeQuery{Postcode: nullIfZero(pl.Postcode), Lat: pt.Lat, Lng: pt.Lon, RadiusKm: radius, Months: months, Limit: limit, Category: nullIfZero(category)}
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
	center := pt
	index := s.idx.Name(mappings.IndexCrime)
	latest, err := s.backend.Search(r.Context(), index, query.CrimeLatestMonth(center, radius*1000))
	if err != nil {
		return fmt.Errorf("crime latest month: %w", err)
	}
	var la struct {
		Latest struct {
			Value         *float64 `json:"value"`
			ValueAsString string   `json:"value_as_string"`
		}
	}
	if err := decodeAggs(latest.Aggregations, map[string]any{query.CrimeLatestAgg: &la.Latest}); err != nil {
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
		ByCategory termsBuckets
		ByMonth    struct {
			Buckets []struct {
				Key        string       `json:"key_as_string"`
				DocCount   int64        `json:"doc_count"`
				ByCategory termsBuckets `json:"by_category"` // query.CrimeByCategoryAgg
			} `json:"buckets"`
		}
	}
	if err := decodeAggs(res.Aggregations, map[string]any{query.CrimeByCategoryAgg: &aggs.ByCategory, query.CrimeByMonthAgg: &aggs.ByMonth}); err != nil {
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
			Outcome: nullIfZero(d.Outcome), Location: toLatLng(d.Location), DistanceM: int64(math.Round(m))})
	}
	return writeJSON(w, http.StatusOK, out)
}
