from typing import Literal

AddressMatchStatus = Literal["matched", "no_match", "review"]

ADDRESS_MATCH_STATUS_VALUES: set[AddressMatchStatus] = {
    "matched",
    "no_match",
    "review",
}


def check_address_match_status(value: str) -> AddressMatchStatus:
    if value in ADDRESS_MATCH_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_MATCH_STATUS_VALUES!r}")
