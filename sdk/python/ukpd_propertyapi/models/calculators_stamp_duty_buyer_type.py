from typing import Literal

CalculatorsStampDutyBuyerType = Literal[
    "additional", "additional_property", "first_time", "first_time_buyer", "non_resident", "standard"
]

CALCULATORS_STAMP_DUTY_BUYER_TYPE_VALUES: set[CalculatorsStampDutyBuyerType] = {
    "additional",
    "additional_property",
    "first_time",
    "first_time_buyer",
    "non_resident",
    "standard",
}


def check_calculators_stamp_duty_buyer_type(value: str) -> CalculatorsStampDutyBuyerType:
    if value in CALCULATORS_STAMP_DUTY_BUYER_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALCULATORS_STAMP_DUTY_BUYER_TYPE_VALUES!r}")
