from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DemographicsGeographyType0")


@_attrs_define
class DemographicsGeographyType0:
    """
    Attributes:
        latitude (float | None | Unset):
        longitude (float | None | Unset):
        lsoa_code (None | str | Unset):
        msoa_code (None | str | Unset):
    """

    latitude: float | None | Unset = UNSET
    longitude: float | None | Unset = UNSET
    lsoa_code: None | str | Unset = UNSET
    msoa_code: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        latitude: float | None | Unset
        if isinstance(self.latitude, Unset):
            latitude = UNSET
        else:
            latitude = self.latitude

        longitude: float | None | Unset
        if isinstance(self.longitude, Unset):
            longitude = UNSET
        else:
            longitude = self.longitude

        lsoa_code: None | str | Unset
        if isinstance(self.lsoa_code, Unset):
            lsoa_code = UNSET
        else:
            lsoa_code = self.lsoa_code

        msoa_code: None | str | Unset
        if isinstance(self.msoa_code, Unset):
            msoa_code = UNSET
        else:
            msoa_code = self.msoa_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if longitude is not UNSET:
            field_dict["longitude"] = longitude
        if lsoa_code is not UNSET:
            field_dict["lsoa_code"] = lsoa_code
        if msoa_code is not UNSET:
            field_dict["msoa_code"] = msoa_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_latitude(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        latitude = _parse_latitude(d.pop("latitude", UNSET))

        def _parse_longitude(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        longitude = _parse_longitude(d.pop("longitude", UNSET))

        def _parse_lsoa_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lsoa_code = _parse_lsoa_code(d.pop("lsoa_code", UNSET))

        def _parse_msoa_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msoa_code = _parse_msoa_code(d.pop("msoa_code", UNSET))

        demographics_geography_type_0 = cls(
            latitude=latitude,
            longitude=longitude,
            lsoa_code=lsoa_code,
            msoa_code=msoa_code,
        )

        demographics_geography_type_0.additional_properties = d
        return demographics_geography_type_0

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
