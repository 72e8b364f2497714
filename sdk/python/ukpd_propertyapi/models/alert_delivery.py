from typing import Literal

AlertDelivery = Literal["stream", "webhook"]

ALERT_DELIVERY_VALUES: set[AlertDelivery] = {
    "stream",
    "webhook",
}


def check_alert_delivery(value: str) -> AlertDelivery:
    if value in ALERT_DELIVERY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ALERT_DELIVERY_VALUES!r}")
