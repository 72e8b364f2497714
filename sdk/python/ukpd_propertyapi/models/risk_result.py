from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.risk_result_properties_type_0 import RiskResultPropertiesType0


T = TypeVar("T", bound="RiskResult")


@_attrs_define
class RiskResult:
    """
    Attributes:
        assessed (bool | None | Unset): False where the layer does not cover the location (not assessed
        distance_m (float | None | Unset):
        intersects (bool | None | Unset):
        label (None | str | Unset):
        properties (None | RiskResultPropertiesType0 | Unset):
        radius_description (None | str | Unset):
        risk_type (None | str | Unset):
        score (int | None | Unset):
        score_unit (None | str | Unset):
    """

    assessed: bool | None | Unset = UNSET
    distance_m: float | None | Unset = UNSET
    intersects: bool | None | Unset = UNSET
    label: None | str | Unset = UNSET
    properties: None | RiskResultPropertiesType0 | Unset = UNSET
    radius_description: None | str | Unset = UNSET
    risk_type: None | str | Unset = UNSET
    score: int | None | Unset = UNSET
    score_unit: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.risk_result_properties_type_0 import RiskResultPropertiesType0  # noqa: PLC0415

        assessed: bool | None | Unset
        if isinstance(self.assessed, Unset):
            assessed = UNSET
        else:
            assessed = self.assessed

        distance_m: float | None | Unset
        if isinstance(self.distance_m, Unset):
            distance_m = UNSET
        else:
            distance_m = self.distance_m

        intersects: bool | None | Unset
        if isinstance(self.intersects, Unset):
            intersects = UNSET
        else:
            intersects = self.intersects

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        properties: dict[str, Any] | None | Unset
        if isinstance(self.properties, Unset):
            properties = UNSET
        elif isinstance(self.properties, RiskResultPropertiesType0):
            properties = self.properties.to_dict()
        else:
            properties = self.properties

        radius_description: None | str | Unset
        if isinstance(self.radius_description, Unset):
            radius_description = UNSET
        else:
            radius_description = self.radius_description

        risk_type: None | str | Unset
        if isinstance(self.risk_type, Unset):
            risk_type = UNSET
        else:
            risk_type = self.risk_type

        score: int | None | Unset
        if isinstance(self.score, Unset):
            score = UNSET
        else:
            score = self.score

        score_unit: None | str | Unset
        if isinstance(self.score_unit, Unset):
            score_unit = UNSET
        else:
            score_unit = self.score_unit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if assessed is not UNSET:
            field_dict["assessed"] = assessed
        if distance_m is not UNSET:
            field_dict["distance_m"] = distance_m
        if intersects is not UNSET:
            field_dict["intersects"] = intersects
        if label is not UNSET:
            field_dict["label"] = label
        if properties is not UNSET:
            field_dict["properties"] = properties
        if radius_description is not UNSET:
            field_dict["radius_description"] = radius_description
        if risk_type is not UNSET:
            field_dict["risk_type"] = risk_type
        if score is not UNSET:
            field_dict["score"] = score
        if score_unit is not UNSET:
            field_dict["score_unit"] = score_unit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.risk_result_properties_type_0 import RiskResultPropertiesType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_assessed(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        assessed = _parse_assessed(d.pop("assessed", UNSET))

        def _parse_distance_m(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distance_m = _parse_distance_m(d.pop("distance_m", UNSET))

        def _parse_intersects(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        intersects = _parse_intersects(d.pop("intersects", UNSET))

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        def _parse_properties(data: object) -> None | RiskResultPropertiesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                properties_type_0 = RiskResultPropertiesType0.from_dict(data)

                return properties_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RiskResultPropertiesType0 | Unset, data)

        properties = _parse_properties(d.pop("properties", UNSET))

        def _parse_radius_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        radius_description = _parse_radius_description(d.pop("radius_description", UNSET))

        def _parse_risk_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        risk_type = _parse_risk_type(d.pop("risk_type", UNSET))

        def _parse_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        score = _parse_score(d.pop("score", UNSET))

        def _parse_score_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        score_unit = _parse_score_unit(d.pop("score_unit", UNSET))

        risk_result = cls(
            assessed=assessed,
            distance_m=distance_m,
            intersects=intersects,
            label=label,
            properties=properties,
            radius_description=radius_description,
            risk_type=risk_type,
            score=score,
            score_unit=score_unit,
        )

        risk_result.additional_properties = d
        return risk_result

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
