from typing import Literal

AddressAtPostcodeType = Literal["address", "building"]

ADDRESS_AT_POSTCODE_TYPE_VALUES: set[AddressAtPostcodeType] = {
    "address",
    "building",
}


def check_address_at_postcode_type(value: str) -> AddressAtPostcodeType:
    if value in ADDRESS_AT_POSTCODE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_AT_POSTCODE_TYPE_VALUES!r}")
