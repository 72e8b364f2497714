from typing import Literal

ExportRequestFieldsType0Item = Literal[
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

EXPORT_REQUEST_FIELDS_TYPE_0_ITEM_VALUES: set[ExportRequestFieldsType0Item] = {
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


def check_export_request_fields_type_0_item(value: str) -> ExportRequestFieldsType0Item:
    if value in EXPORT_REQUEST_FIELDS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FIELDS_TYPE_0_ITEM_VALUES!r}")
