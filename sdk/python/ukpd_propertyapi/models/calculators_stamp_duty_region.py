from typing import Literal

CalculatorsStampDutyRegion = Literal["england", "scotland", "wales"]

CALCULATORS_STAMP_DUTY_REGION_VALUES: set[CalculatorsStampDutyRegion] = {
    "england",
    "scotland",
    "wales",
}


def check_calculators_stamp_duty_region(value: str) -> CalculatorsStampDutyRegion:
    if value in CALCULATORS_STAMP_DUTY_REGION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALCULATORS_STAMP_DUTY_REGION_VALUES!r}")
