from typing import Literal

AddressRetrieveLevel = Literal["address", "full", "property"]

ADDRESS_RETRIEVE_LEVEL_VALUES: set[AddressRetrieveLevel] = {
    "address",
    "full",
    "property",
}


def check_address_retrieve_level(value: str) -> AddressRetrieveLevel:
    if value in ADDRESS_RETRIEVE_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_RETRIEVE_LEVEL_VALUES!r}")
