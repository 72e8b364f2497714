from typing import Literal

LiveListingsSearchPropertyTypeItem = Literal["Bungalow", "Detached", "Flat", "Semi-Detached", "Terraced"]

LIVE_LISTINGS_SEARCH_PROPERTY_TYPE_ITEM_VALUES: set[LiveListingsSearchPropertyTypeItem] = {
    "Bungalow",
    "Detached",
    "Flat",
    "Semi-Detached",
    "Terraced",
}


def check_live_listings_search_property_type_item(value: str) -> LiveListingsSearchPropertyTypeItem:
    if value in LIVE_LISTINGS_SEARCH_PROPERTY_TYPE_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIVE_LISTINGS_SEARCH_PROPERTY_TYPE_ITEM_VALUES!r}")
