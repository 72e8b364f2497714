from typing import Literal

LiveListingsSearchSort = Literal["-added_date", "-latest_price", "added_date", "latest_price"]

LIVE_LISTINGS_SEARCH_SORT_VALUES: set[LiveListingsSearchSort] = {
    "-added_date",
    "-latest_price",
    "added_date",
    "latest_price",
}


def check_live_listings_search_sort(value: str) -> LiveListingsSearchSort:
    if value in LIVE_LISTINGS_SEARCH_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIVE_LISTINGS_SEARCH_SORT_VALUES!r}")
