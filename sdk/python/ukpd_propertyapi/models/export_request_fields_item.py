from typing import Literal

ExportRequestFieldsItem = Literal[
    "address",
    "agent",
    "agent_branch",
    "bathrooms",
    "bedrooms",
    "construction_age",
    "dom",
    "has_address_match",
    "lat",
    "listed_date",
    "listing_id",
    "lng",
    "original_price",
    "postcode",
    "price",
    "property_type",
    "reductions",
    "status",
    "transaction_type",
    "uprn",
]

EXPORT_REQUEST_FIELDS_ITEM_VALUES: set[ExportRequestFieldsItem] = {
    "address",
    "agent",
    "agent_branch",
    "bathrooms",
    "bedrooms",
    "construction_age",
    "dom",
    "has_address_match",
    "lat",
    "listed_date",
    "listing_id",
    "lng",
    "original_price",
    "postcode",
    "price",
    "property_type",
    "reductions",
    "status",
    "transaction_type",
    "uprn",
}


def check_export_request_fields_item(value: str) -> ExportRequestFieldsItem:
    if value in EXPORT_REQUEST_FIELDS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FIELDS_ITEM_VALUES!r}")
