from typing import Literal

AddressSuggestionTypeType1 = Literal["address", "building"]

ADDRESS_SUGGESTION_TYPE_TYPE_1_VALUES: set[AddressSuggestionTypeType1] = {
    "address",
    "building",
}


def check_address_suggestion_type_type_1(value: str) -> AddressSuggestionTypeType1:
    if value in ADDRESS_SUGGESTION_TYPE_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_SUGGESTION_TYPE_TYPE_1_VALUES!r}")
