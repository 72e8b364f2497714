from typing import Literal

ServiceSchemaFormat = Literal["json", "yaml"]

SERVICE_SCHEMA_FORMAT_VALUES: set[ServiceSchemaFormat] = {
    "json",
    "yaml",
}


def check_service_schema_format(value: str) -> ServiceSchemaFormat:
    if value in SERVICE_SCHEMA_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SERVICE_SCHEMA_FORMAT_VALUES!r}")
