from typing import Literal

JobStreamEventEvent = Literal["end", "progress"]

JOB_STREAM_EVENT_EVENT_VALUES: set[JobStreamEventEvent] = {
    "end",
    "progress",
}


def check_job_stream_event_event(value: str) -> JobStreamEventEvent:
    if value in JOB_STREAM_EVENT_EVENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOB_STREAM_EVENT_EVENT_VALUES!r}")
