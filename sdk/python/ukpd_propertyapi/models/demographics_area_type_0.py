from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DemographicsAreaType0")


@_attrs_define
class DemographicsAreaType0:
    """
    Attributes:
        local_authority (None | str | Unset):
        local_authority_code (None | str | Unset):
        lsoa_code (None | str | Unset):
        lsoa_name (None | str | Unset):
        msoa_code (None | str | Unset):
    """

    local_authority: None | str | Unset = UNSET
    local_authority_code: None | str | Unset = UNSET
    lsoa_code: None | str | Unset = UNSET
    lsoa_name: None | str | Unset = UNSET
    msoa_code: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        local_authority: None | str | Unset
        if isinstance(self.local_authority, Unset):
            local_authority = UNSET
        else:
            local_authority = self.local_authority

        local_authority_code: None | str | Unset
        if isinstance(self.local_authority_code, Unset):
            local_authority_code = UNSET
        else:
            local_authority_code = self.local_authority_code

        lsoa_code: None | str | Unset
        if isinstance(self.lsoa_code, Unset):
            lsoa_code = UNSET
        else:
            lsoa_code = self.lsoa_code

        lsoa_name: None | str | Unset
        if isinstance(self.lsoa_name, Unset):
            lsoa_name = UNSET
        else:
            lsoa_name = self.lsoa_name

        msoa_code: None | str | Unset
        if isinstance(self.msoa_code, Unset):
            msoa_code = UNSET
        else:
            msoa_code = self.msoa_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if local_authority is not UNSET:
            field_dict["local_authority"] = local_authority
        if local_authority_code is not UNSET:
            field_dict["local_authority_code"] = local_authority_code
        if lsoa_code is not UNSET:
            field_dict["lsoa_code"] = lsoa_code
        if lsoa_name is not UNSET:
            field_dict["lsoa_name"] = lsoa_name
        if msoa_code is not UNSET:
            field_dict["msoa_code"] = msoa_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_local_authority(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        local_authority = _parse_local_authority(d.pop("local_authority", UNSET))

        def _parse_local_authority_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        local_authority_code = _parse_local_authority_code(d.pop("local_authority_code", UNSET))

        def _parse_lsoa_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lsoa_code = _parse_lsoa_code(d.pop("lsoa_code", UNSET))

        def _parse_lsoa_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lsoa_name = _parse_lsoa_name(d.pop("lsoa_name", UNSET))

        def _parse_msoa_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msoa_code = _parse_msoa_code(d.pop("msoa_code", UNSET))

        demographics_area_type_0 = cls(
            local_authority=local_authority,
            local_authority_code=local_authority_code,
            lsoa_code=lsoa_code,
            lsoa_name=lsoa_name,
            msoa_code=msoa_code,
        )

        demographics_area_type_0.additional_properties = d
        return demographics_area_type_0

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
