from typing import Literal

ListedBuildingsSearchGrade = Literal["I", "II", "II*"]

LISTED_BUILDINGS_SEARCH_GRADE_VALUES: set[ListedBuildingsSearchGrade] = {
    "I",
    "II",
    "II*",
}


def check_listed_buildings_search_grade(value: str) -> ListedBuildingsSearchGrade:
    if value in LISTED_BUILDINGS_SEARCH_GRADE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LISTED_BUILDINGS_SEARCH_GRADE_VALUES!r}")
