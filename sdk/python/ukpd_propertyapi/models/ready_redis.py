from typing import Literal

ReadyRedis = Literal["down", "ok"]

READY_REDIS_VALUES: set[ReadyRedis] = {
    "down",
    "ok",
}


def check_ready_redis(value: str) -> ReadyRedis:
    if value in READY_REDIS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {READY_REDIS_VALUES!r}")
