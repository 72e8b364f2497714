from typing import Literal

JobInputFormat = Literal["csv", "ndjson"]

JOB_INPUT_FORMAT_VALUES: set[JobInputFormat] = {
    "csv",
    "ndjson",
}


def check_job_input_format(value: str) -> JobInputFormat:
    if value in JOB_INPUT_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_INPUT_FORMAT_VALUES!r}")
