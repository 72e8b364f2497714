from typing import Literal

MatchReasonsType0Number = Literal["different", "exact", "missing", "none"]

MATCH_REASONS_TYPE_0_NUMBER_VALUES: set[MatchReasonsType0Number] = {
    "different",
    "exact",
    "missing",
    "none",
}


def check_match_reasons_type_0_number(value: str) -> MatchReasonsType0Number:
    if value in MATCH_REASONS_TYPE_0_NUMBER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_REASONS_TYPE_0_NUMBER_VALUES!r}")
