from typing import Literal

HealthcareKindKind = Literal["dentists", "gps", "hospitals", "pharmacies"]

HEALTHCARE_KIND_KIND_VALUES: set[HealthcareKindKind] = {
    "dentists",
    "gps",
    "hospitals",
    "pharmacies",
}


def check_healthcare_kind_kind(value: str) -> HealthcareKindKind:
    if value in HEALTHCARE_KIND_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HEALTHCARE_KIND_KIND_VALUES!r}")
