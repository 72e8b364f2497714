from typing import Literal

AlertStateStatus = Literal["active", "failing", "paused"]

ALERT_STATE_STATUS_VALUES: set[AlertStateStatus] = {
    "active",
    "failing",
    "paused",
}


def check_alert_state_status(value: str) -> AlertStateStatus:
    if value in ALERT_STATE_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ALERT_STATE_STATUS_VALUES!r}")
