from typing import Literal

MatchReasonsType0Town = Literal["different", "exact", "locality", "missing"]

MATCH_REASONS_TYPE_0_TOWN_VALUES: set[MatchReasonsType0Town] = {
    "different",
    "exact",
    "locality",
    "missing",
}


def check_match_reasons_type_0_town(value: str) -> MatchReasonsType0Town:
    if value in MATCH_REASONS_TYPE_0_TOWN_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_REASONS_TYPE_0_TOWN_VALUES!r}")
