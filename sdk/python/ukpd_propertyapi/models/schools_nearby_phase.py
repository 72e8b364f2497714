from typing import Literal

SchoolsNearbyPhase = Literal["16 plus", "All-through", "Nursery", "Primary", "Secondary"]

SCHOOLS_NEARBY_PHASE_VALUES: set[SchoolsNearbyPhase] = {
    "16 plus",
    "All-through",
    "Nursery",
    "Primary",
    "Secondary",
}


def check_schools_nearby_phase(value: str) -> SchoolsNearbyPhase:
    if value in SCHOOLS_NEARBY_PHASE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SCHOOLS_NEARBY_PHASE_VALUES!r}")
