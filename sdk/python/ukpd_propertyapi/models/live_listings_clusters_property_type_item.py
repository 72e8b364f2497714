from typing import Literal

LiveListingsClustersPropertyTypeItem = Literal["Bungalow", "Detached", "Flat", "Semi-Detached", "Terraced"]

LIVE_LISTINGS_CLUSTERS_PROPERTY_TYPE_ITEM_VALUES: set[LiveListingsClustersPropertyTypeItem] = {
    "Bungalow",
    "Detached",
    "Flat",
    "Semi-Detached",
    "Terraced",
}


def check_live_listings_clusters_property_type_item(value: str) -> LiveListingsClustersPropertyTypeItem:
    if value in LIVE_LISTINGS_CLUSTERS_PROPERTY_TYPE_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIVE_LISTINGS_CLUSTERS_PROPERTY_TYPE_ITEM_VALUES!r}")
