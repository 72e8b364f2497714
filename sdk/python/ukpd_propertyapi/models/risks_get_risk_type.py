from typing import Literal

RisksGetRiskType = Literal[
    "air_quality_today",
    "all",
    "coal_mining",
    "flood",
    "invasive_plants",
    "landfill",
    "noise",
    "non_coal_mining",
    "radon",
]

RISKS_GET_RISK_TYPE_VALUES: set[RisksGetRiskType] = {
    "air_quality_today",
    "all",
    "coal_mining",
    "flood",
    "invasive_plants",
    "landfill",
    "noise",
    "non_coal_mining",
    "radon",
}


def check_risks_get_risk_type(value: str) -> RisksGetRiskType:
    if value in RISKS_GET_RISK_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISKS_GET_RISK_TYPE_VALUES!r}")
