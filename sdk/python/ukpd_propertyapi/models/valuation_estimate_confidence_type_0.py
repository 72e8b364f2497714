from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ValuationEstimateConfidenceType0")


@_attrs_define
class ValuationEstimateConfidenceType0:
    """
    Attributes:
        comparable_count (int | None | Unset):
        label (None | str | Unset):
        level (None | str | Unset):
        reasons (list[None | str] | Unset):
        tier (None | str | Unset):
    """

    comparable_count: int | None | Unset = UNSET
    label: None | str | Unset = UNSET
    level: None | str | Unset = UNSET
    reasons: list[None | str] | Unset = UNSET
    tier: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        comparable_count: int | None | Unset
        if isinstance(self.comparable_count, Unset):
            comparable_count = UNSET
        else:
            comparable_count = self.comparable_count

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        level: None | str | Unset
        if isinstance(self.level, Unset):
            level = UNSET
        else:
            level = self.level

        reasons: list[None | str] | Unset = UNSET
        if not isinstance(self.reasons, Unset):
            reasons = []
            for reasons_item_data in self.reasons:
                reasons_item: None | str
                reasons_item = reasons_item_data
                reasons.append(reasons_item)

        tier: None | str | Unset
        if isinstance(self.tier, Unset):
            tier = UNSET
        else:
            tier = self.tier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if comparable_count is not UNSET:
            field_dict["comparable_count"] = comparable_count
        if label is not UNSET:
            field_dict["label"] = label
        if level is not UNSET:
            field_dict["level"] = level
        if reasons is not UNSET:
            field_dict["reasons"] = reasons
        if tier is not UNSET:
            field_dict["tier"] = tier

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_comparable_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        comparable_count = _parse_comparable_count(d.pop("comparable_count", UNSET))

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        def _parse_level(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        level = _parse_level(d.pop("level", UNSET))

        _reasons = d.pop("reasons", UNSET)
        reasons: list[None | str] | Unset = UNSET
        if _reasons is not UNSET:
            reasons = []
            for reasons_item_data in _reasons:

                def _parse_reasons_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                reasons_item = _parse_reasons_item(reasons_item_data)

                reasons.append(reasons_item)

        def _parse_tier(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tier = _parse_tier(d.pop("tier", UNSET))

        valuation_estimate_confidence_type_0 = cls(
            comparable_count=comparable_count,
            label=label,
            level=level,
            reasons=reasons,
            tier=tier,
        )

        valuation_estimate_confidence_type_0.additional_properties = d
        return valuation_estimate_confidence_type_0

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
