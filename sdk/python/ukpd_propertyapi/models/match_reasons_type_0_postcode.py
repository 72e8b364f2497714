from typing import Literal

MatchReasonsType0Postcode = Literal["different", "exact", "missing", "one_char", "same_outcode", "same_sector"]

MATCH_REASONS_TYPE_0_POSTCODE_VALUES: set[MatchReasonsType0Postcode] = {
    "different",
    "exact",
    "missing",
    "one_char",
    "same_outcode",
    "same_sector",
}


def check_match_reasons_type_0_postcode(value: str) -> MatchReasonsType0Postcode:
    if value in MATCH_REASONS_TYPE_0_POSTCODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_REASONS_TYPE_0_POSTCODE_VALUES!r}")
