from typing import Literal

AmenitiesGroupGroup = Literal[
    "civic",
    "convenience",
    "culture",
    "education",
    "financial",
    "food",
    "green_spaces",
    "healthcare",
    "shops",
    "transport",
    "worship",
]

AMENITIES_GROUP_GROUP_VALUES: set[AmenitiesGroupGroup] = {
    "civic",
    "convenience",
    "culture",
    "education",
    "financial",
    "food",
    "green_spaces",
    "healthcare",
    "shops",
    "transport",
    "worship",
}


def check_amenities_group_group(value: str) -> AmenitiesGroupGroup:
    if value in AMENITIES_GROUP_GROUP_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AMENITIES_GROUP_GROUP_VALUES!r}")
