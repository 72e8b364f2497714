from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ValuationEstimateMethodologyType0WeightsType0")


@_attrs_define
class ValuationEstimateMethodologyType0WeightsType0:
    """
    Attributes:
        bedrooms (float | None | Unset):
        distance (float | None | Unset):
        floor_area (float | None | Unset):
        type_ (float | None | Unset):
    """

    bedrooms: float | None | Unset = UNSET
    distance: float | None | Unset = UNSET
    floor_area: float | None | Unset = UNSET
    type_: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bedrooms: float | None | Unset
        if isinstance(self.bedrooms, Unset):
            bedrooms = UNSET
        else:
            bedrooms = self.bedrooms

        distance: float | None | Unset
        if isinstance(self.distance, Unset):
            distance = UNSET
        else:
            distance = self.distance

        floor_area: float | None | Unset
        if isinstance(self.floor_area, Unset):
            floor_area = UNSET
        else:
            floor_area = self.floor_area

        type_: float | None | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if bedrooms is not UNSET:
            field_dict["bedrooms"] = bedrooms
        if distance is not UNSET:
            field_dict["distance"] = distance
        if floor_area is not UNSET:
            field_dict["floor_area"] = floor_area
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bedrooms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        bedrooms = _parse_bedrooms(d.pop("bedrooms", UNSET))

        def _parse_distance(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance = _parse_distance(d.pop("distance", UNSET))

        def _parse_floor_area(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        floor_area = _parse_floor_area(d.pop("floor_area", UNSET))

        def _parse_type_(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        valuation_estimate_methodology_type_0_weights_type_0 = cls(
            bedrooms=bedrooms,
            distance=distance,
            floor_area=floor_area,
            type_=type_,
        )

        valuation_estimate_methodology_type_0_weights_type_0.additional_properties = d
        return valuation_estimate_methodology_type_0_weights_type_0

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
