from typing import Literal

ComparablesGetEventType = Literal["Any", "Completed", "Sold STC"]

COMPARABLES_GET_EVENT_TYPE_VALUES: set[ComparablesGetEventType] = {
    "Any",
    "Completed",
    "Sold STC",
}


def check_comparables_get_event_type(value: str) -> ComparablesGetEventType:
    if value in COMPARABLES_GET_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {COMPARABLES_GET_EVENT_TYPE_VALUES!r}")
