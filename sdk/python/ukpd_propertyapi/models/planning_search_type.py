from typing import Literal

PlanningSearchType = Literal["Conditions", "Full", "Heritage", "Outline", "Trees"]

PLANNING_SEARCH_TYPE_VALUES: set[PlanningSearchType] = {
    "Conditions",
    "Full",
    "Heritage",
    "Outline",
    "Trees",
}


def check_planning_search_type(value: str) -> PlanningSearchType:
    if value in PLANNING_SEARCH_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLANNING_SEARCH_TYPE_VALUES!r}")
