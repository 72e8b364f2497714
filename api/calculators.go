package api

// Calculators (spec 4.6): stamp duty and mortgage repayments. Free (weight 0).

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/api/calc"
)

// buyerType maps accepted buyer_type spellings to the calculator's kinds.
func buyerType(v string) (calc.Buyer, bool) {
	switch v {
	case "standard", "home_mover", "main_residence", "non_resident":
		return calc.Standard, true
	case "first_time", "first_time_buyer", "ftb":
		return calc.FirstTime, true
	case "additional", "additional_property", "second_home", "buy_to_let", "investor":
		return calc.Additional, true
	}
	return "", false
}

type taxBand struct {
	From    float64  `json:"from_gbp"`
	Upto    *float64 `json:"upto_gbp"`
	RatePct float64  `json:"rate_pct"`
	Taxable float64  `json:"taxable_gbp"`
	Tax     float64  `json:"tax_gbp"`
}

type stampDutyResponse struct {
	Price            float64   `json:"price"`
	Region           string    `json:"region"`
	Tax              string    `json:"tax"`
	BuyerType        string    `json:"buyer_type"`
	NonResident      bool      `json:"non_resident"`
	TotalTax         float64   `json:"total_tax"`
	EffectiveRatePct float64   `json:"effective_rate_pct"`
	FirstTimeRelief  bool      `json:"first_time_buyer_relief"`
	SurchargePct     float64   `json:"surcharge_pct"`
	Supplement       *taxExtra `json:"additional_dwelling_supplement"` // null when none applies
	Bands            []taxBand `json:"bands"`
	Notes            []string  `json:"notes"`
	Rates            rateInfo  `json:"rates"`
}

type taxExtra struct {
	RatePct float64 `json:"rate_pct"`
	Tax     float64 `json:"tax_gbp"`
}

type rateInfo struct {
	Name      string `json:"name"`
	Effective string `json:"effective_from"`
	Source    string `json:"source"`
}

func pounds(pence int64) float64 { return float64(pence) / 100 }

func (s *Server) stampDuty(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	if !p.Has("price") {
		return InvalidParam("price", "is required")
	}
	price := p.Float("price", 0, 0, calc.MaxPrice)
	bt := strings.ToLower(p.raw("buyer_type"))
	if bt == "" && !p.blank("buyer_type") {
		bt = "standard"
	}
	buyer, ok := buyerType(bt)
	if !ok {
		p.fail(InvalidParam("buyer_type", "must be one of standard, first_time_buyer, additional_property, non_resident"))
	}
	region := calc.Region(p.Enum("region", "england", "england", "wales", "scotland"))
	// country (the vendor client's name) is read when region is not sent:
	// england and northern_ireland pay SDLT, wales LTT, scotland LBTT.
	if c := p.Enum("country", "", "england", "northern_ireland", "wales", "scotland"); c != "" && !p.Has("region") {
		region = calc.Region(c)
		if c == "northern_ireland" {
			region = calc.Region("england")
		}
	}
	nonRes := p.Bool("non_resident", bt == "non_resident")
	if err := p.Err(); err != nil {
		return err
	}
	res, err := calc.Tax(calc.TaxInput{PricePence: int64(math.Round(price * 100)), Region: region, Buyer: buyer, NonResident: nonRes})
	if err != nil {
		return InvalidParam("price", "%v", err)
	}
	out := stampDutyResponse{
		Price: price, Region: string(region), Tax: res.Tax, BuyerType: string(buyer), NonResident: nonRes,
		TotalTax: pounds(res.TotalPence), EffectiveRatePct: res.EffectiveRate, FirstTimeRelief: res.FirstTimeRelief,
		SurchargePct: float64(res.SurchargeBP) / 100, Notes: res.Notes,
		Rates: rateInfo{res.Schedule.Name, res.Schedule.Effective, res.Schedule.Source},
	}
	if out.Notes == nil {
		out.Notes = []string{}
	}
	if res.SupplementBP > 0 {
		out.Supplement = &taxExtra{RatePct: float64(res.SupplementBP) / 100, Tax: pounds(res.SupplementTax)}
	}
	for _, b := range res.Bands {
		tb := taxBand{From: pounds(b.FromPence), RatePct: float64(b.RateBP) / 100, Taxable: pounds(b.TaxablePence), Tax: pounds(b.TaxPence)}
		if b.UptoPence > 0 {
			u := pounds(b.UptoPence)
			tb.Upto = &u
		}
		out.Bands = append(out.Bands, tb)
	}
	return writeJSON(w, http.StatusOK, out)
}

type mortgageResponse struct {
	Price            float64 `json:"price"`
	Deposit          float64 `json:"deposit"`
	RatePct          float64 `json:"rate"`
	TermYears        int     `json:"term"`
	Loan             float64 `json:"loan_amount"`
	LTVPct           float64 `json:"loan_to_value_pct"`
	MonthlyRepayment float64 `json:"monthly_repayment"`
	MonthlyInterest  float64 `json:"monthly_interest_only"`
	TotalRepaid      float64 `json:"total_repaid"`
	TotalInterest    float64 `json:"total_interest"`
	Months           int     `json:"months"`
}

func (s *Server) mortgage(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	num := func(name string, required bool) float64 {
		v := p.raw(name)
		if v == "" {
			if required {
				p.fail(InvalidParam(name, "is required"))
			}
			return 0
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			p.fail(InvalidParam(name, "must be a number"))
		}
		return f // NaN and Inf parse: Validate refuses them by name
	}
	in := calc.MortgageInput{Price: num("price", true), Deposit: num("deposit", false), RatePct: num("rate", true)}
	term := float64(calc.DefaultTermYrs)
	if p.Has("term") {
		term = num("term", true)
	}
	if err := p.Err(); err != nil {
		return err
	}
	if term != math.Trunc(term) || term < calc.MinTermYrs || term > calc.MaxTermYrs {
		return InvalidParam("term", "must be whole years from %d to %d", calc.MinTermYrs, calc.MaxTermYrs)
	}
	in.TermYrs = int(term)
	if field, err := in.Validate(); err != nil {
		return InvalidParam(field, "%v", err)
	}
	res, err := calc.Mortgage(in)
	if err != nil {
		return InvalidParam("price", "%v", err)
	}
	return writeJSON(w, http.StatusOK, mortgageResponse{
		Price: in.Price, Deposit: in.Deposit, RatePct: in.RatePct, TermYears: in.TermYrs,
		Loan: res.Loan, LTVPct: res.LTVPct, MonthlyRepayment: res.MonthlyRepayment, MonthlyInterest: res.MonthlyInterest,
		TotalRepaid: res.TotalRepaid, TotalInterest: res.TotalInterest, Months: res.Months,
	})
}
