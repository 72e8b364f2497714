from typing import Literal

EmbedRelayToolSlug = Literal["address-lookup", "listing-map", "mortgage", "stamp-duty"]

EMBED_RELAY_TOOL_SLUG_VALUES: set[EmbedRelayToolSlug] = {
    "address-lookup",
    "listing-map",
    "mortgage",
    "stamp-duty",
}


def check_embed_relay_tool_slug(value: str) -> EmbedRelayToolSlug:
    if value in EMBED_RELAY_TOOL_SLUG_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EMBED_RELAY_TOOL_SLUG_VALUES!r}")
