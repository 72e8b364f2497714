from typing import Literal

ValuationEstimateMethod = Literal["active_listing_price", "composite_score_weighted_average", "recent_sale_price"]

VALUATION_ESTIMATE_METHOD_VALUES: set[ValuationEstimateMethod] = {
    "active_listing_price",
    "composite_score_weighted_average",
    "recent_sale_price",
}


def check_valuation_estimate_method(value: str) -> ValuationEstimateMethod:
    if value in VALUATION_ESTIMATE_METHOD_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VALUATION_ESTIMATE_METHOD_VALUES!r}")
