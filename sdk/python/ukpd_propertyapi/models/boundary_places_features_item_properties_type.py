from typing import Literal

BoundaryPlacesFeaturesItemPropertiesType = Literal["locality", "street", "town"]

BOUNDARY_PLACES_FEATURES_ITEM_PROPERTIES_TYPE_VALUES: set[BoundaryPlacesFeaturesItemPropertiesType] = {
    "locality",
    "street",
    "town",
}


def check_boundary_places_features_item_properties_type(value: str) -> BoundaryPlacesFeaturesItemPropertiesType:
    if value in BOUNDARY_PLACES_FEATURES_ITEM_PROPERTIES_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BOUNDARY_PLACES_FEATURES_ITEM_PROPERTIES_TYPE_VALUES!r}"
    )
