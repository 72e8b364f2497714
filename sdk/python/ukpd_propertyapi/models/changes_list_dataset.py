from typing import Literal

ChangesListDataset = Literal[
    "addresses",
    "amenities",
    "boundaries",
    "broadband",
    "census",
    "council_tax",
    "crime",
    "deprivation",
    "epc",
    "hpi",
    "listed_buildings",
    "listings",
    "planning",
    "postcodes",
    "properties",
    "risk_areas",
    "sale_events",
    "sales",
    "schools",
    "titles",
]

CHANGES_LIST_DATASET_VALUES: set[ChangesListDataset] = {
    "addresses",
    "amenities",
    "boundaries",
    "broadband",
    "census",
    "council_tax",
    "crime",
    "deprivation",
    "epc",
    "hpi",
    "listed_buildings",
    "listings",
    "planning",
    "postcodes",
    "properties",
    "risk_areas",
    "sale_events",
    "sales",
    "schools",
    "titles",
}


def check_changes_list_dataset(value: str) -> ChangesListDataset:
    if value in CHANGES_LIST_DATASET_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHANGES_LIST_DATASET_VALUES!r}")
