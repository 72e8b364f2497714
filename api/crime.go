package api

// Recent crime near a postcode (spec 4.4; issue 5).

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"sort"
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
	Postcode string  `json:"postcode"`
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	RadiusKm float64 `json:"radius_km"`
	Months   int     `json:"months"`
	Limit    int     `json:"limit"`
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

func (s *Server) crime(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	radius := p.Float("radius_km", crimeRadiusKmDefault, crimeRadiusKmMin, crimeRadiusKmMax)
	months := p.Int("months", crimeMonthsDefault, 1, crimeMonthsMax)
	limit := p.Int("limit", crimeLimitDefault, 0, crimeLimitMax)
	pc, _ := p.Postcode("postcode", true)
	if err := p.Err(); err != nil {
		return err
	}
	pt, err := s.postcodePoint(r.Context(), pc)
	if err != nil {
		return err
	}
	out := crimeResponse{
		Query:      crimeQuery{Postcode: pc.Display(), Lat: pt.Lat, Lng: pt.Lon, RadiusKm: radius, Months: months, Limit: limit},
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
		}
	}
	if err := decodeAggs(latest.Aggregations, map[string]any{query.CrimeLatestAgg: &la.Latest}); err != nil {
		return fmt.Errorf("crime latest month: %w", err)
	}
	if la.Latest.Value == nil {
		return writeJSON(w, http.StatusOK, out)
	}
	last := time.UnixMilli(int64(*la.Latest.Value)).UTC()
	last = time.Date(last.Year(), last.Month(), 1, 0, 0, 0, 0, time.UTC)
	first := last.AddDate(0, -(months - 1), 0)
	out.Period = &crimePeriod{From: first.Format("2006-01"), To: last.Format("2006-01")}
	res, err := s.backend.Search(r.Context(), index, query.CrimeSearch{Center: center, RadiusM: radius * 1000, From: first.Format(dateLayout), To: last.Format(dateLayout), Limit: limit}.Body())
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
			Outcome: nullIfEmpty(d.Outcome), Location: toLatLng(d.Location), DistanceM: int64(math.Round(m))})
	}
	return writeJSON(w, http.StatusOK, out)
}
