from typing import Literal

FuelKindKind = Literal["ev", "petrol"]

FUEL_KIND_KIND_VALUES: set[FuelKindKind] = {
    "ev",
    "petrol",
}


def check_fuel_kind_kind(value: str) -> FuelKindKind:
    if value in FUEL_KIND_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FUEL_KIND_KIND_VALUES!r}")
