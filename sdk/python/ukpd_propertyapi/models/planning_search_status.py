from typing import Literal

PlanningSearchStatus = Literal["Approved", "Refused", "Undecided", "Withdrawn"]

PLANNING_SEARCH_STATUS_VALUES: set[PlanningSearchStatus] = {
    "Approved",
    "Refused",
    "Undecided",
    "Withdrawn",
}


def check_planning_search_status(value: str) -> PlanningSearchStatus:
    if value in PLANNING_SEARCH_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLANNING_SEARCH_STATUS_VALUES!r}")
