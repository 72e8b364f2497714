// Package calc holds the pure calculators behind calculators/stamp-duty and
// calculators/mortgage: UK property transaction taxes (SDLT for England and
// Northern Ireland, LTT for Wales, LBTT for Scotland) and mortgage
// repayments. It does no I/O; amounts are computed in integer pence so the
// results match published worked examples to the penny.
package calc
