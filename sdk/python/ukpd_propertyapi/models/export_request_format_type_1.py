from typing import Literal

ExportRequestFormatType1 = Literal["csv", "json"]

EXPORT_REQUEST_FORMAT_TYPE_1_VALUES: set[ExportRequestFormatType1] = {
    "csv",
    "json",
}


def check_export_request_format_type_1(value: str) -> ExportRequestFormatType1:
    if value in EXPORT_REQUEST_FORMAT_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FORMAT_TYPE_1_VALUES!r}")
