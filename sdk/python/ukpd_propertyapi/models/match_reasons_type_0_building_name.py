from typing import Literal

MatchReasonsType0BuildingName = Literal["close", "different", "exact", "missing", "none"]

MATCH_REASONS_TYPE_0_BUILDING_NAME_VALUES: set[MatchReasonsType0BuildingName] = {
    "close",
    "different",
    "exact",
    "missing",
    "none",
}


def check_match_reasons_type_0_building_name(value: str) -> MatchReasonsType0BuildingName:
    if value in MATCH_REASONS_TYPE_0_BUILDING_NAME_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_REASONS_TYPE_0_BUILDING_NAME_VALUES!r}")
