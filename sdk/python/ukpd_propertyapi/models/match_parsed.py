from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchParsed")


@_attrs_define
class MatchParsed:
    """The submitted address split into its parts (lower case, abbreviations expanded).

    Attributes:
        building_name (None | str | Unset):
        building_number (None | str | Unset):
        locality (None | str | Unset):
        postcode (None | str | Unset):
        street (None | str | Unset):
        sub_building (None | str | Unset):
        town (None | str | Unset):
    """

    building_name: None | str | Unset = UNSET
    building_number: None | str | Unset = UNSET
    locality: None | str | Unset = UNSET
    postcode: None | str | Unset = UNSET
    street: None | str | Unset = UNSET
    sub_building: None | str | Unset = UNSET
    town: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        building_name: None | str | Unset
        if isinstance(self.building_name, Unset):
            building_name = UNSET
        else:
            building_name = self.building_name

        building_number: None | str | Unset
        if isinstance(self.building_number, Unset):
            building_number = UNSET
        else:
            building_number = self.building_number

        locality: None | str | Unset
        if isinstance(self.locality, Unset):
            locality = UNSET
        else:
            locality = self.locality

        postcode: None | str | Unset
        if isinstance(self.postcode, Unset):
            postcode = UNSET
        else:
            postcode = self.postcode

        street: None | str | Unset
        if isinstance(self.street, Unset):
            street = UNSET
        else:
            street = self.street

        sub_building: None | str | Unset
        if isinstance(self.sub_building, Unset):
            sub_building = UNSET
        else:
            sub_building = self.sub_building

        town: None | str | Unset
        if isinstance(self.town, Unset):
            town = UNSET
        else:
            town = self.town

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if building_name is not UNSET:
            field_dict["building_name"] = building_name
        if building_number is not UNSET:
            field_dict["building_number"] = building_number
        if locality is not UNSET:
            field_dict["locality"] = locality
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if street is not UNSET:
            field_dict["street"] = street
        if sub_building is not UNSET:
            field_dict["sub_building"] = sub_building
        if town is not UNSET:
            field_dict["town"] = town

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_building_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        building_name = _parse_building_name(d.pop("building_name", UNSET))

        def _parse_building_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        building_number = _parse_building_number(d.pop("building_number", UNSET))

        def _parse_locality(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locality = _parse_locality(d.pop("locality", UNSET))

        def _parse_postcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        postcode = _parse_postcode(d.pop("postcode", UNSET))

        def _parse_street(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        street = _parse_street(d.pop("street", UNSET))

        def _parse_sub_building(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sub_building = _parse_sub_building(d.pop("sub_building", UNSET))

        def _parse_town(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        town = _parse_town(d.pop("town", UNSET))

        match_parsed = cls(
            building_name=building_name,
            building_number=building_number,
            locality=locality,
            postcode=postcode,
            street=street,
            sub_building=sub_building,
            town=town,
        )

        match_parsed.additional_properties = d
        return match_parsed

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
