from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FloodBandType0")


@_attrs_define
class FloodBandType0:
    """
    Attributes:
        risk_band (None | str):
        score (int | None): The band's score; null when the band was not assessed (as risks/{type}).
        confidence (Any | Unset): Confidence of the band; null when not assessed.
        description (None | str | Unset):
    """

    risk_band: None | str
    score: int | None
    confidence: Any | Unset = UNSET
    description: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        risk_band: None | str
        risk_band = self.risk_band

        score: int | None
        score = self.score

        confidence = self.confidence

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "risk_band": risk_band,
                "score": score,
            }
        )
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_risk_band(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        risk_band = _parse_risk_band(d.pop("risk_band"))

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        confidence = d.pop("confidence", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        flood_band_type_0 = cls(
            risk_band=risk_band,
            score=score,
            confidence=confidence,
            description=description,
        )

        flood_band_type_0.additional_properties = d
        return flood_band_type_0

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
