from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SolarAssessmentRoofType0")


@_attrs_define
class SolarAssessmentRoofType0:
    """
    Attributes:
        area_estimated (bool | None | Unset):
        area_sqm (float | None | Unset):
        orientation (None | str | Unset):
        orientation_factor (float | None | Unset):
        pitch_deg (float | None | Unset):
        pitch_factor (float | None | Unset):
        type_ (None | str | Unset):
        usable_area_sqm (float | None | Unset):
    """

    area_estimated: bool | None | Unset = UNSET
    area_sqm: float | None | Unset = UNSET
    orientation: None | str | Unset = UNSET
    orientation_factor: float | None | Unset = UNSET
    pitch_deg: float | None | Unset = UNSET
    pitch_factor: float | None | Unset = UNSET
    type_: None | str | Unset = UNSET
    usable_area_sqm: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        area_estimated: bool | None | Unset
        if isinstance(self.area_estimated, Unset):
            area_estimated = UNSET
        else:
            area_estimated = self.area_estimated

        area_sqm: float | None | Unset
        if isinstance(self.area_sqm, Unset):
            area_sqm = UNSET
        else:
            area_sqm = self.area_sqm

        orientation: None | str | Unset
        if isinstance(self.orientation, Unset):
            orientation = UNSET
        else:
            orientation = self.orientation

        orientation_factor: float | None | Unset
        if isinstance(self.orientation_factor, Unset):
            orientation_factor = UNSET
        else:
            orientation_factor = self.orientation_factor

        pitch_deg: float | None | Unset
        if isinstance(self.pitch_deg, Unset):
            pitch_deg = UNSET
        else:
            pitch_deg = self.pitch_deg

        pitch_factor: float | None | Unset
        if isinstance(self.pitch_factor, Unset):
            pitch_factor = UNSET
        else:
            pitch_factor = self.pitch_factor

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        usable_area_sqm: float | None | Unset
        if isinstance(self.usable_area_sqm, Unset):
            usable_area_sqm = UNSET
        else:
            usable_area_sqm = self.usable_area_sqm

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if area_estimated is not UNSET:
            field_dict["area_estimated"] = area_estimated
        if area_sqm is not UNSET:
            field_dict["area_sqm"] = area_sqm
        if orientation is not UNSET:
            field_dict["orientation"] = orientation
        if orientation_factor is not UNSET:
            field_dict["orientation_factor"] = orientation_factor
        if pitch_deg is not UNSET:
            field_dict["pitch_deg"] = pitch_deg
        if pitch_factor is not UNSET:
            field_dict["pitch_factor"] = pitch_factor
        if type_ is not UNSET:
            field_dict["type"] = type_
        if usable_area_sqm is not UNSET:
            field_dict["usable_area_sqm"] = usable_area_sqm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_area_estimated(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        area_estimated = _parse_area_estimated(d.pop("area_estimated", UNSET))

        def _parse_area_sqm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        area_sqm = _parse_area_sqm(d.pop("area_sqm", UNSET))

        def _parse_orientation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        orientation = _parse_orientation(d.pop("orientation", UNSET))

        def _parse_orientation_factor(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        orientation_factor = _parse_orientation_factor(d.pop("orientation_factor", UNSET))

        def _parse_pitch_deg(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pitch_deg = _parse_pitch_deg(d.pop("pitch_deg", UNSET))

        def _parse_pitch_factor(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pitch_factor = _parse_pitch_factor(d.pop("pitch_factor", UNSET))

        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        def _parse_usable_area_sqm(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        usable_area_sqm = _parse_usable_area_sqm(d.pop("usable_area_sqm", UNSET))

        solar_assessment_roof_type_0 = cls(
            area_estimated=area_estimated,
            area_sqm=area_sqm,
            orientation=orientation,
            orientation_factor=orientation_factor,
            pitch_deg=pitch_deg,
            pitch_factor=pitch_factor,
            type_=type_,
            usable_area_sqm=usable_area_sqm,
        )

        solar_assessment_roof_type_0.additional_properties = d
        return solar_assessment_roof_type_0

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
