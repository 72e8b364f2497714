from typing import Literal

LiveListingsSearchTransactionType = Literal["Rental", "Sale"]

LIVE_LISTINGS_SEARCH_TRANSACTION_TYPE_VALUES: set[LiveListingsSearchTransactionType] = {
    "Rental",
    "Sale",
}


def check_live_listings_search_transaction_type(value: str) -> LiveListingsSearchTransactionType:
    if value in LIVE_LISTINGS_SEARCH_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIVE_LISTINGS_SEARCH_TRANSACTION_TYPE_VALUES!r}")
