from typing import Literal

ExportRequestFiltersTransactionTypeType3Type1 = Literal["Rental", "Sale"]

EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_TYPE_3_TYPE_1_VALUES: set[ExportRequestFiltersTransactionTypeType3Type1] = {
    "Rental",
    "Sale",
}


def check_export_request_filters_transaction_type_type_3_type_1(
    value: str,
) -> ExportRequestFiltersTransactionTypeType3Type1:
    if value in EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FILTERS_TRANSACTION_TYPE_TYPE_3_TYPE_1_VALUES!r}"
    )
