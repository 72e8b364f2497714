package calc

import (
	"math"
	"testing"
)

// Worked examples: GOV.UK (SDLT), Welsh Revenue Authority (LTT) and Revenue
// Scotland (LBTT) rate tables applied by hand; amounts in pence.
func TestTaxWorkedExamples(t *testing.T) {
	tests := []struct {
		name string
		in   TaxInput
		want int64 // pence
	}{
		{"GOV.UK standard £295,000", TaxInput{PricePence: 295_000_00, Region: England, Buyer: Standard}, 4_750_00},
		{"GOV.UK first-time buyer £500,000", TaxInput{PricePence: 500_000_00, Buyer: FirstTime}, 10_000_00},
		{"first-time buyer £300,000 pays nothing", TaxInput{PricePence: 300_000_00, Buyer: FirstTime}, 0},
		{"first-time buyer above £500,000 pays standard rates", TaxInput{PricePence: 510_000_00, Buyer: FirstTime}, 15_500_00},
		{"standard £125,000 nil band", TaxInput{PricePence: 125_000_00}, 0},
		{"standard £1,000,000", TaxInput{PricePence: 1_000_000_00}, 2_500_00 + 33_750_00 + 7_500_00},
		{"standard £2,000,000 reaches 12%", TaxInput{PricePence: 2_000_000_00}, 2_500_00 + 33_750_00 + 57_500_00 + 60_000_00},
		{"additional property £300,000 (+5% every band)", TaxInput{PricePence: 300_000_00, Buyer: Additional}, 6_250_00 + 8_750_00 + 5_000_00},
		{"additional property below £40,000 is standard", TaxInput{PricePence: 39_999_00, Buyer: Additional}, 0},
		{"non-resident £295,000 (+2%)", TaxInput{PricePence: 295_000_00, NonResident: true}, 2_500_00 + 5_000_00 + 3_150_00},
		{"non-resident additional £295,000 (+7%)", TaxInput{PricePence: 295_000_00, Buyer: Additional, NonResident: true}, 8_750_00 + 11_250_00 + 5_400_00},
		{"non-resident first-time buyer £400,000", TaxInput{PricePence: 400_000_00, Buyer: FirstTime, NonResident: true}, 6_000_00 + 7_000_00},
		{"Wales LTT £250,000", TaxInput{PricePence: 250_000_00, Region: Wales}, 1_500_00},
		{"Wales LTT £400,001 to the penny", TaxInput{PricePence: 400_001_00, Region: Wales}, 10_500_07},
		{"Wales LTT higher rates £200,000", TaxInput{PricePence: 200_000_00, Region: Wales, Buyer: Additional}, 9_000_00 + 1_700_00},
		{"Scotland LBTT £350,000", TaxInput{PricePence: 350_000_00, Region: Scotland}, 2_100_00 + 3_750_00 + 2_500_00},
		{"Scotland LBTT first-time buyer £250,000 saves £600", TaxInput{PricePence: 250_000_00, Region: Scotland, Buyer: FirstTime}, 1_500_00},
		{"Scotland ADS 8% of £300,000 plus LBTT", TaxInput{PricePence: 300_000_00, Region: Scotland, Buyer: Additional}, 24_000_00 + 2_100_00 + 2_500_00},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Tax(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got.TotalPence != tc.want {
				t.Errorf("got %d pence, want %d", got.TotalPence, tc.want)
			}
			var sum int64
			for _, b := range got.Bands {
				sum += b.TaxPence
			}
			if sum+got.SupplementTax != got.TotalPence {
				t.Errorf("bands sum to %d, total %d", sum+got.SupplementTax, got.TotalPence)
			}
		})
	}
}

func TestTaxBreakdown(t *testing.T) {
	got, _ := Tax(TaxInput{PricePence: 295_000_00})
	want := []BandResult{
		{0, 125_000_00, 0, 125_000_00, 0},
		{125_000_00, 250_000_00, 200, 125_000_00, 2_500_00},
		{250_000_00, 925_000_00, 500, 45_000_00, 2_250_00},
		{925_000_00, 1_500_000_00, 1000, 0, 0},
		{1_500_000_00, 0, 1200, 0, 0},
	}
	if len(got.Bands) != len(want) {
		t.Fatalf("got %d bands, want %d", len(got.Bands), len(want))
	}
	for i := range want {
		if got.Bands[i] != want[i] {
			t.Errorf("band %d: got %+v, want %+v", i, got.Bands[i], want[i])
		}
	}
	if got.EffectiveRate != 1.61 {
		t.Errorf("effective rate %v, want 1.61", got.EffectiveRate)
	}
	if _, err := Tax(TaxInput{PricePence: -1}); err == nil {
		t.Error("negative price accepted")
	}
}

func TestMortgage(t *testing.T) {
	// £250,000 price, £50,000 deposit, 5% over 25 years: the standard
	// annuity tables give £1,169.18 a month.
	got, err := Mortgage(MortgageInput{Price: 250_000, Deposit: 50_000, RatePct: 5, TermYrs: 25})
	if err != nil {
		t.Fatal(err)
	}
	want := MortgageResult{Loan: 200_000, LTVPct: 80, MonthlyRepayment: 1169.18, MonthlyInterest: 833.33, TotalRepaid: 350_754, TotalInterest: 150_754, Months: 300}
	if got != want {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	zero, _ := Mortgage(MortgageInput{Price: 120_000, Deposit: 0, RatePct: 0, TermYrs: 10})
	if zero.MonthlyRepayment != 1000 || zero.TotalInterest != 0 || zero.LTVPct != 100 {
		t.Errorf("zero rate: %+v", zero)
	}
}

func TestMortgageRejectsNonsense(t *testing.T) {
	tests := []struct {
		in    MortgageInput
		field string
	}{
		{MortgageInput{Price: 100, Deposit: 200, RatePct: 5, TermYrs: 25}, "deposit"},
		{MortgageInput{Price: -1, RatePct: 5, TermYrs: 25}, "price"},
		{MortgageInput{Price: math.NaN(), RatePct: 5, TermYrs: 25}, "price"},
		{MortgageInput{Price: math.Inf(1), RatePct: 5, TermYrs: 25}, "price"},
		{MortgageInput{Price: 2e9, RatePct: 5, TermYrs: 25}, "price"},
		{MortgageInput{Price: 100, Deposit: -5, RatePct: 5, TermYrs: 25}, "deposit"},
		{MortgageInput{Price: 100, RatePct: -1, TermYrs: 25}, "rate"},
		{MortgageInput{Price: 100, RatePct: 95, TermYrs: 25}, "rate"},
		{MortgageInput{Price: 100, RatePct: 5, TermYrs: 0}, "term"},
		{MortgageInput{Price: 100, RatePct: 5, TermYrs: 99}, "term"},
	}
	for _, tc := range tests {
		if f, err := tc.in.Validate(); err == nil || f != tc.field {
			t.Errorf("%+v: got field %q err %v, want %q", tc.in, f, err, tc.field)
		}
	}
}

// TestMortgageExtremeInputs: every input within the bounds gives finite
// amounts (a rate around 1e-300 % once reached the JSON encoder as NaN).
func TestMortgageExtremeInputs(t *testing.T) {
	prices := []float64{5e-324, 1e-9, 0.01, 1, 798204458.417241, MaxPrice}
	rates := []float64{0, 5e-324, 8.72309983220332e-235, 1e-300, 1e-15, 1e-9, 1e-6, 0.001, 4.5, MaxRatePct}
	for _, price := range prices {
		for _, rate := range rates {
			for _, term := range []int{MinTermYrs, 25, MaxTermYrs} {
				for _, deposit := range []float64{0, price / 2, price} {
					res, err := Mortgage(MortgageInput{Price: price, Deposit: deposit, RatePct: rate, TermYrs: term})
					if err != nil {
						t.Fatalf("price %g rate %g term %d: %v", price, rate, term, err)
					}
					for _, v := range []float64{res.Loan, res.LTVPct, res.MonthlyRepayment, res.MonthlyInterest, res.TotalRepaid, res.TotalInterest} {
						if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
							t.Fatalf("price %g deposit %g rate %g term %d: non-finite or negative amount in %+v", price, deposit, rate, term, res)
						}
					}
				}
			}
		}
	}
	// A vanishing rate is the interest-free payment, to the penny.
	res, _ := Mortgage(MortgageInput{Price: 798204458.417241, RatePct: 8.72309983220332e-235, TermYrs: 20})
	zero, _ := Mortgage(MortgageInput{Price: 798204458.417241, RatePct: 0, TermYrs: 20})
	if res.MonthlyRepayment != zero.MonthlyRepayment {
		t.Errorf("rate 8.7e-235: monthly %v, want the interest-free %v", res.MonthlyRepayment, zero.MonthlyRepayment)
	}
	// The series and the expm1 form agree where they meet, and the expm1
	// form agrees with the textbook formula at an ordinary rate.
	for _, r := range []float64{1e-12, 3.3e-12, 1e-11} {
		series := 100000.0 / 300 * (1 + r*301/2)
		closed := 100000 * r / -math.Expm1(-300*math.Log1p(r))
		if math.Abs(series-closed) > 1e-6 {
			t.Errorf("r %g: series %v, expm1 form %v", r, series, closed)
		}
	}
	if a, b := annuity(100000, 0.004, 300), 100000*0.004/(1-math.Pow(1.004, -300)); math.Abs(a-b) > 1e-9 {
		t.Errorf("r 0.004: annuity %v, textbook %v", a, b)
	}
}
