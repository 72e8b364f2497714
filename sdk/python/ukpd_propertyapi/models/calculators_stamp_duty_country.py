from typing import Literal

CalculatorsStampDutyCountry = Literal["england", "northern_ireland", "scotland", "wales"]

CALCULATORS_STAMP_DUTY_COUNTRY_VALUES: set[CalculatorsStampDutyCountry] = {
    "england",
    "northern_ireland",
    "scotland",
    "wales",
}


def check_calculators_stamp_duty_country(value: str) -> CalculatorsStampDutyCountry:
    if value in CALCULATORS_STAMP_DUTY_COUNTRY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALCULATORS_STAMP_DUTY_COUNTRY_VALUES!r}")
