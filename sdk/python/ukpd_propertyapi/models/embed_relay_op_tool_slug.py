from typing import Literal

EmbedRelayOpToolSlug = Literal["address-lookup", "listing-map", "mortgage", "stamp-duty"]

EMBED_RELAY_OP_TOOL_SLUG_VALUES: set[EmbedRelayOpToolSlug] = {
    "address-lookup",
    "listing-map",
    "mortgage",
    "stamp-duty",
}


def check_embed_relay_op_tool_slug(value: str) -> EmbedRelayOpToolSlug:
    if value in EMBED_RELAY_OP_TOOL_SLUG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EMBED_RELAY_OP_TOOL_SLUG_VALUES!r}")
