from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.address_at_postcode import AddressAtPostcode


T = TypeVar("T", bound="AddressPostcode")


@_attrs_define
class AddressPostcode:
    """
    Attributes:
        addresses (list[AddressAtPostcode]):
        count (int):
        postcode (str):
    """

    addresses: list[AddressAtPostcode]
    count: int
    postcode: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        addresses = []
        for addresses_item_data in self.addresses:
            addresses_item = addresses_item_data.to_dict()
            addresses.append(addresses_item)

        count = self.count

        postcode = self.postcode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "addresses": addresses,
                "count": count,
                "postcode": postcode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_at_postcode import AddressAtPostcode  # noqa: PLC0415

        d = dict(src_dict)
        addresses = []
        _addresses = d.pop("addresses")
        for addresses_item_data in _addresses:
            addresses_item = AddressAtPostcode.from_dict(addresses_item_data)

            addresses.append(addresses_item)

        count = d.pop("count")

        postcode = d.pop("postcode")

        address_postcode = cls(
            addresses=addresses,
            count=count,
            postcode=postcode,
        )

        address_postcode.additional_properties = d
        return address_postcode

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
