from typing import Literal

SchoolsNearbyOfsted = Literal["Good", "Inadequate", "Outstanding", "Requires Improvement"]

SCHOOLS_NEARBY_OFSTED_VALUES: set[SchoolsNearbyOfsted] = {
    "Good",
    "Inadequate",
    "Outstanding",
    "Requires Improvement",
}


def check_schools_nearby_ofsted(value: str) -> SchoolsNearbyOfsted:
    if value in SCHOOLS_NEARBY_OFSTED_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SCHOOLS_NEARBY_OFSTED_VALUES!r}")
