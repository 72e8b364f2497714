package api

// Prices by outcode: price_distributions, price-growth, price_trends.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// pathOutcode parses {outcode}: malformed → 422 invalid_params.
func pathOutcode(r *http.Request) (string, error) {
	raw := pathVar(r, "outcode")
	o, ok := mappings.ParseOutcode(raw)
	if !ok {
		return "", InvalidParam("outcode", "%q is not a UK outward code (e.g. EX1, SW1A)", truncate(raw, 20))
	}
	return o, nil
}

// salesWindowEnd is the exclusive end of "the last N months": tomorrow, so
// that today's sales count.
func (s *Server) salesWindowEnd() time.Time {
	now := s.opt.Now().UTC()
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
}

type pricePeriod struct {
	From   string `json:"from"`
	To     string `json:"to"` // inclusive
	Months int    `json:"months,omitempty"`
}

// priceBin is one histogram bin [Low, High).
type priceBin struct {
	Label string `json:"label"`
	Low   int64  `json:"low"`
	High  int64  `json:"high"`
	Count int64  `json:"count"`
}

// orderedBins marshals as a JSON object keyed by label in price order.
type orderedBins []priceBin

func (b orderedBins) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, x := range b {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := json.Marshal(x.Label)
		buf.Write(k)
		buf.WriteByte(':')
		buf.WriteString(strconv.FormatInt(x.Count, 10))
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

type distributionResponse struct {
	Outcode         string      `json:"outcode"`
	Period          pricePeriod `json:"period"`
	BinWidth        int64       `json:"bin_width"`
	SaleCount       int64       `json:"sale_count"`
	MedianSoldPrice *int64      `json:"median_sold_price"`
	Bins            orderedBins `json:"bins"`
	BinList         []priceBin  `json:"bin_list"`
	Note            string      `json:"note"`
}

// priceDistributions answers price_distributions/{outcode}/.
func (s *Server) priceDistributions(w http.ResponseWriter, r *http.Request) error {
	outcode, err := pathOutcode(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	months := p.Int("months", 12, 1, 120)
	width := int64(p.Int("bin_width", 50000, 5000, 1000000))
	if err := p.Err(); err != nil {
		return err
	}
	to := s.salesWindowEnd()
	from := to.AddDate(0, -months, 0)
	res, err := s.outcodeSearch(r, mappings.IndexSales, "price distribution", outcode, "sales", query.PriceDistribution(outcode, ymd(from), ymd(to), width))
	if err != nil {
		return err
	}
	n, aggs, err := subAggs(res.Aggregations[query.PricePeriodAgg])
	if err != nil {
		return err
	}
	var h struct {
		Buckets []struct {
			Key      float64 `json:"key"`
			DocCount int64   `json:"doc_count"`
		} `json:"buckets"`
	}
	if raw := aggs[query.PriceBinsAgg]; len(raw) > 0 {
		if err := json.Unmarshal(raw, &h); err != nil {
			return fmt.Errorf("decode price histogram: %w", err)
		}
	}
	m, err := median50(aggs[query.MedianAgg])
	if err != nil {
		return err
	}
	out := distributionResponse{
		Outcode: outcode, Period: pricePeriod{From: ymd(from), To: ymd(to.AddDate(0, 0, -1)), Months: months},
		BinWidth: width, SaleCount: n, MedianSoldPrice: roundPrice(m), Bins: orderedBins{}, BinList: []priceBin{},
		Note: "Bins are [low, high) in GBP over completed sales with a sold date in the period; empty bins are left out.",
	}
	for _, b := range h.Buckets {
		lo := int64(b.Key)
		bin := priceBin{Label: fmt.Sprintf("%d-%d", lo, lo+width), Low: lo, High: lo + width, Count: b.DocCount}
		out.Bins = append(out.Bins, bin)
		out.BinList = append(out.BinList, bin)
	}
	return writeJSON(w, http.StatusOK, out)
}

// Price growth thresholds (documented in docs/area.md).
const (
	growthFlatBandPct = 2.0 // |yoy_change_pct| <= 2 → flat
	qualityHighMin    = 50  // smaller period sample ≥ 50 → high
	qualityMediumMin  = 20  // ≥ 20 → medium
	qualityLowMin     = 5   // ≥ 5 → low; below → insufficient
)

type growthPeriod struct {
	From            string `json:"from"`
	To              string `json:"to"` // inclusive
	MedianSoldPrice *int64 `json:"median_sold_price"`
	SaleCount       int64  `json:"sale_count"`
}

type growthResponse struct {
	Outcode       string       `json:"outcode"`
	CurrentPeriod growthPeriod `json:"current_period"`
	PriorPeriod   growthPeriod `json:"prior_period"`
	YoYChangePct  *float64     `json:"yoy_change_pct"`
	YoYChangeGBP  *int64       `json:"yoy_change_gbp"`
	Trend         string       `json:"trend"`
	DataQuality   string       `json:"data_quality"`
}

// growthQuality grades the smaller of the two samples.
func growthQuality(cur, prior int64) string {
	n := min(cur, prior)
	switch {
	case n >= qualityHighMin:
		return "high"
	case n >= qualityMediumMin:
		return "medium"
	case n >= qualityLowMin:
		return "low"
	}
	return "insufficient"
}

// growthTrend names the direction of a change.
func growthTrend(pct *float64) string {
	switch {
	case pct == nil:
		return "unknown"
	case *pct > growthFlatBandPct:
		return "rising"
	case *pct < -growthFlatBandPct:
		return "falling"
	}
	return "flat"
}

// outcodeSearch runs body, the query of an outcode's price figures (op in
// errors), on index; an outcode without documents (what) is NotFound.
func (s *Server) outcodeSearch(r *http.Request, index, op, outcode, what string, body any) (*search.Response, error) {
	res, err := s.backend.Search(r.Context(), s.idx.Name(index), body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", op, outcode, err)
	}
	if res.Hits.Total.Value == 0 {
		return nil, NotFound("no %s are recorded for outcode %s", what, outcode)
	}
	return res, nil
}

// priceGrowth answers price-growth/{outcode}/.
func (s *Server) priceGrowth(w http.ResponseWriter, r *http.Request) error {
	outcode, err := pathOutcode(r)
	if err != nil {
		return err
	}
	to := s.salesWindowEnd()
	mid := to.AddDate(-1, 0, 0)
	from := to.AddDate(-2, 0, 0)
	res, err := s.outcodeSearch(r, mappings.IndexSales, "price growth", outcode, "sales",
		query.PriceGrowth(outcode, query.Period{From: ymd(mid), To: ymd(to)}, query.Period{From: ymd(from), To: ymd(mid)}))
	if err != nil {
		return err
	}
	period := func(name string, a, b time.Time) (growthPeriod, *float64, error) {
		n, aggs, err := subAggs(res.Aggregations[name])
		if err != nil {
			return growthPeriod{}, nil, err
		}
		m, err := median50(aggs[query.MedianAgg])
		if err != nil {
			return growthPeriod{}, nil, err
		}
		return growthPeriod{From: ymd(a), To: ymd(b.AddDate(0, 0, -1)), MedianSoldPrice: roundPrice(m), SaleCount: n}, m, nil
	}
	cur, cm, err := period(query.PriceCurrentAgg, mid, to)
	if err != nil {
		return err
	}
	prior, pm, err := period(query.PricePriorAgg, from, mid)
	if err != nil {
		return err
	}
	out := growthResponse{Outcode: outcode, CurrentPeriod: cur, PriorPeriod: prior, DataQuality: growthQuality(cur.SaleCount, prior.SaleCount)}
	if cm != nil && pm != nil && *pm > 0 {
		pct := math.Round((*cm / *pm - 1)*1000) / 10
		gbp := *cur.MedianSoldPrice - *prior.MedianSoldPrice
		out.YoYChangePct, out.YoYChangeGBP = &pct, &gbp
	}
	out.Trend = growthTrend(out.YoYChangePct)
	return writeJSON(w, http.StatusOK, out)
}

// Price trends.

// Volatility bands of the month-on-month standard deviation (percentage points).
const (
	volatilityLowMax      = 2.0
	volatilityModerateMax = 5.0
)

type trendMonth struct {
	Month             string   `json:"month"` // YYYY-MM
	MedianAskingPrice *int64   `json:"median_asking_price"`
	ListingCount      int64    `json:"listing_count"`
	ChangePct         *float64 `json:"change_pct"` // vs the previous month with data
}

type trendsResponse struct {
	Outcode              string       `json:"outcode"`
	Period               pricePeriod  `json:"period"`
	Months               []trendMonth `json:"months"`
	ListingCount         int64        `json:"listing_count"`
	VolatilityScore      *float64     `json:"volatility_score"`
	VolatilityLabel      string       `json:"volatility_label"`
	CoefficientVariation *float64     `json:"coefficient_of_variation"`
	VolatilityMethod     string       `json:"volatility_method"`
}

const volatilityMethod = "volatility_score = population standard deviation, in percentage points, of the month-on-month % changes " +
	"of the monthly median asking price (months without listings are skipped; at least 2 changes needed). " +
	"Labels: low < 2, moderate < 5, high >= 5. coefficient_of_variation = standard deviation / mean of the monthly medians."

// priceTrends answers price_trends/{outcode}/: the median asking price of
// sale listings added in each of the last 12 calendar months (the current
// month included) and a volatility score.
func (s *Server) priceTrends(w http.ResponseWriter, r *http.Request) error {
	outcode, err := pathOutcode(r)
	if err != nil {
		return err
	}
	now := s.opt.Now().UTC()
	cur := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	from, to := cur.AddDate(0, -11, 0), cur.AddDate(0, 1, 0)
	res, err := s.outcodeSearch(r, mappings.IndexListings, "price trends", outcode, "sale listings", query.PriceTrends(outcode, ymd(from), ymd(to), cur.Format("2006-01")))
	if err != nil {
		return err
	}
	n, aggs, err := subAggs(res.Aggregations[query.PriceWindowAgg])
	if err != nil {
		return err
	}
	var h struct {
		Buckets []struct {
			Key      string          `json:"key_as_string"`
			DocCount int64           `json:"doc_count"`
			Median   json.RawMessage `json:"median"`
		} `json:"buckets"`
	}
	if raw := aggs[query.PriceMonthsAgg]; len(raw) > 0 {
		if err := json.Unmarshal(raw, &h); err != nil {
			return fmt.Errorf("decode monthly histogram: %w", err)
		}
	}
	out := trendsResponse{Outcode: outcode, Period: pricePeriod{From: ymd(from), To: ymd(to.AddDate(0, 0, -1)), Months: 12},
		Months: []trendMonth{}, ListingCount: n, VolatilityMethod: volatilityMethod}
	var medians []float64
	for _, b := range h.Buckets {
		tm := trendMonth{Month: b.Key, ListingCount: b.DocCount}
		if b.DocCount > 0 {
			m, err := median50(b.Median)
			if err != nil {
				return err
			}
			tm.MedianAskingPrice = roundPrice(m)
			if m != nil {
				medians = append(medians, *m)
			}
		}
		out.Months = append(out.Months, tm)
	}
	var prev *float64
	var changes []float64
	for i := range out.Months {
		m := out.Months[i].MedianAskingPrice
		if m == nil {
			continue
		}
		v := float64(*m)
		if prev != nil && *prev > 0 {
			c := (v / *prev - 1) * 100
			changes = append(changes, c)
			cr := math.Round(c*100) / 100
			out.Months[i].ChangePct = &cr
		}
		prev = &v
	}
	out.VolatilityLabel = "insufficient_data"
	if len(changes) >= 2 {
		sd := math.Round(stddev(changes)*100) / 100
		out.VolatilityScore = &sd
		switch {
		case sd < volatilityLowMax:
			out.VolatilityLabel = "low"
		case sd < volatilityModerateMax:
			out.VolatilityLabel = "moderate"
		default:
			out.VolatilityLabel = "high"
		}
	}
	if len(medians) >= 2 {
		mean := 0.0
		for _, m := range medians {
			mean += m
		}
		mean /= float64(len(medians))
		if mean > 0 {
			cv := math.Round(stddev(medians)/mean*10000) / 10000
			out.CoefficientVariation = &cv
		}
	}
	return writeJSON(w, http.StatusOK, out)
}

// stddev is the population standard deviation.
func stddev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}
