from typing import Literal

MatchReasonsType0Street = Literal["close", "different", "exact", "missing", "none"]

MATCH_REASONS_TYPE_0_STREET_VALUES: set[MatchReasonsType0Street] = {
    "close",
    "different",
    "exact",
    "missing",
    "none",
}


def check_match_reasons_type_0_street(value: str) -> MatchReasonsType0Street:
    if value in MATCH_REASONS_TYPE_0_STREET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_REASONS_TYPE_0_STREET_VALUES!r}")
