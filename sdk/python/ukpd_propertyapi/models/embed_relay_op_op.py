from typing import Literal

EmbedRelayOpOp = Literal["alerts", "boundaries", "boundary", "clusters", "find", "retrieve", "search"]

EMBED_RELAY_OP_OP_VALUES: set[EmbedRelayOpOp] = {
    "alerts",
    "boundaries",
    "boundary",
    "clusters",
    "find",
    "retrieve",
    "search",
}


def check_embed_relay_op_op(value: str) -> EmbedRelayOpOp:
    if value in EMBED_RELAY_OP_OP_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EMBED_RELAY_OP_OP_VALUES!r}")
