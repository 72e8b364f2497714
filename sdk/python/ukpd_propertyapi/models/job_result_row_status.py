from typing import Literal

JobResultRowStatus = Literal["error", "matched", "no_match", "review"]

JOB_RESULT_ROW_STATUS_VALUES: set[JobResultRowStatus] = {
    "error",
    "matched",
    "no_match",
    "review",
}


def check_job_result_row_status(value: str) -> JobResultRowStatus:
    if value in JOB_RESULT_ROW_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_RESULT_ROW_STATUS_VALUES!r}")
