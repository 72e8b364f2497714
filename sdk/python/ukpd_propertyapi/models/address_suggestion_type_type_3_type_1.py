from typing import Literal

AddressSuggestionTypeType3Type1 = Literal["address", "building"]

ADDRESS_SUGGESTION_TYPE_TYPE_3_TYPE_1_VALUES: set[AddressSuggestionTypeType3Type1] = {
    "address",
    "building",
}


def check_address_suggestion_type_type_3_type_1(value: str) -> AddressSuggestionTypeType3Type1:
    if value in ADDRESS_SUGGESTION_TYPE_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_SUGGESTION_TYPE_TYPE_3_TYPE_1_VALUES!r}")
