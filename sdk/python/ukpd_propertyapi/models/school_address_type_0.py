from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SchoolAddressType0")


@_attrs_define
class SchoolAddressType0:
    """
    Attributes:
        county (None | str | Unset):
        locality (None | str | Unset):
        postcode (None | str | Unset):
        street (None | str | Unset):
        town (None | str | Unset):
    """

    county: None | str | Unset = UNSET
    locality: None | str | Unset = UNSET
    postcode: None | str | Unset = UNSET
    street: None | str | Unset = UNSET
    town: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        county: None | str | Unset
        if isinstance(self.county, Unset):
            county = UNSET
        else:
            county = self.county

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

        town: None | str | Unset
        if isinstance(self.town, Unset):
            town = UNSET
        else:
            town = self.town

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if county is not UNSET:
            field_dict["county"] = county
        if locality is not UNSET:
            field_dict["locality"] = locality
        if postcode is not UNSET:
            field_dict["postcode"] = postcode
        if street is not UNSET:
            field_dict["street"] = street
        if town is not UNSET:
            field_dict["town"] = town

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_county(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        county = _parse_county(d.pop("county", UNSET))

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

        def _parse_town(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        town = _parse_town(d.pop("town", UNSET))

        school_address_type_0 = cls(
            county=county,
            locality=locality,
            postcode=postcode,
            street=street,
            town=town,
        )

        school_address_type_0.additional_properties = d
        return school_address_type_0

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
