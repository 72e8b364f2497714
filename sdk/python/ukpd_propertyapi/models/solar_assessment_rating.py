from typing import Literal

SolarAssessmentRating = Literal["excellent", "fair", "good", "not_suitable", "poor"]

SOLAR_ASSESSMENT_RATING_VALUES: set[SolarAssessmentRating] = {
    "excellent",
    "fair",
    "good",
    "not_suitable",
    "poor",
}


def check_solar_assessment_rating(value: str) -> SolarAssessmentRating:
    if value in SOLAR_ASSESSMENT_RATING_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SOLAR_ASSESSMENT_RATING_VALUES!r}")
