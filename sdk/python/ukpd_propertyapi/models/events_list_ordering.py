from typing import Literal

EventsListOrdering = Literal["-date", "-price", "date", "event_type", "price"]

EVENTS_LIST_ORDERING_VALUES: set[EventsListOrdering] = {
    "-date",
    "-price",
    "date",
    "event_type",
    "price",
}


def check_events_list_ordering(value: str) -> EventsListOrdering:
    if value in EVENTS_LIST_ORDERING_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EVENTS_LIST_ORDERING_VALUES!r}")
