from typing import Literal

ListedBuildingsListedBuildingsItemGradeType1 = Literal["I", "II", "II*"]

LISTED_BUILDINGS_LISTED_BUILDINGS_ITEM_GRADE_TYPE_1_VALUES: set[ListedBuildingsListedBuildingsItemGradeType1] = {
    "I",
    "II",
    "II*",
}


def check_listed_buildings_listed_buildings_item_grade_type_1(
    value: str,
) -> ListedBuildingsListedBuildingsItemGradeType1:
    if value in LISTED_BUILDINGS_LISTED_BUILDINGS_ITEM_GRADE_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LISTED_BUILDINGS_LISTED_BUILDINGS_ITEM_GRADE_TYPE_1_VALUES!r}"
    )
