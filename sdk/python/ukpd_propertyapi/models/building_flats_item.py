from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BuildingFlatsItem")


@_attrs_define
class BuildingFlatsItem:
    """
    Attributes:
        address (None | str):
        sub_building (None | str):
        uprn (int):
    """

    address: None | str
    sub_building: None | str
    uprn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str
        address = self.address

        sub_building: None | str
        sub_building = self.sub_building

        uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "sub_building": sub_building,
                "uprn": uprn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        def _parse_sub_building(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sub_building = _parse_sub_building(d.pop("sub_building"))

        uprn = d.pop("uprn")

        building_flats_item = cls(
            address=address,
            sub_building=sub_building,
            uprn=uprn,
        )

        building_flats_item.additional_properties = d
        return building_flats_item

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
