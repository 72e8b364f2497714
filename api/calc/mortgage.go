package calc

import (
	"fmt"
	"math"
)

// Bounds on mortgage inputs: values outside are refused as nonsense.
const (
	MaxPrice     = 1_000_000_000 // GBP
	MaxRatePct   = 30            // annual interest, percent
	MaxTermYrs   = 50
	MinTermYrs   = 1
	monthsInYear = 12
)

// MortgageInput is a repayment question.
type MortgageInput struct {
	Price   float64 // GBP
	Deposit float64 // GBP
	RatePct float64 // annual, percent
	TermYrs int
}

// MortgageResult is the answer, amounts rounded to the penny.
type MortgageResult struct {
	Loan             float64
	LTVPct           float64
	MonthlyRepayment float64 // capital and interest
	MonthlyInterest  float64 // interest-only payment
	TotalRepaid      float64
	TotalInterest    float64
	Months           int
}

// Validate refuses negative, non-finite and absurd values, and a deposit
// above the price. It names the offending field.
func (in MortgageInput) Validate() (field string, err error) {
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
	switch {
	case bad(in.Price) || in.Price <= 0 || in.Price > MaxPrice:
		return "price", fmt.Errorf("must be a number above 0 and at most %d", MaxPrice)
	case bad(in.Deposit) || in.Deposit < 0:
		return "deposit", fmt.Errorf("must be a number of at least 0")
	case in.Deposit > in.Price:
		return "deposit", fmt.Errorf("must not exceed the price")
	case bad(in.RatePct) || in.RatePct < 0 || in.RatePct > MaxRatePct:
		return "rate", fmt.Errorf("must be an annual percentage from 0 to %d", MaxRatePct)
	case in.TermYrs < MinTermYrs || in.TermYrs > MaxTermYrs:
		return "term", fmt.Errorf("must be whole years from %d to %d", MinTermYrs, MaxTermYrs)
	}
	return "", nil
}

// Mortgage computes a level monthly repayment (annuity, interest compounded
// monthly at rate/12) and the interest-only payment.
func Mortgage(in MortgageInput) (MortgageResult, error) {
	if f, err := in.Validate(); err != nil {
		return MortgageResult{}, fmt.Errorf("%s: %w", f, err)
	}
	loan := in.Price - in.Deposit
	n := in.TermYrs * monthsInYear
	r := in.RatePct / 100 / monthsInYear
	var monthly float64
	if r == 0 {
		monthly = loan / float64(n)
	} else {
		monthly = loan * r / (1 - math.Pow(1+r, -float64(n)))
	}
	res := MortgageResult{
		Loan:             Penny(loan),
		LTVPct:           math.Round(loan/in.Price*100*100) / 100,
		MonthlyRepayment: Penny(monthly),
		MonthlyInterest:  Penny(loan * r),
		Months:           n,
	}
	res.TotalRepaid = Penny(res.MonthlyRepayment * float64(n))
	res.TotalInterest = Penny(res.TotalRepaid - res.Loan)
	return res, nil
}

// Penny rounds pounds to the nearest penny.
func Penny(v float64) float64 { return math.Round(v*100) / 100 }
