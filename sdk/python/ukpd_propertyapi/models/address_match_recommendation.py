from typing import Literal

AddressMatchRecommendation = Literal["accept", "reject", "review"]

ADDRESS_MATCH_RECOMMENDATION_VALUES: set[AddressMatchRecommendation] = {
    "accept",
    "reject",
    "review",
}


def check_address_match_recommendation(value: str) -> AddressMatchRecommendation:
    if value in ADDRESS_MATCH_RECOMMENDATION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADDRESS_MATCH_RECOMMENDATION_VALUES!r}")
