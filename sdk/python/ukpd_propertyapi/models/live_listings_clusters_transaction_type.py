from typing import Literal

LiveListingsClustersTransactionType = Literal["Rental", "Sale"]

LIVE_LISTINGS_CLUSTERS_TRANSACTION_TYPE_VALUES: set[LiveListingsClustersTransactionType] = {
    "Rental",
    "Sale",
}


def check_live_listings_clusters_transaction_type(value: str) -> LiveListingsClustersTransactionType:
    if value in LIVE_LISTINGS_CLUSTERS_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIVE_LISTINGS_CLUSTERS_TRANSACTION_TYPE_VALUES!r}")
