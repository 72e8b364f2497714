from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostcodeProfileBroadbandType0")


@_attrs_define
class PostcodeProfileBroadbandType0:
    """
    Attributes:
        avg_download_mbps (float | None | Unset):
        full_fibre_available_pct (float | None | Unset):
    """

    avg_download_mbps: float | None | Unset = UNSET
    full_fibre_available_pct: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avg_download_mbps: float | None | Unset
        if isinstance(self.avg_download_mbps, Unset):
            avg_download_mbps = UNSET
        else:
            avg_download_mbps = self.avg_download_mbps

        full_fibre_available_pct: float | None | Unset
        if isinstance(self.full_fibre_available_pct, Unset):
            full_fibre_available_pct = UNSET
        else:
            full_fibre_available_pct = self.full_fibre_available_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if avg_download_mbps is not UNSET:
            field_dict["avg_download_mbps"] = avg_download_mbps
        if full_fibre_available_pct is not UNSET:
            field_dict["full_fibre_available_pct"] = full_fibre_available_pct

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_avg_download_mbps(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        avg_download_mbps = _parse_avg_download_mbps(d.pop("avg_download_mbps", UNSET))

        def _parse_full_fibre_available_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        full_fibre_available_pct = _parse_full_fibre_available_pct(d.pop("full_fibre_available_pct", UNSET))

        postcode_profile_broadband_type_0 = cls(
            avg_download_mbps=avg_download_mbps,
            full_fibre_available_pct=full_fibre_available_pct,
        )

        postcode_profile_broadband_type_0.additional_properties = d
        return postcode_profile_broadband_type_0

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
