from typing import Literal

ReadyOpensearch = Literal["down", "ok", "unchecked"]

READY_OPENSEARCH_VALUES: set[ReadyOpensearch] = {
    "down",
    "ok",
    "unchecked",
}


def check_ready_opensearch(value: str) -> ReadyOpensearch:
    if value in READY_OPENSEARCH_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {READY_OPENSEARCH_VALUES!r}")
