from typing import Literal

RisksLayerRiskType = Literal[
    "air_quality_today", "coal_mining", "flood", "invasive_plants", "landfill", "noise", "non_coal_mining", "radon"
]

RISKS_LAYER_RISK_TYPE_VALUES: set[RisksLayerRiskType] = {
    "air_quality_today",
    "coal_mining",
    "flood",
    "invasive_plants",
    "landfill",
    "noise",
    "non_coal_mining",
    "radon",
}


def check_risks_layer_risk_type(value: str) -> RisksLayerRiskType:
    if value in RISKS_LAYER_RISK_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RISKS_LAYER_RISK_TYPE_VALUES!r}")
