from typing import Literal

PropertyTierTier = Literal["address", "base", "complete", "core"]

PROPERTY_TIER_TIER_VALUES: set[PropertyTierTier] = {
    "address",
    "base",
    "complete",
    "core",
}


def check_property_tier_tier(value: str) -> PropertyTierTier:
    if value in PROPERTY_TIER_TIER_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PROPERTY_TIER_TIER_VALUES!r}")
