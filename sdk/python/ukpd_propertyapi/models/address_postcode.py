from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_at_postcode import AddressAtPostcode
    from ..models.postcode_successor import PostcodeSuccessor


T = TypeVar("T", bound="AddressPostcode")


@_attrs_define
class AddressPostcode:
    """
    Attributes:
        addresses (list[AddressAtPostcode]):
        count (int):
        postcode (str):
        successors (list[PostcodeSuccessor] | Unset):
        terminated (str | Unset): For a terminated postcode (no addresses): the month it was retired, YYYY-MM.
    """

    addresses: list[AddressAtPostcode]
    count: int
    postcode: str
    successors: list[PostcodeSuccessor] | Unset = UNSET
    terminated: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        addresses = []
        for addresses_item_data in self.addresses:
            addresses_item = addresses_item_data.to_dict()
            addresses.append(addresses_item)

        count = self.count

        postcode = self.postcode

        successors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.successors, Unset):
            successors = []
            for successors_item_data in self.successors:
                successors_item = successors_item_data.to_dict()
                successors.append(successors_item)

        terminated = self.terminated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "addresses": addresses,
                "count": count,
                "postcode": postcode,
            }
        )
        if successors is not UNSET:
            field_dict["successors"] = successors
        if terminated is not UNSET:
            field_dict["terminated"] = terminated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_at_postcode import AddressAtPostcode  # noqa: PLC0415
        from ..models.postcode_successor import PostcodeSuccessor  # noqa: PLC0415

        d = dict(src_dict)
        addresses = []
        _addresses = d.pop("addresses")
        for addresses_item_data in _addresses:
            addresses_item = AddressAtPostcode.from_dict(addresses_item_data)

            addresses.append(addresses_item)

        count = d.pop("count")

        postcode = d.pop("postcode")

        _successors = d.pop("successors", UNSET)
        successors: list[PostcodeSuccessor] | Unset = UNSET
        if _successors is not UNSET:
            successors = []
            for successors_item_data in _successors:
                successors_item = PostcodeSuccessor.from_dict(successors_item_data)

                successors.append(successors_item)

        terminated = d.pop("terminated", UNSET)

        address_postcode = cls(
            addresses=addresses,
            count=count,
            postcode=postcode,
            successors=successors,
            terminated=terminated,
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
