from typing import Literal

ExportRequestFiltersTransactionTypeType2Type1 = Literal["Rental", "Sale"]

EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_TYPE_2_TYPE_1_VALUES: set[ExportRequestFiltersTransactionTypeType2Type1] = {
    "Rental",
    "Sale",
}


def check_export_request_filters_transaction_type_type_2_type_1(
    value: str,
) -> ExportRequestFiltersTransactionTypeType2Type1:
    if value in EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_TYPE_2_TYPE_1_VALUES!r}"
    )
