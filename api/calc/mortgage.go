package calc

import (
	"fmt"
	"math"
)

// Bounds on mortgage inputs: values outside are refused as nonsense.
const (
	MaxPrice   = 1_000_000_000 // GBP
	MaxRatePct = 30            // annual interest, percent
	MaxTermYrs = 50
	MinTermYrs = 1
	// DefaultTermYrs is the term when none is given.
	DefaultTermYrs = 25
	monthsInYear   = 12
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
	monthly := annuity(loan, r, n)
	res := MortgageResult{
		Loan:             Penny(loan),
		LTVPct:           math.Round(loan/in.Price*100*100) / 100,
		MonthlyRepayment: Penny(monthly),
		MonthlyInterest:  Penny(loan * r),
		Months:           n,
	}
	// Totals from the payment in pence; a tiny loan whose payment rounds to
	// 0p still repays its loan, and interest is never negative.
	res.TotalRepaid = Penny(max(res.MonthlyRepayment*float64(n), loan))
	res.TotalInterest = max(0, Penny(res.TotalRepaid-res.Loan))
	for _, v := range []float64{res.Loan, res.LTVPct, res.MonthlyRepayment, res.MonthlyInterest, res.TotalRepaid, res.TotalInterest} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			// Unreachable within the validated bounds; never hand the
			// encoder a non-finite number.
			return MortgageResult{}, fmt.Errorf("price: the inputs give no finite repayment")
		}
	}
	return res, nil
}

// annuity is the level payment of a loan over n months at monthly rate r.
// 1-(1+r)^-n is computed as -expm1(-n·log1p(r)), exact for rates far below
// the precision of 1+r (a rate of 1e-300 % must not divide by zero); below
// r·n = 1e-9 the series loan/n·(1+r(n+1)/2) is used, whose next term is
// smaller than a millionth of a penny on any loan within MaxPrice.
func annuity(loan, r float64, n int) float64 {
	nf := float64(n)
	if r*nf < 1e-9 {
		return loan / nf * (1 + r*(nf+1)/2)
	}
	return loan * r / -math.Expm1(-nf*math.Log1p(r))
}

// Penny rounds pounds to the nearest penny.
func Penny(v float64) float64 { return math.Round(v*100) / 100 }
