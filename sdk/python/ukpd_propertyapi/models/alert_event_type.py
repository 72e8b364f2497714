from typing import Literal

AlertEventType = Literal[
    "completed",
    "epc_lodged",
    "let_agreed",
    "listing_added",
    "postcode_terminated",
    "price_increased",
    "price_reduced",
    "sale_registered",
    "sold_stc",
    "under_offer",
    "withdrawn",
]

ALERT_EVENT_TYPE_VALUES: set[AlertEventType] = {
    "completed",
    "epc_lodged",
    "let_agreed",
    "listing_added",
    "postcode_terminated",
    "price_increased",
    "price_reduced",
    "sale_registered",
    "sold_stc",
    "under_offer",
    "withdrawn",
}


def check_alert_event_type(value: str) -> AlertEventType:
    if value in ALERT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ALERT_EVENT_TYPE_VALUES!r}")
