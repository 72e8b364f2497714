from typing import Literal

StampDutyRegion = Literal["england", "scotland", "wales"]

STAMP_DUTY_REGION_VALUES: set[StampDutyRegion] = {
    "england",
    "scotland",
    "wales",
}


def check_stamp_duty_region(value: str) -> StampDutyRegion:
    if value in STAMP_DUTY_REGION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STAMP_DUTY_REGION_VALUES!r}")
