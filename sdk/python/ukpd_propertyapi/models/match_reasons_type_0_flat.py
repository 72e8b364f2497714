from typing import Literal

MatchReasonsType0Flat = Literal["close", "different", "exact", "extra", "missing", "none"]

MATCH_REASONS_TYPE_0_FLAT_VALUES: set[MatchReasonsType0Flat] = {
    "close",
    "different",
    "exact",
    "extra",
    "missing",
    "none",
}


def check_match_reasons_type_0_flat(value: str) -> MatchReasonsType0Flat:
    if value in MATCH_REASONS_TYPE_0_FLAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_REASONS_TYPE_0_FLAT_VALUES!r}")
