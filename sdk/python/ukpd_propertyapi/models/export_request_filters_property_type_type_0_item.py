from typing import Literal

ExportRequestFiltersPropertyTypeType0Item = Literal["Bungalow", "Detached", "Flat", "Semi-Detached", "Terraced"]

EXPORT_REQUEST_FILTERS_PROPERTY_TYPE_TYPE_0_ITEM_VALUES: set[ExportRequestFiltersPropertyTypeType0Item] = {
    "Bungalow",
    "Detached",
    "Flat",
    "Semi-Detached",
    "Terraced",
}


def check_export_request_filters_property_type_type_0_item(value: str) -> ExportRequestFiltersPropertyTypeType0Item:
    if value in EXPORT_REQUEST_FILTERS_PROPERTY_TYPE_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FILTERS_PROPERTY_TYPE_TYPE_0_ITEM_VALUES!r}"
    )
