from typing import Literal

AddressMatchMatchLevel = Literal["exact", "high", "medium", "none"]

ADDRESS_MATCH_MATCH_LEVEL_VALUES: set[AddressMatchMatchLevel] = {
    "exact",
    "high",
    "medium",
    "none",
}


def check_address_match_match_level(value: str) -> AddressMatchMatchLevel:
    if value in ADDRESS_MATCH_MATCH_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_MATCH_MATCH_LEVEL_VALUES!r}")
