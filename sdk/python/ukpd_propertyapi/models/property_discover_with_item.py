from typing import Literal

PropertyDiscoverWithItem = Literal[
    "address",
    "construction",
    "council_tax_history",
    "dimensions",
    "epc",
    "epc_renovations",
    "garden",
    "land",
    "parking",
    "roof",
    "rooms",
]

PROPERTY_DISCOVER_WITH_ITEM_VALUES: set[PropertyDiscoverWithItem] = {
    "address",
    "construction",
    "council_tax_history",
    "dimensions",
    "epc",
    "epc_renovations",
    "garden",
    "land",
    "parking",
    "roof",
    "rooms",
}


def check_property_discover_with_item(value: str) -> PropertyDiscoverWithItem:
    if value in PROPERTY_DISCOVER_WITH_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROPERTY_DISCOVER_WITH_ITEM_VALUES!r}")
