from typing import Literal

ExportRequestFiltersPropertyTypeItem = Literal["Bungalow", "Detached", "Flat", "Semi-Detached", "Terraced"]

EXPORT_REQUEST_FILTERS_PROPERTY_TYPE_ITEM_VALUES: set[ExportRequestFiltersPropertyTypeItem] = {
    "Bungalow",
    "Detached",
    "Flat",
    "Semi-Detached",
    "Terraced",
}


def check_export_request_filters_property_type_item(value: str) -> ExportRequestFiltersPropertyTypeItem:
    if value in EXPORT_REQUEST_FILTERS_PROPERTY_TYPE_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FILTERS_PROPERTY_TYPE_ITEM_VALUES!r}")
