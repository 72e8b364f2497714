package query

import (
	"testing"
)

func TestPricesGolden(t *testing.T) {
	golden(t, "price_distribution", PriceDistribution("EX1", "2025-06-01", "2026-06-01", 50000))
	golden(t, "price_growth", PriceGrowth("EX1", Period{"2025-06-01", "2026-06-01"}, Period{"2024-06-01", "2025-06-01"}))
	golden(t, "price_trends", PriceTrends("EX1", "2025-07-01", "2026-07-01", "2026-06"))
}
