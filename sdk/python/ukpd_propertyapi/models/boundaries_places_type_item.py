from typing import Literal

BoundariesPlacesTypeItem = Literal["locality", "street", "town"]

BOUNDARIES_PLACES_TYPE_ITEM_VALUES: set[BoundariesPlacesTypeItem] = {
    "locality",
    "street",
    "town",
}


def check_boundaries_places_type_item(value: str) -> BoundariesPlacesTypeItem:
    if value in BOUNDARIES_PLACES_TYPE_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOUNDARIES_PLACES_TYPE_ITEM_VALUES!r}")
