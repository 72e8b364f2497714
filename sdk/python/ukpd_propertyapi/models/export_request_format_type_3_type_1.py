from typing import Literal

ExportRequestFormatType3Type1 = Literal["csv", "json"]

EXPORT_REQUEST_FORMAT_TYPE_3_TYPE_1_VALUES: set[ExportRequestFormatType3Type1] = {
    "csv",
    "json",
}


def check_export_request_format_type_3_type_1(value: str) -> ExportRequestFormatType3Type1:
    if value in EXPORT_REQUEST_FORMAT_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EXPORT_REQUEST_FORMAT_TYPE_3_TYPE_1_VALUES!r}")
