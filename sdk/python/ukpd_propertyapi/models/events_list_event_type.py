from typing import Literal

EventsListEventType = Literal[
    "Added",
    "Added by another agent",
    "Added by another undetermined agent",
    "Added by new agent",
    "Added date modified for old listing",
    "Completed",
    "Let",
    "Let agreed",
    "Price Increased",
    "Reduced",
    "Sale Cancelled",
    "Sold STC",
    "Sold STCM",
    "Under offer",
    "Under Offer",
    "Withdrawn",
]

EVENTS_LIST_EVENT_TYPE_VALUES: set[EventsListEventType] = {
    "Added",
    "Added by another agent",
    "Added by another undetermined agent",
    "Added by new agent",
    "Added date modified for old listing",
    "Completed",
    "Let",
    "Let agreed",
    "Price Increased",
    "Reduced",
    "Sale Cancelled",
    "Sold STC",
    "Sold STCM",
    "Under offer",
    "Under Offer",
    "Withdrawn",
}


def check_events_list_event_type(value: str) -> EventsListEventType:
    if value in EVENTS_LIST_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENTS_LIST_EVENT_TYPE_VALUES!r}")
