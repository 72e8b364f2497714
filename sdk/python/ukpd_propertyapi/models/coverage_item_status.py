from typing import Literal

CoverageItemStatus = Literal["dataset_not_loaded", "no_data", "not_applicable", "plan"]

COVERAGE_ITEM_STATUS_VALUES: set[CoverageItemStatus] = {
    "dataset_not_loaded",
    "no_data",
    "not_applicable",
    "plan",
}


def check_coverage_item_status(value: str) -> CoverageItemStatus:
    if value in COVERAGE_ITEM_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {COVERAGE_ITEM_STATUS_VALUES!r}")
