from typing import Literal

PostcodeSuccessorBasis = Literal["nearest_live_in_sector", "uprn_history"]

POSTCODE_SUCCESSOR_BASIS_VALUES: set[PostcodeSuccessorBasis] = {
    "nearest_live_in_sector",
    "uprn_history",
}


def check_postcode_successor_basis(value: str) -> PostcodeSuccessorBasis:
    if value in POSTCODE_SUCCESSOR_BASIS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {POSTCODE_SUCCESSOR_BASIS_VALUES!r}")
