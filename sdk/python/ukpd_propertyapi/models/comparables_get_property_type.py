from typing import Literal

ComparablesGetPropertyType = Literal["Bungalow", "Detached", "Flat", "Other", "Semi-Detached", "Terraced"]

COMPARABLES_GET_PROPERTY_TYPE_VALUES: set[ComparablesGetPropertyType] = {
    "Bungalow",
    "Detached",
    "Flat",
    "Other",
    "Semi-Detached",
    "Terraced",
}


def check_comparables_get_property_type(value: str) -> ComparablesGetPropertyType:
    if value in COMPARABLES_GET_PROPERTY_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {COMPARABLES_GET_PROPERTY_TYPE_VALUES!r}")
