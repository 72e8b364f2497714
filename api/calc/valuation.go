package calc

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// HPIPoint is one month of a house price index.
type HPIPoint struct {
	Month string // YYYY-MM or YYYY-MM-DD (first of month)
	Index float64
}

// HPI is a monthly index series, oldest first. The zero value adjusts
// nothing (factor 1).
type HPI struct{ Points []HPIPoint }

// Latest returns the month of the newest point ("" when empty).
func (h HPI) Latest() string {
	if len(h.Points) == 0 {
		return ""
	}
	return month(h.Points[len(h.Points)-1].Month)
}

func month(s string) string {
	if len(s) >= 7 {
		return s[:7]
	}
	return s
}

// indexAt returns the index of the month of date (the nearest earlier month
// when missing; the first month for dates before the series).
func (h HPI) indexAt(date string) float64 {
	m := month(date)
	i := sort.Search(len(h.Points), func(i int) bool { return month(h.Points[i].Month) > m })
	if i == 0 {
		return h.Points[0].Index
	}
	return h.Points[i-1].Index
}

// Factor is latest index / index in the month of date: the multiplier that
// brings a price of that date to today's level.
func (h HPI) Factor(date string) float64 {
	if len(h.Points) == 0 || date == "" {
		return 1
	}
	at := h.indexAt(date)
	if at <= 0 {
		return 1
	}
	return h.Points[len(h.Points)-1].Index / at
}

// MonthlyGrowth is the mean compound monthly change over the last twelve
// months of the series (0 with fewer than 13 points).
func (h HPI) MonthlyGrowth() float64 {
	n := len(h.Points)
	if n < 13 || h.Points[n-13].Index <= 0 {
		return 0
	}
	return math.Pow(h.Points[n-1].Index/h.Points[n-13].Index, 1.0/12) - 1
}

// Weights are the relative importance of each similarity in the composite.
type Weights struct {
	Distance  float64 `json:"distance"`
	Bedrooms  float64 `json:"bedrooms"`
	Type      float64 `json:"type"`
	FloorArea float64 `json:"floor_area"`
}

// DefaultWeights sum to 1.
func DefaultWeights() Weights {
	return Weights{Distance: 0.35, Bedrooms: 0.2, Type: 0.25, FloorArea: 0.2}
}

// Subject is the property valued.
type Subject struct {
	Bedrooms     int
	PropertyType string
	FloorArea    float64 // m²; 0 unknown
}

// Comp is a candidate comparable: a sale (or a rental listing, with Price
// per month and Date the listing date).
type Comp struct {
	UPRN         int64
	Address      string
	Postcode     string
	Bedrooms     int
	PropertyType string
	FloorArea    float64
	DistanceM    float64
	Date         string
	Price        float64
}

// Scored is a comparable with its adjusted price and weight.
type Scored struct {
	Comp
	Adjusted float64
	Weight   float64
}

// CompositeOptions tune the composite.
type CompositeOptions struct {
	Weights Weights
	RadiusM float64 // similarity by distance falls to its floor at this radius
	Count   int     // comparables kept (the highest weights)
	// AreaElasticity scales a comparable's price by (subject area / its
	// area)^elasticity when both areas are known.
	AreaElasticity float64
	// BedroomStep scales by (1+step)^(Δbedrooms) when areas are unknown.
	BedroomStep float64
}

// DefaultCompositeOptions are the production settings.
func DefaultCompositeOptions(radiusM float64, count int) CompositeOptions {
	return CompositeOptions{Weights: DefaultWeights(), RadiusM: radiusM, Count: count, AreaElasticity: 0.9, BedroomStep: 0.1}
}

// Estimate is a composite valuation.
type Estimate struct {
	Value      float64
	Low, High  float64
	Dispersion float64 // weighted standard deviation of log adjusted prices
	Comps      []Scored
}

// CanonicalType maps Price Paid type codes (D, S, T, F, O) to names and
// leaves names as they are.
func CanonicalType(t string) string {
	switch strings.ToUpper(t) {
	case "D":
		return "Detached"
	case "S":
		return "Semi-Detached"
	case "T":
		return "Terraced"
	case "F":
		return "Flat"
	case "O":
		return "Other"
	}
	return t
}

func houseLike(t string) bool {
	switch strings.ToLower(t) {
	case "detached", "semi-detached", "terraced", "bungalow":
		return true
	}
	return false
}

// typeSimilarity: same type 1; two kinds of house 0.4; house and flat 0.1;
// unknown 0.5.
func typeSimilarity(a, b string) float64 {
	a, b = CanonicalType(a), CanonicalType(b)
	switch {
	case a == "" || b == "":
		return 0.5
	case strings.EqualFold(a, b):
		return 1
	case houseLike(a) && houseLike(b):
		return 0.4
	}
	return 0.1
}

// Score adjusts and weighs one comparable for a subject.
func Score(sub Subject, c Comp, hpi HPI, o CompositeOptions) Scored {
	adj := c.Price * hpi.Factor(c.Date)
	var sArea float64 = 0.5
	if sub.FloorArea > 0 && c.FloorArea > 0 {
		ratio := sub.FloorArea / c.FloorArea
		adj *= math.Pow(ratio, o.AreaElasticity)
		sArea = 1 / (1 + 3*math.Abs(math.Log(ratio)))
	} else if sub.Bedrooms > 0 && c.Bedrooms > 0 {
		adj *= math.Pow(1+o.BedroomStep, float64(sub.Bedrooms-c.Bedrooms))
	}
	sBed := 0.5
	if sub.Bedrooms > 0 && c.Bedrooms > 0 {
		sBed = 1 / (1 + math.Abs(float64(sub.Bedrooms-c.Bedrooms)))
	}
	sDist := 1.0
	if o.RadiusM > 0 {
		sDist = math.Max(0.05, 1-c.DistanceM/o.RadiusM)
	}
	w := o.Weights
	weight := w.Distance*sDist + w.Bedrooms*sBed + w.Type*typeSimilarity(sub.PropertyType, c.PropertyType) + w.FloorArea*sArea
	// Squaring sharpens the preference for close matches.
	return Scored{Comp: c, Adjusted: adj, Weight: math.Pow(weight, 4)}
}

// Composite values a subject from comparables: each price is brought to
// today by the index, scaled for size, weighed by similarity; the Count
// best are kept, outliers beyond half or double the weighted median are
// dropped, and the estimate is the weighted mean. The range is ± one
// weighted standard deviation of the log prices (at least 5%).
func Composite(sub Subject, comps []Comp, hpi HPI, o CompositeOptions) Estimate {
	scored := make([]Scored, 0, len(comps))
	for _, c := range comps {
		if c.Price <= 0 {
			continue
		}
		scored = append(scored, Score(sub, c, hpi, o))
	}
	sort.SliceStable(scored, func(i, j int) bool { return scored[i].Weight > scored[j].Weight })
	if o.Count > 0 && len(scored) > o.Count {
		scored = scored[:o.Count]
	}
	if len(scored) == 0 {
		return Estimate{}
	}
	med := weightedMedian(scored)
	kept := scored[:0:0]
	for _, s := range scored {
		if s.Adjusted >= med/2 && s.Adjusted <= med*2 {
			kept = append(kept, s)
		}
	}
	var sw, swl float64
	for _, s := range kept {
		sw += s.Weight
		swl += s.Weight * math.Log(s.Adjusted)
	}
	meanLog := swl / sw
	var v float64
	for _, s := range kept {
		d := math.Log(s.Adjusted) - meanLog
		v += s.Weight * d * d
	}
	var value float64
	for _, s := range kept {
		value += s.Weight * s.Adjusted
	}
	value /= sw
	disp := math.Sqrt(v / sw)
	spread := math.Max(disp, 0.05)
	return Estimate{Value: value, Low: value * math.Exp(-spread), High: value * math.Exp(spread), Dispersion: disp, Comps: kept}
}

func weightedMedian(s []Scored) float64 {
	c := append([]Scored(nil), s...)
	sort.Slice(c, func(i, j int) bool { return c[i].Adjusted < c[j].Adjusted })
	var total float64
	for _, x := range c {
		total += x.Weight
	}
	var acc float64
	for _, x := range c {
		acc += x.Weight
		if acc >= total/2 {
			return x.Adjusted
		}
	}
	return c[len(c)-1].Adjusted
}

// Confidence grades an estimate.
type Confidence struct {
	Level string // high, medium, low
	Tier  int    // 1 best
	Label string
}

// Grade grades by comparable count and agreement (dispersion).
func Grade(n int, dispersion float64) Confidence {
	switch {
	case n >= 8 && dispersion <= 0.12:
		return Confidence{"high", 1, "High confidence"}
	case n >= 5 && dispersion <= 0.25:
		return Confidence{"medium", 2, "Medium confidence"}
	}
	return Confidence{"low", 3, "Low confidence"}
}

// RoundTo rounds v to the nearest multiple of step.
func RoundTo(v, step float64) float64 { return math.Round(v/step) * step }

// DistanceM is the great-circle distance in meters (haversine, mean Earth radius).
func DistanceM(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371008.8
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(a)))
}

// HeldOutSale is a sale with its place and region, for accuracy measurement.
type HeldOutSale struct {
	Comp
	Lat, Lon float64
	Region   string
}

// HoldOutConfig mirrors the production composite: radii tried in turn
// until WidenBelow candidates are found, sales at most MaxYears before Now.
type HoldOutConfig struct {
	RadiiM     []float64
	WidenBelow int
	Count      int
	MaxN       int    // subjects valued (0 = all)
	Subjects   []int  // indices of the sales to value (nil: every sale in order)
	Now        string // YYYY-MM-DD; "" = no age limit
	MaxYears   int
	// HPIFor returns the index of a region (nil: no adjustment).
	HPIFor func(region string) HPI
}

// Accuracy is the result of a hold-out test.
type Accuracy struct {
	Valued   int     // sales valued
	Skipped  int     // sales with fewer than 3 comparables
	MdAPE    float64 // median absolute percentage error, percent
	P90APE   float64 // 90th percentile absolute percentage error, percent
	Within10 float64 // share of estimates within 10%, percent
}

// HoldOut values each sale from the other sales (of other UPRNs) with the
// composite method and compares the estimate with the sale's own price
// brought to today by the index.
func HoldOut(sales []HeldOutSale, cfg HoldOutConfig) Accuracy {
	var errs []float64
	var acc Accuracy
	minDate := ""
	if cfg.Now != "" && cfg.MaxYears > 0 && len(cfg.Now) >= 10 {
		y := 0
		fmt.Sscanf(cfg.Now[:4], "%d", &y)
		minDate = fmt.Sprintf("%04d%s", y-cfg.MaxYears, cfg.Now[4:10])
	}
	hpiFor := func(region string) HPI {
		if cfg.HPIFor == nil {
			return HPI{}
		}
		return cfg.HPIFor(region)
	}
	subjects := cfg.Subjects
	if subjects == nil {
		subjects = make([]int, len(sales))
		for i := range sales {
			subjects[i] = i
		}
	}
	for _, i := range subjects {
		s := sales[i]
		if cfg.MaxN > 0 && acc.Valued+acc.Skipped >= cfg.MaxN {
			break
		}
		var comps []Comp
		var radius float64
		for _, radius = range cfg.RadiiM {
			comps = comps[:0]
			for j, c := range sales {
				if i == j || c.UPRN == s.UPRN || (minDate != "" && c.Date < minDate) {
					continue
				}
				d := DistanceM(s.Lat, s.Lon, c.Lat, c.Lon)
				if d > radius {
					continue
				}
				cc := c.Comp
				cc.DistanceM = d
				comps = append(comps, cc)
			}
			if len(comps) >= cfg.WidenBelow {
				break
			}
		}
		hpi := hpiFor(s.Region)
		est := Composite(Subject{Bedrooms: s.Bedrooms, PropertyType: s.PropertyType, FloorArea: s.FloorArea}, comps, hpi,
			DefaultCompositeOptions(radius, cfg.Count))
		if len(est.Comps) < 3 {
			acc.Skipped++
			continue
		}
		acc.Valued++
		truth := s.Price * hpi.Factor(s.Date)
		errs = append(errs, math.Abs(est.Value-truth)/truth*100)
	}
	if len(errs) == 0 {
		return acc
	}
	sort.Float64s(errs)
	acc.MdAPE = percentile(errs, 0.5)
	acc.P90APE = percentile(errs, 0.9)
	var in int
	for _, e := range errs {
		if e <= 10 {
			in++
		}
	}
	acc.Within10 = float64(in) / float64(len(errs)) * 100
	return acc
}

func percentile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	return sorted[lo] + (sorted[hi]-sorted[lo])*(pos-float64(lo))
}
