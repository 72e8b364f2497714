from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Bounds")


@_attrs_define
class Bounds:
    """
    Attributes:
        max_lat (float | Unset):
        max_lon (float | Unset):
        min_lat (float | Unset):
        min_lon (float | Unset):
    """

    max_lat: float | Unset = UNSET
    max_lon: float | Unset = UNSET
    min_lat: float | Unset = UNSET
    min_lon: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_lat = self.max_lat

        max_lon = self.max_lon

        min_lat = self.min_lat

        min_lon = self.min_lon

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if max_lat is not UNSET:
            field_dict["max_lat"] = max_lat
        if max_lon is not UNSET:
            field_dict["max_lon"] = max_lon
        if min_lat is not UNSET:
            field_dict["min_lat"] = min_lat
        if min_lon is not UNSET:
            field_dict["min_lon"] = min_lon

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_lat = d.pop("max_lat", UNSET)

        max_lon = d.pop("max_lon", UNSET)

        min_lat = d.pop("min_lat", UNSET)

        min_lon = d.pop("min_lon", UNSET)

        bounds = cls(
            max_lat=max_lat,
            max_lon=max_lon,
            min_lat=min_lat,
            min_lon=min_lon,
        )

        bounds.additional_properties = d
        return bounds

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
