from typing import Literal

AddressMatchMatchType = Literal["exact", "none", "possible", "probable"]

ADDRESS_MATCH_MATCH_TYPE_VALUES: set[AddressMatchMatchType] = {
    "exact",
    "none",
    "possible",
    "probable",
}


def check_address_match_match_type(value: str) -> AddressMatchMatchType:
    if value in ADDRESS_MATCH_MATCH_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_MATCH_MATCH_TYPE_VALUES!r}")
