from typing import Literal

ExportRequestFiltersTransactionType = Literal["Rental", "Sale"]

EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_VALUES: set[ExportRequestFiltersTransactionType] = {
    "Rental",
    "Sale",
}


def check_export_request_filters_transaction_type(value: str) -> ExportRequestFiltersTransactionType:
    if value in EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_VALUES!r}")
