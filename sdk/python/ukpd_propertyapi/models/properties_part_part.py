from typing import Literal

PropertiesPartPart = Literal[
    "construction", "dimensions", "epc", "epc_renovations", "garden", "land", "parking", "roof", "rooms"
]

PROPERTIES_PART_PART_VALUES: set[PropertiesPartPart] = {
    "construction",
    "dimensions",
    "epc",
    "epc_renovations",
    "garden",
    "land",
    "parking",
    "roof",
    "rooms",
}


def check_properties_part_part(value: str) -> PropertiesPartPart:
    if value in PROPERTIES_PART_PART_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROPERTIES_PART_PART_VALUES!r}")
