from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.address_at_postcode_type import AddressAtPostcodeType, check_address_at_postcode_type

T = TypeVar("T", bound="AddressAtPostcode")


@_attrs_define
class AddressAtPostcode:
    """
    Attributes:
        address (str):
        building_name (None | str):
        building_number (None | str):
        flat_count (int | None): Flats in a building; null for an address.
        parent_uprn (int | None): The building of a flat
        street (None | str):
        sub_building (None | str):
        town (None | str):
        type_ (AddressAtPostcodeType): building: a whole building (a block of flats, flat_count > 0) whose flats follow;
            every other UPRN is an address.
        uprn (int):
    """

    address: str
    building_name: None | str
    building_number: None | str
    flat_count: int | None
    parent_uprn: int | None
    street: None | str
    sub_building: None | str
    town: None | str
    type_: AddressAtPostcodeType
    uprn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        building_name: None | str
        building_name = self.building_name

        building_number: None | str
        building_number = self.building_number

        flat_count: int | None
        flat_count = self.flat_count

        parent_uprn: int | None
        parent_uprn = self.parent_uprn

        street: None | str
        street = self.street

        sub_building: None | str
        sub_building = self.sub_building

        town: None | str
        town = self.town

        type_: str = self.type_

        uprn = self.uprn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "building_name": building_name,
                "building_number": building_number,
                "flat_count": flat_count,
                "parent_uprn": parent_uprn,
                "street": street,
                "sub_building": sub_building,
                "town": town,
                "type": type_,
                "uprn": uprn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        def _parse_building_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        building_name = _parse_building_name(d.pop("building_name"))

        def _parse_building_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        building_number = _parse_building_number(d.pop("building_number"))

        def _parse_flat_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        flat_count = _parse_flat_count(d.pop("flat_count"))

        def _parse_parent_uprn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        parent_uprn = _parse_parent_uprn(d.pop("parent_uprn"))

        def _parse_street(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        street = _parse_street(d.pop("street"))

        def _parse_sub_building(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sub_building = _parse_sub_building(d.pop("sub_building"))

        def _parse_town(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        town = _parse_town(d.pop("town"))

        type_ = check_address_at_postcode_type(d.pop("type"))

        uprn = d.pop("uprn")

        address_at_postcode = cls(
            address=address,
            building_name=building_name,
            building_number=building_number,
            flat_count=flat_count,
            parent_uprn=parent_uprn,
            street=street,
            sub_building=sub_building,
            town=town,
            type_=type_,
            uprn=uprn,
        )

        address_at_postcode.additional_properties = d
        return address_at_postcode

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
