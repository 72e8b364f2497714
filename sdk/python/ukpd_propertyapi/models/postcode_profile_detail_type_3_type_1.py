from typing import Literal

PostcodeProfileDetailType3Type1 = Literal["full", "summary"]

POSTCODE_PROFILE_DETAIL_TYPE_3_TYPE_1_VALUES: set[PostcodeProfileDetailType3Type1] = {
    "full",
    "summary",
}


def check_postcode_profile_detail_type_3_type_1(value: str) -> PostcodeProfileDetailType3Type1:
    if value in POSTCODE_PROFILE_DETAIL_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POSTCODE_PROFILE_DETAIL_TYPE_3_TYPE_1_VALUES!r}")
