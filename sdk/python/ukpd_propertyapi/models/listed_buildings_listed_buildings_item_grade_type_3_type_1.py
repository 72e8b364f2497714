from typing import Literal

ListedBuildingsListedBuildingsItemGradeType3Type1 = Literal["I", "II", "II*"]

LISTED_BUILDINGS_LISTED_BUILDINGS_ITEM_GRADE_TYPE_3_TYPE_1_VALUES: set[
    ListedBuildingsListedBuildingsItemGradeType3Type1
] = {
    "I",
    "II",
    "II*",
}


def check_listed_buildings_listed_buildings_item_grade_type_3_type_1(
    value: str,
) -> ListedBuildingsListedBuildingsItemGradeType3Type1:
    if value in LISTED_BUILDINGS_LISTED_BUILDINGS_ITEM_GRADE_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LISTED_BUILDINGS_LISTED_BUILDINGS_ITEM_GRADE_TYPE_3_TYPE_1_VALUES!r}"
    )
