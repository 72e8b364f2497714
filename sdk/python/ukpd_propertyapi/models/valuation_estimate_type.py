from typing import Literal

ValuationEstimateType = Literal["rent", "sale"]

VALUATION_ESTIMATE_TYPE_VALUES: set[ValuationEstimateType] = {
    "rent",
    "sale",
}


def check_valuation_estimate_type(value: str) -> ValuationEstimateType:
    if value in VALUATION_ESTIMATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VALUATION_ESTIMATE_TYPE_VALUES!r}")
