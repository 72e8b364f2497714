from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DataSourcesAdditionalProperty")


@_attrs_define
class DataSourcesAdditionalProperty:
    """
    Attributes:
        loaded_at (None | str | Unset):
        release (None | str | Unset):
        source (str | Unset):
    """

    loaded_at: None | str | Unset = UNSET
    release: None | str | Unset = UNSET
    source: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        loaded_at: None | str | Unset
        if isinstance(self.loaded_at, Unset):
            loaded_at = UNSET
        else:
            loaded_at = self.loaded_at

        release: None | str | Unset
        if isinstance(self.release, Unset):
            release = UNSET
        else:
            release = self.release

        source = self.source

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if loaded_at is not UNSET:
            field_dict["loaded_at"] = loaded_at
        if release is not UNSET:
            field_dict["release"] = release
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_loaded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        loaded_at = _parse_loaded_at(d.pop("loaded_at", UNSET))

        def _parse_release(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        release = _parse_release(d.pop("release", UNSET))

        source = d.pop("source", UNSET)

        data_sources_additional_property = cls(
            loaded_at=loaded_at,
            release=release,
            source=source,
        )

        data_sources_additional_property.additional_properties = d
        return data_sources_additional_property

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
