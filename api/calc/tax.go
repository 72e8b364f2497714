package calc

import (
	"fmt"
	"math"
)

// Region selects the tax regime.
type Region string

// Regions with their tax.
const (
	England  Region = "england"  // SDLT (England and Northern Ireland)
	Wales    Region = "wales"    // Land Transaction Tax
	Scotland Region = "scotland" // Land and Buildings Transaction Tax
)

// Buyer is the kind of purchase.
type Buyer string

// Buyer types.
const (
	Standard   Buyer = "standard"   // home mover, one residential property
	FirstTime  Buyer = "first_time" // first-time buyer buying a main residence
	Additional Buyer = "additional" // an additional dwelling (second home, buy-to-let)
)

// Band is one slice of a progressive rate table: the rate applies to the
// part of the price above the previous band's Upto and up to this Upto
// (pounds; 0 = no upper limit). RateBP is in basis points (1% = 100).
type Band struct {
	Upto   int64
	RateBP int64
}

// Schedule is a dated rate table with its source.
type Schedule struct {
	Name      string
	Tax       string // SDLT, LTT, LBTT
	Effective string // date the rates took effect
	Source    string // URL of the published rates
	Bands     []Band
}

// Rate tables in force, one function each (no package state). Each names
// its source and effective date; see docs/market.md.
func sdltStandard() Schedule {
	return Schedule{"SDLT residential rates", "SDLT", "2025-04-01",
		"https://www.gov.uk/stamp-duty-land-tax/residential-property-rates",
		[]Band{{125_000, 0}, {250_000, 200}, {925_000, 500}, {1_500_000, 1000}, {0, 1200}}}
}

func sdltFirstTime() Schedule {
	return Schedule{"SDLT first-time buyer relief", "SDLT", "2025-04-01",
		"https://www.gov.uk/stamp-duty-land-tax/residential-property-rates",
		[]Band{{300_000, 0}, {500_000, 500}}}
}

func lttMain() Schedule {
	return Schedule{"LTT main residential rates", "LTT", "2022-10-10",
		"https://www.gov.wales/land-transaction-tax-rates-and-bands",
		[]Band{{225_000, 0}, {400_000, 600}, {750_000, 750}, {1_500_000, 1000}, {0, 1200}}}
}

func lttHigher() Schedule {
	return Schedule{"LTT higher residential rates", "LTT", "2024-12-11",
		"https://www.gov.wales/land-transaction-tax-rates-and-bands",
		[]Band{{180_000, 500}, {250_000, 850}, {400_000, 1000}, {750_000, 1250}, {1_500_000, 1500}, {0, 1700}}}
}

func lbttMain() Schedule {
	return Schedule{"LBTT residential rates", "LBTT", "2021-04-01",
		"https://revenue.scot/taxes/land-buildings-transaction-tax/residential-property",
		[]Band{{145_000, 0}, {250_000, 200}, {325_000, 500}, {750_000, 1000}, {0, 1200}}}
}

func lbttFirstTime() Schedule {
	return Schedule{"LBTT first-time buyer relief", "LBTT", "2018-06-30",
		"https://revenue.scot/taxes/land-buildings-transaction-tax/residential-property",
		[]Band{{175_000, 0}, {250_000, 200}, {325_000, 500}, {750_000, 1000}, {0, 1200}}}
}

// Surcharges.
const (
	// SDLTAdditionalBP is the higher-rates surcharge for additional
	// dwellings, added to every band (5% from 31 October 2024).
	SDLTAdditionalBP = 500
	// SDLTNonResidentBP is the non-UK-resident surcharge, added to every band
	// (2% from 1 April 2021).
	SDLTNonResidentBP = 200
	// LBTTADSBP is Scotland's Additional Dwelling Supplement: 8% of the whole
	// price (from 5 December 2024), not band by band.
	LBTTADSBP = 800
	// HigherRatesThreshold: purchases below £40,000 are outside the
	// additional-dwelling rates (SDLT, LTT and ADS alike).
	HigherRatesThreshold = 40_000
	// SDLTFirstTimeMaxPrice: above it first-time buyer relief does not apply.
	SDLTFirstTimeMaxPrice = 500_000
)

// TaxInput is a purchase to tax.
type TaxInput struct {
	PricePence  int64
	Region      Region
	Buyer       Buyer
	NonResident bool // England/NI only: Wales and Scotland have no such surcharge
}

// BandResult is the tax due on one band.
type BandResult struct {
	FromPence    int64 // exclusive lower bound
	UptoPence    int64 // inclusive upper bound; 0 = no limit
	RateBP       int64
	TaxablePence int64
	TaxPence     int64
}

// TaxResult is the tax due and how it was reached.
type TaxResult struct {
	Tax             string
	Schedule        Schedule
	Bands           []BandResult
	SurchargeBP     int64 // added to every band
	SupplementBP    int64 // Scotland ADS, on the whole price
	SupplementTax   int64 // pence
	TotalPence      int64
	EffectiveRate   float64 // percent of the price
	Notes           []string
	FirstTimeRelief bool
}

// Tax computes the transaction tax on a residential purchase. Tax per band is
// rounded down to the penny.
func Tax(in TaxInput) (TaxResult, error) {
	if in.PricePence < 0 {
		return TaxResult{}, fmt.Errorf("price must not be negative")
	}
	var res TaxResult
	higher := in.Buyer == Additional && in.PricePence >= HigherRatesThreshold*100
	if in.Buyer == Additional && !higher {
		res.Notes = append(res.Notes, "additional-dwelling rates do not apply below £40,000")
	}
	switch in.Region {
	case England, "":
		res.Schedule = sdltStandard()
		if in.Buyer == FirstTime {
			if in.PricePence <= SDLTFirstTimeMaxPrice*100 {
				res.Schedule = sdltFirstTime()
				res.FirstTimeRelief = true
			} else {
				res.Notes = append(res.Notes, "first-time buyer relief does not apply above £500,000: standard rates")
			}
		}
		if higher {
			res.SurchargeBP += SDLTAdditionalBP
		}
		if in.NonResident {
			res.SurchargeBP += SDLTNonResidentBP
		}
	case Wales:
		res.Schedule = lttMain()
		if higher {
			res.Schedule = lttHigher()
		}
		if in.Buyer == FirstTime {
			res.Notes = append(res.Notes, "Wales has no first-time buyer relief: main rates")
		}
		if in.NonResident {
			res.Notes = append(res.Notes, "Wales has no non-resident surcharge")
		}
	case Scotland:
		res.Schedule = lbttMain()
		if in.Buyer == FirstTime {
			res.Schedule = lbttFirstTime()
			res.FirstTimeRelief = true
		}
		if higher {
			res.SupplementBP = LBTTADSBP
		}
		if in.NonResident {
			res.Notes = append(res.Notes, "Scotland has no non-resident surcharge")
		}
	default:
		return TaxResult{}, fmt.Errorf("unknown region %q", in.Region)
	}
	res.Tax = res.Schedule.Tax
	var from int64
	for _, b := range res.Schedule.Bands {
		upto := b.Upto * 100
		rate := b.RateBP + res.SurchargeBP
		taxable := in.PricePence - from
		if upto > 0 && in.PricePence > upto {
			taxable = upto - from
		}
		if taxable < 0 {
			taxable = 0
		}
		t := taxable * rate / 10_000
		res.Bands = append(res.Bands, BandResult{FromPence: from, UptoPence: upto, RateBP: rate, TaxablePence: taxable, TaxPence: t})
		res.TotalPence += t
		if upto == 0 {
			break
		}
		from = upto
	}
	if res.SupplementBP > 0 {
		res.SupplementTax = in.PricePence * res.SupplementBP / 10_000
		res.TotalPence += res.SupplementTax
	}
	if in.PricePence > 0 {
		res.EffectiveRate = math.Round(float64(res.TotalPence)/float64(in.PricePence)*100*100) / 100
	}
	return res, nil
}
