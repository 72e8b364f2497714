from typing import Literal

SavedSearchFiltersPropertyTypeType1Item = Literal["Bungalow", "Detached", "Flat", "Semi-Detached", "Terraced"]

SAVED_SEARCH_FILTERS_PROPERTY_TYPE_TYPE_1_ITEM_VALUES: set[SavedSearchFiltersPropertyTypeType1Item] = {
    "Bungalow",
    "Detached",
    "Flat",
    "Semi-Detached",
    "Terraced",
}


def check_saved_search_filters_property_type_type_1_item(value: str) -> SavedSearchFiltersPropertyTypeType1Item:
    if value in SAVED_SEARCH_FILTERS_PROPERTY_TYPE_TYPE_1_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SAVED_SEARCH_FILTERS_PROPERTY_TYPE_TYPE_1_ITEM_VALUES!r}"
    )
