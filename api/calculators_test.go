package api

import (
	"strings"
	"testing"
)

func TestCalculatorErrors(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	runErrCases(t, s, []errCase{
		{"stamp duty without price", "", "/api/calculators/stamp-duty/", "", 422, CodeInvalidParams},
		{"stamp duty negative price", "", "/api/calculators/stamp-duty/?price=-1", "", 422, CodeInvalidParams},
		{"stamp duty NaN", "", "/api/calculators/stamp-duty/?price=NaN", "", 422, CodeInvalidParams},
		{"stamp duty buyer type", "", "/api/calculators/stamp-duty/?price=1&buyer_type=alien", "", 422, CodeInvalidParams},
		{"stamp duty region", "", "/api/calculators/stamp-duty/?price=1&region=mars", "", 422, CodeInvalidParams},
		{"mortgage without price", "", "/api/calculators/mortgage/?rate=5&term=25", "", 422, CodeInvalidParams},
		{"mortgage deposit above price", "", "/api/calculators/mortgage/?price=100000&deposit=200000&rate=5&term=25", "", 422, CodeInvalidParams},
		{"mortgage negative deposit", "", "/api/calculators/mortgage/?price=100000&deposit=-1&rate=5&term=25", "", 422, CodeInvalidParams},
		{"mortgage NaN rate", "", "/api/calculators/mortgage/?price=100000&rate=NaN&term=25", "", 422, CodeInvalidParams},
		{"mortgage Inf price", "", "/api/calculators/mortgage/?price=Inf&rate=5&term=25", "", 422, CodeInvalidParams},
		{"mortgage absurd rate", "", "/api/calculators/mortgage/?price=100000&rate=500&term=25", "", 422, CodeInvalidParams},
		{"mortgage fractional term", "", "/api/calculators/mortgage/?price=100000&rate=5&term=2.5", "", 422, CodeInvalidParams},
		{"mortgage text", "", "/api/calculators/mortgage/?price=lots&rate=5&term=25", "", 422, CodeInvalidParams},
	})
}

func TestCalculators(t *testing.T) {
	s := newTestServer(t, &fakeBackend{})
	tests := []struct{ url, want string }{
		{"/api/calculators/stamp-duty/?price=295000", `"total_tax":4750`},
		{"/api/calculators/stamp-duty/?price=500000&buyer_type=first_time_buyer", `"total_tax":10000`},
		{"/api/calculators/stamp-duty/?price=300000&buyer_type=additional_property", `"total_tax":20000`},
		{"/api/calculators/stamp-duty/?price=295000&buyer_type=non_resident", `"total_tax":10650`},
		{"/api/calculators/stamp-duty/?price=350000&region=scotland", `"tax":"LBTT"`},
		{"/api/calculators/stamp-duty/?price=400001&region=wales", `"total_tax":10500.07`},
		{"/api/calculators/mortgage/?price=250000&deposit=50000&rate=5&term=25", `"monthly_repayment":1169.18`},
		{"/api/calculators/mortgage/?price=250000&deposit=50000&rate=5&term=25", `"loan_to_value_pct":80`},
	}
	for _, tc := range tests {
		rec := do(t, s, "GET", tc.url, "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: %d %s, want %s", tc.url, rec.Code, rec.Body, tc.want)
		}
	}
}
