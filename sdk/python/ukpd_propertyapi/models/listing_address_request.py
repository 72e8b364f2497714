from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListingAddressRequest")


@_attrs_define
class ListingAddressRequest:
    """
    Attributes:
        listing_id (str): Listing UUID or portal listing id (surrounding spaces are ignored).
    """

    listing_id: str

    def to_dict(self) -> dict[str, Any]:
        listing_id = self.listing_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "listing_id": listing_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        listing_id = d.pop("listing_id")

        listing_address_request = cls(
            listing_id=listing_id,
        )

        return listing_address_request
