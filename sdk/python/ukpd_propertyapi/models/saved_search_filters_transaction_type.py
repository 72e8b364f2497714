from typing import Literal

SavedSearchFiltersTransactionType = Literal["Rental", "Sale"]

SAVED_SEARCH_FILTERS_TRANSACTION_TYPE_VALUES: set[SavedSearchFiltersTransactionType] = {
    "Rental",
    "Sale",
}


def check_saved_search_filters_transaction_type(value: str) -> SavedSearchFiltersTransactionType:
    if value in SAVED_SEARCH_FILTERS_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SAVED_SEARCH_FILTERS_TRANSACTION_TYPE_VALUES!r}")
