from typing import Literal

ValuationsEstimateType = Literal["rent", "sale"]

VALUATIONS_ESTIMATE_TYPE_VALUES: set[ValuationsEstimateType] = {
    "rent",
    "sale",
}


def check_valuations_estimate_type(value: str) -> ValuationsEstimateType:
    if value in VALUATIONS_ESTIMATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VALUATIONS_ESTIMATE_TYPE_VALUES!r}")
