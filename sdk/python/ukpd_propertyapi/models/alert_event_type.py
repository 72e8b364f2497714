from typing import Literal

AlertEventType = Literal[
    "completed",
    "let_agreed",
    "listing_added",
    "price_increased",
    "price_reduced",
    "sold_stc",
    "under_offer",
    "withdrawn",
]

ALERT_EVENT_TYPE_VALUES: set[AlertEventType] = {
    "completed",
    "let_agreed",
    "listing_added",
    "price_increased",
    "price_reduced",
    "sold_stc",
    "under_offer",
    "withdrawn",
}


def check_alert_event_type(value: str) -> AlertEventType:
    if value in ALERT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ALERT_EVENT_TYPE_VALUES!r}")
