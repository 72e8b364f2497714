from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Broadband")


@_attrs_define
class Broadband:
    """
    Attributes:
        postcode (str):
        avg_download_speed (float | None | Unset):
        avg_upload_speed (float | None | Unset):
        below_uso_pct (float | None | Unset):
        connections_count (int | None | Unset):
        data_year (int | None | Unset):
        full_fibre_available_pct (float | None | Unset):
        gigabit_available_pct (float | None | Unset):
        max_download_speed (float | None | Unset):
        max_upload_speed (float | None | Unset):
        premises_count (int | None | Unset):
        superfast_available_pct (float | None | Unset):
        ultrafast_available_pct (float | None | Unset):
    """

    postcode: str
    avg_download_speed: float | None | Unset = UNSET
    avg_upload_speed: float | None | Unset = UNSET
    below_uso_pct: float | None | Unset = UNSET
    connections_count: int | None | Unset = UNSET
    data_year: int | None | Unset = UNSET
    full_fibre_available_pct: float | None | Unset = UNSET
    gigabit_available_pct: float | None | Unset = UNSET
    max_download_speed: float | None | Unset = UNSET
    max_upload_speed: float | None | Unset = UNSET
    premises_count: int | None | Unset = UNSET
    superfast_available_pct: float | None | Unset = UNSET
    ultrafast_available_pct: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        postcode = self.postcode

        avg_download_speed: float | None | Unset
        if isinstance(self.avg_download_speed, Unset):
            avg_download_speed = UNSET
        else:
            avg_download_speed = self.avg_download_speed

        avg_upload_speed: float | None | Unset
        if isinstance(self.avg_upload_speed, Unset):
            avg_upload_speed = UNSET
        else:
            avg_upload_speed = self.avg_upload_speed

        below_uso_pct: float | None | Unset
        if isinstance(self.below_uso_pct, Unset):
            below_uso_pct = UNSET
        else:
            below_uso_pct = self.below_uso_pct

        connections_count: int | None | Unset
        if isinstance(self.connections_count, Unset):
            connections_count = UNSET
        else:
            connections_count = self.connections_count

        data_year: int | None | Unset
        if isinstance(self.data_year, Unset):
            data_year = UNSET
        else:
            data_year = self.data_year

        full_fibre_available_pct: float | None | Unset
        if isinstance(self.full_fibre_available_pct, Unset):
            full_fibre_available_pct = UNSET
        else:
            full_fibre_available_pct = self.full_fibre_available_pct

        gigabit_available_pct: float | None | Unset
        if isinstance(self.gigabit_available_pct, Unset):
            gigabit_available_pct = UNSET
        else:
            gigabit_available_pct = self.gigabit_available_pct

        max_download_speed: float | None | Unset
        if isinstance(self.max_download_speed, Unset):
            max_download_speed = UNSET
        else:
            max_download_speed = self.max_download_speed

        max_upload_speed: float | None | Unset
        if isinstance(self.max_upload_speed, Unset):
            max_upload_speed = UNSET
        else:
            max_upload_speed = self.max_upload_speed

        premises_count: int | None | Unset
        if isinstance(self.premises_count, Unset):
            premises_count = UNSET
        else:
            premises_count = self.premises_count

        superfast_available_pct: float | None | Unset
        if isinstance(self.superfast_available_pct, Unset):
            superfast_available_pct = UNSET
        else:
            superfast_available_pct = self.superfast_available_pct

        ultrafast_available_pct: float | None | Unset
        if isinstance(self.ultrafast_available_pct, Unset):
            ultrafast_available_pct = UNSET
        else:
            ultrafast_available_pct = self.ultrafast_available_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "postcode": postcode,
            }
        )
        if avg_download_speed is not UNSET:
            field_dict["avg_download_speed"] = avg_download_speed
        if avg_upload_speed is not UNSET:
            field_dict["avg_upload_speed"] = avg_upload_speed
        if below_uso_pct is not UNSET:
            field_dict["below_uso_pct"] = below_uso_pct
        if connections_count is not UNSET:
            field_dict["connections_count"] = connections_count
        if data_year is not UNSET:
            field_dict["data_year"] = data_year
        if full_fibre_available_pct is not UNSET:
            field_dict["full_fibre_available_pct"] = full_fibre_available_pct
        if gigabit_available_pct is not UNSET:
            field_dict["gigabit_available_pct"] = gigabit_available_pct
        if max_download_speed is not UNSET:
            field_dict["max_download_speed"] = max_download_speed
        if max_upload_speed is not UNSET:
            field_dict["max_upload_speed"] = max_upload_speed
        if premises_count is not UNSET:
            field_dict["premises_count"] = premises_count
        if superfast_available_pct is not UNSET:
            field_dict["superfast_available_pct"] = superfast_available_pct
        if ultrafast_available_pct is not UNSET:
            field_dict["ultrafast_available_pct"] = ultrafast_available_pct

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        postcode = d.pop("postcode")

        def _parse_avg_download_speed(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        avg_download_speed = _parse_avg_download_speed(d.pop("avg_download_speed", UNSET))

        def _parse_avg_upload_speed(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        avg_upload_speed = _parse_avg_upload_speed(d.pop("avg_upload_speed", UNSET))

        def _parse_below_uso_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        below_uso_pct = _parse_below_uso_pct(d.pop("below_uso_pct", UNSET))

        def _parse_connections_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        connections_count = _parse_connections_count(d.pop("connections_count", UNSET))

        def _parse_data_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        data_year = _parse_data_year(d.pop("data_year", UNSET))

        def _parse_full_fibre_available_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        full_fibre_available_pct = _parse_full_fibre_available_pct(d.pop("full_fibre_available_pct", UNSET))

        def _parse_gigabit_available_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        gigabit_available_pct = _parse_gigabit_available_pct(d.pop("gigabit_available_pct", UNSET))

        def _parse_max_download_speed(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_download_speed = _parse_max_download_speed(d.pop("max_download_speed", UNSET))

        def _parse_max_upload_speed(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_upload_speed = _parse_max_upload_speed(d.pop("max_upload_speed", UNSET))

        def _parse_premises_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        premises_count = _parse_premises_count(d.pop("premises_count", UNSET))

        def _parse_superfast_available_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        superfast_available_pct = _parse_superfast_available_pct(d.pop("superfast_available_pct", UNSET))

        def _parse_ultrafast_available_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ultrafast_available_pct = _parse_ultrafast_available_pct(d.pop("ultrafast_available_pct", UNSET))

        broadband = cls(
            postcode=postcode,
            avg_download_speed=avg_download_speed,
            avg_upload_speed=avg_upload_speed,
            below_uso_pct=below_uso_pct,
            connections_count=connections_count,
            data_year=data_year,
            full_fibre_available_pct=full_fibre_available_pct,
            gigabit_available_pct=gigabit_available_pct,
            max_download_speed=max_download_speed,
            max_upload_speed=max_upload_speed,
            premises_count=premises_count,
            superfast_available_pct=superfast_available_pct,
            ultrafast_available_pct=ultrafast_available_pct,
        )

        broadband.additional_properties = d
        return broadband

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
