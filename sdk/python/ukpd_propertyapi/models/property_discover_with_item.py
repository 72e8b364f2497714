from typing import Literal

PropertyDiscoverWithItem = Literal[
    "address",
    "all",
    "broadband",
    "construction",
    "council_tax",
    "council_tax_full",
    "council_tax_history",
    "dimensions",
    "epc",
    "epc_renovations",
    "garden",
    "land",
    "lr_title",
    "parking",
    "risks",
    "roof",
    "rooms",
    "solar",
]

PROPERTY_DISCOVER_WITH_ITEM_VALUES: set[PropertyDiscoverWithItem] = {
    "address",
    "all",
    "broadband",
    "construction",
    "council_tax",
    "council_tax_full",
    "council_tax_history",
    "dimensions",
    "epc",
    "epc_renovations",
    "garden",
    "land",
    "lr_title",
    "parking",
    "risks",
    "roof",
    "rooms",
    "solar",
}


def check_property_discover_with_item(value: str) -> PropertyDiscoverWithItem:
    if value in PROPERTY_DISCOVER_WITH_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROPERTY_DISCOVER_WITH_ITEM_VALUES!r}")
