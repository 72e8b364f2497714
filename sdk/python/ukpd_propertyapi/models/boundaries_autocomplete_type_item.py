from typing import Literal

BoundariesAutocompleteTypeItem = Literal[
    "lad", "lsoa", "msoa", "postcode_area", "postcode_district", "region", "town", "ward"
]

BOUNDARIES_AUTOCOMPLETE_TYPE_ITEM_VALUES: set[BoundariesAutocompleteTypeItem] = {
    "lad",
    "lsoa",
    "msoa",
    "postcode_area",
    "postcode_district",
    "region",
    "town",
    "ward",
}


def check_boundaries_autocomplete_type_item(value: str) -> BoundariesAutocompleteTypeItem:
    if value in BOUNDARIES_AUTOCOMPLETE_TYPE_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOUNDARIES_AUTOCOMPLETE_TYPE_ITEM_VALUES!r}")
