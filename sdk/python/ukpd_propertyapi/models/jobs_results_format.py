from typing import Literal

JobsResultsFormat = Literal["csv", "ndjson"]

JOBS_RESULTS_FORMAT_VALUES: set[JobsResultsFormat] = {
    "csv",
    "ndjson",
}


def check_jobs_results_format(value: str) -> JobsResultsFormat:
    if value in JOBS_RESULTS_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOBS_RESULTS_FORMAT_VALUES!r}")
