from typing import Literal

ChangesListFields = Literal["all", "ids"]

CHANGES_LIST_FIELDS_VALUES: set[ChangesListFields] = {
    "all",
    "ids",
}


def check_changes_list_fields(value: str) -> ChangesListFields:
    if value in CHANGES_LIST_FIELDS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHANGES_LIST_FIELDS_VALUES!r}")
